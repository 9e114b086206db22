import type { Agents } from '../world';
import { seekFrom } from './seek';

/**
 * Pursue (Buckland's form): agent i of A seeks where agent j of E (the evader) will be.
 *   to = e.p − p; if the evader is ahead (to · h > 0) and coming head-on (h · e.h < −0.95): seek e.p;
 *   else T = |to| / (maxSpeed + |e.v|) (0 when that divisor is 0) and seek e.p + e.v · T.
 */
export function pursue(out: Float64Array, o: number, A: Agents, i: number, E: Agents, j: number): void {
  const P = A.pos;
  const V = A.vel;
  const x = P[2 * i];
  const y = P[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const S = A.maxSpeed[i];
  const ex = E.pos[2 * j];
  const ey = E.pos[2 * j + 1];
  const tox = ex - x;
  const toy = ey - y;
  if (tox * hx + toy * hy > 0 && hx * E.head[2 * j] + hy * E.head[2 * j + 1] < -0.95) {
    seekFrom(out, o, x, y, V[2 * i], V[2 * i + 1], S, ex, ey);
    return;
  }
  const evx = E.vel[2 * j];
  const evy = E.vel[2 * j + 1];
  const div = S + Math.sqrt(evx * evx + evy * evy);
  const T = div > 0 ? Math.sqrt(tox * tox + toy * toy) / div : 0;
  seekFrom(out, o, x, y, V[2 * i], V[2 * i + 1], S, ex + evx * T, ey + evy * T);
}
