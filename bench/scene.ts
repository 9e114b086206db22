/**
 * The benchmark scenes as scene DOCUMENTS, the way a user saves them: compiled by our compiler and
 * run through the exported module (bench/module-flock.mjs). The flock is the one of
 * bench/flock-world.ts (Flock sight 40 / separation 40 / weights 3, 1, 1 plus Wander 10 / 5 / 1 into
 * a Sum of weights 1, 1; 1 agent per 400 px², wrap, mass 1, maxSpeed 1/3 px/tick,
 * maxForce 50/3600 px/tick², spawn speed 0.75 × maxSpeed, seed 1), so it runs bit for bit like the
 * hand-built kernel flock.
 */
import { paramDefs, getNodeDef, paramValue } from '../nodes/index';
import { VERSION, type Connection, type GraphNode, type ParamValue, type SceneDocument, type TypeParam } from '../src/document/types';

export const BENCH_SCENE = { areaPerAgent: 400, sight: 40, separation: 40, maxSpeed: 1 / 3, maxForce: 50 / 3600 } as const;

/** Options of {@link benchScene}; every default is the peer benchmark's setting. */
export interface BenchSceneOptions {
  /** Flock sight and separation radius, px (default 40). */
  sight?: number;
  /** Agents per px² is 1 / areaPerAgent (default 400). */
  areaPerAgent?: number;
  /** Per-agent maxSpeed and maxForce variation (default none). */
  variation?: number;
}

/** A graph builder: nodes at the canvas origin, connections written `'node.port'`. */
export class GraphBuilder {
  readonly nodes: GraphNode[] = [];
  readonly connections: Connection[] = [];
  node(id: string, kind: string, params: Record<string, ParamValue> = {}): string {
    this.nodes.push({ id, kind, params, position: [0, 0] });
    return id;
  }
  wire(from: string, to: string): void {
    const [a, p] = from.split('.');
    const [b, q] = to.split('.');
    this.connections.push({ from: [a, p], to: [b, q] });
  }
}

/** A one-type wrap world of `n` boids at the bench density running `graph`. */
export function sceneOf(n: number, graph: GraphBuilder, opts: BenchSceneOptions = {}, name = 'Benchmark flock'): SceneDocument {
  const side = Math.sqrt((opts.areaPerAgent ?? BENCH_SCENE.areaPerAgent) * n);
  const v = opts.variation ?? 0;
  return {
    format: 'steergraph',
    version: VERSION,
    name,
    description: `${n} boids, 1 per ${opts.areaPerAgent ?? BENCH_SCENE.areaPerAgent} px², the peer benchmark's flock`,
    world: { width: side, height: side, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [
      {
        id: 'boid',
        name: 'Boid',
        color: '#3366cc',
        count: n,
        mass: 1,
        maxSpeed: BENCH_SCENE.maxSpeed,
        maxForce: BENCH_SCENE.maxForce,
        spawn: { speed: 0.75 },
        ...(v > 0 ? { variation: { maxSpeed: v, maxForce: v } } : {}),
        states: [{ name: 'default', graph: { nodes: graph.nodes, connections: graph.connections } }],
      },
    ],
  };
}

/** Flock (sight, separation = sight, weights 3, 1, 1) + Wander (10, 5, 1) → Sum (1, 1) → Agent Output. */
export function flockGraph(sight: number = BENCH_SCENE.sight): GraphBuilder {
  const g = new GraphBuilder();
  g.node('flock', 'flock', { sight, separation: sight, separationWeight: 3, alignmentWeight: 1, cohesionWeight: 1 });
  g.node('wander', 'wander', { distance: 10, radius: 5, jitter: 1 });
  g.node('sum', 'sum', { inputs: 4, w0: 1, w1: 1 });
  g.node('out', 'agent-output');
  g.wire('flock.force', 'sum.in0');
  g.wire('wander.force', 'sum.in1');
  g.wire('sum.force', 'out.force');
  return g;
}

/** The bench scene of `npm run bench`: {@link flockGraph} in the peer's world. */
export function benchScene(n: number, opts: BenchSceneOptions = {}): SceneDocument {
  return sceneOf(n, flockGraph(opts.sight), opts);
}

/**
 * `doc` with every number parameter of every node exposed (issue 18's bar: "exposing every
 * parameter of the benchmark flock costs at most 1.1× the constant version"): each node's each
 * number parameter that may vary at run time (not an integer, not `runtime: false`) becomes a type
 * parameter `<node>_<key>` whose default is the node's value, ranging from the node parameter's
 * minimum (its value when the minimum is exclusive) to that value, so an exposed radius bounds
 * the neighbour scan exactly as the constant did. With the defaults the simulation is the
 * constant one, bit for bit: only the code differs (reads of A.par instead of literals).
 */
export function exposeEverything(doc: SceneDocument): SceneDocument {
  const out = structuredClone(doc);
  for (const t of out.agentTypes) {
    const params: TypeParam[] = [...(t.params ?? [])];
    for (const st of t.states) {
      for (const n of st.graph.nodes) {
        const def = getNodeDef(n.kind);
        if (!def) continue;
        for (const p of paramDefs(def, n.params)) {
          if (p.type !== 'number' || p.integer || p.runtime === false) continue;
          const v = paramValue(p, n.params) as number;
          const name = `${n.id}_${p.key}`;
          params.push({ name, default: v, min: p.minExclusive ? v : Math.min(p.min, v), max: v });
          (n.exposed ??= {})[p.key] = name;
        }
      }
    }
    t.params = params;
  }
  out.name = `${doc.name}, every parameter exposed`;
  return out;
}
