import type { Agents } from '../world';

/**
 * Arrive: seek that slows down inside the slowing radius R.
 *   d = |t − p|;  desired = normalize(t − p) · (d > R ? maxSpeed : maxSpeed · d / R);  steer = desired − v
 * At the target the force is −v (a brake). R must be > 0 (the validator ensures it).
 */
export function arrive(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  tx: number,
  ty: number,
  slowingRadius: number,
): void {
  const P = A.pos;
  const V = A.vel;
  arriveFrom(out, o, P[2 * i], P[2 * i + 1], V[2 * i], V[2 * i + 1], A.maxSpeed[i], tx, ty, slowingRadius);
}

/** Arrive from explicit state (shared with Follow Path). */
export function arriveFrom(
  out: Float64Array,
  o: number,
  x: number,
  y: number,
  vx: number,
  vy: number,
  maxSpeed: number,
  tx: number,
  ty: number,
  slowingRadius: number,
): void {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d > 0) {
    // normalize(t − p) · speed = (t − p) · (speed / d); inside R, speed / d = maxSpeed / R
    const k = d > slowingRadius ? maxSpeed / d : maxSpeed / slowingRadius;
    out[o] = dx * k - vx;
    out[o + 1] = dy * k - vy;
  } else {
    out[o] = -vx;
    out[o + 1] = -vy;
  }
}
