/**
 * The followed agent's node outputs for the current tick, at once. A world reads its probes while
 * it computes forces, so right after `follow` (or a module swap, which follows again) it has none
 * until the next tick: a paused preview would say "waiting" until play. This computes them on a
 * copy of the world (resumed from its snapshot in the same module, so the same state, pointer and
 * random stream), which the running world never sees: the trajectories stay as they are. The
 * agent's state and time in state stay those of the world.
 */
import type { BehaviorWorld, ProbeReading } from '../../runtime/api';
import type { BehaviorModule } from './world-host';

interface Cached {
  tick: number;
  type: string;
  index: number;
  reading: ProbeReading | null;
}

const cache = new WeakMap<BehaviorWorld, Cached>();

/**
 * `reading` if the world has computed it (its maxSpeed is a number), else the reading computed on
 * a copy, once per world, tick and agent.
 */
export function readingNow(world: BehaviorWorld, module: BehaviorModule | null, type: string, index: number, reading: ProbeReading | null): ProbeReading | null {
  if (!reading || !Number.isNaN(reading.maxSpeed) || !module) return reading;
  const hit = cache.get(world);
  if (hit && hit.tick === world.tick && hit.type === type && hit.index === index) return hit.reading ?? reading;
  let now: ProbeReading | null = null;
  try {
    const copy = module.createWorld({ snapshot: world.snapshot() });
    copy.follow(type, index);
    copy.computeForces(type);
    now = copy.probe(type);
    if (now && Number.isNaN(now.maxSpeed)) now = null;
    // the copy's forces may have taken a transition (they are the next tick's): the state and the
    // time in it are the world's own, as the legend counts them
    else if (now) now = { ...now, state: reading.state, time: reading.time };
  } catch {
    now = null;
  }
  cache.set(world, { tick: world.tick, type, index, reading: now });
  return now ?? reading;
}
