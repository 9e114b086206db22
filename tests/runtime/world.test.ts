import { describe, expect, it } from 'vitest';
import { World, checkCount, checkSeed, type AgentTypeSpec, type WorldSpec } from '../../runtime/world';
import { Rng } from '../../runtime/rng';
import { step } from '../../runtime/step';
import { spec } from './helpers';

/** The message of the error `fn` throws (fails the test when it does not throw). */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
  throw new Error('expected an error, none was thrown');
}

/** A spec with the given world fields and agent types. */
function worldSpec(types: AgentTypeSpec[], world: Partial<WorldSpec> = {}): WorldSpec {
  return { width: 800, height: 600, edges: 'wrap', seed: 7, agentTypes: types, ...world };
}

const sheep = (count: number, extra: Partial<AgentTypeSpec> = {}): AgentTypeSpec => ({
  id: 'sheep',
  count,
  mass: 1,
  maxSpeed: 4,
  maxForce: 0.2,
  ...extra,
});

/** Agent i's full state, for comparing agents across worlds. */
function agentState(w: World, k: number, i: number) {
  const a = w.types[k];
  const s = a.memStride;
  return {
    pos: [a.pos[2 * i], a.pos[2 * i + 1]],
    vel: [a.vel[2 * i], a.vel[2 * i + 1]],
    head: [a.head[2 * i], a.head[2 * i + 1]],
    maxSpeed: a.maxSpeed[i],
    maxForce: a.maxForce[i],
    mem: Array.from(a.mem.subarray(i * s, (i + 1) * s)),
  };
}

describe('World construction', () => {
  it('builds from plain data', () => {
    const w = new World(
      {
        width: 1000,
        height: 500,
        edges: 'bounce',
        seed: 42,
        obstacles: [{ x: 10, y: 20, r: 5 }, { x: 30, y: 40, r: 6, vx: 1, vy: -2 }],
        paths: [{ id: 'patrol', points: [[1, 2], [3, 4], [5, 6]], loop: true }, { id: 'empty', points: [], loop: false }],
        targets: [{ name: 'flag', x: 100, y: 200 }, { name: 'home', x: 7, y: 8 }],
        agentTypes: [sheep(3), { id: 'wolf', count: 2, mass: 2.5, maxSpeed: 6, maxForce: 0.5 }],
      },
      [{ memory: [1, 0, 0], draws: 2, queryRadius: 50, passes: 2 }],
    );
    expect([w.width, w.height, w.wrap, w.seed, w.tick]).toEqual([1000, 500, false, 42, 0]);
    expect(Array.from(w.targets)).toEqual([100, 200, 7, 8]);
    expect(w.targetNames).toEqual(['flag', 'home']);
    expect(w.obstacleCount).toBe(2);
    expect(Array.from(w.obstacles)).toEqual([10, 20, 5, 0, 0, 30, 40, 6, 1, -2]);
    expect(w.paths.map((p) => [p.id, p.n, p.loop, Array.from(p.pts)])).toEqual([
      ['patrol', 3, true, [1, 2, 3, 4, 5, 6]],
      ['empty', 0, false, []],
    ]);
    expect(w.types.map((t) => [t.index, t.id, t.count, t.mass])).toEqual([
      [0, 'sheep', 3, 1],
      [1, 'wolf', 2, 2.5],
    ]);
    expect(w.type('wolf')).toBe(w.types[1]);
    expect(w.type('cow')).toBeUndefined();
    expect(w.forcesReady).toBe(false);
    // the shared stream starts at the seed: spawning does not draw from it
    expect(w.rng.getState()).toEqual(new Rng(42).getState());

    const [s, wolf] = w.types;
    expect([s.memStride, s.draws, s.queryRadius, s.passCount]).toEqual([3, 2, 50, 2]);
    expect(Array.from(s.mem)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(s.rnd.length).toBe(6);
    expect(s.force.length).toBe(6);
    expect(s.passes.map((p) => p.length)).toEqual([6, 6]);
    expect(s.grid).not.toBeNull();
    expect(s.grid!.order.length).toBe(3);
    expect(s.grid!.cellSize).toBe(25);
    // a type without a layout: no memory, no draws, no grid, no passes
    expect([wolf.memStride, wolf.draws, wolf.queryRadius, wolf.passCount]).toEqual([0, 0, 0, 0]);
    expect([wolf.mem.length, wolf.rnd.length, wolf.passes.length, wolf.grid]).toEqual([0, 0, 0, null]);
    expect(Array.from(wolf.maxSpeed)).toEqual([6, 6]);
    expect(Array.from(wolf.maxForce)).toEqual([0.5, 0.5]);
  });

  it('copies the data: changing the spec afterwards changes nothing', () => {
    const targets = [{ name: 't', x: 1, y: 2 }];
    const obstacles = [{ x: 10, y: 20, r: 5 }];
    const points: [number, number][] = [[1, 2]];
    const w = new World(worldSpec([sheep(1)], { targets, obstacles, paths: [{ id: 'p', points, loop: false }] }));
    targets[0].x = 99;
    obstacles[0].x = 99;
    points[0][0] = 99;
    expect(w.targets[0]).toBe(1);
    expect(w.obstacles[0]).toBe(10);
    expect(w.paths[0].pts[0]).toBe(1);
  });

  it('the pointer starts at the centre of the world and moves only by setPointer', () => {
    const w = new World(worldSpec([sheep(1)], { width: 1000, height: 301 }));
    expect(Array.from(w.pointer)).toEqual([500, 150.5]);
    step(w, [], 3);
    expect(Array.from(w.pointer)).toEqual([500, 150.5]);
    w.setPointer(-20, 7.5);
    expect(Array.from(w.pointer)).toEqual([-20, 7.5]);
  });
});

describe('spawning', () => {
  it('golden values: agent 0 of "a" with seed 1', () => {
    const w = new World(spec({ count: 2 }));
    const a = w.types[0];
    expect([a.pos[0], a.pos[1]]).toEqual([181.13111481070518, 585.3900876827538]);
    expect([a.vel[0], a.vel[1]]).toEqual([1.9215277607667114, 0.5547351301322715]);
    expect([a.head[0], a.head[1]]).toEqual([0.9607638803833557, 0.27736756506613575]);
  });

  it('places agents uniformly inside the spawn rectangle, at spawn.speed × maxSpeed, heading along the velocity', () => {
    const w = new World(worldSpec([sheep(500, { spawn: { x: 100, y: 50, width: 200, height: 30, speed: 0.25 } })]));
    const a = w.types[0];
    let minX = Infinity;
    let maxX = -Infinity;
    for (let i = 0; i < a.count; i++) {
      const x = a.pos[2 * i];
      const y = a.pos[2 * i + 1];
      expect(x >= 100 && x < 300 && y >= 50 && y < 80).toBe(true);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      const vx = a.vel[2 * i];
      const vy = a.vel[2 * i + 1];
      expect(Math.hypot(vx, vy)).toBeCloseTo(1, 12);
      expect(Math.hypot(a.head[2 * i], a.head[2 * i + 1])).toBeCloseTo(1, 12);
      expect(a.head[2 * i]).toBeCloseTo(vx, 12); // |v| = 0.25 · 4 = 1
      expect(a.head[2 * i + 1]).toBeCloseTo(vy, 12);
    }
    // spread over the rectangle, not bunched
    expect(minX).toBeLessThan(110);
    expect(maxX).toBeGreaterThan(290);
  });

  it('defaults to the whole world and half of maxSpeed, in every direction', () => {
    const w = new World(worldSpec([sheep(400)]));
    const a = w.types[0];
    const quadrants = [0, 0, 0, 0];
    for (let i = 0; i < a.count; i++) {
      expect(a.pos[2 * i] >= 0 && a.pos[2 * i] < 800 && a.pos[2 * i + 1] >= 0 && a.pos[2 * i + 1] < 600).toBe(true);
      expect(Math.hypot(a.vel[2 * i], a.vel[2 * i + 1])).toBeCloseTo(2, 12);
      quadrants[(a.vel[2 * i] > 0 ? 1 : 0) + (a.vel[2 * i + 1] > 0 ? 2 : 0)]++;
    }
    for (const q of quadrants) expect(q).toBeGreaterThan(60);
  });

  it('a ring spawn places agent i on the ellipse inscribed in the rectangle at 360·i/count degrees, facing its centre, at spawn.speed × maxSpeed', () => {
    const w = new World(worldSpec([sheep(8, { spawn: { x: 100, y: 100, width: 400, height: 200, speed: 0.25, shape: 'ring' } })]));
    const a = w.types[0];
    // the centre is (300, 200), the half-axes 200 and 100; 45° steps, clockwise on screen from the right
    const at = [[500, 200], [300 + 200 * Math.SQRT1_2, 200 + 100 * Math.SQRT1_2], [300, 300], [300 - 200 * Math.SQRT1_2, 200 + 100 * Math.SQRT1_2], [100, 200]];
    at.forEach(([x, y], i) => {
      expect(a.pos[2 * i]).toBeCloseTo(x, 9);
      expect(a.pos[2 * i + 1]).toBeCloseTo(y, 9);
    });
    for (let i = 0; i < a.count; i++) {
      const tx = 300 - a.pos[2 * i];
      const ty = 200 - a.pos[2 * i + 1];
      const d = Math.hypot(tx, ty);
      expect(a.head[2 * i]).toBeCloseTo(tx / d, 12);
      expect(a.head[2 * i + 1]).toBeCloseTo(ty / d, 12);
      expect(a.vel[2 * i]).toBeCloseTo(tx / d, 12); // |v| = 0.25 · 4 = 1
      expect(a.vel[2 * i + 1]).toBeCloseTo(ty / d, 12);
    }
    // the same ring whatever the seed: only the per-agent variation is drawn
    const other = new World(worldSpec([sheep(8, { spawn: { x: 100, y: 100, width: 400, height: 200, speed: 0.25, shape: 'ring' } })], { seed: 99 }));
    expect(Array.from(other.types[0].pos)).toEqual(Array.from(a.pos));
  });

  it('a ring of size 0 puts every agent at its centre, each facing out along its angle; agents past the count go round again', () => {
    const w = new World(worldSpec([sheep(4, { spawn: { x: 400, y: 300, width: 0, height: 0, speed: 0, shape: 'ring' } })]));
    const a = w.types[0];
    expect(Array.from(a.pos)).toEqual([400, 300, 400, 300, 400, 300, 400, 300]);
    const heads = [[1, 0], [0, 1], [-1, 0], [0, -1]];
    heads.forEach(([x, y], i) => {
      expect(a.head[2 * i]).toBeCloseTo(x, 12);
      expect(a.head[2 * i + 1]).toBeCloseTo(y, 12);
    });
    expect(Array.from(a.vel).every((v) => v === 0)).toBe(true);
    w.setCount(0, 6);
    const h = w.types[0].head;
    expect([h.length, h[8], h[9], h[10], h[11]].map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([12, 1, 0, 0, 1]);
  });

  it('refuses a spawn shape it does not know, naming it', () => {
    expect(errorOf(() => new World(worldSpec([sheep(3, { spawn: { shape: 'star' as 'ring' } })])))).toBe('agentTypes[0].spawn.shape: expected "area" or "ring", got "star"');
  });

  it('a spawn rectangle reaching past the world spawns inside the world', () => {
    for (const edges of ['wrap', 'bounce'] as const) {
      const w = new World(worldSpec([sheep(300, { spawn: { x: 700, y: 500, width: 400, height: 400 } })], { edges }));
      const a = w.types[0];
      for (let i = 0; i < a.count; i++) {
        const x = a.pos[2 * i];
        const y = a.pos[2 * i + 1];
        if (edges === 'wrap') expect(x >= 0 && x < 800 && y >= 0 && y < 600).toBe(true);
        else expect(x >= 0 && x <= 800 && y >= 0 && y <= 600).toBe(true);
      }
    }
  });

  it('the same seed gives the same spawn; another seed another', () => {
    const a = new World(worldSpec([sheep(50), sheep(20, { id: 'wolf' })], { seed: 9 }));
    const b = new World(worldSpec([sheep(50), sheep(20, { id: 'wolf' })], { seed: 9 }));
    const c = new World(worldSpec([sheep(50), sheep(20, { id: 'wolf' })], { seed: 10 }));
    for (const k of [0, 1]) {
      expect(Array.from(b.types[k].pos)).toEqual(Array.from(a.types[k].pos));
      expect(Array.from(b.types[k].vel)).toEqual(Array.from(a.types[k].vel));
      expect(Array.from(b.types[k].head)).toEqual(Array.from(a.types[k].head));
      expect(Array.from(c.types[k].pos)).not.toEqual(Array.from(a.types[k].pos));
    }
    // two types with different ids do not spawn on top of each other
    expect(Array.from(a.types[1].pos)).not.toEqual(Array.from(a.types[0].pos.subarray(0, 40)));
  });

  it('an agent spawns from (seed, type id, index) only: not from the type\'s position in the scene or the other types', () => {
    const alone = new World(worldSpec([sheep(10, { id: 'wolf' })]));
    const second = new World(worldSpec([sheep(30), sheep(10, { id: 'wolf' })]));
    expect(Array.from(second.types[1].pos)).toEqual(Array.from(alone.types[0].pos));
    expect(Array.from(second.types[1].vel)).toEqual(Array.from(alone.types[0].vel));
  });

  it('variation gives each agent maxSpeed and maxForce within ±fraction of the type\'s, seeded', () => {
    const types = [sheep(300, { maxSpeed: 4, maxForce: 0.2, variation: { maxSpeed: 0.25, maxForce: 0.5 } })];
    const w = new World(worldSpec(types));
    const a = w.types[0];
    const speeds = Array.from(a.maxSpeed);
    const forces = Array.from(a.maxForce);
    for (const s of speeds) expect(s >= 3 && s <= 5).toBe(true);
    for (const f of forces) expect(f >= 0.1 && f <= 0.3).toBe(true);
    // spread over the interval
    expect(Math.min(...speeds)).toBeLessThan(3.1);
    expect(Math.max(...speeds)).toBeGreaterThan(4.9);
    expect(Math.min(...forces)).toBeLessThan(0.11);
    expect(Math.max(...forces)).toBeGreaterThan(0.29);
    // spawn speed follows the agent's own maxSpeed
    for (let i = 0; i < a.count; i++) expect(Math.hypot(a.vel[2 * i], a.vel[2 * i + 1])).toBeCloseTo(speeds[i] / 2, 12);
    expect(Array.from(new World(worldSpec(types)).types[0].maxSpeed)).toEqual(speeds);
    // without variation every agent has the type's values
    const plain = new World(worldSpec([sheep(5)])).types[0];
    expect(Array.from(plain.maxSpeed)).toEqual([4, 4, 4, 4, 4]);
    expect(Array.from(plain.maxForce)).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
  });
});

describe('World.setCount', () => {
  const layouts = [{ memory: [1, 0, 5], draws: 1, queryRadius: 40, passes: 1 }];

  it('grows: new agents are exactly those a world created with the larger count has', () => {
    const big = new World(worldSpec([sheep(25, { variation: { maxSpeed: 0.3, maxForce: 0.3 } })]), layouts);
    const w = new World(worldSpec([sheep(10, { variation: { maxSpeed: 0.3, maxForce: 0.3 } })]), layouts);
    w.setCount(0, 25);
    expect(w.types[0].count).toBe(25);
    for (let i = 0; i < 25; i++) expect(agentState(w, 0, i)).toEqual(agentState(big, 0, i));
  });

  it('grows without touching the survivors; new agents\' memory is at the layout defaults', () => {
    const w = new World(worldSpec([sheep(4)]), layouts);
    const a = w.types[0];
    // survivors with state a spawn would never produce
    a.pos.set([1, 2, 3, 4, 5, 6, 7, 8]);
    a.vel.set([0.5, 0, 0, 0.5, -0.5, 0, 0, -0.5]);
    a.mem.set([9, 9, 9, 8, 8, 8, 7, 7, 7, 6, 6, 6]);
    a.maxSpeed[2] = 1;
    const before = [0, 1, 2, 3].map((i) => agentState(w, 0, i));
    w.setCount(0, 7);
    expect([0, 1, 2, 3].map((i) => agentState(w, 0, i))).toEqual(before);
    expect(Array.from(w.types[0].mem.subarray(12))).toEqual([1, 0, 5, 1, 0, 5, 1, 0, 5]);
  });

  it('shrinks by removing agents from the end, survivors untouched; growing again spawns afresh', () => {
    const w = new World(worldSpec([sheep(10)]), layouts);
    const fresh = new World(worldSpec([sheep(10)]), layouts);
    const a = w.types[0];
    a.pos[2 * 7] = 1;
    a.mem[3 * 8] = 42;
    a.mem[3 * 2] = 41;
    const before = [0, 1, 2, 3, 4].map((i) => agentState(w, 0, i));
    w.setCount(0, 5);
    expect(w.types[0].count).toBe(5);
    expect(w.types[0].pos.length).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => agentState(w, 0, i))).toEqual(before);
    w.setCount(0, 10);
    for (let i = 5; i < 10; i++) expect(agentState(w, 0, i)).toEqual(agentState(fresh, 0, i));
    expect(agentState(w, 0, 2).mem).toEqual([41, 0, 5]);
  });

  it('replaces every per-agent array at the new size, and the grid', () => {
    const w = new World(worldSpec([sheep(10)]), layouts);
    const a = w.types[0];
    const old = [a.pos, a.vel, a.head, a.force, a.maxSpeed, a.maxForce, a.mem, a.rnd, a.passes[0]];
    const grid = a.grid;
    w.setCount(0, 3);
    const now = [a.pos, a.vel, a.head, a.force, a.maxSpeed, a.maxForce, a.mem, a.rnd, a.passes[0]];
    now.forEach((arr, k) => expect(arr).not.toBe(old[k]));
    expect(now.map((x) => x.length)).toEqual([6, 6, 6, 6, 3, 3, 9, 3, 6]);
    expect(a.passes.length).toBe(1);
    expect(a.grid).toBe(grid);
    expect(a.grid!.order.length).toBe(3);
    w.setCount(0, 0);
    expect([a.count, a.pos.length, a.mem.length, a.grid!.order.length]).toEqual([0, 0, 0, 0]);
  });

  it('leaves the other types, the shared stream, the tick and this tick\'s computed forces alone', () => {
    const w = new World(worldSpec([sheep(3), sheep(4, { id: 'wolf' })]), layouts);
    step(w, [], 2);
    const wolves = Array.from(w.types[1].pos);
    const rng = w.rng.getState();
    w.types[0].force.set([1, 2, 3, 4, 5, 6]);
    w.forcesReady = true;
    w.setCount(0, 9);
    expect(Array.from(w.types[1].pos)).toEqual(wolves);
    expect(w.rng.getState()).toEqual(rng);
    expect(w.tick).toBe(2);
    // forces of this tick were drawn once: they stand, and the new agents get none this tick
    expect(w.forcesReady).toBe(true);
    expect(Array.from(w.types[0].force)).toEqual([1, 2, 3, 4, 5, 6, ...new Array(12).fill(0)]);
  });

  it('rejects a bad count or type index with a message naming it', () => {
    const w = new World(worldSpec([sheep(3), sheep(4, { id: 'wolf' })]));
    expect(errorOf(() => w.setCount(1, -1))).toBe('agentTypes[1].count: expected a whole number ≥ 0, got -1');
    expect(errorOf(() => w.setCount(0, 2.5))).toBe('agentTypes[0].count: expected a whole number ≥ 0, got 2.5');
    expect(errorOf(() => w.setCount(0, NaN))).toBe('agentTypes[0].count: expected a whole number ≥ 0, got NaN');
    expect(errorOf(() => w.setCount(2, 1))).toBe('setCount: agent type: expected an index from 0 to 1, got 2');
    expect(w.types[0].count).toBe(3);
    expect(w.types[1].count).toBe(4);
  });
});

describe('World.setObstacles', () => {
  it('replaces the obstacles (drift defaults to 0); forces computed for this tick stand', () => {
    const w = new World(worldSpec([sheep(1)], { obstacles: [{ x: 1, y: 2, r: 3 }] }));
    w.forcesReady = true;
    w.setObstacles([{ x: 10, y: 20, r: 30, vx: -1 }, { x: 40, y: 50, r: 0, vy: 0.5 }]);
    expect(w.obstacleCount).toBe(2);
    expect(Array.from(w.obstacles)).toEqual([10, 20, 30, -1, 0, 40, 50, 0, 0, 0.5]);
    expect(w.forcesReady).toBe(true);
    w.setObstacles([]);
    expect(w.obstacleCount).toBe(0);
    expect(w.obstacles.length).toBe(0);
  });

  it('rejects a bad circle and keeps the old obstacles', () => {
    const w = new World(worldSpec([sheep(1)], { obstacles: [{ x: 1, y: 2, r: 3 }] }));
    expect(errorOf(() => w.setObstacles([{ x: 1, y: 2, r: 3 }, { x: 1, y: NaN, r: 3 }]))).toBe(
      'obstacles[1].y: expected a finite number, got NaN',
    );
    expect(errorOf(() => w.setObstacles([{ x: 1, y: 2, r: -3 }]))).toBe('obstacles[0].r: expected a number from 0 to 1000000 px, got -3');
    expect(errorOf(() => w.setObstacles(null as never))).toBe('obstacles: expected an array of circles, got null');
    expect(w.obstacleCount).toBe(1);
    expect(Array.from(w.obstacles)).toEqual([1, 2, 3, 0, 0]);
  });
});

describe('validation: every error names its field', () => {
  const ok = (): WorldSpec =>
    worldSpec([sheep(2), { id: 'wolf', count: 1, mass: 1, maxSpeed: 5, maxForce: 0.3 }], {
      obstacles: [{ x: 1, y: 2, r: 3 }],
      paths: [{ id: 'p', points: [[0, 0], [10, 10]], loop: true }],
      targets: [{ name: 't', x: 5, y: 5 }],
    });

  /** The message for `ok()` changed by `edit`. */
  const messageFor = (edit: (s: WorldSpec & Record<string, any>) => void): string => {
    const s = ok() as WorldSpec & Record<string, any>;
    edit(s);
    return errorOf(() => new World(s));
  };

  it('accepts the valid spec', () => {
    expect(() => new World(ok())).not.toThrow();
  });

  it.each([
    ['negative count', (s: any) => (s.agentTypes[0].count = -5), 'agentTypes[0].count: expected a whole number ≥ 0, got -5'],
    ['fractional count', (s: any) => (s.agentTypes[1].count = 1.5), 'agentTypes[1].count: expected a whole number ≥ 0, got 1.5'],
    ['count as a string', (s: any) => (s.agentTypes[0].count = '3'), 'agentTypes[0].count: expected a whole number ≥ 0, got "3"'],
    ['huge count', (s: any) => (s.agentTypes[0].count = 2 ** 31), 'agentTypes[0].count: expected a whole number ≤ 100000, got 2147483648'],
    ['count over the loader’s 100,000', (s: any) => (s.agentTypes[0].count = 100_001), 'agentTypes[0].count: expected a whole number ≤ 100000, got 100001'],
    [
      'counts over 200,000 in all',
      (s: any) => ((s.agentTypes[0].count = 100_000), (s.agentTypes[1].count = 100_000), s.agentTypes.push({ ...s.agentTypes[1], id: 'x', count: 1 })),
      'agentTypes: expected at most 200000 agents in all types together, got 200001',
    ],
    ['obstacle beyond the coordinate range', (s: any) => (s.obstacles[0].x = -1e8), 'obstacles[0].x: expected a number from -10000000 to 10000000 px, got -100000000'],
    ['obstacle radius beyond the loader’s', (s: any) => (s.obstacles[0].r = 2e6), 'obstacles[0].r: expected a number from 0 to 1000000 px, got 2000000'],
    ['obstacle drift beyond the loader’s', (s: any) => (s.obstacles[0].vy = -1e5), 'obstacles[0].vy: expected a number from -10000 to 10000 px/tick, got -100000'],
    ['obstacles with a hole', (s: any) => (s.obstacles = [, { x: 1, y: 2, r: 3 }]), 'obstacles[0]: expected a circle { x, y, r }, got a hole in the array'],
    ['mass 0', (s: any) => (s.agentTypes[0].mass = 0), 'agentTypes[0].mass: expected a number > 0, got 0'],
    ['negative mass', (s: any) => (s.agentTypes[1].mass = -1), 'agentTypes[1].mass: expected a number > 0, got -1'],
    ['mass -0', (s: any) => (s.agentTypes[1].mass = -0), 'agentTypes[1].mass: expected a number > 0, got -0'],
    ['missing mass', (s: any) => delete s.agentTypes[0].mass, 'agentTypes[0].mass: expected a finite number, got nothing'],
    ['negative maxSpeed', (s: any) => (s.agentTypes[0].maxSpeed = -0.1), 'agentTypes[0].maxSpeed: expected a number ≥ 0, got -0.1'],
    ['negative maxForce', (s: any) => (s.agentTypes[1].maxForce = -2), 'agentTypes[1].maxForce: expected a number ≥ 0, got -2'],
    ['infinite maxSpeed', (s: any) => (s.agentTypes[0].maxSpeed = Infinity), 'agentTypes[0].maxSpeed: expected a finite number, got Infinity'],
    ['NaN maxForce', (s: any) => (s.agentTypes[0].maxForce = NaN), 'agentTypes[0].maxForce: expected a finite number, got NaN'],
    ['id not a string', (s: any) => (s.agentTypes[1].id = 3), 'agentTypes[1].id: expected a string, got 3'],
    ['agent type null', (s: any) => (s.agentTypes[1] = null), 'agentTypes[1]: expected an agent type, got null'],
    ['agentTypes missing', (s: any) => delete s.agentTypes, 'agentTypes: expected an array, got nothing'],
    ['NaN width', (s: any) => (s.width = NaN), 'width: expected a finite number, got NaN'],
    ['zero width', (s: any) => (s.width = 0), 'width: expected a number > 0, got 0'],
    ['infinite height', (s: any) => (s.height = -Infinity), 'height: expected a finite number, got -Infinity'],
    ['negative height', (s: any) => (s.height = -600), 'height: expected a number > 0, got -600'],
    ['unknown edge mode', (s: any) => (s.edges = 'torus'), 'edges: expected "wrap" or "bounce", got "torus"'],
    ['missing edge mode', (s: any) => delete s.edges, 'edges: expected "wrap" or "bounce", got nothing'],
    ['negative seed', (s: any) => (s.seed = -1), 'seed: expected a whole number from 0 to 4294967295, got -1'],
    ['fractional seed', (s: any) => (s.seed = 1.5), 'seed: expected a whole number from 0 to 4294967295, got 1.5'],
    ['seed too big', (s: any) => (s.seed = 2 ** 32), 'seed: expected a whole number from 0 to 4294967295, got 4294967296'],
    ['seed as a string', (s: any) => (s.seed = '1'), 'seed: expected a whole number from 0 to 4294967295, got "1"'],
    ['obstacle x NaN', (s: any) => (s.obstacles[0].x = NaN), 'obstacles[0].x: expected a finite number, got NaN'],
    ['obstacle negative radius', (s: any) => (s.obstacles[0].r = -1), 'obstacles[0].r: expected a number from 0 to 1000000 px, got -1'],
    ['obstacle drift infinite', (s: any) => (s.obstacles[0].vx = Infinity), 'obstacles[0].vx: expected a finite number, got Infinity'],
    ['obstacle null', (s: any) => (s.obstacles[0] = null), 'obstacles[0]: expected a circle { x, y, r }, got null'],
    ['obstacles not an array', (s: any) => (s.obstacles = {}), 'obstacles: expected an array, got an object'],
    ['path point NaN', (s: any) => (s.paths[0].points[1][1] = NaN), 'paths[0].points[1][1]: expected a finite number, got NaN'],
    ['path point missing', (s: any) => (s.paths[0].points[0] = [3]), 'paths[0].points[0][1]: expected a finite number, got nothing'],
    ['path points missing', (s: any) => delete s.paths[0].points, 'paths[0].points: expected an array of [x, y], got nothing'],
    ['path null', (s: any) => (s.paths[0] = null), 'paths[0]: expected a path { id, points, loop }, got null'],
    ['target x infinite', (s: any) => (s.targets[0].x = Infinity), 'targets[0].x: expected a finite number, got Infinity'],
    ['target y a string', (s: any) => (s.targets[0].y = '5'), 'targets[0].y: expected a finite number, got "5"'],
    ['target null', (s: any) => (s.targets[0] = null), 'targets[0]: expected a target { name, x, y }, got null'],
    ['spawn speed negative', (s: any) => (s.agentTypes[0].spawn = { speed: -1 }), 'agentTypes[0].spawn.speed: expected a number ≥ 0, got -1'],
    ['spawn width NaN', (s: any) => (s.agentTypes[1].spawn = { width: NaN }), 'agentTypes[1].spawn.width: expected a finite number, got NaN'],
    ['spawn null', (s: any) => (s.agentTypes[0].spawn = null), 'agentTypes[0].spawn: expected a rectangle { x, y, width, height, speed, shape }, got null'],
    ['variation above 1', (s: any) => (s.agentTypes[0].variation = { maxSpeed: 1.5 }), 'agentTypes[0].variation.maxSpeed: expected a fraction from 0 to 1, got 1.5'],
    ['variation negative', (s: any) => (s.agentTypes[0].variation = { maxForce: -0.1 }), 'agentTypes[0].variation.maxForce: expected a number ≥ 0, got -0.1'],
  ])('%s', (_name, edit, message) => {
    expect(messageFor(edit)).toBe(message);
  });

  it('a spec that is not an object', () => {
    expect(errorOf(() => new World(null as never))).toBe('world: expected an object, got null');
  });

  it('checkCount and checkSeed return the value they accept', () => {
    expect(checkCount(0, 'n')).toBe(0);
    expect(checkCount(100_000, 'n')).toBe(100_000);
    expect(checkSeed(0, 's')).toBe(0);
    expect(checkSeed(0xffffffff, 's')).toBe(0xffffffff);
  });
});
