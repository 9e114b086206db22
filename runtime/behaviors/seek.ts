import type { Agents } from '../world';

/**
 * Seek: steer toward a point at full speed.
 *   steer = normalize(t − p) · maxSpeed − v
 * At the target (p = t) the desired velocity is zero, so the force is −v: a brake.
 * Writes agent i's raw force to out[o], out[o + 1].
 */
export function seek(out: Float64Array, o: number, A: Agents, i: number, tx: number, ty: number): void {
  const P = A.pos;
  const V = A.vel;
  seekFrom(out, o, P[2 * i], P[2 * i + 1], V[2 * i], V[2 * i + 1], A.maxSpeed[i], tx, ty);
}

/** Seek from explicit state (shared by the kernels that end in a seek). */
export function seekFrom(
  out: Float64Array,
  o: number,
  x: number,
  y: number,
  vx: number,
  vy: number,
  maxSpeed: number,
  tx: number,
  ty: number,
): void {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d > 0) {
    const k = maxSpeed / d;
    out[o] = dx * k - vx;
    out[o + 1] = dy * k - vy;
  } else {
    out[o] = -vx;
    out[o + 1] = -vy;
  }
}
