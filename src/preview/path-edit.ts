/**
 * Hit tests of the path being edited in the preview, in screen px (so they feel the same at every
 * zoom): which waypoint is under the mouse, and where on which segment a click would insert one.
 * Pure functions of the path and the view; the preview turns them into scene edits.
 */
import { toScreen, toWorld, type View } from './view';

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
