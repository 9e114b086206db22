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
 * Follow Path fed by Own Route: Follow Path, and a route-finished event the first time the agent's
 * own route is seen finished (`routeFinished`). Memory: the waypoint index at `m` and at `m + 1`
 * whether the event was reported (setRoute and clearRoute reset both).
 */
export function followRoute(W: World, out: Float64Array, o: number, A: Agents, i: number, m: number, path: Path, threshold: number, slowingRadius: number): void {
  followPath(out, o, A, i, m, path, threshold, slowingRadius);
  routeFinished(W, A, i, m, path, threshold);
}

/**
 * Follow Path's Finished fed by Own Route: `pathFinished`; the first time it holds for the agent's
 * own route (not its fallback), a route-finished event is logged. Called where Finished feeds a Go
 * to State as well as after Follow Path moves on, so the event comes on the tick the route is seen
 * finished even when the agent leaves the state at once. Its only write is that one-time flag.
 */
export function routeFinished(W: World, A: Agents, i: number, m: number, path: Path, threshold: number): boolean {
  const done = pathFinished(A, i, m, path, threshold);
  if (!done) return false;
  const r = A.routes;
  if (r === null || r[i] !== path) return true;
  const mi = i * A.memStride + m + 1;
  if (A.mem[mi] === 0) {
    A.mem[mi] = 1;
    W.noteEvent(EVENT_ROUTE_FINISHED, A.index, i, 0);
  }
  return true;
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
