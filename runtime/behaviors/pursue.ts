import type { Agents } from '../world';

/**
 * Pursue (Buckland's form): agent i of A seeks where agent j of E (the evader) will be.
 *   to = e.p − p; if the evader is ahead (to · h > 0) and coming head-on (h · e.h < −0.95): seek e.p;
 *   else T = |to| / (maxSpeed + |e.v|) (0 when that divisor is 0) and seek e.p + e.v · T.
 */
export function pursue(out: Float64Array, o: number, A: Agents, i: number, E: Agents, j: number): void {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const S = A.maxSpeed[i];
  let tx = E.pos[2 * j];
  let ty = E.pos[2 * j + 1];
  const tox = tx - x;
  const toy = ty - y;
  if (!(tox * hx + toy * hy > 0 && hx * E.head[2 * j] + hy * E.head[2 * j + 1] < -0.95)) {
    const evx = E.vel[2 * j];
    const evy = E.vel[2 * j + 1];
    const div = S + Math.sqrt(evx * evx + evy * evy);
    const T = div > 0 ? Math.sqrt(tox * tox + toy * toy) / div : 0;
    tx += evx * T;
    ty += evy * T;
  }
  // steer = seek(t) (· mass), written out (see seek.ts: no call with computed numbers)
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const m = A.mass;
  if (d > 0) {
    const k = S / d;
    out[o] = (dx * k - vx) * m;
    out[o + 1] = (dy * k - vy) * m;
  } else {
    out[o] = -vx * m;
    out[o + 1] = -vy * m;
  }
}
