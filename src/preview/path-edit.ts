/**
 * Editing a path in the preview. Hit tests in screen px (so they feel the same at every zoom):
 * which waypoint is under the mouse, and where on which segment a click would insert one; and
 * what a click or a drag makes of them: the scene edit and the selected point. Pure functions of
 * the path, the scene and the view; canvas-gestures.ts calls them.
 */
import type { SceneDocument } from '../document/types';
import type { Hot } from './draw';
import type { SceneEditDetail } from './preview-events';
import { toScreen, toWorld, type View } from './view';

/** The path being edited, as the scene has it. */
export interface EditedPath {
  readonly id: string;
  readonly points: readonly (readonly [number, number])[];
  readonly loop: boolean;
}

/** Where the dragged point `index` of the edited path is, until the drop is a scene edit. */
export interface PointDraft {
  readonly index: number;
  readonly x: number;
  readonly y: number;
}

/** Dropped and added positions are rounded to this many decimals of a px (documents stay readable). */
export function roundPx(v: number): number {
  return Math.round(v * 10) / 10;
}

/** The path `id` of the scene (null: none edited, or not in the scene). */
export function editedPath(scene: SceneDocument | null, id: string | null): EditedPath | null {
  return (id && scene?.world.paths.find((p) => p.id === id)) || null;
}

/** The scene as drawn: the dragged point of edited path `id` where the mouse has it (the same scene without a draft). */
export function withPointDraft(scene: SceneDocument | null, id: string | null, draft: PointDraft | null): SceneDocument | null {
  if (!draft || !scene || !id) return scene;
  const paths = scene.world.paths.map((p) => {
    if (p.id !== id || draft.index >= p.points.length) return p;
    const points = p.points.slice();
    points[draft.index] = [draft.x, draft.y];
    return { ...p, points };
  });
  return { ...scene, world: { ...scene.world, paths } };
}

/**
 * A click (no drag) at screen point (sx, sy) in Edit mode of path `pathId` (`edited`: that path
 * as the scene has it), with `grab` under the mouse: on a point, selects it (Alt: removes it); on
 * a segment, inserts a point there and selects it; else adds a point at the end. The edit to send
 * (none for a selection) and the point selected after.
 */
export function pathClick(
  edited: EditedPath | null,
  pathId: string,
  grab: Hot,
  altKey: boolean,
  view: View,
  sx: number,
  sy: number,
): { edit: SceneEditDetail | null; selected: number | null } {
  if (grab?.kind === 'path-point') {
    return altKey ? { edit: { kind: 'remove-path-point', path: pathId, index: grab.index }, selected: null } : { edit: null, selected: grab.index };
  }
  const seg = edited ? segmentAt(edited.points, edited.loop, view, sx, sy) : null;
  if (seg) return { edit: { kind: 'insert-path-point', path: pathId, index: seg.index, x: roundPx(seg.x), y: roundPx(seg.y) }, selected: seg.index };
  toWorld(_s, view, sx, sy);
  return { edit: { kind: 'add-path-point', path: pathId, x: roundPx(_s[0]), y: roundPx(_s[1]) }, selected: null };
}

/** The edit Delete or Backspace makes with point `selected` of the edited path selected: its removal; null when there is none to remove. */
export function deleteSelected(edited: EditedPath | null, selected: number | null): SceneEditDetail | null {
  if (!edited || selected === null || selected >= edited.points.length) return null;
  return { kind: 'remove-path-point', path: edited.id, index: selected };
}

/** How near (CSS px) a waypoint must be to the mouse to be grabbed. */
export const POINT_HIT_PX = 8;
/** How near (CSS px) a segment must be to the mouse for a click to insert a point on it. */
export const SEGMENT_HIT_PX = 6;

const _s: [number, number] = [0, 0];
const _t: [number, number] = [0, 0];

/** The index of the waypoint nearest screen point (sx, sy) within `radius` CSS px (the last drawn wins a tie), or -1. */
export function pointAt(points: readonly (readonly [number, number])[], view: View, sx: number, sy: number, radius = POINT_HIT_PX): number {
  let best = -1;
  let bestD = radius * radius;
  for (let k = 0; k < points.length; k++) {
    toScreen(_s, view, points[k][0], points[k][1]);
    const d = (_s[0] - sx) ** 2 + (_s[1] - sy) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/**
 * The segment nearest screen point (sx, sy) within `radius` CSS px: the index a point inserted
 * there takes (the segment from point k to k + 1 gives k + 1; a loop's closing segment gives the
 * path's length), and the world point on the segment under the mouse. Null when none is that near.
 */
export function segmentAt(
  points: readonly (readonly [number, number])[],
  loop: boolean,
  view: View,
  sx: number,
  sy: number,
  radius = SEGMENT_HIT_PX,
): { index: number; x: number; y: number } | null {
  const n = points.length;
  if (n < 2) return null;
  const segments = loop && n > 2 ? n : n - 1;
  let best: { index: number; x: number; y: number } | null = null;
  let bestD = radius * radius;
  for (let k = 0; k < segments; k++) {
    const a = points[k];
    const b = points[(k + 1) % n];
    toScreen(_s, view, a[0], a[1]);
    const ax = _s[0];
    const ay = _s[1];
    toScreen(_t, view, b[0], b[1]);
    const dx = _t[0] - ax;
    const dy = _t[1] - ay;
    const len2 = dx * dx + dy * dy;
    // the foot of the perpendicular, kept on the segment
    const u = len2 > 0 ? Math.min(1, Math.max(0, ((sx - ax) * dx + (sy - ay) * dy) / len2)) : 0;
    const px = ax + u * dx;
    const py = ay + u * dy;
    const d = (px - sx) ** 2 + (py - sy) ** 2;
    if (d <= bestD) {
      bestD = d;
      toWorld(_s, view, px, py);
      best = { index: k + 1, x: _s[0], y: _s[1] };
    }
  }
  return best;
}
