import { afterAll, describe, expect, it } from 'vitest';
import { circleTable, customSlot, formation, formationCustom, leaderFollow, offsetPursuit, slotOffset } from '../../../runtime/behaviors/formation';
import { depthExtent, shapeOffsets } from '../../../nodes/formation';
import { arrive } from '../../../runtime/behaviors/arrive';
import { dsincos } from '../../../runtime/dsincos';
import { World } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';
import { createBehaviorWorld } from '../../../runtime/api';
import { compile } from '../../../src/compiler/index';
import { instantiate } from '../../../src/compiler/instantiate';
import { emitModule } from '../../../src/compiler/module';
import { importModule, removeDir, tempDir } from '../../fixtures/module-files';
import { agentType, node, scene, wire } from '../../fixtures/scenes';

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

describe('Custom formation slots', () => {
  /** A drawn pattern: one ahead-left, one behind, one behind-right (ox, oy). */
  const drawn: [number, number][] = [[10, -20], [-40, 0], [-25, 35]];
  const C = Float64Array.from([7, 7, ...drawn.flat()]);

  /** Slots 0 … count − 1 of the drawn pattern (stored in C from offset 2), repeats back by its extent + s. */
  function custom(count: number, s: number): [number, number][] {
    const o = new Float64Array(2);
    return Array.from({ length: count }, (_, k) => {
      customSlot(o, 0, C, 2, drawn.length, depthExtent(drawn) + s, k);
      return pairAt(o);
    });
  }

  it('follower k takes drawn slot k', () => {
    expect(custom(3, 30)).toEqual(drawn);
  });

  it('followers past the last drawn slot repeat the pattern behind it, one spacing past its depth extent', () => {
    // extent = 10 − (−40) = 50, so each repeat moves back 50 + 30 = 80 px, sideways unchanged
    expect(depthExtent(drawn)).toBe(50);
    expect(custom(8, 30).slice(3)).toEqual([[-70, -20], [-120, 0], [-105, 35], [-150, -20], [-200, 0]]);
    // no repeat overlaps the one before: its most forward slot is one spacing behind the last row
    const rows = custom(6, 30);
    expect(Math.max(...rows.slice(3).map((p) => p[0]))).toBe(Math.min(...rows.slice(0, 3).map((p) => p[0])) - 30);
  });

  it('a single drawn slot repeats as a column at the spacing', () => {
    const o = new Float64Array(2);
    const one = Float64Array.of(-20, 5);
    const got = [0, 1, 2].map((k) => {
      customSlot(o, 0, one, 0, 1, depthExtent([[-20, 5]]) + 15, k);
      return pairAt(o);
    });
    expect(got).toEqual([[-20, 5], [-35, 5], [-50, 5]]);
  });

  it('the force is Offset Pursuit of the slot; the leader of the same type takes no slot, and with no slots drawn the force is 0', () => {
    const a = agents([{ x: 100, y: 100 }, { x: 500, y: 500, vx: 1 }, { x: 120, y: 100 }, { x: 140, y: 90 }, { x: 90, y: 130 }]);
    const got = new Float64Array(2);
    const want = new Float64Array(2);
    // agent 4 is follower 3 (the leader, agent 1, takes none): drawn slot 0, one repeat back
    formationCustom(got, 0, a, 4, a, 1, C, 2, 3, 50, 30, 100);
    offsetPursuit(want, 0, a, 4, a, 1, -70, -20, 100);
    expect(pairAt(got)).toEqual(pairAt(want));
    formationCustom(got, 0, a, 0, a, 1, C, 2, 3, 50, 30, 100);
    offsetPursuit(want, 0, a, 0, a, 1, 10, -20, 100);
    expect(pairAt(got)).toEqual(pairAt(want));
    const zero = Float64Array.of(9, 9);
    formationCustom(zero, 0, a, 1, a, 1, C, 2, 3, 50, 30, 100);
    expect(pairAt(zero)).toEqual([0, 0]);
    zero.set([9, 9]);
    formationCustom(zero, 0, a, 0, a, 1, C, 2, 0, 0, 30, 100);
    expect(pairAt(zero)).toEqual([0, 0]);
  });

  it('is deterministic: the same slot from the same table gives the same bits, whatever came before', () => {
    const o = new Float64Array(2);
    customSlot(o, 0, C, 2, 3, 0.1 + 0.2, 1001);
    const first = pairAt(o);
    for (let k = 0; k < 2000; k++) customSlot(o, 0, C, 2, 3, 0.1 + 0.2, k);
    customSlot(o, 0, C, 2, 3, 0.1 + 0.2, 1001);
    expect(pairAt(o)).toEqual(first);
    // 1001 = 3·333 + 2: drawn slot 2, 333 repeats back
    expect(first).toEqual([-25 - 333 * (0.1 + 0.2), 35]);
  });

  it('switching a node to Custom can start from the first slots of its shape', () => {
    expect(shapeOffsets('wedge', 3, 30, 30)).toEqual(slots(2, 3));
    expect(shapeOffsets('column', 2, 20, 10)).toEqual([[-10, 0], [-30, 0]]);
    expect(shapeOffsets('circle', 4, 30, 50).map(([x, y]) => [x, y])).toEqual([[-50, 0], [0, -50], [50, 0], [0, 50]]);
    expect(shapeOffsets('custom', 3, 30, 30)).toEqual([]);
  });
});

describe('Custom formation, compiled', () => {
  const dir = tempDir();
  afterAll(() => removeDir(dir));
  const drawn: [number, number][] = [[-30, -25], [-30, 25], [-60, 0]];
  /** Soldiers in a Custom formation behind a captain marching right. */
  const squad = (count: number) =>
    scene(
      [
        agentType('soldier', [node('ag', 'agent', { agentType: 'captain' }), node('fm', 'formation', { shape: 'custom', spacing: 20, slots: drawn }), node('out', 'agent-output')], [wire('ag.agent', 'fm.leader'), wire('fm.force', 'out.force')], {
          count,
          spawn: { x: 100, y: 250, width: 100, height: 100, speed: 0 },
        }),
        agentType('captain', [node('goal', 'point', { x: 3900, y: 300 }), node('seek', 'seek'), node('out', 'agent-output')], [wire('goal.point', 'seek.target'), wire('seek.force', 'out.force')], {
          count: 1,
          maxSpeed: 0.6,
          spawn: { x: 300, y: 295, width: 10, height: 10 },
        }),
      ],
      { width: 4000, height: 600, edges: 'bounce' },
      'Custom squad',
    );

  it('the followers hold the drawn slots, and past the last the pattern repeated behind (extent 30 + spacing 20 back)', () => {
    const doc = squad(7);
    const w = createBehaviorWorld(doc, instantiate(compile(doc)));
    w.step(1500);
    const [L, V, P] = [w.positions('captain'), w.velocities('captain'), w.positions('soldier')];
    const s = Math.hypot(V[0], V[1]);
    const [hx, hy] = [V[0] / s, V[1] / s];
    const frame = Array.from({ length: 7 }, (_, k) => {
      const [rx, ry] = [P[2 * k] - L[0], P[2 * k + 1] - L[1]];
      return [rx * hx + ry * hy, rx * -hy + ry * hx];
    });
    const want = [...drawn, [-80, -25], [-80, 25], [-110, 0], [-130, -25]];
    // (every follower trails its place alike: Arrive slows within its radius while keeping pace)
    const lag = want[0][0] - frame[0][0];
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(20);
    frame.forEach(([along, lat], k) => {
      expect(along + lag).toBeCloseTo(want[k][0], 0);
      expect(lat).toBeCloseTo(want[k][1], 0);
    });
  });

  it('runs bit-identically in the exported module and in process, also when agents are added past the drawn slots', async () => {
    const doc = squad(4);
    const exported = (await importModule(dir, emitModule(doc).js)).createWorld();
    const page = createBehaviorWorld(doc, instantiate(compile(doc)));
    for (const w of [exported, page]) {
      w.step(200);
      w.setCount('soldier', 11);
      w.step(300);
    }
    for (const t of ['soldier', 'captain']) {
      const a = exported.positions(t);
      const b = page.positions(t);
      expect(a.length).toBe(b.length);
      expect(Array.from(a).every((v, j) => Object.is(v, b[j]))).toBe(true);
    }
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
