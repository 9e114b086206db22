import { SEG, wallRayAt, type Walls } from '../walls';
import type { Agents } from '../world';

/** The feeler's vector (direction · length), handed to wallRayAt as an array (no boxed numbers). */
const _feeler = new Float64Array(2);
/** Each feeler's hit t: ahead, +side, −side. */
const _ts = new Float64Array(3);

/**
 * Wall Avoid (BEHAVIORS.md, Walls (b); Buckland's feelers): steer straight off the nearest solid
 * wall that one of three feelers reaches.
 *   feelers from p: ahead along h, La = maxSpeed > 0 ? feelerLength · |v| / maxSpeed : 0 long;
 *   two sides along h·c ± perp(h)·s, sideLength long ((c, s) = dsincos(angle), fixed at compile time)
 *   nearest hit over the three: least t · length; ties: ahead, +side, −side, then the lower segment
 *   pen = length · (1 − t);  n̂a = the segment's normal on the agent's side
 *   steer = n̂a · maxSpeed · (pen / length) · mass       (no hit, no solid wall, maxSpeed 0: 0)
 * Walls are two-sided; in bounce mode the world's edges are walls here too (they follow the walls'
 * own segments in `Wl`). A feeler of length 0 is skipped, so v = 0 leaves the side feelers.
 */
export function wallAvoid(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  Wl: Walls,
  feelerLength: number,
  sideLength: number,
  cos: number,
  sin: number,
): void {
  const S = A.maxSpeed[i];
  if (Wl.count === 0 || !(S > 0)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const px = A.pos[2 * i];
  const py = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  // each feeler's hit t (in _ts) and segment; a feeler of length 0 is skipped (segment −1)
  const La = (feelerLength * Math.sqrt(vx * vx + vy * vy)) / S;
  let kA = -1;
  if (La > 0) {
    _feeler[0] = hx * La;
    _feeler[1] = hy * La;
    kA = wallRayAt(Wl, A.pos, 2 * i, _feeler, 0, _ts, 0);
  }
  let kP = -1;
  let kM = -1;
  if (sideLength > 0) {
    // +side along h·c + perp(h)·s, perp(h) = (−h.y, h.x); −side along h·c − perp(h)·s
    _feeler[0] = (hx * cos - hy * sin) * sideLength;
    _feeler[1] = (hy * cos + hx * sin) * sideLength;
    kP = wallRayAt(Wl, A.pos, 2 * i, _feeler, 0, _ts, 1);
    _feeler[0] = (hx * cos + hy * sin) * sideLength;
    _feeler[1] = (hy * cos - hx * sin) * sideLength;
    kM = wallRayAt(Wl, A.pos, 2 * i, _feeler, 0, _ts, 2);
  }
  // the nearest hit, least t · length; ties: ahead, then +side, then −side (a later feeler wins only
  // when strictly nearer; wallRayAt already took the lower segment on a tie within a feeler)
  let f = kA >= 0 ? 0 : -1;
  if (kP >= 0 && (f < 0 || _ts[1] * sideLength < _ts[0] * La)) f = 1;
  if (kM >= 0 && (f < 0 || _ts[2] * sideLength < (f === 0 ? _ts[0] * La : _ts[1] * sideLength))) f = 2;
  if (f < 0) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const bestK = f === 0 ? kA : f === 1 ? kP : kM;
  const bestT = _ts[f];
  const bestLen = f === 0 ? La : sideLength;
  const Sg = Wl.seg;
  const b = SEG * bestK;
  let nx = Sg[b + 4];
  let ny = Sg[b + 5];
  // s(p) = (p − a)·n̂ is never 0 here (wallRayAt skips such segments); use the normal on p's side
  if ((px - Sg[b]) * nx + (py - Sg[b + 1]) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  const pen = bestLen * (1 - bestT);
  const k = pen / bestLen;
  const m = A.mass;
  out[o] = nx * S * k * m;
  out[o + 1] = ny * S * k * m;
}
