/**
 * The scene's walls, always drawn: solid ones as thick lines (a closed one filled like an
 * obstacle), non-solid ones (regions) as a dashed outline, the selected one highlighted. With the
 * Walls tool on: every vertex as a handle, the hovered one ringed, and the wall being drawn with a
 * rubber band to where the next point would go.
 */
import type { SceneWall } from '../../document/types';
import type { Frame } from './frame';

/** A solid wall's width, CSS px. */
export const WALL_WIDTH_PX = 4;

function trace(ctx: CanvasRenderingContext2D, w: SceneWall): void {
  const pts = w.points;
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (let k = 1; k < pts.length; k++) ctx.lineTo(pts[k][0], pts[k][1]);
  if (w.closed && pts.length > 2) ctx.closePath();
}

export function paintWalls(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
  const walls = f.scene?.world.walls ?? [];
  const tool = f.wallTool ?? null;
  const { theme } = f;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const w of walls) {
    if (!w.points.length) continue;
    const solid = w.solid !== false;
    const selected = tool?.selected === w.id;
    trace(ctx, w);
    if (solid && w.closed && w.points.length > 2) {
      ctx.fillStyle = theme.obstacle;
      ctx.fill();
    }
    if (selected) {
      ctx.strokeStyle = theme.hot;
      ctx.lineWidth = (solid ? WALL_WIDTH_PX + 4 : 4) * px;
      ctx.stroke();
    }
    ctx.strokeStyle = solid ? theme.wall : theme.wallRegion;
    ctx.lineWidth = (solid ? WALL_WIDTH_PX : 1.5) * px;
    if (!solid) ctx.setLineDash([6 * px, 4 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (!tool?.on) return;
  // the handles of every vertex, and a ring on the hovered (or dragged) one
  ctx.beginPath();
  const h = 3 * px;
  for (const w of walls) for (const p of w.points) ctx.rect(p[0] - h, p[1] - h, 2 * h, 2 * h);
  ctx.fillStyle = theme.background;
  ctx.fill();
  ctx.strokeStyle = theme.wall;
  ctx.lineWidth = 1.5 * px;
  ctx.stroke();
  const hot = f.hot?.kind === 'wall-point' ? f.hot : null;
  const hw = hot && walls.find((w) => w.id === hot.wall);
  const hp = hw && hw.points[hot.index];
  if (hp) {
    ctx.beginPath();
    ctx.arc(hp[0], hp[1], 7 * px, 0, 2 * Math.PI);
    ctx.strokeStyle = theme.hot;
    ctx.lineWidth = 2 * px;
    ctx.stroke();
  }
  paintDraft(ctx, f, px);
}

/** The wall being drawn: its segments, its points (the first ringed once it can close), the rubber band. */
function paintDraft(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
  const tool = f.wallTool;
  const pts = tool?.draft ?? [];
  if (!tool || !pts.length) return;
  const { theme } = f;
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (let k = 1; k < pts.length; k++) ctx.lineTo(pts[k][0], pts[k][1]);
  ctx.strokeStyle = theme.hot;
  ctx.lineWidth = WALL_WIDTH_PX * px;
  ctx.stroke();
  if (tool.next) {
    const last = pts[pts.length - 1];
    ctx.beginPath();
    ctx.moveTo(last[0], last[1]);
    ctx.lineTo(tool.next[0], tool.next[1]);
    ctx.lineWidth = 1.5 * px;
    ctx.setLineDash([5 * px, 4 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.beginPath();
  for (const p of pts) {
    ctx.moveTo(p[0] + 3.5 * px, p[1]);
    ctx.arc(p[0], p[1], 3.5 * px, 0, 2 * Math.PI);
  }
  ctx.fillStyle = theme.hot;
  ctx.fill();
  if (pts.length >= 3) {
    ctx.beginPath();
    ctx.arc(pts[0][0], pts[0][1], 8 * px, 0, 2 * Math.PI);
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
  }
}
