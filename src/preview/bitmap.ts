/**
 * Draws the background and the agents of a large scene straight into the pixels of an ImageData,
 * put on the canvas once a frame (Canvas 2D, no WebGL): the preview's renderer for large scenes
 * where WebGL2 is missing or runs in software. Measured in headless Chromium on this project's
 * machine, 20,000 agents: Canvas 2D paths ~25 fps, WebGL2 in SwiftShader ~30 fps drawn as plain
 * triangles and ~1 fps instanced (it runs each instance as its own draw), this ~55 fps or more
 * (scripts/bench-large.mjs).
 *
 * Each agent is a stamp: its triangle (as drawn by Canvas 2D: see agentLength) rasterised once
 * per frame size for each of {@link DIRECTIONS} headings, as offsets into the pixel array; a frame
 * stamps every agent in view in its type's colour at its pixel. No anti-aliasing, positions to
 * the nearest device pixel and headings to the nearest 360°/64: small against a crowd of
 * thousands. Nothing is allocated per frame in steady state.
 */
import { cssColor, pixelOf } from './colors';
import { AGENT_HALF_WIDTH, FALLBACK_COLOR, agentLength, type Frame } from './draw';

/** Headings a stamp is made for (a power of two). */
export const DIRECTIONS = 64;

/** Rasterised triangles: for each direction, pixel offsets (dx, dy) from the agent's pixel. */
export interface Stamps {
  /** Direction d's offsets are `dx, dy [start[d] … start[d + 1])`. */
  start: Int32Array;
  dx: Int32Array;
  dy: Int32Array;
  /** The largest |dx| or |dy|: a stamp at least this far inside the image needs no clipping. */
  reach: number;
}

/**
 * The stamps of a triangle `len` device px long (tip 0.6 ahead, base 0.4 behind, half-width
 * AGENT_HALF_WIDTH × len): the pixels whose centres fall inside it, the agent's own pixel always.
 */
export function makeStamps(len: number): Stamps {
  const dxs: number[] = [];
  const dys: number[] = [];
  const start = new Int32Array(DIRECTIONS + 1);
  let reach = 0;
  const r = Math.ceil(0.6 * len) + 1;
  for (let d = 0; d < DIRECTIONS; d++) {
    start[d] = dxs.length;
    const a = (2 * Math.PI * d) / DIRECTIONS;
    const hx = Math.cos(a);
    const hy = Math.sin(a);
    const w = AGENT_HALF_WIDTH * len;
    const ax = hx * 0.6 * len;
    const ay = hy * 0.6 * len;
    const bx = -hx * 0.4 * len - hy * w;
    const by = -hy * 0.4 * len + hx * w;
    const cx = -hx * 0.4 * len + hy * w;
    const cy = -hy * 0.4 * len - hx * w;
    // the winding of a, b, c, so that inside is where every edge function has its sign
    const sg = side(ax, ay, bx, by, cx, cy) < 0 ? -1 : 1;
    for (let y = -r; y <= r; y++) {
      for (let x = -r; x <= r; x++) {
        const inside = sg * side(ax, ay, bx, by, x, y) >= 0 && sg * side(bx, by, cx, cy, x, y) >= 0 && sg * side(cx, cy, ax, ay, x, y) >= 0;
        if (!inside && (x !== 0 || y !== 0)) continue;
        dxs.push(x);
        dys.push(y);
        reach = Math.max(reach, Math.abs(x), Math.abs(y));
      }
    }
  }
  start[DIRECTIONS] = dxs.length;
  return { start, dx: Int32Array.from(dxs), dy: Int32Array.from(dys), reach };
}

/** Which side of the edge p → q the point (x, y) lies on (cross product). */
function side(px: number, py: number, qx: number, qy: number, x: number, y: number): number {
  return (qx - px) * (y - py) - (qy - py) * (x - px);
}

/** The stamp direction of a unit heading (hx, hy). */
export function directionOf(hx: number, hy: number): number {
  return Math.round((Math.atan2(hy, hx) * DIRECTIONS) / (2 * Math.PI)) & (DIRECTIONS - 1);
}

/**
 * Stamps the agents at `pos` (world px; `x0, y0, …`), facing `head`, into `pixels` (an image
 * `width` × `height`), mapping world (x, y) to pixel (x × k + ox, y × k + oy).
 */
export function stampAgents(
  pixels: Uint32Array,
  width: number,
  height: number,
  pos: ArrayLike<number>,
  head: ArrayLike<number>,
  n: number,
  k: number,
  ox: number,
  oy: number,
  stamps: Stamps,
  colour: number,
): void {
  const { start, dx, dy, reach } = stamps;
  for (let i = 0; i < n; i++) {
    const fx = pos[2 * i] * k + ox;
    const fy = pos[2 * i + 1] * k + oy;
    if (!(fx > -reach - 1 && fy > -reach - 1 && fx < width + reach && fy < height + reach)) continue;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    const d = directionOf(head[2 * i], head[2 * i + 1]);
    const s0 = start[d];
    const s1 = start[d + 1];
    if (ix >= reach && iy >= reach && ix < width - reach && iy < height - reach) {
      const base = iy * width + ix;
      for (let j = s0; j < s1; j++) pixels[base + dy[j] * width + dx[j]] = colour;
    } else {
      for (let j = s0; j < s1; j++) {
        const x = ix + dx[j];
        const y = iy + dy[j];
        if (x >= 0 && y >= 0 && x < width && y < height) pixels[y * width + x] = colour;
      }
    }
  }
}

/** See the file comment. */
export class BitmapRenderer {
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private stamps: Stamps | null = null;
  private stampLength = Number.NaN;
  private readonly colours = new Map<string, number>();

  /**
   * Draws the page colour, the world's rectangle and every agent's body on `ctx`'s canvas (its
   * whole backing store), replacing what was there; `headingsOf` gives the agents' headings.
   */
  draw(ctx: CanvasRenderingContext2D, f: Frame, headingsOf: (typeId: string, n: number) => Float64Array): void {
    const W = ctx.canvas.width;
    const H = ctx.canvas.height;
    if (!this.image || this.image.width !== W || this.image.height !== H) {
      this.image = ctx.createImageData(W, H);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    const px = this.pixels;
    const { dpr, view } = f;
    const k = view.scale * dpr;
    const ox = view.x * dpr;
    const oy = view.y * dpr;
    px.fill(this.colour(ctx, f.theme.background));
    const ww = f.scene?.world.width ?? 0;
    const wh = f.scene?.world.height ?? 0;
    if (ww > 0 && wh > 0) {
      const x0 = Math.max(0, Math.round(ox));
      const x1 = Math.min(W, Math.round(ww * k + ox));
      const y0 = Math.max(0, Math.round(oy));
      const y1 = Math.min(H, Math.round(wh * k + oy));
      const c = this.colour(ctx, f.theme.world);
      if (x1 > x0) for (let y = y0; y < y1; y++) px.fill(c, y * W + x0, y * W + x1);
    }
    const world = f.world;
    if (world) {
      const len = agentLength(view.scale) * k;
      if (len !== this.stampLength) {
        this.stamps = makeStamps(len);
        this.stampLength = len;
      }
      for (const id of world.types) {
        const pos = world.positions(id);
        const n = pos.length >> 1;
        if (!n) continue;
        const colour = this.colour(ctx, f.styles.get(id)?.color ?? FALLBACK_COLOR);
        stampAgents(px, W, H, pos, headingsOf(id, n), n, k, ox, oy, this.stamps!, colour);
      }
    }
    ctx.putImageData(this.image, 0, 0);
  }

  /** Lets go of the image (another renderer took over). */
  release(): void {
    this.image = null;
    this.pixels = new Uint32Array(0);
  }

  private colour(ctx: CanvasRenderingContext2D, css: string): number {
    let c = this.colours.get(css);
    if (c === undefined) {
      c = pixelOf(cssColor(ctx, css));
      this.colours.set(css, c);
    }
    return c;
  }
}
