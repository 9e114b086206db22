/**
 * The world's walls as the tick path reads them (BEHAVIORS.md, "Walls"): polylines and closed
 * polygons, cut into segments once when the world is built or `setWalls` replaces them. Nothing
 * here allocates after construction; only + − × ÷, comparisons and Math.sqrt (in the build).
 *
 * Segment k (in wall order, then point order) is stored at `seg[SEG * k …]`:
 *   ax, ay (its start a), ux, uy (û = (b − a)/L), nx, ny (n̂ = perp(û) = (−û.y, û.x)), L.
 * A segment with L ≤ EPS is dropped. In bounce mode the world's four edges follow the walls' own
 * segments as extra solid segments (`edgeFirst` … `count − 1`): Wall Avoid and line of sight see
 * them, the integrator does not (the edges clamp and bounce as before).
 */

/** One wall as a scene or a game gives it: a polyline, or a closed polygon with `closed`. */
export interface WallSpec {
  id: string;
  points: ReadonlyArray<readonly [number, number]>;
  /** The last point joins the first. */
  closed: boolean;
  /** Blocks motion, feelers and sight (default true); a non-solid closed wall is only a region for Contain. */
  solid?: boolean;
}

/** ε of BEHAVIORS.md, "Walls": 10⁻³ px. */
export const EPS = 1e-3;

/** Fewer solid segments than this get no grid: queries test each one. */
const GRID_MIN = 16;
/** The most cells a side of the grid has. */
const GRID_MAX = 1024;
/** The grid coarsens until its listings hold at most this many entries per solid segment. */
const ITEMS_PER_SEGMENT = 16;

/** The grid cell (column or row) of coordinate v, clamped to 0 … n − 1 (NaN gives 0). */
export function clampCell(v: number, origin: number, cell: number, n: number): number {
  const c = Math.floor((v - origin) / cell);
  // `| 0` on a value already within 0 … n − 1: an integer result, so V8 never boxes it
  return c > 0 ? (c < n ? c | 0 : n - 1) : 0;
}

/** Numbers per segment in `Walls.seg`. */
export const SEG = 7;

export class Walls {
  /** ax, ay, ux, uy, nx, ny, L per segment (SEG numbers each). */
  readonly seg: Float64Array;
  /** Segments in all, the world's edges included. */
  readonly count: number;
  /** Segments of the walls themselves (before the edges). */
  readonly edgeFirst: number;
  /** 1 where the segment is solid (edges are). */
  readonly solid: Uint8Array;
  /** Solid segments of the walls themselves (0: the integrator skips walls entirely). */
  readonly solidCount: number;
  /** Per wall, in spec order: id, first segment, number of segments, closed, and σ (the sign of a closed wall's signed area, else 0). */
  readonly ids: readonly string[];
  readonly first: Int32Array;
  readonly segments: Int32Array;
  readonly closed: Uint8Array;
  readonly sigma: Float64Array;
  /** Per wall: its points as given (x0, y0, …), for Contain's even-odd test. */
  readonly points: readonly Float64Array[];
  /** The walls as given (for `walls()` and snapshots). */
  readonly specs: readonly WallSpec[];

  constructor(specs: ReadonlyArray<WallSpec>, width = 0, height = 0, bounce = false) {
    this.specs = specs.map((w) => ({ id: w.id, points: w.points.map((p) => [p[0], p[1]] as const), closed: w.closed, solid: w.solid !== false }));
    const segs: number[] = [];
    const solid: number[] = [];
    const push = (ax: number, ay: number, bx: number, by: number, isSolid: boolean): boolean => {
      const dx = bx - ax;
      const dy = by - ay;
      const L = Math.sqrt(dx * dx + dy * dy);
      if (!(L > EPS)) return false;
      const ux = dx / L;
      const uy = dy / L;
      segs.push(ax, ay, ux, uy, -uy, ux, L);
      solid.push(isSolid ? 1 : 0);
      return true;
    };
    const n = specs.length;
    this.first = new Int32Array(n);
    this.segments = new Int32Array(n);
    this.closed = new Uint8Array(n);
    this.sigma = new Float64Array(n);
    const points: Float64Array[] = [];
    let solidCount = 0;
    specs.forEach((w, k) => {
      const pts = w.points;
      const isSolid = w.solid !== false;
      this.first[k] = solid.length;
      const m = pts.length;
      const last = w.closed ? m : m - 1;
      for (let j = 0; j < last; j++) {
        const a = pts[j];
        const b = pts[(j + 1) % m];
        if (push(a[0], a[1], b[0], b[1], isSolid) && isSolid) solidCount++;
      }
      this.segments[k] = solid.length - this.first[k];
      this.closed[k] = w.closed ? 1 : 0;
      const flat = new Float64Array(2 * m);
      let area = 0;
      for (let j = 0; j < m; j++) {
        flat[2 * j] = pts[j][0];
        flat[2 * j + 1] = pts[j][1];
        const b = pts[(j + 1) % m];
        area += pts[j][0] * b[1] - b[0] * pts[j][1];
      }
      points.push(flat);
      this.sigma[k] = w.closed ? (area > 0 ? 1 : area < 0 ? -1 : 0) : 0;
    });
    this.edgeFirst = solid.length;
    if (bounce) {
      push(0, 0, width, 0, true);
      push(width, 0, width, height, true);
      push(width, height, 0, height, true);
      push(0, height, 0, 0, true);
    }
    this.seg = Float64Array.from(segs);
    this.solid = Uint8Array.from(solid);
    this.count = solid.length;
    this.solidCount = solidCount;
    this.ids = specs.map((w) => w.id);
    this.points = points;
    this.stamps = new Uint32Array(this.count);
    // The grid (see `gx`).
    const seg = this.seg;
    const solidK: number[] = [];
    for (let k = 0; k < this.count; k++) if (this.solid[k] === 1) solidK.push(k);
    const ns = solidK.length;
    let x0 = 0;
    let y0 = 0;
    let w = width;
    let h = height;
    if (!(w > 0 && h > 0)) {
      // No world rectangle (a bare Walls): the segments' own bounding box.
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const k of solidK) {
        const o = SEG * k;
        const bx = seg[o] + seg[o + 2] * seg[o + 6];
        const by = seg[o + 1] + seg[o + 3] * seg[o + 6];
        minX = Math.min(minX, seg[o], bx);
        maxX = Math.max(maxX, seg[o], bx);
        minY = Math.min(minY, seg[o + 1], by);
        maxY = Math.max(maxY, seg[o + 1], by);
      }
      x0 = minX;
      y0 = minY;
      w = maxX - minX;
      h = maxY - minY;
    }
    const outside: number[] = [];
    const box = (k: number, out: Float64Array) => {
      const o = SEG * k;
      const bx = seg[o] + seg[o + 2] * seg[o + 6];
      const by = seg[o + 1] + seg[o + 3] * seg[o + 6];
      out[0] = Math.min(seg[o], bx) - 2 * EPS;
      out[1] = Math.min(seg[o + 1], by) - 2 * EPS;
      out[2] = Math.max(seg[o], bx) + 2 * EPS;
      out[3] = Math.max(seg[o + 1], by) + 2 * EPS;
    };
    const bb = new Float64Array(4);
    const gridded = ns >= GRID_MIN && w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h);
    if (gridded) {
      // Segments whose box (grown by 2ε) misses the rectangle go to a second grid over their own
      // box: only a query that leaves the rectangle visits it (far walls cost nothing inside the world).
      const inner: number[] = [];
      for (const k of solidK) {
        box(k, bb);
        (bb[2] < x0 || bb[0] > x0 + w || bb[3] < y0 || bb[1] > y0 + h ? outside : inner).push(k);
      }
      solidK.length = 0;
      solidK.push(...inner);
    }
    /** A grid's size over `list` in the rectangle: about one cell per segment, at most GRID_MAX a side, coarser while its listings exceed ITEMS_PER_SEGMENT per segment. */
    const layout = (list: number[], gx0: number, gy0: number, gw: number, gh: number) => {
      let cell = Math.sqrt((gw * gh) / Math.max(list.length, GRID_MIN));
      let gx = 1;
      let gy = 1;
      let items = 0;
      if (!(cell > 0) || !Number.isFinite(cell)) cell = Math.max(gw, gh, 1);
      for (;;) {
        gx = Math.max(1, Math.min(GRID_MAX, Math.ceil(gw / cell)));
        gy = Math.max(1, Math.min(GRID_MAX, Math.ceil(gh / cell)));
        cell = Math.max(gw / gx, gh / gy, Number.MIN_VALUE);
        items = 0;
        for (const k of list) {
          box(k, bb);
          const c0 = clampCell(bb[0], gx0, cell, gx);
          const c1 = clampCell(bb[2], gx0, cell, gx);
          const r0 = clampCell(bb[1], gy0, cell, gy);
          const r1 = clampCell(bb[3], gy0, cell, gy);
          items += (c1 - c0 + 1) * (r1 - r0 + 1);
        }
        if (items <= ITEMS_PER_SEGMENT * list.length || (gx === 1 && gy === 1)) break;
        cell *= 2;
      }
      return { gx, gy, cell, x0: gx0, y0: gy0, items };
    };
    const none = { gx: 0, gy: 0, cell: 1, x0: 0, y0: 0, items: 0 };
    const g0 = gridded ? layout(solidK, x0, y0, w, h) : none;
    let g1 = none;
    if (gridded && outside.length > 0) {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const k of outside) {
        box(k, bb);
        minX = Math.min(minX, bb[0]);
        minY = Math.min(minY, bb[1]);
        maxX = Math.max(maxX, bb[2]);
        maxY = Math.max(maxY, bb[3]);
      }
      g1 = layout(outside, minX, minY, maxX - minX, maxY - minY);
    }
    this.gx = g0.gx;
    this.gy = g0.gy;
    this.gx0 = x0;
    this.gy0 = y0;
    this.gx1 = x0 + w;
    this.gy1 = y0 + h;
    this.cell = g0.cell;
    this.ogx = g1.gx;
    this.ogy = g1.gy;
    this.ox0 = g1.x0;
    this.oy0 = g1.y0;
    this.ocell = g1.cell;
    this.outerFirst = g0.gx * g0.gy;
    const cells = g0.gx * g0.gy + g1.gx * g1.gy;
    this.cellStart = new Int32Array(cells + 1);
    this.cellItems = new Int32Array(g0.items + g1.items);
    const start = this.cellStart;
    const fill = (g: typeof g0, base: number, list: number[], write: boolean) => {
      for (const k of list) {
        box(k, bb);
        const c0 = clampCell(bb[0], g.x0, g.cell, g.gx);
        const c1 = clampCell(bb[2], g.x0, g.cell, g.gx);
        const r0 = clampCell(bb[1], g.y0, g.cell, g.gy);
        const r1 = clampCell(bb[3], g.y0, g.cell, g.gy);
        for (let r = r0; r <= r1; r++) {
          for (let c = c0; c <= c1; c++) {
            if (write) this.cellItems[start[base + r * g.gx + c]++] = k;
            else start[base + r * g.gx + c + 1]++;
          }
        }
      }
    };
    if (cells > 0) {
      fill(g0, 0, solidK, false);
      fill(g1, this.outerFirst, outside, false);
      for (let c = 0; c < cells; c++) start[c + 1] += start[c];
      // filling advances start[c] to the next cell's start; shift back afterwards
      fill(g0, 0, solidK, true);
      fill(g1, this.outerFirst, outside, true);
      for (let c = cells; c > 0; c--) start[c] = start[c - 1];
      start[0] = 0;
    }
  }

  /** The next query's stamp (see `stamps`); no allocation. */
  nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /**
   * The broad phase: a uniform grid of `gx` × `gy` cells of `cell` px from (`gx0`, `gy0`) over the
   * solid segments (edges included). Segment k is listed (in `cellItems`, from `cellStart[c]` to
   * `cellStart[c + 1]`) in every cell its bounding box, grown by 2ε, touches; positions beyond the
   * grid clamp to its border cells, so a segment outside the world is still found. `gx` = 0: no
   * grid (few segments), queries test every segment. Built once with the walls.
   */
  readonly gx: number;
  readonly gy: number;
  readonly gx0: number;
  readonly gy0: number;
  /** The rectangle the grid covers: (gx0, gy0) to (gx1, gy1) (the world). */
  readonly gx1: number;
  readonly gy1: number;
  /**
   * The outer grid: `ogx` × `ogy` cells of `ocell` px from (`ox0`, `oy0`) over the solid segments
   * whose box misses that rectangle (their cells follow the inner grid's in `cellStart`, from
   * `outerFirst`); only a query that leaves the rectangle visits it. `ogx` = 0: none.
   */
  readonly ogx: number;
  readonly ogy: number;
  readonly ox0: number;
  readonly oy0: number;
  readonly ocell: number;
  readonly outerFirst: number;
  readonly cell: number;
  readonly cellStart: Int32Array;
  readonly cellItems: Int32Array;
  /** Per segment, the query that last visited it (dedupe without allocation), and that query's number. */
  readonly stamps: Uint32Array;
  stamp = 0;

  /** The index of the wall with this id, or −1. */
  index(id: string): number {
    return this.ids.indexOf(id);
  }
}

/** Whether solid segment k (at o = SEG·k) blocks the sight line P → P + (dx, dy) (see wallsBlock). */
function blocks(S: Float64Array, o: number, px: number, py: number, dx: number, dy: number): boolean {
  const ux = S[o + 2];
  const uy = S[o + 3];
  const den = dx * uy - dy * ux;
  if (den === 0) return false;
  const ex = S[o] - px;
  const ey = S[o + 1] - py;
  const t = (ex * uy - ey * ux) / den;
  if (!(t > 0 && t < 1)) return false;
  const mu = (ex * dy - ey * dx) / den;
  return mu >= -EPS && mu <= S[o + 6] + EPS;
}

/**
 * Whether a solid segment blocks the sight line P → Q (BEHAVIORS.md, Walls (c), the walls' part):
 * strictly inside (0, 1) along the line, inclusive and ε-extended along the segment; a line along a
 * segment's own line is not blocked by it. Edges included. Visits the grid cells of the line's
 * bounding box (every segment when there is no grid, or when those cells outnumber the segments).
 */
export function wallsBlock(Wl: Walls, px: number, py: number, qx: number, qy: number): boolean {
  const S = Wl.seg;
  const dx = qx - px;
  const dy = qy - py;
  const gx = Wl.gx;
  if (gx > 0) {
    const cell = Wl.cell;
    const fc0 = Math.floor(((px < qx ? px : qx) - Wl.gx0) / cell);
    const c0 = fc0 > 0 ? (fc0 < gx ? fc0 | 0 : gx - 1) : 0;
    const fc1 = Math.floor(((px < qx ? qx : px) - Wl.gx0) / cell);
    const c1 = fc1 > 0 ? (fc1 < gx ? fc1 | 0 : gx - 1) : 0;
    const fr0 = Math.floor(((py < qy ? py : qy) - Wl.gy0) / cell);
    const r0 = fr0 > 0 ? (fr0 < Wl.gy ? fr0 | 0 : Wl.gy - 1) : 0;
    const fr1 = Math.floor(((py < qy ? qy : py) - Wl.gy0) / cell);
    const r1 = fr1 > 0 ? (fr1 < Wl.gy ? fr1 | 0 : Wl.gy - 1) : 0;
    if ((c1 - c0 + 1) * (r1 - r0 + 1) <= Wl.count) {
      const start = Wl.cellStart;
      const items = Wl.cellItems;
      const stamps = Wl.stamps;
      const stamp = Wl.nextStamp();
      for (let r = r0; r <= r1; r++) {
        for (let j = start[r * gx + c0], end = start[r * gx + c1 + 1]; j < end; j++) {
          const k = items[j];
          if (stamps[k] === stamp) continue;
          stamps[k] = stamp;
          if (blocks(S, SEG * k, px, py, dx, dy)) return true;
        }
      }
      const ogx = Wl.ogx;
      if (ogx > 0 && (px < Wl.gx0 || qx < Wl.gx0 || px > Wl.gx1 || qx > Wl.gx1 || py < Wl.gy0 || qy < Wl.gy0 || py > Wl.gy1 || qy > Wl.gy1)) {
        // the outer grid (segments beyond the world), for a query that leaves it
        const ocell = Wl.ocell;
        const ogy = Wl.ogy;
        const base = Wl.outerFirst;
        const fa0 = Math.floor(((px < qx ? px : qx) - Wl.ox0) / ocell);
        const a0 = fa0 > 0 ? (fa0 < ogx ? fa0 | 0 : ogx - 1) : 0;
        const fa1 = Math.floor(((px < qx ? qx : px) - Wl.ox0) / ocell);
        const a1 = fa1 > 0 ? (fa1 < ogx ? fa1 | 0 : ogx - 1) : 0;
        const fb0 = Math.floor(((py < qy ? py : qy) - Wl.oy0) / ocell);
        const b0 = fb0 > 0 ? (fb0 < ogy ? fb0 | 0 : ogy - 1) : 0;
        const fb1 = Math.floor(((py < qy ? qy : py) - Wl.oy0) / ocell);
        const b1 = fb1 > 0 ? (fb1 < ogy ? fb1 | 0 : ogy - 1) : 0;
        for (let r = b0; r <= b1; r++) {
          for (let j = start[base + r * ogx + a0], end = start[base + r * ogx + a1 + 1]; j < end; j++) {
            const k = items[j];
            if (stamps[k] === stamp) continue;
            stamps[k] = stamp;
            if (blocks(S, SEG * k, px, py, dx, dy)) return true;
          }
        }
      }
      return false;
    }
  }
  const solid = Wl.solid;
  for (let k = 0, n = Wl.count; k < n; k++) {
    if (solid[k] === 0) continue;
    if (blocks(S, SEG * k, px, py, dx, dy)) return true;
  }
  return false;
}

/** The feeler P → P + D's t at solid segment k (at o = SEG·k), or −1 (see wallRay). */
function rayT(S: Float64Array, o: number, px: number, py: number, dx: number, dy: number): number {
  const ex = S[o] - px;
  const ey = S[o + 1] - py;
  // s(P) = (P − a)·n̂ = −(e·n̂)
  if (ex * S[o + 4] + ey * S[o + 5] === 0) return -1;
  const ux = S[o + 2];
  const uy = S[o + 3];
  const den = dx * uy - dy * ux;
  if (den === 0) return -1;
  const t = (ex * uy - ey * ux) / den;
  if (!(t >= 0 && t <= 1)) return -1;
  const mu = (ex * dy - ey * dx) / den;
  if (!(mu >= -EPS && mu <= S[o + 6] + EPS)) return -1;
  return t;
}

/**
 * The nearest solid segment the feeler P → P + D crosses (BEHAVIORS.md, Walls (b), step 2): segments
 * with s(P) = 0 are skipped; a hit needs 0 ≤ t ≤ 1 and −ε ≤ μ ≤ L + ε. Returns the least t (ties: the
 * lower segment number) and writes the segment's index into `hit[0]`; −1 (and hit[0] = −1) when
 * nothing is hit. Edges included. Visits the grid cells of the feeler's bounding box, as wallsBlock.
 */
export function wallRay(Wl: Walls, px: number, py: number, dx: number, dy: number, hit: Int32Array): number {
  const S = Wl.seg;
  let best = -1;
  let bestK = -1;
  const gx = Wl.gx;
  if (gx > 0) {
    const cell = Wl.cell;
    const qx = px + dx;
    const qy = py + dy;
    const fc0 = Math.floor(((px < qx ? px : qx) - Wl.gx0) / cell);
    const c0 = fc0 > 0 ? (fc0 < gx ? fc0 | 0 : gx - 1) : 0;
    const fc1 = Math.floor(((px < qx ? qx : px) - Wl.gx0) / cell);
    const c1 = fc1 > 0 ? (fc1 < gx ? fc1 | 0 : gx - 1) : 0;
    const fr0 = Math.floor(((py < qy ? py : qy) - Wl.gy0) / cell);
    const r0 = fr0 > 0 ? (fr0 < Wl.gy ? fr0 | 0 : Wl.gy - 1) : 0;
    const fr1 = Math.floor(((py < qy ? qy : py) - Wl.gy0) / cell);
    const r1 = fr1 > 0 ? (fr1 < Wl.gy ? fr1 | 0 : Wl.gy - 1) : 0;
    if ((c1 - c0 + 1) * (r1 - r0 + 1) <= Wl.count) {
      const start = Wl.cellStart;
      const items = Wl.cellItems;
      const stamps = Wl.stamps;
      const stamp = Wl.nextStamp();
      for (let r = r0; r <= r1; r++) {
        for (let j = start[r * gx + c0], end = start[r * gx + c1 + 1]; j < end; j++) {
          const k = items[j];
          if (stamps[k] === stamp) continue;
          stamps[k] = stamp;
          const t = rayT(S, SEG * k, px, py, dx, dy);
          if (t >= 0 && (best < 0 || t < best || (t === best && k < bestK))) {
            best = t;
            bestK = k;
          }
        }
      }
      const ogx = Wl.ogx;
      if (ogx > 0 && (px < Wl.gx0 || qx < Wl.gx0 || px > Wl.gx1 || qx > Wl.gx1 || py < Wl.gy0 || qy < Wl.gy0 || py > Wl.gy1 || qy > Wl.gy1)) {
        // the outer grid (segments beyond the world), for a query that leaves it
        const ocell = Wl.ocell;
        const ogy = Wl.ogy;
        const base = Wl.outerFirst;
        const fa0 = Math.floor(((px < qx ? px : qx) - Wl.ox0) / ocell);
        const a0 = fa0 > 0 ? (fa0 < ogx ? fa0 | 0 : ogx - 1) : 0;
        const fa1 = Math.floor(((px < qx ? qx : px) - Wl.ox0) / ocell);
        const a1 = fa1 > 0 ? (fa1 < ogx ? fa1 | 0 : ogx - 1) : 0;
        const fb0 = Math.floor(((py < qy ? py : qy) - Wl.oy0) / ocell);
        const b0 = fb0 > 0 ? (fb0 < ogy ? fb0 | 0 : ogy - 1) : 0;
        const fb1 = Math.floor(((py < qy ? qy : py) - Wl.oy0) / ocell);
        const b1 = fb1 > 0 ? (fb1 < ogy ? fb1 | 0 : ogy - 1) : 0;
        for (let r = b0; r <= b1; r++) {
          for (let j = start[base + r * ogx + a0], end = start[base + r * ogx + a1 + 1]; j < end; j++) {
            const k = items[j];
            if (stamps[k] === stamp) continue;
            stamps[k] = stamp;
            const t = rayT(S, SEG * k, px, py, dx, dy);
            if (t >= 0 && (best < 0 || t < best || (t === best && k < bestK))) {
              best = t;
              bestK = k;
            }
          }
        }
      }
      hit[0] = bestK;
      return best;
    }
  }
  const solid = Wl.solid;
  for (let k = 0, n = Wl.count; k < n; k++) {
    if (solid[k] === 0) continue;
    const t = rayT(S, SEG * k, px, py, dx, dy);
    if (t >= 0 && (best < 0 || t < best)) {
      best = t;
      bestK = k;
    }
  }
  hit[0] = bestK;
  return best;
}
