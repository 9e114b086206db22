/**
 * Moves a running world's state into a world of a recompiled module, as the preview does on every
 * edit, without the snapshot round trip. `snapshot()` then `createWorld({ snapshot })` packs about
 * ten numbers per agent into plain arrays, checks each one and unpacks them again, and before that
 * spawns every agent of the new world only to overwrite it: ~50–100 ms for 20,000 agents, most of
 * an edit's 100 ms budget. Here the new world starts empty and takes the old world's arrays
 * through the runtime's hand-over (runtime/api.ts, `HANDOVER`), which keeps the agents it is given
 * and spawns none: ~2 ms.
 *
 * Both worlds must run the same runtime core (the app compiles every module with the same one;
 * the hand-over checks that their world classes have the same code), and the hand-over does
 * exactly what `restore` in runtime/api.ts does with a snapshot of the old world
 * (tests/preview/transfer.test.ts holds the two to the same bits for every preset). A world
 * without a hand-over, or of another core, gives null, and the caller takes the snapshot.
 */
import { HANDOVER, type BehaviorWorld, type WorldHandover } from '../../runtime/api';

/** A world's hand-over (runtime/api.ts), or null when it has none (not a module world of this runtime). */
export function handoverOf(w: unknown): WorldHandover | null {
  const get = (w as { [HANDOVER]?: unknown } | null)?.[HANDOVER];
  if (typeof get !== 'function') return null;
  try {
    const h = (get as () => unknown).call(w) as Partial<WorldHandover> | null;
    return h && typeof h.takeState === 'function' && typeof h.places === 'function' && typeof h.liveObstacles === 'function' && typeof h.core === 'string' ? (h as WorldHandover) : null;
  } catch {
    return null;
  }
}

/**
 * A world of `mod` (whose scene has the agent types `ids`) with the whole state of `from` (see
 * WorldHandover.takeState). Types in `keepLimits` take their limits from a fresh spawn (the edited
 * type's new maxSpeed and maxForce); types `from` lacks spawn fresh. Null, with `from` untouched,
 * when either world has no hand-over or they run different runtime cores.
 */
export function transferWorld(
  mod: { createWorld(options?: { seed?: number; counts?: Record<string, number> }): BehaviorWorld },
  from: BehaviorWorld,
  ids: readonly string[],
  keepLimits: ReadonlySet<string> = new Set(),
): BehaviorWorld | null {
  const a = handoverOf(from);
  if (!a) return null;
  // an empty world: the agents come from `from`, not from spawning them only to overwrite them
  const zero: Record<string, number> = {};
  for (const id of ids) Object.defineProperty(zero, id, { value: 0, enumerable: true, writable: true, configurable: true });
  let to: BehaviorWorld;
  try {
    to = mod.createWorld({ seed: a.seed, counts: zero });
  } catch {
    return null;
  }
  const b = handoverOf(to);
  if (!b || b.core !== a.core) return null;
  return b.takeState(a, keepLimits) ? to : null;
}

/** Pointer, targets and obstacles of a module's world (null when it has no hand-over). */
export function placesOf(w: BehaviorWorld): { pointer: [number, number]; targets: Map<string, [number, number]>; obstacles: number[] } | null {
  return handoverOf(w)?.places() ?? null;
}
