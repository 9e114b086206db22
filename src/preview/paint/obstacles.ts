/** The obstacles overlay: the scene's circles, the one under the mouse highlighted. */
import type { Frame } from './frame';

export function paintObstacles(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
  const { data, count } = f.obstacles;
  if (!count) return;
  ctx.beginPath();
  for (let k = 0; k < count; k++) {
    const x = data[5 * k];
    const y = data[5 * k + 1];
    const r = data[5 * k + 2];
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  }
  ctx.fillStyle = f.theme.obstacle;
  ctx.fill();
  ctx.strokeStyle = f.theme.obstacleStroke;
  ctx.lineWidth = 1.5 * px;
  ctx.stroke();
  if (f.hot?.kind === 'obstacle' && f.hot.index < count) {
    const k = f.hot.index;
    ctx.beginPath();
    ctx.arc(data[5 * k], data[5 * k + 1], data[5 * k + 2], 0, 2 * Math.PI);
    ctx.strokeStyle = f.theme.hot;
    ctx.lineWidth = 2.5 * px;
    ctx.stroke();
  }
}
