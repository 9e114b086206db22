import type { Agents } from '../world';

/**
 * Arrive: seek that slows down inside the slowing radius R.
 *   d = |t − p|;  desired = normalize(t − p) · (d > R ? maxSpeed : maxSpeed · d / R);  steer = (desired − v) · mass
 * At the target the force is −v · mass (a brake). The mass makes the velocity change what was asked
 * (seek.ts): without it an agent of mass ≤ 0.5 overshot every brake and never came to rest.
 * R must be > 0 (the validator ensures it). The target is T[t], T[t + 1].
 */
export function arrive(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  T: Float64Array,
  t: number,
  slowingRadius: number,
): void {
  const tx = T[t];
  const ty = T[t + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const dx = tx - A.pos[2 * i];
  const dy = ty - A.pos[2 * i + 1];
  const d = Math.sqrt(dx * dx + dy * dy);
  const m = A.mass;
  if (d > 0) {
    // normalize(t − p) · speed = (t − p) · (speed / d); inside R, speed / d = maxSpeed / R
    const k = d > slowingRadius ? A.maxSpeed[i] / d : A.maxSpeed[i] / slowingRadius;
    out[o] = (dx * k - vx) * m;
    out[o + 1] = (dy * k - vy) * m;
  } else {
    out[o] = -vx * m;
    out[o + 1] = -vy * m;
  }
}
