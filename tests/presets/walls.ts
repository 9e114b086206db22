/**
 * Helpers of the presets with walls (maze, rooms, hide-and-seek), independent of the runtime's own
 * wall code: the walls' segments from the document, the crossing check of a tick's move, a line of
 * sight past circles and segments, and the world's count of solid contacts.
 */
import { HANDOVER, type BehaviorWorld } from '../../runtime/api';
import type { Handover } from '../../runtime/handover';
import type { SceneDocument } from '../../src/document/types';

/** A wall segment a → b. */
export type Segment = { ax: number; ay: number; bx: number; by: number };

/** Every segment of the document's solid walls (closed ones with the closing segment). */
export function segmentsOf(doc: SceneDocument): Segment[] {
  const out: Segment[] = [];
  for (const w of doc.world.walls ?? []) {
    if (w.solid === false) continue;
    const n = w.points.length;
    for (let k = 0; k < (w.closed ? n : n - 1); k++) {
      const [a, b] = [w.points[k], w.points[(k + 1) % n]];
      out.push({ ax: a[0], ay: a[1], bx: b[0], by: b[1] });
    }
  }
  return out;
}

/** Which side of the segment's line (x, y) lies on, px (signed distance; 0 on the line). */
export function side(s: Segment, x: number, y: number): number {
  const [dx, dy] = [s.bx - s.ax, s.by - s.ay];
  return ((x - s.ax) * dy - (y - s.ay) * dx) / Math.hypot(dx, dy);
}

/**
 * The first segment the move (px, py) → (qx, qy) crosses, starting strictly in front of it (more
 * than 1e-9 px from its line) and ending on the other side, at a point of the segment itself; or -1.
 */
export function crossed(segs: readonly Segment[], px: number, py: number, qx: number, qy: number): number {
  for (let k = 0; k < segs.length; k++) {
    const s = segs[k];
    const s0 = side(s, px, py);
    const s1 = side(s, qx, qy);
    if (Math.abs(s0) <= 1e-9 || !(s0 * s1 < 0)) continue;
    const t = s0 / (s0 - s1);
    const [x, y] = [px + (qx - px) * t, py + (qy - py) * t];
    const [dx, dy] = [s.bx - s.ax, s.by - s.ay];
    const mu = ((x - s.ax) * dx + (y - s.ay) * dy) / (dx * dx + dy * dy);
    if (mu >= 0 && mu <= 1) return k;
  }
  return -1;
}

/** Whether the open segment p → q properly crosses a wall segment (the sight rule, for the tests). */
export function wallBetween(segs: readonly Segment[], px: number, py: number, qx: number, qy: number): boolean {
  const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;
  const [rx, ry] = [qx - px, qy - py];
  return segs.some((s) => {
    const [ux, uy] = [s.bx - s.ax, s.by - s.ay];
    const den = cross(rx, ry, ux, uy);
    if (den === 0) return false;
    const t = cross(s.ax - px, s.ay - py, ux, uy) / den;
    const mu = cross(s.ax - px, s.ay - py, rx, ry) / den;
    return t > 0 && t < 1 && mu >= 0 && mu <= 1;
  });
}

/** Whether a circle lies strictly closer than its radius to the segment p → q. */
export function circleBetween(circles: readonly { x: number; y: number; r: number }[], px: number, py: number, qx: number, qy: number): boolean {
  const [dx, dy] = [qx - px, qy - py];
  const L = dx * dx + dy * dy;
  return circles.some((c) => {
    const l = L > 0 ? Math.min(1, Math.max(0, ((c.x - px) * dx + (c.y - py) * dy) / L)) : 0;
    const [ex, ey] = [px + l * dx - c.x, py + l * dy - c.y];
    return ex * ex + ey * ey < c.r * c.r;
  });
}

/** The agent-ticks so far in which the solid walls' contact acted (the runtime's World.wallContacts). */
export function wallContacts(w: BehaviorWorld): number {
  return ((w as unknown as { [HANDOVER](): Handover })[HANDOVER]() as Handover).world.wallContacts;
}
