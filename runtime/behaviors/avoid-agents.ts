import type { Agents } from '../world';

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
    const x0 = cx - reach > 0 ? cx - reach : 0;
    const x1 = cx + reach < nx - 1 ? cx + reach : nx - 1;
    const y0 = cy - reach > 0 ? cy - reach : 0;
    const y1 = cy + reach < ny - 1 ? cy + reach : ny - 1;
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
        if (rx * rx + rY * rY >= range2 || j === me) continue;
        const wx = sv[2 * j] - vx;
        const wy = sv[2 * j + 1] - vy;
        const w2 = wx * wx + wy * wy;
        const t = w2 > 0 ? -(rx * wx + rY * wy) / w2 : 0;
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
