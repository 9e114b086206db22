import { describe, expect, it } from 'vitest';
import { avoidAgentsPass } from '../../../runtime/behaviors/avoid-agents';
import { prepareTick } from '../../../runtime/step';
import { World } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';

/** A world of the given agents (radius r each), its grid built; returns the Avoid Agents forces. */
function forces(states: AgentState[], r = 8, range = 200, horizon = 60, buffer = 10, mass = 1): Float64Array {
  const w = new World(spec({ count: states.length, radius: r, mass }, { width: 1000, height: 1000 }), [{ queryRadius: range }]);
  const a = w.types[0];
  place(a, states);
  prepareTick(w);
  const out = new Float64Array(2 * states.length);
  avoidAgentsPass(a, a, range, horizon, buffer, out);
  return out;
}

describe('Avoid Agents (unaligned collision avoidance)', () => {
  it('head-on: each turns to its own +perp(h) side and brakes, scaled by imminence', () => {
    // 0 at (100,500) moving +x, 1 at (200,500) moving −x: closing at 2 px/tick, t = 50, u = 1 − 50/60
    const f = forces([{ x: 100, y: 500, vx: 1 }, { x: 200, y: 500, vx: -1 }]);
    const u = 1 - 50 / 60;
    // perp(h) of (1, 0) is (0, 1); contact exactly ahead turns toward +perp(h); brake −v·u
    expect(pairAt(f, 0)).toEqual([-1 * u, 4 * u]);
    // agent 1: h = (−1, 0), perp = (0, −1)
    expect(pairAt(f, 2)).toEqual([1 * u, -4 * u]);
  });

  it('steers away from the side of the predicted contact', () => {
    // the other passes 5 px on agent 0's +perp side: agent 0 steers toward −perp
    const f = forces([{ x: 100, y: 500, vx: 1 }, { x: 200, y: 505, vx: -1 }]);
    expect(f[1]).toBeLessThan(0);
    expect(f[3]).toBeGreaterThan(0);
  });

  it('is 0 for agents that will miss by more than the clearance, or are moving apart', () => {
    expect(Array.from(forces([{ x: 100, y: 500, vx: 1 }, { x: 200, y: 540, vx: -1 }]))).toEqual([0, 0, 0, 0]);
    expect(Array.from(forces([{ x: 100, y: 500, vx: -1 }, { x: 200, y: 500, vx: 1 }]))).toEqual([0, 0, 0, 0]);
  });

  it('crossing: the slower agent brakes, the faster keeps its speed', () => {
    // 0 moves +x at 1, 1 moves −y at 2 toward the same point (150, 500) at t = 50
    const f = forces([{ x: 100, y: 500, vx: 1 }, { x: 150, y: 600, vy: -2 }]);
    const u = 1 - 50 / 60;
    // agent 0 is slower: brakes (−v·u along x); agent 1 does not brake (its force is purely lateral, along x)
    expect(f[0]).toBeCloseTo(-1 * u, 12);
    expect(f[3]).toBe(0);
  });

  it('with radii and buffer all 0 nothing is a threat', () => {
    expect(Array.from(forces([{ x: 100, y: 500, vx: 1 }, { x: 200, y: 500, vx: -1 }], 0, 200, 60, 0))).toEqual([0, 0, 0, 0]);
  });

  it('coincident agents step sideways toward +perp(h), and the force is times the mass', () => {
    const f = forces([{ x: 100, y: 500, vx: 1 }, { x: 100, y: 500, vx: 1 }], 8, 200, 60, 10, 2);
    // parallel (k = 1): no brake; t = 0, u = 1: Lat = (0, 1)·4, times m = 2
    expect(pairAt(f, 0)).toEqual([0, 8]);
    expect(pairAt(f, 2)).toEqual([0, 8]);
  });
});
