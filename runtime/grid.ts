/**
 * A uniform grid over the world for one agent type, rebuilt once per tick by a counting sort.
 * Positions and velocities are copied into cell order, so a neighbour scan reads
 * contiguous memory. Nothing allocates after {@link Grid.resize}; the cost of a rebuild is
 * O(agents + cells), and the cell count is kept within a small multiple of the agent count, so a
 * tick's cost grows linearly with the number of agents at constant density.
 *
 * Queries use plain distances: they do not wrap across edges (BEHAVIORS.md).
 */
export class Grid {
  /** Side of a (square) cell in px. */
  cellSize = 1;
  /** 1 / cellSize. */
  inv = 1;
  /** Cells along x and along y. */
  nx = 1;
  ny = 1;
  /** Number of agents indexed by the last rebuild. */
  n = 0;
  /** cellStart[c] … cellStart[c + 1] − 1 are the sorted slots of cell c (length cells + 1). */
  cellStart: Int32Array = new Int32Array(2);
  /** Agent index → its cell. */
  cellOf: Int32Array = new Int32Array(0);
  /** Sorted slot → agent index. */
  order: Int32Array = new Int32Array(0);
  /** Agent index → sorted slot. */
  slot: Int32Array = new Int32Array(0);
  /** Positions in sorted order (x0, y0, x1, y1, …). */
  pos: Float64Array = new Float64Array(0);
  /** Velocities in sorted order. */
  vel: Float64Array = new Float64Array(0);
  /** Scratch cursor per cell for the counting sort. */
  private cursor: Int32Array = new Int32Array(1);

  /**
   * Sizes the grid for `n` agents in a `width` × `height` world whose largest query radius is
   * `radius` (0 or Infinity when only unbounded nearest-agent queries use it). Cells are radius/2
   * wide (a 5 × 5 scan covers a radius, ~14 % less area than 3 × 3 cells of the radius), widened
   * when that would make more than max(1024, 4n) cells.
   */
  resize(width: number, height: number, n: number, radius: number): void {
    const area = width * height;
    const cap = Math.max(1024, 4 * n);
    let cs = radius > 0 && radius < Infinity ? radius / 2 : Math.sqrt(area / Math.max(1, n)) * 2;
    if (!(cs > 0)) cs = 1;
    if (Math.ceil(width / cs) * Math.ceil(height / cs) > cap) {
      // The cell count is ceil(W/cs) · ceil(H/cs) < (W/cs + 1)(H/cs + 1), so with u = 1/cs it is at
      // most cap when W·H·u² + (W + H)·u + 1 − cap ≤ 0. Taking cs = sqrt(area / cap) instead would
      // ignore the rounding up, which in a long thin world (100000 × 1) gives ten times the cap.
      const wh = width + height;
      const u = (Math.sqrt(wh * wh + 4 * area * (cap - 1)) - wh) / (2 * area);
      cs = 1 / u;
      // Guard against the last bit of rounding (runs at most a few times, never on the tick path).
      while (Math.ceil(width / cs) * Math.ceil(height / cs) > cap) cs *= 1 + 1 / 1024;
    }
    const nx = Math.max(1, Math.min(1 << 20, Math.ceil(width / cs)));
    const ny = Math.max(1, Math.min(1 << 20, Math.ceil(height / cs)));
    this.cellSize = cs;
    this.inv = 1 / cs;
    this.nx = nx;
    this.ny = ny;
    const cells = nx * ny;
    if (this.cellStart.length !== cells + 1) {
      this.cellStart = new Int32Array(cells + 1);
      this.cursor = new Int32Array(cells);
    }
    if (this.order.length !== n) {
      this.cellOf = new Int32Array(n);
      this.order = new Int32Array(n);
      this.slot = new Int32Array(n);
      this.pos = new Float64Array(2 * n);
      this.vel = new Float64Array(2 * n);
    }
    this.n = 0;
  }

  /** The cell column of x (clamped to the grid). */
  col(x: number): number {
    const c = Math.floor(x * this.inv);
    return c < 0 ? 0 : c >= this.nx ? this.nx - 1 : c;
  }

  /** The cell row of y (clamped to the grid). */
  row(y: number): number {
    const r = Math.floor(y * this.inv);
    return r < 0 ? 0 : r >= this.ny ? this.ny - 1 : r;
  }

  /** Cells to scan on each side of an agent's cell to cover `radius`. */
  reach(radius: number): number {
    const r = Math.ceil(radius * this.inv - 1e-9);
    return r < 0 ? 0 : r;
  }

  /**
   * Re-indexes `n` agents (counting sort by cell) and copies their state into cell order. Each of
   * the sort's three loops is a function of its own: V8 compiles a loop that runs once per tick by
   * on-stack replacement, and code entered in one loop of a longer function ran on into the next
   * loop before that loop had type feedback, so it was dropped there, on every tick (up to three
   * deoptimisations per tick, in most runs of the benchmark). Same arithmetic, same order.
   */
  rebuild(pos: Float64Array, vel: Float64Array, n: number): void {
    this.cellStart.fill(0);
    countCells(this, pos, n);
    prefixSums(this.cellStart, this.cursor);
    scatter(this, this.cursor, pos, vel, n);
    this.n = n;
  }
}

/** Rebuild, first loop: each agent's cell (`cellOf`) and the cell counts (in `cellStart[c + 1]`). */
function countCells(g: Grid, pos: Float64Array, n: number): void {
  const cellStart = g.cellStart;
  const cellOf = g.cellOf;
  for (let i = 0; i < n; i++) {
    const c = g.row(pos[2 * i + 1]) * g.nx + g.col(pos[2 * i]);
    cellOf[i] = c;
    cellStart[c + 1]++;
  }
}

/** Rebuild, second loop: counts into starts, and each cell's cursor at its start. */
function prefixSums(cellStart: Int32Array, cursor: Int32Array): void {
  const cells = cursor.length;
  for (let c = 0; c < cells; c++) {
    cellStart[c + 1] += cellStart[c];
    cursor[c] = cellStart[c];
  }
}

/** Rebuild, third loop: agents into their cells' slots, positions and velocities copied in that order. */
function scatter(g: Grid, cursor: Int32Array, pos: Float64Array, vel: Float64Array, n: number): void {
  const cellOf = g.cellOf;
  const order = g.order;
  const slot = g.slot;
  const sp = g.pos;
  const sv = g.vel;
  for (let i = 0; i < n; i++) {
    const k = cursor[cellOf[i]]++;
    order[k] = i;
    slot[i] = k;
    sp[2 * k] = pos[2 * i];
    sp[2 * k + 1] = pos[2 * i + 1];
    sv[2 * k] = vel[2 * i];
    sv[2 * k + 1] = vel[2 * i + 1];
  }
}

/**
 * The nearest agent to the point P[p], P[p + 1] indexed by `grid`, other than agent `self` (pass −1
 * when the query comes from another type), strictly closer than `radius` (0 = no limit). Ties go to
 * the lower agent index. Returns the agent index, or −1 when there is none. (The point comes as an
 * array and offset, never as numbers: see runtime/behaviors/seek.ts.)
 */
export function nearestAgent(grid: Grid, P: Float64Array, p: number, self: number, radius: number): number {
  const x = P[p];
  const y = P[p + 1];
  const n = grid.n;
  if (n === 0) return -1;
  const limit2 = radius > 0 ? radius * radius : Infinity;
  const nx = grid.nx;
  const ny = grid.ny;
  const cs = grid.cellSize;
  const cx = grid.col(x);
  const cy = grid.row(y);
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const order = grid.order;
  // A handful of agents (3 wolves among 100,000 sheep): ring 0 takes all of them at once (their slots
  // are 0 … n − 1), and there is no other ring. Walking the rings would go outward through empty
  // cells (hundreds per query, when another query of this type made the cells small); the answer is
  // the same, the least distance², ties to the lower index, from the same numbers.
  const few = n <= FEW;
  const maxRing = few ? 0 : nx > ny ? nx : ny;
  let best = -1;
  // best2 starts at Infinity, not at limit2, and the limit is tested apart: with a radius, limit2
  // is radius², which V8 computes as a small integer, and a variable holding either that or a
  // distance² was kept boxed, allocating a number each time a closer agent was found (~27 bytes per
  // query, 135 KB per tick at 5,000 agents). Same result: the rings stop at min(best2, limit2).
  let best2 = Infinity;
  for (let ring = 0; ring <= maxRing; ring++) {
    // Every cell of this ring is at least (ring − 1) · cs away from (x, y).
    if (ring > 1) {
      const near = (ring - 1) * cs;
      if (near * near > best2 || near * near > limit2) break;
    }
    // The ring's cells, row by row: its top and bottom rows as one run of cells (contiguous in the
    // sorted slots), the rows between as their two end cells; the same cells in the same order as
    // cell by cell, with fewer turns of the loops.
    const y0 = cy - ring;
    const y1 = cy + ring;
    const xa = cx - ring > 0 ? cx - ring : 0;
    const xb = cx + ring < nx - 1 ? cx + ring : nx - 1;
    for (let ry = y0 > 0 ? y0 : 0, ryEnd = y1 < ny - 1 ? y1 : ny - 1; ry <= ryEnd; ry++) {
      const row = ry * nx;
      let j0 = 0;
      let j1 = 0;
      let j2 = 0;
      let j3 = 0;
      if (few) {
        j1 = n;
      } else if (ry === y0 || ry === y1) {
        j0 = cellStart[row + xa];
        j1 = cellStart[row + xb + 1];
      } else {
        if (cx - ring >= 0) {
          j0 = cellStart[row + cx - ring];
          j1 = cellStart[row + cx - ring + 1];
        }
        if (cx + ring < nx) {
          j2 = cellStart[row + cx + ring];
          j3 = cellStart[row + cx + ring + 1];
        }
      }
      for (let part = 0; part < 2; part++) {
        const end = part === 0 ? j1 : j3;
        for (let j = part === 0 ? j0 : j2; j < end; j++) {
          const a = order[j];
          if (a === self) continue;
          const dx = sp[2 * j] - x;
          const dy = sp[2 * j + 1] - y;
          const d2 = dx * dx + dy * dy;
          if (d2 < limit2 && (d2 < best2 || (d2 === best2 && best >= 0 && a < best))) {
            best2 = d2;
            best = a;
          }
        }
      }
    }
  }
  return best;
}

/** Up to this many agents, {@link nearestAgent} looks at each of them rather than walking the rings. */
const FEW = 16;
