/**
 * npm run bench:scaling — how the EXPORTED module's cost per tick grows with agents, neighbour
 * radius and graph size, and what the settings that matter cost (docs/performance.md, "Performance and
 * scaling"). Every configuration is a scene document compiled into a module file by our compiler,
 * then timed in a fresh plain-Node process by bench/module-flock.mjs (the peer harness's
 * runMeasurement: warm-up, 100 measured ticks, allocation window); the configurations of a group
 * alternate, in a rotating order, for each repetition. Reported: median ms per tick over the
 * repetitions (min–max), µs per agent, average neighbours within the flock's sight (counted
 * untimed), and the ratio to the group's first row.
 *
 *   npm run bench:scaling                          all groups, 3 repetitions (~6 min here)
 *   npm run bench:scaling -- --reps 1 --only radius,graph
 *   npm run bench:scaling -- --quick               smoke run: 1 repetition, 30 ticks
 *   npm run bench:scaling -- --only nodes --unsplit   graph size with every force function in one
 *                                                   piece (as before large graphs were split)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SceneDocument } from '../src/document/types';
import { compile } from '../src/compiler/index';
import { emitModule, moduleSource } from '../src/compiler/module';
import { writeModule } from './emit-modules';
import { GUARD_STATES, guardScene } from './guard-scene';
import { largeGraph } from './large-graph';
import { repoRoot } from './peers.mjs';
import { BENCH_SCENE, GraphBuilder, benchScene, flockGraph, sceneOf } from './scene';

const argv = process.argv.slice(2);
const has = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length && !argv[i + 1].startsWith('--') ? argv[i + 1] : dflt;
};
const quick = has('quick');
const reps = Number(opt('reps', quick ? '1' : '3'));
const only = opt('only', '').split(',').filter(Boolean);
const outFile = opt('out', '');
const unsplit = has('unsplit');
const harness = ['--ticks', quick ? '30' : '100', '--minTicks', quick ? '10' : '30', '--budgetS', '20', '--maxRunS', '60'];

interface Config {
  label: string;
  n: number;
  doc: SceneDocument;
  /** Radius within which neighbours are counted (untimed); 0: not counted. */
  count: number;
  /** The agent type timed and counted (default: boid). */
  type?: string;
  /** Nodes in the graph, when the group measures graph size (adds ns per node and agent). */
  nodes?: number;
  /** Harness options for this row (before the common ones: bench/module-flock.mjs takes the first): e.g. fewer ticks for a slow row. */
  args?: string[];
  file?: string;
  /** Compiled without the loader (a scene with walls, which the loader reads from document version 3 on). */
  raw?: boolean;
}
interface Group {
  key: string;
  title: string;
  configs: Config[];
}

const N = 5000;

/** Flock (sight r) + Wander + `extra` per-agent behaviours (cycled from a fixed list) into one Sum. */
function behaviourGraph(withFlock: boolean, behaviours: number): GraphBuilder {
  const g = new GraphBuilder();
  const forces: string[] = [];
  if (withFlock) {
    g.node('flock', 'flock', { sight: 40, separation: 40, separationWeight: 3, alignmentWeight: 1, cohesionWeight: 1 });
    forces.push('flock');
  }
  const kinds = ['wander', 'seek', 'flee', 'arrive', 'follow-path', 'contain'];
  for (let k = 0; forces.length < behaviours; k++) {
    const kind = kinds[k % kinds.length];
    const id = `${kind}${k}`;
    if (kind === 'wander') g.node(id, 'wander', { distance: 10, radius: 5, jitter: 1 });
    else if (kind === 'follow-path') {
      g.node(id, 'follow-path');
      g.node(`path${k}`, 'path', { path: 'loop' });
      g.wire(`path${k}.path`, `${id}.path`);
    } else if (kind === 'contain') g.node(id, 'contain', { margin: 50 });
    else {
      g.node(id, kind);
      g.node(`pt${k}`, 'point', { x: 100 + 37 * k, y: 200 + 53 * k });
      g.wire(`pt${k}.point`, `${id}.target`);
    }
    forces.push(id);
  }
  g.node('sum', 'sum', { inputs: Math.max(4, forces.length), ...Object.fromEntries(forces.map((_, k) => [`w${k}`, 1])) });
  forces.forEach((f, k) => g.wire(`${f}.force`, `sum.in${k}`));
  g.node('out', 'agent-output');
  g.wire('sum.force', 'out.force');
  return g;
}

function withLoopPath(doc: SceneDocument): SceneDocument {
  const w = doc.world.width;
  doc.world.paths = [{ id: 'loop', points: [[0.2 * w, 0.2 * w], [0.8 * w, 0.2 * w], [0.5 * w, 0.8 * w]], loop: true }];
  return doc;
}

/** The bench flock + Pursue(Nearest Agent of its own type, radius r). */
function flockPursueOwn(r: number): SceneDocument {
  const g = flockGraph();
  g.node('near', 'nearest-agent', { radius: r });
  g.node('pursue', 'pursue');
  g.wire('near.agent', 'pursue.target');
  g.wire('pursue.force', 'sum.in2');
  return sceneOf(N, g, {}, `flock + pursue nearest (radius ${r})`);
}

/** The bench flock (as Flock, or as three rule nodes weighted 3, 1, 1 in the Sum). */
function separateRules(): SceneDocument {
  const g = new GraphBuilder();
  g.node('sep', 'separation', { distance: 40 });
  g.node('ali', 'alignment', { sight: 40 });
  g.node('coh', 'cohesion', { sight: 40 });
  g.node('wander', 'wander', { distance: 10, radius: 5, jitter: 1 });
  g.node('sum', 'sum', { inputs: 4, w0: 3, w1: 1, w2: 1, w3: 1 });
  g.node('out', 'agent-output');
  ['sep', 'ali', 'coh', 'wander'].forEach((f, k) => g.wire(`${f}.force`, `sum.in${k}`));
  g.wire('sum.force', 'out.force');
  return sceneOf(N, g, {}, 'separate rules');
}

/** The bench flock with a separation radius other than its sight (two range tests per candidate). */
function flockSeparation(separation: number): SceneDocument {
  const doc = benchScene(N);
  const flock = doc.agentTypes[0].states[0].graph.nodes.find((x) => x.id === 'flock')!;
  flock.params.separation = separation;
  return doc;
}

/**
 * 5,000 boids (Flock + Wander + Evade the nearest wolf within `evadeRadius`, 0 = anywhere) and 50
 * wolves (Pursue the nearest boid, anywhere; with `wolvesSeparate`, also Separation 40 from each other).
 */
function predators(evadeRadius: number, wolvesSeparate: boolean): SceneDocument {
  const g = flockGraph();
  g.node('wolf', 'nearest-agent', { agentType: 'wolf', radius: evadeRadius });
  g.node('evade', 'evade');
  g.wire('wolf.agent', 'evade.target');
  g.wire('evade.force', 'sum.in2');
  const doc = sceneOf(N, g, {}, 'boids and wolves');
  const w = new GraphBuilder();
  w.node('prey', 'nearest-agent', { agentType: 'boid', radius: 0 });
  w.node('pursue', 'pursue');
  w.node('wander', 'wander');
  w.node('sum', 'sum', { inputs: 4 });
  w.node('out', 'agent-output');
  w.wire('prey.agent', 'pursue.target');
  w.wire('pursue.force', 'sum.in0');
  w.wire('wander.force', 'sum.in1');
  if (wolvesSeparate) {
    w.node('sep', 'separation', { distance: 40 });
    w.wire('sep.force', 'sum.in2');
  }
  w.wire('sum.force', 'out.force');
  doc.agentTypes.push({
    id: 'wolf',
    name: 'Wolf',
    color: '#aa3322',
    count: 50,
    mass: 1,
    maxSpeed: BENCH_SCENE.maxSpeed * 1.2,
    maxForce: BENCH_SCENE.maxForce,
    states: [{ name: 'default', graph: { nodes: w.nodes, connections: w.connections } }],
  });
  return doc;
}

/**
 * The sheep-and-wolves preset with `n` sheep: what `setCount('sheep', n)` makes of it (agent i
 * spawns the same whether it existed from the start or was added later), in its 300 × 240 px
 * spawn rectangle of a 900 × 600 world, each sheep flocking with every sheep within 150 px; its
 * Flock's Max neighbours left at the default (1,000) unless `maxNeighbors` is given.
 */
function denseSheep(n: number, maxNeighbors?: number): SceneDocument {
  const doc = JSON.parse(readFileSync(path.join(repoRoot, 'presets/sheep-and-wolves.steer.json'), 'utf8')) as SceneDocument;
  const sheep = doc.agentTypes.find((t) => t.id === 'sheep')!;
  sheep.count = n;
  if (maxNeighbors !== undefined) sheep.states[0].graph.nodes.find((x) => x.kind === 'flock')!.params.maxNeighbors = maxNeighbors;
  return doc;
}

/**
 * A maze of `segments` wall segments (L-shaped walls of two 24 px legs, one per cell of a square
 * lattice over the world, turned by a fixed pseudo-random sequence) in the bench scene of `n`
 * agents (Flock + Wander; `seek`: also Seek a point in the middle, so agents press on walls).
 */
function mazeScene(n: number, segments: number, seek: boolean): SceneDocument {
  const g = flockGraph();
  if (seek) {
    g.node('mid', 'point', { x: 0, y: 0 });
    g.node('seek', 'seek');
    g.wire('mid.point', 'seek.target');
    g.wire('seek.force', 'sum.in2');
  }
  const doc = sceneOf(n, g, {}, `maze of ${segments} segments`);
  const side = doc.world.width;
  if (seek) {
    const mid = doc.agentTypes[0].states[0].graph.nodes.find((x) => x.id === 'mid')!;
    mid.params.x = side / 2;
    mid.params.y = side / 2;
  }
  if (segments === 0) return doc;
  const walls = segments / 2;
  const per = Math.ceil(Math.sqrt(walls));
  const cell = side / per;
  let r = 12345;
  const next = () => (r = (r * 1103515245 + 12345) % 2147483648) / 2147483648;
  const list: { id: string; points: [number, number][]; closed: boolean }[] = [];
  for (let k = 0; k < walls; k++) {
    const x = (k % per) * cell + cell / 2;
    const y = Math.floor(k / per) * cell + cell / 2;
    const sx = next() < 0.5 ? -24 : 24;
    const sy = next() < 0.5 ? -24 : 24;
    list.push({ id: `w${k}`, points: [[x + sx, y], [x, y], [x, y + sy]], closed: false });
  }
  (doc.world as { walls?: unknown }).walls = list;
  return doc;
}

/** The slow rows of the dense group: fewer warm-up and measured ticks (a tick is most of a second). */
const SLOW = ['--warmup', '5', '--minTicks', '10', '--budgetS', '15', '--maxRunS', '120'];

const groups: Group[] = [
  {
    key: 'agents',
    title: 'Agents (the bench flock, 1 agent per 400 px², sight 40)',
    configs: [1000, 10000, 20000, 50000, 100000].map((n) => ({ label: `N = ${n.toLocaleString('en')}`, n, doc: benchScene(n), count: 40 })),
  },
  {
    key: 'radius',
    title: `Neighbour radius (the bench flock with sight = separation = r, N = ${N.toLocaleString('en')}, same density)`,
    configs: [20, 40, 80, 160].map((r) => ({ label: `r = ${r} px`, n: N, doc: benchScene(N, { sight: r }), count: r })),
  },
  {
    key: 'grid',
    title: `One type's grid serves every query of it: cells are half the largest radius (bench flock + Pursue the nearest boid, N = ${N.toLocaleString('en')})`,
    configs: [
      { label: 'flock alone', n: N, doc: benchScene(N), count: 40 },
      { label: 'nearest boid, radius 0 (anywhere)', n: N, doc: flockPursueOwn(0), count: 40 },
      { label: 'nearest boid, radius 40', n: N, doc: flockPursueOwn(40), count: 40 },
      { label: 'nearest boid, radius 400', n: N, doc: flockPursueOwn(400), count: 40 },
    ],
  },
  {
    key: 'graph',
    title: `Graph size (behaviour nodes into one Sum, N = ${N.toLocaleString('en')}): per-agent behaviours only, and Flock + per-agent behaviours`,
    configs: [
      ...[1, 5, 10, 20].map((k) => ({ label: `${k} per-agent behaviour${k > 1 ? 's' : ''}`, n: N, doc: withLoopPath(sceneOf(N, behaviourGraph(false, k))), count: 0 })),
      ...[1, 5, 10, 20].map((k) => ({ label: `Flock + ${k - 1} per-agent`, n: N, doc: withLoopPath(sceneOf(N, behaviourGraph(true, k))), count: 40 })),
    ],
  },
  {
    key: 'nodes',
    title: `Nodes in a graph (behaviours into a tree of Sums, bench/large-graph.ts; 1,000 agents)${unsplit ? ', force functions not split' : ''}`,
    configs: [10, 100, 500, 1000, 2000].map((k) => ({ label: `${k.toLocaleString('en')} nodes`, n: 1000, nodes: k, doc: sceneOf(1000, largeGraph(k), {}, `${k} nodes`), count: 0 })),
  },
  {
    key: 'rules',
    title: `Flock vs its three rules as separate nodes, and a separation radius other than the sight (sight 40, weights 3, 1, 1, + Wander, N = ${N.toLocaleString('en')})`,
    configs: [
      { label: 'Flock (one pass)', n: N, doc: benchScene(N), count: 40 },
      { label: 'Separation + Alignment + Cohesion (three passes)', n: N, doc: separateRules(), count: 40 },
      { label: 'Flock with separation 20 (sight 40)', n: N, doc: flockSeparation(20), count: 40 },
    ],
  },
  {
    key: 'variation',
    title: `Per-agent maxSpeed / maxForce variation (bench flock, N = ${N.toLocaleString('en')})`,
    configs: [
      { label: 'no variation', n: N, doc: benchScene(N), count: 40 },
      { label: 'variation ±30 %', n: N, doc: benchScene(N, { variation: 0.3 }), count: 40 },
    ],
  },
  {
    key: 'nearest',
    title: `Nearest Agent of a sparse type (${N.toLocaleString('en')} boids: Flock + Wander + Evade the nearest of 50 wolves; wolves pursue the nearest boid)`,
    configs: [
      { label: 'boids: flock only (no wolves)', n: N, doc: benchScene(N), count: 40 },
      { label: 'evade nearest wolf within 150 px', n: N, doc: predators(150, false), count: 40 },
      { label: 'evade nearest wolf, radius 0 (anywhere)', n: N, doc: predators(0, false), count: 40 },
      { label: 'radius 0, wolves also separate (40 px)', n: N, doc: predators(0, true), count: 40 },
    ],
  },
  {
    key: 'dense',
    title:
      'Agents added into a fixed world (sheep-and-wolves with N sheep, as setCount gives: all in their 300 × 240 px spawn rectangle, Flock sight 150, Max neighbours 1,000 unless said; neighbours not counted at 100,000: the count itself is quadratic)',
    configs: [
      ...[250, 500, 1000, 2000, 10000].map((n) => ({ label: `N = ${n.toLocaleString('en')} sheep`, n, doc: denseSheep(n), count: 150, type: 'sheep', ...(n >= 10000 ? { args: SLOW } : {}) })),
      { label: 'N = 100,000 sheep', n: 100000, doc: denseSheep(100000), count: 0, type: 'sheep', args: SLOW },
      { label: 'N = 100,000 sheep, Max neighbours 100', n: 100000, doc: denseSheep(100000, 100), count: 0, type: 'sheep', args: SLOW },
    ],
  },
  {
    key: 'states',
    title:
      'States (bench/guard-scene.ts: 10,000 guards in 3 states, patrol / chase / search, 4 conditions per state, and 50 wandering thieves), and each state alone (its forces only, no condition, no transition); the bar: the full scene at most 1.3× its most expensive state alone',
    configs: [
      { label: 'guards, 3 states', n: 10000, doc: guardScene(10000), count: 0, type: 'guard' },
      ...GUARD_STATES.map((s) => ({ label: `${s} alone`, n: 10000, doc: guardScene(10000, s), count: 0, type: 'guard' })),
      ...GUARD_STATES.map((s) => ({ label: `${s} alone with its 4 conditions (its Go to State nodes lead back to it)`, n: 10000, doc: guardScene(10000, s, true), count: 0, type: 'guard' })),
    ],
  },
  {
    key: 'walls',
    title: `Solid walls in the integrator: the bench flock (+ Seek the middle, so agents press on walls), N = ${N.toLocaleString('en')}, in open space and in a maze of 2,000 wall segments (1,000 L-shaped walls); the bar: the maze at most 2× open space`,
    configs: [
      { label: 'open space, flock + wander', n: N, doc: mazeScene(N, 0, false), count: 40, raw: true },
      { label: 'maze of 2,000 segments, flock + wander', n: N, doc: mazeScene(N, 2000, false), count: 40, raw: true },
      { label: 'open space, flock + wander + seek the middle', n: N, doc: mazeScene(N, 0, true), count: 40, raw: true },
      { label: 'maze of 2,000 segments, flock + wander + seek the middle', n: N, doc: mazeScene(N, 2000, true), count: 40, raw: true },
    ],
  },
].filter((g) => only.length === 0 || only.includes(g.key));

// ---------------------------------------------------------------- modules
const tmp = mkdtempSync(path.join(os.tmpdir(), 'steergraph-scaling-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let serial = 0;
for (const g of groups) {
  for (const c of g.configs) {
    const file = path.join(tmp, `${g.key}-${serial++}.mjs`);
    if (unsplit) writeFileSync(file, moduleSource(c.doc, compile(c.doc, { split: { above: Infinity, chunk: Infinity } })));
    if (c.raw) writeFileSync(file, emitModule(c.doc).js);
    c.file = unsplit || c.raw ? file : writeModule(c.doc, file);
  }
}

// ---------------------------------------------------------------- runs
interface Row {
  skipped?: boolean;
  reason?: string;
  msPerTick: { median: number };
  avgNeighbors: number;
  allocBytesPerTick: number;
}
function run(c: Config): Row {
  const r = spawnSync(process.execPath, ['bench/module-flock.mjs', '--module', c.file!, '--radius', String(c.count), ...(c.type ? ['--type', c.type] : []), '--json', ...(c.args ?? []), ...harness], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`${c.label}: ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as Row;
}
const t0 = performance.now();
const log = (s: string) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${s}\n`);
const rows = new Map<Config, Row[]>();
for (let rep = 0; rep < reps; rep++) {
  for (const g of groups) {
    for (let k = 0; k < g.configs.length; k++) {
      const c = g.configs[(k + rep) % g.configs.length];
      const row = run(c);
      if (!rows.has(c)) rows.set(c, []);
      rows.get(c)!.push(row);
      log(`rep ${rep + 1}/${reps} ${g.key}: ${c.label}: ${row.skipped ? `skipped (${row.reason})` : `${row.msPerTick.median.toFixed(3)} ms/tick`}`);
    }
  }
}

// ---------------------------------------------------------------- tables
const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x: number, d = 3) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(d));
const out: string[] = [];
out.push(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}; ${reps} repetition${reps > 1 ? 's' : ''}; ms per tick: median (min–max) over the repetitions of each run's median.`);
const raw: Record<string, unknown[]> = {};
for (const g of groups) {
  out.push('');
  out.push(`${g.title}:`);
  out.push('');
  const perNode = g.configs.some((c) => c.nodes);
  out.push(`| configuration | ms per tick | µs per agent | avg neighbours | alloc B/tick | vs first row |${perNode ? ' ns per node·agent |' : ''}`);
  out.push(`|---|---|---|---|---|---|${perNode ? '---|' : ''}`);
  let base = NaN;
  for (const c of g.configs) {
    const rs = (rows.get(c) ?? []).filter((r) => !r.skipped);
    raw[`${g.key}: ${c.label}`] = rows.get(c) ?? [];
    if (rs.length === 0) {
      out.push(`| ${c.label} | skipped | | | | |`);
      continue;
    }
    const ms = rs.map((r) => r.msPerTick.median);
    const m = median(ms);
    if (Number.isNaN(base)) base = m;
    const nb = c.count > 0 ? median(rs.map((r) => r.avgNeighbors)).toFixed(1) : '–';
    out.push(
      `| ${c.label} | ${fmt(m)} (${fmt(Math.min(...ms))}–${fmt(Math.max(...ms))}) | ${((m * 1000) / c.n).toFixed(3)} | ${nb} | ${Math.round(median(rs.map((r) => r.allocBytesPerTick)))} | ${(m / base).toFixed(2)}× |${c.nodes ? ` ${((m * 1e6) / (c.nodes * c.n)).toFixed(1)} |` : ''}`,
    );
  }
}
const states = groups.find((g) => g.key === 'states');
if (states) {
  // The bar: the full scene (first row) over the most expensive state alone.
  const m = states.configs.map((c) => median((rows.get(c) ?? []).filter((r) => !r.skipped).map((r) => r.msPerTick.median)));
  const worst = Math.max(...m.slice(1, 1 + GUARD_STATES.length));
  out.push('');
  const worstWith = Math.max(...m.slice(1 + GUARD_STATES.length));
  out.push(`States: the 3-state scene costs ${(m[0] / worst).toFixed(2)}× its most expensive state alone (${states.configs[m.indexOf(worst)].label}); the bar is 1.3×.`);
  out.push(`With their conditions: ${(m[0] / worstWith).toFixed(2)}× the most expensive state alone with its conditions (${states.configs[m.indexOf(worstWith)].label}).`);
}
out.push('');
out.push(`Wall time ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
console.log('\n' + out.join('\n'));
if (outFile) writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), node: process.version, reps, rows: raw }, null, 1));
