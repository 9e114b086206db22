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
  }

  /** The index of the wall with this id, or −1. */
  index(id: string): number {
    return this.ids.indexOf(id);
  }
}

/** The points and vector the number forms of {@link wallsBlock} and {@link wallRay} hand on. */
const _line = new Float64Array(4);

/**
 * Whether a solid segment blocks the sight line P → Q (BEHAVIORS.md, Walls (c), the walls' part):
 * strictly inside (0, 1) along the line, inclusive and ε-extended along the segment; a line along a
 * segment's own line is not blocked by it. Edges included.
 */
export function wallsBlock(Wl: Walls, px: number, py: number, qx: number, qy: number): boolean {
  _line[0] = px;
  _line[1] = py;
  _line[2] = qx;
  _line[3] = qy;
  return wallsBlockAt(Wl, _line, 0, _line, 2);
}

/**
 * {@link wallsBlock} for P = P[p], P[p + 1] and Q = Q[q], Q[q + 1]. The tick path calls this form:
 * a call V8 does not inline boxes every computed number passed to it (runtime/behaviors/seek.ts),
 * arrays and small integer offsets are passed as they are.
 */
export function wallsBlockAt(Wl: Walls, P: Float64Array, p: number, Q: Float64Array, q: number): boolean {
  const px = P[p];
  const py = P[p + 1];
  const qx = Q[q];
  const qy = Q[q + 1];
  const S = Wl.seg;
  const solid = Wl.solid;
  const dx = qx - px;
  const dy = qy - py;
  for (let k = 0, n = Wl.count; k < n; k++) {
    if (solid[k] === 0) continue;
    const o = SEG * k;
    const ux = S[o + 2];
    const uy = S[o + 3];
    const den = dx * uy - dy * ux;
    if (den === 0) continue;
    const ex = S[o] - px;
    const ey = S[o + 1] - py;
    const t = (ex * uy - ey * ux) / den;
    if (!(t > 0 && t < 1)) continue;
    const mu = (ex * dy - ey * dx) / den;
    if (mu >= -EPS && mu <= S[o + 6] + EPS) return true;
  }
  return false;
}

/**
 * The nearest solid segment the feeler P → P + D crosses (BEHAVIORS.md, Walls (b), step 2): segments
 * with s(P) = 0 are skipped; a hit needs 0 ≤ t ≤ 1 and −ε ≤ μ ≤ L + ε. Returns the least t (ties: the
 * lower segment number) and writes the segment's index into `hit[0]`; −1 (and hit[0] = −1) when
 * nothing is hit. Edges included.
 */
export function wallRay(Wl: Walls, px: number, py: number, dx: number, dy: number, hit: Int32Array): number {
  _line[0] = px;
  _line[1] = py;
  _line[2] = dx;
  _line[3] = dy;
  const k = wallRayAt(Wl, _line, 0, _line, 2, _t, 0);
  hit[0] = k;
  return k < 0 ? -1 : _t[0];
}

/** The t that {@link wallRay} reads back from {@link wallRayAt}. */
const _t = new Float64Array(1);

/**
 * {@link wallRay} for P = P[p], P[p + 1] and the feeler D = D[d], D[d + 1], the tick path's form (see
 * {@link wallsBlockAt}): returns the segment hit (−1: none) and writes its t into T[to], so it takes
 * and returns no computed number.
 */
export function wallRayAt(Wl: Walls, P: Float64Array, p: number, D: Float64Array, d: number, T: Float64Array, to: number): number {
  const px = P[p];
  const py = P[p + 1];
  const dx = D[d];
  const dy = D[d + 1];
  const S = Wl.seg;
  const solid = Wl.solid;
  let best = Infinity;
  let bestK = -1;
  for (let k = 0, n = Wl.count; k < n; k++) {
    if (solid[k] === 0) continue;
    const o = SEG * k;
    const ex = S[o] - px;
    const ey = S[o + 1] - py;
    // s(P) = (P − a)·n̂ = −(e·n̂)
    if (ex * S[o + 4] + ey * S[o + 5] === 0) continue;
    const ux = S[o + 2];
    const uy = S[o + 3];
    const den = dx * uy - dy * ux;
    if (den === 0) continue;
    const t = (ex * uy - ey * ux) / den;
    if (!(t >= 0 && t <= 1)) continue;
    const mu = (ex * dy - ey * dx) / den;
    if (!(mu >= -EPS && mu <= S[o + 6] + EPS)) continue;
    if (t < best) {
      best = t;
      bestK = k;
    }
  }
  if (bestK >= 0) T[to] = best;
  return bestK;
}
