import { describe, expect, it } from 'vitest';
import { circleTable, formation, leaderFollow, offsetPursuit, slotOffset } from '../../../runtime/behaviors/formation';
import { arrive } from '../../../runtime/behaviors/arrive';
import { dsincos } from '../../../runtime/dsincos';
import { World } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';

/** One type of agents in these states (maxSpeed 4, maxForce 0.2, mass 1). */
function agents(states: AgentState[]) {
  const w = new World(spec({ count: states.length }, { width: 2000, height: 2000 }), [{}]);
  const a = w.types[0];
  place(a, states);
  return a;
}

/** The slot offsets 0 … n − 1 of a shape (BEHAVIORS.md, "Slot offsets"). */
function slots(shape: number, n: number, s = 30, d = 30): [number, number][] {
  const o = new Float64Array(2);
  return Array.from({ length: n }, (_, k) => {
    slotOffset(o, 0, shape, k, n, s, d);
    return pairAt(o);
  });
}

describe('Offset Pursuit', () => {
  it('arrives at the place in the leader’s frame, predicted from the leader’s velocity', () => {
    // leader at (500, 500) heading +y at speed 2: its frame's ahead is +y and its right is −x
    const a = agents([{ x: 500, y: 500, vx: 0, vy: 2 }, { x: 300, y: 300 }]);
    const out = new Float64Array(2);
    offsetPursuit(out, 0, a, 1, a, 0, -40, 20, 100);
    // W = L.p + hL·ox + sL·oy with hL = (0, 1), sL = (−1, 0): (480, 460)
    const dx = 480 - 300;
    const dy = 460 - 300;
    const T = Math.sqrt(dx * dx + dy * dy) / (4 + 2);
    const ref = new Float64Array(2);
    arrive(ref, 0, a, 1, Float64Array.of(480, 460 + 2 * T), 0, 100);
    expect(pairAt(out)).toEqual(pairAt(ref));
  });

  it('the leader itself gets no force', () => {
    const a = agents([{ x: 500, y: 500, vx: 1 }, { x: 300, y: 300 }]);
    const out = Float64Array.of(9, 9);
    offsetPursuit(out, 0, a, 0, a, 0, -40, 0, 100);
    expect(pairAt(out)).toEqual([0, 0]);
  });
});

describe('Formation slots', () => {
  it('line, column and wedge alternate sides 0, 1, −1, 2, −2 as BEHAVIORS.md lays them out', () => {
    expect(slots(0, 5)).toEqual([[-30, 0], [-30, 30], [-30, -30], [-30, 60], [-30, -60]]);
    expect(slots(1, 3)).toEqual([[-30, 0], [-60, 0], [-90, 0]]);
    expect(slots(2, 5)).toEqual([[-30, 0], [-60, 30], [-60, -30], [-90, 60], [-90, -60]]);
  });

  it('the circle starts straight behind the leader and goes round by 360°/n', () => {
    const c = slots(3, 4, 30, 50);
    expect(c[0]).toEqual([-50, 0]);
    const [c1, s1] = dsincos(90);
    expect(c[1]).toEqual([-50 * c1, -50 * s1]);
    expect(c[2][0]).toBeCloseTo(50, 12);
  });

  it('a count change keeps every line, column and wedge slot; the circle table is rebuilt for the new count with the same bits', () => {
    expect(slots(2, 7).slice(0, 5)).toEqual(slots(2, 5));
    const t6 = Float64Array.from(circleTable(6));
    for (let n = 1; n < 12; n++) circleTable(n);
    expect(Array.from(circleTable(6))).toEqual(Array.from(t6));
  });

  it('a leader of the same type takes no slot: the agents after it move up one', () => {
    // leader is agent 1; agent 2 takes slot 1 (as agent 1 would have without the leader in the type)
    const a = agents([{ x: 100, y: 100 }, { x: 500, y: 500, vx: 1 }, { x: 120, y: 100 }]);
    const got = new Float64Array(2);
    formation(got, 0, a, 2, a, 1, 2, 30, 30, 100);
    const want = new Float64Array(2);
    offsetPursuit(want, 0, a, 2, a, 1, -60, 30, 100);
    expect(pairAt(got)).toEqual(pairAt(want));
    formation(got, 0, a, 0, a, 1, 2, 30, 30, 100);
    offsetPursuit(want, 0, a, 0, a, 1, -30, 0, 100);
    expect(pairAt(got)).toEqual(pairAt(want));
  });
});

describe('Leader Following', () => {
  it('in the leader’s path it steps sideways out of it at full speed', () => {
    // leader heading +x; the follower 30 px ahead, 5 px to the leader's right (+y)
    const a = agents([{ x: 500, y: 500, vx: 2 }, { x: 530, y: 505, vx: -1 }]);
    const out = new Float64Array(2);
    leaderFollow(out, 0, a, 1, a, 0, 30, 60, 20, 100, null, 0);
    // desired = perp(hL)·(+1)·S = (0, 4); steer = desired − v
    expect(pairAt(out)).toEqual([1, 4]);
  });

  it('elsewhere it arrives behind the leader, plus the weighted separation', () => {
    const a = agents([{ x: 500, y: 500, vx: 2 }, { x: 300, y: 420 }]);
    const out = new Float64Array(2);
    const P = new Float64Array([0, 0, 0.1, -0.05]);
    leaderFollow(out, 0, a, 1, a, 0, 30, 60, 20, 100, P, 2);
    const ref = new Float64Array(2);
    arrive(ref, 0, a, 1, Float64Array.of(470, 500), 0, 100);
    expect(pairAt(out)).toEqual([ref[0] + 2 * 0.1, ref[1] + 2 * -0.05]);
  });
});
