import type { Agents, World } from '../world';

/** The barrier stops the agent this fraction of `buffer` outside a circle's edge. */
const MARGIN = 0.25;
/**
 * Share of maxForce / mass the kernel plans its braking and turning with; the rest absorbs the
 * tick's discreteness and the other terms.
 */
const FORCE_SHARE = 0.8;
/**
 * A violated barrier pushes with this multiple of maxSpeed, so it dominates the steering terms once
 * the sum is capped.
 */
const BARRIER_GAIN = 2;

/**
 * Avoid: keep out of circles by steering around them and braking ahead of time, and, as a last
 * resort, by pushing straight away from any circle the agent could no longer stop short of.
 *
 * BEHAVIORS.md's form (a)+(b) enters static circles. In the project's test scene (800×600, bounce
 * edges, 5 circles of radius 15–45 ≥ 60 px from the walls, Priority(Avoid, Wander), 100 seeds ×
 * 100,000 ticks) it entered 0.15 times per 10,000 ticks at maxSpeed 4 / maxForce 0.3 and 0.59 times
 * at 10 / 1; this form entered 0 times at both. What went wrong: (a) adds one turn per circle, so
 * the turns from two nearby circles cancel and the agent drives into the gap between them, its turn
 * flipping sides tick by tick; nothing brakes; drifting circles are treated as still. This form:
 *
 * 1. **Look-ahead.** A feeler along the heading h, L = feelerLength · |v| / maxSpeed long (a slower
 *    agent needs to look less far ahead). A drifting circle is taken where it will be when the agent
 *    gets there: c + c.v · τ, τ = along / |v| (at most feelerLength / maxSpeed ticks). A circle
 *    blocks when its band of lateral offsets [e − R, e + R] (e = perp(h) · (c − p), R = c.r + buffer)
 *    contains the agent's line (offset 0) and its entry point along the feeler is nearer than L.
 *    Any circle ahead within L whose band overlaps the blocked band joins it, so circles less than
 *    2 · buffer apart count as one obstacle and the agent does not try the gap between them.
 * 2. **Steer and brake.** With a = 0.8 · maxForce / mass, D the nearest entry point and
 *    closeness = 1 − D / L: turn toward the nearer free side of the band with
 *    perp(h) · ±maxSpeed · closeness (a tie turns toward +perp(h)), and brake with
 *    −h · maxSpeed · closeness · q / (q + a·D²/(2|v|²)), where q is the sideways shift still needed
 *    and a·D²/(2|v|²) the shift a full turn makes before D: little braking when turning is enough,
 *    full braking for a circle close and dead ahead.
 * 3. **Barrier**, for every circle in any direction, using velocities relative to the circle's
 *    drift: with gap g = |c − p| − c.r and closing speed w = (v − c.v) · n̂ (n̂ toward the centre),
 *    braking at a stops the agent buffer/4 outside the edge while
 *    w ≤ √(a²/4 + 2a·(g − buffer/4)) − a/2 (the stopping speed over that distance when the force
 *    acts before each move, as the integrator does). Faster than that, add −n̂ · 2 · maxSpeed: after
 *    the cap, a full-force brake along n̂. Motion along the circle only takes the agent away from
 *    it, so this radial brake alone keeps a static circle out.
 * 4. **Push out** (BEHAVIORS.md's (b)): inside the buffer, −n̂ · maxSpeed · clamp(1 − g / buffer, 0, 1).
 *
 * Every term is a velocity change; the kernel returns their sum times the mass (BEHAVIORS.md, "Mass
 * and the steering force"), so a = 0.8 · maxForce / mass is what the integrator delivers.
 * Braking is a force component (the seed's `v *= |proj| / L` wrote the velocity). The raw force may
 * exceed maxForce; the integrator caps it. Put first in a Priority, Avoid gets the whole budget
 * whenever it is non-zero.
 * 5. **Edges** (edgeImages): a circle near an edge also counts as its image across it, for an
 *    agent near that edge: shifted by the world's size with wrap edges (an agent about to wrap in
 *    meets it there), mirrored across the wall with bounce edges (the integrator's reflection makes
 *    the path after the wall the mirror of the straight one). Before, a reflection could throw the
 *    agent back into a circle by a wall (0.78 and 4.4 entries per 10,000 ticks among the test
 *    scene's drifting circles with Priority(Avoid, Wander)), and a circle by one edge of a wrap
 *    world was unseen from the other. Elsewhere this costs a few comparisons per circle.
 *
 * What it does not do: plan an escape sideways out of a gap that two drifting circles (which pass
 * through each other) close from opposite sides; once both barriers act, the agent is thrown back
 * and forth and the gap closes over it (1 entry in 10 × 100,000 ticks of the test scene at
 * maxSpeed 10, maxForce 1; none at 4, 0.3).
 *
 * Degenerate inputs: zero velocity gives a zero-length feeler (only the barrier and the push act);
 * an agent exactly at a centre is pushed along −h; no circles, or none near, gives (0, 0); a circle
 * of radius 0 is a point with the buffer around it; maxSpeed 0 gives (0, 0).
 *
 * `obstacles` holds x, y, r, vx, vy per circle; `count` circles are read. feelerLength (px, default
 * 300) is the look-ahead at full speed; buffer (px, > 0, default 20) the clearance kept around each
 * circle. Writes agent i's raw force to out[o], out[o + 1]. Only + − × ÷ and Math.sqrt; allocates
 * nothing.
 */
export function avoid(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  obstacles: Float64Array,
  count: number,
  feelerLength: number,
  buffer: number,
  world: World,
): void {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const maxSpeed = A.maxSpeed[i];
  const a = (A.maxForce[i] / A.mass) * FORCE_SHARE;
  const speed = Math.sqrt(vx * vx + vy * vy);
  const margin = buffer * MARGIN;
  const feeler = maxSpeed > 0 ? feelerLength * (speed / maxSpeed) : 0;
  // (only uncomputed arguments: a call V8 does not inline would box computed numbers; see seek.ts)
  const images = a > 0 ? edgeImages(obstacles, count, A, i, feelerLength, buffer, world) : 0;
  const img = IMAGES;
  let fx = 0;
  let fy = 0;

  // 3 and 4: the barrier and the push, for every circle (then for every image of one: edgeImages).
  for (let k = 0, all = count + images; k < all; k++) {
    const C = k < count ? obstacles : img;
    const b = k < count ? 5 * k : 5 * (k - count);
    const dx = C[b] - x;
    const dy = C[b + 1] - y;
    const r = C[b + 2];
    const d2 = dx * dx + dy * dy;
    // Skip, without a square root, a circle too far for the push and for the barrier: the closing
    // speed is at most w = |v − c.v|, which braking at a stops within w²/(2a) + w/2 ≤
    // w²/(2a) + (w² + 1)/4 (as √x ≤ (x + 1)/2). Not with a = 0, where nothing can be stopped.
    const rvx = vx - C[b + 3];
    const rvy = vy - C[b + 4];
    const w2 = rvx * rvx + rvy * rvy;
    if (a > 0) {
      // Math.max, not a branch: `buffer` may arrive as a small integer, and a variable that is
      // either it or a double made V8 box the double on every call
      const reach = r + Math.max(margin + w2 / (2 * a) + (w2 + 1) * 0.25, buffer);
      if (d2 > reach * reach) continue;
    }
    const d = Math.sqrt(d2);
    // n̂: unit vector toward the centre; at the centre itself, the heading (so the push is −h)
    let nx = hx;
    let ny = hy;
    if (d > 0) {
      nx = dx / d;
      ny = dy / d;
    }
    const gap = d - r;
    const closing = rvx * nx + rvy * ny;
    // the closing speed from which braking at a, applied before each move, stops within the room
    // left before the margin (0 once inside it, rather than a rounding error either side of 0)
    const room = gap - margin;
    const stoppable = room > 0 ? Math.sqrt(a * a * 0.25 + 2 * a * room) - a * 0.5 : 0;
    if (closing > stoppable) {
      fx -= nx * maxSpeed * BARRIER_GAIN;
      fy -= ny * maxSpeed * BARRIER_GAIN;
    }
    if (gap < buffer) {
      let w = 1 - gap / buffer;
      w = w > 1 ? 1 : w;
      fx -= nx * maxSpeed * w;
      fy -= ny * maxSpeed * w;
    }
  }

  // 1 and 2: the look-ahead, when the agent moves.
  if (feeler > 0) {
    const lx = -hy; // perp(h)
    const ly = hx;
    const horizon = feelerLength / maxSpeed;
    // [lo, hi]: the lateral band blocked ahead; the agent's own line is offset 0
    let lo = 0;
    let hi = 0;
    let nearest = Infinity;
    // Each pass can only widen the band; count + 1 passes reach the fixed point.
    const all = count + images;
    for (let pass = 0; pass <= all; pass++) {
      let widened = false;
      for (let k = 0; k < all; k++) {
        const C = k < count ? obstacles : img;
        const b = k < count ? 5 * k : 5 * (k - count);
        let dx = C[b] - x;
        let dy = C[b + 1] - y;
        const along0 = dx * hx + dy * hy;
        if (along0 <= 0) continue;
        // where a drifting circle will be when the agent arrives
        let t = along0 / speed;
        if (t > horizon) t = horizon;
        dx += C[b + 3] * t;
        dy += C[b + 4] * t;
        const along = dx * hx + dy * hy;
        if (along <= 0) continue;
        const e = dx * lx + dy * ly;
        const R = C[b + 2] + buffer;
        if (e - R >= hi || e + R <= lo) continue;
        const half2 = R * R - e * e;
        const entry = half2 > 0 ? along - Math.sqrt(half2) : along;
        if (entry >= feeler) continue;
        if (e - R < lo) {
          lo = e - R;
          widened = true;
        }
        if (e + R > hi) {
          hi = e + R;
          widened = true;
        }
        if (entry < nearest) nearest = entry;
      }
      if (!widened) break;
    }
    if (nearest < Infinity) {
      const D = nearest > 0 ? nearest : 0;
      const closeness = 1 - D / feeler;
      // toward the nearer free side of the band: +perp(h) needs a shift of hi, −perp(h) one of −lo
      const side = hi <= -lo ? 1 : -1;
      const q = hi <= -lo ? hi : -lo;
      const turn = maxSpeed * closeness;
      fx += side * lx * turn;
      fy += side * ly * turn;
      // lateral shift a turn at full force achieves before the entry point: a·t²/2, t = D/|v|
      // (0 at the entry point itself, also when |v|² underflows: 0/0 would be NaN)
      const shift = D > 0 ? (a * D * D) / (2 * speed * speed) : 0;
      const rho = q / (q + shift);
      fx -= hx * turn * rho;
      fy -= hy * turn * rho;
    }
  }
  out[o] = fx * A.mass;
  out[o + 1] = fy * A.mass;
}

/** The images {@link edgeImages} wrote: x, y, r, vx, vy each (grown when a call needs more). */
let IMAGES = new Float64Array(5 * 12);

/**
 * Writes to IMAGES the edge images of the circles that could reach the agent at (x, y) from
 * across a world edge, and returns how many. Only circles near an edge, seen by an agent near an
 * edge, have one; elsewhere this is a few comparisons per circle.
 * - **Wrap:** the circle shifted by ±width (±height, and both at a corner): an agent about to wrap
 *   in from the other side meets it there.
 * - **Bounce:** the circle mirrored across the wall (its velocity too): the integrator reflects the
 *   agent's velocity at the wall, so its path after the bounce is the mirror image of the path
 *   straight through the wall, and avoiding the mirrored circle before the bounce is avoiding the
 *   circle after it. (The integrator clamps the agent onto the wall, so the real path only lags the
 *   mirrored one.)
 * `lookAhead` is the feeler plus the buffer; a circle's reach is the larger of that and the
 * barrier's (its stopping distance at the largest closing speed |v| + |c.v|), plus its radius.
 * One image per axis (the nearer edge): enough while the world is wider and higher than twice a
 * reach.
 */
function edgeImages(obstacles: Float64Array, count: number, A: Agents, i: number, feelerLength: number, buffer: number, world: World): number {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const speed2 = vx * vx + vy * vy;
  const maxSpeed = A.maxSpeed[i];
  const a = (A.maxForce[i] / A.mass) * FORCE_SHARE;
  // the feeler (feelerLength · |v| / maxSpeed, here at most feelerLength) plus the buffer
  // (Math.min, not a branch picking feelerLength itself: a variable that is either a parameter that
  // may arrive as a small integer or a double made V8 box the double on every call)
  const lookAhead = feelerLength * (maxSpeed > 0 ? Math.min(Math.sqrt(speed2) / maxSpeed, 1) : 1) + buffer;
  const margin = buffer * MARGIN;
  const W = world.width;
  const H = world.height;
  const wrap = world.wrap;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const b = 5 * k;
    const cx = obstacles[b];
    const cy = obstacles[b + 1];
    const r = obstacles[b + 2];
    const cvx = obstacles[b + 3];
    const cvy = obstacles[b + 4];
    // (|v| + |c.v|)² ≤ 2·(|v|² + |c.v|²): no square root
    const w2 = 2 * (speed2 + cvx * cvx + cvy * cvy);
    // the barrier's reach (its stopping distance), at least the push's (the buffer); Math.max, not
    // a branch, as above
    const stop = margin + w2 / (2 * a) + (w2 + 1) * 0.25;
    const barrier = r + Math.max(stop, buffer);
    // the feeler reaches an image only past the edge the agent moves toward
    const ahead = r + lookAhead > barrier ? r + lookAhead : barrier;
    const left = vx < 0 ? ahead : barrier;
    const right = vx > 0 ? ahead : barrier;
    const up = vy < 0 ? ahead : barrier;
    const down = vy > 0 ? ahead : barrier;
    // the agent's distance to an edge plus the circle's: how near its image across that edge can be
    let ex = 0;
    let evx = cvx;
    let ix = false;
    if (wrap) {
      if (x + (W - cx) < left) {
        ex = cx - W;
        ix = true;
      } else if (W - x + cx < right) {
        ex = cx + W;
        ix = true;
      }
    } else if (x + cx < left) {
      ex = -cx;
      evx = -cvx;
      ix = true;
    } else if (W - x + (W - cx) < right) {
      ex = W + (W - cx);
      evx = -cvx;
      ix = true;
    }
    let ey = 0;
    let evy = cvy;
    let iy = false;
    if (wrap) {
      if (y + (H - cy) < up) {
        ey = cy - H;
        iy = true;
      } else if (H - y + cy < down) {
        ey = cy + H;
        iy = true;
      }
    } else if (y + cy < up) {
      ey = -cy;
      evy = -cvy;
      iy = true;
    } else if (H - y + (H - cy) < down) {
      ey = H + (H - cy);
      evy = -cvy;
      iy = true;
    }
    if (!ix && !iy) continue;
    if (5 * (n + 4) > IMAGES.length) {
      const grown = new Float64Array(2 * IMAGES.length + 5 * 4);
      grown.set(IMAGES);
      IMAGES = grown;
    }
    const I = IMAGES;
    // j's bit 1 takes the x image, bit 2 the y image (both: the corner). Written out, not a
    // call: see seek.ts.
    for (let j = 1; j < 4; j++) {
      if ((j & 1 && !ix) || (j & 2 && !iy)) continue;
      const b5 = 5 * n++;
      I[b5] = j & 1 ? ex : cx;
      I[b5 + 1] = j & 2 ? ey : cy;
      I[b5 + 2] = r;
      I[b5 + 3] = j & 1 ? evx : cvx;
      I[b5 + 4] = j & 2 ? evy : cvy;
    }
  }
  return n;
}
