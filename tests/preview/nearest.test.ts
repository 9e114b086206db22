import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NearestScratch, kthSmallest, nearestAgents } from '../../src/preview/nearest';

/** The k nearest by sorting everything: what nearestAgents must agree with. */
function bySorting(pos: number[], cx: number, cy: number, k: number): number[] {
  const n = pos.length >> 1;
  const order = Array.from({ length: n }, (_, i) => i);
  const d = (i: number): number => (pos[2 * i] - cx) ** 2 + (pos[2 * i + 1] - cy) ** 2;
  order.sort((a, b) => d(a) - d(b) || a - b);
  return order.slice(0, Math.min(k, n)).sort((a, b) => a - b);
}

describe('nearestAgents', () => {
  it('picks the agents nearest the point, in agent order', () => {
    // agents on a line at x = 0, 10, 20, … 90; the point at x = 42
    const pos = Array.from({ length: 10 }, (_, i) => [i * 10, 0]).flat();
    const s = new NearestScratch();
    expect(nearestAgents(pos, 10, 42, 0, 3, s)).toBe(3);
    expect(Array.from(s.index.subarray(0, 3))).toEqual([3, 4, 5]);
  });

  it('gives every agent when there are no more than k, and none for k = 0', () => {
    const s = new NearestScratch();
    expect(nearestAgents([1, 1, 2, 2], 2, 0, 0, 250, s)).toBe(2);
    expect(Array.from(s.index.subarray(0, 2))).toEqual([0, 1]);
    expect(nearestAgents([1, 1, 2, 2], 2, 0, 0, 0, s)).toBe(0);
  });

  it('breaks ties by the lower index, so exactly k come out', () => {
    // eight agents at the same distance
    const pos = [1, 0, -1, 0, 0, 1, 0, -1, 1, 0, -1, 0, 0, 1, 0, -1];
    const s = new NearestScratch();
    expect(nearestAgents(pos, 8, 0, 0, 5, s)).toBe(5);
    expect(Array.from(s.index.subarray(0, 5))).toEqual([0, 1, 2, 3, 4]);
  });

  it('agrees with sorting every distance, for any crowd', () => {
    const s = new NearestScratch();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 2, maxLength: 400 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -50, max: 50 }),
        (raw, k, c) => {
          const pos = raw.length % 2 ? raw.slice(1) : raw;
          const m = nearestAgents(pos, pos.length >> 1, c, -c, k, s);
          expect(Array.from(s.index.subarray(0, m))).toEqual(bySorting(pos, c, -c, k));
        },
      ),
    );
  });
});

describe('kthSmallest', () => {
  it('finds the k-th value of sorted, reversed and constant input', () => {
    const n = 1000;
    const up = Float64Array.from({ length: n }, (_, i) => i);
    expect(kthSmallest(up, n, 123)).toBe(123);
    const down = Float64Array.from({ length: n }, (_, i) => n - 1 - i);
    expect(kthSmallest(down, n, 999)).toBe(999);
    expect(kthSmallest(new Float64Array(n).fill(4), n, 500)).toBe(4);
  });
});
