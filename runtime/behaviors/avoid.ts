import type { Agents } from '../world';

/**
 * Avoid (obstacle avoidance against circles), BEHAVIORS.md's form:
 * for each circle c with diff = c.p − p and dot = diff · h:
 *  (a) ahead: if dot > 0, proj = h·dot, dist = |proj − diff|, and dist < c.r + buffer and
 *      |proj| < L: add h·maxSpeed rotated 90° away from the circle, scaled by 1 − |proj| / L;
 *  (b) too close: if |diff| < c.r + buffer, add normalize(−diff) · maxSpeed (−h · maxSpeed when
 *      diff = 0) scaled by clamp(1 − (|diff| − c.r) / buffer, 0, 1).
 * `obstacles` holds x, y, r, vx, vy per circle.
 */
export function avoid(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  obstacles: Float64Array,
  count: number,
  feelerLength: number,
  buffer: number,
): void {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const maxSpeed = A.maxSpeed[i];
  let fx = 0;
  let fy = 0;
  for (let k = 0; k < count; k++) {
    const b = 5 * k;
    const dx = obstacles[b] - x;
    const dy = obstacles[b + 1] - y;
    const r = obstacles[b + 2];
    const reach = r + buffer;
    const dot = dx * hx + dy * hy;
    if (dot > 0 && dot < feelerLength) {
      const ex = hx * dot - dx;
      const ey = hy * dot - dy;
      if (ex * ex + ey * ey < reach * reach) {
        const k1 = 1 - dot / feelerLength;
        const side = -dy * vx + dx * vy < 0 ? -1 : 1;
        // side +1: perp(h) = (−h.y, h.x); side −1: −perp(h)
        fx += -side * hy * maxSpeed * k1;
        fy += side * hx * maxSpeed * k1;
      }
    }
    const d2 = dx * dx + dy * dy;
    if (d2 < reach * reach) {
      const d = Math.sqrt(d2);
      let w = 1 - (d - r) / buffer;
      w = w < 0 ? 0 : w > 1 ? 1 : w;
      if (d > 0) {
        fx -= (dx / d) * maxSpeed * w;
        fy -= (dy / d) * maxSpeed * w;
      } else {
        fx -= hx * maxSpeed * w;
        fy -= hy * maxSpeed * w;
      }
    }
  }
  out[o] = fx;
  out[o + 1] = fy;
}
