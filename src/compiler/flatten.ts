/**
 * Stage 0, flatten: every use of a node group (a node of kind `group`, `params.group` naming a
 * group of the scene's library) becomes copies of the group's inner nodes, with ids `use/inner`
 * (only the compiler sees them; `/` is not in ID_PATTERN, so they never clash with a user's ids),
 * wired through the group's boundary (`@in`, `@out`). Groups may hold groups; a group that holds
 * itself, directly or not, and a use of a missing group are diagnostics on the use node, and the
 * use is left out. The flattened graphs keep the original nodes and connections at their indices
 * (the copies come after them), so the later stages' diagnostics keep their paths;
 * {@link liftDiagnostics} moves those about copies onto the use node that made them. Then every
 * reroute is seen through ({@link seeThrough}): `a → reroute → b` compiles as `a → b`.
 */
import { GROUP_KIND, type Graph, type GraphNode, type NodeGroup, type SceneDocument } from '../document/types';
import { expandUse } from '../document/expand-group';
import { isReroute, rerouteIds, seenThrough } from '../document/reroutes';
import { graphsOf, withGraph } from '../document/graphs';
import { LIMITS } from '../document/schema';
import { quote, type Diagnostic } from './diagnostics';

/** Where a node of a flattened graph came from: the graph's own node (its index), or a copy made for one (the use's index). */
interface Origin {
  /** The index of the top-level node (the node itself, or the use whose copy this is). */
  index: number;
  /** The chain of groups this copy sits inside, outermost first (empty: a node of the graph itself). */
  chain: readonly string[];
}

/** One flattened graph and how to lift its diagnostics back. */
export interface FlatGraph {
  graph: Graph;
  /** The original graph. */
  original: Graph;
}

/** What flattening gave: the scene with group-free graphs, and the problems with uses. */
export interface Flattened {
  /** The scene with every agent type's graphs flattened (the same object when it uses no groups). */
  scene: SceneDocument;
  /** Missing groups, groups that contain themselves, flattened graphs too large. */
  diagnostics: Diagnostic[];
  /** By document path of each graph that held uses (`agentTypes[0].states[1].graph`): the original graph. */
  originals: Map<string, Graph>;
  /** By the same paths: the uses left in place because they could not be flattened (their flattened ids). */
  broken: Map<string, Set<string>>;
}

/** At most this many nodes in one flattened graph (nested groups multiply). */
export const MAX_FLAT_NODES = LIMITS.nodesPerGraph * 5;

/** The group a use node names, or undefined. */
export function groupOfUse(n: GraphNode, groups: ReadonlyMap<string, NodeGroup>): NodeGroup | undefined {
  const id = n.params.group;
  return typeof id === 'string' ? groups.get(id) : undefined;
}

/** The library by id. */
export function groupMap(scene: SceneDocument): Map<string, NodeGroup> {
  const m = new Map<string, NodeGroup>();
  for (const g of scene.groups ?? []) if (!m.has(g.id)) m.set(g.id, g);
  return m;
}

/**
 * One graph flattened, or null when it uses no groups. Problems are reported through `problem`
 * with the index of the top-level use they concern; the (flattened) ids of the uses left in place
 * are added to `broken`.
 */
export function flattenGraph(
  graph: Graph,
  groups: ReadonlyMap<string, NodeGroup>,
  problem: (index: number, message: string) => void,
  broken: Set<string> = new Set(),
): Graph | null {
  if (!graph.nodes.some((n) => n.kind === GROUP_KIND)) return null;
  const origin = new Map<string, Origin>();
  graph.nodes.forEach((n, index) => origin.set(n.id, { index, chain: [] }));
  // (Each use is left out and its copies appended, so the graph's other nodes keep their order;
  // liftDiagnostics rebuilds paths from node ids.)
  let nodes = graph.nodes.slice();
  let connections = (graph.connections ?? []).slice();
  for (;;) {
    const use = nodes.find((n) => n.kind === GROUP_KIND && !broken.has(n.id));
    if (!use) break;
    const from = origin.get(use.id)!;
    const group = groupOfUse(use, groups);
    // A use that cannot be flattened stays, as a node of a kind validate does not know: an error on
    // it (so the type steers with no force, as for any broken node) whose message liftDiagnostics replaces.
    const dropped = () => void broken.add(use.id);
    if (!group) {
      const id = use.params.group;
      problem(
        from.index,
        from.chain.length
          ? `Group ${quote(from.chain[from.chain.length - 1])} uses group ${quote(String(id ?? ''))}, which is not in this scene’s library`
          : typeof id === 'string' && id !== ''
            ? `Group ${quote(id)} is not in this scene’s library`
            : 'This group node names no group',
      );
      dropped();
      continue;
    }
    if (from.chain.includes(group.id)) {
      problem(from.index, `Group ${quote(group.id)} contains itself (${[...from.chain, group.id].map(quote).join(' › ')}), so it cannot be flattened`);
      dropped();
      continue;
    }
    if (nodes.length - 1 + group.graph.nodes.length > MAX_FLAT_NODES) {
      problem(from.index, `Flattened, this graph would have more than ${MAX_FLAT_NODES} nodes`);
      dropped();
      continue;
    }
    const chain = [...from.chain, group.id];
    for (const n of group.graph.nodes) origin.set(`${use.id}/${n.id}`, { index: from.index, chain });
    ({ nodes, connections } = expandUse(nodes, connections, use, group));
  }
  return { nodes, connections };
}

/**
 * The graph with its reroutes seen through (src/document/reroutes.ts), or null when it has none.
 * In a graph that used no groups (`inPlace`) the reroutes stay, unwired, at their indices, so every
 * other node keeps its index, which probes and node memory name, and validation and ordering pass
 * over them (`NodeDef.layout`); in a flattened one (whose copies have new indices anyway) they go,
 * so its nodes are those of the same graph and groups without reroutes, in the same order.
 */
export function seeThrough(graph: Graph, inPlace: boolean): Graph | null {
  const ids = rerouteIds(graph.nodes);
  if (!ids.size) return null;
  const wired = seenThrough(graph);
  return inPlace ? wired : { ...wired, nodes: graph.nodes.filter((n) => !ids.has(n.id)) };
}

/** Flattens every graph of the scene's agent types. */
export function flatten(scene: SceneDocument): Flattened {
  const diagnostics: Diagnostic[] = [];
  const originals = new Map<string, Graph>();
  const broken = new Map<string, Set<string>>();
  if (!scene.groups?.length && !scene.agentTypes.some((t) => [...graphsOf(t, 0)].some((g) => g.graph.nodes.some((n) => n.kind === GROUP_KIND || isReroute(n))))) {
    return { scene, diagnostics, originals, broken };
  }
  const groups = groupMap(scene);
  const agentTypes = scene.agentTypes.map((t, k) => {
    const several = t.states.length > 1 || t.anyState !== undefined;
    let type = t;
    for (const g of graphsOf(t, k)) {
      const left = new Set<string>();
      const flat = flattenGraph(g.graph, groups, (index, message) => {
        diagnostics.push({
          severity: 'error',
          agentType: t.id,
          ...(several ? { state: g.state } : {}),
          nodeId: g.graph.nodes[index].id,
          path: `${g.path}.nodes[${index}]`,
          message,
        });
      }, left);
      const through = seeThrough(flat ?? g.graph, !flat);
      if (!flat && !through) continue;
      originals.set(g.path, g.graph);
      broken.set(g.path, left);
      type = withGraph(type, g.state, through ?? flat!);
    }
    return type;
  });
  return { scene: { ...scene, agentTypes }, diagnostics, originals, broken };
}

/**
 * The later stages' diagnostics on a flattened scene, moved back onto the original graphs: one
 * about a copy (`use/inner`) goes on the use node and names the inner node (and keeps its id in
 * `inner`, for the editor inside the group); a path into a flattened graph's nodes or connections
 * is rebuilt against the original graph.
 */
export function liftDiagnostics(flat: Flattened, diagnostics: Diagnostic[]): Diagnostic[] {
  if (flat.originals.size === 0) return diagnostics;
  const groups = groupMap(flat.scene);
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const lifted = lift(d);
    if (lifted) out.push(lifted);
  }
  return out;

  function lift(d: Diagnostic): Diagnostic | null {
    if (!d.path) return d;
    const m = /^(agentTypes\[\d+\]\.(?:states\[\d+\]\.graph|anyState))\.(nodes|connections)(?:\[(\d+)\])?/.exec(d.path);
    const original = m && flat.originals.get(m[1]);
    if (!m || !original) return d;
    const base = m[1];
    // (the unknown kind of a use left in place: flatten said why instead)
    if (d.nodeId && d.path.endsWith('.kind') && flat.broken.get(base)?.has(d.nodeId)) return null;
    const slash = d.nodeId?.indexOf('/') ?? -1;
    if (d.nodeId && slash > 0) {
      const useId = d.nodeId.slice(0, slash);
      const index = original.nodes.findIndex((n) => n.id === useId);
      const use = original.nodes[index];
      const name = (use && groupOfUse(use, groups)?.name) ?? useId;
      const inner = d.nodeId.slice(slash + 1);
      const { port: _port, ...rest } = d;
      return { ...rest, nodeId: useId, inner, path: `${base}.nodes[${index}]`, message: `In group ${quote(name)}, node ${quote(inner)}: ${d.message}` };
    }
    if (m[2] === 'nodes' && d.nodeId) {
      const index = original.nodes.findIndex((n) => n.id === d.nodeId);
      return index < 0 ? d : { ...d, path: `${base}.nodes[${index}]${d.path.slice(m[0].length)}` };
    }
    if (m[2] === 'connections') return { ...d, path: `${base}.connections` };
    return d;
  }
}
