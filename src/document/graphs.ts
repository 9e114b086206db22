/**
 * Where a graph lives in a scene: an agent type has one graph per state and, optionally, the graph
 * of its any-state transitions. Everything that edits, draws or checks "the graph" names one of
 * them with a {@link GraphAt}; everything that looks at all of a type's nodes walks
 * {@link graphsOf}.
 */
import type { AgentType, Graph, SceneDocument } from './types';

/** The any-state graph's index in a {@link GraphAt}. */
export const ANY_STATE = -1;

/**
 * A graph of a scene: the agent type's id and the state's index (ANY_STATE: the any-state
 * transitions). A bare type id means the type's first state, the only graph of a one-state type.
 * With `group`, the inner graph of that group of the library, entered from that type and state
 * (which say whose parameters and diagnostics the editor shows there).
 */
export type GraphAt = string | { readonly type: string; readonly state: number; readonly group?: string };

/** The group whose inner graph the address names, or undefined for a type's graph. */
export function groupOfGraph(at: GraphAt): string | undefined {
  return typeof at === 'string' ? undefined : at.group || undefined;
}

/** The graph at an address in a scene: a type's (see graphOf) or a group's inner graph; undefined when there is none. */
export function graphIn(doc: SceneDocument, at: GraphAt): Graph | undefined {
  const group = groupOfGraph(at);
  if (group !== undefined) return doc.groups?.find((g) => g.id === group)?.graph;
  const type = doc.agentTypes.find((t) => t.id === typeOfGraph(at));
  return type && graphOf(type, stateOfGraph(at));
}

/** The scene with the graph at `at` replaced by `f` of it (the same scene when `f` returns the same graph or there is none). */
export function updateGraphIn(doc: SceneDocument, at: GraphAt, f: (g: Graph) => Graph): SceneDocument {
  const group = groupOfGraph(at);
  if (group !== undefined) {
    const k = (doc.groups ?? []).findIndex((g) => g.id === group);
    if (k < 0) return doc;
    const old = doc.groups![k];
    const graph = f(old.graph);
    if (graph === old.graph) return doc;
    const groups = doc.groups!.slice();
    groups[k] = { ...old, graph };
    return { ...doc, groups };
  }
  const k = doc.agentTypes.findIndex((t) => t.id === typeOfGraph(at));
  const type = doc.agentTypes[k];
  const g = type && graphOf(type, stateOfGraph(at));
  if (!g) return doc;
  const next = withGraph(type, stateOfGraph(at), f(g));
  if (next === type) return doc;
  const agentTypes = doc.agentTypes.slice();
  agentTypes[k] = next;
  return { ...doc, agentTypes };
}

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
