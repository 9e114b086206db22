import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arrive } from '../../../runtime/behaviors/arrive';
import { seek } from '../../../runtime/behaviors/seek';
import { expectNear, oneAgent, pairAt, place } from '../helpers';

/** BEHAVIORS.md: desired = normalize(t − p) · (d > R ? S : S·d/R); desired − v. */
function arriveRef(x: number, y: number, vx: number, vy: number, S: number, tx: number, ty: number, R: number): [number, number] {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const speed = d > R ? S : (S * d) / R;
  const nx = d > 0 ? dx / d : 0;
  const ny = d > 0 ? dy / d : 0;
  return [nx * speed - vx, ny * speed - vy];
}

const out = new Float64Array(2);

describe('arrive', () => {
  it('outside the slowing radius is Seek (full speed)', () => {
    const w = oneAgent(100, 100, 1, 2);
    const s = new Float64Array(2);
    arrive(out, 0, w.types[0], 0, Float64Array.of(400, 500), 0, 100);
    seek(s, 0, w.types[0], 0, Float64Array.of(400, 500), 0);
    expectNear(out, 0, ...arriveRef(100, 100, 1, 2, 4, 400, 500, 100));
    expect(pairAt(out)).toEqual(pairAt(s));
  });

  it('inside the slowing radius asks for maxSpeed · d / R', () => {
    const w = oneAgent(100, 100, 1, -1);
    arrive(out, 0, w.types[0], 0, Float64Array.of(130, 140), 0, 100);
    // d = 50, R = 100: desired speed 2 along (0.6, 0.8) = (1.2, 1.6), minus v
    expectNear(out, 0, ...arriveRef(100, 100, 1, -1, 4, 130, 140, 100));
    expectNear(out, 0, 0.2, 2.6);
  });

  it('on the slowing radius asks for full speed (both branches agree there)', () => {
    const w = oneAgent(100, 100);
    arrive(out, 0, w.types[0], 0, Float64Array.of(100, 200), 0, 100);
    expect(pairAt(out)).toEqual([0, 4]);
  });

  it('at the target brakes (−v), and at rest there gives 0', () => {
    const w = oneAgent(300.5, 200.25, -0.75, 0.5);
    arrive(out, 0, w.types[0], 0, Float64Array.of(300.5, 200.25), 0, 100);
    expect(pairAt(out)).toEqual([0.75, -0.5]);
    const still = oneAgent(300.5, 200.25);
    arrive(out, 0, still.types[0], 0, Float64Array.of(300.5, 200.25), 0, 100);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('with maxSpeed 0 only brakes (−v)', () => {
    const w = oneAgent(100, 100, 0.5, 0.25, { maxSpeed: 0 });
    arrive(out, 0, w.types[0], 0, Float64Array.of(110, 100), 0, 100);
    expect(pairAt(out)).toEqual([-0.5, -0.25]);
  });

  it('is finite inside the validator ranges (slowing radius > 0), coincident included', () => {
    const coord = fc.double({ min: -1e7, max: 1e7, noNaN: true });
    const speed = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    const radius = fc.double({ min: Number.MIN_VALUE, max: 1e5, noNaN: true });
    const a = oneAgent(0, 0).types[0];
    fc.assert(
      fc.property(coord, coord, speed, speed, fc.double({ min: 0, max: 1e4, noNaN: true }), coord, coord, fc.boolean(), radius, (x, y, vx, vy, S, tx, ty, same, R) => {
        place(a, [{ x, y, vx, vy }]);
        a.maxSpeed[0] = S;
        arrive(out, 0, a, 0, Float64Array.of(same ? x : tx, same ? y : ty), 0, R);
        return Number.isFinite(out[0]) && Number.isFinite(out[1]);
      }),
    );
  });
});
