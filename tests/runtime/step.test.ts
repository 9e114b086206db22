import { describe, expect, it } from 'vitest';
import { computeForces, step, type ForceFn } from '../../runtime/step';
import { seek } from '../../runtime/behaviors/seek';
import { wander } from '../../runtime/behaviors/wander';
import { nearestAgent } from '../../runtime/grid';
import { Rng } from '../../runtime/rng';
import { World } from '../../runtime/world';
import { oneAgent, spec } from './helpers';

const seekPoint =
  (tx: number, ty: number): ForceFn =>
  (_w, a) => {
    for (let i = 0; i < a.count; i++) {
      seek(a.force, 2 * i, a, i, Float64Array.of(tx, ty), 0);
    }
  };

describe('step', () => {
  it('moves an agent by its capped force and advances the tick', () => {
    const w = oneAgent(100, 100);
    step(w, [seekPoint(200, 100)]);
    // desired (4, 0) − v (0, 0) capped at maxForce 0.2 → v = (0.2, 0), p = (100.2, 100)
    expect(Array.from(w.types[0].vel)).toEqual([0.2, 0]);
    expect(Array.from(w.types[0].pos)).toEqual([100.2, 100]);
    expect(w.tick).toBe(1);
  });
});

describe('step: synchronous update', () => {
  /**
   * Agent 0 at (100, 100) moving (0, 2), agent 1 at (200, 100) moving (0, −2), each seeking the
   * other's position (maxSpeed 4, maxForce 0.2). From the snapshot, agent 0 steers by
   * truncate((4, 0) − (0, 2), 0.2) and agent 1 by truncate((−4, 0) − (0, −2), 0.2).
   */
  const k = 0.2 / Math.sqrt(20);
  const expected0 = { vel: [4 * k, 2 - 2 * k], pos: [100 + 4 * k, 100 + (2 - 2 * k)] };
  const expected1 = { vel: [-4 * k, -2 + 2 * k], pos: [200 - 4 * k, 100 + (-2 + 2 * k)] };

  it('two agents of one type seeking each other both use the pre-move positions', () => {
    const w = new World(spec({ count: 2 }));
    const a = w.types[0];
    a.pos.set([100, 100, 200, 100]);
    a.vel.set([0, 2, 0, -2]);
    const seekEachOther: ForceFn = (_w, t) => {
      seek(t.force, 0, t, 0, t.pos, 2);
      seek(t.force, 2, t, 1, t.pos, 0);
    };
    step(w, [seekEachOther]);
    expect([a.vel[0], a.vel[1]]).toEqual(expected0.vel);
    expect([a.pos[0], a.pos[1]]).toEqual(expected0.pos);
    expect([a.vel[2], a.vel[3]]).toEqual(expected1.vel);
    expect([a.pos[2], a.pos[3]]).toEqual(expected1.pos);
  });

  it('two agents of different types seeking each other both use the pre-move positions', () => {
    const w = new World({
      ...spec(),
      agentTypes: [
        { id: 'police', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        { id: 'thief', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
      ],
    });
    const [police, thief] = w.types;
    police.pos.set([100, 100]);
    police.vel.set([0, 2]);
    thief.pos.set([200, 100]);
    thief.vel.set([0, -2]);
    const seekOther =
      (other: number): ForceFn =>
      (world, t) =>
        seek(t.force, 0, t, 0, world.types[other].pos, 0);
    // (had the police moved first, the thief would have aimed at (100.18, 101.91) instead)
    step(w, [seekOther(1), seekOther(0)]);
    expect(Array.from(police.vel)).toEqual(expected0.vel);
    expect(Array.from(police.pos)).toEqual(expected0.pos);
    expect(Array.from(thief.vel)).toEqual(expected1.vel);
    expect(Array.from(thief.pos)).toEqual(expected1.pos);
  });

  it('moves drifting obstacles after every force of the tick has read them', () => {
    const w = new World(spec({ count: 1 }, { obstacles: [{ x: 100, y: 100, r: 5, vx: 1, vy: 0 }] }));
    const seen: number[] = [];
    step(w, [(world) => void seen.push(world.obstacles[0])], 3);
    expect(seen).toEqual([100, 101, 102]);
    expect(w.obstacles[0]).toBe(103);
  });

  it('rebuilds each queried type\'s grid from this tick\'s positions before any force', () => {
    const w = new World(spec({ count: 2, maxSpeed: 10, maxForce: 10 }), [{ queryRadius: 50 }]);
    const a = w.types[0];
    a.pos.set([10, 10, 700, 500]);
    a.vel.set([0, 0, 0, 0]);
    const nearestToCorner: number[] = [];
    const fn: ForceFn = (_w, t) => {
      nearestToCorner.push(nearestAgent(t.grid!, Float64Array.of(0, 0), 0, -1, 0));
      // agent 0 runs away from the corner, agent 1 runs to it
      t.force.set([10, 10, -10, -10]);
    };
    step(w, [fn], 80);
    expect(nearestToCorner[0]).toBe(0);
    expect(nearestToCorner[79]).toBe(1);
  });
});

describe('step: ticks, forces and determinism', () => {
  /** Wander with 2 memory slots and 1 draw per agent, as the compiler emits it. */
  const layout = { memory: [1, 0], draws: 1 };
  const wanderFn: ForceFn = (_w, a) => {
    for (let i = 0; i < a.count; i++) wander(a.force, 2 * i, a, i, 0, 0, 10, 5, 1);
  };
  const fresh = (seed = 3) => new World(spec({ count: 20 }, { seed }), [layout]);

  function state(w: World) {
    const a = w.types[0];
    return {
      tick: w.tick,
      pos: Array.from(a.pos),
      vel: Array.from(a.vel),
      head: Array.from(a.head),
      mem: Array.from(a.mem),
      rng: w.rng.getState(),
    };
  }

  it('step(w, fns, n) equals n calls of step(w, fns)', () => {
    const a = fresh();
    const b = fresh();
    step(a, [wanderFn], 25);
    for (let t = 0; t < 25; t++) step(b, [wanderFn]);
    expect(a.tick).toBe(25);
    expect(state(a)).toEqual(state(b));
    // and the world did move
    expect(state(a).pos).not.toEqual(state(fresh()).pos);
  });

  it('ticks = 0 does nothing', () => {
    const w = fresh();
    let calls = 0;
    step(w, [() => void calls++], 0);
    expect(calls).toBe(0);
    expect(state(w)).toEqual(state(fresh()));
  });

  it('computeForces then step equals step alone; a second computeForces does nothing', () => {
    const a = fresh();
    const b = fresh();
    let calls = 0;
    const counted: ForceFn = (w, t) => {
      calls++;
      wanderFn(w, t);
    };
    computeForces(a, [counted]);
    expect(a.forcesReady).toBe(true);
    const forces = Array.from(a.types[0].force);
    const rng = a.rng.getState();
    // forces are computed, nobody moved, the tick did not advance
    expect(Array.from(a.types[0].pos)).toEqual(Array.from(fresh().types[0].pos));
    expect(a.tick).toBe(0);
    computeForces(a, [counted]);
    expect(calls).toBe(1);
    expect(a.rng.getState()).toEqual(rng);
    expect(Array.from(a.types[0].force)).toEqual(forces);

    step(a, [counted]);
    expect(calls).toBe(1);
    expect(a.forcesReady).toBe(false);
    step(b, [wanderFn]);
    expect(state(a)).toEqual(state(b));
    expect(Array.from(b.types[0].force)).toEqual(forces);
    // and the next tick computes afresh
    step(a, [counted]);
    expect(calls).toBe(2);
  });

  it('the same spec, seed and force functions give bit-identical trajectories; another seed differs', () => {
    const a = fresh(8);
    const b = fresh(8);
    step(a, [wanderFn], 200);
    step(b, [wanderFn], 200);
    expect(state(a)).toEqual(state(b));
    const c = fresh(9);
    step(c, [wanderFn], 200);
    expect(state(c).pos).not.toEqual(state(a).pos);
  });

  it('a missing force function means zero force', () => {
    const w = oneAgent(100, 100, 1, 0.5);
    w.types[0].force.set([3, 3]);
    step(w, []);
    expect(Array.from(w.types[0].force)).toEqual([0, 0]);
    expect(Array.from(w.types[0].vel)).toEqual([1, 0.5]);
    expect(Array.from(w.types[0].pos)).toEqual([101, 100.5]);
  });
});

describe('step: random draws', () => {
  it('are drawn before any force: types in scene order, agents by index, each agent\'s draws in order', () => {
    const w = new World(
      {
        ...spec(),
        seed: 5,
        agentTypes: [
          { id: 'a', count: 3, mass: 1, maxSpeed: 4, maxForce: 0.2 },
          { id: 'none', count: 4, mass: 1, maxSpeed: 4, maxForce: 0.2 },
          { id: 'b', count: 2, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        ],
      },
      [{ draws: 2 }, undefined, { draws: 3 }],
    );
    const seen: number[][][] = [];
    // type 0's function also records type 2's draws: they are already drawn for this tick
    const record0: ForceFn = (world, a) => void seen.push([Array.from(a.rnd), Array.from(world.types[2].rnd)]);
    const record2: ForceFn = (_w, a) => void seen[seen.length - 1].push(Array.from(a.rnd));
    step(w, [record0, undefined as unknown as ForceFn, record2], 2);

    const r = new Rng(5);
    const next = (n: number) => Array.from({ length: n }, () => r.next());
    for (let t = 0; t < 2; t++) {
      // a: agent 0 draws 0 and 1, agent 1 draws 2 and 3, agent 2 draws 4 and 5; then b
      const a = next(6);
      const b = next(6);
      expect(seen[t]).toEqual([a, b, b]);
    }
    expect(w.rng.getState()).toEqual(r.getState());
    expect(w.types[1].rnd.length).toBe(0);
  });

  it('a type without a force function still draws its numbers (the order never depends on the graphs present)', () => {
    const mk = () => new World({ ...spec(), agentTypes: [spec().agentTypes[0], { ...spec().agentTypes[0], id: 'b' }] }, [{ draws: 1 }, { draws: 1 }]);
    const withFn = mk();
    const without = mk();
    step(withFn, [() => {}, () => {}], 3);
    step(without, [() => {}], 3);
    expect(without.rng.getState()).toEqual(withFn.rng.getState());
    expect(Array.from(without.types[1].rnd)).toEqual(Array.from(withFn.types[1].rnd));
  });
});
