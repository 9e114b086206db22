/**
 * Stage 2, order: the nodes that feed a graph's Agent Output, in dependency order (every node after
 * the nodes it reads). Cycles, unconnected required inputs of those nodes, and nodes that feed
 * nothing become diagnostics.
 */
import { GraphBudget, type Diagnostic } from './diagnostics';
import type { SceneDocument } from '../document/types';
import { stateField, type CheckedGraph, type CheckedNode, type Validated } from './validate';

/** A graph's live nodes in dependency order, and whether it can be compiled. */
export interface Ordered {
  graph: CheckedGraph;
  /** The nodes that feed the Agent Output, dependencies first, the Agent Output last. Empty when the graph cannot compile (or has no Agent Output). */
  order: CheckedNode[];
  /**
   * The nodes that feed the Go to State nodes, dependencies first, each Go to State after what it
   * reads, the Go to States in the order they are tried (their `order` parameter, then graph order).
   * A node that feeds both is in both lists (only pure nodes can feed a condition).
   */
  conditions: CheckedNode[];
  /** False when the graph has an error: it then compiles to a zero force. */
  ok: boolean;
}

const WHITE = 0;
const GREY = 1;
const BLACK = 2;

/**
 * The nodes `roots` read, each after its dependencies, the roots in the order given; nodes on a
 * cycle go into `inCycle`. Iterative depth-first search (a 2,000-node chain must not overflow).
 */
function reach(graph: CheckedGraph, roots: readonly CheckedNode[], inCycle: Set<CheckedNode>): CheckedNode[] {
  const order: CheckedNode[] = [];
  const colour = new Map<string, number>();
  const stack: { node: CheckedNode; edges: CheckedNode[]; next: number }[] = [];
  const push = (node: CheckedNode): void => {
    colour.set(node.id, GREY);
    const ins = graph.incoming.get(node.id);
    const edges = ins ? node.inputs.filter((p) => ins.has(p.key)).map((p) => ins.get(p.key)!.from) : [];
    stack.push({ node, edges, next: 0 });
  };
  for (const root of roots) {
    if ((colour.get(root.id) ?? WHITE) !== WHITE) continue;
    push(root);
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top.next < top.edges.length) {
        const dep = top.edges[top.next++];
        const c = colour.get(dep.id) ?? WHITE;
        if (c === WHITE) push(dep);
        else if (c === GREY) {
          // dep is on the stack: every node from dep to the top is in a cycle
          for (let k = stack.length - 1; k >= 0; k--) {
            inCycle.add(stack[k].node);
            if (stack[k].node === dep) break;
          }
        }
      } else {
        colour.set(top.node.id, BLACK);
        order.push(top.node);
        stack.pop();
      }
    }
  }
  return order;
}

/** A Go to State node's place in the order its state tries them: its `order` parameter (lower first). */
const tryOrder = (n: CheckedNode): number => {
  const v = n.values.get('order');
  return typeof v === 'number' ? v : 0;
};

/** Orders one graph; `errors` says whether validation already found an error in it. */
export function orderGraph(graph: CheckedGraph, hadErrors: boolean, diagnostics: Diagnostic[]): Ordered {
  const typeId = graph.type.id;
  const base = graph.base;
  const where = stateField(graph);
  const out = new GraphBudget(diagnostics, typeId, base, where);
  const inCycle = new Set<CheckedNode>();
  let ok = !hadErrors;
  const output = graph.output;
  const order = output ? reach(graph, [output], inCycle) : [];
  const gotos = [...graph.transitions].sort((a, b) => tryOrder(a) - tryOrder(b) || a.index - b.index);
  const conditions = reach(graph, gotos, inCycle);
  // In document order, like every other diagnostic (the search finds them in stack order).
  for (const n of [...inCycle].sort((a, b) => a.index - b.index)) {
    ok = false;
    out.add({
      severity: 'error',
      agentType: typeId,
      ...where,
      nodeId: n.id,
      path: `${base}.nodes[${n.index}]`,
      message: 'This node is part of a cycle: a force cannot depend on itself',
    });
  }
  const live = new Set([...order, ...conditions]);
  for (const n of live) {
    if (n.broken) ok = false;
    const ins = graph.incoming.get(n.id);
    for (const p of n.inputs) {
      if (p.required && !ins?.has(p.key)) {
        ok = false;
        out.add({
          severity: 'error',
          agentType: typeId,
          ...where,
          nodeId: n.id,
          port: p.key,
          path: `${base}.nodes[${n.index}]`,
          message: `${n.def?.label ?? n.kind} needs its ${p.label} input connected`,
        });
      }
    }
  }
  const feedsNothing = graph.several || gotos.length
    ? 'Not connected to the Agent Output or a Go to State: this node does nothing'
    : 'Not connected to the Agent Output: this node does nothing';
  for (const n of graph.nodes) {
    if (!live.has(n) && n.def?.sink !== true && n.def?.layout !== true) {
      if (out.full) {
        out.skip('warning');
        continue;
      }
      out.add({
        severity: 'warning',
        agentType: typeId,
        ...where,
        nodeId: n.id,
        path: `${base}.nodes[${n.index}]`,
        message: feedsNothing,
      });
    }
  }
  // A state without an Agent Output steers with no force (validation warned); a one-state type's graph needs one.
  if (!output && !graph.several) ok = false;
  out.finish();
  return { graph, order: ok ? order : [], conditions: ok ? conditions : [], ok };
}

/** One graph after ordering, with the diagnostics the stages from here on found in it. */
export interface OrderedGraph extends Ordered {
  diagnostics: Diagnostic[];
}

/** The value the stages after validation pass on: the scene, validation's diagnostics, and each graph. */
export interface OrderedScene {
  scene: SceneDocument;
  /** Validation's diagnostics (every graph's, before any graph's later ones). */
  diagnostics: Diagnostic[];
  graphs: OrderedGraph[];
}

/** The order stage: every graph of a validated scene in dependency order. */
export function orderStage(v: Validated): OrderedScene {
  const graphs = v.graphs.map((g) => {
    const hadErrors = v.diagnostics.some((d) => d.severity === 'error' && d.agentType === g.type.id);
    const diagnostics: Diagnostic[] = [];
    return { ...orderGraph(g, hadErrors, diagnostics), diagnostics };
  });
  return { scene: v.scene, diagnostics: v.diagnostics, graphs };
}
