/**
 * Edits of a scene document, and the undo history (DESIGN.md contract 1: every edit, from the graph
 * editor, the panels or the preview, ends as one of these on the document; undo/redo, autosave,
 * the dirty marker and save all work on that one thing).
 *
 * Every edit is a pure function from a document to a new document that shares what it did not
 * change (so history is cheap and undo restores the exact earlier value). An edit that does not
 * apply (unknown id, no change) returns the same document object, and the history records nothing.
 */
import { getNodeDef, inputCount, inputPorts, paramDefs } from '../../nodes/index';
import { ANY_STATE, graphIn, graphsOf, groupOfGraph, updateGraphIn, withGraph, type GraphAt } from './graphs';
import { rerouteIds, throughReroutes } from './reroutes';
import { LIMITS, RANGES } from './schema';
import { GROUP_IN, GROUP_OUT, ID_PATTERN, type AgentType, type Connection, type Graph, type GraphNode, type NamedTarget, type Obstacle, type ParamValue, type SceneDocument, type ScenePath, type SceneWorld } from './types';

/** An edit: document in, document out (the same object when nothing changed). */
export type Edit = (doc: SceneDocument) => SceneDocument;

/** Applies `f` to one agent type (the same document when it returns the same type or the id is unknown). */
export function updateType(doc: SceneDocument, typeId: string, f: (t: AgentType) => AgentType): SceneDocument {
  const k = doc.agentTypes.findIndex((t) => t.id === typeId);
  if (k < 0) return doc;
  const next = f(doc.agentTypes[k]);
  if (next === doc.agentTypes[k]) return doc;
  const agentTypes = doc.agentTypes.slice();
  agentTypes[k] = next;
  return { ...doc, agentTypes };
}

/** Applies `f` to the graph at `at` (a type id alone: its first state's); an unknown type or state changes nothing. */
export function updateGraph(doc: SceneDocument, at: GraphAt, f: (g: Graph) => Graph): SceneDocument {
  // (a group's inner graph too: graphs.ts)
  return updateGraphIn(doc, at, f);
}

const sameEnd = (a: [string, string], b: [string, string]): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * Makes node ids not used in this graph (nor in `taken`): n1, n2, … after the highest nN there.
 * Only suffixes of up to 15 digits count (larger ones are not exact as numbers, and `n1e+63` is
 * no id); a candidate that is taken anyway is skipped.
 */
function nodeIds(nodes: readonly { id: string }[], taken: ReadonlySet<string> = new Set()): () => string {
  const used = new Set(taken);
  let max = 0;
  for (const n of nodes) used.add(n.id);
  for (const id of used) {
    const m = /^n(\d{1,15})$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return () => {
    let id: string;
    do id = `n${++max}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
}

/** A node id not used in this graph: n1, n2, … */
export function freshNodeId(nodes: readonly { id: string }[], taken: ReadonlySet<string> = new Set()): string {
  return nodeIds(nodes, taken)();
}

/** A coordinate kept inside what a document may hold (RANGES.coordinate; NaN as 0), so a moved or pasted node always saves and loads. */
export function coordinate(v: number): number {
  return Number.isNaN(v) ? 0 : Math.min(RANGES.coordinate.max, Math.max(RANGES.coordinate.min, v));
}

/** An id not used among `ids`, from a base: "sheep", "sheep-2", … */
export function freshId(base: string, ids: readonly string[]): string {
  if (!ids.includes(base)) return base;
  for (let k = 2; ; k++) if (!ids.includes(`${base}-${k}`)) return `${base}-${k}`;
}

/** Adds a node (its id must be new in that graph). */
export const addNode =
  (at: GraphAt, node: GraphNode): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => (g.nodes.some((n) => n.id === node.id) ? g : { ...g, nodes: [...g.nodes, node] }));

/**
 * Removes nodes and every connection touching them; a removed reroute first joins its wires (what
 * fed it then feeds everything it fed, src/document/reroutes.ts).
 */
export const removeNodes =
  (at: GraphAt, ids: readonly string[]): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      // (inside a group, its Group Input and Group Output stay: they are the group's ports)
      const gone = new Set(ids.filter((id) => id !== GROUP_IN && id !== GROUP_OUT));
      const nodes = g.nodes.filter((n) => !gone.has(n.id));
      if (nodes.length === g.nodes.length) return g;
      const reroutes = rerouteIds(g.nodes.filter((n) => gone.has(n.id)));
      const joined = reroutes.size ? throughReroutes(g.connections, reroutes) : g.connections;
      return { ...g, nodes, connections: joined.filter((c) => !gone.has(c.from[0]) && !gone.has(c.to[0])) };
    });

/** Moves nodes to new editor positions (kept inside RANGES.coordinate). */
export const moveNodes =
  (at: GraphAt, moves: readonly { id: string; position: [number, number] }[]): Edit =>
  (doc) =>
    moveBoundary(updateGraph(doc, at, (g) => {
      const to = new Map<string, [number, number]>();
      for (const m of moves) if (!to.has(m.id)) to.set(m.id, m.position);
      let changed = false;
      const nodes = g.nodes.map((n) => {
        const p = to.get(n.id);
        if (!p) return n;
        const x = coordinate(p[0]);
        const y = coordinate(p[1]);
        if (x === n.position[0] && y === n.position[1]) return n;
        changed = true;
        return { ...n, position: [x, y] as [number, number] };
      });
      return changed ? { ...g, nodes } : g;
    }), at, moves);

/** Inside a group (`at.group`), the moves of its Group Input and Group Output: the group's inputPosition and outputPosition. */
function moveBoundary(doc: SceneDocument, at: GraphAt, moves: readonly { id: string; position: [number, number] }[]): SceneDocument {
  const id = groupOfGraph(at);
  const k = id === undefined ? -1 : (doc.groups ?? []).findIndex((g) => g.id === id);
  if (k < 0) return doc;
  let g = doc.groups![k];
  for (const m of moves) {
    const key = m.id === GROUP_IN ? 'inputPosition' : m.id === GROUP_OUT ? 'outputPosition' : null;
    const p: [number, number] = [coordinate(m.position[0]), coordinate(m.position[1])];
    if (key && (g[key]?.[0] !== p[0] || g[key]?.[1] !== p[1])) g = { ...g, [key]: p };
  }
  if (g === doc.groups![k]) return doc;
  const groups = doc.groups!.slice();
  groups[k] = g;
  return { ...doc, groups };
}

/**
 * Sets a node parameter; `undefined` removes it (back to the default). Lowering a variadic node's
 * `inputs` also removes the connections and weights of the inputs that go away.
 */
export const setParam =
  (at: GraphAt, nodeId: string, key: string, value: ParamValue | undefined): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const k = g.nodes.findIndex((n) => n.id === nodeId);
      if (k < 0) return g;
      const node = g.nodes[k];
      const has = Object.hasOwn(node.params, key);
      if (value === undefined ? !has : has && Object.is(node.params[key], value)) return g;
      const params: Record<string, ParamValue> = {};
      for (const [p, v] of Object.entries(node.params)) if (p !== key) params[p] = v;
      if (value !== undefined) params[key] = value;
      const nodes = g.nodes.slice();
      nodes[k] = { ...node, params };
      let connections = g.connections;
      const def = getNodeDef(node.kind);
      if (def?.variadic && key === 'inputs') {
        const keep = new Set(inputPorts(def, params).map((p) => p.key));
        connections = connections.filter((c) => c.to[0] !== nodeId || keep.has(c.to[1]));
        const n = inputCount(def, params);
        const w = def.variadic.weight?.prefix;
        if (w) {
          for (const p of Object.keys(params)) {
            const m = p.startsWith(w) ? /^\d+$/.exec(p.slice(w.length)) : null;
            if (m && Number(m[0]) >= n) delete params[p];
          }
        }
      }
      return { ...g, nodes, connections };
    });

/** Sets several parameters of one node in one edit (one undo step): a warning's fix. */
export const setParams =
  (at: GraphAt, nodeId: string, params: Readonly<Record<string, ParamValue | undefined>>): Edit =>
  (doc) =>
    Object.entries(params).reduce((d, [key, value]) => setParam(at, nodeId, key, value)(d), doc);

/** Mutes (bypasses) or unmutes nodes; an unmuted node carries no `muted` key. */
export const setMuted =
  (at: GraphAt, nodeIds: readonly string[], muted: boolean): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const ids = new Set(nodeIds);
      let changed = false;
      const nodes = g.nodes.map((n) => {
        if (!ids.has(n.id) || (n.muted === true) === muted) return n;
        changed = true;
        if (muted) return { ...n, muted: true };
        const { muted: _, ...rest } = n;
        return rest;
      });
      return changed ? { ...g, nodes } : g;
    });

/**
 * Connects an output to an input. An input takes one connection: one already there is replaced.
 * Connecting the last input of a Sum (or another variadic node) adds one more input.
 */
export const connect =
  (at: GraphAt, from: [string, string], to: [string, string]): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      if (from[0] === to[0]) return g;
      if (g.connections.some((c) => sameEnd(c.from, from) && sameEnd(c.to, to))) return g;
      const connections = g.connections.filter((c) => !sameEnd(c.to, to));
      connections.push({ from: [from[0], from[1]], to: [to[0], to[1]] });
      let nodes = g.nodes;
      const k = g.nodes.findIndex((n) => n.id === to[0]);
      const node = g.nodes[k];
      const def = node && getNodeDef(node.kind);
      if (def?.variadic) {
        const count = inputCount(def, node.params);
        if (to[1] === `${def.variadic.prefix}${count - 1}` && count < def.variadic.max) {
          nodes = g.nodes.slice();
          nodes[k] = { ...node, params: { ...node.params, inputs: count + 1 } };
        }
      }
      return { ...g, nodes, connections };
    });

/**
 * Splices node `node` into `wire`, A→B becoming A→node→B: the wire becomes A→`input` where it
 * stands, and `output`→B is added (a node or reroute dropped on a wire). Unlike disconnect and
 * connect, it never grows a Sum's inputs: B's input was taken before and still is.
 */
export const splice =
  (at: GraphAt, wire: Connection, node: string, input: string, output: string): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const k = g.connections.findIndex((c) => sameEnd(c.from, wire.from) && sameEnd(c.to, wire.to));
      if (k < 0 || wire.from[0] === node || wire.to[0] === node) return g;
      const into: Connection = { from: [wire.from[0], wire.from[1]], to: [node, input] };
      const connections = g.connections.flatMap((c, j) => (j === k ? [into] : c.to[0] === node && c.to[1] === input ? [] : [c]));
      connections.push({ from: [node, output], to: [wire.to[0], wire.to[1]] });
      return { ...g, connections };
    });

/** Removes a connection. */
export const disconnect =
  (at: GraphAt, c: Connection): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const connections = g.connections.filter((x) => !(sameEnd(x.from, c.from) && sameEnd(x.to, c.to)));
      return connections.length === g.connections.length ? g : { ...g, connections };
    });

/**
 * Pastes nodes (with the connections among them) into a graph under fresh ids, offset by `offset`.
 * Returns the edit and the new ids (in the order of `nodes`).
 */
export function paste(
  at: GraphAt,
  doc: SceneDocument,
  nodes: readonly GraphNode[],
  connections: readonly Connection[],
  offset: [number, number] = [30, 30],
): { edit: Edit; ids: string[] } {
  const graph = graphIn(doc, at);
  if (!graph) return { edit: (d) => d, ids: [] };
  const map = new Map<string, string>();
  const fresh = nodeIds(graph.nodes);
  const pasted: GraphNode[] = nodes.map((n) => {
    const id = fresh();
    map.set(n.id, id);
    const copy: GraphNode = { id, kind: n.kind, params: { ...n.params }, position: [coordinate(n.position[0] + offset[0]), coordinate(n.position[1] + offset[1])] };
    // (exposed parameters stay exposed: in another type without that parameter, the compiler says so)
    if (n.exposed && Object.keys(n.exposed).length) copy.exposed = { ...n.exposed };
    if (n.collapsed) copy.collapsed = true;
    if (n.hideUnconnected) copy.hideUnconnected = true;
    return n.muted ? { ...copy, muted: true } : copy;
  });
  const links: Connection[] = connections
    .filter((c) => map.has(c.from[0]) && map.has(c.to[0]))
    .map((c) => ({ from: [map.get(c.from[0])!, c.from[1]], to: [map.get(c.to[0])!, c.to[1]] }));
  const edit: Edit = (d) =>
    updateGraph(d, at, (g) => ({ ...g, nodes: [...g.nodes, ...pasted], connections: [...g.connections, ...links] }));
  return { edit, ids: pasted.map((n) => n.id) };
}

/** Adds an agent type (its id must be new). */
export const addAgentType =
  (type: AgentType): Edit =>
  (doc) =>
    doc.agentTypes.some((t) => t.id === type.id) ? doc : { ...doc, agentTypes: [...doc.agentTypes, type] };

/** Removes an agent type. */
export const removeAgentType =
  (typeId: string): Edit =>
  (doc) => {
    const agentTypes = doc.agentTypes.filter((t) => t.id !== typeId);
    return agentTypes.length === doc.agentTypes.length ? doc : { ...doc, agentTypes };
  };

/**
 * Changes an agent type's id, and every reference to it in the scene: the parameters that choose an
 * agent type (Flock, Nearest Agent, Separation, …) in the graphs of all types, so nothing that
 * pointed at the type is left dangling. The new id must match ID_PATTERN and be no other type's;
 * otherwise (or for an unknown id, or no change) the same document.
 */
export const renameAgentType =
  (typeId: string, newId: string): Edit =>
  (doc) => {
    if (newId === typeId || !ID_PATTERN.test(newId) || doc.agentTypes.some((t) => t.id === newId)) return doc;
    if (!doc.agentTypes.some((t) => t.id === typeId)) return doc;
    const agentTypes = doc.agentTypes.map((t) => {
      let next = t;
      for (const { state, graph } of graphsOf(t, 0)) next = withGraph(next, state, retargetParams(graph, 'agentType', typeId, newId));
      return t.id === typeId ? { ...next, id: newId } : next;
    });
    return { ...doc, agentTypes };

  };

/**
 * A graph whose reference parameters of type `kind` (an agent type, a state) that name `from` name
 * `to` instead; the same object when none did. What renaming a type or a state does to its graphs.
 */
export function retargetParams(graph: Graph, kind: 'agentType' | 'state', from: string, to: string): Graph {
  let changed = false;
  const nodes = graph.nodes.map((n) => {
    const def = getNodeDef(n.kind);
    if (!def) return n;
    let params: Record<string, ParamValue> | null = null;
    for (const p of paramDefs(def, n.params)) {
      if (p.type !== kind || !Object.hasOwn(n.params, p.key) || n.params[p.key] !== from) continue;
      params ??= { ...n.params };
      params[p.key] = to;
    }
    if (!params) return n;
    changed = true;
    return { ...n, params };
  });
  return changed ? { ...graph, nodes } : graph;
}

/** Changes an agent type's fields other than its id and graphs (name, color, count, mass, …). */
export const updateAgentType =
  (typeId: string, patch: Partial<Omit<AgentType, 'id' | 'states' | 'anyState'>>): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const next = { ...t, ...patch };
      for (const key of Object.keys(patch) as (keyof typeof patch)[]) if (patch[key] === undefined) delete next[key];
      return (Object.keys(patch) as (keyof typeof patch)[]).every((k) => Object.is(t[k], next[k])) ? t : next;
    });

/** Changes world fields (size, edges, seed). */
export const updateWorld =
  (patch: Partial<Pick<SceneWorld, 'width' | 'height' | 'edges' | 'seed'>>): Edit =>
  (doc) => {
    const world = { ...doc.world, ...patch };
    return (Object.keys(patch) as (keyof typeof patch)[]).every((k) => Object.is(doc.world[k], world[k])) ? doc : { ...doc, world };
  };

/** Replaces the scene's name and description. */
export const updateScene =
  (patch: Partial<Pick<SceneDocument, 'name' | 'description'>>): Edit =>
  (doc) => {
    const next = { ...doc, ...patch };
    return next.name === doc.name && next.description === doc.description ? doc : next;
  };

/** Replaces the obstacles. */
export const setObstacles =
  (obstacles: Obstacle[]): Edit =>
  (doc) => ({ ...doc, world: { ...doc.world, obstacles } });

/** Replaces the paths. */
export const setPaths =
  (paths: ScenePath[]): Edit =>
  (doc) => ({ ...doc, world: { ...doc.world, paths } });

/** Replaces the named targets. */
export const setTargets =
  (targets: NamedTarget[]): Edit =>
  (doc) => ({ ...doc, world: { ...doc.world, targets } });

/** A path's points changed by `f`, or the same document when the path is not there or nothing changed. */
function updatePathPoints(doc: SceneDocument, pathId: string, f: (points: [number, number][]) => [number, number][] | null): SceneDocument {
  const k = doc.world.paths.findIndex((p) => p.id === pathId);
  if (k < 0) return doc;
  const points = f(doc.world.paths[k].points);
  if (!points) return doc;
  const paths = doc.world.paths.slice();
  paths[k] = { ...paths[k], points };
  return { ...doc, world: { ...doc.world, paths } };
}

/** Moves point `index` of a path (kept inside RANGES.coordinate). */
export const movePathPoint =
  (pathId: string, index: number, point: [number, number]): Edit =>
  (doc) =>
    updatePathPoints(doc, pathId, (pts) => {
      const p = pts[index];
      const x = coordinate(point[0]);
      const y = coordinate(point[1]);
      if (!p || (p[0] === x && p[1] === y)) return null;
      const next = pts.slice();
      next[index] = [x, y];
      return next;
    });

/** Inserts a point into a path before point `index` (`index` = its length appends; kept inside RANGES.coordinate). */
export const insertPathPoint =
  (pathId: string, index: number, point: [number, number]): Edit =>
  (doc) =>
    updatePathPoints(doc, pathId, (pts) => {
      if (!Number.isInteger(index) || index < 0 || index > pts.length) return null;
      const next = pts.slice();
      next.splice(index, 0, [coordinate(point[0]), coordinate(point[1])]);
      return next;
    });

/** Removes point `index` of a path. */
export const removePathPoint =
  (pathId: string, index: number): Edit =>
  (doc) =>
    updatePathPoints(doc, pathId, (pts) => (Number.isInteger(index) && index >= 0 && index < pts.length ? pts.filter((_, k) => k !== index) : null));

/** Applies several edits as one. */
export const batch =
  (...edits: Edit[]): Edit =>
  (doc) =>
    edits.reduce((d, e) => e(d), doc);

/**
 * The size limits (LIMITS, which the loader enforces) that a document is over, each as a phrase:
 * `more than 2,000 nodes in the graph of "sheep"`. Counts only: O(agent types + paths + walls).
 */
export function limitsExceeded(doc: SceneDocument): string[] {
  const out: string[] = [];
  const n = (x: number): string => x.toLocaleString('en-US');
  const types = doc.agentTypes;
  if (types.length > LIMITS.agentTypes) out.push(`more than ${n(LIMITS.agentTypes)} agent types`);
  let agents = 0;
  let nodes = 0;
  let connections = 0;
  for (const t of types) {
    agents += t.count;
    if (t.states.length > LIMITS.statesPerType) out.push(`more than ${n(LIMITS.statesPerType)} states in "${t.id}"`);
    for (const { state, graph } of graphsOf(t, 0)) {
      nodes += graph.nodes.length;
      connections += graph.connections.length;
      const of = state === ANY_STATE ? `the any-state graph of "${t.id}"` : t.states.length === 1 ? `the graph of "${t.id}"` : `the graph of "${t.id}", state "${t.states[state].name}"`;
      if (graph.nodes.length > LIMITS.nodesPerGraph) out.push(`more than ${n(LIMITS.nodesPerGraph)} nodes in ${of}`);
      if (graph.connections.length > LIMITS.connectionsPerGraph) out.push(`more than ${n(LIMITS.connectionsPerGraph)} connections in ${of}`);
    }
  }
  if (agents > LIMITS.agentsTotal) out.push(`more than ${n(LIMITS.agentsTotal)} agents in all`);
  if (nodes > LIMITS.nodesTotal) out.push(`more than ${n(LIMITS.nodesTotal)} nodes in all`);
  if (connections > LIMITS.connectionsTotal) out.push(`more than ${n(LIMITS.connectionsTotal)} connections in all`);
  const w = doc.world;
  if (w.obstacles.length > LIMITS.obstacles) out.push(`more than ${n(LIMITS.obstacles)} obstacles`);
  if (w.paths.length > LIMITS.paths) out.push(`more than ${n(LIMITS.paths)} paths`);
  if (w.targets.length > LIMITS.targets) out.push(`more than ${n(LIMITS.targets)} named targets`);
  for (const p of w.paths) if (p.points.length > LIMITS.pointsPerPath) out.push(`more than ${n(LIMITS.pointsPerPath)} points on path "${p.id}"`);
  if (w.paths.reduce((s, p) => s + p.points.length, 0) > LIMITS.pointsTotal) out.push(`more than ${n(LIMITS.pointsTotal)} points in all paths`);
  const walls = w.walls ?? [];
  if (walls.length > LIMITS.walls) out.push(`more than ${n(LIMITS.walls)} walls`);
  for (const x of walls) if (x.points.length > LIMITS.pointsPerWall) out.push(`more than ${n(LIMITS.pointsPerWall)} points on wall "${x.id}"`);
  if (walls.reduce((s, x) => s + x.points.length, 0) > LIMITS.wallPoints) out.push(`more than ${n(LIMITS.wallPoints)} points in all walls`);
  return out;
}

