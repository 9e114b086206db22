import { describe, expect, it } from 'vitest';
import { fitView, panBy, zoomAt } from '../../src/preview/view';
import { ViewController } from '../../src/preview/view-controller';

describe('ViewController', () => {
  it('fits the world above the reserved strip, and is fitted until a pan or a zoom', () => {
    const v = new ViewController();
    v.fit({ width: 800, height: 600 }, 1000, 540, 40);
    expect(v.view).toEqual(fitView(800, 600, 1000, 500, 16));
    expect(v.fitted).toBe(true);
    v.pan(5, -3);
    expect(v.view).toEqual(panBy(fitView(800, 600, 1000, 500, 16), 5, -3));
    expect(v.fitted).toBe(false);
    v.fit({ width: 800, height: 600 }, 1000, 540, 40);
    expect(v.fitted).toBe(true);
    const fitted = v.view;
    v.zoom(100, 200, 2);
    expect(v.view).toEqual(zoomAt(fitted, 100, 200, 2));
    expect(v.fitted).toBe(false);
  });

  it('keeps the view without a world or a box, but counts as fitted', () => {
    const v = new ViewController();
    v.pan(10, 10);
    const before = v.view;
    v.fit(undefined, 1000, 500, 0);
    expect(v.view).toBe(before);
    expect(v.fitted).toBe(true);
    v.fit({ width: 800, height: 600 }, 0, 500, 0);
    expect(v.view).toBe(before);
  });

  it('wants a refit for a world of another size only while fitted', () => {
    const v = new ViewController();
    v.fit({ width: 800, height: 600 }, 1000, 500, 0);
    expect(v.wantsFit({ width: 800, height: 600 })).toBe(false);
    expect(v.wantsFit({ width: 1600, height: 600 })).toBe(true);
    expect(v.wantsFit(undefined)).toBe(false);
    v.zoom(0, 0, 2);
    expect(v.wantsFit({ width: 1600, height: 600 })).toBe(false);
  });
});
