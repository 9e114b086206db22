// Interleaved A/B of two builds of the same exported modules (docs/performance.md, "States"): for
// each scene, module A and module B are imported into ONE plain-Node process, a world of each is
// created, and batches of world.step() alternate (A B, then B A, …) so that whatever else the
// machine does falls on both alike. Before timing, the two worlds are checked to stay bit for bit
// alike (positions and velocities) over the warm-up: the same scene, the same trajectories.
// Reported per scene: ms per tick of each (median over the batches), and the ratio B / A per pair
// of neighbouring batches: median, and the 10th–90th percentiles as the spread.
//
//   node bench/ab-modules.mjs --a <dir> --b <dir> --keys seek,flocking,large-flock [--rounds 60] [--batchMs 25]
//
// Each <dir> holds <key>.mjs files (exported modules, e.g. of the same presets from two commits).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const dirA = opt('a', '');
const dirB = opt('b', '');
if (!dirA || !dirB) {
  console.error('ab-modules: --a <dir> and --b <dir> are required');
  process.exit(2);
}
const keys = opt('keys', 'seek,flocking,large-flock').split(',');
const rounds = Number(opt('rounds', '60'));
const batchMs = Number(opt('batchMs', '25'));
const warmup = Number(opt('warmup', '300'));

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = (s.length - 1) * q;
  const lo = Math.floor(k);
  return s[lo] + (s[Math.ceil(k)] - s[lo]) * (k - lo);
};

/** The first difference between two worlds' positions and velocities, or null. */
function difference(a, b) {
  for (const id of a.types) {
    for (const f of ['positions', 'velocities']) {
      const x = a[f](id);
      const y = b[f](id);
      for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${id} ${f}[${i}]: ${x[i]} vs ${y[i]}`;
    }
  }
  return null;
}

const rows = [];
for (const key of keys) {
  const A = await import(pathToFileURL(path.resolve(dirA, `${key}.mjs`)).href);
  const B = await import(pathToFileURL(path.resolve(dirB, `${key}.mjs`)).href);
  const wa = A.createWorld();
  const wb = B.createWorld();
  let diff = null;
  for (let t = 0; t < warmup && !diff; t++) {
    wa.step();
    wb.step();
    diff = difference(wa, wb);
  }
  // A batch long enough to time: about batchMs of A.
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    wa.step(batch);
    wb.step(batch);
    if ((performance.now() - t0) / 2 >= batchMs || batch >= 8192) break;
    batch *= 2; // (at most 8,192: step takes at most 10,000 ticks a call)
  }
  const time = (w) => {
    const t0 = performance.now();
    w.step(batch);
    return (performance.now() - t0) / batch;
  };
  const msA = [];
  const msB = [];
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    let a;
    let b;
    if (r % 2 === 0) {
      a = time(wa);
      b = time(wb);
    } else {
      b = time(wb);
      a = time(wa);
    }
    msA.push(a);
    msB.push(b);
    ratios.push(b / a);
  }
  const agents = wa.types.reduce((n, id) => n + wa.positions(id).length / 2, 0);
  const row = {
    key,
    agents,
    batch,
    identical: diff === null ? `bit for bit over ${warmup} ticks` : `DIFFER: ${diff}`,
    msA: quantile(msA, 0.5),
    msB: quantile(msB, 0.5),
    ratio: quantile(ratios, 0.5),
    p10: quantile(ratios, 0.1),
    p90: quantile(ratios, 0.9),
  };
  rows.push(row);
  console.error(`${key}: ${JSON.stringify(row)}`);
}

const f = (x) => (x >= 1 ? x.toFixed(3) : x.toFixed(4));
console.log(`Node ${process.version}; ${rounds} alternating batches per scene, B / A per pair of neighbouring batches.\n`);
console.log('| scene | agents | ticks per batch | A ms per tick | B ms per tick | B / A: median (10th–90th percentile) | trajectories |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.key} | ${r.agents} | ${r.batch} | ${f(r.msA)} | ${f(r.msB)} | ${r.ratio.toFixed(3)} (${r.p10.toFixed(3)}–${r.p90.toFixed(3)}) | ${r.identical} |`);
