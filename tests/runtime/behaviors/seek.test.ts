import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seek } from '../../../runtime/behaviors/seek';
import { World } from '../../../runtime/world';
import { expectNear, oneAgent, pairAt, place, spec } from '../helpers';

/** BEHAVIORS.md: normalize(t − p) · S − v, with normalize(0) = 0. */
function seekRef(x: number, y: number, vx: number, vy: number, S: number, tx: number, ty: number): [number, number] {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const nx = d > 0 ? dx / d : 0;
  const ny = d > 0 ? dy / d : 0;
  return [nx * S - vx, ny * S - vy];
}

describe('seek', () => {
  it('steers toward the target at full speed: normalize(t − p) · maxSpeed − v', () => {
    const w = oneAgent(100, 100, 1, -0.5);
    const out = new Float64Array(2);
    seek(out, 0, w.types[0], 0, Float64Array.of(130, 140), 0);
    // t − p = (30, 40), |t − p| = 50: desired = (2.4, 3.2), minus v = (1.4, 3.7)
    expectNear(out, 0, ...seekRef(100, 100, 1, -0.5, 4, 130, 140));
    expectNear(out, 0, 1.4, 3.7);
  });

  it('from rest, along an axis, is exactly the desired velocity', () => {
    const w = oneAgent(100, 100);
    const out = new Float64Array(2);
    seek(out, 0, w.types[0], 0, Float64Array.of(100, 20), 0);
    expect(pairAt(out)).toEqual([0, -4]);
  });

  it('at the target brakes: the force is −v', () => {
    const w = oneAgent(250.5, 99.25, 1.5, -2.25);
    const out = new Float64Array(2);
    seek(out, 0, w.types[0], 0, Float64Array.of(250.5, 99.25), 0);
    expect(pairAt(out)).toEqual([-1.5, 2.25]);
  });

  it('at the target with zero velocity gives 0', () => {
    const w = oneAgent(300, 200);
    const out = new Float64Array([9, 9]);
    seek(out, 0, w.types[0], 0, Float64Array.of(300, 200), 0);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('with maxSpeed 0 only brakes (−v)', () => {
    const w = oneAgent(100, 100, 0.5, 0.25, { maxSpeed: 0 });
    const out = new Float64Array(2);
    seek(out, 0, w.types[0], 0, Float64Array.of(500, 300), 0);
    expect(pairAt(out)).toEqual([-0.5, -0.25]);
  });

  it('reads agent i and writes only out[o], out[o + 1]', () => {
    const w = new World(spec({ count: 3 }));
    const a = w.types[0];
    place(a, [
      { x: 10, y: 10, vx: 3, vy: 0 },
      { x: 400, y: 300, vx: 0, vy: -1 },
      { x: 700, y: 50, vx: -2, vy: 2 },
    ]);
    const before = [Float64Array.from(a.pos), Float64Array.from(a.vel)];
    const out = new Float64Array([7, 7, 7, 7, 7]);
    seek(out, 2, a, 1, Float64Array.of(403, 296), 0);
    expect(out[0]).toBe(7);
    expect(out[1]).toBe(7);
    expect(out[4]).toBe(7);
    expectNear(out, 2, ...seekRef(400, 300, 0, -1, 4, 403, 296));
    // none writes the agent's position or velocity
    expect(a.pos).toEqual(before[0]);
    expect(a.vel).toEqual(before[1]);
  });

  it('is finite for any state and target inside the validator ranges (coincident included)', () => {
    // src/document/schema.ts: coordinates within ±1e7 px, maxSpeed (hence speeds) at most 1e4 px/tick
    const coord = fc.double({ min: -1e7, max: 1e7, noNaN: true });
    const speed = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    const a = oneAgent(0, 0).types[0];
    const out = new Float64Array(2);
    fc.assert(
      fc.property(coord, coord, speed, speed, fc.double({ min: 0, max: 1e4, noNaN: true }), coord, coord, fc.boolean(), (x, y, vx, vy, S, tx, ty, same) => {
        place(a, [{ x, y, vx, vy }]);
        a.maxSpeed[0] = S;
        seek(out, 0, a, 0, Float64Array.of(same ? x : tx, same ? y : ty), 0);
        return Number.isFinite(out[0]) && Number.isFinite(out[1]);
      }),
    );
  });
});
