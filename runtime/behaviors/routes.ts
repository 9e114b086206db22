import { EVENT_NAMED, EVENT_ROUTE_FINISHED } from '../events';
import { Path, type Agents, type World } from '../world';
import { followPath, pathFinished } from './follow-path';

/** The path of no route: Follow Path gives 0 on it and counts it finished. */
const NO_ROUTE = new Path('', [], false);

/**
 * Own Route: agent `i`'s own route (world.setRoute), else the fallback path (a scene path, or null:
 * none, then an empty path, which Follow Path counts finished).
 */
export function ownRoute(A: Agents, i: number, fallback: Path | null): Path {
  const r = A.routes;
  const p = r === null ? null : r[i];
  return p !== null ? p : fallback !== null ? fallback : NO_ROUTE;
}

/**
 * Follow Path fed by Own Route: Follow Path, and a route-finished event the first tick the agent's
 * own route is finished (as `pathFinished` says). Memory: the waypoint index at `m` and at `m + 1`
 * whether the event was reported (setRoute and clearRoute reset both).
 */
export function followRoute(W: World, out: Float64Array, o: number, A: Agents, i: number, m: number, path: Path, threshold: number, slowingRadius: number): void {
  followPath(out, o, A, i, m, path, threshold, slowingRadius);
  const r = A.routes;
  if (r === null || r[i] !== path) return;
  const mi = i * A.memStride + m + 1;
  if (A.mem[mi] !== 0 || !pathFinished(A, i, m, path, threshold)) return;
  A.mem[mi] = 1;
  W.noteEvent(EVENT_ROUTE_FINISHED, A.index, i, 0);
}

/**
 * Emit Event: logs event `name` (the index of the type's event names) for agent `i` on each tick its
 * condition becomes true (edge-triggered: memory at `m` holds last tick's value).
 */
export function emitEvent(W: World, A: Agents, i: number, m: number, name: number, when: boolean): void {
  const mi = i * A.memStride + m;
  const was = A.mem[mi] !== 0;
  A.mem[mi] = when ? 1 : 0;
  if (when && !was) W.noteEvent(EVENT_NAMED, A.index, i, name);
}
