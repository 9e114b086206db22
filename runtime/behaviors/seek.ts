import type { Agents } from '../world';

/**
 * Seek: steer toward a point at full speed.
 *   steer = (normalize(t − p) · maxSpeed − v) · mass
 * Every kernel ends with `· mass` (BEHAVIORS.md, "Mass and the steering force"): it asks for a
 * velocity change, and the integrator's f / mass hands back exactly that while |steer| ≤ maxForce.
 * With mass 1 the product is exact, so mass-1 agents move bit for bit as before the rule.
 * At the target (p = t) the desired velocity is zero, so the force is −v: a brake.
 * The target is T[t], T[t + 1] (the pointer array, a named target, another agent's position…).
 * Writes agent i's raw force to out[o], out[o + 1].
 *
 * The kernels that end in a seek (Pursue, Wander, Follow Path) repeat these few lines rather than
 * call a shared helper taking the agent's state as numbers: a call V8 does not inline (its inlining
 * budget runs out when a graph puts several kernels in one force function) boxes every computed
 * number passed to it, and the tick would allocate.
 */
export function seek(out: Float64Array, o: number, A: Agents, i: number, T: Float64Array, t: number): void {
  const tx = T[t];
  const ty = T[t + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const dx = tx - A.pos[2 * i];
  const dy = ty - A.pos[2 * i + 1];
  const d = Math.sqrt(dx * dx + dy * dy);
  const m = A.mass;
  if (d > 0) {
    // normalize(t − p) · maxSpeed = (t − p) · (maxSpeed / d)
    const k = A.maxSpeed[i] / d;
    out[o] = (dx * k - vx) * m;
    out[o + 1] = (dy * k - vy) * m;
  } else {
    out[o] = -vx * m;
    out[o + 1] = -vy * m;
  }
}
