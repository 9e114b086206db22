import { describe, expect, it } from 'vitest';
import {
  priorityAdd,
  priorityAddMaxForce,
  truncateInto,
  truncateIntoMaxForce,
} from '../../../runtime/behaviors/combine';
import { World } from '../../../runtime/world';
import { expectNear, pairAt, spec } from '../helpers';

describe('truncateInto', () => {
  it('passes a force no longer than max through unchanged (length exactly max included)', () => {
    const out = new Float64Array(2);
    truncateInto(out, 0, Float64Array.of(0.3, -0.1), 0, 1);
    expect(pairAt(out)).toEqual([0.3, -0.1]);
    truncateInto(out, 0, Float64Array.of(3, 4), 0, 5);
    expect(pairAt(out)).toEqual([3, 4]);
  });

  it('scales a longer force down to length max, keeping its direction', () => {
    const out = new Float64Array(4);
    truncateInto(out, 2, Float64Array.of(0, 30, 40), 1, 0.5);
    expectNear(out, 2, 0.3, 0.4);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('with max 0 gives 0', () => {
    const out = new Float64Array(2);
    truncateInto(out, 0, Float64Array.of(1e-300, -2), 0, 0);
    expect(pairAt(out)).toEqual([0, 0]);
  });

  it('may write over its input', () => {
    const f = Float64Array.of(6, -8);
    truncateInto(f, 0, f, 0, 5);
    expectNear(f, 0, 3, -4);
  });
});

describe('priorityAdd (Buckland’s prioritized truncated running sum)', () => {
  it('adds inputs whole while they fit the budget, then truncates one to what is left, then cuts off', () => {
    const f = Float64Array.of(0.3, 0, 0, 0.4, 0.6, 0, 0, -5);
    const acc = new Float64Array(2);
    expect(priorityAdd(acc, 0, f, 0, 1)).toBe(1);
    expect(pairAt(acc)).toEqual([0.3, 0]);
    expect(priorityAdd(acc, 0, f, 2, 1)).toBe(1); // |acc| = 0.5 now
    expect(pairAt(acc)).toEqual([0.3, 0.4]);
    // left = 1 − 0.5 = 0.5: the third input (length 0.6) is truncated to 0.5, 5/6 of it used
    const used = priorityAdd(acc, 0, f, 4, 1);
    expect(used).toBeCloseTo(5 / 6, 15);
    expectNear(acc, 0, 0.8, 0.4);
    // left = 1 − |(0.8, 0.4)| ≈ 0.106 > 0: the fourth input is truncated hard
    const left = 1 - Math.sqrt(0.8 * 0.8 + 0.4 * 0.4);
    expect(priorityAdd(acc, 0, f, 6, 1)).toBeCloseTo(left / 5, 15);
    expectNear(acc, 0, 0.8, 0.4 - left, 1e-14);
  });

  it('returns 0 and leaves acc alone once the budget is spent', () => {
    const acc = new Float64Array(2);
    const f = Float64Array.of(3, 4, 1, 1);
    expect(priorityAdd(acc, 0, f, 0, 5)).toBe(1); // |acc| = 5 = budget: left = 0
    expect(priorityAdd(acc, 0, f, 2, 5)).toBe(0);
    expect(pairAt(acc)).toEqual([3, 4]);
    const over = Float64Array.of(0, 0, 6, 8);
    expect(priorityAdd(over, 2, f, 2, 5)).toBe(0); // |acc| = 10 > budget
    expect(pairAt(over, 2)).toEqual([6, 8]);
  });

  it('with budget 0 uses nothing; a zero input counts as fully used', () => {
    const acc = new Float64Array(2);
    expect(priorityAdd(acc, 0, Float64Array.of(1, 1), 0, 0)).toBe(0);
    expect(pairAt(acc)).toEqual([0, 0]);
    expect(priorityAdd(acc, 0, Float64Array.of(0, 0), 0, 1)).toBe(1);
    expect(pairAt(acc)).toEqual([0, 0]);
  });

  it('a first input longer than the budget is truncated to the budget', () => {
    const acc = Float64Array.of(7, 0, 0);
    expect(priorityAdd(acc, 1, Float64Array.of(0, -30, 40), 1, 0.2)).toBeCloseTo(0.2 / 50, 17);
    expectNear(acc, 1, -0.12, 0.16);
    expect(acc[0]).toBe(7);
  });
});

describe('truncateIntoMaxForce and priorityAddMaxForce (the default cap and budget: the agent’s maxForce)', () => {
  it('are truncateInto and priorityAdd with A.maxForce[i], bit for bit, reading agent i’s own maxForce', () => {
    const w = new World(spec({ count: 3, maxForce: 0.25, variation: { maxForce: 0.5 } }));
    const a = w.types[0];
    expect(new Set(a.maxForce).size).toBe(3);
    const f = Float64Array.of(0.1, -0.05, 0.3, 0.2, -1, 2);
    for (let i = 0; i < 3; i++) {
      const got = new Float64Array(2);
      const want = new Float64Array(2);
      for (const k of [0, 2, 4]) {
        truncateIntoMaxForce(got, 0, f, k, a, i);
        truncateInto(want, 0, f, k, a.maxForce[i]);
        expect(pairAt(got)).toEqual(pairAt(want));
      }
      got.fill(0);
      want.fill(0);
      for (const k of [0, 2, 4]) {
        expect(priorityAddMaxForce(got, 0, f, k, a, i)).toBe(priorityAdd(want, 0, f, k, a.maxForce[i]));
        expect(pairAt(got)).toEqual(pairAt(want));
      }
    }
  });
});
