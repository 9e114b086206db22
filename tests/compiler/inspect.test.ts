/**
 * The compiler's instruments for the inspector: probes (every node output of one followed agent)
 * and muted (bypassed) nodes.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../runtime/api';
import { seek as seekKernel } from '../../runtime/behaviors/seek';
import { compile } from '../../src/compiler';
import { instantiate } from '../../src/compiler/instantiate';
import { setMuted } from '../../src/document/commands';
import { History } from '../../src/document/history';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument } from '../../src/document/types';
import { agentType, node, richScene, scene, wire } from '../fixtures/scenes';

/** Seek(Pointer) and Wander into a Sum (weights 1 and 0.5), then Truncate, into the Agent Output. */
function seekWanderScene(): SceneDocument {
  return scene([
    agentType(
      'a',
      [
        node('ptr', 'pointer'),
        node('seek', 'seek'),
        node('wander', 'wander'),
        node('sum', 'sum', { inputs: 4, w0: 1, w1: 0.5 }),
        node('cap', 'truncate', { useMaxForce: false, max: 0.05 }),
        node('out', 'agent-output'),
      ],
      [wire('ptr.point', 'seek.target'), wire('seek.force', 'sum.in0'), wire('wander.force', 'sum.in1'), wire('sum.force', 'cap.in'), wire('cap.force', 'out.force')],
      { count: 6 },
    ),
  ]);
}

function run(doc: SceneDocument, ticks: number, probes: boolean, follow = -1) {
  const world = createBehaviorWorld(doc, instantiate(compile(doc, { probes })));
  world.setPointer(100, 500);
  if (follow >= 0) world.follow('a', follow);
  world.step(ticks);
  return world;
}

describe('probes', () => {
  it('change no trajectory: with and without probes the agents are where they were, bit for bit', () => {
    for (const doc of [seekWanderScene(), richScene()]) {
      const plain = run(doc, 300, false);
      const probed = createBehaviorWorld(doc, instantiate(compile(doc, { probes: true })));
      probed.setPointer(100, 500);
      for (const id of probed.types) probed.follow(id, 1);
      probed.step(300);
      for (const id of plain.types) expect(Array.from(probed.positions(id))).toEqual(Array.from(plain.positions(id)));
    }
  });

  it("report the followed agent's every node output as of the last computed forces", () => {
    const world = run(seekWanderScene(), 50, true, 2);
    const reading = world.probe('a')!;
    expect(reading.index).toBe(2);
    expect(reading.maxSpeed).toBe(4);
    expect(reading.maxForce).toBe(0.2);
    const v = Object.fromEntries(reading.values.map((p) => [p.node, [p.x, p.y]]));
    expect(Object.keys(v).sort()).toEqual(['cap', 'ptr', 'seek', 'sum', 'wander']);
    expect(v.ptr).toEqual([100, 500]);
    // the Sum is seek + 0.5 × wander, and the Truncate caps it at 0.05
    expect(v.sum[0]).toBeCloseTo(v.seek[0] + 0.5 * v.wander[0], 12);
    expect(v.sum[1]).toBeCloseTo(v.seek[1] + 0.5 * v.wander[1], 12);
    expect(Math.hypot(v.cap[0], v.cap[1])).toBeCloseTo(Math.min(0.05, Math.hypot(v.sum[0], v.sum[1])), 12);
    // forces computed again (for this tick) update the probe: the Truncate's output is the force the agent gets
    const f = world.computeForces('a');
    expect(world.probe('a')!.values.find((p) => p.node === 'cap')).toMatchObject({ x: f[4], y: f[5] });
  });

  it("Seek's probe is the runtime kernel's force for that agent", () => {
    const doc = seekWanderScene();
    const world = createBehaviorWorld(doc, instantiate(compile(doc, { probes: true })));
    world.setPointer(300, 200);
    world.step(10);
    world.follow('a', 4);
    const before = { pos: Float64Array.from(world.positions('a')), vel: Float64Array.from(world.velocities('a')) };
    world.computeForces('a');
    const s = new Float64Array(2);
    const A = { pos: before.pos, vel: before.vel, maxSpeed: Float64Array.of(4, 4, 4, 4, 4, 4), mass: 1 };
    seekKernel(s, 0, A as never, 4, Float64Array.of(300, 200), 0);
    const seek = world.probe('a')!.values.find((p) => p.node === 'seek')!;
    expect([seek.x, seek.y]).toEqual([s[0], s[1]]);
  });

  it('are absent from exported modules and from a world that follows no one', () => {
    const doc = seekWanderScene();
    expect(run(doc, 5, false, 1).probe('a')).toBeNull();
    expect(run(doc, 5, true).probe('a')).toBeNull();
    expect(compile(doc).programSource).not.toContain('probeOut');
    expect(() => run(doc, 1, true).follow('a', 1.5)).toThrow(/follow: expected an agent index/);
    expect(() => run(doc, 1, true).follow('zz', 1)).toThrow(/unknown agent type "zz"/);
  });
});

describe('muted nodes', () => {
  const muted = (doc: SceneDocument, ids: string[]) => setMuted('a', ids, true)(doc);

  it('a muted behaviour adds nothing: muting Seek leaves the Sum with only the wander', () => {
    const doc = muted(seekWanderScene(), ['seek']);
    const reading = run(doc, 40, true, 0).probe('a')!;
    const v = Object.fromEntries(reading.values.map((p) => [p.node, [p.x, p.y]]));
    expect(v.seek).toEqual([0, 0]);
    expect(v.sum[0]).toBeCloseTo(0.5 * v.wander[0], 12);
  });

  it('a muted Truncate passes its input through: the same run as without the Truncate, bit for bit', () => {
    const withCap = muted(seekWanderScene(), ['cap']);
    const without = structuredClone(seekWanderScene());
    const g = without.agentTypes[0].states[0].graph;
    g.nodes = g.nodes.filter((n) => n.id !== 'cap');
    g.connections = g.connections.filter((c) => c.to[0] !== 'cap' && c.from[0] !== 'cap').concat(wire('sum.force', 'out.force'));
    expect(compile(withCap).diagnostics).toEqual([]);
    const a = run(withCap, 200, false);
    const b = run(without, 200, false);
    expect(Array.from(a.positions('a'))).toEqual(Array.from(b.positions('a')));
    // and unmuted, the cap changes the run
    expect(Array.from(run(seekWanderScene(), 200, false).positions('a'))).not.toEqual(Array.from(b.positions('a')));
  });

  it('muting every behaviour of the graph leaves the agents coasting at their spawn velocity', () => {
    const doc = muted(seekWanderScene(), ['seek', 'wander']);
    const world = run(doc, 1, false);
    const v0 = Array.from(world.velocities('a'));
    world.step(20);
    expect(Array.from(world.velocities('a'))).toEqual(v0);
  });

  it('is saved, loaded, undone and redone', () => {
    const doc = seekWanderScene();
    const history = new History(doc);
    expect(history.apply(setMuted('a', ['seek', 'cap'], true))).toBe(true);
    expect(history.apply(setMuted('a', ['seek'], true))).toBe(false);
    const saved = serializeScene(history.doc);
    expect(saved).toContain('"muted": true');
    const loaded = loadScene(saved);
    expect(loaded.ok && loaded.doc.agentTypes[0].states[0].graph.nodes.filter((n) => n.muted).map((n) => n.id)).toEqual(['seek', 'cap']);
    history.apply(setMuted('a', ['seek'], false));
    expect(history.doc.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'seek')).not.toHaveProperty('muted');
    history.undo();
    history.undo();
    expect(history.doc).toEqual(doc);
    expect(loadScene(JSON.stringify({ ...doc, agentTypes: [{ ...doc.agentTypes[0], graph: { ...doc.agentTypes[0].states[0].graph, nodes: [{ ...node('x', 'seek'), muted: 'yes' }] } }] }))).toMatchObject({
      ok: false,
    });
  });
});
