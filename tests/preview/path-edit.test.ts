import { describe, expect, it } from 'vitest';
import { pointAt, segmentAt } from '../../src/preview/path-edit';

const view = { scale: 2, x: 10, y: 20 };
// screen: (110, 120), (310, 120), (310, 320)
const square: [number, number][] = [
  [50, 50],
  [150, 50],
  [150, 150],
];

describe('pointAt', () => {
  it('finds the waypoint within the screen radius, at any zoom', () => {
    expect(pointAt(square, view, 112, 118)).toBe(0);
    expect(pointAt(square, view, 310, 327)).toBe(2);
    expect(pointAt(square, view, 310, 329)).toBe(-1);
    expect(pointAt(square, { scale: 0.1, x: 0, y: 0 }, 15, 5)).toBe(1);
    expect(pointAt([], view, 0, 0)).toBe(-1);
  });
});

describe('segmentAt', () => {
  it('gives the index a point inserted there takes and the world point on the segment', () => {
    expect(segmentAt(square, false, view, 210, 124)).toEqual({ index: 1, x: 100, y: 50 });
    expect(segmentAt(square, false, view, 306, 220)).toEqual({ index: 2, x: 150, y: 100 });
  });

  it("takes a loop's closing segment (index = length) only when the path loops", () => {
    // the diagonal from (310, 320) back to (110, 120)
    expect(segmentAt(square, true, view, 210, 220)).toEqual({ index: 3, x: 100, y: 100 });
    expect(segmentAt(square, false, view, 210, 220)).toBeNull();
  });

  it('is null away from the path, and for fewer than two points', () => {
    expect(segmentAt(square, false, view, 210, 140)).toBeNull();
    expect(segmentAt([[50, 50]], true, view, 110, 120)).toBeNull();
  });
});
