import { describe, expect, it } from 'vitest';
import { contain } from '../../../runtime/behaviors/contain';
import { expectNear, oneAgent, pairAt } from '../helpers';

/** BEHAVIORS.md: desired = v + Σ n̂ · S · clamp((margin − dist)/margin, 0, 1); truncate(desired, S) − v. */
function containRef(x: number, y: number, vx: number, vy: number, S: number, W: number, H: number, margin: number): [number, number] {
  const walls: [number, number, number][] = [
    [1, 0, x], // left wall: inward normal +x, distance x
    [-1, 0, W - x],
    [0, 1, y],
    [0, -1, H - y],
  ];
  if (walls.every(([, , dist]) => !(dist < margin))) return [0, 0];
  let dx = vx;
  let dy = vy;
  for (const [nx, ny, dist] of walls) {
    const k = Math.min(1, Math.max(0, (margin - dist) / margin));
    dx += nx * S * k;
    dy += ny * S * k;
  }
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d > S) {
    dx = (dx / d) * S;
    dy = (dy / d) * S;
  }
  return [dx - vx, dy - vy];
}

const out = new Float64Array(2);

function containAt(x: number, y: number, vx = 0, vy = 0, maxSpeed = 4, margin = 50): Float64Array {
  const w = oneAgent(x, y, vx, vy, { maxSpeed });
  contain(out, 0, w.types[0], 0, 800, 600, margin);
  return out;
}

describe('contain', () => {
  it('is 0 in the middle, whatever the velocity', () => {
    expect(pairAt(containAt(400, 300, 3, -1))).toEqual([0, 0]);
    expect(pairAt(containAt(50, 550, -4, 0))).toEqual([0, 0]); // exactly the margin from two walls
  });

  it('pushes inward from each wall in proportion to how deep the agent is in the margin', () => {
    expect(pairAt(containAt(10, 300))).toEqual([3.2, 0]); // (50 − 10)/50 · 4
    expect(pairAt(containAt(790, 300))).toEqual([-3.2, 0]);
    expect(pairAt(containAt(400, 10))).toEqual([0, 3.2]);
    expect(pairAt(containAt(400, 590))).toEqual([0, -3.2]);
    expect(pairAt(containAt(0, 300))).toEqual([4, 0]); // on the wall: the full maxSpeed
  });

  it('adds the pushes of two walls in a corner and caps the desired velocity at maxSpeed', () => {
    containAt(10, 590, 0.5, 0.5);
    expectNear(out, 0, ...containRef(10, 590, 0.5, 0.5, 4, 800, 600, 50));
    const d = [out[0] + 0.5, out[1] + 0.5];
    expect(Math.abs(Math.sqrt(d[0] * d[0] + d[1] * d[1]) - 4)).toBeLessThan(1e-15 * 4);
  });

  it('keeps the velocity along the wall and caps the sum at maxSpeed', () => {
    containAt(10, 300, 0, 4);
    // desired = (3.2, 4) → length 4 · (0.625, 0.78…) … minus v
    expectNear(out, 0, ...containRef(10, 300, 0, 4, 4, 800, 600, 50));
    expect(out[0]).toBeGreaterThan(0);
    expect(out[1]).toBeLessThan(0);
  });

  it('turns back an agent heading into the wall', () => {
    expect(pairAt(containAt(10, 300, -4, 0))).toEqual([3.2, 0]); // desired (−0.8, 0) − (−4, 0)
    expectNear(containAt(590, 580, 1, 3, 4, 30), 0, ...containRef(590, 580, 1, 3, 4, 800, 600, 30));
  });

  it('with maxSpeed 0 near a wall brakes (truncate(v, 0) − v = −v); elsewhere gives 0', () => {
    expect(pairAt(containAt(10, 300, 0.5, -0.25, 0))).toEqual([-0.5, 0.25]);
    expect(pairAt(containAt(400, 300, 0.5, -0.25, 0))).toEqual([0, 0]);
  });

  it('with the largest margin (half the smaller side) is 0 on the centre line and pushes just off it', () => {
    expect(pairAt(containAt(400, 300, 0, 0, 4, 300))).toEqual([0, 0]);
    expectNear(containAt(400, 299, 0, 0, 4, 300), 0, 0, 4 / 300);
  });
});
