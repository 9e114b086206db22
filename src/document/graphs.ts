/**
 * Where a graph lives in a scene: an agent type has one graph per state and, optionally, the graph
 * of its any-state transitions. Everything that edits, draws or checks "the graph" names one of
 * them with a {@link GraphAt}; everything that looks at all of a type's nodes walks
 * {@link graphsOf}.
 */
import type { AgentType, Graph } from './types';

/** The any-state graph's index in a {@link GraphAt}. */
export const ANY_STATE = -1;

/**
 * A graph of a scene: the agent type's id and the state's index (ANY_STATE: the any-state
 * transitions). A bare type id means the type's first state, the only graph of a one-state type.
 */
export type GraphAt = string | { readonly type: string; readonly state: number };

/** The type id of a graph address. */
export function typeOfGraph(at: GraphAt): string {
  return typeof at === 'string' ? at : at.type;
}

/** The state index of a graph address (0 for a bare type id). */
export function stateOfGraph(at: GraphAt): number {
  return typeof at === 'string' ? 0 : at.state;
}

/** The empty graph (the any-state graph of a type that has none yet). */
export const EMPTY_GRAPH: Graph = Object.freeze({ nodes: [], connections: [] }) as unknown as Graph;

/** The graph of a type at a state index (ANY_STATE: the any-state graph, empty when absent); undefined past the states. */
export function graphOf(type: AgentType, state: number): Graph | undefined {
  if (state === ANY_STATE) return type.anyState ?? EMPTY_GRAPH;
  return type.states[state]?.graph;
}

/** A type with the graph at `state` replaced (the same object when `graph` is the one there). */
export function withGraph(type: AgentType, state: number, graph: Graph): AgentType {
  if (graphOf(type, state) === graph) return type;
  if (state === ANY_STATE) return { ...type, anyState: graph };
  const states = type.states.slice();
  states[state] = { ...states[state], graph };
  return { ...type, states };
}

/** Every graph of a type with its state index and document path: the states in order, then the any-state graph when present. */
export function* graphsOf(type: AgentType, k: number): Generator<{ state: number; graph: Graph; path: string }> {
  for (let s = 0; s < type.states.length; s++) yield { state: s, graph: type.states[s].graph, path: `agentTypes[${k}].states[${s}].graph` };
  if (type.anyState) yield { state: ANY_STATE, graph: type.anyState, path: `agentTypes[${k}].anyState` };
}

/** A one-state type's states, for code that makes a type: `{ states: oneState(graph) }`. */
export function oneState(graph: Graph, name = 'default'): AgentType['states'] {
  return [{ name, graph }];
}
