/**
 * The preview's live counts of agents per state, pure: for each agent type with more than one
 * state, how many of its agents are in each (the legend shows them, the state marks use the same
 * list of stateful types). Types of one state cost nothing: they are not counted. Counting reuses
 * its arrays frame after frame; a new list for the legend is made only when a count changed.
 * Free of DOM and Lit.
 */
import type { PreviewWorld } from './frame-world';

/** What the counts read of a world (a module world, or a FrameWorld in worker mode). */
export type CountedWorld = Pick<PreviewWorld, 'types' | 'positions' | 'states' | 'stateNames'>;

/** The state colours: state k is `--steer-state-{k mod 8}`; these are the fallbacks (state 0, unmarked, a neutral grey). */
export const STATE_COLORS = ['#8b97a4', '#ffd166', '#ff6b6b', '#5ec8ff', '#7bd389', '#c792ea', '#ff9f43', '#f78fb3'] as const;

/** The custom property of state `k`'s colour. */
export function stateColorProperty(k: number): string {
  return `--steer-preview-state-${k % STATE_COLORS.length}`;
}

/** A CSS colour of state `k`: its custom property, else its fallback. */
export function stateColorVar(k: number): string {
  return `var(${stateColorProperty(k)}, ${STATE_COLORS[k % STATE_COLORS.length]})`;
}

/**
 * Counts agents per state: `out[s]` = how many of the first `n` agents have `states[i] === s`
 * (indices past `out` are not counted). True when any of `out` changed.
 */
export function countStates(states: ArrayLike<number>, n: number, out: Uint32Array, scratch: Uint32Array): boolean {
  scratch.fill(0);
  const m = Math.min(n, states.length);
  const top = scratch.length;
  for (let i = 0; i < m; i++) {
    const s = states[i];
    if (s < top) scratch[s]++;
  }
  let changed = false;
  for (let s = 0; s < top; s++) {
    if (out[s] !== scratch[s]) {
      out[s] = scratch[s];
      changed = true;
    }
  }
  return changed;
}

/** One stateful type of the world: its id, its state names, and the count of agents in each. */
export interface TypeStateCounts {
  readonly id: string;
  readonly names: readonly string[];
  readonly counts: Uint32Array;
}

/** See the file comment. */
export class StateCounts {
  private world: unknown = null;
  private list: { id: string; names: string[]; counts: Uint32Array; scratch: Uint32Array }[] = [];
  /** Bumped whenever a count or the list of types changed. */
  version = 0;

  /** The stateful types of the world as of the last {@link update}. */
  get types(): readonly TypeStateCounts[] {
    return this.list;
  }

  /** Recounts the world's agents per state (a new world: its stateful types first); true when anything changed. */
  update(world: CountedWorld | null): boolean {
    let changed = false;
    if (world !== this.world) {
      this.world = world;
      changed = this.list.length > 0;
      this.list = [];
      if (world && typeof world.stateNames === 'function') {
        for (const id of world.types) {
          const names = world.stateNames(id);
          if (names.length > 1) this.list.push({ id, names, counts: new Uint32Array(names.length), scratch: new Uint32Array(names.length) });
        }
        changed ||= this.list.length > 0;
      }
    }
    if (world) {
      for (const t of this.list) {
        const n = world.positions(t.id).length >> 1;
        if (countStates(world.states(t.id), n, t.counts, t.scratch)) changed = true;
      }
    }
    if (changed) this.version++;
    return changed;
  }
}
