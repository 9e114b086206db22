/**
 * Edits of the world's walls (BEHAVIORS.md, "Walls"): add and remove a wall, change whether it is
 * closed or solid, and move, insert or remove one of its points. Pure, like every edit in
 * commands.ts: the same document object when nothing changes (an unknown id, an index out of
 * range, no change). Coordinates are kept inside RANGES.coordinate (NaN as 0), as paths' are.
 *
 * A wall keeps at least 2 points, a closed one at least 3: removing a point below that removes the
 * whole wall (one undo step brings it back), and closing a wall of 2 points does nothing.
 * `world.walls` is optional: a world without walls has no `walls` key, and removing the last wall
 * takes the key away again, so a scene that never had walls stays as it was.
 */
import { coordinate, type Edit } from './commands';
import type { SceneDocument, SceneWall } from './types';

type Point = [number, number];

/** The fewest points a wall keeps: 3 when closed, else 2. */
export function minWallPoints(closed: boolean): number {
  return closed ? 3 : 2;
}

/** The walls of a document (none when it has no `walls`). */
export function wallsOf(doc: Pick<SceneDocument, 'world'>): readonly SceneWall[] {
  return doc.world.walls ?? [];
}

/**
 * A wall id no wall of `walls` has: w1, w2, … after the highest wN there (suffixes of up to 15
 * digits count; a candidate taken anyway is skipped).
 */
export function freshWallId(walls: readonly { id: string }[]): string {
  const used = new Set(walls.map((w) => w.id));
  let max = 0;
  for (const id of used) {
    const m = /^w(\d{1,15})$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let id: string;
  do id = `w${++max}`;
  while (used.has(id));
  return id;
}

/** The document with these walls (no `walls` key when there are none). */
function withWalls(doc: SceneDocument, walls: SceneWall[]): SceneDocument {
  if (walls.length) return { ...doc, world: { ...doc.world, walls } };
  const { walls: _, ...world } = doc.world;
  return { ...doc, world };
}

/** Applies `f` to wall `id` (null from it: no change; 'remove': the wall goes). */
function updateWallAt(doc: SceneDocument, id: string, f: (w: SceneWall) => SceneWall | null | 'remove'): SceneDocument {
  const walls = wallsOf(doc);
  const k = walls.findIndex((w) => w.id === id);
  if (k < 0) return doc;
  const next = f(walls[k]);
  if (next === null || next === walls[k]) return doc;
  if (next === 'remove') return withWalls(doc, walls.filter((_, j) => j !== k));
  const list = walls.slice();
  list[k] = next;
  return withWalls(doc, list);
}

const point = (p: readonly [number, number]): Point => [coordinate(p[0]), coordinate(p[1])];

/**
 * Adds a wall of `points` under a fresh id (w1, w2, …), solid; `closed` with fewer than 3 points
 * gives an open wall, and fewer than 2 points no wall at all (the edit changes nothing). The edit
 * adds it to the document it is given unless that already has a wall of this id.
 */
export function addWall(doc: Pick<SceneDocument, 'world'>, points: readonly (readonly [number, number])[], closed: boolean): { edit: Edit; id: string } {
  const id = freshWallId(wallsOf(doc));
  const pts = points.map(point);
  const wall: SceneWall = { id, points: pts, closed: closed && pts.length >= 3 };
  const edit: Edit = (d) => (pts.length < 2 || wallsOf(d).some((w) => w.id === id) ? d : withWalls(d, [...wallsOf(d), wall]));
  return { edit, id };
}

/** Removes wall `id`. */
export const removeWall =
  (id: string): Edit =>
  (doc) =>
    updateWallAt(doc, id, () => 'remove');

/**
 * Sets whether wall `id` is closed and whether it is solid. Solid is the default, so `solid: true`
 * takes the key away; closing a wall of fewer than 3 points changes nothing.
 */
export const updateWall =
  (id: string, patch: { closed?: boolean; solid?: boolean }): Edit =>
  (doc) =>
    updateWallAt(doc, id, (w) => {
      const closed = patch.closed ?? w.closed;
      const solid = patch.solid ?? w.solid !== false;
      if (closed && w.points.length < 3) return null;
      if (closed === w.closed && solid === (w.solid !== false)) return null;
      const { solid: _, ...rest } = w;
      return solid ? { ...rest, closed } : { ...rest, closed, solid: false };
    });

/** Moves point `k` of wall `id` to `p` (kept inside RANGES.coordinate). */
export const moveWallPoint =
  (id: string, k: number, p: readonly [number, number]): Edit =>
  (doc) =>
    updateWallAt(doc, id, (w) => {
      const old = w.points[k];
      if (!Number.isInteger(k) || !old) return null;
      const q = point(p);
      if (q[0] === old[0] && q[1] === old[1]) return null;
      const points = w.points.slice();
      points[k] = q;
      return { ...w, points };
    });

/** Inserts a point into wall `id` before point `k` (`k` = its length appends; kept inside RANGES.coordinate). */
export const insertWallPoint =
  (id: string, k: number, p: readonly [number, number]): Edit =>
  (doc) =>
    updateWallAt(doc, id, (w) => {
      if (!Number.isInteger(k) || k < 0 || k > w.points.length) return null;
      const points = w.points.slice();
      points.splice(k, 0, point(p));
      return { ...w, points };
    });

/** Removes point `k` of wall `id`; below the wall's fewest points (2, closed 3) the whole wall goes. */
export const removeWallPoint =
  (id: string, k: number): Edit =>
  (doc) =>
    updateWallAt(doc, id, (w) => {
      if (!Number.isInteger(k) || k < 0 || k >= w.points.length) return null;
      if (w.points.length - 1 < minWallPoints(w.closed)) return 'remove';
      return { ...w, points: w.points.filter((_, j) => j !== k) };
    });
