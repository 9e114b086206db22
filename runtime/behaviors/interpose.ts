import { arrive } from './arrive';
import type { Agents } from '../world';

/** The point to arrive at this call. */
const _target = new Float64Array(2);

/**
 * Interpose (BEHAVIORS.md, "Hide and Interpose"; Buckland): get between a and b.
 *   mid = (a.p + b.p) · 0.5;  T = maxSpeed > 0 ? |mid − p| / maxSpeed : 0
 *   target = ((a.p + a.v · T) + (b.p + b.v · T)) · 0.5;  Arrive(target, slowingRadius)
 * a is at PA[pa], PA[pa + 1] with velocity VA[va], VA[va + 1], or velocity 0 when va < 0 (a point);
 * b likewise. a and b on one point give that point; at the target the force is the brake −v · mass.
 */
export function interpose(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  PA: Float64Array,
  pa: number,
  VA: Float64Array,
  va: number,
  PB: Float64Array,
  pb: number,
  VB: Float64Array,
  vb: number,
  slowingRadius: number,
): void {
  const ax = PA[pa];
  const ay = PA[pa + 1];
  const bx = PB[pb];
  const by = PB[pb + 1];
  const mx = (ax + bx) * 0.5 - A.pos[2 * i];
  const my = (ay + by) * 0.5 - A.pos[2 * i + 1];
  const S = A.maxSpeed[i];
  const T = S > 0 ? Math.sqrt(mx * mx + my * my) / S : 0;
  let fax = ax;
  let fay = ay;
  if (va >= 0) {
    fax = ax + VA[va] * T;
    fay = ay + VA[va + 1] * T;
  }
  let fbx = bx;
  let fby = by;
  if (vb >= 0) {
    fbx = bx + VB[vb] * T;
    fby = by + VB[vb + 1] * T;
  }
  _target[0] = (fax + fbx) * 0.5;
  _target[1] = (fay + fby) * 0.5;
  arrive(out, o, A, i, _target, 0, slowingRadius);
}
