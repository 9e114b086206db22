/**
 * Type parameters through the world API (issue 18), as a game drives them: setParam changes the
 * behaviour from the next tick, paramArray gives each agent its own value, snapshots and the
 * editor's module swap carry them, and the preview's world (the compiled program in process) and
 * the exported module imported by Node run the same trajectories bit for bit with setParam calls
 * in the middle.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, HANDOVER, type BehaviorWorld, type Snapshot, type WorldHandover, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { GraphNode, SceneDocument, TypeParam } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, scene, wire } from '../fixtures/scenes';

type Factory = (options?: WorldOptions) => BehaviorWorld;

const dir = tempDir('steergraph-params-');
afterAll(() => removeDir(dir));

const inProcess = async (doc: SceneDocument): Promise<Factory> => {
  const program = instantiate(compile(doc));
  return (options) => createBehaviorWorld(doc, program, options);
};
const imported = async (doc: SceneDocument): Promise<Factory> => {
  const m = emitModule(doc);
  expect(m.hasErrors).toBe(false);
  const mod = await importModule(dir, m.js);
  return (options) => mod.createWorld(options);
};

const FEAR: TypeParam = { name: 'fear', default: 1, min: 0, max: 4 };
const CALM: TypeParam = { name: 'calm', default: 120, min: 10, max: 400, unit: 'px' };

/**
 * Sheep that arrive at the pointer (slowing radius exposed as "calm") with the force scaled by
 * "fear" (Scale's factor exposed), plus a wolf type that wanders (no parameters).
 */
function sheepScene(params: TypeParam[] = [FEAR, CALM], expose = true): SceneDocument {
  const arr: GraphNode = { ...node('arr', 'arrive', { slowingRadius: 120 }), ...(expose ? { exposed: { slowingRadius: 'calm' } } : {}) };
  const sc: GraphNode = { ...node('sc', 'scale', { factor: 1 }), ...(expose ? { exposed: { factor: 'fear' } } : {}) };
  return scene([
    agentType('sheep', [node('ptr', 'pointer'), arr, sc, node('out', 'agent-output')], [wire('ptr.point', 'arr.target'), wire('arr.force', 'sc.in'), wire('sc.force', 'out.force')], { count: 6, params }),
    agentType('wolf', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')], { count: 3 }),
  ]);
}

/** The same scene with literal values instead of the exposures. */
function literalScene(factor: number, slowingRadius: number): SceneDocument {
  const doc = sheepScene([FEAR, CALM], false);
  const nodes = doc.agentTypes[0].states[0].graph.nodes;
  nodes[1].params.slowingRadius = slowingRadius;
  nodes[2].params.factor = factor;
  return doc;
}

function state(w: BehaviorWorld): number[][] {
  return w.types.flatMap((id) => [Array.from(w.positions(id)), Array.from(w.velocities(id))]);
}

describe.each([
  ['in process (the preview’s world)', inProcess],
  ['imported module', imported],
] as const)('%s', (_, make) => {
  it('starts with the defaults, and names the parameters in order', async () => {
    const w = (await make(sheepScene()))();
    expect(w.paramNames('sheep')).toEqual(['fear', 'calm']);
    expect(w.paramNames('wolf')).toEqual([]);
    expect([w.param('sheep', 'fear'), w.param('sheep', 'calm')]).toEqual([1, 120]);
    expect(Array.from(w.paramArray('sheep', 'calm'))).toEqual([120, 120, 120, 120, 120, 120]);
  });

  it('a parameter at a value runs exactly like the scene with that literal', async () => {
    const w = (await make(sheepScene()))();
    w.setParam('sheep', 'fear', 2.5);
    w.setParam('sheep', 'calm', 40);
    const lit = (await make(literalScene(2.5, 40)))();
    for (const x of [w, lit]) {
      x.setPointer(200, 150);
      x.step(40);
    }
    expect(state(w)).toEqual(state(lit));
  });

  it('setParam acts from the next tick: the trajectories part there, not before', async () => {
    const create = await make(sheepScene());
    const a = create();
    const b = create();
    for (const x of [a, b]) {
      x.setPointer(700, 500);
      x.step(10);
    }
    expect(state(a)).toEqual(state(b));
    b.setParam('sheep', 'fear', 4);
    expect(b.param('sheep', 'fear')).toBe(4);
    expect(Array.from(b.paramArray('sheep', 'fear'))).toEqual([4, 4, 4, 4, 4, 4]);
    expect(state(a)).toEqual(state(b));
    a.step();
    b.step();
    expect(Array.from(a.velocities('sheep'))).not.toEqual(Array.from(b.velocities('sheep')));
    // the wolves have no parameter and go on as before
    expect(Array.from(a.positions('wolf'))).toEqual(Array.from(b.positions('wolf')));
  });

  it('paramArray gives each agent its own value: only the agent written moves differently', async () => {
    const create = await make(sheepScene());
    const a = create();
    const b = create();
    b.paramArray('sheep', 'fear')[2] = 0;
    for (const x of [a, b]) {
      x.setPointer(700, 500);
      x.step(5);
    }
    const va = a.velocities('sheep');
    const vb = b.velocities('sheep');
    for (let i = 0; i < 6; i++) {
      const same = va[2 * i] === vb[2 * i] && va[2 * i + 1] === vb[2 * i + 1];
      expect(same).toBe(i !== 2);
    }
    // setParam sets every agent's value again
    b.setParam('sheep', 'fear', 1);
    expect(b.paramArray('sheep', 'fear')[2]).toBe(1);
  });

  it('a per-agent value out of range stops step, naming the agent and the range, and nothing moves', async () => {
    const w = (await make(sheepScene()))();
    w.step(2);
    const before = state(w);
    const fear = w.paramArray('sheep', 'fear');
    fear[3] = 9;
    expect(() => w.step()).toThrow('step: agent 3 of "sheep" has parameter "fear" = 9 (paramArray("sheep", "fear")[3]); expected a number from 0 to 4. Nothing moved: fix the value.');
    fear[3] = NaN;
    expect(() => w.computeForces('sheep')).toThrow('computeForces: agent 3 of "sheep" has parameter "fear" = NaN (paramArray("sheep", "fear")[3]); expected a number from 0 to 4. Nothing moved: fix the value.');
    expect(state(w)).toEqual(before);
    expect(w.tick).toBe(2);
    fear[3] = 4;
    w.step();
    expect(w.tick).toBe(3);
  });

  it('new agents get the type value; setCount keeps the others’ own values', async () => {
    const w = (await make(sheepScene()))();
    w.setParam('sheep', 'fear', 3);
    w.paramArray('sheep', 'fear')[0] = 0.5;
    w.setCount('sheep', 8);
    expect(Array.from(w.paramArray('sheep', 'fear'))).toEqual([0.5, 3, 3, 3, 3, 3, 3, 3]);
    w.setCount('sheep', 2);
    expect(Array.from(w.paramArray('sheep', 'fear'))).toEqual([0.5, 3]);
  });

  it('a snapshot carries type values and per-agent values: the resumed world runs on bit for bit', async () => {
    const create = await make(sheepScene());
    const w = create();
    w.setPointer(300, 100);
    w.setParam('sheep', 'calm', 33.25);
    w.step(7);
    w.paramArray('sheep', 'fear')[1] = 0.125;
    const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
    expect(snap.types.sheep.params).toEqual({ names: ['fear', 'calm'], values: [1, 33.25], agents: [[1, 0.125, 1, 1, 1, 1], [33.25, 33.25, 33.25, 33.25, 33.25, 33.25]] });
    expect(snap.types.wolf.params).toBeUndefined();
    const r = create({ snapshot: snap });
    expect(r.param('sheep', 'calm')).toBe(33.25);
    w.step(30);
    r.step(30);
    expect(state(r)).toEqual(state(w));
    expect(Array.from(r.paramArray('sheep', 'fear'))).toEqual(Array.from(w.paramArray('sheep', 'fear')));
  });

  it('Flock with exposed radii and weights: one agent’s own values change its force only, bit for bit', async () => {
    const flock: GraphNode = { ...node('f', 'flock', { sight: 90, separation: 30 }), exposed: { sight: 'sight', cohesionWeight: 'glue', separation: 'room' } };
    const doc = scene([
      agentType('boid', [flock, node('out', 'agent-output')], [wire('f.force', 'out.force')], {
        count: 40,
        params: [
          { name: 'sight', default: 90, min: 20, max: 120 },
          { name: 'glue', default: 1, min: 0, max: 3 },
          { name: 'room', default: 30, min: 5, max: 60 },
        ],
      }),
    ], { width: 300, height: 300 });
    const create = await make(doc);
    const forces = (w: BehaviorWorld) => Array.from(w.computeForces('boid'));
    const base = forces(create());
    // the arrays handed out, every agent at the type value: the same forces
    const handed = create();
    for (const name of handed.paramNames('boid')) handed.paramArray('boid', name);
    expect(forces(handed)).toEqual(base);
    for (const [name, value] of [['glue', 3], ['sight', 25], ['room', 6]] as const) {
      const w = create();
      w.paramArray('boid', name)[5] = value;
      const f = forces(w);
      for (let i = 0; i < 40; i++) {
        const same = f[2 * i] === base[2 * i] && f[2 * i + 1] === base[2 * i + 1];
        expect([name, i, same]).toEqual([name, i, i !== 5]);
      }
    }
    // setParam: every agent's value (a shared value again)
    const all = create();
    all.setParam('boid', 'glue', 2);
    const lit = structuredClone(doc);
    delete lit.agentTypes[0].states[0].graph.nodes[0].exposed!.cohesionWeight;
    lit.agentTypes[0].states[0].graph.nodes[0].params.cohesionWeight = 2;
    expect(forces(all)).toEqual(forces((await make(lit))()));
  });

  it('a snapshot with bad parameter numbers is refused', async () => {
    const create = await make(sheepScene());
    const snap = create().snapshot();
    const bad = structuredClone(snap);
    bad.types.sheep.params!.agents[0] = [1, 2];
    expect(() => create({ snapshot: bad })).toThrow('createWorld: snapshot.types.sheep.params.agents[0]: expected 6 numbers, got 2');
    const nan = JSON.parse(JSON.stringify(snap)) as Snapshot;
    nan.types.sheep.params!.values = [1, 'x' as unknown as number];
    expect(() => create({ snapshot: nan })).toThrow('createWorld: snapshot.types.sheep.params.values: expected an array of finite numbers');
  });
});

describe('a Parameter node in a condition (a type with states)', () => {
  it.each([
    ['in process', inProcess],
    ['imported module', imported],
  ] as const)('%s: agents leave their state once the game raises the parameter past the threshold', async (_, make) => {
    const calm = { name: 'calm', graph: { nodes: [node('w', 'wander'), node('out', 'agent-output'), node('p', 'parameter', { name: 'fear' }), node('c', 'compare', { op: 'gt', b: 2 }), node('g', 'go-to-state', { state: 'flee' })], connections: [wire('w.force', 'out.force'), wire('p.value', 'c.a'), wire('c.holds', 'g.when')] } };
    const flee = { name: 'flee', graph: { nodes: [node('w', 'wander', { jitter: 3 }), node('out', 'agent-output')], connections: [wire('w.force', 'out.force')] } };
    const doc = scene([{ ...agentType('sheep', []), states: [calm, flee], params: [FEAR] }]);
    const w = (await make(doc))();
    w.step(3);
    expect(Array.from(w.states('sheep'))).toEqual([0, 0, 0, 0]);
    w.setParam('sheep', 'fear', 3);
    w.step();
    expect(Array.from(w.states('sheep'))).toEqual([1, 1, 1, 1]);
  });
});

describe('the preview world vs the exported module', () => {
  it('run the same trajectories bit for bit, with setParam and paramArray writes in the middle', async () => {
    const doc = sheepScene();
    const worlds = [(await inProcess(doc))(), (await imported(doc))()];
    for (const w of worlds) {
      for (let t = 0; t < 60; t++) {
        if (t === 10) w.setParam('sheep', 'fear', 3.75);
        if (t === 25) w.setParam('sheep', 'calm', 11);
        if (t === 40) w.paramArray('sheep', 'fear')[4] = 0.3;
        w.setPointer((t * 37) % 800, 100 + ((t * 13) % 400));
        w.step();
      }
    }
    expect(state(worlds[1])).toEqual(state(worlds[0]));
  });
});

describe('the editor’s module swap (hand-over)', () => {
  const swap = (from: BehaviorWorld, to: BehaviorWorld) => {
    const h = (w: BehaviorWorld) => (w as unknown as Record<symbol, () => WorldHandover>)[HANDOVER]();
    expect(h(to).takeState(h(from), new Set())).toBe(true);
  };

  it('keeps a value the user set when the parameter still exists; new ones start at their defaults, removed ones vanish', async () => {
    const before = (await inProcess(sheepScene()))();
    before.setParam('sheep', 'fear', 2);
    before.paramArray('sheep', 'calm')[0] = 50;
    before.step(3);
    // an edit: "calm" removed from the type (the Arrive back to its literal), "speed" added
    const doc = sheepScene([FEAR, { name: 'speed', default: 0.5, min: 0, max: 1 }]);
    delete doc.agentTypes[0].states[0].graph.nodes[1].exposed;
    const after = (await inProcess(doc))({ counts: { sheep: 0, wolf: 0 } });
    swap(before, after);
    expect(after.paramNames('sheep')).toEqual(['fear', 'speed']);
    expect(after.param('sheep', 'fear')).toBe(2);
    expect(after.param('sheep', 'speed')).toBe(0.5);
    expect(Array.from(after.paramArray('sheep', 'fear'))).toEqual([2, 2, 2, 2, 2, 2]);
    expect(() => after.param('sheep', 'calm')).toThrow('param: sheep has no parameter "calm"; its parameters: "fear", "speed"');
  });

  it('holds a carried value inside a range the edit narrowed', async () => {
    const before = (await inProcess(sheepScene()))();
    before.setParam('sheep', 'fear', 4);
    const after = (await inProcess(sheepScene([{ ...FEAR, max: 2 }, CALM])))({ counts: { sheep: 0, wolf: 0 } });
    swap(before, after);
    expect(after.param('sheep', 'fear')).toBe(2);
  });
});
