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
