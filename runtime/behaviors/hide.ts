import { clearSight } from './conditions';
import { arrive } from './arrive';
import { evade } from './evade';
import { flee } from './flee';
import type { Agents, World } from '../world';

/** The hiding spot chosen this call (Arrive reads it as a point). */
const _spot = new Float64Array(2);

/** Whether the point X[x], X[x + 1] is inside the polygon with these points (x0, y0, …), by the even-odd rule. */
function insidePolygon(Pts: Float64Array, X: Float64Array, x: number): boolean {
  const px = X[x];
  const py = X[x + 1];
  const m2 = Pts.length;
  let inside = false;
  for (let j = 0; j < m2; j += 2) {
    const ax = Pts[j];
    const ay = Pts[j + 1];
    const b = j + 2 < m2 ? j + 2 : 0;
    const bx = Pts[b];
    const by = Pts[b + 1];
    if (ay > py !== by > py && px < ax + ((py - ay) * (bx - ax)) / (by - ay)) inside = !inside;
  }
  return inside;
}

/**
 * Where agent i of A hides from the threat at T[t], T[t + 1] (BEHAVIORS.md, "Hide and Interpose"):
 * 1 with the spot in `_spot`, 0 for no force (the threat is beyond the threat distance, or, with
 * `whenSeen`, cannot see the agent), −1 when there is no spot (the caller evades).
 *
 * Circles, as Buckland: spot = c + (c − t) · ((r + buffer) / |c − t|), skipped when c = t.
 * Closed solid walls (our rule; BEHAVIORS.md names circles only): a closed solid wall with at
 * least 3 segments and an area is taken as its bounding circle about the mean of its points
 * (c = mean, r = the greatest |point − c|), and gives the spot c + (c − t) · ((r + buffer) / |c − t|),
 * kept only when neither the agent nor the threat is inside the polygon (even-odd: a room the
 * agent stands in is no cover) and the threat does not see the spot (a concave polygon may leave
 * it in view). So the spot lies outside the polygon, on the far side from the threat.
 * The nearest spot to the agent wins (least |spot − p|²); ties: circles by index, then walls in
 * order. Walls are looked at only when the world has solid walls.
 */
function hideSpot(W: World, A: Agents, i: number, T: Float64Array, t: number, buffer: number, threatDistance: number, whenSeen: boolean): number {
  const px = A.pos[2 * i];
  const py = A.pos[2 * i + 1];
  const tx = T[t];
  const ty = T[t + 1];
  const ex = tx - px;
  const ey = ty - py;
  if (threatDistance > 0 && ex * ex + ey * ey >= threatDistance * threatDistance) return 0;
  if (whenSeen && !clearSight(W, tx, ty, px, py)) return 0;
  let best2 = Infinity;
  let found = false;
  const C = W.obstacles;
  for (let k = 0, count = W.obstacleCount; k < count; k++) {
    const b = 5 * k;
    const cx = C[b];
    const cy = C[b + 1];
    const dx = cx - tx;
    const dy = cy - ty;
    const dd = dx * dx + dy * dy;
    if (dd === 0) continue;
    const q = (C[b + 2] + buffer) / Math.sqrt(dd);
    const sx = cx + dx * q;
    const sy = cy + dy * q;
    const fx = sx - px;
    const fy = sy - py;
    const f2 = fx * fx + fy * fy;
    if (f2 < best2) {
      best2 = f2;
      _spot[0] = sx;
      _spot[1] = sy;
      found = true;
    }
  }
  const Wl = W.walls;
  if (Wl.solidCount > 0) {
    for (let w = 0, nw = Wl.first.length; w < nw; w++) {
      if (Wl.closed[w] === 0 || Wl.segments[w] < 3 || Wl.sigma[w] === 0 || Wl.solid[Wl.first[w]] === 0) continue;
      const Pts = Wl.points[w];
      const m2 = Pts.length;
      let cx = 0;
      let cy = 0;
      for (let j = 0; j < m2; j += 2) {
        cx += Pts[j];
        cy += Pts[j + 1];
      }
      cx /= m2 / 2;
      cy /= m2 / 2;
      const dx = cx - tx;
      const dy = cy - ty;
      const dd = dx * dx + dy * dy;
      if (dd === 0) continue;
      let r2 = 0;
      for (let j = 0; j < m2; j += 2) {
        const ux = Pts[j] - cx;
        const uy = Pts[j + 1] - cy;
        const u2 = ux * ux + uy * uy;
        if (u2 > r2) r2 = u2;
      }
      const q = (Math.sqrt(r2) + buffer) / Math.sqrt(dd);
      const sx = cx + dx * q;
      const sy = cy + dy * q;
      const fx = sx - px;
      const fy = sy - py;
      const f2 = fx * fx + fy * fy;
      if (!(f2 < best2)) continue;
      if (insidePolygon(Pts, A.pos, 2 * i) || insidePolygon(Pts, T, t)) continue;
      if (clearSight(W, tx, ty, sx, sy)) continue;
      best2 = f2;
      _spot[0] = sx;
      _spot[1] = sy;
      found = true;
    }
  }
  return found ? 1 : -1;
}

/**
 * Hide from agent j of E (BEHAVIORS.md, "Hide and Interpose"): Arrive at the nearest hiding spot
 * behind a circle or a closed solid wall, seen from the threat's current position; with no spot,
 * Evade(E, j) with the same threat distance. 0 beyond the threat distance (0: no limit) and, with
 * `whenSeen`, while the threat cannot see the agent (line of sight past circles and walls).
 */
export function hide(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  W: World,
  E: Agents,
  j: number,
  buffer: number,
  slowingRadius: number,
  threatDistance: number,
  whenSeen: boolean,
): void {
  const r = hideSpot(W, A, i, E.pos, 2 * j, buffer, threatDistance, whenSeen);
  if (r > 0) arrive(out, o, A, i, _spot, 0, slowingRadius);
  else if (r < 0) evade(out, o, A, i, E, j, threatDistance);
  else {
    out[o] = 0;
    out[o + 1] = 0;
  }
}

/** Hide from a point T[t], T[t + 1] (velocity 0): as {@link hide}, with Flee(point) when there is no spot. */
export function hidePoint(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  W: World,
  T: Float64Array,
  t: number,
  buffer: number,
  slowingRadius: number,
  threatDistance: number,
  whenSeen: boolean,
): void {
  const r = hideSpot(W, A, i, T, t, buffer, threatDistance, whenSeen);
  if (r > 0) arrive(out, o, A, i, _spot, 0, slowingRadius);
  else if (r < 0) flee(out, o, A, i, T, t, threatDistance);
  else {
    out[o] = 0;
    out[o + 1] = 0;
  }
}
