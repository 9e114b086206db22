/**
 * node --import tsx bench/walls-query.ts — the cost of one wallsBlock (a sight line) and one wallRay
 * (a feeler) query among walls (docs/performance.md, "Walls"): in a maze of 2,000 segments (as the
 * walls group of bench/scaling.ts) with and without 10,000 far segments (2,000 five-segment walls
 * 100,000 px beyond the world), and in open space with and without those far segments. The
 * configurations alternate in rounds; reported: ns per query, median over the rounds.
 *
 *   node --import tsx bench/walls-query.ts [--rounds 15] [--queries 200000]
 */
import { Rng } from '../runtime/rng';
import { Walls, wallRay, wallsBlock, type WallSpec } from '../runtime/walls';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const rounds = Number(opt('rounds', '15'));
const queries = Number(opt('queries', '200000'));

const side = Math.sqrt(400 * 5000);

/** The maze of bench/scaling.ts (mazeScene): 1,000 L-shaped walls of two 24 px legs. */
function maze(): WallSpec[] {
  const walls = 1000;
  const per = Math.ceil(Math.sqrt(walls));
  const cell = side / per;
  let r = 12345;
  const next = () => (r = (r * 1103515245 + 12345) % 2147483648) / 2147483648;
  const list: WallSpec[] = [];
  for (let k = 0; k < walls; k++) {
    const x = (k % per) * cell + cell / 2;
    const y = Math.floor(k / per) * cell + cell / 2;
    const sx = next() < 0.5 ? -24 : 24;
    const sy = next() < 0.5 ? -24 : 24;
    list.push({ id: `w${k}`, points: [[x + sx, y], [x, y], [x, y + sy]], closed: false });
  }
  return list;
}

/** 10,000 segments far from the world: 2,000 zigzags of 5 segments, 100,000 px to its right and below. */
function far(): WallSpec[] {
  const list: WallSpec[] = [];
  for (let k = 0; k < 2000; k++) {
    const x = side + 100_000 + (k % 50) * 100;
    const y = side + 100_000 + Math.floor(k / 50) * 100;
    list.push({ id: `far${k}`, points: [[x, y], [x + 10, y + 10], [x + 20, y], [x + 30, y + 10], [x + 40, y], [x + 50, y + 10]], closed: false });
  }
  return list;
}

const configs = [
  { label: 'open space (no walls)', walls: new Walls([], side, side, false) },
  { label: 'open space + 10,000 far segments', walls: new Walls(far(), side, side, false) },
  { label: 'maze of 2,000 segments', walls: new Walls(maze(), side, side, false) },
  { label: 'maze of 2,000 segments + 10,000 far segments', walls: new Walls([...maze(), ...far()], side, side, false) },
];

// The queries: from random points in the world, sight lines up to 150 px and feelers up to 60 px.
const rng = new Rng(7);
const Q = new Float64Array(4 * queries);
const F = new Float64Array(4 * queries);
for (let q = 0; q < queries; q++) {
  const x = rng.next() * side;
  const y = rng.next() * side;
  Q[4 * q] = x;
  Q[4 * q + 1] = y;
  Q[4 * q + 2] = Math.min(side, Math.max(0, x + (rng.next() * 2 - 1) * 150));
  Q[4 * q + 3] = Math.min(side, Math.max(0, y + (rng.next() * 2 - 1) * 150));
  F[4 * q] = x;
  F[4 * q + 1] = y;
  F[4 * q + 2] = (rng.next() * 2 - 1) * 60;
  F[4 * q + 3] = (rng.next() * 2 - 1) * 60;
}
const hit = new Int32Array(1);
let sink = 0;
function sight(Wl: Walls): number {
  const t0 = performance.now();
  let n = 0;
  for (let q = 0; q < queries; q++) if (wallsBlock(Wl, Q[4 * q], Q[4 * q + 1], Q[4 * q + 2], Q[4 * q + 3])) n++;
  sink += n;
  return ((performance.now() - t0) * 1e6) / queries;
}
function feeler(Wl: Walls): number {
  const t0 = performance.now();
  let n = 0;
  for (let q = 0; q < queries; q++) if (wallRay(Wl, F[4 * q], F[4 * q + 1], F[4 * q + 2], F[4 * q + 3], hit) >= 0) n++;
  sink += n;
  return ((performance.now() - t0) * 1e6) / queries;
}

const results = configs.map(() => ({ sight: [] as number[], feeler: [] as number[] }));
for (let r = 0; r < rounds + 2; r++) {
  for (let k = 0; k < configs.length; k++) {
    const c = (k + r) % configs.length;
    const s = sight(configs[c].walls);
    const f = feeler(configs[c].walls);
    if (r >= 2) {
      // the first two rounds warm up
      results[c].sight.push(s);
      results[c].feeler.push(f);
    }
  }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`Node ${process.version}; ${queries.toLocaleString('en')} queries per run, ${rounds} rounds; ns per query, median (min–max)`);
console.log('');
console.log('| walls | grid cells | outer grid cells | wallsBlock (sight ≤ 150 px) | wallRay (feeler ≤ 60 px) |');
console.log('|---|---|---|---|---|');
configs.forEach((c, k) => {
  const r = results[k];
  const f = (a: number[]) => `${median(a).toFixed(1)} (${Math.min(...a).toFixed(1)}–${Math.max(...a).toFixed(1)})`;
  console.log(`| ${c.label} | ${c.walls.gx} × ${c.walls.gy} | ${c.walls.ogx} × ${c.walls.ogy} | ${f(r.sight)} | ${f(r.feeler)} |`);
});
if (sink < 0) console.log(sink);
