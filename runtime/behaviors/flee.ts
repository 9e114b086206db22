import type { Agents } from '../world';

/**
 * Flee (Reynolds' form): steer away from a point at full speed while it is closer than the panic
 * distance (0 = always).
 *   steer = (normalize(p − t) · maxSpeed − v) · mass     (at p = t the direction is the heading h)
 * Outside the panic distance the force is 0. The seed's form (v − seek) speeds the agent up along
 * its current velocity instead; we do not use it.
 * The target is T[t], T[t + 1].
 */
export function flee(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  T: Float64Array,
  t: number,
  panicDistance: number,
): void {
  const tx = T[t];
  const ty = T[t + 1];
  const P = A.pos;
  const V = A.vel;
  const H = A.head;
  const S = A.maxSpeed[i];
  const vx = V[2 * i];
  const vy = V[2 * i + 1];
  const dx = P[2 * i] - tx;
  const dy = P[2 * i + 1] - ty;
  const d2 = dx * dx + dy * dy;
  if (panicDistance > 0 && d2 >= panicDistance * panicDistance) {
    out[o] = 0;
    out[o + 1] = 0;
  } else if (d2 > 0) {
    const k = S / Math.sqrt(d2);
    out[o] = (dx * k - vx) * A.mass;
    out[o + 1] = (dy * k - vy) * A.mass;
  } else {
    out[o] = (H[2 * i] * S - vx) * A.mass;
    out[o + 1] = (H[2 * i + 1] * S - vy) * A.mass;
  }
}
