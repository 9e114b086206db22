/**
 * Wall Avoid (BEHAVIORS.md, Walls (b), improved): three feelers, the single nearest hit, a push
 * straight off the wall on the agent's side; with maxForce 0 (nothing can brake) exactly
 * Buckland's n̂a · maxSpeed · (pen / length) · mass. With a braking budget the ahead feeler is at
 * least the braking distance long and pushes at full strength within it, and a barrier brakes off
 * any wall (its free ends too) the agent could no longer stop short of. Exact values where the
 * geometry makes every step exact.
 */
import { describe, expect, it } from 'vitest';
import { dsincos } from '../../../nodes/dsincos';
import { wallAvoid } from '../../../runtime/behaviors/wall-avoid';
import { integrate } from '../../../runtime/integrate';
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
  // maxForce 0 unless given: Buckland's feelers alone (no braking budget, so no barrier)
  const w = oneAgent(...at, { maxForce: 0, ...type }, { walls, ...world });
  if (head) w.types[0].head.set(head, 0);
  wallAvoid(out, 0, w.types[0], 0, w.walls, params.feeler ?? 60, params.side ?? 30, params.cos ?? C45, params.sin ?? S45);
  return pairAt(out);
}

const wall = (id: string, points: [number, number][], closed = false, solid?: boolean): WallSpec => ({ id, points, closed, ...(solid === undefined ? {} : { solid }) });
const vertical = wall('v', [[130, 200], [130, 400]]);

describe('wallAvoid with maxForce 0: Buckland’s feelers', () => {
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

describe('wallAvoid with a braking budget', () => {
  const FAST = { maxSpeed: 10, maxForce: 1 };
  const SLOW = { maxSpeed: 4, maxForce: 0.3 };

  it('brakes at full force off a wall it could no longer stop short of, though the feeler does not reach it', () => {
    // at 10 px/tick, braking at 0.8 px/tick² needs about 68 px: the wall 75 px ahead is too near,
    // beyond Buckland's 60 px feeler; the push is −x · 4 · maxSpeed (a full-force brake after the cap)
    const far = wall('v', [[175, 200], [175, 400]]);
    expect(force([100, 300, 10, 0], [far], {}, { maxForce: 0, maxSpeed: 10 })).toEqual([0, 0]);
    expect(force([100, 300, 10, 0], [far], {}, FAST)).toEqual([-40, 0]);
    // moving away from it, or along it, there is nothing to brake for
    expect(force([100, 300, -10, 0], [far], {}, FAST)).toEqual([0, 0]);
    expect(force([100, 300, 0, 10], [far], {}, FAST)).toEqual([0, 0]);
  });

  it('its ahead feeler is at least the braking distance long, and pushes at full strength before the wall', () => {
    // feelerLength 20 at 4 px/tick, a = 0.24: stop = 16/0.48 + 2, La = stop + 2 + 4 (not 20)
    const a = 0.8 * 0.3;
    const stop = 16 / (2 * a) + 2;
    const La = stop + 2 + 4;
    // a wall at 45° across the heading, hit by the ahead feeler D px away (too oblique for the barrier)
    const D = La - 1;
    const slant = wall('slant', [[100 + D - 100, 200], [100 + D + 100, 400]]);
    const [fx, fy] = force([100, 300, 4, 0], [slant], { feeler: 20, side: 0 }, SLOW);
    const k = (La - D) / (La - stop - 2);
    expect(k).toBeCloseTo(0.25, 12);
    expect(fx).toBeCloseTo(-4 * k * Math.SQRT1_2, 12);
    expect(fy).toBeCloseTo(4 * k * Math.SQRT1_2, 12);
    // Buckland's 20 px feeler would not reach it
    expect(force([100, 300, 4, 0], [slant], { feeler: 20, side: 0 })).toEqual([0, 0]);
  });

  it('pushes away from a wall’s free end that the agent rounds where no feeler looks', () => {
    // heading down past the end (200, 300) of a wall along +x, 8 px to its left and 3 px above
    const ledge = wall('ledge', [[200, 300], [400, 300]]);
    expect(force([192, 297, 0, 4], [ledge], {}, { maxForce: 0, maxSpeed: 4 })).toEqual([0, 0]);
    const [fx, fy] = force([192, 297, 0, 4], [ledge], {}, SLOW);
    const d = Math.hypot(8, 3);
    expect(fx).toBeCloseTo((-8 / d) * 16, 12);
    expect(fy).toBeCloseTo((-3 / d) * 16, 12);
  });

  it('with a large maxForce (braking almost at once) walls behind and beside do not push', () => {
    // the closing speed it plans for is at most maxSpeed, so the barrier's reach is a few px
    const behind = wall('behind', [[70, 200], [70, 400]]);
    const beside = wall('beside', [[0, 330], [200, 330]]);
    expect(force([100, 300, 4, 0], [behind, beside], {}, { maxSpeed: 4, maxForce: 100 })).toEqual([0, 0]);
  });

  it('scales with the mass, and a world without solid walls gives 0', () => {
    const far = wall('v', [[175, 200], [175, 400]]);
    expect(force([100, 300, 10, 0], [far], {}, { ...FAST, mass: 2, maxForce: 2 })).toEqual([-80, 0]);
    expect(force([100, 300, 10, 0], [wall('v', [[175, 200], [175, 400]], false, false)], {}, FAST)).toEqual([0, 0]);
  });

  it('in Priority(Wall Avoid, Seek) toward a point behind a wall, an agent at full speed stops short of it', () => {
    // a wall across the way, the target behind it; the integrator counts contacts
    for (const [S, F] of [
      [4, 0.3],
      [10, 1],
    ]) {
      const w = oneAgent(100, 300, S, 0, { maxSpeed: S, maxForce: F }, { walls: [wall('w', [[300, 150], [300, 500]])] });
      const A = w.types[0];
      for (let t = 0; t < 2000; t++) {
        wallAvoid(out, 0, A, 0, w.walls, 60, 30, C45, S45);
        if (out[0] === 0 && out[1] === 0) {
          // Seek (400, 300): desired velocity toward it at maxSpeed, minus the velocity
          const dx = 400 - A.pos[0];
          const dy = 300 - A.pos[1];
          const d = Math.hypot(dx, dy);
          out[0] = (dx / d) * S - A.vel[0];
          out[1] = (dy / d) * S - A.vel[1];
        }
        A.force[0] = out[0];
        A.force[1] = out[1];
        integrate(w);
      }
      expect(w.wallContacts).toBe(0);
      // it came up to the wall and stayed on its side
      expect(A.pos[0]).toBeGreaterThan(250);
      expect(A.pos[0]).toBeLessThan(300);
    }
  });
});
