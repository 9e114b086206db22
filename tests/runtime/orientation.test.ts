/**
 * BEHAVIORS.md, "Orientation": the turn limit the integrator applies to a type with a maxTurnRate,
 * and the heading smoother (drawing only) of a type with headingSmoothing.
 */
import { describe, expect, it } from 'vitest';
import { dsincos } from '../../nodes/dsincos';
import { limitTurn, restoreSmoother, turnPair } from '../../runtime/orientation';
import { step, type ForceFn } from '../../runtime/step';
import { World, type TypeLayout } from '../../runtime/world';
import { oneAgent, spec } from './helpers';

const DEG = Math.PI / 180;
/** A force that sets the velocity to (vx, vy) in one tick (maxForce is large enough in these worlds). */
const toward = (vx: number, vy: number): ForceFn => (_w, A) => {
  for (let i = 0; i < A.count; i++) {
    A.force[2 * i] = vx - A.vel[2 * i];
    A.force[2 * i + 1] = vy - A.vel[2 * i + 1];
  }
};
const turning = (deg: number, extra: TypeLayout = {}): TypeLayout => ({ turn: dsincos(deg), ...extra });
/** One agent at (400, 300) heading +x at speed 2, with maxForce 100 (the cap never acts), in a world of the given layout. */
const agent = (layout: TypeLayout, world = {}) => {
  const w = oneAgent(400, 300, 2, 0, { maxForce: 100 }, world, layout);
  // the smoother starts from the heading placed (as it does from a spawn heading)
  restoreSmoother(w.types[0], undefined);
  return w;
};

describe('the turn limit', () => {
  it('turns h = (1, 0) asked to go to 90° by exactly 10° with rate 10: h′ = (cos 10°, sin 10°), speed kept', () => {
    const w = agent(turning(10));
    step(w, [toward(0, 2)]);
    const a = w.types[0];
    expect(Math.abs(a.head[0] - Math.cos(10 * DEG))).toBeLessThan(1e-15);
    expect(Math.abs(a.head[1] - Math.sin(10 * DEG))).toBeLessThan(1e-15);
    expect(Math.abs(Math.hypot(a.vel[0], a.vel[1]) - 2)).toBeLessThan(1e-15);
    // it moved along h′, not along the asked-for velocity
    expect(a.pos[0]).toBeGreaterThan(401.9);
    expect(Math.abs(a.pos[1] - 300 - 2 * Math.sin(10 * DEG))).toBeLessThan(1e-12);
  });

  it('turns the other way (−perp) when the target lies on that side', () => {
    const w = agent(turning(10));
    step(w, [toward(0, -2)]);
    const a = w.types[0];
    expect(Math.abs(a.head[1] + Math.sin(10 * DEG))).toBeLessThan(1e-15);
  });

  it('reaches the asked-for direction after ceil(90/10) ticks and then follows it freely', () => {
    const w = agent(turning(10));
    const a = w.types[0];
    const ys: number[] = [];
    for (let t = 0; t < 9; t++) {
      step(w, [toward(0, 2)]);
      ys.push(a.head[1]);
    }
    // monotone turning, 10° per tick: after 8 ticks 80°, the 9th closes the last 10°
    for (let t = 1; t < 9; t++) expect(ys[t]).toBeGreaterThan(ys[t - 1]);
    expect(Math.abs(a.head[1] - 1)).toBeLessThan(1e-14);
    expect(Math.abs(a.head[0])).toBeLessThan(1e-7);
  });

  it('turns an exactly opposite request (z = 0) toward +perp(h)', () => {
    const w = agent(turning(30));
    step(w, [toward(-2, 0)]);
    const a = w.types[0];
    expect(Math.abs(a.head[0] - Math.cos(30 * DEG))).toBeLessThan(1e-15);
    expect(Math.abs(a.head[1] - Math.sin(30 * DEG))).toBeLessThan(1e-15);
  });

  it('changes nothing within the limit: a 5° turn at rate 10 is the free integrator bit for bit', () => {
    const c = Math.cos(5 * DEG) * 2;
    const s = Math.sin(5 * DEG) * 2;
    const limited = agent(turning(10));
    const free = agent({});
    step(limited, [toward(c, s)], 3);
    step(free, [toward(c, s)], 3);
    expect(Array.from(limited.types[0].vel)).toEqual(Array.from(free.types[0].vel));
    expect(Array.from(limited.types[0].head)).toEqual(Array.from(free.types[0].head));
  });

  it('rate 180 never limits: its pair is no limit, and the run is the free one bit for bit', () => {
    expect(turnPair(dsincos(180))).toBeNull();
    const limited = agent(turning(180));
    const free = agent({});
    expect(limited.types[0].turn).toBeNull();
    step(limited, [toward(-2, 0)], 5);
    step(free, [toward(-2, 0)], 5);
    expect(Array.from(limited.types[0].vel)).toEqual(Array.from(free.types[0].vel));
  });

  it('v = 0 keeps h and turns nothing; an agent at rest turns from its last heading at most the limit per tick', () => {
    const w = agent(turning(10));
    const a = w.types[0];
    step(w, [toward(0, 0)]);
    expect([a.vel[0], a.vel[1], a.head[0], a.head[1]]).toEqual([0, 0, 1, 0]);
    step(w, [toward(0, 2)]);
    expect(Math.abs(a.head[1] - Math.sin(10 * DEG))).toBeLessThan(1e-15);
  });

  it('limitTurn leaves a tiny velocity (|v|² ≤ 1e−18) alone', () => {
    const io = Float64Array.of(0, 1e-10);
    limitTurn(io, 0, Float64Array.of(1, 0), 0, Float64Array.from(dsincos(10)));
    expect(Array.from(io)).toEqual([0, 1e-10]);
  });

  it('applies in a world with solid walls too, and a wall’s slide still turns the heading at once', () => {
    const walls = [{ id: 'w', points: [[0, 100], [800, 100]] as [number, number][], closed: false }];
    const free = new World(spec({ maxForce: 100 }, { walls }), [turning(10)]);
    const a = free.types[0];
    a.pos.set([400, 300]);
    a.vel.set([2, 0]);
    a.head.set([1, 0]);
    step(free, [toward(0, 2)]);
    expect(Math.abs(a.head[1] - Math.sin(10 * DEG))).toBeLessThan(1e-15);
    // heading straight up at the wall 1 px away: the slide leaves only the x part, heading +x at once
    a.pos.set([400, 101]);
    a.vel.set([0.5, -2]);
    const s = Math.hypot(0.5, 2);
    a.head.set([0.5 / s, -2 / s]);
    step(free, [toward(0.5, -2)]);
    expect(a.pos[1]).toBeGreaterThan(100);
    expect(a.head[0]).toBe(1);
  });

  it('limits only the type that has it', () => {
    const w = new World(
      { ...spec({ maxForce: 100 }), agentTypes: [{ id: 'tank', count: 1, mass: 1, maxSpeed: 4, maxForce: 100 }, { id: 'bird', count: 1, mass: 1, maxSpeed: 4, maxForce: 100 }] },
      [turning(10), {}],
    );
    for (const a of w.types) {
      a.vel.set([2, 0]);
      a.head.set([1, 0]);
    }
    step(w, [toward(0, 2), toward(0, 2)]);
    expect(Math.abs(w.types[0].head[1] - Math.sin(10 * DEG))).toBeLessThan(1e-15);
    expect(Array.from(w.types[1].head)).toEqual([0, 1]);
  });
});

describe('the heading smoother', () => {
  it('starts every slot and the drawn heading at the spawn heading', () => {
    const w = new World(spec({ count: 3 }), [{ smoothing: 4 }]);
    const a = w.types[0];
    expect(Array.from(a.drawn)).toEqual(Array.from(a.head));
    for (let i = 0; i < 3; i++) for (let s = 0; s < 4; s++) expect([a.ring[8 * i + 2 * s], a.ring[8 * i + 2 * s + 1]]).toEqual([a.head[2 * i], a.head[2 * i + 1]]);
  });

  it('draws normalize(Σ of the last k headings, in slot order), and after k ticks of one heading draws exactly it', () => {
    const w = agent({ smoothing: 4 });
    const a = w.types[0];
    step(w, [toward(0, 2)]);
    // slots: (0, 1) at slot 0, then three of (1, 0): sum (3, 1)
    expect(Array.from(a.drawn)).toEqual([3 / Math.sqrt(10), 1 / Math.sqrt(10)]);
    expect(Array.from(a.head)).toEqual([0, 1]);
    step(w, [toward(0, 2)], 3);
    expect(Array.from(a.drawn)).toEqual([0, 1]);
  });

  it('keeps the previous drawn heading when the sum is zero', () => {
    const w = agent({ smoothing: 2 });
    const a = w.types[0];
    step(w, [toward(-2, 0)]);
    // (−1, 0) + (1, 0) = 0: drawn stays (1, 0)
    expect(Array.from(a.drawn)).toEqual([1, 0]);
    step(w, [toward(-2, 0)]);
    expect(Array.from(a.drawn)).toEqual([-1, 0]);
  });

  it('changes nothing but the drawing: the trajectories are those of a type without it', () => {
    const smooth = new World(spec({ count: 20 }), [{ smoothing: 8 }]);
    const plain = new World(spec({ count: 20 }), [{}]);
    const wobble: ForceFn = (w, A) => {
      for (let i = 0; i < A.count; i++) {
        A.force[2 * i] = ((w.tick * 7 + i) % 5) - 2;
        A.force[2 * i + 1] = ((w.tick * 3 + i) % 7) - 3;
      }
    };
    step(smooth, [wobble], 50);
    step(plain, [wobble], 50);
    expect(Array.from(smooth.types[0].pos)).toEqual(Array.from(plain.types[0].pos));
    expect(Array.from(smooth.types[0].drawn)).not.toEqual(Array.from(smooth.types[0].head));
  });

  it('sizes with setCount: kept agents keep their ring, new ones start at their spawn heading', () => {
    const w = new World(spec({ count: 2 }), [{ smoothing: 3 }]);
    const a = w.types[0];
    step(w, [toward(1, 1)], 1);
    const ring = Array.from(a.ring);
    w.setCount(0, 4);
    expect(Array.from(a.ring.subarray(0, 12))).toEqual(ring);
    expect(Array.from(a.ring.subarray(12, 15))).toEqual([a.head[4], a.head[5], a.head[4]]);
    expect(Array.from(a.drawn.subarray(4))).toEqual(Array.from(a.head.subarray(4)));
  });
});
