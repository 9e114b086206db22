import { limitTurn } from './orientation';
import { EPS, SEG, type Walls } from './walls';
import type { World } from './world';

/** Below this squared speed (1e-9 px/tick) the heading keeps its last value. */
const HEADING_EPS2 = 1e-18;

/**
 * Moves every agent of every type by its force of this tick (BEHAVIORS.md, "Integration"):
 *   f = truncate(force, maxForce); v = truncate(v + f / mass, maxSpeed); p = p + v; edges.
 * Wrap keeps the overshoot (x ≥ W gives x − W, exactly, by `%`); bounce clamps to the border and
 * negates that velocity component. The heading follows the velocity while it is not (nearly) zero.
 * A type with a maxTurnRate turns its velocity by at most that per tick before it moves
 * (runtime/orientation.ts).
 */
export function integrate(world: World): void {
  if (world.walls.solidCount > 0) {
    integrateWalls(world);
    return;
  }
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
    const turn = a.turn;
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
      if (turn !== null) {
        // the turn limit (BEHAVIORS.md, "Orientation"), only in a type with a maxTurnRate
        const tv = _turnV;
        tv[0] = vx;
        tv[1] = vy;
        limitTurn(tv, 0, head, ix, turn);
        vx = tv[0];
        vy = tv[1];
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

/**
 * `integrate` for a world with solid walls. Its first half (the force and speed caps) repeats
 * integrate's on purpose: a shared helper would take and return computed numbers, which V8 boxes
 * on a call it does not inline, and a branch inside integrate's loop would cost every world
 * without walls (the bar: no cost when unused). Change both together.
 */
function integrateWalls(world: World): void {
  const Wl = world.walls;
  const out = _move;
  let contacts = 0;
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
    const turn = a.turn;
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
      // p = p + v through the solid walls (BEHAVIORS.md, Walls (a)). With bounce edges the move
      // goes to the border point the edges' clamp would give, so the walls' step checks the path the
      // agent really takes: a move that left the world round the end of a wall touching the edge,
      // and the clamp brought back on the wall's far side, would otherwise cross it.
      if (turn !== null) {
        // the turn limit (BEHAVIORS.md, "Orientation"), only in a type with a maxTurnRate
        const tv = _turnV;
        tv[0] = vx;
        tv[1] = vy;
        limitTurn(tv, 0, head, ix, turn);
        vx = tv[0];
        vy = tv[1];
      }
      const x0 = pos[ix];
      const y0 = pos[iy];
      const tx = x0 + vx;
      const ty = y0 + vy;
      out[0] = x0;
      out[1] = y0;
      out[2] = vx;
      out[3] = vy;
      out[4] = wrap ? vx : Math.min(Math.max(tx, 0), W) - x0;
      out[5] = wrap ? vy : Math.min(Math.max(ty, 0), H) - y0;
      if (moveThroughWalls(Wl, out, null)) contacts++;
      let x = out[0];
      let y = out[1];
      vx = out[2];
      vy = out[3];
      if (!wrap) {
        // the bounce: the velocity's component toward an edge the move reached is negated
        if (tx < 0 ? x <= EPS : tx > W ? x >= W - EPS : false) vx = -vx;
        if (ty < 0 ? y <= EPS : ty > H ? y >= H - EPS : false) vy = -vy;
        x = Math.min(Math.max(x, 0), W);
        y = Math.min(Math.max(y, 0), H);
      } else {
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
  world.wallContacts += contacts;
}

/** The turn limit's velocity in and out (limitTurn's io). */
const _turnV = new Float64Array(2);
/** moveThroughWalls's argument and result: x, y, vx, vy, then the displacement (read only). */
const _move = new Float64Array(6);
/** A double 0 (a literal 0 is a small integer, and a variable that is either boxes). */
const _zero = new Float64Array(1);
/** The cell ranges of a move: first and last column and row in the world's grid, then in the outer grid (none: rows 0 to −1). */
const _range = new Int32Array(8);
/** The segments hit during one agent's step. */
const _hits = new Int32Array(4);

/**
 * The solid walls' step of the integrator (BEHAVIORS.md, Walls (a), steps 1–5), replacing
 * `p = p + v`: from p = (io[0], io[1]) with velocity v = (io[2], io[3]), moves along v, stopping ε
 * before each wall the move would cross (along the move), sliding along it, at most 4 contacts; a
 * segment met twice is a wedge (v = 0). Only the walls' own segments (before `edgeFirst`). Writes
 * the final position and velocity back into `io` and returns whether a contact acted. (The numbers
 * travel in an array: a call V8 does not inline boxes each computed number passed to it.) `trace` (tests only; the
 * integrator passes null) receives the path: trace[0] = the number of points after p, then their
 * x, y (each stop before a wall, then the end).
 */
export function moveThroughWalls(Wl: Walls, io: Float64Array, trace: Float64Array | null = null): boolean {
  const S = Wl.seg;
  const solid = Wl.solid;
  const edgeFirst = Wl.edgeFirst;
  const gx = Wl.gx;
  const start = Wl.cellStart;
  const items = Wl.cellItems;
  const stamps = Wl.stamps;
  let qx = io[0];
  let qy = io[1];
  let vx = io[2];
  let vy = io[3];
  // the displacement: io[4], io[5] when given (the integrator's, clamped to bounce edges), else v
  let rx = io.length > 5 ? io[4] : vx;
  let ry = io.length > 5 ? io[5] : vy;
  let contacts = 0;
  for (;;) {
    const ex = qx + rx;
    const ey = qy + ry;
    // (doubles from the start: a variable that is a small integer or a double is boxed by V8)
    let bestT = Infinity;
    let bestK = -1;
    let bestS0 = Infinity;
    let bestS1 = Infinity;
    // candidates: the cells of the move's bounding box (g = 0: the world's grid; g = 1: the outer
    // grid, when the move leaves the world), or every segment (too many cells, or no grid)
    let all = gx === 0;
    let stamp = 0;
    if (!all) {
      const cell = Wl.cell;
      const fc0 = Math.floor(((qx < ex ? qx : ex) - Wl.gx0) / cell);
      const fc1 = Math.floor(((qx < ex ? ex : qx) - Wl.gx0) / cell);
      const fr0 = Math.floor(((qy < ey ? qy : ey) - Wl.gy0) / cell);
      const fr1 = Math.floor(((qy < ey ? ey : qy) - Wl.gy0) / cell);
      const c0 = fc0 > 0 ? (fc0 < gx ? fc0 | 0 : gx - 1) : 0;
      const c1 = fc1 > 0 ? (fc1 < gx ? fc1 | 0 : gx - 1) : 0;
      const r0 = fr0 > 0 ? (fr0 < Wl.gy ? fr0 | 0 : Wl.gy - 1) : 0;
      const r1 = fr1 > 0 ? (fr1 < Wl.gy ? fr1 | 0 : Wl.gy - 1) : 0;
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > Wl.count) all = true;
      else {
        stamp = Wl.nextStamp();
        _range[0] = c0;
        _range[1] = c1;
        _range[2] = r0;
        _range[3] = r1;
        _range[4] = 0;
        _range[5] = 0;
        _range[6] = 0;
        _range[7] = -1;
        const ogx = Wl.ogx;
        if (ogx > 0 && (qx < Wl.gx0 || ex < Wl.gx0 || qx > Wl.gx1 || ex > Wl.gx1 || qy < Wl.gy0 || ey < Wl.gy0 || qy > Wl.gy1 || ey > Wl.gy1)) {
          const ocell = Wl.ocell;
          const ogy = Wl.ogy;
          const fa0 = Math.floor(((qx < ex ? qx : ex) - Wl.ox0) / ocell);
          const fa1 = Math.floor(((qx < ex ? ex : qx) - Wl.ox0) / ocell);
          const fb0 = Math.floor(((qy < ey ? qy : ey) - Wl.oy0) / ocell);
          const fb1 = Math.floor(((qy < ey ? ey : qy) - Wl.oy0) / ocell);
          _range[4] = fa0 > 0 ? (fa0 < ogx ? fa0 | 0 : ogx - 1) : 0;
          _range[5] = fa1 > 0 ? (fa1 < ogx ? fa1 | 0 : ogx - 1) : 0;
          _range[6] = fb0 > 0 ? (fb0 < ogy ? fb0 | 0 : ogy - 1) : 0;
          _range[7] = fb1 > 0 ? (fb1 < ogy ? fb1 | 0 : ogy - 1) : 0;
        }
      }
    }
    for (let g = 0; g < (all ? 1 : 2); g++) {
      const width = g === 0 ? gx : Wl.ogx;
      const base = g === 0 ? 0 : Wl.outerFirst;
      const cA = _range[4 * g];
      const cB = _range[4 * g + 1];
      const rA = all ? 0 : _range[4 * g + 2];
      const rB = all ? 0 : _range[4 * g + 3];
      for (let rr = rA; rr <= rB; rr++) {
      const jStart = all ? 0 : start[base + rr * width + cA];
      const jEnd = all ? edgeFirst : start[base + rr * width + cB + 1];
      for (let j = jStart; j < jEnd; j++) {
        let k = j;
        if (!all) {
          k = items[j];
          if (k >= edgeFirst || stamps[k] === stamp) continue;
          stamps[k] = stamp;
        } else if (solid[k] === 0) continue;
        const o = SEG * k;
        const ax = S[o];
        const ay = S[o + 1];
        const nx = S[o + 4];
        const ny = S[o + 5];
        const s0 = (qx - ax) * nx + (qy - ay) * ny;
        if (s0 === 0) continue;
        const s1 = (ex - ax) * nx + (ey - ay) * ny;
        if (s0 > 0 ? s1 > 0 : s1 < 0) continue;
        const t = s0 / (s0 - s1);
        const mu = (qx + rx * t - ax) * S[o + 2] + (qy + ry * t - ay) * S[o + 3];
        if (!(mu >= -EPS && mu <= S[o + 6] + EPS)) continue;
        if (t < bestT || (t === bestT && k < bestK)) {
          bestT = t;
          bestK = k;
          bestS0 = s0;
          bestS1 = s1;
        }
      }
      }
    }
    if (bestK < 0) {
      qx = ex;
      qy = ey;
      break;
    }
    // 3. stop short of it along the move
    const a0 = bestS0 < 0 ? -bestS0 : bestS0;
    const a1 = bestS1 < 0 ? -bestS1 : bestS1;
    const tb = a0 > EPS ? (a0 - EPS) / (a0 + a1) : _zero[0];
    qx = qx + rx * tb;
    qy = qy + ry * tb;
    if (trace !== null) {
      const n = ++trace[0];
      trace[2 * n - 1] = qx;
      trace[2 * n] = qy;
    }
    // 4. slide; remove the velocity into the wall
    const o = SEG * bestK;
    const nx = S[o + 4];
    const ny = S[o + 5];
    rx = rx * (1 - tb);
    ry = ry * (1 - tb);
    const rn = rx * nx + ry * ny;
    rx = rx - nx * rn;
    ry = ry - ny * rn;
    const vn = vx * nx + vy * ny;
    if (bestS0 > 0 ? vn < 0 : vn > 0) {
      vx = vx - nx * vn;
      vy = vy - ny * vn;
    }
    // 5. a segment met twice: wedged
    let again = false;
    for (let h = 0; h < contacts; h++) if (_hits[h] === bestK) again = true;
    if (again) {
      vx = _zero[0];
      vy = _zero[0];
      contacts++;
      break;
    }
    _hits[contacts++] = bestK;
    if (contacts === 4) break;
  }
  if (trace !== null) {
    const n = ++trace[0];
    trace[2 * n - 1] = qx;
    trace[2 * n] = qy;
  }
  io[0] = qx;
  io[1] = qy;
  io[2] = vx;
  io[3] = vy;
  return contacts > 0;
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
