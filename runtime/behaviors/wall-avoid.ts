import { SEG, wallCellsAt, wallRayAt, type Walls } from '../walls';
import type { Agents } from '../world';

/** Share of maxForce / mass the kernel plans its braking with (as Avoid): the rest absorbs the tick's discreteness and the other terms. */
const FORCE_SHARE = 0.8;
/** The barrier stops the agent this far (px) short of a wall, and the ahead feeler reaches this far past the braking distance. */
const MARGIN = 2;
/** A violated barrier pushes with this multiple of maxSpeed, so that after the cap it is a full-force brake even summed with another node's force. */
const BARRIER_GAIN = 4;

/** The feeler's vector (direction · length), handed to wallRayAt as an array (no boxed numbers). */
const _feeler = new Float64Array(2);
/** Each feeler's hit t: ahead, +side, −side. */
const _ts = new Float64Array(3);
/**
 * The barrier's state, passed to {@link barrierAt} in an array (a call V8 does not inline boxes each
 * computed number passed to it): px, py, vx, vy, a, reach, then the push it sums (fx, fy), how
 * many segments pushed, F = maxForce / mass, a closing speed and a distance for {@link violated},
 * and maxSpeed.
 */
const _b = new Float64Array(13);
/** The barrier's box (min x, min y, max x, max y) and its grid cells (see wallCellsAt). */
const _box = new Float64Array(4);
const _cells = new Int32Array(8);

/**
 * Wall Avoid (BEHAVIORS.md, Walls (b), Buckland's feelers, improved): steer off the nearest solid
 * wall one of three feelers reaches, and brake at full force off any wall the agent could no
 * longer stop short of. With a = 0.8 · maxForce / mass and stop = |v|²/(2a) + |v|/2 (the braking
 * distance when the force acts before each move):
 *   1. Feelers from p: ahead along h, La = max(feelerLength · |v| / maxSpeed, stop + |v| + 2) long
 *      (Buckland's length, but never shorter than the braking distance plus a tick and a margin of
 *      2 px); two sides along h·c ± perp(h)·s, sideLength long ((c, s) = dsincos(angle)).
 *      Nearest hit over the three: least t · length; ties: ahead, +side, −side, then the lower
 *      segment. n̂a = the segment's normal on the agent's side, D = t · length.
 *      steer = n̂a · maxSpeed · k · mass, k = (La − D) / (La − stop − 2) clamped to 1 for the ahead
 *      feeler (full strength once the wall is within the braking distance plus the margin, not only
 *      at the wall), k = 1 − t for a side feeler (Buckland's pen / length).
 *   2. Barrier, for every solid segment whose nearest point q is near enough to matter (within
 *      the braking distance from min(|v| + F, maxSpeed), F = maxForce / mass, plus a tick and the
 *      margin): with d = |p − q| and c = min(v · (q − p)/d + F, maxSpeed) (the closing speed after
 *      one more tick of full force toward it, which another node's force may add before this one
 *      sees it again), the segment is violated when braking at a cannot stop the agent 2 px short of q after the next move:
 *      c > √(a²/4 + 2a(d − 2 − c)) − a/2. By the segment's line first: when the straight path meets
 *      the segment (extended 2 px at each end), the same test with the distance to the line and
 *      the closing speed toward it, and the push is off the line (an agent sweeping diagonally
 *      past a wall's end onto the wall). A violated segment pushes with n̂ · 4 · maxSpeed, n̂ away
 *      from q (or off the line); at a free end or a corner q is the vertex, so an agent rounding it
 *      is pushed away from it. When any segment pushes, steer = (the sum of the pushes) · mass and
 *      the feelers are not used (after the cap: a full-force brake, even summed with Avoid).
 * Buckland's form pushes from 0 at the ahead feeler's tip to maxSpeed at the wall and looks only
 * along its three feelers: at maxSpeed 10, maxForce 1 the 60 px feeler is shorter than the braking
 * distance, and an agent rounding a wall's free end sweeps past it where no feeler looks.
 * Walls are two-sided; in bounce mode the world's edges are walls here too (they follow the walls'
 * own segments in `Wl`). A feeler of length 0 is skipped, so v = 0 leaves the side feelers;
 * maxForce 0 leaves Buckland's feelers alone (nothing can brake). Only + − × ÷, √ and comparisons;
 * visits the grid cells around p; allocates nothing.
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
  const m = A.mass;
  const px = A.pos[2 * i];
  const py = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const a = (A.maxForce[i] / m) * FORCE_SHARE;
  const speed = Math.sqrt(vx * vx + vy * vy);
  // the braking distance (0 when nothing can brake)
  const stop = a > 0 ? (speed * speed) / (2 * a) + speed * 0.5 : 0;
  // 2: the barrier
  if (a > 0) {
    const B = _b;
    B[0] = px;
    B[1] = py;
    B[2] = vx;
    B[3] = vy;
    B[4] = a;
    // the reach: the farthest a closing speed of |v| + F (one more tick of full force toward the
    // wall, but at most maxSpeed) still needs to stop
    const A1 = A.maxForce[i] / m;
    const w = speed + A1 < S ? speed + A1 : S;
    B[5] = MARGIN + w + (w * w) / (2 * a) + w * 0.5;
    B[9] = A1;
    B[12] = S;
    B[6] = 0;
    B[7] = 0;
    B[8] = 0;
    barrierAt(Wl, B);
    if (B[8] > 0) {
      out[o] = B[6] * S * BARRIER_GAIN * m;
      out[o + 1] = B[7] * S * BARRIER_GAIN * m;
      return;
    }
  }
  // 1: the feelers; each feeler's hit t (in _ts) and segment; a feeler of length 0 is skipped (segment −1)
  let La = (feelerLength * speed) / S;
  const brake = a > 0 ? stop + MARGIN : 0;
  if (speed > 0 && a > 0 && La < brake + speed) La = brake + speed;
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
  const Sg = Wl.seg;
  const b = SEG * bestK;
  let nx = Sg[b + 4];
  let ny = Sg[b + 5];
  // s(p) = (p − a)·n̂ is never 0 here (wallRayAt skips such segments); use the normal on p's side
  if ((px - Sg[b]) * nx + (py - Sg[b + 1]) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  let k = 1 - bestT;
  if (f === 0) {
    // full strength once the hit is within the braking distance plus the margin
    const span = La - brake;
    k = span > 0 ? (La * (1 - bestT)) / span : 1;
    if (k > 1) k = 1;
  }
  out[o] = nx * S * k * m;
  out[o + 1] = ny * S * k * m;
}

/**
 * The barrier of {@link wallAvoid} (step 2) over the solid segments near B's point: visits the grid
 * cells of the square of half-side `reach` around it (the outer grid too when that square leaves
 * the world; every segment when there is no grid), once each segment, and adds each violated
 * segment's unit push to B[6], B[7] and counts it in B[8].
 */
function barrierAt(Wl: Walls, B: Float64Array): void {
  const R = B[5];
  const box = _box;
  box[0] = B[0] - R;
  box[1] = B[1] - R;
  box[2] = B[0] + R;
  box[3] = B[1] + R;
  const Sg = Wl.seg;
  if (wallCellsAt(Wl, box, 0, _cells)) {
    const start = Wl.cellStart;
    const items = Wl.cellItems;
    const stamps = Wl.stamps;
    const stamp = Wl.nextStamp();
    // g = 0: the world's grid; g = 1: the outer grid (rows 0 to −1 when not needed)
    for (let g = 0; g < 2; g++) {
      const width = g === 0 ? Wl.gx : Wl.ogx;
      const base = g === 0 ? 0 : Wl.outerFirst;
      const c0 = _cells[4 * g];
      const c1 = _cells[4 * g + 1];
      for (let r = _cells[4 * g + 2], r1 = _cells[4 * g + 3]; r <= r1; r++) {
        for (let j = start[base + r * width + c0], end = start[base + r * width + c1 + 1]; j < end; j++) {
          const k = items[j];
          if (stamps[k] === stamp) continue;
          stamps[k] = stamp;
          segmentBarrier(Sg, SEG * k, B);
        }
      }
    }
    return;
  }
  const solid = Wl.solid;
  for (let k = 0, n = Wl.count; k < n; k++) {
    if (solid[k] === 1) segmentBarrier(Sg, SEG * k, B);
  }
}

/** The braking barrier of one segment (at o = SEG·k) against B's agent (see {@link barrierAt}). */
function segmentBarrier(Sg: Float64Array, o: number, B: Float64Array): void {
  const px = B[0];
  const py = B[1];
  const vx = B[2];
  const vy = B[3];
  const R = B[5];
  const A1 = B[9];
  const ux = Sg[o + 2];
  const uy = Sg[o + 3];
  const L = Sg[o + 6];
  const ex = px - Sg[o];
  const ey = py - Sg[o + 1];
  const mu = ex * ux + ey * uy;
  const mc = mu < 0 ? 0 : mu > L ? L : mu;
  // p − q, q the segment's nearest point
  const dx = ex - ux * mc;
  const dy = ey - uy * mc;
  const d2 = dx * dx + dy * dy;
  if (d2 > R * R) return;
  let nx = Sg[o + 4];
  let ny = Sg[o + 5];
  const s = ex * nx + ey * ny;
  const vn = vx * nx + vy * ny;
  // the normal on the agent's side (on the line itself: against the velocity)
  if (s < 0 || (s === 0 && vn > 0)) {
    nx = -nx;
    ny = -ny;
  }
  const dist = s < 0 ? -s : s;
  // by the line: the closing speed toward it, where the straight path meets it
  const c = -(vx * nx + vy * ny);
  if (c > 0) {
    const hit = mu + ((vx * ux + vy * uy) * dist) / c;
    if (hit >= -MARGIN && hit <= L + MARGIN) {
      B[10] = c + A1 < B[12] ? c + A1 : B[12];
      B[11] = dist;
      if (violated(B)) {
        B[6] += nx;
        B[7] += ny;
        B[8] += 1;
        return;
      }
    }
  }
  // by the nearest point
  if (!(d2 > 0)) return;
  const d = Math.sqrt(d2);
  const rx = dx / d;
  const ry = dy / d;
  const cr = -(vx * rx + vy * ry) + A1;
  B[10] = cr < B[12] ? cr : B[12];
  B[11] = d;
  if (violated(B)) {
    B[6] += rx;
    B[7] += ry;
    B[8] += 1;
  }
}

/**
 * Whether closing speed c = B[10] (already one tick of full force faster) at distance d = B[11] is more than
 * braking at a, the force acting before each move, can stop MARGIN short after the next move:
 * c > √(a²/4 + 2a·(d − MARGIN − c)) − a/2 (0 once that room is gone).
 */
function violated(B: Float64Array): boolean {
  const c = B[10];
  const d = B[11];
  const a = B[4];
  if (!(c > 0)) return false;
  const room = d - MARGIN - c;
  const stoppable = room > 0 ? Math.sqrt(a * a * 0.25 + 2 * a * room) - a * 0.5 : 0;
  return c > stoppable;
}
