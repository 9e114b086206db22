import type { Agents, Path } from '../world';

/**
 * Follow Path: seek the current waypoint; when closer than the threshold, advance to the next (back
 * to the first on a looped path, staying on the last of an open one). On the last waypoint of an
 * open path, arrive there instead of seeking, so the agent comes to rest. An empty path gives 0.
 * Like Seek and Arrive, the force is (desired − v) · mass.
 * Memory (1 slot at offset m): the waypoint index, starting at 0 (or −1 until joinNearest picks one).
 */
export function followPath(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  m: number,
  path: Path,
  threshold: number,
  slowingRadius: number,
): void {
  const n = path.n;
  if (n === 0) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const mi = i * A.memStride + m;
  const pts = path.pts;
  let w = A.mem[mi];
  w = w >= 0 && w < n ? Math.floor(w) : w >= n ? n - 1 : 0;
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  let wx = pts[2 * w];
  let wy = pts[2 * w + 1];
  const dx = x - wx;
  const dy = y - wy;
  if (dx * dx + dy * dy < threshold * threshold) {
    if (w < n - 1) w++;
    else if (path.loop) w = 0;
    wx = pts[2 * w];
    wy = pts[2 * w + 1];
  }
  A.mem[mi] = w;
  // steer = arrive(w) on the last waypoint of an open path, else seek(w), written out (see seek.ts:
  // no call with computed numbers)
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const S = A.maxSpeed[i];
  const tx = wx - x;
  const ty = wy - y;
  const d = Math.sqrt(tx * tx + ty * ty);
  const ms = A.mass;
  if (d > 0) {
    const k = !path.loop && w === n - 1 && !(d > slowingRadius) ? S / slowingRadius : S / d;
    out[o] = (tx * k - vx) * ms;
    out[o + 1] = (ty * k - vy) * ms;
  } else {
    out[o] = -vx * ms;
    out[o + 1] = -vy * ms;
  }
}

/**
 * Whether agent `i` has finished an open path, as Follow Path's memory (waypoint index at `m`) says:
 * its index is the last waypoint and it is within `threshold` of it. An empty path is finished; a
 * looped one never is. Reads only.
 */
export function pathFinished(A: Agents, i: number, m: number, path: Path, threshold: number): boolean {
  const n = path.n;
  if (n === 0) return true;
  if (path.loop) return false;
  const w = A.mem[i * A.memStride + m];
  if (!(w >= n - 1)) return false;
  const dx = A.pos[2 * i] - path.pts[2 * n - 2];
  const dy = A.pos[2 * i + 1] - path.pts[2 * n - 1];
  return dx * dx + dy * dy < threshold * threshold;
}

/**
 * Start at: nearest waypoint. While the waypoint index is negative (a fresh agent, or one whose
 * state reset its memory on enter), set it to the waypoint nearest to the agent: least squared
 * distance, ties to the lower index. An empty path leaves it alone (Follow Path gives 0 there).
 */
export function joinNearest(A: Agents, i: number, m: number, path: Path): void {
  const mi = i * A.memStride + m;
  if (!(A.mem[mi] < 0)) return;
  const n = path.n;
  if (n === 0) return;
  const pts = path.pts;
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  let best = 0;
  let best2 = Infinity;
  for (let k = 0; k < n; k++) {
    const dx = pts[2 * k] - x;
    const dy = pts[2 * k + 1] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < best2) {
      best2 = d2;
      best = k;
    }
  }
  A.mem[mi] = best;
}
