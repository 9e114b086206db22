/**
 * Large graphs: a force function whose loop body is too long for the engine to optimize is split
 * into chunk functions of bounded size, and the split program moves every agent exactly as the
 * one-function program does, bit for bit (in process with the inspector's probes, and as an
 * exported module imported by Node).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld } from '../../runtime/api';
import { largeGraph } from '../../bench/large-graph';
import { sceneOf } from '../../bench/scene';
import { DEFAULT_SPLIT } from '../../src/compiler/emit';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { moduleSource } from '../../src/compiler/module';
import { validateScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';

const dir = tempDir('steergraph-split-');
afterAll(() => removeDir(dir));

const UNSPLIT = { above: Infinity, chunk: Infinity };
const TINY = { above: 0, chunk: 600 };

/**
 * `nodes` nodes of behaviours into Sums for 60 boids, plus a Flock (a pass), an Evade of the
 * nearest wolf (another type's agents, a local read by a later node) and a muted node; and wolves
 * with a graph of the same kind.
 */
function bigScene(nodes: number): SceneDocument {
  const g = largeGraph(nodes);
  const out = g.connections.findIndex((c) => c.to[0] === 'out');
  const last = g.connections[out].from;
  g.connections.splice(out, 1);
  g.node('flock', 'flock', { sight: 40, separation: 30, separationWeight: 2, alignmentWeight: 1, cohesionWeight: 1 });
  g.node('nearWolf', 'nearest-agent', { agentType: 'wolf', radius: 120 });
  g.node('evadeWolf', 'evade');
  g.node('top', 'sum', { inputs: 4, w0: 1, w1: 0.5, w2: 2 });
  g.wire('nearWolf.agent', 'evadeWolf.target');
  g.connections.push({ from: last, to: ['top', 'in0'] });
  g.wire('flock.force', 'top.in1');
  g.wire('evadeWolf.force', 'top.in2');
  g.wire('top.force', 'out.force');
  const muted = g.nodes.find((n) => n.kind === 'seek')!;
  (muted as { muted?: boolean }).muted = true;
  const doc = sceneOf(60, g, {}, 'large graph');
  const w = largeGraph(Math.max(10, nodes >> 1));
  doc.agentTypes.push({ ...structuredClone(doc.agentTypes[0]), id: 'wolf', name: 'Wolf', count: 7, states: [{ name: 'default', graph: { nodes: w.nodes, connections: w.connections } }] });
  const loaded = validateScene(doc);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded));
  return loaded.doc;
}

/** 100 ticks following boid 3 with the probe; every state and every probe reading, as bytes. */
function trajectory(w: BehaviorWorld): string[] {
  const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  const out: string[] = [];
  w.follow('boid', 3);
  for (let t = 0; t < 100; t++) {
    if (t % 9 === 0) w.setPointer((t * 53) % 400, (t * 29) % 300);
    w.step();
    if (t % 10 === 0) {
      out.push(...w.types.map((id) => hex(w.positions(id)) + hex(w.velocities(id))));
      out.push(JSON.stringify(w.probe('boid')));
    }
  }
  return out;
}

/** The chunk functions of type k and each one's text. */
function chunks(source: string, k: number): string[] {
  return source.split(`  function force${k}_`).slice(1).map((c) => c.slice(0, c.indexOf('\n  }\n')));
}

describe('large graphs', () => {
  const doc = bigScene(300);

  it('split into many small functions, move every agent as one function does, bit for bit (with probes)', () => {
    const one = compile(doc, { probes: true, split: UNSPLIT });
    const many = compile(doc, { probes: true, split: TINY });
    expect(one.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(one.programSource).not.toContain('force0_0');
    expect(chunks(many.programSource, 0).length).toBeGreaterThan(20);
    expect(chunks(many.programSource, 1).length).toBeGreaterThan(10);
    const a = trajectory(createBehaviorWorld(doc, instantiate(one)));
    const b = trajectory(createBehaviorWorld(doc, instantiate(many)));
    expect(a.length).toBe(30);
    expect(JSON.parse(a[2])).toMatchObject({ index: 3 });
    expect(b).toEqual(a);
  });

  it('as exported modules, split and unsplit, give the same trajectories bit for bit', async () => {
    const one = await importModule(dir, moduleSource(doc, compile(doc, { split: UNSPLIT })));
    const many = await importModule(dir, moduleSource(doc, compile(doc, { split: TINY })));
    expect(trajectory(many.createWorld())).toEqual(trajectory(one.createWorld()));
  });

  it('at the limit of 2,000 nodes, the default splits the graph into functions under a size bound', () => {
    const big = bigScene(1996);
    expect(big.agentTypes[0].states[0].graph.nodes).toHaveLength(2000);
    const { programSource, lowered, ok } = compile(big);
    expect(ok).toEqual([true, true]);
    const parts = chunks(programSource, 0);
    // The longest statement one node emits (a Sum of eight) bounds how far a chunk can overrun.
    const longest = Math.max(...lowered[0].body.map((b) => b.length));
    expect(parts.length).toBeGreaterThanOrEqual(Math.floor(lowered[0].body.join('').length / DEFAULT_SPLIT.chunk));
    for (const p of parts) expect(p.length).toBeLessThan(DEFAULT_SPLIT.chunk + longest + 200);
    // Every node's statement is in some chunk, once, in order.
    const calls = programSource.match(/force0_\d+\(W, A, i, s\);/g)!;
    expect(calls).toEqual(parts.map((_, j) => `force0_${j}(W, A, i, s);`));
  });

  it('a graph under the threshold stays one function', () => {
    const small = bigScene(100);
    expect(compile(small).programSource).toBe(compile(small, { split: UNSPLIT }).programSource);
    expect(compile(small).programSource).not.toContain('force0_0');
  });
});
