/**
 * What the module's API refuses, as a game meets it: snapshots that make no sense or belong to
 * another scene, calls that would run for hours, sparse and odd arguments, and values a game wrote
 * into the live arrays. Run in process and through the exported module imported by Node.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, MAX_TICKS_PER_STEP, type BehaviorWorld, type Snapshot, type WorldOptions } from '../../runtime/api';
import { LIMITS } from '../../runtime/world';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import { LIMITS as DOC_LIMITS, RANGES } from '../../src/document/schema';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, richScene, scene, wire } from '../fixtures/scenes';

type Factory = (options?: WorldOptions) => BehaviorWorld;
type Make = (doc: SceneDocument) => Promise<Factory>;

const dir = tempDir('steergraph-limits-');
afterAll(() => removeDir(dir));

const inProcess: Make = async (doc) => {
  const program = instantiate(compile(doc));
  return (options) => createBehaviorWorld(doc, program, options);
};
const imported: Make = async (doc) => {
  const mod = await importModule(dir, emitModule(doc).js);
  return (options) => mod.createWorld(options);
};

function preset(key: string): SceneDocument {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../presets/${key}.steer.json`), 'utf8')) as SceneDocument;
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

/** A snapshot as JSON gives it back, to edit. */
function json(w: BehaviorWorld): Snapshot {
  return JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
}

/** A hunter that pursues the nearest prey (anywhere), and prey that wander: `edges` as given. */
function hunt(edges: 'wrap' | 'bounce'): SceneDocument {
  return scene(
    [
      agentType('hunter', [node('near', 'nearest-agent', { agentType: 'prey' }), node('p', 'pursue'), node('out', 'agent-output')], [wire('near.agent', 'p.target'), wire('p.force', 'out.force')], { count: 1 }),
      agentType('prey', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')], { count: 20 }),
    ],
    { edges },
  );
}

describe('the runtime mirrors the loader’s limits', () => {
  it('has the same ranges as src/document/schema.ts', () => {
    expect(LIMITS.coordinate).toBe(RANGES.coordinate.max);
    expect(-LIMITS.coordinate).toBe(RANGES.coordinate.min);
    expect(LIMITS.obstacleRadius).toBe(RANGES.obstacleRadius.max);
    expect(LIMITS.obstacleVelocity).toBe(RANGES.obstacleVelocity.max);
    expect(-LIMITS.obstacleVelocity).toBe(RANGES.obstacleVelocity.min);
    expect(LIMITS.maxSpeed).toBe(RANGES.maxSpeed.max);
    expect(LIMITS.maxForce).toBe(RANGES.maxForce.max);
    expect(LIMITS.count).toBe(RANGES.count.max);
    expect(LIMITS.agentsTotal).toBe(DOC_LIMITS.agentsTotal);
    expect(LIMITS.walls).toBe(DOC_LIMITS.walls);
    expect(LIMITS.pointsPerWall).toBe(DOC_LIMITS.pointsPerWall);
    expect(LIMITS.wallPoints).toBe(DOC_LIMITS.wallPoints);
    expect(LIMITS.pointsPerPath).toBe(DOC_LIMITS.pointsPerPath);
  });
});

describe.each([
  ['in process', inProcess],
  ['imported module', imported],
] as const)('%s', (_, make) => {
  describe('snapshots are checked for sense', () => {
    it('refuses every value out of the loader’s ranges, naming the field and the index', async () => {
      const create = await make(richScene());
      const w = create();
      w.step(3);
      const base = json(w);
      const cases: [string, (s: any) => void, string][] = [
        ['negative maxSpeed', (s) => (s.types.boid.maxSpeed[2] = -4), 'createWorld: snapshot.types.boid.maxSpeed[2]: expected a number from 0 to 20000 px/tick, got -4'],
        ['negative maxForce', (s) => (s.types.wolf.maxForce[0] = -0.2), 'createWorld: snapshot.types.wolf.maxForce[0]: expected a number from 0 to 20000 px/tick², got -0.2'],
        ['obstacle radius −50', (s) => (s.obstacles = [100, 100, -50, 0, 0]), 'createWorld: snapshot.obstacles[2]: expected a number from 0 to 1000000 px, got -50'],
        ['obstacle drifting too fast', (s) => (s.obstacles = [100, 100, 5, 0, 1e6]), 'createWorld: snapshot.obstacles[4]: expected a number from -10000 to 10000 px/tick, got 1000000'],
        ['position 1e308', (s) => (s.types.boid.pos[5] = 1e308), 'createWorld: snapshot.types.boid.pos[5]: expected a number from -10000000 to 10000000 px, got 1e+308'],
        ['velocity 1e308', (s) => (s.types.boid.vel[0] = -1e308), 'createWorld: snapshot.types.boid.vel[0]: expected a number from -10000000 to 10000000 px/tick, got -1e+308'],
        ['heading not a unit vector', (s) => (s.types.boid.head[1] = 7), 'createWorld: snapshot.types.boid.head[1]: expected a number from -1.000001 to 1.000001, got 7'],
        ['pointer far away', (s) => (s.pointer = [0, 1e9]), 'createWorld: snapshot.pointer[1]: expected a number from -10000000 to 10000000 px, got 1000000000'],
        ['target far away', (s) => (s.targets.goal = [-2e7, 0]), 'createWorld: snapshot.targets.goal[0]: expected a number from -10000000 to 10000000 px, got -20000000'],
        ['memory 1e300', (s) => (s.types.boid.memory[Object.keys(s.types.boid.memory)[0]][0] = 1e300), 'expected a number from -1000000000000 to 1000000000000, got 1e+300'],
        ['tick beyond 2⁵³', (s) => (s.tick = 2 ** 53), 'createWorld: snapshot.tick: expected a whole number ≥ 0'],
        ['a count over the limit', (s) => (s.types.boid.count = 100_001), 'createWorld: snapshot.types.boid.count: expected a whole number ≤ 100000, got 100001'],
      ];
      for (const [name, edit, message] of cases) {
        const s = structuredClone(base);
        edit(s);
        expect(errorOf(() => create({ snapshot: s })), name).toContain(message);
      }
      // the untouched snapshot resumes
      expect(create({ snapshot: base }).tick).toBe(3);
    });

    it('refuses a snapshot of another scene, saying which, and resumes one of its own', async () => {
      const flocking = await make(preset('flocking'));
      const largeFlock = await make(preset('large-flock'));
      const big = largeFlock();
      big.step(2);
      // The large flock (5,000 boids in 2000 × 1250, wrap) is not the flocking scene's (800 × 600, bounce).
      expect(errorOf(() => flocking({ snapshot: json(big) }))).toBe(
        'createWorld: snapshot: taken in another scene: a 2000 × 1250 px world with wrap edges; this scene has a 800 × 600 px world with bounce edges',
      );
      // Seek and Flee share their world (800 × 600, bounce) but not their agent types.
      const seek = await make(preset('seek'));
      const flee = await make(preset('flee'));
      expect(errorOf(() => flee({ snapshot: json(seek()) }))).toBe(
        'createWorld: snapshot: taken in another scene: it has agent type "seeker", which this scene does not (it has "fleer")',
      );
      // its own scene's snapshot, and one without the world (as modules exported before it wrote)
      const own = flocking();
      own.step(5);
      const snap = json(own);
      expect(snap.world).toEqual({ width: 800, height: 600, edges: 'bounce' });
      expect(flocking({ snapshot: snap }).tick).toBe(5);
      delete snap.world;
      expect(Array.from(flocking({ snapshot: snap }).positions('boid'))).toEqual(Array.from(own.positions('boid')));
    });
  });

  describe('nothing a call asks can hang the game', () => {
    it('step(n) takes at most 10,000 ticks per call', async () => {
      const w = (await make(richScene()))();
      expect(MAX_TICKS_PER_STEP).toBe(10_000);
      for (const n of [1e9, 2 ** 53, 10_001, Infinity]) {
        expect(errorOf(() => w.step(n)), String(n)).toBe(`step: expected a whole number of ticks from 0 to 10000, got ${n} (call step again for more)`);
      }
      expect(errorOf(() => w.step('3' as never))).toBe('step: expected a whole number of ticks from 0 to 10000, got "3" (call step again for more)');
      expect(w.tick).toBe(0);
      w.step(0);
      expect(w.tick).toBe(0);
    });

    it('setCount and createWorld hold the loader’s agent limits: 100,000 of a type, 200,000 in all', async () => {
      const create = await make(richScene());
      const w = create();
      expect(errorOf(() => w.setCount('boid', 1_000_000))).toBe('setCount: boid: expected a whole number ≤ 100000, got 1000000');
      expect(errorOf(() => w.setCount('boid', 100_001))).toBe('setCount: boid: expected a whole number ≤ 100000, got 100001');
      expect(errorOf(() => create({ counts: { boid: 100_001 } }))).toBe('createWorld: counts.boid: expected a whole number ≤ 100000, got 100001');
      expect(errorOf(() => create({ counts: { boid: 100_000, wolf: 100_000 } }))).toBe(
        'createWorld: counts: expected at most 200000 agents in all types together, got 200005',
      );
      const z = create({ counts: { boid: 0, wolf: 0, walker: 0 } });
      z.setCount('boid', 100_000);
      z.setCount('wolf', 99_000);
      expect(errorOf(() => z.setCount('walker', 1_001))).toBe(
        'setCount: walker: expected at most 1000 (the other types have 199000 agents; 200000 in all is the limit), got 1001',
      );
      expect(z.positions('walker').length).toBe(0);
      z.setCount('walker', 1_000);
      expect(z.positions('walker').length).toBe(2000);
    });
  });

  describe('sparse and odd arguments', () => {
    it('a hole in the obstacles is an error naming its index, and nothing changes', async () => {
      const w = (await make(richScene()))();
      const before = w.snapshot().obstacles;
      // eslint-disable-next-line no-sparse-arrays
      expect(errorOf(() => w.setObstacles([, { x: 100, y: 100, r: 10 }] as never))).toBe(
        'setObstacles: obstacles[0]: expected a circle { x, y, r }, got a hole in the array',
      );
      expect(errorOf(() => w.setObstacles([{ x: 1, y: 1, r: 1 }, , { x: 2, y: 2, r: 2 }] as never))).toBe(
        'setObstacles: obstacles[1]: expected a circle { x, y, r }, got a hole in the array',
      );
      expect(errorOf(() => w.setObstacles([{ x: 1, y: 1, r: 1 }, undefined] as never))).toBe('setObstacles: obstacles[1]: expected a circle { x, y, r }, got nothing');
      expect(errorOf(() => w.setObstacles([{ x: 1e8, y: 1, r: 1 }]))).toBe('setObstacles: obstacles[0].x: expected a number from -10000000 to 10000000 px, got 100000000');
      expect(w.snapshot().obstacles).toEqual(before);
    });

    it('methods taken off the world still act on it', async () => {
      const w = (await make(richScene()))();
      const { step, positions, setPointer, snapshot, computeForces, setCount } = w;
      setPointer(10, 20);
      computeForces('boid');
      step(2);
      setCount('wolf', 1);
      expect(w.tick).toBe(2);
      expect(positions('wolf')).toBe(w.positions('wolf'));
      expect(positions('wolf').length).toBe(2);
      expect(snapshot().pointer).toEqual([10, 20]);
      expect(Object.keys(w)).not.toContain('step');
    });
  });

  describe('values a game writes into the live arrays', () => {
    it.each(['wrap', 'bounce'] as const)('NaN, ±Infinity and values beyond ±10⁷ make the next step throw, naming type, agent and field, in a %s world', async (edges) => {
      const create = await make(hunt(edges));
      for (const [field, index, value] of [
        ['position', 7, NaN],
        ['position', 10, Infinity],
        ['velocity', 3, -Infinity],
        ['velocity', 0, NaN],
        ['position', 1, -2e7],
      ] as const) {
        const w = create();
        w.step(2);
        const before = JSON.stringify(w.snapshot());
        const arr = field === 'position' ? w.positions('prey') : w.velocities('prey');
        const old = arr[index];
        arr[index] = value;
        const list = field === 'position' ? 'positions' : 'velocities';
        const message =
          `agent ${index >> 1} of "prey" has ${field} ${index & 1 ? 'y' : 'x'} = ${value} (${list}("prey")[${index}]); ` +
          'expected a number from -10000000 to 10000000. Nothing moved: fix the value, or setCount to drop the agent.';
        expect(errorOf(() => w.step()), `${field}[${index}] = ${value}`).toBe(`step: ${message}`);
        expect(errorOf(() => w.computeForces('hunter'))).toBe(`computeForces: ${message}`);
        expect(w.tick).toBe(2);
        // nothing moved: put the value back and the world is as it was, and steps on
        arr[index] = old;
        expect(JSON.stringify(w.snapshot())).toBe(before);
        w.step();
        expect(w.tick).toBe(3);
      }
    });

    it.each(['wrap', 'bounce'] as const)('a position far outside the world stays seen by its neighbours, and the next step brings it back in (%s)', async (edges) => {
      const create = await make(hunt(edges));
      const w = create();
      w.step(1);
      const prey = w.positions('prey');
      const hunter = w.positions('hunter');
      // every prey written far outside the world (beyond its right and bottom edges), one of them
      // nearer, far off its left edge
      for (let i = 0; i < prey.length; i += 2) {
        prey[i] = 9_000_000;
        prey[i + 1] = 9_000_000;
      }
      hunter[0] = 100;
      hunter[1] = 300;
      prey[8] = -500_000;
      prey[9] = 300;
      // the hunter sees it (its Nearest Agent query found it): it steers left, to the far one
      expect(w.computeForces('hunter')[0]).toBeLessThan(0);
      w.step();
      const x = w.positions('prey')[8];
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(800);
      if (edges === 'bounce') expect(x).toBe(0);
      w.step(30);
      const p = w.positions('prey');
      for (let i = 0; i < p.length; i += 2) expect([p[i] >= 0 && p[i] <= 800, p[i + 1] >= 0 && p[i + 1] <= 600]).toEqual([true, true]);
    });
  });
});
