/** The paths overlay: the scene's paths and their waypoints; the edited one highlighted, with rings on its hovered and selected waypoints. */
import type { Frame } from './frame';

export function paintPaths(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
  const paths = f.scene?.world.paths ?? [];
  for (const path of paths) {
    const pts = path.points;
    if (!pts.length) continue;
    const active = path.id === f.editPath;
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (let k = 1; k < pts.length; k++) ctx.lineTo(pts[k][0], pts[k][1]);
    if (path.loop && pts.length > 2) ctx.closePath();
    ctx.strokeStyle = active ? f.theme.pathActive : f.theme.path;
    ctx.lineWidth = (active ? 2.5 : 1.5) * px;
    ctx.setLineDash(path.loop ? [] : [6 * px, 4 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
    // waypoints; the first one larger, so the direction of travel reads
    ctx.beginPath();
    for (let k = 0; k < pts.length; k++) {
      const r = (k === 0 ? 4.5 : 3) * px * (active ? 1.25 : 1);
      ctx.moveTo(pts[k][0] + r, pts[k][1]);
      ctx.arc(pts[k][0], pts[k][1], r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = active ? f.theme.pathActive : f.theme.path;
    ctx.fill();
    if (active) paintPathHandles(ctx, f, pts, px);
  }
}

/** Rings on the edited path's hovered (or dragged) and selected waypoints. */
function paintPathHandles(ctx: CanvasRenderingContext2D, f: Frame, pts: readonly (readonly [number, number])[], px: number): void {
  const hot = f.hot?.kind === 'path-point' && f.hot.path === f.editPath ? f.hot.index : -1;
  const selected = f.selectedPathPoint ?? -1;
  for (const k of hot === selected ? [hot] : [hot, selected]) {
    if (k < 0 || k >= pts.length) continue;
    ctx.beginPath();
    ctx.arc(pts[k][0], pts[k][1], (k === selected ? 8 : 7) * px, 0, 2 * Math.PI);
    ctx.strokeStyle = f.theme.hot;
    ctx.lineWidth = (k === selected ? 2.5 : 1.5) * px;
    ctx.stroke();
  }
}
