import { describe, expect, it } from 'vitest';
import { arrive } from '../../../runtime/behaviors/arrive';
import { followPath } from '../../../runtime/behaviors/follow-path';
import { seek } from '../../../runtime/behaviors/seek';
import { World, type Agents, type Path } from '../../../runtime/world';
import { expectNear, pairAt, place, spec, type AgentState } from '../helpers';

/** BEHAVIORS.md's Seek and Arrive, from the formulas. */
function seekRef(s: AgentState, S: number, tx: number, ty: number): [number, number] {
  return arriveRef(s, S, tx, ty, 0);
}
function arriveRef(s: AgentState, S: number, tx: number, ty: number, R: number): [number, number] {
  const vx = s.vx ?? 0;
  const vy = s.vy ?? 0;
  const dx = tx - s.x;
  const dy = ty - s.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0) return [-vx, -vy];
  const speed = d > R ? S : (S * d) / R;
  return [(dx / d) * speed - vx, (dy / d) * speed - vy];
}

const SQUARE: [number, number][] = [
  [100, 100],
  [300, 100],
  [300, 300],
  [100, 300],
];

/** One agent with Follow Path's index in memory slot 0 (default 0), on a path of the world. */
function walker(s: AgentState, points: [number, number][], loop: boolean, index = 0): [Agents, Path] {
  const w = new World(spec({}, { paths: [{ id: 'p', points, loop }] }), [{ memory: [0] }]);
  const a = w.types[0];
  place(a, [s]);
  a.mem[0] = index;
  return [a, w.paths[0]];
}

const out = new Float64Array(2);

describe('followPath', () => {
  it('seeks the current waypoint while farther than the threshold', () => {
    const s = { x: 20, y: 40, vx: 1, vy: 0 };
    const [a, path] = walker(s, SQUARE, false);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(0);
    expectNear(out, 0, ...seekRef(s, 4, 100, 100));
  });

  it('advances to the next waypoint within the threshold and seeks it the same tick', () => {
    const s = { x: 110, y: 95, vx: 2, vy: 0 };
    const [a, path] = walker(s, SQUARE, false);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(1);
    expectNear(out, 0, ...seekRef(s, 4, 300, 100));
  });

  it('does not advance exactly on the threshold (strictly closer only)', () => {
    const [a, path] = walker({ x: 100, y: 120 }, SQUARE, false);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(0);
    expect(pairAt(out)).toEqual([0, -4]);
  });

  it('advances one waypoint per tick even when the next is also within reach', () => {
    const [a, path] = walker({ x: 100, y: 100 }, [[100, 100], [101, 100], [102, 100], [400, 100]], true);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(1);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(2);
  });

  it('on a looped path goes from the last waypoint back to the first', () => {
    const s = { x: 105, y: 290, vx: 0, vy: -1 };
    const [a, path] = walker(s, SQUARE, true, 3);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(0);
    expectNear(out, 0, ...seekRef(s, 4, 100, 100));
  });

  it('on a looped path seeks the last waypoint like any other (no slowing down)', () => {
    const s = { x: 150, y: 280, vx: -1, vy: 0 };
    const [a, path] = walker(s, SQUARE, true, 3);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(3);
    expectNear(out, 0, ...seekRef(s, 4, 100, 300));
  });

  it('on an open path arrives at the last waypoint once it becomes current', () => {
    const s = { x: 295, y: 290, vx: 0, vy: 1 };
    const [a, path] = walker(s, SQUARE, false, 2);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(3);
    expectNear(out, 0, ...arriveRef(s, 4, 100, 300, 100));
  });

  it('on an open path stays on the last waypoint within the threshold, arriving (a brake on it)', () => {
    const near = { x: 110, y: 300, vx: -1, vy: 0 };
    const [a, path] = walker(near, SQUARE, false, 3);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(3);
    expectNear(out, 0, ...arriveRef(near, 4, 100, 300, 100));
    const [b, path2] = walker({ x: 100, y: 300, vx: 0.5, vy: 0.25 }, SQUARE, false, 3);
    followPath(out, 0, b, 0, 0, path2, 20, 100);
    expect(b.mem[0]).toBe(3);
    expect(pairAt(out)).toEqual([-0.5, -0.25]);
  });

  it('an empty path gives 0 and leaves the index alone', () => {
    const [a, path] = walker({ x: 100, y: 100, vx: 1, vy: 1 }, [], true, 0);
    out.fill(9);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(pairAt(out)).toEqual([0, 0]);
    expect(a.mem[0]).toBe(0);
  });

  it('a one-point path: open arrives there; looped seeks it and stays on it', () => {
    const s = { x: 130, y: 140, vx: 1, vy: 0 };
    const [a, open] = walker(s, [[100, 100]], false);
    followPath(out, 0, a, 0, 0, open, 20, 100);
    expectNear(out, 0, ...arriveRef(s, 4, 100, 100, 100));
    const t = { x: 105, y: 100, vx: 1, vy: 0 };
    const [b, looped] = walker(t, [[100, 100]], true);
    followPath(out, 0, b, 0, 0, looped, 20, 100);
    expect(b.mem[0]).toBe(0);
    expect(pairAt(out)).toEqual([-5, 0]);
  });

  it('clamps a stale index to the path (a shorter path after an edit, a negative or fractional value)', () => {
    const s = { x: 20, y: 40 };
    const [a, path] = walker(s, SQUARE, false, 7);
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(3);
    expectNear(out, 0, ...arriveRef(s, 4, 100, 300, 100));
    a.mem[0] = -2;
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(0);
    a.mem[0] = 1.75;
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(a.mem[0]).toBe(1);
    expectNear(out, 0, ...seekRef(s, 4, 300, 100));
  });

  it('with maxSpeed 0 only brakes (−v)', () => {
    const [a, path] = walker({ x: 20, y: 40, vx: 0.5, vy: -0.5 }, SQUARE, true);
    a.maxSpeed[0] = 0;
    followPath(out, 0, a, 0, 0, path, 20, 100);
    expect(pairAt(out)).toEqual([-0.5, 0.5]);
  });

  it('keeps each agent’s index in its own memory slot m', () => {
    const w = new World(spec({ count: 2 }, { paths: [{ id: 'p', points: SQUARE, loop: true }] }), [{ memory: [5, 0] }]);
    const a = w.types[0];
    place(a, [{ x: 100, y: 100 }, { x: 300, y: 105 }]);
    a.mem.set([5, 0, 5, 1]);
    followPath(out, 0, a, 1, 1, w.paths[0], 20, 100);
    expect(Array.from(a.mem)).toEqual([5, 0, 5, 2]);
    expect(pairAt(out)).toEqual([0, 4]);
  });

  it('does Seek’s and Arrive’s arithmetic, bit for bit', () => {
    const s = { x: 123.25, y: 156.5, vx: -1.75, vy: 0.5 };
    const ref = new Float64Array(2);
    const [a, looped] = walker(s, SQUARE, true, 2);
    followPath(out, 0, a, 0, 0, looped, 20, 100);
    seek(ref, 0, a, 0, Float64Array.of(300, 300), 0);
    expect(pairAt(out)).toEqual(pairAt(ref));
    const [b, open] = walker(s, SQUARE, false, 3);
    followPath(out, 0, b, 0, 0, open, 20, 150);
    arrive(ref, 0, b, 0, Float64Array.of(100, 300), 0, 150);
    expect(pairAt(out)).toEqual(pairAt(ref));
    followPath(out, 0, b, 0, 0, open, 20, 50); // outside the slowing radius: full speed
    seek(ref, 0, b, 0, Float64Array.of(100, 300), 0);
    expect(pairAt(out)).toEqual(pairAt(ref));
  });
});
