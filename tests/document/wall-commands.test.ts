import { describe, expect, it } from 'vitest';
import { History } from '../../src/document/history';
import { addWall, freshWallId, insertWallPoint, moveWallPoint, removeWall, removeWallPoint, updateWall } from '../../src/document/wall-commands';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

function withWalls(): SceneDocument {
  const doc = sampleScene();
  return {
    ...doc,
    world: {
      ...doc.world,
      walls: [
        { id: 'w1', points: [[100, 100], [300, 100], [300, 300]], closed: false },
        { id: 'room', points: [[400, 400], [500, 400], [500, 500]], closed: true, solid: false },
      ],
    },
  };
}

const wall = (d: SceneDocument, id: string) => d.world.walls?.find((w) => w.id === id);

describe('wall edits', () => {
  it('add a wall under a fresh id, solid, sharing the rest of the document', () => {
    const doc = sampleScene();
    const { edit, id } = addWall(doc, [[10, 20], [30, 40]], false);
    expect(id).toBe('w1');
    const next = edit(doc);
    expect(next.world.walls).toEqual([{ id: 'w1', points: [[10, 20], [30, 40]], closed: false }]);
    expect(next.agentTypes).toBe(doc.agentTypes);
    expect(next.world.paths).toBe(doc.world.paths);
    expect(doc.world.walls).toBeUndefined();
    expect(addWall(withWalls(), [[0, 0], [1, 1], [2, 0]], true).id).toBe('w2');
    expect(addWall(withWalls(), [[0, 0], [1, 1], [2, 0]], true).edit(withWalls()).world.walls?.[2]).toEqual({ id: 'w2', points: [[0, 0], [1, 1], [2, 0]], closed: true });
  });

  it('fresh ids follow the highest wN and skip taken ones', () => {
    expect(freshWallId([])).toBe('w1');
    expect(freshWallId([{ id: 'w9' }, { id: 'w2' }, { id: 'x' }])).toBe('w10');
    expect(freshWallId([{ id: `w${'9'.repeat(16)}` }])).toBe('w1');
  });

  it('a wall of fewer than 2 points is not added; closed with 2 points is open', () => {
    const doc = sampleScene();
    expect(addWall(doc, [[1, 1]], false).edit(doc)).toBe(doc);
    expect(addWall(doc, [], true).edit(doc)).toBe(doc);
    expect(addWall(doc, [[1, 1], [2, 2]], true).edit(doc).world.walls?.[0].closed).toBe(false);
    // an edit made for one document adds nothing where its id is taken
    const { edit } = addWall(doc, [[1, 1], [2, 2]], false);
    const once = edit(doc);
    expect(edit(once)).toBe(once);
  });

  it('remove a wall; the last one takes the walls key away', () => {
    const doc = withWalls();
    expect(removeWall('w1')(doc).world.walls?.map((w) => w.id)).toEqual(['room']);
    const none = removeWall('room')(removeWall('w1')(doc));
    expect('walls' in none.world).toBe(false);
    expect(removeWall('nope')(doc)).toBe(doc);
    expect(removeWall('w1')(sampleScene())).toEqual(sampleScene());
  });

  it('closed and solid: solid is the default, so true takes the key away', () => {
    const doc = withWalls();
    expect(wall(updateWall('w1', { closed: true })(doc), 'w1')).toEqual({ id: 'w1', points: [[100, 100], [300, 100], [300, 300]], closed: true });
    expect(wall(updateWall('w1', { solid: false })(doc), 'w1')?.solid).toBe(false);
    expect(wall(updateWall('room', { solid: true })(doc), 'room')).toEqual({ id: 'room', points: [[400, 400], [500, 400], [500, 500]], closed: true });
    expect(updateWall('w1', { solid: true })(doc)).toBe(doc);
    expect(updateWall('room', { closed: true, solid: false })(doc)).toBe(doc);
    expect(updateWall('nope', { closed: true })(doc)).toBe(doc);
    const two = addWall(sampleScene(), [[0, 0], [5, 5]], false).edit(sampleScene());
    expect(updateWall('w1', { closed: true })(two)).toBe(two);
  });

  it('move, insert and remove a point, kept inside the coordinates a document holds', () => {
    const doc = withWalls();
    expect(wall(moveWallPoint('w1', 1, [350, 90])(doc), 'w1')?.points).toEqual([[100, 100], [350, 90], [300, 300]]);
    expect(wall(moveWallPoint('w1', 0, [1e12, Number.NaN])(doc), 'w1')?.points[0]).toEqual([10_000_000, 0]);
    expect(wall(insertWallPoint('w1', 1, [200, 50])(doc), 'w1')?.points).toEqual([[100, 100], [200, 50], [300, 100], [300, 300]]);
    expect(wall(insertWallPoint('w1', 3, [-1e12, 5])(doc), 'w1')?.points[3]).toEqual([-10_000_000, 5]);
    expect(wall(removeWallPoint('w1', 0)(doc), 'w1')?.points).toEqual([[300, 100], [300, 300]]);
    expect(wall(moveWallPoint('w1', 1, [350, 90])(doc), 'room')).toBe(wall(doc, 'room'));
  });

  it('change nothing for an unknown wall, an index out of range or no move', () => {
    const doc = withWalls();
    expect(moveWallPoint('nope', 0, [1, 1])(doc)).toBe(doc);
    expect(moveWallPoint('w1', 3, [1, 1])(doc)).toBe(doc);
    expect(moveWallPoint('w1', 0.5, [1, 1])(doc)).toBe(doc);
    expect(moveWallPoint('w1', 0, [100, 100])(doc)).toBe(doc);
    expect(insertWallPoint('w1', 4, [1, 1])(doc)).toBe(doc);
    expect(insertWallPoint('w1', -1, [1, 1])(doc)).toBe(doc);
    expect(removeWallPoint('w1', 3)(doc)).toBe(doc);
    expect(removeWallPoint('w1', -1)(doc)).toBe(doc);
  });

  it('removing a point below 2 (closed: 3) removes the whole wall', () => {
    const doc = withWalls();
    const two = removeWallPoint('w1', 2)(doc);
    expect(wall(two, 'w1')?.points.length).toBe(2);
    expect(wall(removeWallPoint('w1', 0)(two), 'w1')).toBeUndefined();
    expect(wall(removeWallPoint('room', 1)(doc), 'room')).toBeUndefined();
  });

  it('each is one undo step, and undo gives back the very document', () => {
    const start = sampleScene();
    const h = new History(start);
    const add = addWall(h.doc, [[0, 0], [100, 0], [100, 100]], false);
    h.apply(add.edit);
    const added = h.doc;
    h.apply(moveWallPoint(add.id, 1, [120, 10]));
    h.apply(updateWall(add.id, { closed: true }));
    h.apply(removeWall(add.id));
    expect(h.doc.world.walls).toBeUndefined();
    expect(h.undoSteps).toBe(4);
    h.undo();
    expect(wall(h.doc, 'w1')).toEqual({ id: 'w1', points: [[0, 0], [120, 10], [100, 100]], closed: true });
    h.undo();
    h.undo();
    expect(h.doc).toBe(added);
    h.undo();
    expect(h.doc).toBe(start);
  });
});
