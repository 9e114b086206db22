/**
 * The agent inspector's pure parts: which agent a click picks, the colour of each probed node, how
 * a Priority spent its budget and how much a Truncate cut, and the drawing of the followed agent's
 * force vectors. Free of Lit; the drawing takes a Canvas 2D context.
 */
import type { ProbeReading } from '../../runtime/api';
import type { PreviewWorld } from './frame-world';
import type { View } from './view';

/** The agent the inspector follows. */
export interface Followed {
  type: string;
  index: number;
}

/** The part of the preview's world (PreviewWorld) an agent is picked from. */
export type PickWorld = Pick<PreviewWorld, 'types' | 'positions'>;

/**
 * The agent whose body is nearest the screen point (sx, sy), CSS px of the canvas, within
 * `radiusPx`; null when none is. Later types are drawn on top, so at equal distance they win.
 */
export function pickAgent(world: PickWorld, view: View, sx: number, sy: number, radiusPx: number): Followed | null {
  let best: Followed | null = null;
  let bestD = radiusPx * radiusPx;
  for (const type of world.types) {
    const pos = world.positions(type);
    for (let i = 0; 2 * i + 1 < pos.length; i++) {
      const dx = pos[2 * i] * view.scale + view.x - sx;
      const dy = pos[2 * i + 1] * view.scale + view.y - sy;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = { type, index: i };
      }
    }
  }
  return best;
}

/** Distinct colours for the probed nodes of a graph, in node order (they repeat past ten). */
export const PROBE_PALETTE = ['#ff6b6b', '#5ec8ff', '#ffd166', '#7bd389', '#c792ea', '#ff9f43', '#f78fb3', '#e0e0e0', '#4dd0e1', '#a3be8c'];

/** The colour of each node (by id) that has a force output, in graph order. */
export function probeColors(nodes: readonly { id: string; kind: string }[], hasForceOutput: (kind: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nodes) if (hasForceOutput(n.kind)) out.set(n.id, PROBE_PALETTE[out.size % PROBE_PALETTE.length]);
  return out;
}

// How a Priority spent its budget and how much a Truncate cut are the kinds' own (nodes/priority.ts, nodes/truncate.ts).
export { priorityShares, type BudgetShare } from '../../nodes/priority';
export { truncateShare } from '../../nodes/truncate';

/** CSS px that a force of the agent's maxForce is drawn long. */
export const FORCE_DRAW_LENGTH = 70;

/**
 * Draws the followed agent: a ring, and from its centre each node's force (in the node's colour;
 * maxForce is {@link FORCE_DRAW_LENGTH} px long), the final one thickest. The context's transform
 * is set to CSS px here.
 */
export function drawInspection(
  ctx: CanvasRenderingContext2D,
  dpr: number,
  view: View,
  x: number,
  y: number,
  reading: ProbeReading | null,
  colors: ReadonlyMap<string, string>,
  finalNode: string | null,
): void {
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const sx = x * view.scale + view.x;
  const sy = y * view.scale + view.y;
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.arc(sx, sy, 14, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
  if (reading && reading.maxForce > 0) {
    const k = FORCE_DRAW_LENGTH / reading.maxForce;
    // a force far over maxForce is drawn 2.5 × as long as maxForce at most (its bar tells how much)
    const longest = 2.5 * FORCE_DRAW_LENGTH;
    for (const v of reading.values) {
      const color = colors.get(v.node);
      if (v.type !== 'force' || !color || !(Number.isFinite(v.x) && Number.isFinite(v.y))) continue;
      const full = Math.hypot(v.x, v.y) * k;
      const q = full > longest ? longest / full : 1;
      const ex = sx + v.x * k * q;
      const ey = sy + v.y * k * q;
      const len = Math.hypot(ex - sx, ey - sy);
      if (len < 0.5) continue;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = v.node === finalNode ? 3.5 : 2;
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.lineTo(ex, ey);
      ctx.stroke();
      // the arrow head
      const ux = (ex - sx) / len;
      const uy = (ey - sy) / len;
      const h = Math.min(8, len * 0.5);
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - ux * h - uy * h * 0.5, ey - uy * h + ux * h * 0.5);
      ctx.lineTo(ex - ux * h + uy * h * 0.5, ey - uy * h - ux * h * 0.5);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
}
