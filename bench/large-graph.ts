/**
 * A graph of a given size for the graph-size benchmarks and tests: per-agent behaviours (Seek,
 * Flee and Arrive toward their own Points, Wander, Contain, Pursue and Evade of a Nearest Agent,
 * Truncate and Scale over some of them) summed eight at a time by a tree of weighted Sums into the
 * Agent Output. Exactly `total` nodes (from 10 up), all live.
 */
import { GraphBuilder } from './scene';

const FANIN = 8;

/** Sums needed to add `forces` forces FANIN at a time into one. */
function sumsFor(forces: number): number {
  let sums = 0;
  for (let k = forces; k > 1; k = Math.ceil(k / FANIN)) sums += Math.ceil(k / FANIN);
  return Math.max(1, sums);
}

/** A graph of exactly `total` nodes (total ≥ 10). */
export function largeGraph(total: number): GraphBuilder {
  if (!(total >= 10)) throw new Error(`largeGraph: total must be at least 10, not ${total}`);
  const g = new GraphBuilder();
  const forces: string[] = [];
  let nodes = 1; // the Agent Output
  const units: ((k: number) => number)[] = [
    (k) => (g.node(`pt${k}`, 'point', { x: 50 + ((37 * k) % 700), y: 50 + ((53 * k) % 500) }), g.node(`b${k}`, 'seek'), g.wire(`pt${k}.point`, `b${k}.target`), 2),
    (k) => (g.node(`b${k}`, 'wander', { distance: 10, radius: 5, jitter: 1 }), 1),
    (k) => (g.node(`pt${k}`, 'point', { x: 60 + ((41 * k) % 680), y: 40 + ((29 * k) % 520) }), g.node(`b${k}`, 'arrive', { slowingRadius: 80 }), g.wire(`pt${k}.point`, `b${k}.target`), 2),
    (k) => (g.node(`b${k}`, 'contain', { margin: 10 + (k % 20) }), 1),
    (k) => (g.node(`na${k}`, 'nearest-agent', { radius: 40 + (k % 7) * 10 }), g.node(`b${k}`, 'pursue'), g.wire(`na${k}.agent`, `b${k}.target`), 2),
    (k) => (g.node(`pt${k}`, 'point', { x: 70 + ((31 * k) % 660), y: 30 + ((43 * k) % 540) }), g.node(`f${k}`, 'flee'), g.node(`b${k}`, 'truncate', { useMaxForce: false, max: 0.01 }), g.wire(`pt${k}.point`, `f${k}.target`), g.wire(`f${k}.force`, `b${k}.in`), 3),
    (k) => (g.node(`na${k}`, 'nearest-agent', { radius: 0 }), g.node(`b${k}`, 'evade'), g.wire(`na${k}.agent`, `b${k}.target`), 2),
  ];
  // Add units while the sum tree they need still fits; then pad with Wanders.
  for (let k = 0; ; k++) {
    const size = [2, 1, 2, 1, 2, 3, 2][k % units.length];
    if (nodes + size + sumsFor(forces.length + 1) > total) break;
    nodes += units[k % units.length](k);
    forces.push(`b${k}`);
  }
  for (let k = forces.length; nodes + 1 + sumsFor(forces.length + 1) <= total; k++) {
    nodes += units[1](k);
    forces.push(`b${k}`);
  }
  let level = forces;
  let s = 0;
  do {
    const next: string[] = [];
    for (let k = 0; k < level.length; k += FANIN) {
      const group = level.slice(k, k + FANIN);
      const id = `sum${s++}`;
      g.node(id, 'sum', { inputs: FANIN, ...Object.fromEntries(group.map((_, j) => [`w${j}`, 1 / (1 + ((s + j) % 4))])) });
      group.forEach((f, j) => g.wire(`${f}.force`, `${id}.in${j}`));
      next.push(id);
      nodes++;
    }
    level = next;
  } while (level.length > 1);
  g.node('out', 'agent-output');
  g.wire(`${level[0]}.force`, 'out.force');
  // Whatever the tree left over: unconnected? No: pad the last Sum's chain with Scale nodes.
  let last = level[0];
  while (nodes < total) {
    g.connections.pop();
    const id = `scale${nodes}`;
    g.node(id, 'scale', { factor: 1 });
    g.wire(`${last}.force`, `${id}.in`);
    g.wire(`${id}.force`, 'out.force');
    last = id;
    nodes++;
  }
  if (g.nodes.length !== total) throw new Error(`largeGraph: made ${g.nodes.length} nodes, not ${total}`);
  return g;
}
