/**
 * Routes and dynamic paths (docs/module.md, "Routes"): the checks and the changes behind the module
 * API's `setPath`, `setRoute`, `clearRoute` and `route`. A scene path replaced at run time keeps its
 * slot in `World.paths` (generated code reads `W.paths[j]` each time), so everything following it
 * follows the new points at once; an agent's own route is a `Path` in `Agents.routes` (null: none),
 * which an Own Route node reads.
 */
import { resetMemory } from './behaviors/states';
import { LIMITS, describe as show } from './checks';
import { Path, type Agents, type World } from './world';

/** A route's or path's points as a game passes them: [x, y] pairs. */
export type Points = ReadonlyArray<readonly [number, number]>;

/**
 * Throws, naming the method and the first bad entry, unless `points` is an array of at most
 * LIMITS.pointsPerPath [x, y] pairs of finite numbers within the coordinate range.
 */
export function checkPoints(method: string, points: unknown): asserts points is Points {
  const C = LIMITS.coordinate;
  const max = LIMITS.pointsPerPath;
  if (!Array.isArray(points)) throw new Error(`${method}: points: expected an array of [x, y] points (at most ${max}), got ${show(points)}`);
  if (points.length > max) throw new Error(`${method}: points: expected at most ${max} points, got ${points.length}`);
  for (let k = 0; k < points.length; k++) {
    const p: unknown = points[k];
    const ok = (v: unknown) => typeof v === 'number' && v >= -C && v <= C;
    if (!Array.isArray(p) || p.length !== 2 || !ok(p[0]) || !ok(p[1])) {
      const got = Array.isArray(p) ? `[${p.map((v) => show(v)).join(', ')}]` : k in points ? show(p) : 'a hole in the array';
      throw new Error(`${method}: points[${k}]: expected [x, y] with x and y from -${C} to ${C} px, got ${got}`);
    }
  }
}

/** The index of scene path `id` in `world.paths`; throws naming `method` and the scene's path ids. */
export function pathIndex(world: World, method: string, id: unknown): number {
  const j = typeof id === 'string' ? world.paths.findIndex((p) => p.id === id) : -1;
  if (j < 0) {
    const ids = world.paths.map((p) => JSON.stringify(p.id)).join(', ') || 'none';
    throw new Error(`${method}: id: expected the id of a path of the scene (${ids}), got ${show(id)}`);
  }
  return j;
}

/**
 * Replaces scene path `id` (checked first: nothing changes on a bad call). `loop` undefined keeps
 * the path's own. An agent following it keeps its waypoint index: one past the new last waypoint
 * reads as the last (Follow Path clamps it).
 */
export function setPath(world: World, id: unknown, points: unknown, loop?: unknown): void {
  const j = pathIndex(world, 'setPath', id);
  checkPoints('setPath', points);
  if (loop !== undefined && typeof loop !== 'boolean') throw new Error(`setPath: loop: expected true, false or nothing (keep the path's own), got ${show(loop)}`);
  world.paths[j] = new Path(world.paths[j].id, points, loop ?? world.paths[j].loop);
  world.pathsChanged = true;
}

/** Agent `i`'s route: a fresh copy of its points, or null when it has none. */
export function routeOf(a: Agents, i: number): [number, number][] | null {
  const r = a.routes?.[i];
  if (!r) return null;
  const out: [number, number][] = [];
  for (let k = 0; k < r.n; k++) out.push([r.pts[2 * k], r.pts[2 * k + 1]]);
  return out;
}

/**
 * Gives agent `i` its own route (checked points; null clears it) and restarts what follows it: the
 * memory `reset` lists ([offset, size, …], the Follow Path nodes an Own Route feeds) returns to its
 * defaults, so the agent starts again at the first waypoint and a new route-finished event can come.
 */
export function assignRoute(a: Agents, i: number, points: Points | null, reset: ArrayLike<number> | undefined): void {
  if (points === null) {
    if (a.routes) a.routes[i] = null;
  } else {
    const routes = (a.routes ??= newRoutes(a.count));
    routes[i] = new Path('', points, false);
  }
  if (reset && reset.length) resetMemory(a, i, reset);
}

/** n empty routes (a packed array of nulls, not a holey one). */
export function newRoutes(n: number): (Path | null)[] {
  const out: (Path | null)[] = [];
  for (let i = 0; i < n; i++) out.push(null);
  return out;
}

/** Each agent's route points (x0, y0, x1, …; null: none), for a snapshot; undefined when no agent has one. */
export function routePoints(a: Agents): (Float64Array | null)[] | undefined {
  const r = a.routes;
  if (!r || !r.some((p) => p !== null)) return undefined;
  return r.slice(0, a.count).map((p) => (p ? p.pts : null));
}

/** Sets a type's routes from checked snapshot data: per agent null or x0, y0, x1, … (an even count). */
export function restoreRoutes(a: Agents, data: ReadonlyArray<ArrayLike<number> | null>): void {
  const routes = newRoutes(a.count);
  for (let i = 0; i < a.count && i < data.length; i++) {
    const d = data[i];
    if (d) routes[i] = pathOf('', d, false);
  }
  a.routes = routes;
}

/** A path of flat coordinates x0, y0, x1, … */
export function pathOf(id: string, d: ArrayLike<number>, loop: boolean): Path {
  const pts: [number, number][] = [];
  for (let k = 0; k + 1 < d.length; k += 2) pts.push([d[k], d[k + 1]]);
  return new Path(id, pts, loop);
}
