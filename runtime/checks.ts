/**
 * The checks a world applies to what it is built from and what a game passes it (an Error naming
 * the field, what it accepts and what it got), and the limits they hold values to. Out of world.ts,
 * which builds and holds the state; world.ts re-exports what other modules import.
 */
import type { ObstacleSpec, WorldSpec } from './world';
import type { WallSpec } from './walls';

export function fail(field: string, expected: string, got: unknown): never {
  throw new Error(`${field}: expected ${expected}, got ${describe(got)}`);
}

export function describe(v: unknown): string {
  if (v === HOLE) return 'a hole in the array';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (v === undefined) return 'nothing';
  return typeof v === 'object' ? (v === null ? 'null' : Array.isArray(v) ? 'an array' : 'an object') : String(v);
}

/** What {@link describe} says of an array's hole. */
export const HOLE = Symbol('hole');

export function checkNumber(v: unknown, field: string, min = -Infinity, minInclusive = true): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(field, 'a finite number', v);
  if (minInclusive ? v < min : v <= min) fail(field, `a number ${minInclusive ? '≥' : '>'} ${min}`, v);
  return v;
}

/** Throws unless v is a number from min to max (the loader's message: `expected a number from 0 to 1000000 px`). */
export function checkRange(v: unknown, field: string, min: number, max: number, unit: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(field, 'a finite number', v);
  if (v < min || v > max) fail(field, `a number from ${min} to ${max} ${unit}`, v);
  return v;
}

/**
 * The scene loader's ranges and limits (src/document/schema.ts, RANGES and LIMITS), mirrored here
 * because runtime/ cannot import src/: the module API holds what a game passes it, and what a
 * snapshot brings, to what a loaded scene may hold (tests/module/limits.test.ts checks that the
 * two agree). Within these bounds no squared distance or speed comes near overflow.
 */
export const LIMITS = {
  /** RANGES.coordinate: |x|, |y| of any position (agents, obstacles, targets, the pointer), px. */
  coordinate: 10_000_000,
  /** RANGES.obstacleRadius.max, px. */
  obstacleRadius: 1_000_000,
  /** RANGES.obstacleVelocity: |vx|, |vy| of a drifting obstacle, px/tick. */
  obstacleVelocity: 10_000,
  /** RANGES.maxSpeed.max, px/tick (an agent's own is the type's × up to 2 with variation). */
  maxSpeed: 10_000,
  /** RANGES.maxForce.max, px/tick². */
  maxForce: 10_000,
  /** RANGES.count.max: agents of one type. */
  count: 100_000,
  /** LIMITS.agentsTotal: agents of all types together. */
  agentsTotal: 200_000,
  /** LIMITS.walls: walls in a world. */
  walls: 2000,
  /** LIMITS.pointsPerWall: points of one wall. */
  pointsPerWall: 10_000,
  /** LIMITS.wallPoints: points of all walls together. */
  wallPoints: 50_000,
  /** LIMITS.pointsPerPath: points of one path (`setPath`) and of one agent's route (`setRoute`). */
  pointsPerPath: 10_000,
} as const;

/**
 * The most agents of one type a world holds: what a scene may ask for (100,000). Beyond it memory
 * runs out before anything says why (each agent takes over 100 bytes), and a tick takes seconds.
 */
export const MAX_COUNT = LIMITS.count;

/** The most agents of all types together (200,000), as the loader allows a scene. */
export const MAX_AGENTS = LIMITS.agentsTotal;

/** Throws unless n is a whole number from 0 to MAX_COUNT. */
export function checkCount(n: unknown, field: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) fail(field, 'a whole number ≥ 0', n);
  if (n > MAX_COUNT) fail(field, `a whole number ≤ ${MAX_COUNT}`, n);
  return n;
}

/** Throws unless the seed is a whole number from 0 to 4294967295. */
export function checkSeed(seed: unknown, field: string): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    fail(field, 'a whole number from 0 to 4294967295', seed);
  }
  return seed;
}

export function checkObstacle(c: ObstacleSpec, field: string): void {
  if (typeof c !== 'object' || c === null) fail(field, 'a circle { x, y, r }', c);
  const C = LIMITS.coordinate;
  const V = LIMITS.obstacleVelocity;
  checkRange(c.x, `${field}.x`, -C, C, 'px');
  checkRange(c.y, `${field}.y`, -C, C, 'px');
  checkRange(c.r, `${field}.r`, 0, LIMITS.obstacleRadius, 'px');
  if (c.vx !== undefined) checkRange(c.vx, `${field}.vx`, -V, V, 'px/tick');
  if (c.vy !== undefined) checkRange(c.vy, `${field}.vy`, -V, V, 'px/tick');
}

/**
 * Throws an Error naming the first entry of `walls` that cannot be simulated (BEHAVIORS.md,
 * "Walls"): an array of at most LIMITS.walls walls { id (a string, unique), points (at least 2,
 * a closed wall at least 3, at most LIMITS.pointsPerWall; [x, y] within LIMITS.coordinate),
 * closed (boolean), solid (optional boolean) }, LIMITS.wallPoints points in all. `field` names the
 * array in the messages (`walls[2].points[5][1]: expected …, got …`).
 */
export function checkWalls(walls: unknown, field: string): asserts walls is ReadonlyArray<WallSpec> {
  if (!Array.isArray(walls)) fail(field, 'an array of walls { id, points, closed, solid? }', walls);
  if (walls.length > LIMITS.walls) fail(field, `at most ${LIMITS.walls} walls`, walls.length);
  const C = LIMITS.coordinate;
  const seen = new Set<string>();
  let total = 0;
  for (let k = 0; k < walls.length; k++) {
    const f = `${field}[${k}]`;
    if (!(k in walls)) fail(f, 'a wall { id, points, closed, solid? }', HOLE);
    const w: unknown = walls[k];
    if (typeof w !== 'object' || w === null || Array.isArray(w)) fail(f, 'a wall { id, points, closed, solid? }', w);
    const { id, points, closed, solid } = w as Record<string, unknown>;
    if (typeof id !== 'string') fail(`${f}.id`, 'a string', id);
    if (seen.has(id)) fail(`${f}.id`, 'an id no other wall has', id);
    seen.add(id);
    if (typeof closed !== 'boolean') fail(`${f}.closed`, 'true or false', closed);
    if (solid !== undefined && typeof solid !== 'boolean') fail(`${f}.solid`, 'true, false or nothing', solid);
    if (!Array.isArray(points)) fail(`${f}.points`, 'an array of [x, y]', points);
    const min = closed ? 3 : 2;
    if (points.length < min) fail(`${f}.points`, `at least ${min} points${closed ? ' (a closed wall)' : ''}`, points.length);
    if (points.length > LIMITS.pointsPerWall) fail(`${f}.points`, `at most ${LIMITS.pointsPerWall} points`, points.length);
    total += points.length;
    if (total > LIMITS.wallPoints) fail(`${f}.points`, `at most ${LIMITS.wallPoints} points in all walls together`, total);
    for (let j = 0; j < points.length; j++) {
      const pf = `${f}.points[${j}]`;
      if (!(j in points)) fail(pf, 'a point [x, y]', HOLE);
      const pt: unknown = points[j];
      if (!Array.isArray(pt) || pt.length !== 2) fail(pf, 'a point [x, y]', pt);
      checkRange(pt[0], `${pf}[0]`, -C, C, 'px');
      checkRange(pt[1], `${pf}[1]`, -C, C, 'px');
    }
  }
}

/** Throws an Error naming the first field of `spec` that cannot be simulated. */
export function checkWorldSpec(spec: WorldSpec): void {
  if (typeof spec !== 'object' || spec === null) fail('world', 'an object', spec);
  checkNumber(spec.width, 'width', 0, false);
  checkNumber(spec.height, 'height', 0, false);
  if (spec.edges !== 'wrap' && spec.edges !== 'bounce') fail('edges', '"wrap" or "bounce"', spec.edges);
  checkSeed(spec.seed, 'seed');
  if (!Array.isArray(spec.agentTypes)) fail('agentTypes', 'an array', spec.agentTypes);
  let total = 0;
  for (const key of ['obstacles', 'paths', 'targets'] as const) {
    if (spec[key] !== undefined && !Array.isArray(spec[key])) fail(key, 'an array', spec[key]);
  }
  if (spec.walls !== undefined) checkWalls(spec.walls, 'walls');
  (spec.paths ?? []).forEach((p, k) => {
    if (typeof p !== 'object' || p === null) fail(`paths[${k}]`, 'a path { id, points, loop }', p);
    if (!Array.isArray(p.points)) fail(`paths[${k}].points`, 'an array of [x, y]', p.points);
    p.points.forEach((pt, j) => {
      checkNumber(pt?.[0], `paths[${k}].points[${j}][0]`);
      checkNumber(pt?.[1], `paths[${k}].points[${j}][1]`);
    });
  });
  (spec.targets ?? []).forEach((t, k) => {
    if (typeof t !== 'object' || t === null) fail(`targets[${k}]`, 'a target { name, x, y }', t);
    checkNumber(t.x, `targets[${k}].x`);
    checkNumber(t.y, `targets[${k}].y`);
  });
  spec.agentTypes.forEach((t, k) => {
    const f = `agentTypes[${k}]`;
    if (typeof t !== 'object' || t === null) fail(f, 'an agent type', t);
    if (typeof t.id !== 'string') fail(`${f}.id`, 'a string', t.id);
    total += checkCount(t.count, `${f}.count`);
    checkNumber(t.mass, `${f}.mass`, 0, false);
    checkNumber(t.maxSpeed, `${f}.maxSpeed`, 0);
    checkNumber(t.maxForce, `${f}.maxForce`, 0);
    const s = t.spawn;
    if (s !== undefined) {
      if (typeof s !== 'object' || s === null) fail(`${f}.spawn`, 'a rectangle { x, y, width, height, speed, shape }', s);
      for (const key of ['x', 'y', 'width', 'height', 'speed'] as const) {
        if (s[key] !== undefined) checkNumber(s[key], `${f}.spawn.${key}`, 0);
      }
      if (s.shape !== undefined && s.shape !== 'area' && s.shape !== 'ring') fail(`${f}.spawn.shape`, '"area" or "ring"', s.shape);
    }
    const v = t.variation;
    if (v !== undefined) {
      if (typeof v !== 'object' || v === null) fail(`${f}.variation`, 'an object { maxSpeed, maxForce }', v);
      for (const key of ['maxSpeed', 'maxForce'] as const) {
        if (v[key] !== undefined) {
          const x = checkNumber(v[key], `${f}.variation.${key}`, 0);
          if (x > 1) fail(`${f}.variation.${key}`, 'a fraction from 0 to 1', x);
        }
      }
    }
  });
  if (total > MAX_AGENTS) fail('agentTypes', `at most ${MAX_AGENTS} agents in all types together`, total);
}
