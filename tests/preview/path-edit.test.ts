import { describe, expect, it } from 'vitest';
import { deleteSelected, editedPath, pathClick, pointAt, roundPx, segmentAt, withPointDraft } from '../../src/preview/path-edit';
import { previewScene } from './scene';

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

describe('editedPath', () => {
  it("is the scene's path of that id, or null", () => {
    const scene = previewScene(4);
    expect(editedPath(scene, 'open')?.points).toEqual(scene.world.paths[1].points);
    expect(editedPath(scene, 'gone')).toBeNull();
    expect(editedPath(scene, null)).toBeNull();
    expect(editedPath(null, 'open')).toBeNull();
  });
});

describe('withPointDraft', () => {
  it('draws the dragged point where the mouse has it, the document untouched', () => {
    const scene = previewScene(4);
    const before = JSON.stringify(scene);
    const drawn = withPointDraft(scene, 'open', { index: 1, x: 5, y: 6 })!;
    expect(drawn.world.paths[1].points).toEqual([[600, 80], [5, 6], [760, 90]]);
    expect(drawn.world.paths[0]).toBe(scene.world.paths[0]);
    expect(JSON.stringify(scene)).toBe(before);
  });

  it('is the same scene without a draft, an edited path, or with a point the path lacks', () => {
    const scene = previewScene(4);
    expect(withPointDraft(scene, 'open', null)).toBe(scene);
    expect(withPointDraft(scene, null, { index: 0, x: 1, y: 1 })).toBe(scene);
    expect(withPointDraft(scene, 'open', { index: 3, x: 1, y: 1 })!.world.paths[1]).toBe(scene.world.paths[1]);
  });
});

describe('pathClick', () => {
  const edited = { id: 'sq', points: square, loop: false };

  it('selects a clicked point, and removes it with Alt', () => {
    const grab = { kind: 'path-point', path: 'sq', index: 1 } as const;
    expect(pathClick(edited, 'sq', grab, false, view, 310, 120)).toEqual({ edit: null, selected: 1 });
    expect(pathClick(edited, 'sq', grab, true, view, 310, 120)).toEqual({ edit: { kind: 'remove-path-point', path: 'sq', index: 1 }, selected: null });
  });

  it('inserts a point on a clicked segment and selects it; elsewhere adds one at the end', () => {
    // (210, 123) is 3 px below the first segment's screen line y = 120
    expect(pathClick(edited, 'sq', null, false, view, 210, 123)).toEqual({ edit: { kind: 'insert-path-point', path: 'sq', index: 1, x: 100, y: 50 }, selected: 1 });
    // (211, 251) is far from both segments: world (100.5, 115.5)
    expect(pathClick(edited, 'sq', null, false, view, 211, 251)).toEqual({ edit: { kind: 'add-path-point', path: 'sq', x: 100.5, y: 115.5 }, selected: null });
  });

  it('rounds the world point to a tenth of a px', () => {
    expect(pathClick(null, 'sq', null, false, { scale: 3, x: 0, y: 0 }, 100, 200)).toEqual({ edit: { kind: 'add-path-point', path: 'sq', x: 33.3, y: 66.7 }, selected: null });
    expect(roundPx(1.26)).toBe(1.3);
    expect(roundPx(-1.24)).toBe(-1.2);
  });
});

describe('deleteSelected', () => {
  it("removes the edited path's selected point; nothing without one", () => {
    const edited = { id: 'sq', points: square, loop: false };
    expect(deleteSelected(edited, 2)).toEqual({ kind: 'remove-path-point', path: 'sq', index: 2 });
    expect(deleteSelected(edited, 3)).toBeNull();
    expect(deleteSelected(edited, null)).toBeNull();
    expect(deleteSelected(null, 0)).toBeNull();
  });
});
