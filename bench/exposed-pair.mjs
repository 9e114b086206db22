// Issue 18's bar, measured in pairs: the benchmark flock compiled with constants and the same flock
// with every parameter exposed (bench/scene.ts exposeEverything), two exported modules imported by
// one plain Node process and stepped in alternating blocks of ticks, so both see the same machine
// load (this machine is shared: separate processes minutes apart differ by ±30 %). Each block's
// time is taken per module; the ratio is the median over blocks of exposed / constant from
// adjacent blocks. Both run the same simulation (the exposed parameters at their defaults): their
// final positions must be equal, bit for bit, which this checks.
//
//   node bench/exposed-pair.mjs --constant a.mjs --exposed b.mjs [--blocks 200] [--ticks 2] [--warmup 60] [--hand-out] [--json]
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const load = async (file) => (await import(pathToFileURL(path.resolve(file)).href)).createWorld();
const constant = await load(opt('constant', ''));
const exposed = await load(opt('exposed', ''));
const blocks = Number(opt('blocks', '200'));
const ticks = Number(opt('ticks', '2'));
const warmup = Number(opt('warmup', '60'));
const type = opt('type', 'boid');
// --hand-out: the game takes every parameter's per-agent array (paramArray), so Flock reads each
// agent's own values (the values stay the defaults: still the same simulation)
const handOut = argv.includes('--hand-out');
if (handOut) for (const name of exposed.paramNames(type)) exposed.paramArray(type, name);
// --vary: and agent 0's values differ from the others' (its parameters at 0.999 × the default):
// every array is then read per agent (another simulation: the final states differ)
const vary = argv.includes('--vary');
if (vary) for (const name of exposed.paramNames(type)) exposed.paramArray(type, name)[0] *= 0.999;

constant.step(warmup);
exposed.step(warmup);
const ms = { constant: [], exposed: [] };
const ratios = [];
for (let b = 0; b < blocks; b++) {
  // alternate which goes first, so neither always runs right after a collection the other caused
  const order = b % 2 ? [['exposed', exposed], ['constant', constant]] : [['constant', constant], ['exposed', exposed]];
  const t = {};
  for (const [key, w] of order) {
    const t0 = performance.now();
    w.step(ticks);
    t[key] = (performance.now() - t0) / ticks;
    ms[key].push(t[key]);
  }
  ratios.push(t.exposed / t.constant);
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fast = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 10)];
const a = constant.positions(type);
const e = exposed.positions(type);
const same = a.length === e.length && a.every((v, i) => Object.is(v, e[i]));
const row = {
  n: a.length / 2,
  ticks: warmup + blocks * ticks,
  constantMs: median(ms.constant),
  exposedMs: median(ms.exposed),
  ratio: median(ratios),
  // the fastest tenth of each module's blocks: what load on a shared machine disturbs least
  fastRatio: fast(ms.exposed) / fast(ms.constant),
  ratioQ1: [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 4)],
  ratioQ3: [...ratios].sort((x, y) => x - y)[Math.floor((3 * ratios.length) / 4)],
  handOut,
  vary,
  same,
};
if (argv.includes('--json')) console.log(JSON.stringify(row));
else console.log(`N=${row.n}: constant ${row.constantMs.toFixed(3)} ms/tick, exposed ${row.exposedMs.toFixed(3)} ms/tick, exposed${vary ? ' (every agent’s own values)' : handOut ? ' (per-agent arrays handed out)' : ''} / constant ${row.ratio.toFixed(3)}× (quartiles ${row.ratioQ1.toFixed(3)}–${row.ratioQ3.toFixed(3)}; fastest tenth ${row.fastRatio.toFixed(3)}×); same final state: ${same}`);
