import { describe, expect, it } from 'vitest';
import { CULL_MARGIN, outOfView } from '../../src/editor/culling';

const view = { x: 0, y: 0, k: 1 };

describe('outOfView (nodes the editor does not draw)', () => {
  it('draws a node in view, and one within the margin around it', () => {
    expect(outOfView(100, 100, 200, 100, view, 800, 600)).toBe(false);
    expect(outOfView(800 + CULL_MARGIN - 1, 100, 200, 100, view, 800, 600)).toBe(false);
    expect(outOfView(-200 - CULL_MARGIN + 1, 100, 200, 100, view, 800, 600)).toBe(false);
  });

  it('skips a node further than the margin out on any side', () => {
    expect(outOfView(800 + CULL_MARGIN + 1, 100, 200, 100, view, 800, 600)).toBe(true);
    expect(outOfView(100, 600 + CULL_MARGIN + 1, 200, 100, view, 800, 600)).toBe(true);
    expect(outOfView(-200 - CULL_MARGIN - 1, 100, 200, 100, view, 800, 600)).toBe(true);
    expect(outOfView(100, -100 - CULL_MARGIN - 1, 200, 100, view, 800, 600)).toBe(true);
  });

  it('follows the view’s pan and zoom (screen = canvas × k + offset)', () => {
    // at 2:1 panned by -2000, a node at canvas x 1100 is on screen at 200
    expect(outOfView(1100, 0, 200, 100, { x: -2000, y: 0, k: 2 }, 800, 600)).toBe(false);
    expect(outOfView(100, 0, 200, 100, { x: -2000, y: 0, k: 2 }, 800, 600)).toBe(true);
  });
});
