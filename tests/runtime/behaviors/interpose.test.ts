/**
 * Interpose (BEHAVIORS.md, "Hide and Interpose"): Arrive at the midpoint of where a and b will be
 * after T = |mid − p| / maxSpeed ticks; a point has velocity 0 (offset −1).
 */
import { describe, expect, it } from 'vitest';
import { arrive } from '../../../runtime/behaviors/arrive';
import { interpose } from '../../../runtime/behaviors/interpose';
import { World } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';

const out = new Float64Array(2);
const want = new Float64Array(2);

function setup(me: AgentState, others: AgentState[], maxSpeed = 4, mass = 1): World {
  const w = new World(
    spec({}, {
      agentTypes: [
        { id: 'guard', count: 1, mass, maxSpeed, maxForce: 0.2 },
        { id: 'other', count: 2, mass: 1, maxSpeed: 3, maxForce: 0.2 },
      ],
    }),
  );
  place(w.types[0], [me]);
  place(w.types[1], others);
  return w;
}

function arriveAt(w: World, x: number, y: number, R = 100): [number, number] {
  arrive(want, 0, w.types[0], 0, Float64Array.of(x, y), 0, R);
  return pairAt(want);
}

describe('interpose', () => {
  it('between two points arrives at their midpoint', () => {
    const w = setup({ x: 100, y: 100, vx: 1, vy: 0 }, []);
    const P = Float64Array.of(300, 200, 500, 400);
    interpose(out, 0, w.types[0], 0, P, 0, P, -1, P, 2, P, -1, 80);
    expect(pairAt(out)).toEqual(arriveAt(w, 400, 300, 80));
  });

  it('between two agents leads them by the time to reach their present midpoint at full speed', () => {
    const w = setup({ x: 100, y: 300 }, [{ x: 300, y: 100, vx: 2, vy: 0 }, { x: 300, y: 500, vx: 0, vy: -1 }]);
    const B = w.types[1];
    interpose(out, 0, w.types[0], 0, B.pos, 0, B.vel, 0, B.pos, 2, B.vel, 2, 100);
    // mid = (300, 300), 200 px away: T = 50 ticks; a → (400, 100), b → (300, 450)
    expect(pairAt(out)).toEqual(arriveAt(w, 350, 275));
  });

  it('mixes an agent and a point (velocity 0)', () => {
    const w = setup({ x: 100, y: 300 }, [{ x: 300, y: 100, vx: 2, vy: 0 }]);
    const B = w.types[1];
    const P = Float64Array.of(300, 500);
    interpose(out, 0, w.types[0], 0, B.pos, 0, B.vel, 0, P, 0, P, -1, 100);
    expect(pairAt(out)).toEqual(arriveAt(w, 350, 300));
  });

  it('a and b on one point give that point; at the target it brakes (−v · mass)', () => {
    const w = setup({ x: 200, y: 200, vx: 1.5, vy: -0.5 }, [], 4, 2);
    const P = Float64Array.of(200, 200);
    interpose(out, 0, w.types[0], 0, P, 0, P, -1, P, 0, P, -1, 100);
    expect(pairAt(out)).toEqual([-3, 1]);
  });

  it('with maxSpeed 0 does not lead (T = 0)', () => {
    const w = setup({ x: 100, y: 300 }, [{ x: 300, y: 100, vx: 2, vy: 0 }, { x: 300, y: 500, vx: 0, vy: -1 }], 0);
    const B = w.types[1];
    interpose(out, 0, w.types[0], 0, B.pos, 0, B.vel, 0, B.pos, 2, B.vel, 2, 100);
    expect(pairAt(out)).toEqual(arriveAt(w, 300, 300));
    expect(Number.isFinite(out[0]) && Number.isFinite(out[1])).toBe(true);
  });
});
