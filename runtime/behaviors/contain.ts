import type { Agents } from '../world';

/**
 * Contain: turn back from the walls before reaching them.
 *   desired = v + Σ n̂ · maxSpeed · clamp((margin − dist) / margin, 0, 1)   over the four walls
 *   steer = truncate(desired, maxSpeed) − v      (0 when no wall is within the margin)
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
  let px = 0;
  let py = 0;
  if (x < margin) px += S * clamp01((margin - x) / margin);
  if (width - x < margin) px -= S * clamp01((margin - (width - x)) / margin);
  if (y < margin) py += S * clamp01((margin - y) / margin);
  if (height - y < margin) py -= S * clamp01((margin - (height - y)) / margin);
  if (px === 0 && py === 0) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
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
  out[o] = dx - vx;
  out[o + 1] = dy - vy;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
