/**
 * Edits of the world's flow fields (BEHAVIORS.md, "Flow Field"): a brush stroke painted with the
 * preview's Flow brush. Pure, like every edit in commands.ts: the same document when nothing
 * changes. A stroke paints the scene's first flow field (a new one, "flow", covering the world when
 * there is none): every cell whose centre lies within the brush radius of a segment of the stroke
 * takes that segment's direction at full speed (length 1, quantised as the document stores it,
 * runtime/flow-field.ts); erasing sets those cells to zero (a cell of zero brakes an agent on it).
 */
import { decodeFlowBytes, encodeFlowBytes, flowByte, isFlowText } from '../../runtime/flow-field';
import type { Edit } from './commands';
import { LIMITS } from './schema';
import type { SceneDocument, SceneFlowField } from './types';

type Point = readonly [number, number];

/** The cell size of a new field: 20 px, larger where the world needs more than LIMITS.flowCells cells of 20 (or more than LIMITS.flowSide in a row). */
export function newFieldCell(width: number, height: number): number {
  let c = Math.max(20, Math.ceil(Math.max(width, height) / LIMITS.flowSide));
  while (Math.ceil(width / c) * Math.ceil(height / c) > LIMITS.flowCells) c++;
  return c;
}

/** A new, still field (every vector zero) covering the world from (0, 0). */
export function newFlowField(doc: Pick<SceneDocument, 'world'>, id = 'flow'): SceneFlowField {
  const c = newFieldCell(doc.world.width, doc.world.height);
  const cols = Math.ceil(doc.world.width / c);
  const rows = Math.ceil(doc.world.height / c);
  return { id, x: 0, y: 0, cellSize: c, cols, rows, vectors: encodeFlowBytes(new Int8Array(2 * cols * rows)) };
}

/**
 * The field `field` (or, for null, a new one for `doc`) with the stroke `points` painted into it
 * with brush `radius` px (`erase`: set to zero). A paint stroke of one point, or of points all in
 * one place, paints nothing (it has no direction); erasing with one point erases there.
 */
export function paintField(doc: Pick<SceneDocument, 'world'>, field: SceneFlowField | null, points: readonly Point[], radius: number, erase: boolean): SceneFlowField {
  const f = field ?? newFlowField(doc);
  const cells = f.cols * f.rows;
  const bytes = isFlowText(f.vectors, cells) ? decodeFlowBytes(f.vectors, cells) : new Int8Array(2 * cells);
  const r = Math.max(0, radius);
  const segments = points.length === 1 && erase ? [[points[0], points[0]] as const] : points.slice(1).map((p, k) => [points[k], p] as const);
  let changed = false;
  for (const [a, b] of segments) {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    if (!erase && !(len2 > 0)) continue;
    const len = Math.sqrt(len2);
    const bx = erase ? 0 : flowByte(dx / len);
    const by = erase ? 0 : flowByte(dy / len);
    // the cells whose centres may be within r of the segment
    const c = f.cellSize;
    const i0 = Math.max(0, Math.floor((Math.min(a[0], b[0]) - r - f.x) / c));
    const i1 = Math.min(f.cols - 1, Math.floor((Math.max(a[0], b[0]) + r - f.x) / c));
    const j0 = Math.max(0, Math.floor((Math.min(a[1], b[1]) - r - f.y) / c));
    const j1 = Math.min(f.rows - 1, Math.floor((Math.max(a[1], b[1]) + r - f.y) / c));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const cx = f.x + (i + 0.5) * c;
        const cy = f.y + (j + 0.5) * c;
        // distance from the centre to the segment
        const t = len2 > 0 ? Math.max(0, Math.min(1, ((cx - a[0]) * dx + (cy - a[1]) * dy) / len2)) : 0;
        const ex = cx - (a[0] + t * dx);
        const ey = cy - (a[1] + t * dy);
        if (ex * ex + ey * ey > r * r) continue;
        const k = 2 * (j * f.cols + i);
        if (bytes[k] === bx && bytes[k + 1] === by) continue;
        bytes[k] = bx;
        bytes[k + 1] = by;
        changed = true;
      }
    }
  }
  if (!changed && field) return field;
  return { ...f, vectors: encodeFlowBytes(bytes) };
}

/** The flow field a stroke paints: the scene's first, or null (a new one is made). */
export function paintedField(doc: Pick<SceneDocument, 'world'>): SceneFlowField | null {
  return doc.world.flowFields?.[0] ?? null;
}

/** The document with a stroke of the Flow brush painted (see the file comment); unchanged when it paints nothing new. */
export function paintFlow(points: readonly Point[], radius: number, erase: boolean): Edit {
  return (doc) => {
    const before = paintedField(doc);
    // erasing where there is no field: nothing to erase
    if (!before && erase) return doc;
    const after = paintField(doc, before, points, radius, erase);
    if (after === before) return doc;
    // a new field only once the stroke painted some cell
    if (!before && after.vectors === newFlowField(doc).vectors) return doc;
    const fields = doc.world.flowFields ?? [];
    return { ...doc, world: { ...doc.world, flowFields: before ? [after, ...fields.slice(1)] : [after] } };
  };
}

/** The scene with its first flow field painted by a stroke under way (what the preview draws while the mouse is down). */
export function withFlowStroke<T extends Pick<SceneDocument, 'world'>>(scene: T, points: readonly Point[], radius: number, erase: boolean): T {
  const next = paintFlow(points, radius, erase)(scene as unknown as SceneDocument);
  return next as unknown as T;
}
