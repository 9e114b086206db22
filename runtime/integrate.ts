import type { World } from './world';

/** Below this squared speed (1e-9 px/tick) the heading keeps its last value. */
const HEADING_EPS2 = 1e-18;

/**
 * Moves every agent of every type by its force of this tick (BEHAVIORS.md, "Integration"):
 *   f = truncate(force, maxForce); v = truncate(v + f / mass, maxSpeed); p = p + v; edges.
 * Wrap keeps the overshoot (x ≥ W gives x − W, exactly, by `%`); bounce clamps to the border and
 * negates that velocity component. The heading follows the velocity while it is not (nearly) zero.
 */
export function integrate(world: World): void {
  const W = world.width;
  const H = world.height;
  const wrap = world.wrap;
  const types = world.types;
  for (let t = 0; t < types.length; t++) {
    const a = types[t];
    const n = a.count;
    const pos = a.pos;
    const vel = a.vel;
    const head = a.head;
    const force = a.force;
    const maxSpeed = a.maxSpeed;
    const maxForce = a.maxForce;
    const m = a.mass;
    for (let i = 0; i < n; i++) {
      const ix = 2 * i;
      const iy = ix + 1;
      let fx = force[ix];
      let fy = force[iy];
      const F = maxForce[i];
      const f2 = fx * fx + fy * fy;
      if (f2 > F * F) {
        const k = F / Math.sqrt(f2);
        fx *= k;
        fy *= k;
      }
      // f / m; with m = 1 the division is skipped (x / 1 = x exactly, so the result is the same)
      let vx = m === 1 ? vel[ix] + fx : vel[ix] + fx / m;
      let vy = m === 1 ? vel[iy] + fy : vel[iy] + fy / m;
      const S = maxSpeed[i];
      const v2 = vx * vx + vy * vy;
      if (v2 > S * S) {
        if (v2 === Infinity) {
          // f / m overflowed (a mass near 0): v + f / m points where v·m + f does; scale that
          // to maxSpeed (dividing by its largest component first, so squaring cannot overflow).
          let ux = vel[ix] * m + fx;
          let uy = vel[iy] * m + fy;
          const M = Math.max(Math.abs(ux), Math.abs(uy));
          if (M > 0 && M < Infinity) {
            ux /= M;
            uy /= M;
            const k = S / Math.sqrt(ux * ux + uy * uy);
            vx = ux * k;
            vy = uy * k;
          } else {
            vx = 0;
            vy = 0;
          }
        } else {
          const k = S / Math.sqrt(v2);
          vx *= k;
          vy *= k;
        }
      }
      let x = pos[ix] + vx;
      let y = pos[iy] + vy;
      if (wrap) {
        if (x >= W || x < 0) {
          x = x % W;
          if (x < 0) x += W;
          if (x >= W) x = 0;
        }
        if (y >= H || y < 0) {
          y = y % H;
          if (y < 0) y += H;
          if (y >= H) y = 0;
        }
      } else {
        // Clamp with Math.min/max, not `x = W`: V8 reads world.width as a tagged value, and a
        // variable that is sometimes that and sometimes a computed double made V8 box x and y for
        // every agent (32 bytes per agent per tick in a bounce world). Same bits: W, 0 or x.
        if (x > W || x < 0) {
          x = Math.min(Math.max(x, 0), W);
          vx = -vx;
        }
        if (y > H || y < 0) {
          y = Math.min(Math.max(y, 0), H);
          vy = -vy;
        }
      }
      pos[ix] = x;
      pos[iy] = y;
      vel[ix] = vx;
      vel[iy] = vy;
      const s2 = vx * vx + vy * vy;
      if (s2 > HEADING_EPS2) {
        const q = 1 / Math.sqrt(s2);
        head[ix] = vx * q;
        head[iy] = vy * q;
      }
    }
  }
}

/** Moves drifting obstacles by their velocity, bouncing them off the walls (the seed's demo). */
export function driftObstacles(world: World): void {
  const o = world.obstacles;
  const W = world.width;
  const H = world.height;
  for (let k = 0, n = world.obstacleCount; k < n; k++) {
    const b = 5 * k;
    const vx = o[b + 3];
    const vy = o[b + 4];
    if (vx === 0 && vy === 0) continue;
    const r = o[b + 2];
    let x = o[b] + vx;
    let y = o[b + 1] + vy;
    if (x < r) {
      x = r;
      o[b + 3] = -vx;
    } else if (x > W - r) {
      x = W - r;
      o[b + 3] = -vx;
    }
    if (y < r) {
      y = r;
      o[b + 4] = -vy;
    } else if (y > H - r) {
      y = H - r;
      o[b + 4] = -vy;
    }
    o[b] = x;
    o[b + 1] = y;
  }
}
