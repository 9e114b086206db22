/**
 * Where Fit puts the graph: as large as fits in the view, but never so small that node text drops
 * below a legible size on screen. A graph too big for the view at that zoom extends beyond it to
 * the right and below, its top-left corner (where the sources are) in view.
 */

/** The graph's bounding box, in graph units. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The area's transform: screen = graph · k + (x, y). */
export interface Transform {
  k: number;
  x: number;
  y: number;
}

/** The smallest font on a node (its row and parameter labels), px at zoom 1. */
export const SMALLEST_NODE_FONT_PX = 12;
/** The smallest size node text may have on screen after Fit, px. */
export const LEGIBLE_PX = 11;
/** Fit's smallest zoom: node text stays at least {@link LEGIBLE_PX} on screen (with a little to spare). */
export const MIN_FIT_ZOOM = Math.ceil((LEGIBLE_PX / SMALLEST_NODE_FONT_PX) * 100) / 100;
/** Fit's largest zoom: a small graph is not blown up beyond its natural size. */
export const MAX_FIT_ZOOM = 1;

/** Space Fit leaves clear at each edge of the view, px. */
export const FIT_MARGIN = { left: 24, top: 24, right: 24, bottom: 24 };

/**
 * The transform that fits `box` in a view of `width` × `height` px (see the file comment).
 * In each direction the graph is centred when it fits, else starts at the margin.
 */
export function fitTransform(box: Box, width: number, height: number, margin = FIT_MARGIN): Transform {
  const w = Math.max(1, width - margin.left - margin.right);
  const h = Math.max(1, height - margin.top - margin.bottom);
  const fits = Math.min(w / Math.max(1, box.width), h / Math.max(1, box.height));
  const k = Math.min(MAX_FIT_ZOOM, Math.max(MIN_FIT_ZOOM, fits));
  const place = (start: number, size: number, room: number, before: number) =>
    size * k <= room ? before + (room - size * k) / 2 - start * k : before - start * k;
  return { k, x: place(box.left, box.width, w, margin.left), y: place(box.top, box.height, h, margin.top) };
}
