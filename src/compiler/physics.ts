/**
 * Stage 3, physics: warnings that know physics, parameter values that validate but make a
 * behaviour misbehave for this agent type's maxSpeed, maxForce and mass. The checks are the node
 * kinds' own (`NodeDef.physics`: nodes/arrive.ts, follow-path.ts, flock.ts, truncate.ts, with what
 * they share in nodes/physics.ts); this stage runs them on the live, unmuted nodes of every graph
 * that compiled without an error (they never change the compiled code). Each warning carries, where
 * one exists, the parameter values that fix it on that node (`fix`). Pure, no DOM.
 */
import { flatten, liftDiagnostics } from './flatten';
import type { PhysicsContext } from '../../nodes/types';
import type { SceneDocument } from '../document/types';
import { GraphBudget, quote, type Diagnostic } from './diagnostics';
import { orderStage, type OrderedScene } from './order';
import { stateField, validate, type CheckedGraph, type CheckedNode } from './validate';

export type { Fix } from '../../nodes/types';

const isMuted = (n: CheckedNode): boolean => n.muted;

/** A checked node's parameter values, as a physics hook reads them (an exposed one at its type parameter's default: what the agents start with). */
const valuesOf = (n: CheckedNode) => (key: string) => n.exposed?.get(key)?.param.default ?? n.values.get(key);

/**
 * The physics warnings of one graph that compiled without an error, for its live nodes (those that
 * feed the Agent Output), in document order; appended to `out` (at most MAX_DIAGNOSTICS_PER_GRAPH).
 */
export function graphPhysicsWarnings(graph: CheckedGraph, live: readonly CheckedNode[], scene: SceneDocument, out: Diagnostic[]): void {
  const base = graph.base;
  const where = stateField(graph);
  const budget = new GraphBudget(out, graph.type.id, base, where);
  // the node straight into the sink's (one) input, unless the sink is muted
  const sink = graph.output && !isMuted(graph.output) ? graph.output : undefined;
  const fed = sink && sink.inputs.length ? graph.incoming.get(sink.id)?.get(sink.inputs[0].key)?.from : undefined;
  const nodes = [...live].sort((a, b) => a.index - b.index);
  for (const node of nodes) {
    const check = node.def?.physics;
    if (!check || isMuted(node) || node.broken) continue;
    const c: PhysicsContext = {
      value: valuesOf(node),
      type: graph.type,
      feedsSink: node === fed,
      source: (input) => {
        const from = graph.incoming.get(node.id)?.get(input)?.from;
        return from ? { kind: from.kind, value: valuesOf(from) } : null;
      },
      scenePath: (id) => scene.world.paths.find((p) => p.id === id),
      world: { width: scene.world.width, height: scene.world.height, edges: scene.world.edges },
      quote,
      warn: (port, message, fix) => {
        budget.add({
          severity: 'warning',
          agentType: graph.type.id,
          ...where,
          nodeId: node.id,
          port,
          path: `${base}.nodes[${node.index}].params.${port}`,
          message,
          ...(fix ? { fix } : {}),
        });
      },
    };
    check(c);
  }
  budget.finish();
}

/** A graph's live nodes: those that feed its Agent Output or its Go to States (each once). */
function live(g: { order: readonly CheckedNode[]; conditions: readonly CheckedNode[] }): CheckedNode[] {
  return [...new Set([...g.order, ...g.conditions])];
}

/** The physics stage: each graph that compiles gets its physics warnings after its own diagnostics. */
export function physicsStage(value: OrderedScene): OrderedScene {
  return {
    ...value,
    graphs: value.graphs.map((g) => {
      if (!g.ok) return g;
      const diagnostics = [...g.diagnostics];
      graphPhysicsWarnings(g.graph, live(g), value.scene, diagnostics);
      return { ...g, diagnostics };
    }),
  };
}

/**
 * The physics warnings of a scene alone: for each agent type whose graph compiles without an error
 * (`compile()` includes them in its diagnostics; this runs the stages it needs on its own).
 */
export function physicsWarnings(scene: SceneDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  const flat = flatten(scene);
  for (const g of orderStage(validate(flat.scene)).graphs) if (g.ok) graphPhysicsWarnings(g.graph, live(g), flat.scene, out);
  return liftDiagnostics(flat, out);
}
