/**
 * The preview's view transform, pure: a point of the world (px) shows at
 * `screen = world × scale + (x, y)` in CSS px of the canvas. Pan, zoom around a point and fit.
 */

/** A view: uniform `scale` (CSS px per world px) and the screen position `(x, y)` of the world's origin. */
export interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** The closest a user can zoom out, CSS px per world px. */
export const MIN_SCALE = 0.01;
/** The closest a user can zoom in, CSS px per world px. */
export const MAX_SCALE = 64;

/** The identity view. */
export const IDENTITY: View = { scale: 1, x: 0, y: 0 };

/**
 * The view that shows the whole world (`width` × `height` px) centred in a `screenWidth` ×
 * `screenHeight` box, leaving `margin` CSS px on the tighter side. A box with no room (zero or
 * smaller than the margins) gives a view that still shows the world (scale ≥ MIN_SCALE).
 */
export function fitView(width: number, height: number, screenWidth: number, screenHeight: number, margin = 16): View {
  const room = (s: number): number => Math.max(1, s - 2 * margin);
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const scale = clampScale(Math.min(room(screenWidth) / w, room(screenHeight) / h));
  return { scale, x: (screenWidth - w * scale) / 2, y: (screenHeight - h * scale) / 2 };
}

/** The world point under screen point (sx, sy), written to `out`; returns `out`. */
export function toWorld<T extends { 0: number; 1: number }>(out: T, view: View, sx: number, sy: number): T {
  out[0] = (sx - view.x) / view.scale;
  out[1] = (sy - view.y) / view.scale;
  return out;
}

/** The screen point (CSS px of the canvas) of world point (wx, wy), written to `out`; returns `out`. */
export function toScreen<T extends { 0: number; 1: number }>(out: T, view: View, wx: number, wy: number): T {
  out[0] = wx * view.scale + view.x;
  out[1] = wy * view.scale + view.y;
  return out;
}

/** The view moved by (dx, dy) CSS px. */
export function panBy(view: View, dx: number, dy: number): View {
  return { scale: view.scale, x: view.x + dx, y: view.y + dy };
}

/**
 * The view zoomed by `factor` around screen point (sx, sy): the world point under it stays under
 * it. The scale stays within MIN_SCALE…MAX_SCALE (at a limit the view does not move).
 */
export function zoomAt(view: View, sx: number, sy: number, factor: number): View {
  const scale = clampScale(view.scale * factor);
  // the point under the mouse stays: (sx − x) / s = (sx − x') / s'  ⇒  x' = sx − (sx − x) · s' / s
  const k = scale / view.scale;
  return { scale, x: sx - (sx - view.x) * k, y: sy - (sy - view.y) * k };
}

/** The zoom factor of one wheel event: 10 % per 100 px of `deltaY` (lines count 16 px, pages 400 px). */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  // exponential, so zooming in then out by the same wheel distance returns to the same scale
  return Math.pow(1.1, -px / 100);
}

function clampScale(s: number): number {
  if (!Number.isFinite(s)) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
}
