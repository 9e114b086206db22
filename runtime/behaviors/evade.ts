import type { Agents } from '../world';

/**
 * Evade: agent i of A flees from where agent j of E (the pursuer) will be, while the pursuer's
 * current position is closer than the threat distance (0 = always).
 *   T = |e.p − p| / (maxSpeed + |e.v|) (0 when that divisor is 0);  flee e.p + e.v · T
 * Flee from that point has no limit of its own; on the point itself it runs along the heading.
 */
export function evade(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  E: Agents,
  j: number,
  threatDistance: number,
): void {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const ex = E.pos[2 * j];
  const ey = E.pos[2 * j + 1];
  const tox = ex - x;
  const toy = ey - y;
  const d2 = tox * tox + toy * toy;
  if (threatDistance > 0 && d2 >= threatDistance * threatDistance) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const S = A.maxSpeed[i];
  const evx = E.vel[2 * j];
  const evy = E.vel[2 * j + 1];
  const div = S + Math.sqrt(evx * evx + evy * evy);
  const T = div > 0 ? Math.sqrt(d2) / div : 0;
  // steer = flee(e.p + e.v · T) (· mass), written out (see seek.ts: no call with computed numbers)
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const dx = x - (ex + evx * T);
  const dy = y - (ey + evy * T);
  const f2 = dx * dx + dy * dy;
  const m = A.mass;
  if (f2 > 0) {
    const k = S / Math.sqrt(f2);
    out[o] = (dx * k - vx) * m;
    out[o + 1] = (dy * k - vy) * m;
  } else {
    out[o] = (A.head[2 * i] * S - vx) * m;
    out[o + 1] = (A.head[2 * i + 1] * S - vy) * m;
  }
}
