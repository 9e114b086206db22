/**
 * The edits made outside the graph: in the World panel and on the preview's canvas (dragging an
 * obstacle, a target or a path point; the seed), as document edits.
 */
import { insertPathPoint, movePathPoint, removePathPoint, setObstacles, setPaths, setTargets, updateWorld, type Edit } from '../document/commands';
import type { SceneDocument } from '../document/types';
import { paintFlow } from '../document/flow-commands';
import { addWall, insertWallPoint, moveWallPoint, removeWall, removeWallPoint, updateWall } from '../document/wall-commands';
import type { SceneEditDetail } from '../preview/preview';
import type { WorldChange } from './world-panel';

/** The edit of a World panel change; null for a change that is no edit (the path being edited). */
export function worldChangeEdit(c: WorldChange): Edit | null {
  switch (c.kind) {
    case 'world':
      return updateWorld(c.patch);
    case 'obstacles':
      return setObstacles(c.obstacles);
    case 'paths':
      return setPaths(c.paths);
    case 'targets':
      return setTargets(c.targets);
    case 'wall':
      return updateWall(c.id, c.patch);
    case 'remove-wall':
      return removeWall(c.id);
    case 'edit-path':
    case 'select-wall':
      return null;
  }
}

/** The edit of a canvas gesture on the preview; positions land on a tenth of a pixel. */
export function sceneEdit(doc: SceneDocument, d: SceneEditDetail): Edit | null {
  const r = (v: number) => Math.round(v * 10) / 10;
  const w = doc.world;
  switch (d.kind) {
    case 'move-path-point':
      return movePathPoint(d.path, d.index, [r(d.x), r(d.y)]);
    case 'insert-path-point':
      return insertPathPoint(d.path, d.index, [r(d.x), r(d.y)]);
    case 'remove-path-point':
      return removePathPoint(d.path, d.index);
    case 'add-wall':
      return addWall(doc, d.points.map(([x, y]) => [r(x), r(y)] as [number, number]), d.closed).edit;
    case 'move-wall-point':
      return moveWallPoint(d.wall, d.index, [r(d.x), r(d.y)]);
    case 'insert-wall-point':
      return insertWallPoint(d.wall, d.index, [r(d.x), r(d.y)]);
    case 'remove-wall-point':
      return removeWallPoint(d.wall, d.index);
    case 'remove-wall':
      return removeWall(d.wall);
    case 'set-seed':
      return updateWorld({ seed: d.seed });
    case 'paint-flow':
      return paintFlow(d.points, d.radius, d.erase);
    case 'move-obstacle':
      return setObstacles(w.obstacles.map((o, k) => (k === d.index ? { ...o, x: r(d.x), y: r(d.y) } : o)));
    case 'move-target':
      return setTargets(w.targets.map((t) => (t.name === d.name ? { ...t, x: r(d.x), y: r(d.y) } : t)));
    case 'add-path-point':
      return setPaths(w.paths.map((p) => (p.id === d.path ? { ...p, points: [...p.points, [r(d.x), r(d.y)] as [number, number]] } : p)));
  }
  return null;
}
