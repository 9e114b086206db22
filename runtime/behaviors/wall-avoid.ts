import { SEG, wallRay, type Walls } from '../walls';
import type { Agents } from '../world';

/** The segment a feeler hit (written by wallRay). */
const _hit = new Int32Array(1);

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
  const La = (feelerLength * Math.sqrt(vx * vx + vy * vy)) / S;
  let bestDist = -1;
  let bestT = 0;
  let bestLen = 0;
  let bestK = -1;
  // ahead, then +side, then −side: a later feeler wins only when strictly nearer
  if (La > 0) {
    const t = wallRay(Wl, px, py, hx * La, hy * La, _hit);
    if (t >= 0) {
      bestDist = t * La;
      bestT = t;
      bestLen = La;
      bestK = _hit[0];
    }
  }
  if (sideLength > 0) {
    // h·c + perp(h)·s, perp(h) = (−h.y, h.x)
    const ax = hx * cos - hy * sin;
    const ay = hy * cos + hx * sin;
    let t = wallRay(Wl, px, py, ax * sideLength, ay * sideLength, _hit);
    if (t >= 0 && (bestDist < 0 || t * sideLength < bestDist)) {
      bestDist = t * sideLength;
      bestT = t;
      bestLen = sideLength;
      bestK = _hit[0];
    }
    // h·c − perp(h)·s
    const bx = hx * cos + hy * sin;
    const by = hy * cos - hx * sin;
    t = wallRay(Wl, px, py, bx * sideLength, by * sideLength, _hit);
    if (t >= 0 && (bestDist < 0 || t * sideLength < bestDist)) {
      bestDist = t * sideLength;
      bestT = t;
      bestLen = sideLength;
      bestK = _hit[0];
    }
  }
  if (bestK < 0) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const Sg = Wl.seg;
  const b = SEG * bestK;
  let nx = Sg[b + 4];
  let ny = Sg[b + 5];
  // s(p) = (p − a)·n̂ is never 0 here (wallRay skips such segments); use the normal on p's side
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
