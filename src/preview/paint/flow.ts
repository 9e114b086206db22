/**
 * The flow field overlay: the scene's flow fields as arrows, one per cell (every k-th when the
 * cells are too small on screen to read), a cell of zero as a dot; with the Flow brush on, the
 * brush's circle at the mouse (dashed while erasing).
 */
import { decodeFlowVectors, isFlowText } from '../../../runtime/flow-field';
import type { Frame } from './frame';

/** The Flow brush as drawn: where the mouse is (world px), its radius, and whether Shift erases. */
export interface FlowBrushView {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly erase: boolean;
}

/** The smallest a drawn arrow's cell is on screen, CSS px: smaller cells are drawn every k-th. */
const MIN_CELL_PX = 12;

// the last field decoded (a frame draws the same field again and again)
let cachedText = '';
let cachedCells = -1;
let cached: Float64Array = new Float64Array(0);

function vectorsOf(text: string, cells: number): Float64Array | null {
  if (text === cachedText && cells === cachedCells) return cached;
  if (!isFlowText(text, cells)) return null;
  cachedText = text;
  cachedCells = cells;
  cached = decodeFlowVectors(text, cells);
  return cached;
}

export function paintFlowFields(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
  for (const field of f.scene?.world.flowFields ?? []) {
    const v = vectorsOf(field.vectors, field.cols * field.rows);
    if (!v) continue;
    const c = field.cellSize;
    const step = Math.max(1, Math.ceil(MIN_CELL_PX / (c / px)));
    const span = c * step;
    const half = 0.42 * span;
    const head = Math.min(0.25 * span, 6 * px);
    ctx.beginPath();
    const dots: [number, number][] = [];
    for (let j = 0; j < field.rows; j += step) {
      for (let i = 0; i < field.cols; i += step) {
        const k = 2 * (j * field.cols + i);
        const vx = v[k];
        const vy = v[k + 1];
        const cx = field.x + (i + step / 2) * c;
        const cy = field.y + (j + step / 2) * c;
        if (vx === 0 && vy === 0) {
          dots.push([cx, cy]);
          continue;
        }
        // an arrow through the cell's centre, as long as the vector (a fraction of maxSpeed)
        const tx = cx + vx * half;
        const ty = cy + vy * half;
        ctx.moveTo(cx - vx * half, cy - vy * half);
        ctx.lineTo(tx, ty);
        const d = Math.sqrt(vx * vx + vy * vy);
        const ux = vx / d;
        const uy = vy / d;
        ctx.moveTo(tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
        ctx.lineTo(tx, ty);
        ctx.lineTo(tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
      }
    }
    ctx.strokeStyle = f.theme.flow;
    ctx.lineWidth = 1.2 * px;
    ctx.stroke();
    ctx.beginPath();
    for (const [x, y] of dots) {
      ctx.moveTo(x + px, y);
      ctx.arc(x, y, px, 0, 2 * Math.PI);
    }
    ctx.fillStyle = f.theme.flow;
    ctx.fill();
  }
  const b = f.flowBrush;
  if (b) {
    ctx.beginPath();
    ctx.arc(b.x, b.y, b.radius, 0, 2 * Math.PI);
    ctx.setLineDash(b.erase ? [4 * px, 4 * px] : []);
    ctx.strokeStyle = f.theme.hot;
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
