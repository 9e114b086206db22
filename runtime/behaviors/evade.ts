import type { Agents } from '../world';
import { flee } from './flee';

/**
 * Evade: agent i of A flees from where agent j of E (the pursuer) will be, while the pursuer's
 * current position is closer than the threat distance (0 = always).
 *   T = |e.p − p| / (maxSpeed + |e.v|) (0 when that divisor is 0);  flee e.p + e.v · T
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
  const ex = E.pos[2 * j];
  const ey = E.pos[2 * j + 1];
  const dx = ex - A.pos[2 * i];
  const dy = ey - A.pos[2 * i + 1];
  const d2 = dx * dx + dy * dy;
  if (threatDistance > 0 && d2 >= threatDistance * threatDistance) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const evx = E.vel[2 * j];
  const evy = E.vel[2 * j + 1];
  const div = A.maxSpeed[i] + Math.sqrt(evx * evx + evy * evy);
  const T = div > 0 ? Math.sqrt(d2) / div : 0;
  flee(out, o, A, i, ex + evx * T, ey + evy * T, 0);
}
