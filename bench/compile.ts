/**
 * How long compiling a 100-node graph takes (validate → order → lower → emit), the median of many
 * runs after a warm-up; the bar is under 10 ms, since the editor recompiles on every edit.
 * Also the time to turn the source into live functions (instantiate) and the whole exported module.
 *
 *   npx tsx bench/compile.ts [runs]
 */
import { compile } from '../src/compiler/index';
import { instantiate } from '../src/compiler/instantiate';
import { emitModule } from '../src/compiler/module';
import { VERSION, type Connection, type GraphNode, type SceneDocument } from '../src/document/types';

/**
 * A graph of exactly `total` nodes, all live: groups of behaviours (Seek, Flee and Arrive of points,
 * Wander, Flock, Avoid, Follow Path, Pursue of the nearest agent) summed four at a time, the sums
 * scaled and truncated, then summed up a tree into a Priority and the Agent Output.
 */
export function bigScene(total = 100): SceneDocument {
  const nodes: GraphNode[] = [];
  const connections: Connection[] = [];
  let serial = 0;
  const add = (kind: string, params: GraphNode['params'] = {}): string => {
    const id = `n${serial++}`;
    nodes.push({ id, kind, params, position: [0, 0] });
    return id;
  };
  const link = (from: string, fromPort: string, to: string, port: string): void => {
    connections.push({ from: [from, fromPort], to: [to, port] });
  };
  const out = add('agent-output');
  const prio = add('priority', { inputs: 2 });
  link(prio, 'force', out, 'force');
  const avoid = add('avoid');
  link(add('obstacles'), 'obstacles', avoid, 'obstacles');
  link(avoid, 'force', prio, 'in0');
  // Behaviours, each a force: filled below until the node budget is met.
  const forces: string[] = [];
  const kinds = ['seek', 'flee', 'arrive', 'wander', 'flock', 'follow-path', 'pursue'];
  // Each behaviour costs 1–2 nodes, each group of 4 a Sum + Scale (2), the tree ~1 per 4 sums.
  while (nodes.length + 2 * Math.ceil(forces.length / 4) + Math.ceil(forces.length / 16) + 4 < total) {
    const kind = kinds[forces.length % kinds.length];
    const b = add(kind);
    if (kind === 'seek' || kind === 'flee' || kind === 'arrive') link(add('point', { x: 10 * serial, y: 5 * serial }), 'point', b, 'target');
    if (kind === 'follow-path') link(add('path', { path: 'loop' }), 'path', b, 'path');
    if (kind === 'pursue') link(add('nearest-agent', { radius: 200 }), 'agent', b, 'target');
    forces.push(b);
  }
  // Sum groups of four, each scaled.
  let level: string[] = [];
  for (let k = 0; k < forces.length; k += 4) {
    const sum = add('sum');
    forces.slice(k, k + 4).forEach((f, j) => link(f, 'force', sum, `in${j}`));
    const scale = add('scale', { factor: 0.5 });
    link(sum, 'force', scale, 'in');
    level.push(scale);
  }
  // Reduce the scaled sums with Sums of up to four until one force is left.
  while (level.length > 1) {
    const next: string[] = [];
    for (let k = 0; k < level.length; k += 4) {
      const sum = add('sum');
      level.slice(k, k + 4).forEach((f, j) => link(f, 'force', sum, `in${j}`));
      next.push(sum);
    }
    level = next;
  }
  // Pad with Truncates on the final force until the count is exact.
  let last = level[0];
  while (nodes.length < total) {
    const t = add('truncate');
    link(last, 'force', t, 'in');
    last = t;
  }
  link(last, 'force', prio, 'in1');
  return {
    format: 'steergraph',
    version: VERSION,
    name: 'Benchmark',
    description: `${total} live nodes`,
    world: {
      width: 800,
      height: 600,
      edges: 'wrap',
      seed: 1,
      obstacles: [{ x: 400, y: 300, r: 40 }],
      paths: [{ id: 'loop', points: [[100, 100], [700, 100], [400, 500]], loop: true }],
      targets: [],
    },
    agentTypes: [{ id: 'boid', name: 'Boid', color: '#3366cc', count: 50, mass: 1, maxSpeed: 4, maxForce: 0.2, states: [{ name: 'default', graph: { nodes, connections } }] }],
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(runs: number, f: () => void): { median: number; p90: number } {
  for (let k = 0; k < Math.min(50, runs); k++) f(); // warm-up
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: median(ms), p90: ms[Math.floor(ms.length * 0.9)] };
}

const runs = Number(process.argv[2] ?? 300);
const doc = bigScene(100);
const compiled = compile(doc);
if (compiled.diagnostics.length) throw new Error(`benchmark scene has diagnostics: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
if (doc.agentTypes[0].states[0].graph.nodes.length !== 100) throw new Error('benchmark scene: expected 100 nodes');

const c = time(runs, () => compile(doc));
const i = time(runs, () => instantiate(compiled));
const m = time(runs, () => emitModule(doc));
const f = (x: { median: number; p90: number }) => `median ${x.median.toFixed(3)} ms (p90 ${x.p90.toFixed(3)} ms)`;
console.log(`compile, 100-node graph (${runs} runs, Node ${process.version}): ${f(c)}  — bar: < 10 ms ${c.median < 10 ? 'OK' : 'MISSED'}`);
console.log(`instantiate (new Function):                ${f(i)}`);
console.log(`emitModule (whole exported module):        ${f(m)}`);
