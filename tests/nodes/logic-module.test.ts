/**
 * The number and condition nodes in an exported module: a scene whose forces hang on Distance, Map
 * Range, Sees (past circles, in a field of view), Chance, Neighbour Count, Random per Agent, Inside,
 * Arrived and the arithmetic and logic nodes runs bit-identically in process and through the
 * module imported by Node (contract 3), and its numbers really steer (the run differs from the
 * same scene with every factor left at its typed value).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, scene, wire } from '../fixtures/scenes';

const dir = tempDir('steergraph-logic-');
afterAll(() => removeDir(dir));

/** Sheep that flee the nearest wolf harder as it nears, wander when they cannot see it, and calm in a pen; wolves that seek the nearest sheep. */
function pasture(): SceneDocument {
  return scene(
    [
      agentType(
        'sheep',
        [
          node('wolf', 'nearest-agent', { agentType: 'wolf', radius: 300 }),
          node('flee', 'flee'),
          node('wander', 'wander'),
          node('d', 'distance'),
          node('m', 'map-range', { inTo: 300, outFrom: 3, outTo: 0 }),
          node('sees', 'sees', { range: 250, fov: 200 }),
          node('chance', 'chance', { p: 0.05 }),
          node('crowd', 'neighbour-count', { radius: 30 }),
          node('few', 'compare', { op: 'lt', b: 3 }),
          node('pen', 'inside', { x: 600, y: 400, width: 200, height: 200 }),
          node('notPen', 'not'),
          node('alert', 'or', { inputs: 3 }),
          node('and', 'and', { inputs: 3 }),
          node('rand', 'random-per-agent'),
          node('nerve', 'map-range', { inTo: 1, outFrom: 0.5, outTo: 1.5, clamp: false }),
          node('mul', 'multiply'),
          node('if', 'if', { else: 0.2 }),
          node('calm', 'arrived', { distance: 40, speed: 1 }),
          node('speed', 'speed'),
          node('slow', 'max', { b: 0.1 }),
          node('wk', 'min', { b: 1 }),
          node('w', 'add', { b: 0.5 }),
          node('sum', 'sum', { inputs: 2 }),
          node('out', 'agent-output'),
        ],
        [
          wire('wolf.agent', 'flee.target'),
          wire('wolf.agent', 'd.to'),
          wire('wolf.agent', 'sees.target'),
          wire('wolf.agent', 'calm.target'),
          wire('d.value', 'm.in'),
          wire('sees.holds', 'alert.in0'),
          wire('chance.holds', 'alert.in1'),
          wire('calm.holds', 'alert.in2'),
          wire('crowd.value', 'few.a'),
          wire('pen.holds', 'notPen.in'),
          wire('alert.holds', 'and.in0'),
          wire('few.holds', 'and.in1'),
          wire('notPen.holds', 'and.in2'),
          wire('rand.value', 'nerve.in'),
          wire('m.value', 'mul.a'),
          wire('nerve.value', 'mul.b'),
          wire('and.holds', 'if.when'),
          wire('mul.value', 'if.then'),
          wire('speed.value', 'slow.a'),
          wire('slow.value', 'wk.a'),
          wire('wk.value', 'w.a'),
          wire('flee.force', 'sum.in0'),
          wire('wander.force', 'sum.in1'),
          wire('if.value', 'sum.w0'),
          wire('w.value', 'sum.w1'),
          wire('sum.force', 'out.force'),
        ],
        { count: 30, maxSpeed: 3, maxForce: 0.2 },
      ),
      agentType(
        'wolf',
        [node('sheep', 'nearest-agent', { agentType: 'sheep' }), node('seek', 'seek'), node('out', 'agent-output')],
        [wire('sheep.agent', 'seek.target'), wire('seek.force', 'out.force')],
        { count: 3, maxSpeed: 2.5, maxForce: 0.1 },
      ),
    ],
    { obstacles: [{ x: 400, y: 300, r: 40 }, { x: 200, y: 450, r: 25, vx: 0.5, vy: 0 }] },
  );
}

function bits(w: BehaviorWorld): Record<string, string> {
  const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  return Object.fromEntries(w.types.map((id) => [id, hex(w.positions(id)) + hex(w.velocities(id))]));
}

describe('the number and condition nodes in an exported module', () => {
  it('run bit-identically in process and through the imported module for 1,000 ticks', async () => {
    const doc = pasture();
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([]);
    const local = createBehaviorWorld(doc, instantiate(compiled));
    const mod = await importModule(dir, emitModule(doc).js);
    const exported = mod.createWorld();
    local.step(1000);
    exported.step(1000);
    expect(bits(exported)).toEqual(bits(local));
    expect(exported.snapshot()).toEqual(local.snapshot());
    // the numbers steer: the same scene with the weights and factor typed in runs differently
    const plain = pasture();
    plain.agentTypes[0].states[0].graph.connections = plain.agentTypes[0].states[0].graph.connections.filter((c) => !['w0', 'w1'].includes(c.to[1]));
    const fixed = createBehaviorWorld(plain, instantiate(compile(plain)));
    fixed.step(1000);
    expect(bits(fixed).sheep).not.toEqual(bits(local).sheep);
    for (const v of local.positions('sheep')) expect(Number.isFinite(v)).toBe(true);
  });
});
