/** The wall feelers overlay for the followed agent: its three Wall Avoid feelers and where they meet a wall, the nearest hit (the one that steers) ringed. */
import type { View } from '../view';
import type { Feelers } from '../wall-feelers';
import type { Theme } from './theme';

export function paintWallFeelers(ctx: CanvasRenderingContext2D, dpr: number, view: View, theme: Theme, f: Feelers): void {
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const sx = (x: number) => x * view.scale + view.x;
  const sy = (y: number) => y * view.scale + view.y;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.feeler;
  ctx.beginPath();
  for (const k of f.feelers) {
    ctx.moveTo(sx(k.from[0]), sy(k.from[1]));
    ctx.lineTo(sx(k.to[0]), sy(k.to[1]));
  }
  ctx.stroke();
  ctx.fillStyle = theme.force;
  ctx.strokeStyle = theme.hot;
  f.feelers.forEach((k, i) => {
    if (!k.hit) return;
    ctx.beginPath();
    ctx.arc(sx(k.hit[0]), sy(k.hit[1]), 3, 0, 2 * Math.PI);
    ctx.fill();
    if (i === f.nearest) {
      ctx.beginPath();
      ctx.arc(sx(k.hit[0]), sy(k.hit[1]), 6, 0, 2 * Math.PI);
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  });
  ctx.restore();
}
