import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flee } from '../../../runtime/behaviors/flee';
import { World } from '../../../runtime/world';
import { expectNear, oneAgent, pairAt, place, spec } from '../helpers';

/** BEHAVIORS.md (Reynolds' form): normalize(p − t) · S − v inside the panic distance (0 = no limit), else 0. */
function fleeRef(x: number, y: number, vx: number, vy: number, S: number, tx: number, ty: number): [number, number] {
  const dx = x - tx;
  const dy = y - ty;
  const d = Math.sqrt(dx * dx + dy * dy);
  return [(dx / d) * S - vx, (dy / d) * S - vy];
}

const out = new Float64Array(2);

describe('flee', () => {
  it('steers straight away from the threat at full speed: normalize(p − t) · maxSpeed − v', () => {
    const w = oneAgent(200, 150, 0.5, 1);
    flee(out, 0, w.types[0], 0, Float64Array.of(170, 110), 0, 100);
    // p − t = (30, 40), |p − t| = 50 < 100: desired (2.4, 3.2) − v (0.5, 1)
    expectNear(out, 0, ...fleeRef(200, 150, 0.5, 1, 4, 170, 110));
    expectNear(out, 0, 1.9, 2.2);
  });

  it('panic distance 0 means no limit', () => {
    const w = oneAgent(10, 10, 0, 0);
    flee(out, 0, w.types[0], 0, Float64Array.of(790, 10), 0, 0);
    expect(pairAt(out)).toEqual([-4, 0]);
  });

  it('is 0 outside the panic distance and exactly on it, and acts just inside it', () => {
    const w = oneAgent(100, 100, 1, 1);
    const a = w.types[0];
    flee(out, 0, a, 0, Float64Array.of(100, 250), 0, 100);
    expect(pairAt(out)).toEqual([0, 0]);
    flee(out, 0, a, 0, Float64Array.of(100, 200), 0, 100); // |p − t| = 100 = panicDistance: not closer, so 0
    expect(pairAt(out)).toEqual([0, 0]);
    flee(out, 0, a, 0, Float64Array.of(100, 199.99), 0, 100);
    expect(pairAt(out)).toEqual([-1, -5]); // desired (0, −4) − v (1, 1)
  });

  it('on the threat itself flees along the heading (not the seed’s (1, 0))', () => {
    const w = new World(spec());
    const a = w.types[0];
    place(a, [{ x: 300, y: 300, vx: 0, vy: 0, hx: 0.6, hy: -0.8 }]);
    flee(out, 0, a, 0, Float64Array.of(300, 300), 0, 50);
    expectNear(out, 0, 0.6 * 4, -0.8 * 4);
    // moving: the heading is v/|v|, so the force is h·S − v
    place(a, [{ x: 300, y: 300, vx: 0, vy: 2 }]);
    flee(out, 0, a, 0, Float64Array.of(300, 300), 0, 0);
    expect(pairAt(out)).toEqual([0, 2]);
  });

  it('gives 0 when already running straight away at full speed (the seed’s form would add v)', () => {
    const w = oneAgent(100, 100, 0, 4);
    flee(out, 0, w.types[0], 0, Float64Array.of(100, 50), 0, 0);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('with maxSpeed 0 only brakes (−v), on or off the threat', () => {
    const w = oneAgent(100, 100, 0.5, -0.25, { maxSpeed: 0 });
    flee(out, 0, w.types[0], 0, Float64Array.of(120, 100), 0, 0);
    expect(pairAt(out)).toEqual([-0.5, 0.25]);
    flee(out, 0, w.types[0], 0, Float64Array.of(100, 100), 0, 0);
    expect(pairAt(out)).toEqual([-0.5, 0.25]);
  });

  it('reads agent i and writes out[o], out[o + 1] only', () => {
    const w = new World(spec({ count: 2 }));
    place(w.types[0], [{ x: 0, y: 0 }, { x: 50, y: 60, vx: -1, vy: 0 }]);
    const buf = new Float64Array([5, 5, 5, 5]);
    flee(buf, 1, w.types[0], 1, Float64Array.of(20, 20), 0, 0);
    expect([buf[0], buf[3]]).toEqual([5, 5]);
    expectNear(buf, 1, ...fleeRef(50, 60, -1, 0, 4, 20, 20));
  });

  it('is finite inside the validator ranges, coincident included', () => {
    const coord = fc.double({ min: -1e7, max: 1e7, noNaN: true });
    const speed = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    const w = oneAgent(0, 0);
    const a = w.types[0];
    fc.assert(
      fc.property(coord, coord, speed, speed, fc.double({ min: 0, max: 1e4, noNaN: true }), coord, coord, fc.boolean(), fc.double({ min: 0, max: 1e7, noNaN: true }), (x, y, vx, vy, S, tx, ty, same, panic) => {
        place(a, [{ x, y, vx, vy, hx: 0, hy: 1 }]);
        a.maxSpeed[0] = S;
        flee(out, 0, a, 0, Float64Array.of(same ? x : tx, same ? y : ty), 0, panic);
        return Number.isFinite(out[0]) && Number.isFinite(out[1]);
      }),
    );
  });
});
