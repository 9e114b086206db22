import { describe, expect, it } from 'vitest';
import { driftObstacles, integrate } from '../../runtime/integrate';
import { step } from '../../runtime/step';
import { World, type AgentTypeSpec, type WorldSpec } from '../../runtime/world';
import { oneAgent } from './helpers';

/** One agent at (x, y) with velocity (vx, vy) and this tick's raw force (fx, fy), integrated once. */
function tick(
  x: number,
  y: number,
  vx: number,
  vy: number,
  fx: number,
  fy: number,
  type: Partial<AgentTypeSpec> = {},
  world: Partial<WorldSpec> = {},
): { pos: number[]; vel: number[]; head: number[]; w: World } {
  const w = oneAgent(x, y, vx, vy, type, world);
  const a = w.types[0];
  a.force[0] = fx;
  a.force[1] = fy;
  integrate(w);
  // −0 reads as 0: the sign of a zero component is not observable
  const arr = (t: Float64Array) => Array.from(t, (v) => v + 0);
  return { pos: arr(a.pos), vel: arr(a.vel), head: arr(a.head), w };
}

describe('integrate: one tick', () => {
  it('v += f / m, p += v for a force under the caps', () => {
    const r = tick(100, 100, 1, 0, 0.125, -0.25, { maxForce: 1 });
    expect(r.vel).toEqual([1.125, -0.25]);
    expect(r.pos).toEqual([101.125, 99.75]);
  });

  it('caps the force at maxForce, keeping its direction', () => {
    // |(6, 8)| = 10 → (3, 4) at maxForce 5
    const r = tick(100, 100, 0, 0, 6, 8, { maxForce: 5, maxSpeed: 10 });
    expect(r.vel).toEqual([3, 4]);
    expect(r.pos).toEqual([103, 104]);
  });

  it('caps the force first, then divides by the mass', () => {
    // truncate((6, 8), 5) / 4 = (0.75, 1); dividing first would give (1.5, 2)
    const r = tick(100, 100, 0, 0, 6, 8, { maxForce: 5, maxSpeed: 10, mass: 4 });
    expect(r.vel).toEqual([0.75, 1]);
    expect(r.pos).toEqual([100.75, 101]);
    // mass 2: (0, 8) capped at 2 is (0, 2), halved (0, 1); dividing first would give (0, 2)
    const m2 = tick(100, 100, 0.5, 0, 0, 8, { maxForce: 2, mass: 2 });
    expect(m2.vel).toEqual([0.5, 1]);
    expect(m2.pos).toEqual([100.5, 101]);
  });

  it('caps the speed at maxSpeed after adding the force', () => {
    // v + f = (6, 8), |.| = 10 → (3, 4) at maxSpeed 5
    const r = tick(100, 100, 6, 0, 0, 8, { maxForce: 8, maxSpeed: 5 });
    expect(r.vel).toEqual([3, 4]);
    expect(r.pos).toEqual([103, 104]);
    // exactly at maxSpeed: unchanged
    const at = tick(100, 100, 3, 0, 0, 4, { maxForce: 4, maxSpeed: 5 });
    expect(at.vel).toEqual([3, 4]);
    // a hair over maxSpeed: capped too
    const over = tick(100, 100, 5, 0, 0.0001, 0, { maxForce: 4, maxSpeed: 5 });
    expect(over.vel).toEqual([5, 0]);
    expect(over.pos).toEqual([105, 100]);
  });

  it('maxForce 0: the velocity does not change', () => {
    const r = tick(100, 100, 1, 2, 50, -50, { maxForce: 0 });
    expect(r.vel).toEqual([1, 2]);
    expect(r.pos).toEqual([101, 102]);
  });

  it('maxSpeed 0 keeps the agent still, whatever the force and its velocity', () => {
    const r = tick(100, 100, 3, 4, 50, -50, { maxForce: 100, maxSpeed: 0 });
    expect(r.vel).toEqual([0, 0]);
    expect(r.pos).toEqual([100, 100]);
    expect(r.head).toEqual([0.6, 0.8]); // the last heading stays
  });

  it('does not change the force buffer', () => {
    const r = tick(100, 100, 0, 0, 6, 8, { maxForce: 5 });
    expect(Array.from(r.w.types[0].force)).toEqual([6, 8]);
  });
});

describe('integrate: heading', () => {
  it('follows the velocity', () => {
    const r = tick(100, 100, 0, 0, 0, -3, { maxForce: 10 });
    expect(r.head).toEqual([0, -1]);
    const d = tick(100, 100, 3, 4, 0, 0);
    expect(d.head[0]).toBeCloseTo(0.6, 15);
    expect(d.head[1]).toBeCloseTo(0.8, 15);
    const reflected = tick(799, 300, -3, 4, 0, 0, {}, { edges: 'bounce' });
    expect(reflected.head[0]).toBeCloseTo(-0.6, 15);
  });

  it('keeps its last value when the velocity becomes or stays zero', () => {
    // braking to a stop: v = (1, 0) + (−1, 0) = 0
    const r = tick(100, 100, 1, 0, -1, 0, { maxForce: 1 });
    expect(r.vel).toEqual([0, 0]);
    expect(r.head).toEqual([1, 0]);
    // at rest, no force: the heading set earlier stays
    const w = oneAgent(100, 100, 0, 0);
    const a = w.types[0];
    a.head.set([0, -1]);
    integrate(w);
    integrate(w);
    expect(Array.from(a.head)).toEqual([0, -1]);
  });

  it('keeps its value below a speed of 1e-9 px/tick and follows above', () => {
    const w = oneAgent(100, 100, 0, 0, { maxForce: 1 });
    const a = w.types[0];
    a.head.set([0, -1]);
    a.force.set([5e-10, 0]);
    integrate(w);
    expect(Array.from(a.vel)).toEqual([5e-10, 0]);
    expect(Array.from(a.head)).toEqual([0, -1]);
    a.force.set([1e-9, 0]); // speed 1.5e-9
    integrate(w);
    expect(Array.from(a.head, (v) => v + 0)).toEqual([1, 0]);
  });
});

describe('integrate: wrap edges', () => {
  const wrap = { edges: 'wrap' as const, width: 800, height: 600 };
  const fast = { maxSpeed: 1000, maxForce: 1000 };

  it('keeps the overshoot past the right and bottom edges: W + 3 → 3', () => {
    const r = tick(799, 598, 4, 5, 0, 0, fast, wrap);
    expect(r.pos).toEqual([3, 3]);
    expect(r.vel).toEqual([4, 5]);
  });

  it('keeps the overshoot past the left and top edges: −2 → W − 2', () => {
    const r = tick(1, 2, -3, -6, 0, 0, fast, wrap);
    expect(r.pos).toEqual([798, 596]);
  });

  it('x = W exactly wraps to 0', () => {
    const r = tick(796, 595, 4, 5, 0, 0, fast, wrap);
    expect(r.pos).toEqual([0, 0]);
  });

  it('when x + W rounds to W, x becomes 0 (positions stay in [0, W))', () => {
    // −1e-14 + 800 rounds to 800 (800's last bit is 1.1e-13)
    const r = tick(0, 0, -1e-14, -1e-14, 0, 0, fast, wrap);
    expect(r.pos).toEqual([0, 0]);
    // a slightly larger step back is representable
    const s = tick(0, 0, -1e-12, 0, 0, 0, fast, wrap);
    expect(s.pos[0]).toBe(800 - 1e-12);
    expect(s.pos[0]).toBeLessThan(800);
  });

  it('a step longer than the world keeps the overshoot modulo the size', () => {
    const r = tick(5, 5, 27, -33, 0, 0, fast, { edges: 'wrap', width: 10, height: 10 });
    expect(r.pos).toEqual([2, 2]);
  });

  it('leaves positions inside the world alone', () => {
    const r = tick(0, 599.5, 0.25, 0.25, 0, 0, fast, wrap);
    expect(r.pos).toEqual([0.25, 599.75]);
  });
});

describe('integrate: bounce edges', () => {
  const bounce = { edges: 'bounce' as const, width: 800, height: 600 };

  it('clamps to the border and reflects that velocity component', () => {
    const r = tick(798, 300, 4, 1, 0, 0, { maxSpeed: 10 }, bounce);
    expect(r.pos).toEqual([800, 301]);
    expect(r.vel).toEqual([-4, 1]);
    const top = tick(400, 1, 1, -3, 0, 0, {}, bounce);
    expect(top.pos).toEqual([401, 0]);
    expect(top.vel).toEqual([1, 3]);
  });

  it('reflects both components in a corner', () => {
    const r = tick(1, 599, -2, 2, 0, 0, { maxSpeed: 10 }, bounce);
    expect(r.pos).toEqual([0, 600]);
    expect(r.vel).toEqual([2, -2]);
  });

  it('the border itself is inside: an agent reaching exactly W keeps its velocity', () => {
    const r = tick(796, 300, 4, 0, 0, 0, {}, bounce);
    expect(r.pos).toEqual([800, 300]);
    expect(r.vel).toEqual([4, 0]);
    // and is clamped back on the next tick
    integrate(r.w);
    expect(Array.from(r.w.types[0].pos)).toEqual([800, 300]);
    expect(Array.from(r.w.types[0].vel)).toEqual([-4, 0]);
  });

  it('the reflected velocity carries the agent back in', () => {
    const w = oneAgent(799, 300, 4, 0, {}, bounce);
    integrate(w);
    integrate(w);
    expect(Array.from(w.types[0].pos)).toEqual([796, 300]);
  });
});

describe('integrate: every agent of every type', () => {
  it('moves all agents with their own maxSpeed, maxForce and their type\'s mass', () => {
    const w = new World({
      width: 800,
      height: 600,
      edges: 'wrap',
      seed: 1,
      agentTypes: [
        { id: 'a', count: 2, mass: 1, maxSpeed: 10, maxForce: 5 },
        { id: 'b', count: 1, mass: 4, maxSpeed: 10, maxForce: 5 },
      ],
    });
    const [a, b] = w.types;
    a.pos.set([100, 100, 200, 200]);
    a.vel.set([0, 0, 0, 0]);
    a.force.set([6, 8, 0, 1]);
    a.maxForce[1] = 0.5;
    b.pos.set([300, 300]);
    b.vel.set([1, 0]);
    b.force.set([6, 8]);
    integrate(w);
    expect(Array.from(a.pos)).toEqual([103, 104, 200, 200.5]);
    expect(Array.from(b.vel)).toEqual([1.75, 1]);
    expect(Array.from(b.pos)).toEqual([301.75, 301]);
  });
});

describe('driftObstacles', () => {
  function obstacles(o: Array<{ x: number; y: number; r: number; vx?: number; vy?: number }>, world: Partial<WorldSpec> = {}) {
    return new World({ width: 800, height: 600, edges: 'wrap', seed: 1, agentTypes: [], obstacles: o, ...world });
  }

  it('moves obstacles by their velocity and leaves still ones alone', () => {
    const w = obstacles([{ x: 100, y: 100, r: 10, vx: 1.5, vy: -2 }, { x: 50, y: 60, r: 5 }]);
    driftObstacles(w);
    expect(Array.from(w.obstacles)).toEqual([101.5, 98, 10, 1.5, -2, 50, 60, 5, 0, 0]);
  });

  it('bounces off the walls by its radius: clamps its centre and negates that velocity component', () => {
    const w = obstacles([
      { x: 788, y: 300, r: 10, vx: 3, vy: 0 }, // right: 791 > 790 → 790
      { x: 12, y: 300, r: 10, vx: -3, vy: 1 }, // left: 9 < 10 → 10
      { x: 400, y: 11, r: 10, vx: 0, vy: -2 }, // top
      { x: 400, y: 589, r: 10, vx: 0.5, vy: 2 }, // bottom
    ]);
    driftObstacles(w);
    expect(Array.from(w.obstacles)).toEqual([
      790, 300, 10, -3, 0,
      10, 301, 10, 3, 1,
      400, 10, 10, 0, 2,
      400.5, 590, 10, 0.5, -2,
    ]);
    driftObstacles(w);
    expect(Array.from(w.obstacles.subarray(0, 2))).toEqual([787, 300]);
  });

  it('bounces off walls whatever the agents\' edge mode, and step moves obstacles after the agents', () => {
    const w = obstacles([{ x: 795, y: 300, r: 10, vx: 10, vy: 0 }], {
      edges: 'bounce',
      agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 }],
    });
    step(w, [], 2);
    // tick 1: 805 → 790, vx −10; tick 2: 780
    expect(Array.from(w.obstacles)).toEqual([780, 300, 10, -10, 0]);
  });
});
