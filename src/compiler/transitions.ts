/**
 * Stage 3, transitions: what a type's states and Go to State nodes say as a whole, checked across
 * its graphs: states no transition leads to, and any-state transitions that would switch an agent
 * every tick. Warnings only (the type still compiles); never changes the code.
 */
import { ANY_STATE } from '../document/graphs';
import { quote, type Diagnostic } from './diagnostics';
import type { OrderedGraph, OrderedScene } from './order';
import { stateField, type CheckedNode } from './validate';

/** A Go to State node's target state index (−1: none or missing), and whether its condition is left unconnected (always). */
function transitionOf(g: OrderedGraph, n: CheckedNode): { to: number; always: boolean } {
  const name = n.values.get('state');
  const to = g.graph.type.states.findIndex((s) => s.name === name);
  return { to, always: !g.graph.incoming.get(n.id)?.has('when') };
}

/** The warnings of one agent type's graphs (the type's states in order, then its any-state graph), appended to each graph's own. */
function checkType(graphs: OrderedGraph[]): void {
  const type = graphs[0].graph.type;
  if (type.states.length < 2 && !graphs.some((g) => g.graph.transitions.length)) return;
  const edges = new Map<number, number[]>();
  const fromAny: number[] = [];
  for (const g of graphs) {
    for (const n of g.graph.transitions) {
      if (n.muted) continue;
      const { to } = transitionOf(g, n);
      if (to < 0) continue;
      if (g.graph.state === ANY_STATE) fromAny.push(to);
      else edges.set(g.graph.state, [...(edges.get(g.graph.state) ?? []), to]);
    }
  }
  const reached = new Set<number>([0, ...fromAny]);
  const queue = [...reached];
  while (queue.length) {
    for (const to of edges.get(queue.shift()!) ?? []) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  for (const g of graphs) {
    const k = g.graph.state;
    if (k === ANY_STATE || reached.has(k)) continue;
    g.diagnostics.push({
      severity: 'warning',
      agentType: type.id,
      ...stateField(g.graph),
      path: `agentTypes[${g.graph.typeIndex}].states[${k}]`,
      message: `State ${quote(type.states[k].name)} is never entered: no Go to State leads to it from the start state ${quote(type.states[0].name)}`,
    });
  }
  const any = graphs.find((g) => g.graph.state === ANY_STATE);
  if (!any) return;
  // Two any-state transitions that always hold, into states with no minimum time: an agent in one is sent to the other, every tick.
  const always = any.graph.transitions.filter((n) => !n.muted && transitionOf(any, n).always && transitionOf(any, n).to >= 0);
  for (let a = 0; a < always.length; a++) {
    for (let b = a + 1; b < always.length; b++) {
      const ta = transitionOf(any, always[a]).to;
      const tb = transitionOf(any, always[b]).to;
      if (ta === tb || (type.states[ta].minTicks ?? 0) > 0 || (type.states[tb].minTicks ?? 0) > 0) continue;
      const d: Diagnostic = {
        severity: 'warning',
        agentType: type.id,
        ...stateField(any.graph),
        nodeId: always[b].id,
        path: `${any.graph.base}.nodes[${always[b].index}]`,
        message: `This and the any-state Go to State to ${quote(type.states[ta].name)} always hold: an agent would switch between ${quote(type.states[ta].name)} and ${quote(type.states[tb].name)} every tick (give one a condition, or a state a minimum time)`,
      };
      any.diagnostics.push(d);
    }
  }
}

/** The transitions stage: each type's states and transitions checked as a whole. */
export function transitionsStage(value: OrderedScene): OrderedScene {
  const graphs = value.graphs.map((g) => ({ ...g, diagnostics: [...g.diagnostics] }));
  const byType = new Map<number, OrderedGraph[]>();
  for (const g of graphs) byType.set(g.graph.typeIndex, [...(byType.get(g.graph.typeIndex) ?? []), g]);
  for (const list of byType.values()) checkType(list);
  return { ...value, graphs };
}
