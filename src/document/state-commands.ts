/**
 * Edits of an agent type's states: add, rename, remove, reorder, and a state's minimum time and
 * reset on enter. Pure functions from a document to a new document, like commands.ts (the same
 * document object when the edit does not apply). Go to State nodes name their target state, so a
 * rename rewrites them and a removal leaves them to the compiler's "missing state" diagnostic.
 */
import { retargetParams, updateType, type Edit } from './commands';
import { graphsOf, withGraph } from './graphs';
import { LIMITS, RANGES } from './schema';
import { ID_PATTERN, type AgentType, type TypeState } from './types';

/** A state name not used in the type, from a base: "state", "state-2", … */
export function freshStateName(type: AgentType, base = 'state'): string {
  const taken = new Set(type.states.map((s) => s.name));
  if (!taken.has(base)) return base;
  for (let k = 2; ; k++) if (!taken.has(`${base}-${k}`)) return `${base}-${k}`;
}

/** Adds a state at the end (its name must be a new ID_PATTERN name; at most LIMITS.statesPerType). */
export const addState =
  (typeId: string, state: TypeState): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) =>
      !ID_PATTERN.test(state.name) || t.states.length >= LIMITS.statesPerType || t.states.some((s) => s.name === state.name)
        ? t
        : { ...t, states: [...t.states, state] },
    );

/** Removes a state (never the last one). Go to State nodes that named it are left to the compiler's diagnostic. */
export const removeState =
  (typeId: string, index: number): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => (t.states.length <= 1 || !t.states[index] ? t : { ...t, states: t.states.filter((_, k) => k !== index) }));

/** Moves a state to another place in the order (the first is where agents start). */
export const moveState =
  (typeId: string, from: number, to: number): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      if (!t.states[from] || to < 0 || to >= t.states.length || from === to) return t;
      const states = t.states.slice();
      const [s] = states.splice(from, 1);
      states.splice(to, 0, s);
      return { ...t, states };
    });

/** Renames a state and every Go to State node of the type that named it. A name taken or not an ID_PATTERN name: no change. */
export const renameState =
  (typeId: string, index: number, name: string): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const old = t.states[index]?.name;
      if (old === undefined || old === name || !ID_PATTERN.test(name) || t.states.some((s) => s.name === name)) return t;
      const states = t.states.slice();
      states[index] = { ...states[index], name };
      let next: AgentType = { ...t, states };
      for (const { state, graph } of graphsOf(next, 0)) next = withGraph(next, state, retargetParams(graph, 'state', old, name));
      return next;
    });


/** Sets a state's minimum time (whole ticks; 0 removes it) and reset on enter (false removes it). Out of range: no change. */
export const updateState =
  (typeId: string, index: number, patch: { minTicks?: number; resetOnEnter?: boolean }): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const s = t.states[index];
      if (!s) return t;
      const next: TypeState = { ...s };
      if (patch.minTicks !== undefined) {
        const m = patch.minTicks;
        if (!Number.isInteger(m) || m < RANGES.minTicks.min || m > RANGES.minTicks.max) return t;
        if (m === 0) delete next.minTicks;
        else next.minTicks = m;
      }
      if (patch.resetOnEnter !== undefined) {
        if (patch.resetOnEnter) next.resetOnEnter = true;
        else delete next.resetOnEnter;
      }
      if (next.minTicks === s.minTicks && next.resetOnEnter === s.resetOnEnter) return t;
      const states = t.states.slice();
      states[index] = next;
      return { ...t, states };
    });
