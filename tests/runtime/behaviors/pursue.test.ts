import { describe, expect, it } from 'vitest';
import { pursue } from '../../../runtime/behaviors/pursue';
import { seek } from '../../../runtime/behaviors/seek';
import { World, type Agents } from '../../../runtime/world';
import { expectNear, pairAt, place, spec, type AgentState } from '../helpers';

/** BEHAVIORS.md's Seek: normalize(t − p) · S − v, with normalize(0) = 0. */
function seekRef(x: number, y: number, vx: number, vy: number, S: number, tx: number, ty: number): [number, number] {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  return d > 0 ? [(dx / d) * S - vx, (dy / d) * S - vy] : [-vx, -vy];
}

/** A pursuer (type 0, agent 0) and an evader (type 1, agent 1: index 0 is a decoy). */
function chase(me: AgentState, them: AgentState, maxSpeed = 4, themSpeed = 6): [Agents, Agents] {
  const w = new World(
    spec({}, {
      agentTypes: [
        { id: 'pursuer', count: 1, mass: 1, maxSpeed, maxForce: 0.2 },
        { id: 'evader', count: 2, mass: 1, maxSpeed: themSpeed, maxForce: 0.2 },
      ],
    }),
  );
  place(w.types[0], [me]);
  place(w.types[1], [{ x: 1, y: 1, vx: 1, vy: 0 }, them]);
  return [w.types[0], w.types[1]];
}

const out = new Float64Array(2);

describe('pursue', () => {
  it('seeks where the evader will be: e.p + e.v · |to| / (maxSpeed + |e.v|)', () => {
    const [A, E] = chase({ x: 100, y: 100, vx: 1, vy: 0 }, { x: 200, y: 100, vx: 0, vy: 3 });
    pursue(out, 0, A, 0, E, 1);
    // |to| = 100, divisor 4 + 3 = 7: the evader is predicted 300/7 px below its position
    const T = 100 / 7;
    expectNear(out, 0, ...seekRef(100, 100, 1, 0, 4, 200, 100 + 3 * T));
  });

  it('seeks the evader’s current position when it is ahead and coming head-on (h · e.h < −0.95)', () => {
    const [A, E] = chase({ x: 100, y: 100, vx: 2, vy: 0 }, { x: 300, y: 120, vx: -5, vy: 1 });
    // h · e.h = −5 / √26 ≈ −0.981 and the evader is ahead: no prediction
    pursue(out, 0, A, 0, E, 1);
    expectNear(out, 0, ...seekRef(100, 100, 2, 0, 4, 300, 120));
  });

  it('predicts when the evader is ahead but not head-on (h · e.h = −0.9)', () => {
    const [A, E] = chase({ x: 100, y: 100, vx: 2, vy: 0 }, { x: 300, y: 100, vx: -0.9 * 5, vy: Math.sqrt(1 - 0.81) * 5 });
    pursue(out, 0, A, 0, E, 1);
    const ev = E.vel;
    const T = 200 / (4 + Math.sqrt(ev[2] * ev[2] + ev[3] * ev[3]));
    expectNear(out, 0, ...seekRef(100, 100, 2, 0, 4, 300 + ev[2] * T, 100 + ev[3] * T));
  });

  it('predicts when the evader comes head-on from behind (to · h ≤ 0)', () => {
    const [A, E] = chase({ x: 300, y: 100, vx: 2, vy: 0 }, { x: 100, y: 100, vx: -5, vy: 0 });
    pursue(out, 0, A, 0, E, 1);
    const T = 200 / (4 + 5);
    expectNear(out, 0, ...seekRef(300, 100, 2, 0, 4, 100 - 5 * T, 100));
  });

  it('uses the heading at rest: a standing pursuer facing a head-on evader seeks its position', () => {
    const [A, E] = chase({ x: 100, y: 100, hx: 0, hy: 1 }, { x: 100, y: 400, vx: 0, vy: -3 });
    pursue(out, 0, A, 0, E, 1);
    expect(pairAt(out)).toEqual([0, 4]);
  });

  it('with a zero divisor (maxSpeed 0, evader still) seeks the evader itself: a brake', () => {
    const [A, E] = chase({ x: 100, y: 100, vx: 0.5, vy: 0.5 }, { x: 140, y: 130, hx: 0, hy: 1 }, 0);
    pursue(out, 0, A, 0, E, 1);
    expect(pairAt(out)).toEqual([-0.5, -0.5]);
  });

  it('with maxSpeed 0 and a moving evader still only brakes (−v)', () => {
    const [A, E] = chase({ x: 100, y: 100, vx: 0.5, vy: 0 }, { x: 140, y: 130, vx: 3, vy: 0 }, 0);
    pursue(out, 0, A, 0, E, 1);
    expect(pairAt(out)).toEqual([-0.5, 0]);
  });

  it('on the evader’s position (T = 0) brakes (−v)', () => {
    const [A, E] = chase({ x: 250, y: 250, vx: 1, vy: 1 }, { x: 250, y: 250, vx: -3, vy: 2 });
    pursue(out, 0, A, 0, E, 1);
    expect(pairAt(out)).toEqual([-1, -1]);
  });

  it('reads the evader from its own type and index, not the pursuer’s', () => {
    const [A, E] = chase({ x: 100, y: 100 }, { x: 100, y: 300 });
    pursue(out, 0, A, 0, E, 1);
    expect(pairAt(out)).toEqual([0, 4]);
    pursue(out, 0, A, 0, E, 0); // the decoy at (1, 1) moving +x
    const T = Math.sqrt(99 * 99 * 2) / (4 + 1);
    expectNear(out, 0, ...seekRef(100, 100, 0, 0, 4, 1 + T, 1));
  });

  it('does Seek’s arithmetic: against a still evader it equals seek(e.p) bit for bit', () => {
    const [A, E] = chase({ x: 123.25, y: 456.5, vx: -1.75, vy: 0.5 }, { x: 10.125, y: 7.75 });
    const s = new Float64Array(2);
    pursue(out, 0, A, 0, E, 1);
    seek(s, 0, A, 0, Float64Array.of(10.125, 7.75), 0);
    expect(pairAt(out)).toEqual(pairAt(s));
  });
});
