import { SEG, type Walls } from '../walls';
import type { Agents } from '../world';

/**
 * Contain: turn back from the walls before reaching them.
 *   desired = v + Σ n̂ · maxSpeed · clamp((margin − dist) / margin, 0, 1)   over the four walls
 *   steer = (truncate(desired, maxSpeed) − v) · mass      (0 when no wall is within the margin)
 * n̂ is the wall's inward normal and dist the agent's distance to it.
 */
export function contain(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  width: number,
  height: number,
  margin: number,
): void {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const S = A.maxSpeed[i];
  // Test "a wall within the margin" itself, not "the push is non-zero": with maxSpeed 0 every push
  // is 0, yet the formula still brakes (truncate(v, 0) − v = −v).
  if (!(x < margin || width - x < margin || y < margin || height - y < margin)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  // A wall's push is S · clamp((margin − dist) / margin, 0, 1): within the margin the ratio is > 0,
  // and it reaches 1 only on the wall or beyond it (dist ≤ 0). Clamped inline, not by a call taking
  // a computed number (see seek.ts).
  let px = 0;
  let py = 0;
  if (x < margin) px += x > 0 ? S * ((margin - x) / margin) : S;
  if (width - x < margin) px -= width - x > 0 ? S * ((margin - (width - x)) / margin) : S;
  if (y < margin) py += y > 0 ? S * ((margin - y) / margin) : S;
  if (height - y < margin) py -= height - y > 0 ? S * ((margin - (height - y)) / margin) : S;
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  let dx = vx + px;
  let dy = vy + py;
  const d2 = dx * dx + dy * dy;
  if (d2 > S * S) {
    const k = S / Math.sqrt(d2);
    dx *= k;
    dy *= k;
  }
  out[o] = (dx - vx) * A.mass;
  out[o + 1] = (dy - vy) * A.mass;
}

/**
 * Contain in polygon (BEHAVIORS.md, Walls (d)): keep inside closed wall k of `Wl`.
 *   inside by the even-odd rule on the wall's points; q = the nearest boundary point (ties: the lower
 *   segment), d = |p − q|
 *   inside, d ≥ margin: 0
 *   inside, d < margin: n = (p − q) / d (d = 0: the nearest segment's inward normal σ·n̂);
 *     desired = v + n · maxSpeed · clamp((margin − d) / margin, 0, 1); steer = (truncate(desired, maxSpeed) − v) · mass
 *   outside: desired = ((q − p) / d) · maxSpeed; steer = (desired − v) · mass (d = 0: as inside)
 * One push, toward the nearest boundary point. A wall that is not closed, has fewer than 3 segments
 * or no area (the compiler reports those) or an index past the walls gives 0.
 */
export function containPolygon(out: Float64Array, o: number, A: Agents, i: number, Wl: Walls, k: number, margin: number): void {
  if (!(k < Wl.first.length) || Wl.closed[k] === 0 || Wl.segments[k] < 3 || Wl.sigma[k] === 0) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const px = A.pos[2 * i];
  const py = A.pos[2 * i + 1];
  // 1. even-odd over the wall's points, the last joined to the first
  const P = Wl.points[k];
  const m2 = P.length;
  let inside = false;
  for (let j = 0; j < m2; j += 2) {
    const ax = P[j];
    const ay = P[j + 1];
    const b = j + 2 < m2 ? j + 2 : 0;
    const bx = P[b];
    const by = P[b + 1];
    if (ay > py !== by > py && px < ax + ((py - ay) * (bx - ax)) / (by - ay)) inside = !inside;
  }
  // 2. the nearest boundary point
  const S = Wl.seg;
  let best2 = Infinity;
  let qx = 0;
  let qy = 0;
  let nearK = 0;
  for (let s = Wl.first[k], end = s + Wl.segments[k]; s < end; s++) {
    const b = SEG * s;
    const ax = S[b];
    const ay = S[b + 1];
    const ux = S[b + 2];
    const uy = S[b + 3];
    const L = S[b + 6];
    let lambda = (px - ax) * ux + (py - ay) * uy;
    lambda = lambda < 0 ? 0 : lambda > L ? L : lambda;
    const cx = ax + ux * lambda;
    const cy = ay + uy * lambda;
    const ex = px - cx;
    const ey = py - cy;
    const e2 = ex * ex + ey * ey;
    if (e2 < best2) {
      best2 = e2;
      qx = cx;
      qy = cy;
      nearK = s;
    }
  }
  const d = Math.sqrt(best2);
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const Sp = A.maxSpeed[i];
  const mass = A.mass;
  if (!inside && d > 0) {
    // head straight back: desired = ((q − p) / d) · maxSpeed
    out[o] = (((qx - px) / d) * Sp - vx) * mass;
    out[o + 1] = (((qy - py) / d) * Sp - vy) * mass;
    return;
  }
  if (d >= margin) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  let nx: number;
  let ny: number;
  if (d > 0) {
    nx = (px - qx) / d;
    ny = (py - qy) / d;
  } else {
    const sigma = Wl.sigma[k];
    nx = sigma * S[SEG * nearK + 4];
    ny = sigma * S[SEG * nearK + 5];
  }
  // clamp((margin − d) / margin, 0, 1): here 0 ≤ d < margin, so the ratio is in (0, 1]
  const w = (margin - d) / margin;
  let dx = vx + nx * Sp * w;
  let dy = vy + ny * Sp * w;
  const dd = dx * dx + dy * dy;
  if (dd > Sp * Sp) {
    const q = Sp / Math.sqrt(dd);
    dx *= q;
    dy *= q;
  }
  out[o] = (dx - vx) * mass;
  out[o + 1] = (dy - vy) * mass;
}
