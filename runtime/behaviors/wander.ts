import type { Agents } from '../world';

/**
 * Wander: seek a point on a circle ahead of the agent that drifts a little each tick.
 * Memory (2 slots at offset m of the agent's memory): the unit vector u in the agent's frame,
 * starting at (1, 0). Draw (offset r of the agent's draws): one uniform number in [0, 1).
 *   u ← normalize(u + perp(u) · (draw − 0.5) · jitter)
 *   c = p + h · distance + radius · (u.x·h.x − u.y·h.y, u.x·h.y + u.y·h.x);  steer = seek(c) (with its · mass)
 * The wander vector turns by at most atan(jitter / 2) per tick; no angle is ever stored, so no
 * transcendental function is needed. A zero memory (never left by a layout that starts it at (1, 0))
 * restarts at (1, 0) rather than staying stuck at 0.
 */
export function wander(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  m: number,
  r: number,
  distance: number,
  radius: number,
  jitter: number,
): void {
  const mem = A.mem;
  const mi = i * A.memStride + m;
  const ux = mem[mi];
  const uy = mem[mi + 1];
  const k = (A.rnd[i * A.draws + r] - 0.5) * jitter;
  let nx = ux - uy * k;
  let ny = uy + ux * k;
  const len = Math.sqrt(nx * nx + ny * ny);
  if (len > 0) {
    const q = 1 / len;
    nx *= q;
    ny *= q;
  } else {
    nx = 1;
    ny = 0;
  }
  mem[mi] = nx;
  mem[mi + 1] = ny;
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const cx = x + hx * distance + radius * (nx * hx - ny * hy);
  const cy = y + hy * distance + radius * (nx * hy + ny * hx);
  // steer = seek(c) (· mass), written out (see seek.ts: no call with computed numbers)
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const dx = cx - x;
  const dy = cy - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const ms = A.mass;
  if (d > 0) {
    const q = A.maxSpeed[i] / d;
    out[o] = (dx * q - vx) * ms;
    out[o + 1] = (dy * q - vy) * ms;
  } else {
    out[o] = -vx * ms;
    out[o + 1] = -vy * ms;
  }
}
