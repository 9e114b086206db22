/** The named-targets overlay: a marker and the name of each named target, in screen px (the transform is CSS px). */
import { toScreen } from '../view';
import { TARGET_MARKER_PX, type Frame } from './frame';

const _s: [number, number] = [0, 0];

export function paintTargets(ctx: CanvasRenderingContext2D, f: Frame): void {
  if (!f.targets.size) return;
  ctx.font = f.theme.font;
  ctx.textBaseline = 'middle';
  const r = TARGET_MARKER_PX;
  for (const [name, [x, y]] of f.targets) {
    toScreen(_s, f.view, x, y);
    const hot = f.hot?.kind === 'target' && f.hot.name === name;
    ctx.beginPath();
    ctx.arc(_s[0], _s[1], r, 0, 2 * Math.PI);
    ctx.fillStyle = f.theme.background;
    ctx.fill();
    ctx.lineWidth = hot ? 3 : 2;
    ctx.strokeStyle = hot ? f.theme.hot : f.theme.target;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(_s[0], _s[1], 2.5, 0, 2 * Math.PI);
    ctx.fillStyle = hot ? f.theme.hot : f.theme.target;
    ctx.fill();
    ctx.fillStyle = f.theme.text;
    ctx.fillText(name, _s[0] + r + 4, _s[1]);
  }
}
