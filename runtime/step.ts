import { driftObstacles, integrate } from './integrate';
import { smoothHeadings } from './orientation';
import type { Agents, World } from './world';

/**
 * A force function: fills `agents.force` (fx0, fy0, fx1, fy1, …) with the raw steering force of
 * every agent of one type for this tick. It reads the world (positions, velocities, grids, the
 * pointer, targets, obstacles, paths and `agents.rnd`, this tick's random draws) as a snapshot,
 * may update `agents.mem` (its own per-agent memory), and never moves an agent. The compiler
 * generates one per agent type; tests write them by hand from the kernels in runtime/behaviors.
 */
export type ForceFn = (world: World, agents: Agents) => void;

/**
 * Prepares a tick: rebuilds the grid of every queried type and draws this tick's random numbers
 * (agent types in scene order, then agents by index, then each agent's draws in order).
 */
export function prepareTick(world: World): void {
  const types = world.types;
  for (let t = 0; t < types.length; t++) {
    const a = types[t];
    if (a.grid) a.grid.rebuild(a.pos, a.vel, a.count);
  }
  const rng = world.rng;
  for (let t = 0; t < types.length; t++) {
    const r = types[t].rnd;
    for (let k = 0, m = r.length; k < m; k++) r[k] = rng.next();
  }
}

/**
 * Computes this tick's forces of every type (once per tick: a second call before `step` does
 * nothing). Every force is computed from the same snapshot, before anyone moves.
 */
export function computeForces(world: World, forceFns: ReadonlyArray<ForceFn>): void {
  if (world.forcesReady) return;
  prepareTick(world);
  const types = world.types;
  for (let t = 0; t < types.length; t++) {
    const fn = forceFns[t];
    if (fn) fn(world, types[t]);
    else types[t].force.fill(0);
  }
  world.forcesReady = true;
}

/** τ ← τ + 1 for every agent of each stateful type (BEHAVIORS.md, "States and conditions", step 3). */
function countTimeInState(world: World): void {
  const types = world.types;
  for (let t = 0; t < types.length; t++) {
    const a = types[t];
    if (!a.stateful) continue;
    const tis = a.tis;
    for (let i = 0, n = a.count; i < n; i++) tis[i]++;
  }
}

/**
 * Advances the world by `ticks` ticks. `forceFns[k]` is the force function of `world.types[k]`
 * (a missing one means zero force). Synchronous: all forces of a tick come from one snapshot,
 * then every agent moves, then drifting obstacles move.
 */
export function step(world: World, forceFns: ReadonlyArray<ForceFn>, ticks = 1): void {
  for (let s = 0; s < ticks; s++) {
    computeForces(world, forceFns);
    integrate(world);
    smoothHeadings(world);
    driftObstacles(world);
    countTimeInState(world);
    world.forcesReady = false;
    world.tick++;
  }
}
