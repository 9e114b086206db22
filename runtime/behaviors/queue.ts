import type { Agents } from '../world';

/**
 * Queue's look ahead (Reynolds' queuing), as a pass over a whole agent type: for every agent i of
 * A it writes out[2i] = β (out[2i + 1] = 0), the share of the forward input and speed to take away:
 *   ahead: another agent j of G with rel = j.p − p, 0 < rel·h < D,
 *          |rel·perp(h)| < halfWidth + radius + j.radius, and j.v·h ≤ v·h (not pulling away)
 *   d = the least rel·h over those; β = clamp((D − d)/(D − stop), 0, 1); nobody ahead: β = 0.
 * perp(h) = (−hy, hx). `queue` then applies β to the agent's incoming steering. A `stop` not below
 * D (the node's check refuses it; the kernel must not divide by 0) brakes fully at d ≤ stop, else 0.
 */
export function queuePass(A: Agents, G: Agents, D: number, halfWidth: number, stop: number, out: Float64Array): void {
  const grid = G.grid!;
  const same = A === G;
  const nx = grid.nx;
  const ny = grid.ny;
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const sv = grid.vel;
  const P = A.pos;
  const V = A.vel;
  const H = A.head;
  const lane = halfWidth + A.radius + G.radius;
  const reach = grid.reach(Math.sqrt(D * D + lane * lane));
  const span = D - stop;
  const n = A.count;
  for (let k = -1; k < n; k++) {
    if (k < 0) continue; // one empty turn first, as in flockPass (V8's on-stack replacement)
    const i = same ? grid.order[k] : k;
    const me = same ? k : -1;
    const x = P[2 * i];
    const y = P[2 * i + 1];
    const hx = H[2 * i];
    const hy = H[2 * i + 1];
    const vh = V[2 * i] * hx + V[2 * i + 1] * hy;
    const cx = grid.col(x);
    const cy = grid.row(y);
    const x0 = cx - reach > 0 ? cx - reach : 0;
    const x1 = cx + reach < nx - 1 ? cx + reach : nx - 1;
    const y0 = cy - reach > 0 ? cy - reach : 0;
    const y1 = cy + reach < ny - 1 ? cy + reach : ny - 1;
    let d = D;
    for (let ry = y0; ry <= y1; ry++) {
      const row = ry * nx;
      const end = cellStart[row + x1 + 1];
      for (let j = cellStart[row + x0]; j < end; j++) {
        if (j === me) continue;
        const rx = sp[2 * j] - x;
        const rY = sp[2 * j + 1] - y;
        const along = rx * hx + rY * hy;
        if (!(along > 0 && along < d)) continue;
        const lat = rY * hx - rx * hy;
        if ((lat < 0 ? -lat : lat) >= lane) continue;
        if (sv[2 * j] * hx + sv[2 * j + 1] * hy > vh) continue;
        d = along;
      }
    }
    let beta = 0;
    if (d < D) beta = span > 0 ? (D - d) / span : d <= stop ? 1 : 0;
    out[2 * i] = beta > 1 ? 1 : beta;
    out[2 * i + 1] = 0;
  }
}

/**
 * Queue's brake on one agent: out = in − h·max(in·h, 0)·β − h·(v·h)·m·β, β from {@link queuePass}
 * at B[2i]. The forward part of `in` fades and the speed along h is braked; sideways and backward
 * parts of `in` pass through (so a Separation or Avoid inside it still acts). β = 0 gives `in`.
 */
export function queue(out: Float64Array, o: number, F: Float64Array, f: number, A: Agents, i: number, B: Float64Array): void {
  const fx = F[f];
  const fy = F[f + 1];
  const beta = B[2 * i];
  if (beta === 0) {
    out[o] = fx;
    out[o + 1] = fy;
    return;
  }
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const fh = fx * hx + fy * hy;
  const vh = A.vel[2 * i] * hx + A.vel[2 * i + 1] * hy;
  const fade = (fh > 0 ? fh : 0) * beta;
  const brake = vh * A.mass * beta;
  out[o] = fx - hx * fade - hx * brake;
  out[o + 1] = fy - hy * fade - hy * brake;
}
