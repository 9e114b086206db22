/**
 * The exported module's world API as a game uses it, run twice: in process (the compiled program
 * bound to runtime/) and through the exported module written to a file and imported by Node.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld, type Snapshot, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, richScene, scene, wire } from '../fixtures/scenes';

type Factory = (options?: WorldOptions) => BehaviorWorld;
type Make = (doc: SceneDocument) => Promise<Factory>;

const dir = tempDir('steergraph-api-');
afterAll(() => removeDir(dir));

const inProcess: Make = async (doc) => {
  const program = instantiate(compile(doc));
  return (options) => createBehaviorWorld(doc, program, options);
};
const imported: Make = async (doc) => {
  const mod = await importModule(dir, emitModule(doc).js);
  return (options) => mod.createWorld(options);
};

/** Every number of every type's positions and velocities, −0 kept apart from 0 (toEqual tells them apart). */
function state(w: BehaviorWorld): Record<string, number[][]> {
  return Object.fromEntries(w.types.map((id) => [id, [Array.from(w.positions(id)), Array.from(w.velocities(id))]]));
}

/** A scripted pointer: where it is at tick t. */
function pointerAt(t: number): [number, number] {
  return [(t * 37) % 800, 300 + ((t * 13) % 200) - 100];
}

describe.each([
  ['in process', inProcess],
  ['imported module', imported],
] as const)('%s', (_, make) => {
  describe('createWorld options', () => {
    it('refuses bad options with a message that names them', async () => {
      const create = await make(richScene());
      const cases: [unknown, string][] = [
        [{ counts: { boid: -5 } }, 'createWorld: counts.boid: expected a whole number ≥ 0, got -5'],
        [{ counts: { wolf: 2.5 } }, 'createWorld: counts.wolf: expected a whole number ≥ 0, got 2.5'],
        [{ counts: { sheep: 3 } }, 'createWorld: counts: unknown agent type "sheep"; this scene has "boid", "wolf", "walker"'],
        [{ counts: [3] }, 'createWorld: counts must be an object of agent type id → count'],
        [{ seed: NaN }, 'createWorld: seed: expected a whole number from 0 to 4294967295, got NaN'],
        [{ seed: Infinity }, 'createWorld: seed: expected a whole number from 0 to 4294967295, got Infinity'],
        [{ seed: -1 }, 'createWorld: seed: expected a whole number from 0 to 4294967295, got -1'],
        [{ seed: 1.5 }, 'createWorld: seed: expected a whole number from 0 to 4294967295, got 1.5'],
        [{ seed: '7' }, 'createWorld: seed: expected a whole number from 0 to 4294967295, got "7"'],
        [{ sed: 3 }, 'createWorld: unknown option "sed" (expected seed, counts or snapshot)'],
        [null, 'createWorld: options must be an object, got null'],
        [7, 'createWorld: options must be an object, got number'],
        [{ snapshot: { format: 'x' } }, 'createWorld: snapshot: not a Steergraph snapshot (expected format "steergraph-snapshot")'],
      ];
      for (const [options, message] of cases) expect(() => create(options as WorldOptions), message).toThrow(message);
      const snapshot = create().snapshot();
      expect(() => create({ snapshot, seed: 3 })).toThrow('createWorld: a snapshot carries its own seed and counts; pass either snapshot, or seed and counts');
      expect(() => create({ snapshot, counts: { boid: 1 } })).toThrow('createWorld: a snapshot carries its own seed and counts');
    });

    it('takes a seed and counts', async () => {
      const create = await make(richScene());
      const w = create({ seed: 99, counts: { boid: 7, walker: 0 } });
      expect(w.types).toEqual(['boid', 'wolf', 'walker']);
      expect(w.agents('boid').length).toBe(7);
      expect(w.agents('wolf').length).toBe(3);
      expect(w.positions('walker').length).toBe(0);
      expect(state(create({ seed: 99 })).wolf).toEqual(state(w).wolf);
      expect(state(create({ seed: 98 })).wolf).not.toEqual(state(w).wolf);
      expect(w.tick).toBe(0);
    });
  });

  describe('naming what does not exist', () => {
    it('an unknown agent type, in every call that takes one', async () => {
      const w = (await make(richScene()))();
      const has = 'this scene has "boid", "wolf", "walker"';
      expect(() => w.agents('sheep')).toThrow(`agents: unknown agent type "sheep"; ${has}`);
      expect(() => w.positions('sheep')).toThrow(`positions: unknown agent type "sheep"; ${has}`);
      expect(() => w.velocities('Boid')).toThrow(`velocities: unknown agent type "Boid"; ${has}`);
      expect(() => w.computeForces('')).toThrow(`computeForces: unknown agent type ""; ${has}`);
      expect(() => w.setCount('sheep', 3)).toThrow(`setCount: unknown agent type "sheep"; ${has}`);
      expect(() => w.positions(undefined as unknown as string)).toThrow(`positions: unknown agent type undefined undefined; ${has}`);
      expect(() => w.headings('sheep')).toThrow(`headings: unknown agent type "sheep"; ${has}`);
      expect(() => w.drawnHeadings(7 as unknown as string)).toThrow(`drawnHeadings: unknown agent type number 7; ${has}`);
    });

    it('an unknown target, and bad numbers', async () => {
      const w = (await make(richScene()))();
      expect(() => w.setTarget('gaol', 1, 2)).toThrow('setTarget: unknown target "gaol"; this scene has "goal"');
      expect(() => w.setTarget('goal', NaN, 2)).toThrow('setTarget: expected x and y from -10000000 to 10000000 px, got NaN, 2');
      expect(() => w.setPointer(1, Infinity)).toThrow('setPointer: expected x and y from -10000000 to 10000000 px, got 1, Infinity');
      expect(() => w.setPointer(1e308, 0)).toThrow('setPointer: expected x and y from -10000000 to 10000000 px, got 1e+308, 0');
      expect(() => w.step(-1)).toThrow('step: expected a whole number of ticks from 0 to 10000, got -1');
      expect(() => w.step(1.5)).toThrow('step: expected a whole number of ticks from 0 to 10000, got 1.5');
      expect(() => w.setCount('boid', -1)).toThrow('setCount: boid: expected a whole number ≥ 0, got -1');
      expect(() => w.setObstacles([{ x: 1, y: 2, r: -3 }])).toThrow('setObstacles: obstacles[0].r: expected a number from 0 to 1000000 px, got -3');
      const none = (await make(scene([agentType('a', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')])])))();
      expect(() => none.setTarget('goal', 1, 2)).toThrow('setTarget: unknown target "goal"; this scene has none');
    });
  });

  describe('live arrays', () => {
    it('positions and velocities are the world’s own: writing them moves agents', async () => {
      const w = (await make(richScene()))();
      const p = w.positions('wolf');
      const v = w.velocities('wolf');
      expect(w.positions('wolf')).toBe(p);
      p[0] = 123.5;
      p[1] = 456.25;
      v[0] = 0;
      v[1] = 0;
      expect(w.agents('wolf')[0]).toEqual({ x: 123.5, y: 456.25, vx: 0, vy: 0 });
      const f = Array.from(w.computeForces('wolf').subarray(0, 2));
      w.step();
      // From rest: v = f (mass 1, |f| ≤ maxForce < maxSpeed), p = p + v.
      expect(Array.from(v.subarray(0, 2))).toEqual(f);
      expect(Array.from(p.subarray(0, 2))).toEqual([123.5 + f[0], 456.25 + f[1]]);
    });

    it('stay valid until setCount of that type, which replaces them', async () => {
      const w = (await make(richScene()))();
      const p = w.positions('boid');
      const other = w.positions('wolf');
      w.setCount('boid', 41);
      expect(w.positions('boid')).not.toBe(p);
      expect(w.positions('boid').length).toBe(82);
      expect(Array.from(w.positions('boid').subarray(0, 80))).toEqual(Array.from(p));
      expect(w.positions('wolf')).toBe(other);
      const stale = Array.from(p);
      w.step();
      expect(Array.from(p)).toEqual(stale);
    });
  });

  describe('computeForces', () => {
    it('caps every force at the agent’s maxForce', async () => {
      const doc = scene([
        agentType(
          'a',
          [node('p', 'pointer'), node('seek', 'seek'), node('big', 'scale', { factor: 100 }), node('out', 'agent-output')],
          [wire('p.point', 'seek.target'), wire('seek.force', 'big.in'), wire('big.force', 'out.force')],
          { count: 20, maxForce: 0.2 },
        ),
      ]);
      const f = (await make(doc))().computeForces('a');
      expect(f.length).toBe(40);
      for (let i = 0; i < 20; i++) expect(Math.hypot(f[2 * i], f[2 * i + 1])).toBeCloseTo(0.2, 14);
    });

    it('then step is bit for bit step alone', async () => {
      const create = await make(richScene());
      const a = create();
      const b = create();
      for (let t = 0; t < 150; t++) {
        a.setPointer(...pointerAt(t));
        b.setPointer(...pointerAt(t));
        for (const id of a.types) a.computeForces(id);
        a.step();
        b.step();
      }
      expect(state(a)).toEqual(state(b));
    });

    it('stand for the tick: a pointer set after them acts from the next tick', async () => {
      const create = await make(richScene());
      const a = create();
      const b = create();
      for (let t = 0; t < 150; t++) {
        a.computeForces('walker');
        a.setPointer(...pointerAt(t));
        a.step();
        b.step();
        b.setPointer(...pointerAt(t));
      }
      expect(state(a)).toEqual(state(b));
    });
  });

  describe('snapshot', () => {
    it('resumes bit-exactly, also through JSON', async () => {
      const create = await make(richScene());
      const w = create({ seed: 5 });
      for (let t = 0; t < 100; t++) {
        w.setPointer(...pointerAt(t));
        w.step();
      }
      w.setTarget('goal', 123, 321);
      const snap = w.snapshot();
      const direct = create({ snapshot: snap });
      const viaJson = create({ snapshot: JSON.parse(JSON.stringify(snap)) as Snapshot });
      expect(direct.tick).toBe(100);
      for (let t = 100; t < 200; t++) {
        for (const x of [w, direct, viaJson]) {
          x.setPointer(...pointerAt(t));
          x.step();
        }
      }
      expect(state(direct)).toEqual(state(w));
      expect(state(viaJson)).toEqual(state(w));
      expect(viaJson.snapshot()).toEqual(w.snapshot());
    });

    it('keeps −0 through JSON', async () => {
      const create = await make(richScene());
      const w = create();
      w.step(10);
      w.velocities('wolf')[1] = -0;
      w.positions('walker')[0] = -0;
      const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
      expect(snap.types.wolf.vel).toMatchObject({ negativeZero: [1] });
      const resumed = create({ snapshot: snap });
      expect(Object.is(resumed.velocities('wolf')[1], -0)).toBe(true);
      expect(Object.is(resumed.positions('walker')[0], -0)).toBe(true);
      expect(state(resumed)).toEqual(state(w));
      w.step(50);
      resumed.step(50);
      expect(state(resumed)).toEqual(state(w));
    });

    it('taken between computeForces and step, resumes with the same forces', async () => {
      const create = await make(richScene());
      const w = create();
      w.step(20);
      w.computeForces('boid');
      w.setPointer(10, 10);
      const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
      const resumed = create({ snapshot: snap });
      expect(Array.from(resumed.computeForces('boid'))).toEqual(Array.from(w.computeForces('boid')));
      w.step(30);
      resumed.step(30);
      expect(state(resumed)).toEqual(state(w));
    });
  });

  describe('setCount', () => {
    it('new agents spawn as if they had been there from the start', async () => {
      const create = await make(richScene());
      const ten = create({ counts: { boid: 10 } });
      const five = create({ counts: { boid: 5 } });
      five.setCount('boid', 10);
      expect(Array.from(five.positions('boid'))).toEqual(Array.from(ten.positions('boid')));
      expect(Array.from(five.velocities('boid'))).toEqual(Array.from(ten.velocities('boid')));
      // … and start their node memory at the defaults (Wander's vector (1, 0)).
      expect(five.snapshot().types.boid.memory).toEqual(ten.snapshot().types.boid.memory);
    });

    it('added later, they spawn at their own index’s place; removed, the rest stay', async () => {
      const create = await make(richScene());
      const fresh = create({ counts: { boid: 12 } });
      const w = create({ counts: { boid: 8 } });
      w.step(40);
      const kept = Array.from(w.positions('boid').subarray(0, 12));
      w.setCount('boid', 12);
      expect(Array.from(w.positions('boid').subarray(16, 24))).toEqual(Array.from(fresh.positions('boid').subarray(16, 24)));
      w.setCount('boid', 6);
      expect(Array.from(w.positions('boid'))).toEqual(kept);
      expect(w.agents('boid').length).toBe(6);
      w.step(5);
      expect(w.positions('boid').every(Number.isFinite)).toBe(true);
    });
  });

  describe('setObstacles', () => {
    it('replaces the circles that Avoid reads, drifting ones moving each tick', async () => {
      const create = await make(richScene());
      const w = create();
      w.setObstacles([{ x: 100, y: 100, r: 10, vx: 1, vy: -0.5 }]);
      expect(w.snapshot().obstacles).toEqual([100, 100, 10, 1, -0.5]);
      w.step(2);
      expect(w.snapshot().obstacles).toEqual([102, 99, 10, 1, -0.5]);
      // A circle on top of a boid pushes it away: its force changes.
      const a = create();
      const b = create();
      const [x, y] = a.positions('boid');
      b.setObstacles([{ x: x + 15, y, r: 10 }]);
      expect(Array.from(b.computeForces('boid').subarray(0, 2))).not.toEqual(Array.from(a.computeForces('boid').subarray(0, 2)));
      expect(b.computeForces('boid')[0]).toBeLessThan(0);
    });
  });
});

describe('the imported module', () => {
  it('exports the scene, deeply frozen', async () => {
    const doc = richScene();
    const mod = await importModule(dir, emitModule(doc).js);
    const s = mod.scene as SceneDocument;
    expect(s).toEqual(doc);
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.world.obstacles[0])).toBe(true);
    expect(Object.isFrozen(s.agentTypes[2].states[0].graph.nodes[1].params)).toBe(true);
    expect(() => {
      (s.agentTypes[0] as { count: number }).count = 1000;
    }).toThrow(TypeError);
    expect(mod.createWorld().agents('boid').length).toBe(40);
  });

  it('resumes a snapshot of the same scene compiled from a different graph', async () => {
    // Before: the walker follows its path plus a Wander "w1". After: w1 is gone, a new Wander "w2"
    // joins, and a new agent type appears. Follow Path keeps its waypoint index; w2 starts at its
    // default; w1's memory is dropped; the new type spawns as in a fresh world.
    const before = scene(
      [
        agentType(
          'walker',
          [node('route', 'path', { path: 'loop' }), node('follow', 'follow-path'), node('w1', 'wander', { jitter: 3 }), node('sum', 'sum'), node('out', 'agent-output')],
          [wire('route.path', 'follow.path'), wire('follow.force', 'sum.in0'), wire('w1.force', 'sum.in1'), wire('sum.force', 'out.force')],
          { count: 6 },
        ),
      ],
      { paths: [{ id: 'loop', points: [[100, 100], [700, 100], [400, 500]], loop: true }] },
    );
    const after = structuredClone(before);
    const g = after.agentTypes[0].states[0].graph;
    g.nodes = g.nodes.filter((n) => n.id !== 'w1');
    g.nodes.unshift(node('w2', 'wander', { radius: 8 }));
    g.connections = g.connections.filter((c) => c.from[0] !== 'w1');
    g.connections.push(wire('w2.force', 'sum.in2'));
    after.agentTypes.push(agentType('newcomer', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')], { count: 2 }));

    const old = await importModule(dir, emitModule(before).js);
    const next = await importModule(dir, emitModule(after).js);
    const w = old.createWorld();
    w.step(200);
    const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
    expect(Object.keys(snap.types.walker.memory)).toEqual(['follow', 'w1']);
    const resumed = next.createWorld({ snapshot: snap });
    expect(resumed.tick).toBe(200);
    expect(Array.from(resumed.positions('walker'))).toEqual(Array.from(w.positions('walker')));
    expect(Array.from(resumed.velocities('walker'))).toEqual(Array.from(w.velocities('walker')));
    const memory = resumed.snapshot().types.walker.memory;
    expect(Object.keys(memory).sort()).toEqual(['follow', 'w2']);
    expect(memory.follow).toEqual(snap.types.walker.memory.follow);
    expect(memory.w2).toEqual(new Array(6).fill([1, 0]).flat());
    expect(Array.from(resumed.positions('newcomer'))).toEqual(Array.from(next.createWorld().positions('newcomer')));
    resumed.step(100);
    expect(resumed.positions('walker').every(Number.isFinite)).toBe(true);
  });
});
