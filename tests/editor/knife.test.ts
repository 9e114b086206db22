import { describe, expect, it } from 'vitest';
import { polylinesCross, segmentsCross, type Point } from '../../src/editor/knife';

describe('the knife: which wires a stroke crosses', () => {
  it('segments that cross, touch, miss, or lie on one line apart', () => {
    expect(segmentsCross([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsCross([0, 0], [10, 0], [5, 0], [5, 5])).toBe(true); // touching at an end
    expect(segmentsCross([0, 0], [4, 4], [0, 10], [10, 0])).toBe(false); // short of it
    expect(segmentsCross([0, 0], [10, 0], [11, 0], [20, 0])).toBe(false); // collinear, apart
    expect(segmentsCross([0, 0], [10, 0], [0, 1], [10, 1])).toBe(false); // parallel
  });

  it('a bent stroke crosses a wire drawn as a curve of pieces, and one beside it does not', () => {
    const wire: Point[] = Array.from({ length: 11 }, (_, k) => [k * 10, Math.round(20 * Math.abs(Math.sin(k)))] as Point);
    expect(polylinesCross([[45, -50], [46, 60]], wire)).toBe(true);
    expect(polylinesCross([[-20, -50], [-10, 0], [-20, 60]], wire)).toBe(false);
    expect(polylinesCross([[0, 0]], wire)).toBe(false); // a click is no stroke
  });
});
