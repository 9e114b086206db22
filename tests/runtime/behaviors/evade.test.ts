import { describe, expect, it } from 'vitest';
import { evade } from '../../../runtime/behaviors/evade';
import { flee } from '../../../runtime/behaviors/flee';
import { World, type Agents } from '../../../runtime/world';
import { expectNear, pairAt, place, spec, type AgentState } from '../helpers';

/** BEHAVIORS.md's Flee with no limit: normalize(p − t) · S − v; on t itself the direction is the heading. */
function fleeRef(x: number, y: number, vx: number, vy: number, hx: number, hy: number, S: number, tx: number, ty: number): [number, number] {
  const dx = x - tx;
  const dy = y - ty;
  const d = Math.sqrt(dx * dx + dy * dy);
  return d > 0 ? [(dx / d) * S - vx, (dy / d) * S - vy] : [hx * S - vx, hy * S - vy];
}

/** An evader (type 0, agent 0) and a pursuer (type 1, agent 1: index 0 is a decoy). */
function threat(me: AgentState, them: AgentState, maxSpeed = 4): [Agents, Agents] {
  const w = new World(
    spec({}, {
      agentTypes: [
        { id: 'evader', count: 1, mass: 1, maxSpeed, maxForce: 0.2 },
        { id: 'pursuer', count: 2, mass: 1, maxSpeed: 6, maxForce: 0.2 },
      ],
    }),
  );
  place(w.types[0], [me]);
  place(w.types[1], [{ x: 1, y: 1 }, them]);
  return [w.types[0], w.types[1]];
}

const out = new Float64Array(2);

describe('evade', () => {
  it('flees where the pursuer will be: e.p + e.v · |e.p − p| / (maxSpeed + |e.v|)', () => {
    const [A, E] = threat({ x: 100, y: 100, vx: 0, vy: 1 }, { x: 160, y: 20, vx: 0, vy: 3 });
    evade(out, 0, A, 0, E, 1, 0);
    // |e.p − p| = 100, divisor 7: predicted (160, 20 + 300/7), not the current position
    expectNear(out, 0, ...fleeRef(100, 100, 0, 1, 0, 1, 4, 160, 20 + 300 / 7));
  });

  it('threat distance 0 means no limit', () => {
    const [A, E] = threat({ x: 10, y: 10 }, { x: 790, y: 10 });
    evade(out, 0, A, 0, E, 1, 0);
    expect(pairAt(out)).toEqual([-4, 0]);
  });

  it('acts while the pursuer’s current position is closer than the threat distance, not its predicted one', () => {
    // Now 90 px away (inside 100), predicted 90 + 6·90/10 = 144 px away: evades.
    const [A, E] = threat({ x: 100, y: 100 }, { x: 190, y: 100, vx: 6, vy: 0 });
    evade(out, 0, A, 0, E, 1, 100);
    expect(pairAt(out)).toEqual([-4, 0]);
    // Now 110 px away (outside 100), predicted 110 − 6·11 = 44 px away: ignores it.
    const [B, F] = threat({ x: 100, y: 100 }, { x: 210, y: 100, vx: -6, vy: 0 });
    evade(out, 0, B, 0, F, 1, 100);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('is 0 exactly on the threat distance and acts just inside it', () => {
    const [A, E] = threat({ x: 100, y: 100, vx: 1, vy: 0 }, { x: 100, y: 200 });
    evade(out, 0, A, 0, E, 1, 100);
    expect(pairAt(out)).toEqual([0, 0]);
    evade(out, 0, A, 0, E, 1, 100.001);
    expect(pairAt(out)).toEqual([-1, -4]);
  });

  it('with a zero divisor (maxSpeed 0, pursuer still) flees its position, which at maxSpeed 0 brakes', () => {
    const [A, E] = threat({ x: 100, y: 100, vx: 0.5, vy: -0.5 }, { x: 130, y: 140 }, 0);
    evade(out, 0, A, 0, E, 1, 0);
    expect(pairAt(out)).toEqual([-0.5, 0.5]);
  });

  it('on the pursuer itself (T = 0) flees along the heading', () => {
    const [A, E] = threat({ x: 250, y: 250, hx: 0, hy: -1 }, { x: 250, y: 250, vx: 3, vy: 0 });
    evade(out, 0, A, 0, E, 1, 50);
    expect(pairAt(out)).toEqual([0, -4]);
  });

  it('reads the pursuer from its own type and index', () => {
    const [A, E] = threat({ x: 100, y: 100 }, { x: 100, y: 300 });
    evade(out, 0, A, 0, E, 1, 0);
    expect(pairAt(out)).toEqual([0, -4]);
    evade(out, 0, A, 0, E, 0, 0); // the decoy at (1, 1), still
    expectNear(out, 0, ...fleeRef(100, 100, 0, 0, 1, 0, 4, 1, 1));
  });

  it('does Flee’s arithmetic: from a still pursuer it equals flee(e.p, no limit) bit for bit', () => {
    const [A, E] = threat({ x: 123.25, y: 456.5, vx: -1.75, vy: 0.5 }, { x: 170.125, y: 407.75 });
    const f = new Float64Array(2);
    evade(out, 0, A, 0, E, 1, 0);
    flee(f, 0, A, 0, Float64Array.of(170.125, 407.75), 0, 0);
    expect(pairAt(out)).toEqual(pairAt(f));
  });
});
