/**
 * Stage 2, order: the nodes that feed a graph's Agent Output, in dependency order (every node after
 * the nodes it reads). Cycles, unconnected required inputs of those nodes, and nodes that feed
 * nothing become diagnostics.
 */
import { GraphBudget, type Diagnostic } from './diagnostics';
import type { SceneDocument } from '../document/types';
import type { CheckedGraph, CheckedNode, Validated } from './validate';

/** A graph's live nodes in dependency order, and whether it can be compiled. */
export interface Ordered {
  graph: CheckedGraph;
  /** Live nodes, dependencies first, the Agent Output last. Empty when the graph cannot compile. */
  order: CheckedNode[];
  /** False when the graph has an error: it then compiles to a zero force. */
  ok: boolean;
}

const WHITE = 0;
const GREY = 1;
const BLACK = 2;

/** Orders one graph; `errors` says whether validation already found an error in it. */
export function orderGraph(graph: CheckedGraph, hadErrors: boolean, diagnostics: Diagnostic[]): Ordered {
  const typeId = graph.type.id;
  const base = `agentTypes[${graph.typeIndex}].graph`;
  const out = new GraphBudget(diagnostics, typeId, base);
  const order: CheckedNode[] = [];
  const colour = new Map<string, number>();
  const inCycle = new Set<CheckedNode>();
  let ok = !hadErrors;
  // Iterative depth-first search from the output (no recursion: a 2,000-node chain must not overflow).
  const output = graph.output;
  if (output) {
    const stack: { node: CheckedNode; edges: CheckedNode[]; next: number }[] = [];
    const push = (node: CheckedNode): void => {
      colour.set(node.id, GREY);
      const ins = graph.incoming.get(node.id);
      const edges = ins ? node.inputs.filter((p) => ins.has(p.key)).map((p) => ins.get(p.key)!.from) : [];
      stack.push({ node, edges, next: 0 });
    };
    push(output);
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
  // In document order, like every other diagnostic (the search finds them in stack order).
  for (const n of [...inCycle].sort((a, b) => a.index - b.index)) {
    ok = false;
    out.add({
      severity: 'error',
      agentType: typeId,
      nodeId: n.id,
      path: `${base}.nodes[${n.index}]`,
      message: 'This node is part of a cycle: a force cannot depend on itself',
    });
  }
  for (const n of order) {
    if (n.broken) ok = false;
    const ins = graph.incoming.get(n.id);
    for (const p of n.inputs) {
      if (p.required && !ins?.has(p.key)) {
        ok = false;
        out.add({
          severity: 'error',
          agentType: typeId,
          nodeId: n.id,
          port: p.key,
          path: `${base}.nodes[${n.index}]`,
          message: `${n.def?.label ?? n.kind} needs its ${p.label} input connected`,
        });
      }
    }
  }
  const live = new Set(order);
  for (const n of graph.nodes) {
    if (!live.has(n) && n.def?.sink !== true) {
      if (out.full) {
        out.skip('warning');
        continue;
      }
      out.add({
        severity: 'warning',
        agentType: typeId,
        nodeId: n.id,
        path: `${base}.nodes[${n.index}]`,
        message: 'Not connected to the Agent Output: this node does nothing',
      });
    }
  }
  if (!output) ok = false;
  out.finish();
  return { graph, order: ok ? order : [], ok };
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
