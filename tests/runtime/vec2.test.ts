import { describe, expect, it } from 'vitest';
import * as vec2 from '../../runtime/vec2';

const v = (x: number, y: number) => vec2.create(x, y);
/** The components as an array; −0 reads as 0 (the sign of a zero component is not observable). */
const arr = (a: Float64Array) => Array.from(a, (x) => x + 0);

describe('vec2', () => {
  it('create allocates (x, y), defaulting to the zero vector', () => {
    const a = vec2.create(3, -4);
    expect(a).toBeInstanceOf(Float64Array);
    expect(arr(a)).toEqual([3, -4]);
    expect(arr(vec2.create())).toEqual([0, 0]);
    expect(vec2.create(1, 2)).not.toBe(vec2.create(1, 2));
  });

  it('set writes (x, y) and returns out', () => {
    const out = v(9, 9);
    expect(vec2.set(out, 1.5, -2)).toBe(out);
    expect(arr(out)).toEqual([1.5, -2]);
  });

  it('add, sub and scale give exact results and return out', () => {
    const out = v(0, 0);
    expect(vec2.add(out, v(1, 2), v(3, -5))).toBe(out);
    expect(arr(out)).toEqual([4, -3]);
    expect(arr(vec2.sub(out, v(1, 2), v(3, -5)))).toEqual([-2, 7]);
    expect(arr(vec2.scale(out, v(1.5, -2), 4))).toEqual([6, -8]);
    // 0.1 + 0.2 rounds as IEEE 754 says, with no extra precision
    expect(arr(vec2.add(out, v(0.1, 0.2), v(0.2, 0.1)))).toEqual([0.30000000000000004, 0.30000000000000004]);
  });

  it('dot, lengthSq, length and distance', () => {
    expect(vec2.dot(v(1, 2), v(3, -4))).toBe(-5);
    expect(vec2.lengthSq(v(3, -4))).toBe(25);
    expect(vec2.length(v(3, -4))).toBe(5);
    expect(vec2.length(v(0, 0))).toBe(0);
    expect(vec2.distance(v(1, 1), v(4, 5))).toBe(5);
    expect(vec2.distance(v(4, 5), v(1, 1))).toBe(5);
    expect(vec2.length(v(1, 1))).toBe(Math.SQRT2);
  });

  it('normalize gives a unit vector along a', () => {
    const out = v(0, 0);
    expect(vec2.normalize(out, v(3, -4))).toBe(out);
    expect(arr(out)).toEqual([0.6, -0.8]);
    expect(arr(vec2.normalize(out, v(0, -7)))).toEqual([0, -1]);
  });

  it('normalize(0, 0) is (0, 0), not the seed\'s (1, 0)', () => {
    const out = v(5, 5);
    expect(arr(vec2.normalize(out, v(0, 0)))).toEqual([0, 0]);
  });

  it('truncate shortens a long vector to exactly max along the same direction', () => {
    const out = v(0, 0);
    expect(vec2.truncate(out, v(6, -8), 5)).toBe(out);
    expect(arr(out)).toEqual([3, -4]);
  });

  it('truncate leaves |a| ≤ max unchanged (including |a| = max exactly)', () => {
    const out = v(0, 0);
    expect(arr(vec2.truncate(out, v(0.3, -0.4), 5))).toEqual([0.3, -0.4]);
    expect(arr(vec2.truncate(out, v(3, 4), 5))).toEqual([3, 4]);
    expect(arr(vec2.truncate(out, v(0, 0), 5))).toEqual([0, 0]);
  });

  it('truncate with max 0 gives the zero vector', () => {
    const out = v(9, 9);
    expect(arr(vec2.truncate(out, v(3, -4), 0))).toEqual([0, 0]);
    expect(arr(vec2.truncate(out, v(0, 0), 0))).toEqual([0, 0]);
  });

  it('perp rotates by +90°: (x, y) → (−y, x)', () => {
    const out = v(0, 0);
    expect(vec2.perp(out, v(1, 0))).toBe(out);
    expect(arr(out)).toEqual([0, 1]);
    expect(arr(vec2.perp(out, v(2, 3)))).toEqual([-3, 2]);
  });

  it('works on plain arrays too (any indexable pair)', () => {
    const out: [number, number] = [0, 0];
    expect(vec2.add(out, [1, 2], [3, 4])).toEqual([4, 6]);
  });

  describe('out may alias an input (gl-matrix)', () => {
    it('add: out === a and out === b', () => {
      const a = v(1, 2);
      expect(arr(vec2.add(a, a, v(10, 20)))).toEqual([11, 22]);
      const b = v(10, 20);
      expect(arr(vec2.add(b, v(1, 2), b))).toEqual([11, 22]);
      const c = v(1, 2);
      expect(arr(vec2.add(c, c, c))).toEqual([2, 4]);
    });

    it('sub: out === a and out === b', () => {
      const a = v(1, 2);
      expect(arr(vec2.sub(a, a, v(10, 20)))).toEqual([-9, -18]);
      const b = v(10, 20);
      expect(arr(vec2.sub(b, v(1, 2), b))).toEqual([-9, -18]);
    });

    it('scale, normalize, truncate and perp in place', () => {
      const a = v(3, -4);
      expect(arr(vec2.scale(a, a, 2))).toEqual([6, -8]);
      expect(arr(vec2.truncate(a, a, 5))).toEqual([3, -4]);
      expect(arr(vec2.normalize(a, a))).toEqual([0.6, -0.8]);
      // perp reads y before writing x: the in-place result is not (−y, −y)
      const p = v(2, 3);
      expect(arr(vec2.perp(p, p))).toEqual([-3, 2]);
    });
  });

  it('does not modify its inputs', () => {
    const a = v(3, -4);
    const b = v(1, 2);
    const out = v(0, 0);
    vec2.add(out, a, b);
    vec2.sub(out, a, b);
    vec2.scale(out, a, 3);
    vec2.normalize(out, a);
    vec2.truncate(out, a, 1);
    vec2.perp(out, a);
    expect(arr(a)).toEqual([3, -4]);
    expect(arr(b)).toEqual([1, 2]);
  });
});
