import { describe, expect, it } from 'vitest';
import { queue, queuePass } from '../../../runtime/behaviors/queue';
import { prepareTick } from '../../../runtime/step';
import { World } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';

/** β of every agent (Queue distance 40, half width 10, stop 15) and agent 0's output for input `f`. */
function run(states: AgentState[], f: [number, number], r = 0, mass = 1): { beta: number[]; out: [number, number] } {
  const w = new World(spec({ count: states.length, radius: r, mass }, { width: 1000, height: 1000 }), [{ queryRadius: 40 }]);
  const a = w.types[0];
  place(a, states);
  prepareTick(w);
  const B = new Float64Array(2 * states.length);
  queuePass(a, a, 40, 10, 15, B);
  const out = new Float64Array(2);
  queue(out, 0, Float64Array.from(f), 0, a, 0, B);
  return { beta: Array.from({ length: states.length }, (_, i) => B[2 * i]), out: pairAt(out) };
}

describe('Queue (Reynolds’ queuing)', () => {
  it('nobody ahead: the input passes unchanged', () => {
    const r = run([{ x: 100, y: 100, vx: 1 }, { x: 60, y: 100, vx: 1 }], [0.1, 0.05]);
    expect(r.beta[0]).toBe(0);
    expect(r.out).toEqual([0.1, 0.05]);
  });

  it('someone slower 25 px ahead: β = (40 − 25)/(40 − 15); the forward input fades and the speed along h is braked', () => {
    const r = run([{ x: 100, y: 100, vx: 1 }, { x: 125, y: 104, vx: 0.5 }], [0.2, 0.05]);
    expect(r.beta[0]).toBe(15 / 25);
    // out = in − h·max(in·h, 0)·β − h·(v·h)·m·β, h = (1, 0)
    expect(r.out).toEqual([0.2 - 0.2 * 0.6 - 1 * 0.6, 0.05]);
    // the one ahead has nobody ahead of it
    expect(r.beta[1]).toBe(0);
  });

  it('at the stop distance both go completely; sideways and backward input passes', () => {
    const r = run([{ x: 100, y: 100, vx: 1 }, { x: 110, y: 100 }], [-0.1, 0.3]);
    expect(r.beta[0]).toBe(1);
    expect(r.out).toEqual([-0.1 - 1, 0.3]);
  });

  it('ignores one pulling away, one outside the lane, one behind; the radii widen the lane', () => {
    expect(run([{ x: 100, y: 100, vx: 1 }, { x: 120, y: 100, vx: 2 }], [0, 0]).beta[0]).toBe(0);
    expect(run([{ x: 100, y: 100, vx: 1 }, { x: 120, y: 112, vx: 0 }], [0, 0]).beta[0]).toBe(0);
    expect(run([{ x: 100, y: 100, vx: 1 }, { x: 80, y: 100, vx: 0 }], [0, 0]).beta[0]).toBe(0);
    expect(run([{ x: 100, y: 100, vx: 1 }, { x: 120, y: 112, vx: 0 }], [0, 0], 2).beta[0]).toBe(20 / 25);
  });

  it('an agent at rest behind a stopped one stays stopped (j.v·h ≤ v·h holds with equality)', () => {
    const r = run([{ x: 100, y: 100, hx: 1, hy: 0 }, { x: 120, y: 100 }], [0.2, 0]);
    expect(r.beta[0]).toBe(20 / 25);
    expect(r.out[0]).toBeCloseTo(0.2 - 0.2 * 0.8, 15);
  });
});
