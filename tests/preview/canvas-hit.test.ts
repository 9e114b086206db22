import { describe, expect, it } from 'vitest';
import { HIT_SLOP_PX, grabPosition, hitTest, sameHot } from '../../src/preview/canvas-hit';
import { TARGET_MARKER_PX } from '../../src/preview/draw';
import { POINT_HIT_PX } from '../../src/preview/path-edit';

// world (x, y) shows at (2x + 10, 2y + 20)
const view = { scale: 2, x: 10, y: 20 };
const targets = new Map<string, readonly [number, number]>([
  ['home', [100, 100]],
  ['away', [300, 100]],
]);
// two overlapping circles: (100, 200) r 20 and (120, 200) r 20
const obstacles = { data: [100, 200, 20, 0.5, -0.25, 120, 200, 20, 0, 0], count: 2 };
const edited = { id: 'p', points: [[100, 100], [200, 150]] as [number, number][], loop: false };

describe('hitTest', () => {
  it('finds a target within its marker plus the slop, in screen px', () => {
    const g = { view, edited: null, targets, obstacles };
    // home shows at (210, 220)
    expect(hitTest(g, 210 + TARGET_MARKER_PX + HIT_SLOP_PX, 220)).toEqual({ kind: 'target', name: 'home' });
    expect(hitTest(g, 210 + TARGET_MARKER_PX + HIT_SLOP_PX + 1, 220)).toBeNull();
    expect(hitTest(g, 610, 220)).toEqual({ kind: 'target', name: 'away' });
  });

  it('finds the topmost obstacle (the last drawn), with the slop in screen px at any zoom', () => {
    const g = { view, edited: null, targets: null, obstacles };
    // (110, 200) is inside both: the second is on top; it shows at (230, 420)
    expect(hitTest(g, 230, 420)).toEqual({ kind: 'obstacle', index: 1 });
    // (80 − 2, 200): left of the first circle by 2 world px = 4 screen px, just the slop
    expect(hitTest(g, 2 * (80 - HIT_SLOP_PX / 2) + 10, 420)).toEqual({ kind: 'obstacle', index: 0 });
    expect(hitTest(g, 2 * (80 - HIT_SLOP_PX / 2) + 10 - 1, 420)).toBeNull();
  });

  it('grabs only what is drawn: no targets or obstacles with their overlay off', () => {
    expect(hitTest({ view, edited: null, targets: null, obstacles: null }, 210, 220)).toBeNull();
    expect(hitTest({ view, edited: null, targets: null, obstacles: null }, 230, 420)).toBeNull();
  });

  it("puts the edited path's points first, then targets, then obstacles", () => {
    // the path's first point is on the target home
    const g = { view, edited, targets, obstacles };
    expect(hitTest(g, 210, 220)).toEqual({ kind: 'path-point', path: 'p', index: 0 });
    expect(hitTest(g, 210 + POINT_HIT_PX + 1, 220)).toEqual({ kind: 'target', name: 'home' });
    expect(hitTest({ view, edited: null, targets, obstacles }, 210, 220)).toEqual({ kind: 'target', name: 'home' });
  });
});

describe('grabPosition', () => {
  it('tells where the grabbed target, path point or obstacle is now, in world px', () => {
    expect(grabPosition({ kind: 'target', name: 'away' }, targets, null, obstacles)).toEqual([300, 100]);
    expect(grabPosition({ kind: 'path-point', path: 'p', index: 1 }, targets, edited, obstacles)).toEqual([200, 150]);
    expect(grabPosition({ kind: 'obstacle', index: 1 }, targets, null, obstacles)).toEqual([120, 200]);
  });

  it('gives (0, 0) for a target or point that is gone', () => {
    expect(grabPosition({ kind: 'target', name: 'gone' }, targets, null, obstacles)).toEqual([0, 0]);
    expect(grabPosition({ kind: 'path-point', path: 'p', index: 5 }, targets, edited, obstacles)).toEqual([0, 0]);
    expect(grabPosition({ kind: 'path-point', path: 'p', index: 0 }, targets, null, obstacles)).toEqual([0, 0]);
  });
});

describe('sameHot', () => {
  it('tells the same thing under the mouse from another', () => {
    expect(sameHot(null, null)).toBe(true);
    expect(sameHot(null, { kind: 'obstacle', index: 0 })).toBe(false);
    expect(sameHot({ kind: 'obstacle', index: 0 }, { kind: 'obstacle', index: 0 })).toBe(true);
    expect(sameHot({ kind: 'obstacle', index: 0 }, { kind: 'obstacle', index: 1 })).toBe(false);
    expect(sameHot({ kind: 'target', name: 'a' }, { kind: 'target', name: 'a' })).toBe(true);
    expect(sameHot({ kind: 'target', name: 'a' }, { kind: 'target', name: 'b' })).toBe(false);
    expect(sameHot({ kind: 'path-point', path: 'p', index: 1 }, { kind: 'path-point', path: 'p', index: 1 })).toBe(true);
    expect(sameHot({ kind: 'path-point', path: 'p', index: 1 }, { kind: 'path-point', path: 'q', index: 1 })).toBe(false);
    expect(sameHot({ kind: 'path-point', path: 'p', index: 0 }, { kind: 'obstacle', index: 0 })).toBe(false);
  });
});
