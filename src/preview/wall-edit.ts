/**
 * The Walls tool of the preview, pure: hit tests in screen px (a wall's vertex, a wall's segment),
 * the 15° snap, and what a click makes of the wall being drawn (a new point, the wall finished or
 * closed) or of the walls there (one selected). canvas-gestures.ts calls these with the mouse.
 *
 * Drawing a wall: each click adds a point; a click on the last point again (so a double-click),
 * or Enter, finishes it as an open wall; a click on the first point, with 3 points or more, closes
 * it into a polygon; Escape drops it. Not drawing, a click on a wall selects it (on the selected
 * wall's segment, it inserts a vertex there), Alt-click on a vertex removes it, and a click
 * elsewhere starts a new wall.
 */
import type { SceneDocument, SceneWall } from '../document/types';
import { POINT_HIT_PX, SEGMENT_HIT_PX, roundPx, segmentAt } from './path-edit';
import type { SceneEditDetail } from './preview-events';
import { toScreen, toWorld, type View } from './view';

type Point = readonly [number, number];

/** A wall's vertex under the mouse. */
export interface WallPoint {
  readonly wall: string;
  readonly index: number;
}

/** Where the dragged vertex of a wall is, until the drop is a scene edit. */
export interface WallPointDraft extends WallPoint {
  readonly x: number;
  readonly y: number;
}

/** What the Walls tool shows on the canvas (paint/walls.ts). */
export interface WallToolView {
  /** Whether the tool is on (else only the selection shows: picked in the World panel). */
  readonly on: boolean;
  /** The selected wall (highlighted; Delete removes it), or null. */
  readonly selected: string | null;
  /** The points of the wall being drawn (none: not drawing). */
  readonly draft: readonly Point[];
  /** Where the next point would go (the mouse, snapped with Shift), or null when the mouse is away. */
  readonly next: Point | null;
}

/** The snap step of Shift, degrees. */
export const SNAP_DEGREES = 15;

const _s: [number, number] = [0, 0];
const _w: [number, number] = [0, 0];

/** The walls of a scene (none without `walls`). */
export function sceneWalls(scene: Pick<SceneDocument, 'world'> | null | undefined): readonly SceneWall[] {
  return scene?.world.walls ?? [];
}

/**
 * `to` moved onto the nearest direction from `from` that is a multiple of 15°, at the same
 * distance (rounded to a tenth of a px): what Shift does to the segment being drawn.
 */
export function snapAngle(from: Point, to: Point): [number, number] {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.sqrt(dx * dx + dy * dy);
  if (!(len > 0)) return [to[0], to[1]];
  const step = (SNAP_DEGREES * Math.PI) / 180;
  const a = Math.round(Math.atan2(dy, dx) / step) * step;
  // exact on the axes and the diagonals' multiples of 15° (cos 90° is not exactly 0 in floating point)
  const c = Math.abs(Math.cos(a)) < 1e-12 ? 0 : Math.cos(a);
  const s = Math.abs(Math.sin(a)) < 1e-12 ? 0 : Math.sin(a);
  return [roundPx(from[0] + c * len), roundPx(from[1] + s * len)];
}

/** The vertex nearest screen point (sx, sy) within `radius` CSS px over all walls (the last drawn wins a tie), or null. */
export function wallPointAt(walls: readonly SceneWall[], view: View, sx: number, sy: number, radius = POINT_HIT_PX): WallPoint | null {
  let best: WallPoint | null = null;
  let bestD = radius * radius;
  for (const w of walls) {
    for (let k = 0; k < w.points.length; k++) {
      toScreen(_s, view, w.points[k][0], w.points[k][1]);
      const d = (_s[0] - sx) ** 2 + (_s[1] - sy) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = { wall: w.id, index: k };
      }
    }
  }
  return best;
}

/** The wall with a segment (or vertex) nearest screen point (sx, sy) within `radius` CSS px (the last drawn wins a tie), or null. */
export function wallAt(walls: readonly SceneWall[], view: View, sx: number, sy: number, radius = SEGMENT_HIT_PX): string | null {
  const p = wallPointAt(walls, view, sx, sy, radius);
  if (p) return p.wall;
  let best: string | null = null;
  let bestD = Infinity;
  for (const w of walls) {
    const seg = segmentAt(w.points, w.closed, view, sx, sy, radius);
    if (!seg) continue;
    toScreen(_s, view, seg.x, seg.y);
    const d = (_s[0] - sx) ** 2 + (_s[1] - sy) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = w.id;
    }
  }
  return best;
}

/** Whether screen point (sx, sy) is within POINT_HIT_PX of world point `p`. */
function near(view: View, p: Point, sx: number, sy: number): boolean {
  toScreen(_s, view, p[0], p[1]);
  return (_s[0] - sx) ** 2 + (_s[1] - sy) ** 2 <= POINT_HIT_PX * POINT_HIT_PX;
}

/** Where a click at screen point (sx, sy) puts the next point of a wall whose points so far are `draft` (Shift: snapped to 15°). */
export function nextPoint(draft: readonly Point[], view: View, sx: number, sy: number, shift: boolean): [number, number] {
  toWorld(_w, view, sx, sy);
  const p: [number, number] = [roundPx(_w[0]), roundPx(_w[1])];
  return shift && draft.length ? snapAngle(draft[draft.length - 1], p) : p;
}

/** What a click of the Walls tool does. */
export interface WallClick {
  /** The wall being drawn after the click (empty: none). */
  draft: Point[];
  /** The edit to send (a finished wall), or null. */
  edit: SceneEditDetail | null;
  /** The selected wall after the click. */
  selected: string | null;
}

/**
 * A click (no drag) at screen point (sx, sy) with the Walls tool: see the file comment. `walls`
 * are the scene's, `draft` the points of the wall being drawn, `selected` the selected wall.
 */
export function wallClick(walls: readonly SceneWall[], draft: readonly Point[], selected: string | null, view: View, sx: number, sy: number, shift: boolean, alt = false): WallClick {
  if (draft.length) {
    const n = draft.length;
    if (n >= 3 && near(view, draft[0], sx, sy)) return { draft: [], edit: { kind: 'add-wall', points: draft.map((p) => [p[0], p[1]]), closed: true }, selected };
    if (near(view, draft[n - 1], sx, sy)) return finishWall(draft, selected);
    return { draft: [...draft, nextPoint(draft, view, sx, sy, shift)], edit: null, selected };
  }
  const vertex = wallPointAt(walls, view, sx, sy);
  if (vertex && alt) return { draft: [], edit: { kind: 'remove-wall-point', wall: vertex.wall, index: vertex.index }, selected: vertex.wall };
  const hit = wallAt(walls, view, sx, sy);
  const wall = !vertex && hit !== null && hit === selected ? walls.find((w) => w.id === hit) : undefined;
  const seg = wall && segmentAt(wall.points, wall.closed, view, sx, sy);
  if (seg) return { draft: [], edit: { kind: 'insert-wall-point', wall: hit!, index: seg.index, x: roundPx(seg.x), y: roundPx(seg.y) }, selected: hit };
  if (hit) return { draft: [], edit: null, selected: hit };
  return { draft: [nextPoint(draft, view, sx, sy, false)], edit: null, selected: null };
}

/** Enter (or a click on the last point): the wall being drawn as an open wall, when it has 2 points or more; else it is dropped. */
export function finishWall(draft: readonly Point[], selected: string | null): WallClick {
  if (draft.length < 2) return { draft: [], edit: null, selected };
  return { draft: [], edit: { kind: 'add-wall', points: draft.map((p) => [p[0], p[1]]), closed: false }, selected };
}

/** The scene as drawn: the dragged vertex where the mouse has it (the same scene without a draft). */
export function withWallPointDraft(scene: SceneDocument | null, draft: WallPointDraft | null): SceneDocument | null {
  const walls = scene?.world.walls;
  if (!draft || !scene || !walls) return scene;
  return {
    ...scene,
    world: {
      ...scene.world,
      walls: walls.map((w) => {
        if (w.id !== draft.wall || draft.index >= w.points.length) return w;
        const points = w.points.slice();
        points[draft.index] = [draft.x, draft.y];
        return { ...w, points };
      }),
    },
  };
}
