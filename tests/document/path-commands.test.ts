import { describe, expect, it } from 'vitest';
import { insertPathPoint, movePathPoint, removePathPoint } from '../../src/document/commands';
import { History } from '../../src/document/history';
import { sampleScene } from './helpers';

const pts = (d: ReturnType<typeof sampleScene>) => d.world.paths[0].points;

describe('path point edits', () => {
  it('move, insert and remove one point, sharing the rest of the document', () => {
    const doc = sampleScene();
    const moved = movePathPoint('patrol', 1, [650, 150])(doc);
    expect(pts(moved)).toEqual([[100, 100], [650, 150], [700, 500]]);
    expect(moved.agentTypes).toBe(doc.agentTypes);
    expect(pts(doc)).toEqual([[100, 100], [700, 100], [700, 500]]);
    expect(pts(insertPathPoint('patrol', 1, [400, 90])(doc))).toEqual([[100, 100], [400, 90], [700, 100], [700, 500]]);
    expect(pts(insertPathPoint('patrol', 3, [100, 500])(doc))).toEqual([[100, 100], [700, 100], [700, 500], [100, 500]]);
    expect(pts(removePathPoint('patrol', 0)(doc))).toEqual([[700, 100], [700, 500]]);
  });

  it('change nothing (the same document) for an unknown path, an index out of range or no move', () => {
    const doc = sampleScene();
    expect(movePathPoint('nope', 0, [1, 1])(doc)).toBe(doc);
    expect(movePathPoint('patrol', 3, [1, 1])(doc)).toBe(doc);
    expect(movePathPoint('patrol', 0, [100, 100])(doc)).toBe(doc);
    expect(insertPathPoint('patrol', 4, [1, 1])(doc)).toBe(doc);
    expect(insertPathPoint('patrol', -1, [1, 1])(doc)).toBe(doc);
    expect(removePathPoint('patrol', 3)(doc)).toBe(doc);
    expect(removePathPoint('patrol', 0.5)(doc)).toBe(doc);
  });

  it('keep points inside the coordinates a document holds', () => {
    const doc = sampleScene();
    expect(pts(movePathPoint('patrol', 0, [1e12, Number.NaN])(doc))[0]).toEqual([10_000_000, 0]);
    expect(pts(insertPathPoint('patrol', 0, [-1e12, 5])(doc))[0]).toEqual([-10_000_000, 5]);
  });

  it('each is one undo step', () => {
    const h = new History(sampleScene());
    h.apply(movePathPoint('patrol', 1, [650, 150]));
    h.apply(insertPathPoint('patrol', 1, [400, 90]));
    h.apply(removePathPoint('patrol', 0));
    expect(pts(h.doc)).toEqual([[400, 90], [650, 150], [700, 500]]);
    h.undo();
    expect(pts(h.doc)).toHaveLength(4);
    h.undo();
    h.undo();
    expect(h.doc).toEqual(sampleScene());
  });
});
