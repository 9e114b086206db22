/**
 * Wall Avoid (BEHAVIORS.md, Walls (b)): three feelers, the single nearest hit, a push straight off
 * the wall on the agent's side, n̂a · maxSpeed · (pen / length) · mass. Exact values where the
 * geometry makes every step exact.
 */
import { describe, expect, it } from 'vitest';
import { dsincos } from '../../../nodes/dsincos';
import { wallAvoid } from '../../../runtime/behaviors/wall-avoid';
import type { WallSpec } from '../../../runtime/walls';
import type { AgentTypeSpec, WorldSpec } from '../../../runtime/world';
import { oneAgent, pairAt } from '../helpers';

const out = new Float64Array(2);
const [C45, S45] = dsincos(45);
const [C90, S90] = dsincos(90);

function force(
  at: [number, number, number, number],
  walls: WallSpec[],
  params: { feeler?: number; side?: number; cos?: number; sin?: number } = {},
  type: Partial<AgentTypeSpec> = {},
  world: Partial<WorldSpec> = {},
  head?: [number, number],
): [number, number] {
  const w = oneAgent(...at, type, { walls, ...world });
  if (head) w.types[0].head.set(head, 0);
  wallAvoid(out, 0, w.types[0], 0, w.walls, params.feeler ?? 60, params.side ?? 30, params.cos ?? C45, params.sin ?? S45);
  return pairAt(out);
}

const wall = (id: string, points: [number, number][], closed = false, solid?: boolean): WallSpec => ({ id, points, closed, ...(solid === undefined ? {} : { solid }) });
const vertical = wall('v', [[130, 200], [130, 400]]);

describe('wallAvoid', () => {
  it('pushes straight off a wall the ahead feeler reaches: maxSpeed · (pen / length), here 4 · 30/60', () => {
    expect(force([100, 300, 4, 0], [vertical])).toEqual([-2, 0]);
  });

  it('is two-sided: from the other side it pushes the other way', () => {
    expect(force([160, 300, -4, 0], [vertical])).toEqual([2, 0]);
  });

  it('shortens the ahead feeler with the speed (La = feelerLength · |v| / maxSpeed)', () => {
    // at 2 px/tick the feeler is 30 px long and its tip just touches the wall: no push
    expect(force([100, 300, 2, 0], [vertical])).toEqual([0, 0]);
    // at 3 px/tick it is 45 px: pen = 15, 4 · 15/45
    const [fx, fy] = force([100, 300, 3, 0], [vertical]);
    expect(fx).toBeCloseTo(-4 / 3, 14);
    expect(fy).toBe(0);
  });

  it('with v = 0 only the side feelers feel (along the last heading)', () => {
    const [fx, fy] = force([100, 300, 0, 0], [wall('v', [[115, 200], [115, 400]])], {}, {}, {}, [1, 0]);
    // a side feeler of 30 px at 45° crosses x = 115 at t = 15 / (30 · cos 45°)
    const t = 15 / (30 * C45);
    expect(fx).toBeCloseTo(-4 * (1 - t), 14);
    expect(fy).toBe(0);
    expect(force([100, 300, 0, 0], [vertical], {}, {}, {}, [1, 0])).toEqual([0, 0]);
  });

  it('takes the nearest hit over the three feelers, not the first feeler that hits', () => {
    // ahead hits x = 150 at 50 px; the +side feeler (straight down at 90°) hits y = 320 at 20 px
    const walls = [wall('far', [[150, 200], [150, 400]]), wall('floor', [[90, 320], [110, 320]])];
    expect(force([100, 300, 4, 0], walls, { side: 40, cos: C90, sin: S90 })).toEqual([0, -2]);
  });

  it('ties between feelers go to the ahead feeler, then +side, then −side', () => {
    // feelers of 40 px, 90°: ahead (+x), +side (+y, down), −side (−y); every hit at 20 px, t = 0.5 exactly
    const ahead = wall('ahead', [[120, 250], [120, 350]]);
    const down = wall('down', [[90, 320], [110, 320]]);
    const up = wall('up', [[90, 280], [110, 280]]);
    const p = { feeler: 40, side: 40, cos: C90, sin: S90 };
    expect(force([100, 300, 4, 0], [up, down, ahead], p)).toEqual([-2, 0]);
    // v = 0 (ahead skipped): +side beats −side though −side's wall has the lower segment number
    expect(force([100, 300, 0, 0], [up, down], p, {}, {}, [1, 0])).toEqual([0, -2]);
    expect(force([100, 300, 0, 0], [up], p, {}, {}, [1, 0])).toEqual([0, 2]);
  });

  it('on one feeler, a hit at a vertex two segments share goes to the lower segment', () => {
    // the ahead feeler hits the vertex (120, 300) of segments 0 (vertical) and 1 (slanted) at t = 0.5
    const bend = wall('bend', [[120, 250], [120, 300], [170, 340]]);
    expect(force([100, 300, 4, 0], [bend], { feeler: 40, side: 0 })).toEqual([-2, 0]);
  });

  it('sees the world’s edges in bounce mode, not in wrap mode', () => {
    // the left edge 20 px ahead of a 60 px feeler: pen = 40, pushed +x by 4 · 40/60
    const [fx, fy] = force([20, 300, -4, 0], [], {}, {}, { edges: 'bounce' });
    expect(fx).toBeCloseTo((4 * 40) / 60, 14);
    expect(fy).toBe(0);
    expect(force([20, 300, -4, 0], [])).toEqual([0, 0]);
  });

  it('ignores walls that are not solid, and segments whose line passes through the agent', () => {
    expect(force([100, 300, 4, 0], [wall('v', [[130, 200], [130, 400]], false, false)])).toEqual([0, 0]);
    // the agent stands on the wall's line (s(p) = 0): that segment does not push
    expect(force([130, 300, 0, 4], [vertical])).toEqual([0, 0]);
  });

  it('is zero at maxSpeed 0, and scales with the mass', () => {
    expect(force([100, 300, 0, 0], [wall('v', [[115, 200], [115, 400]])], {}, { maxSpeed: 0 }, {}, [1, 0])).toEqual([0, 0]);
    expect(force([100, 300, 4, 0], [vertical], {}, { mass: 2 })).toEqual([-4, 0]);
  });
});
