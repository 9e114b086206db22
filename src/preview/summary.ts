/**
 * A per-agent-type summary of a world's state, for comparing two variants of a scene side by side
 * (A/B compare): mean speed, mean nearest-neighbour distance and agents inside obstacles. Pure:
 * plain arrays in, plain numbers out; no DOM. It runs a few times a second (not per tick), so it
 * may allocate, but it stays O(n log n): the nearest neighbours come from a k-d tree, so 5,000
 * agents take a few milliseconds, spread out or flocked.
 */

/** One agent type's state: live `x0, y0, x1, y1, …` arrays as the world keeps them. */
export interface SummaryType {
  id: string;
  positions: ArrayLike<number>;
  velocities: ArrayLike<number>;
}

/** What {@link summarize} reads. */
export interface SummaryInput {
  /** World size, px. */
  width: number;
  height: number;
  /** With `wrap`, distances are measured through the edges (the shorter way round). */
  edges: 'wrap' | 'bounce';
  types: readonly SummaryType[];
  /** Obstacle circles, 5 numbers each: x, y, r, vx, vy (the world's live layout). */
  obstacles: ArrayLike<number>;
  /** How many circles `obstacles` holds (it may be longer). */
  obstacleCount: number;
}

/** One agent type's figures. */
export interface TypeSummary {
  id: string;
  /** Agents of the type. */
  count: number;
  /** Mean of |velocity| over the type's agents, px/tick; 0 with no agents. */
  meanSpeed: number;
  /**
   * Mean over the type's agents of the distance to the nearest other agent of any type, px
   * (through the edges in a wrapping world); null when the type has no agents or the world has no
   * second agent.
   */
  meanNearest: number | null;
  /**
   * Agents of the type whose centre is inside an obstacle circle (distance to its centre < r)
   * at the sampled tick: a count per sample, not accumulated over time.
   */
  inObstacles: number;
}

/** How the collisions figure is counted, for the tooltip beside it. */
export const COLLISIONS_DEFINITION =
  'Agents whose centre is inside an obstacle circle (closer to its centre than its radius) at the sampled tick; a count per sample, not a running total.';

/** The nearest-neighbour figure, for the tooltip beside it. */
export const NEAREST_DEFINITION =
  'Mean over the agents of this type of the distance to the nearest other agent of any type, px (through the edges when the world wraps).';

/** The speed figure, for the tooltip beside it. */
export const SPEED_DEFINITION = 'Mean of |velocity| over the agents of this type, px/tick (× 60 for px/s).';

/** The shorter signed offset from a to b on an axis of `size` that wraps (or the plain one). */
function axisDelta(d: number, size: number, wrap: boolean): number {
  if (!wrap) return d;
  // the nearest image: |d| ≤ size / 2
  return d - size * Math.round(d / size);
}

/**
 * Summarizes each agent type of a world: see {@link TypeSummary}. Types come out in input order.
 */
export function summarize(input: SummaryInput): TypeSummary[] {
  const { width: W, height: H, types } = input;
  const wrap = input.edges === 'wrap';
  let total = 0;
  for (const t of types) total += t.positions.length >> 1;
  // every agent in one array, so neighbours of any type are found the same way
  const xs = new Float64Array(total);
  const ys = new Float64Array(total);
  let k = 0;
  for (const t of types) {
    const n = t.positions.length >> 1;
    for (let i = 0; i < n; i++, k++) {
      xs[k] = t.positions[2 * i];
      ys[k] = t.positions[2 * i + 1];
    }
  }
  const nearest = nearestDistances(xs, ys, W, H, wrap);
  const out: TypeSummary[] = [];
  let base = 0;
  for (const t of types) {
    const n = t.positions.length >> 1;
    let speed = 0;
    let nn = 0;
    let inside = 0;
    for (let i = 0; i < n; i++) {
      const vx = t.velocities[2 * i] ?? 0;
      const vy = t.velocities[2 * i + 1] ?? 0;
      speed += Math.sqrt(vx * vx + vy * vy);
      nn += nearest[base + i];
      if (insideObstacle(xs[base + i], ys[base + i], input, wrap)) inside++;
    }
    out.push({
      id: t.id,
      count: n,
      meanSpeed: n ? speed / n : 0,
      meanNearest: n && total > 1 ? nn / n : null,
      inObstacles: inside,
    });
    base += n;
  }
  return out;
}

function insideObstacle(x: number, y: number, input: SummaryInput, wrap: boolean): boolean {
  const o = input.obstacles;
  for (let c = 0; c < input.obstacleCount; c++) {
    const dx = axisDelta(x - o[5 * c], input.width, wrap);
    const dy = axisDelta(y - o[5 * c + 1], input.height, wrap);
    const r = o[5 * c + 2];
    if (dx * dx + dy * dy < r * r) return true;
  }
  return false;
}

/**
 * The distance from each point to its nearest other point (Infinity for a lone point), with a
 * k-d tree (median splits on the wider axis, small leaves): O(n log n) however the agents
 * cluster — a flock packs hundreds of agents into a few cells of any uniform grid. In a wrapping
 * world the points are taken modulo the world, and a point near an edge also searches from its
 * images across that edge while the best distance reaches past it.
 */
export function nearestDistances(xs: Float64Array, ys: Float64Array, width: number, height: number, wrap: boolean): Float64Array {
  const n = xs.length;
  const out = new Float64Array(n).fill(Infinity);
  if (n < 2) return out;
  const W = width > 0 ? width : 1;
  const H = height > 0 ? height : 1;
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    px[i] = wrap ? mod(xs[i], W) : xs[i];
    py[i] = wrap ? mod(ys[i], H) : ys[i];
  }
  const tree = new KdTree(px, py);
  for (let i = 0; i < n; i++) {
    const x = px[i];
    const y = py[i];
    let best = tree.nearest(x, y, i, Infinity);
    if (wrap) {
      // the nearest through an edge is nearer than r only if the circle of radius r reaches past
      // that edge: search again from (x, y)'s images across the edges it reaches past
      const r = Math.sqrt(best);
      const left = x - r < 0;
      const right = x + r > W;
      const top = y - r < 0;
      const bottom = y + r > H;
      for (let ox = -1; ox <= 1; ox++) {
        if ((ox === 1 && !left) || (ox === -1 && !right)) continue;
        for (let oy = -1; oy <= 1; oy++) {
          if ((oy === 1 && !top) || (oy === -1 && !bottom) || (ox === 0 && oy === 0)) continue;
          best = tree.nearest(x + ox * W, y + oy * H, i, best);
        }
      }
    }
    out[i] = Math.sqrt(best);
  }
  return out;
}

/** x modulo m, in [0, m). */
function mod(x: number, m: number): number {
  if (!Number.isFinite(x)) return 0;
  const r = x % m;
  return r < 0 ? r + m : r;
}

/** Points per leaf of the k-d tree. */
const LEAF = 8;

/** An implicit k-d tree over points: a permutation of their indices, the median of each range its node. */
class KdTree {
  private readonly idx: Int32Array;
  /** The split axis (0: x, 1: y) of the node at each median position. */
  private readonly axis: Uint8Array;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
  ) {
    const n = xs.length;
    this.idx = new Int32Array(n);
    for (let i = 0; i < n; i++) this.idx[i] = i;
    this.axis = new Uint8Array(n);
    this.build(0, n);
  }

  private build(lo: number, hi: number): void {
    if (hi - lo <= LEAF) return;
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let k = lo; k < hi; k++) {
      const j = this.idx[k];
      const x = this.xs[j];
      const y = this.ys[j];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const a = x1 - x0 >= y1 - y0 ? 0 : 1;
    const mid = (lo + hi) >> 1;
    this.select(lo, hi - 1, mid, a === 0 ? this.xs : this.ys);
    this.axis[mid] = a;
    this.build(lo, mid);
    this.build(mid + 1, hi);
  }

  /** Quickselect: puts the k-th smallest of idx[lo..hi] by `key` at k, smaller ones before, larger after. */
  private select(lo: number, hi: number, k: number, key: Float64Array): void {
    const idx = this.idx;
    while (hi > lo) {
      // median of three as the pivot, so sorted input stays linear
      const m = (lo + hi) >> 1;
      const a = key[idx[lo]];
      const b = key[idx[m]];
      const c = key[idx[hi]];
      const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (key[idx[i]] < pivot) i++;
        while (key[idx[j]] > pivot) j--;
        if (i <= j) {
          const t = idx[i];
          idx[i] = idx[j];
          idx[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  /** The smaller of `best` and the squared distance from (x, y) to the nearest point other than `self`. */
  nearest(x: number, y: number, self: number, best: number): number {
    return this.search(0, this.idx.length, x, y, self, best);
  }

  private search(lo: number, hi: number, x: number, y: number, self: number, best: number): number {
    const { idx, xs, ys } = this;
    if (hi - lo <= LEAF) {
      for (let k = lo; k < hi; k++) {
        const j = idx[k];
        if (j === self) continue;
        const dx = xs[j] - x;
        const dy = ys[j] - y;
        const d = dx * dx + dy * dy;
        if (d < best) best = d;
      }
      return best;
    }
    const mid = (lo + hi) >> 1;
    const j = idx[mid];
    if (j !== self) {
      const dx = xs[j] - x;
      const dy = ys[j] - y;
      const d = dx * dx + dy * dy;
      if (d < best) best = d;
    }
    const diff = this.axis[mid] === 0 ? x - xs[j] : y - ys[j];
    // the side of the split holding (x, y) first, the other only if the best circle crosses it
    if (diff < 0) {
      best = this.search(lo, mid, x, y, self, best);
      if (diff * diff < best) best = this.search(mid + 1, hi, x, y, self, best);
    } else {
      best = this.search(mid + 1, hi, x, y, self, best);
      if (diff * diff < best) best = this.search(lo, mid, x, y, self, best);
    }
    return best;
  }
}
