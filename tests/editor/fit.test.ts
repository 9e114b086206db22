import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, MAX_FIT_ZOOM, MIN_FIT_ZOOM, SMALLEST_NODE_FONT_PX, fitTransform } from '../../src/editor/fit';

describe('fitTransform (the editor’s Fit)', () => {
  it('never zooms out so far that node text is under 11 px on screen: a big graph extends beyond the view from its top-left', () => {
    const t = fitTransform({ left: 100, top: 50, width: 1400, height: 900 }, 480, 590);
    expect(t.k).toBe(MIN_FIT_ZOOM);
    expect(SMALLEST_NODE_FONT_PX * t.k).toBeGreaterThanOrEqual(11);
    // the graph's top-left corner sits at the margin
    expect(100 * t.k + t.x).toBeCloseTo(FIT_MARGIN.left, 9);
    expect(50 * t.k + t.y).toBeCloseTo(FIT_MARGIN.top, 9);
  });

  it('centres a graph that fits, zoomed to fill the view but not beyond its natural size', () => {
    const small = fitTransform({ left: 0, top: 0, width: 200, height: 100 }, 1000, 800);
    expect(small.k).toBe(MAX_FIT_ZOOM);
    const midX = FIT_MARGIN.left + (1000 - FIT_MARGIN.left - FIT_MARGIN.right) / 2;
    expect(100 * small.k + small.x).toBeCloseTo(midX, 9);
    const mid = fitTransform({ left: 0, top: 0, width: 992, height: 500 }, 1000, 800);
    expect(mid.k).toBeCloseTo(952 / 992, 9);
    expect(mid.x).toBeCloseTo(FIT_MARGIN.left, 9);
  });

  it('centres in one direction and starts at the margin in the other when only one fits', () => {
    const t = fitTransform({ left: 0, top: 0, width: 3000, height: 100 }, 1000, 800);
    expect(t.k).toBe(MIN_FIT_ZOOM);
    expect(t.x).toBeCloseTo(FIT_MARGIN.left, 9);
    const room = 800 - FIT_MARGIN.top - FIT_MARGIN.bottom;
    expect(t.y).toBeCloseTo(FIT_MARGIN.top + (room - 100 * t.k) / 2, 9);
  });
});
