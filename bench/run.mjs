// npm run bench: our flock beside the hand-written floor (../shared/peers/handwritten-flock.mjs, run
// as it is), same density, neighbour radius and speeds, each configuration in a fresh process,
// configurations for one N alternating, 3 repetitions. Prints a markdown table.
//
//   node bench/run.mjs [--sizes 1000,2000,5000,10000,20000] [--reps 3]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { peersDir, repoRoot } from './peers.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const sizes = opt('sizes', '1000,2000,5000,10000,20000').split(',').map(Number);
const reps = Number(opt('reps', '3'));
const peers = peersDir();

function runRow(cmd, args) {
  const r = spawnSync(process.execPath, [...cmd, ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} ${args.join(' ')} failed:\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

const engines = [
  { key: 'ours', label: 'Steergraph (kernels + step)', run: (n) => runRow(['--import', 'tsx', 'bench/ours.ts'], ['--n', String(n), '--engine', 'kernels', '--json']) },
  { key: 'floor', label: 'hand-written floor', run: (n) => runRow([path.join(peers, 'handwritten-flock.mjs')], ['--n', String(n), '--combine', 'sum', '--json']) },
];

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 3) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(d));

const results = {}; // results[n][key] = rows
for (const n of sizes) {
  results[n] = {};
  for (const e of engines) results[n][e.key] = [];
  for (let r = 0; r < reps; r++) {
    // rotate the order each repetition so neither engine always runs first
    const order = r % 2 === 0 ? engines : [...engines].reverse();
    for (const e of order) {
      const row = e.run(n);
      results[n][e.key].push(row);
      process.stderr.write(`N=${n} rep ${r + 1}/${reps} ${e.key}: ${row.skipped ? 'skipped' : fmt(row.msPerTick.median) + ' ms/tick'}\n`);
    }
  }
}

const summary = (rows) => {
  const ms = rows.map((x) => x.msPerTick.median);
  return { med: median(ms), min: Math.min(...ms), max: Math.max(...ms), nb: median(rows.map((x) => x.avgNeighbors)), alloc: median(rows.map((x) => x.allocBytesPerTick)) };
};

console.log(`\nNode ${process.version}, ${reps} alternating runs per N; ms per tick = median over each run's measured ticks; table = median (min–max) over runs.\n`);
console.log('| N | Steergraph ms/tick | floor ms/tick | ratio ours/floor | neighbours ours / floor (diff) | ours alloc B/tick |');
console.log('|---|---|---|---|---|---|');
const fitPts = { ours: [], floor: [] };
for (const n of sizes) {
  const o = summary(results[n].ours);
  const f = summary(results[n].floor);
  const ratios = results[n].ours.map((row, k) => row.msPerTick.median / results[n].floor[k].msPerTick.median);
  const diff = (o.nb / f.nb - 1) * 100;
  const void_ = Math.abs(diff) > 2 ? ' **void: neighbours differ > 2 %**' : '';
  console.log(`| ${n} | ${fmt(o.med)} (${fmt(o.min)}–${fmt(o.max)}) | ${fmt(f.med)} (${fmt(f.min)}–${fmt(f.max)}) | ${median(ratios).toFixed(2)}× | ${o.nb.toFixed(2)} / ${f.nb.toFixed(2)} (${diff >= 0 ? '+' : ''}${diff.toFixed(1)} %)${void_} | ${o.alloc.toFixed(0)} |`);
  if (n >= 2000) {
    fitPts.ours.push([Math.log(n), Math.log(o.med)]);
    fitPts.floor.push([Math.log(n), Math.log(f.med)]);
  }
}

// least-squares slope of log(t) on log(N): growth per doubling = 2^slope (2× = linear)
function growth(pts) {
  if (pts.length < 2) return NaN;
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  let num = 0;
  let den = 0;
  for (const [x, y] of pts) {
    num += (x - mx) * (y - my);
    den += (x - mx) * (x - mx);
  }
  return 2 ** (num / den);
}
const go = growth(fitPts.ours);
const gf = growth(fitPts.floor);
console.log(`\nGrowth per doubling of N, fitted over 2,000–20,000: Steergraph ${go.toFixed(2)}×, floor ${gf.toFixed(2)}× (ours/floor ${(go / gf).toFixed(3)})`);
