import v8 from 'node:v8';
import { expect } from 'vitest';
import { World, type AgentTypeSpec, type Agents, type ObstacleSpec, type TypeLayout, type WorldSpec } from '../../runtime/world';
import { Rng, derivedRng, hashString } from '../../runtime/rng';
import { step, type ForceFn } from '../../runtime/step';
import { avoid } from '../../runtime/behaviors/avoid';
import { contain } from '../../runtime/behaviors/contain';
import { wander } from '../../runtime/behaviors/wander';
import { priorityAdd } from '../../runtime/behaviors/combine';

/** What a compiled Sum does for one input (it is emitted inline): out += weight · src. */
export function sumInto(out: Float64Array, o: number, src: Float64Array, k: number, weight: number): void {
  const fx = src[k];
  const fy = src[k + 1];
  out[o] = out[o] + weight * fx;
  out[o + 1] = out[o + 1] + weight * fy;
}

/** What a compiled Scale does (it is emitted inline): out = factor · src. */
export function scaleInto(out: Float64Array, o: number, src: Float64Array, k: number, factor: number): void {
  const fx = src[k];
  const fy = src[k + 1];
  out[o] = factor * fx;
  out[o + 1] = factor * fy;
}

/** A world spec with one agent type; fields can be overridden. */
export function spec(type: Partial<AgentTypeSpec> = {}, world: Partial<WorldSpec> = {}): WorldSpec {
  return {
    width: 800,
    height: 600,
    edges: 'wrap',
    seed: 1,
    agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2, ...type }],
    ...world,
  };
}

/** A world with one agent type, its first agent placed at (x, y) with velocity (vx, vy). */
export function oneAgent(
  x: number,
  y: number,
  vx = 0,
  vy = 0,
  type: Partial<AgentTypeSpec> = {},
  world: Partial<WorldSpec> = {},
  layout?: TypeLayout,
): World {
  const w = new World(spec(type, world), [layout]);
  const a = w.types[0];
  a.pos[0] = x;
  a.pos[1] = y;
  a.vel[0] = vx;
  a.vel[1] = vy;
  const s = Math.sqrt(vx * vx + vy * vy);
  if (s > 0) {
    a.head[0] = vx / s;
    a.head[1] = vy / s;
  }
  return w;
}

/** One agent's state for {@link place}: position, velocity (default 0), heading (default v/|v|). */
export interface AgentState {
  x: number;
  y: number;
  vx?: number;
  vy?: number;
  /** Heading; default v/|v|, or (1, 0) while v is zero (a new agent's heading). */
  hx?: number;
  hy?: number;
}

/** Sets agents 0, 1, … of a type to the given states (the rest keep their spawn state). */
export function place(agents: Agents, states: ReadonlyArray<AgentState>): void {
  states.forEach((s, i) => {
    const vx = s.vx ?? 0;
    const vy = s.vy ?? 0;
    const v = Math.sqrt(vx * vx + vy * vy);
    agents.pos[2 * i] = s.x;
    agents.pos[2 * i + 1] = s.y;
    agents.vel[2 * i] = vx;
    agents.vel[2 * i + 1] = vy;
    agents.head[2 * i] = s.hx ?? (v > 0 ? vx / v : 1);
    agents.head[2 * i + 1] = s.hy ?? (v > 0 ? vy / v : 0);
  });
}

/** (a[o], a[o + 1]) as a plain pair with −0 read as 0, so `toEqual` compares values exactly. */
export function pairAt(a: ArrayLike<number>, o = 0): [number, number] {
  return [a[o] + 0, a[o + 1] + 0];
}

/**
 * Asserts (a[o], a[o + 1]) equals (x, y) within `rel` of the expected vector's size: each component
 * within rel · max(|x|, |y|). For results computed in a different (but equally exact) order.
 */
export function expectNear(a: ArrayLike<number>, o: number, x: number, y: number, rel = 1e-15): void {
  const tol = rel * Math.max(Math.abs(x), Math.abs(y));
  const got = pairAt(a, o);
  const ok = Math.abs(got[0] - x) <= tol && Math.abs(got[1] - y) <= tol;
  expect(ok, `expected (${got[0]}, ${got[1]}) to be within ${rel} (relative) of (${x}, ${y})`).toBe(true);
}

/**
 * Bytes allocated on the JS heap per call of `tick`, after `warmup` calls that let V8 optimise it:
 * the median over 5 windows of `window` calls, each measured as the used heap's growth plus what
 * every GC in the window collected (the peer harness's gcWindowStart / gcWindowStop).
 */
export function bytesPerTick(tick: () => void, warmup = 400, window = 100): number {
  for (let t = 0; t < warmup; t++) tick();
  const perTick: number[] = [];
  for (let k = 0; k < 5; k++) {
    const profiler = new v8.GCProfiler();
    const used0 = v8.getHeapStatistics().used_heap_size;
    profiler.start();
    for (let t = 0; t < window; t++) tick();
    const data = profiler.stop();
    const used1 = v8.getHeapStatistics().used_heap_size;
    let bytes = 0;
    let prevAfter = used0;
    for (const e of data.statistics) {
      bytes += e.beforeGC.heapStatistics.usedHeapSize - prevAfter;
      prevAfter = e.afterGC.heapStatistics.usedHeapSize;
    }
    bytes += used1 - prevAfter;
    perTick.push(Math.max(0, bytes) / window);
  }
  perTick.sort((p, q) => p - q);
  return perTick[2];
}

/** How an avoid scenario's force is built from the nodes (see {@link runAvoidScenario}). */
export type AvoidCombination = 'priority-avoid-wander' | 'priority-sum-avoid-contain-wander';

/** Options of {@link runAvoidScenario}: the agent's caps, the circles' drift factor k, the run's length. */
export interface AvoidScenarioOptions {
  seed: number;
  /** px/tick. */
  maxSpeed: number;
  /** px/tick². */
  maxForce: number;
  /** Drift factor k: each circle's velocity components are uniform in (−0.5, 0.5) · k px/tick (0: static). */
  drift: number;
  ticks: number;
  /** Default: Priority(Sum(Avoid, Contain), Wander). */
  combination?: AvoidCombination;
}

/** What {@link runAvoidScenario} measured. */
export interface AvoidScenarioResult {
  /** Times the agent's position went from outside a circle to strictly inside it (per circle). */
  entries: number;
  /** Ticks on which Avoid's raw force was non-zero. */
  activeTicks: number;
  ticks: number;
  /** The smallest distance from the agent to a circle's edge after any tick (negative: inside). */
  minGap: number;
}

/** The avoid scenario's fixed parameters: Avoid (feeler 300, buffer 20), Contain (margin 50), Wander (10, 5, 1). */
export const AVOID_SCENARIO = { width: 800, height: 600, feelerLength: 300, buffer: 20, margin: 50, circles: 5, wallGap: 60 };

/**
 * The avoid scenario's 5 circles: radius 15–45, edge at least 60 px from the walls, not overlapping
 * one another (touching is allowed), and at least `buffer` px from the spawn point (x, y); drift
 * velocity components uniform in (−0.5, 0.5) · k px/tick (the seed demo's, scaled by k). Drawn from
 * a stream derived from the seed, independent of the world's.
 */
export function avoidCircles(seed: number, x: number, y: number, drift: number): ObstacleSpec[] {
  const { width, height, buffer, circles, wallGap } = AVOID_SCENARIO;
  const rng = derivedRng(new Rng(0), seed, hashString('avoid-circles'), 0);
  const out: ObstacleSpec[] = [];
  for (let attempt = 0; out.length < circles; attempt++) {
    if (attempt > 10000) throw new Error(`avoidCircles: cannot place ${circles} circles for seed ${seed}`);
    const r = 15 + 30 * rng.next();
    const m = wallGap + r;
    const cx = m + (width - 2 * m) * rng.next();
    const cy = m + (height - 2 * m) * rng.next();
    const vx = (rng.next() - 0.5) * drift;
    const vy = (rng.next() - 0.5) * drift;
    const clear = (px: number, py: number, min: number) => (px - cx) * (px - cx) + (py - cy) * (py - cy) >= min * min;
    if (!clear(x, y, r + buffer)) continue;
    if (!out.every((c) => clear(c.x, c.y, c.r + r))) continue;
    out.push({ x: cx, y: cy, r, vx, vy });
  }
  return out;
}

/**
 * Runs the avoid scenario: an 800×600 world with bounce edges, one agent (mass 1) spawned by the
 * world from the seed, the 5 circles of {@link avoidCircles}, and the agent's force built from the
 * nodes as a compiled graph would be. Default combination, Priority(Sum(Avoid, Contain), Wander),
 * with the agent's maxForce as the budget: Avoid and Contain share the first claim on the force,
 * Wander gets what is left. Counts entries into circles and ticks on which Avoid is active.
 */
export function runAvoidScenario(o: AvoidScenarioOptions): AvoidScenarioResult {
  const { width, height, feelerLength, buffer, margin } = AVOID_SCENARIO;
  const world = new World(
    {
      width,
      height,
      edges: 'bounce',
      seed: o.seed,
      agentTypes: [{ id: 'wanderer', count: 1, mass: 1, maxSpeed: o.maxSpeed, maxForce: o.maxForce }],
    },
    [{ memory: [1, 0], draws: 1 }],
  );
  const agents = world.types[0];
  world.setObstacles(avoidCircles(o.seed, agents.pos[0], agents.pos[1], o.drift));
  const withContain = (o.combination ?? 'priority-sum-avoid-contain-wander') === 'priority-sum-avoid-contain-wander';
  // slots: Avoid 0–1, Contain 2–3, Wander 4–5, Sum 6–7
  const s = new Float64Array(8);
  let activeTicks = 0;
  const force: ForceFn = (w, A) => {
    for (let i = 0; i < A.count; i++) {
      avoid(s, 0, A, i, w.obstacles, w.obstacleCount, feelerLength, buffer, w);
      if (s[0] !== 0 || s[1] !== 0) activeTicks++;
      contain(s, 2, A, i, w.width, w.height, margin);
      wander(s, 4, A, i, 0, 0, 10, 5, 1);
      s[6] = 0;
      s[7] = 0;
      sumInto(s, 6, s, 0, 1);
      if (withContain) sumInto(s, 6, s, 2, 1);
      A.force[2 * i] = 0;
      A.force[2 * i + 1] = 0;
      priorityAdd(A.force, 2 * i, s, 6, A.maxForce[i]);
      priorityAdd(A.force, 2 * i, s, 4, A.maxForce[i]);
    }
  };
  const forces = [force];
  const ob = world.obstacles;
  const n = world.obstacleCount;
  const inside = new Uint8Array(n);
  let entries = 0;
  let minGap = Infinity;
  for (let t = 0; t < o.ticks; t++) {
    step(world, forces);
    const x = agents.pos[0];
    const y = agents.pos[1];
    for (let k = 0; k < n; k++) {
      const dx = x - ob[5 * k];
      const dy = y - ob[5 * k + 1];
      const r = ob[5 * k + 2];
      const gap = Math.sqrt(dx * dx + dy * dy) - r;
      if (gap < minGap) minGap = gap;
      const now = dx * dx + dy * dy < r * r ? 1 : 0;
      if (now && !inside[k]) entries++;
      inside[k] = now;
    }
  }
  return { entries, activeTicks, ticks: o.ticks, minGap };
}
