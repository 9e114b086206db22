import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_SCALE, fitView, panBy, toScreen, toWorld, wheelFactor, zoomAt } from '../../src/preview/view';

describe('fitView', () => {
  it('shows the whole world centred, touching the margin on the tighter side', () => {
    // 800 × 600 in 1000 × 500 with 20 px margins: height is tighter, scale = 460 / 600
    const v = fitView(800, 600, 1000, 500, 20);
    expect(v.scale).toBeCloseTo(460 / 600, 12);
    const tl = toScreen([0, 0], v, 0, 0);
    const br = toScreen([0, 0], v, 800, 600);
    expect(tl[1]).toBeCloseTo(20, 9);
    expect(br[1]).toBeCloseTo(480, 9);
    expect((tl[0] + br[0]) / 2).toBeCloseTo(500, 9);
  });

  it('still gives a usable view for a box with no room', () => {
    const v = fitView(800, 600, 0, 0, 20);
    expect(v.scale).toBeGreaterThanOrEqual(MIN_SCALE);
    expect(Number.isFinite(v.x) && Number.isFinite(v.y)).toBe(true);
  });
});

describe('screen ↔ world', () => {
  it('are inverses, and may write into the array they read from', () => {
    const v = { scale: 2.5, x: -130, y: 47 };
    const p: [number, number] = [0, 0];
    toScreen(p, v, 321.5, -12);
    expect(p).toEqual([321.5 * 2.5 - 130, -12 * 2.5 + 47]);
    toWorld(p, v, p[0], p[1]);
    expect(p[0]).toBeCloseTo(321.5, 12);
    expect(p[1]).toBeCloseTo(-12, 12);
  });
});

describe('zoomAt', () => {
  it('keeps the world point under the mouse where it is', () => {
    const v = { scale: 1.2, x: 40, y: -20 };
    const before = toWorld([0, 0], v, 300, 200);
    const z = zoomAt(v, 300, 200, 1.7);
    expect(z.scale).toBeCloseTo(1.2 * 1.7, 12);
    const after = toWorld([0, 0], z, 300, 200);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
  });

  it('stops at the zoom limits without moving the view', () => {
    const v = { scale: MAX_SCALE, x: 10, y: 10 };
    expect(zoomAt(v, 300, 200, 2)).toEqual(v);
    expect(zoomAt({ scale: MIN_SCALE, x: 5, y: 6 }, 1, 2, 0.5)).toEqual({ scale: MIN_SCALE, x: 5, y: 6 });
  });
});

describe('wheelFactor', () => {
  it('zooms in on a wheel up, out on a wheel down, symmetrically', () => {
    expect(wheelFactor(-100)).toBeCloseTo(1.1, 12);
    expect(wheelFactor(100) * wheelFactor(-100)).toBeCloseTo(1, 12);
    // a line of a line-mode wheel counts 16 px
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-48), 12);
  });
});

describe('panBy', () => {
  it('moves the picture with the mouse', () => {
    const v = panBy({ scale: 2, x: 1, y: 2 }, 30, -5);
    expect(v).toEqual({ scale: 2, x: 31, y: -3 });
  });
});
