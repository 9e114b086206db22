/**
 * Contain in polygon (BEHAVIORS.md, Walls (d)): one push from the nearest boundary point inside the
 * margin, head straight back from outside, the inward normal at d = 0, and 0 for a wall that cannot
 * be a region.
 */
import { describe, expect, it } from 'vitest';
import { containPolygon } from '../../../runtime/behaviors/contain';
import type { WallSpec } from '../../../runtime/walls';
import type { AgentTypeSpec } from '../../../runtime/world';
import { oneAgent, pairAt } from '../helpers';

const out = new Float64Array(2);
const square: [number, number][] = [[100, 100], [400, 100], [400, 400], [100, 400]];
const pen = (points = square, closed = true, solid = false): WallSpec => ({ id: 'pen', points, closed, solid });

function force(x: number, y: number, vx: number, vy: number, walls: WallSpec[], k = 0, margin = 60, type: Partial<AgentTypeSpec> = {}): [number, number] {
  const w = oneAgent(x, y, vx, vy, type, { walls });
  containPolygon(out, 0, w.types[0], 0, w.walls, k, margin);
  return pairAt(out);
}

describe('containPolygon', () => {
  it('is 0 deep inside (at least the margin from every segment)', () => {
    expect(force(250, 250, 1, 2, [pen()])).toEqual([0, 0]);
    expect(force(160, 250, 1, 2, [pen()])).toEqual([0, 0]);
  });

  it('inside within the margin pushes away from the nearest boundary point: maxSpeed · (margin − d) / margin', () => {
    // 20 px from the left side: n = (1, 0), weight 40/60
    expect(force(120, 250, 0, 0, [pen()])).toEqual([4 * (40 / 60), 0]);
  });

  it('truncates the desired velocity to maxSpeed, as the box Contain', () => {
    const [fx, fy] = force(120, 250, -4, 0, [pen()]);
    // desired = (−4 + 4 · 2/3, 0): within maxSpeed, so the force is the push
    expect(fx).toBeCloseTo(4 * (40 / 60), 14);
    expect(fy).toBe(0);
    const [gx, gy] = force(120, 250, 0, 4, [pen()]);
    // desired = (8/3, 4), |desired| > 4: scaled down to 4
    const d = Math.sqrt((8 / 3) ** 2 + 16);
    expect(gx).toBeCloseTo((8 / 3) * (4 / d), 14);
    expect(gy).toBeCloseTo(4 * (4 / d) - 4, 14);
  });

  it('near an inside corner, equidistant sides go to the lower segment (one push, not two)', () => {
    // (110, 110): 10 px from segment 0 (top) and segment 3 (left); segment 0 wins: straight down
    expect(force(110, 110, 0, 0, [pen()])).toEqual([0, 4 * (50 / 60)]);
  });

  it('outside heads straight back to the nearest boundary point at full speed', () => {
    expect(force(450, 250, 1, 0, [pen()])).toEqual([-4 - 1, 0]);
    // beyond a corner the nearest point is the corner: along the bisector
    const [fx, fy] = force(90, 90, 0, 0, [pen()]);
    expect(fx).toBeCloseTo(4 / Math.SQRT2, 14);
    expect(fy).toBeCloseTo(4 / Math.SQRT2, 14);
  });

  it('on the boundary (d = 0) pushes along the inward normal with weight 1, whichever way the points wind', () => {
    expect(force(100, 250, 0, 0, [pen()])).toEqual([4, 0]);
    expect(force(100, 250, 0, 0, [pen([...square].reverse())])).toEqual([4, 0]);
    expect(force(250, 400, 0, 0, [pen([...square].reverse())])).toEqual([0, -4]);
  });

  it('uses the even-odd rule: in the notch of a U the agent is outside and heads back', () => {
    const u: [number, number][] = [[100, 100], [400, 100], [400, 200], [200, 200], [200, 300], [400, 300], [400, 400], [100, 400]];
    // (300, 250) is in the notch: nearest boundary points at (300, 200) and (300, 300), 50 px; the lower segment (2 → 3) wins
    expect(force(300, 250, 0, 0, [pen(u)])).toEqual([0, -4]);
    // inside the U's left bar, far from its sides: 0
    expect(force(150, 250, 0, 0, [pen(u)], 0, 40)).toEqual([0, 0]);
  });

  it('reads the wall by its index: a solid closed wall works as a region too', () => {
    const fence: WallSpec = { id: 'fence', points: [[0, 0], [50, 0]], closed: false };
    expect(force(120, 250, 0, 0, [fence, { ...pen(), solid: true }], 1)).toEqual([4 * (40 / 60), 0]);
  });

  it('is 0 for a wall that is no region: open, under 3 segments, no area, or no such index', () => {
    expect(force(450, 250, 1, 0, [pen(square, false)])).toEqual([0, 0]);
    expect(force(450, 250, 1, 0, [pen([[100, 100], [200, 100], [300, 100]])])).toEqual([0, 0]);
    // a repeated point is dropped: 3 points, 2 of them equal, leave 2 segments
    expect(force(450, 250, 1, 0, [pen([[100, 100], [400, 100], [400, 100]])])).toEqual([0, 0]);
    expect(force(450, 250, 1, 0, [pen()], 1)).toEqual([0, 0]);
  });

  it('scales with the mass', () => {
    expect(force(450, 250, 1, 0, [pen()], 0, 60, { mass: 2 })).toEqual([-10, 0]);
  });
});
