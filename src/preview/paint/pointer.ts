/** The pointer overlay: a crosshair where the Pointer target is, in screen px (the transform is CSS px). */
import { toScreen } from '../view';
import type { Frame } from './frame';

const _s: [number, number] = [0, 0];

export function paintPointer(ctx: CanvasRenderingContext2D, f: Frame): void {
  toScreen(_s, f.view, f.pointer[0], f.pointer[1]);
  const x = Math.round(_s[0]) + 0.5;
  const y = Math.round(_s[1]) + 0.5;
  ctx.beginPath();
  ctx.moveTo(x - 10, y);
  ctx.lineTo(x - 3, y);
  ctx.moveTo(x + 3, y);
  ctx.lineTo(x + 10, y);
  ctx.moveTo(x, y - 10);
  ctx.lineTo(x, y - 3);
  ctx.moveTo(x, y + 3);
  ctx.lineTo(x, y + 10);
  ctx.moveTo(x + 6, y);
  ctx.arc(x, y, 6, 0, 2 * Math.PI);
  ctx.strokeStyle = f.theme.pointer;
  ctx.lineWidth = 1;
  ctx.stroke();
}
