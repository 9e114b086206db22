import type { Agents } from '../world';

/** The bound's margin: 2⁻²⁰ of it, far above the rounding of the threat test. */
const SLACK = 1 + 1 / 1048576;

/** cos 45°: |h · j.h| within it is a crossing, below −it head-on (BEHAVIORS.md, "Unaligned collision avoidance"). */
const COS45 = 0.7071067811865476;

/**
 * Avoid Agents (Reynolds' unaligned collision avoidance) as a pass over a whole agent type. For
 * every agent i of A it writes out[2i], out[2i + 1]:
 *   for each other agent j of G with |j.p − p| < range:
 *     r = j.p − p, w = j.v − v, t = w·w > 0 ? −(r·w)/(w·w) : 0         (time of closest approach)
 *     threat when 0 ≤ t ≤ horizon and |r + w·t|² < (radius + j.radius + buffer)²
 *   the threat: the least t, ties to the lower index of j in G
 *   u = 1 − t/horizon, c = r + w·t, σ = c·perp(h) > 0 ? −1 : +1, Lat = perp(h)·σ·S·u
 *   k = h·j.h: head-on (k < −cos 45°) B = −v·u; crossing (|k| ≤ cos 45°) the slower agent (equal
 *   speeds: the later in type order, then index) B = −v·u, the other 0; parallel B = 0
 *   steer = (Lat + B)·m; no threat gives 0.
 * perp(h) = (−hy, hx). Neighbours come from G's grid (A itself by default, never the agent itself).
 * The choice is a total order (t, then index), so the grid's visiting order does not matter; agents
 * are visited in grid order only so consecutive agents scan the same cells.
 *
 * What is not scanned, and why the result is the same bits (a property test compares the pass with
 * the formula over every pair, tests/runtime/behaviors/avoid-agents-reference.test.ts):
 * - A threat is closer now than its clearance plus what the two can close in T ticks:
 *   |r| ≤ |r + w·t| + |w|·t < clear + (|v| + vmax)·T, where vmax is the fastest speed in G this
 *   pass. Each agent looks only within R = min(range, that bound · (1 + 2⁻²⁰)): the margin is
 *   far above the float rounding of the test (a few parts in 10¹⁶), so a candidate at |r| ≥ R
 *   never passes it.
 * - When R is less than the range, the cells scanned are those from col(x − R) to col(x + R)
 *   (rows likewise), within the range's square of cells: floor and the rounding of x − R are
 *   monotone, so any agent with |Δx| < R is in them. The per-candidate tests are the formula's.
 * - r·w > 0 with |r| ≥ clear: rejected before the division. Its t is negative, or −0 or 0 (when
 *   the quotient underflows or w·w does), and then r + w·t is r, which is not within clear.
 */
export function avoidAgentsPass(A: Agents, G: Agents, range: number, horizon: number, buffer: number, out: Float64Array): void {
  const grid = G.grid!;
  const same = A === G;
  const nx = grid.nx;
  const ny = grid.ny;
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const sv = grid.vel;
  const gorder = grid.order;
  const GH = G.head;
  const P = A.pos;
  const V = A.vel;
  const H = A.head;
  const MS = A.maxSpeed;
  const m = A.mass;
  const reach = grid.reach(range);
  const range2 = range * range;
  const clear = A.radius + G.radius + buffer;
  const clear2 = clear * clear;
  // the later type (in type order) brakes at equal speeds; within one type, the later index
  const laterType = A.index > G.index;
  const vmax = fastest(sv, grid.n);
  // an agent's own speed below which the reach of a threat may be less than the range (a first
  // cut; the reach itself decides), and 0 when none is (horizon and clearance too long, vmax NaN)
  const slow = (range - clear) / horizon - vmax;
  const slow2 = slow > 0 ? slow * slow : 0;
  const n = A.count;
  for (let k = -1; k < n; k++) {
    if (k < 0) continue; // one empty turn first, as in flockPass (V8's on-stack replacement)
    const i = same ? gorder[k] : k;
    const me = same ? k : -1;
    const x = P[2 * i];
    const y = P[2 * i + 1];
    const vx = V[2 * i];
    const vy = V[2 * i + 1];
    const cx = grid.col(x);
    const cy = grid.row(y);
    let x0 = cx - reach > 0 ? cx - reach : 0;
    let x1 = cx + reach < nx - 1 ? cx + reach : nx - 1;
    let y0 = cy - reach > 0 ? cy - reach : 0;
    let y1 = cy + reach < ny - 1 ? cy + reach : ny - 1;
    let R2 = range2;
    const s2 = vx * vx + vy * vy;
    if (s2 < slow2) {
      // slow enough for the reach of a threat (see above) to fall within the range: scan only there
      const R = (clear + (Math.sqrt(s2) + vmax) * horizon) * SLACK;
      if (R < range) {
        R2 = R * R;
        const ax = grid.col(x - R);
        const bx = grid.col(x + R);
        const ay = grid.row(y - R);
        const by = grid.row(y + R);
        if (ax > x0) x0 = ax;
        if (bx < x1) x1 = bx;
        if (ay > y0) y0 = ay;
        if (by < y1) y1 = by;
      }
    }
    let best = -1;
    let bestT = Infinity;
    let bestIndex = 0;
    let bcx = 0;
    let bcy = 0;
    for (let ry = y0; ry <= y1; ry++) {
      const row = ry * nx;
      const end = cellStart[row + x1 + 1];
      for (let j = cellStart[row + x0]; j < end; j++) {
        const rx = sp[2 * j] - x;
        const rY = sp[2 * j + 1] - y;
        const r2 = rx * rx + rY * rY;
        if (r2 >= R2 || j === me) continue;
        const wx = sv[2 * j] - vx;
        const wy = sv[2 * j + 1] - vy;
        const rw = rx * wx + rY * wy;
        // moving apart and not within clear now: not a threat (see above)
        if (rw > 0 && r2 >= clear2) continue;
        const w2 = wx * wx + wy * wy;
        const t = w2 > 0 ? -rw / w2 : 0;
        if (!(t >= 0 && t <= horizon) || t > bestT) continue;
        const qx = rx + wx * t;
        const qy = rY + wy * t;
        if (qx * qx + qy * qy >= clear2) continue;
        const index = gorder[j];
        if (t === bestT && index > bestIndex) continue;
        best = j;
        bestT = t;
        bestIndex = index;
        bcx = qx;
        bcy = qy;
      }
    }
    if (best < 0) {
      out[2 * i] = 0;
      out[2 * i + 1] = 0;
      continue;
    }
    const hx = H[2 * i];
    const hy = H[2 * i + 1];
    const u = 1 - bestT / horizon;
    // Lat = perp(h)·σ·S·u, away from the predicted contact (exactly ahead: toward +perp(h))
    const side = bcx * -hy + bcy * hx > 0 ? -MS[i] * u : MS[i] * u;
    let fx = -hy * side;
    let fy = hx * side;
    const kk = hx * GH[2 * bestIndex] + hy * GH[2 * bestIndex + 1];
    let brake = kk < -COS45;
    if (!brake && kk <= COS45) {
      const s2 = vx * vx + vy * vy;
      const jvx = sv[2 * best];
      const jvy = sv[2 * best + 1];
      const j2 = jvx * jvx + jvy * jvy;
      brake = s2 < j2 || (s2 === j2 && (laterType || (same && i > bestIndex)));
    }
    if (brake) {
      fx -= vx * u;
      fy -= vy * u;
    }
    out[2 * i] = fx * m;
    out[2 * i + 1] = fy * m;
  }
}

/** The largest |v| among the first n velocities of `vel` (x, y pairs); Infinity when one is NaN (the bound is then not used). */
function fastest(vel: Float64Array, n: number): number {
  let max2 = 0;
  for (let j = 0; j < n; j++) {
    const s2 = vel[2 * j] * vel[2 * j] + vel[2 * j + 1] * vel[2 * j + 1];
    if (!(s2 <= max2)) max2 = s2 === s2 ? s2 : Infinity;
  }
  return Math.sqrt(max2);
}
