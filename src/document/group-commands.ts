/**
 * Edits of the scene's group library and of group uses (every one an Edit, so undoable): make a
 * group from selected nodes, ungroup a use, rename a group, choose its parameters, add a use,
 * delete an unused group; add a port wired from inside, remove or relabel a port. Document shapes: types.ts, NodeGroup.
 */
import { inputPorts, isSink } from '../../nodes/index';
import { expandUse } from './expand-group';
import { graphIn, graphsOf, groupOfGraph, updateGraphIn, withGraph, type GraphAt } from './graphs';
import { connect, coordinate, freshId, freshNodeId, type Edit } from './commands';
import { LIMITS } from './schema';
import { groupOf, nodeDefIn } from './group-def';
import { GROUP_IN, GROUP_KIND, GROUP_OUT, type Connection, type Graph, type GraphNode, type GroupParam, type GroupPort, type NodeGroup, type SceneDocument } from './types';

/** The graph at `at` (a group's inner graph too), or undefined. */
const graphAt = graphIn;

/** The document with the graph at `at` replaced. */
function withGraphAt(doc: SceneDocument, at: GraphAt, graph: Graph): SceneDocument {
  return updateGraphIn(doc, at, () => graph);
}

/** Applies `f` to one group of the library (the same document when it returns the same group or the id is unknown). */
function updateGroup(doc: SceneDocument, id: string, f: (g: NodeGroup) => NodeGroup): SceneDocument {
  const k = (doc.groups ?? []).findIndex((g) => g.id === id);
  if (k < 0) return doc;
  const next = f(doc.groups![k]);
  if (next === doc.groups![k]) return doc;
  const groups = doc.groups!.slice();
  groups[k] = next;
  return { ...doc, groups };
}

const endKey = (e: readonly [string, string]): string => `${e[0]}\u0000${e[1]}`;

/** What makeGroup made: the edit, and the new group's and use's ids (empty when nothing can be grouped). */
export interface MadeGroup {
  edit: Edit;
  groupId: string;
  useId: string;
}

/**
 * Makes a group of nodes `ids` of the graph at `at` (the Agent Output stays out: a graph has one).
 * Its inputs are the wires that entered the selection, one per distinct outside source; its outputs
 * the wires that left it, one per distinct inner source. The selection is replaced by one use at
 * its centre, wired as before, so the scene steers the same.
 */
export function makeGroup(doc: SceneDocument, at: GraphAt, ids: readonly string[], name?: string): MadeGroup {
  const none: MadeGroup = { edit: (d) => d, groupId: '', useId: '' };
  const graph = graphAt(doc, at);
  if (!graph) return none;
  const chosen = new Set(ids);
  const inner = graph.nodes.filter((n) => chosen.has(n.id) && !isSink(n.kind));
  if (inner.length === 0) return none;
  const inside = new Set(inner.map((n) => n.id));
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  // (inside a group, its Group Input and Group Output are outside any selection)
  const boundary = groupOfGraph(at) !== undefined ? doc.groups?.find((g) => g.id === groupOfGraph(at)) : undefined;
  const known = (id: string) => byId.has(id) || (!!boundary && (id === GROUP_IN || id === GROUP_OUT));
  const outputType = (e: readonly [string, string]) =>
    e[0] === GROUP_IN ? boundary?.inputs.find((p) => p.key === e[1]) : byId.has(e[0]) ? nodeDefIn(doc, byId.get(e[0])!)?.outputs.find((p) => p.key === e[1]) : undefined;
  const inputs: GroupPort[] = [];
  const outputs: GroupPort[] = [];
  const inKey = new Map<string, string>();
  const outKey = new Map<string, string>();
  const innerWires: Connection[] = [];
  const outerWires: Connection[] = [];
  const useId = freshNodeId(graph.nodes);
  for (const c of graph.connections) {
    const fromIn = inside.has(c.from[0]);
    const toIn = inside.has(c.to[0]);
    if (fromIn && toIn) innerWires.push(c);
    else if (toIn && known(c.from[0])) {
      let key = inKey.get(endKey(c.from));
      const port = outputType(c.from);
      if (!port) continue; // a wire from a missing port: the compiler says so; it stays out of the group
      if (!key) {
        key = `in${inputs.length + 1}`;
        inKey.set(endKey(c.from), key);
        inputs.push({ key, label: port.label, type: port.type });
        outerWires.push({ from: c.from, to: [useId, key] });
      }
      innerWires.push({ from: [GROUP_IN, key], to: c.to });
    } else if (fromIn && known(c.to[0])) {
      let key = outKey.get(endKey(c.from));
      const port = outputType(c.from);
      if (!port) continue;
      if (!key) {
        key = `out${outputs.length + 1}`;
        outKey.set(endKey(c.from), key);
        outputs.push({ key, label: port.label, type: port.type });
        innerWires.push({ from: c.from, to: [GROUP_OUT, key] });
      }
      outerWires.push({ from: [useId, key], to: c.to });
    } else if (!fromIn && !toIn) outerWires.push(c);
  }
  const xs = inner.map((n) => n.position[0]);
  const ys = inner.map((n) => n.position[1]);
  const cx = Math.round((Math.min(...xs) + Math.max(...xs)) / 2);
  const cy = Math.round((Math.min(...ys) + Math.max(...ys)) / 2);
  const taken = (doc.groups ?? []).map((g) => g.id);
  const groupId = freshId('group', taken);
  const group: NodeGroup = {
    id: groupId,
    name: name ?? `Group ${(doc.groups?.length ?? 0) + 1}`,
    inputs,
    outputs,
    graph: { nodes: inner, connections: innerWires },
    inputPosition: [coordinate(Math.min(...xs) - 260), cy],
    outputPosition: [coordinate(Math.max(...xs) + 260), cy],
  };
  const use: GraphNode = { id: useId, kind: GROUP_KIND, params: { group: groupId }, position: [coordinate(cx), coordinate(cy)] };
  const edit: Edit = (d) => {
    if (graphAt(d, at) !== graph || (d.groups ?? []).some((g) => g.id === groupId)) return d;
    const nodes = graph.nodes.filter((n) => !inside.has(n.id));
    nodes.push(use);
    const next = withGraphAt(d, at, { nodes, connections: outerWires });
    return { ...next, groups: [...(next.groups ?? []), group] };
  };
  return { edit, groupId, useId };
}

/**
 * Ungroups the use `useId`: the group's nodes come back (their own ids, fresh ones where taken),
 * centred where the use was, with the use's parameter values, wired as before. Returns the edit
 * and the ids of the nodes that came back.
 */
export function ungroup(doc: SceneDocument, at: GraphAt, useId: string): { edit: Edit; ids: string[] } {
  const graph = graphAt(doc, at);
  const use = graph?.nodes.find((n) => n.id === useId);
  const group = use && groupOf(doc, use);
  if (!graph || !use || !group) return { edit: (d) => d, ids: [] };
  const map = new Map<string, string>();
  const taken = new Set(graph.nodes.map((n) => n.id));
  for (const n of group.graph.nodes) {
    const id = taken.has(n.id) ? freshNodeId(graph.nodes, taken) : n.id;
    taken.add(id);
    map.set(n.id, id);
  }
  const expanded = expandUse(graph.nodes, graph.connections, use, group, (inner) => map.get(inner) ?? inner);
  const xs = group.graph.nodes.map((n) => n.position[0]);
  const ys = group.graph.nodes.map((n) => n.position[1]);
  const dx = xs.length ? use.position[0] - (Math.min(...xs) + Math.max(...xs)) / 2 : 0;
  const dy = ys.length ? use.position[1] - (Math.min(...ys) + Math.max(...ys)) / 2 : 0;
  const back = new Set(map.values());
  const nodes = expanded.nodes.map((n) =>
    back.has(n.id) ? { ...n, position: [coordinate(Math.round(n.position[0] + dx)), coordinate(Math.round(n.position[1] + dy))] as [number, number] } : n,
  );
  const result: Graph = { nodes, connections: expanded.connections };
  return { edit: (d) => (graphAt(d, at) === graph ? withGraphAt(d, at, result) : d), ids: [...back] };
}

/** Renames a group (a name of 1 to 200 characters; otherwise, or unchanged, the same document). */
export const renameGroup =
  (id: string, name: string): Edit =>
  (doc) => {
    const text = name.trim();
    if (text.length < 1 || text.length > 200) return doc;
    return updateGroup(doc, id, (g) => (g.name === text ? g : { ...g, name: text }));
  };

/** Sets which inner parameters a group's uses set (none: the field is left out). */
export const setGroupParams =
  (id: string, params: readonly GroupParam[]): Edit =>
  (doc) =>
    updateGroup(doc, id, (g) => {
      if (JSON.stringify(g.params ?? []) === JSON.stringify(params)) return g;
      if (params.length === 0) {
        const { params: _p, ...rest } = g;
        return rest;
      }
      return { ...g, params: params.map((p) => ({ ...p })) };
    });

/** A group parameter for inner parameter `param` of inner node `node`: key `param` (or `param2`, …), labelled. */
export function groupParamFor(group: NodeGroup, node: string, param: string, label: string): GroupParam {
  const keys = (group.params ?? []).map((p) => p.key).concat('group');
  let key = param;
  for (let k = 2; keys.includes(key); k++) key = `${param}${k}`;
  return { key, label, node, param };
}

/** Adds a use of group `groupId` at `position` to the graph at `at`; returns the edit and the new node's id. */
export function addGroupUse(doc: SceneDocument, at: GraphAt, groupId: string, position: [number, number]): { edit: Edit; id: string } {
  const graph = graphAt(doc, at);
  // (not a group into itself; deeper, the compiler says the group contains itself)
  if (!graph || !(doc.groups ?? []).some((g) => g.id === groupId) || groupOfGraph(at) === groupId) return { edit: (d) => d, id: '' };
  const id = freshNodeId(graph.nodes);
  const node: GraphNode = { id, kind: GROUP_KIND, params: { group: groupId }, position: [coordinate(position[0]), coordinate(position[1])] };
  const edit: Edit = (d) => {
    const g = graphAt(d, at);
    if (!g || g.nodes.some((n) => n.id === id)) return d;
    return withGraphAt(d, at, { ...g, nodes: [...g.nodes, node] });
  };
  return { edit, id };
}

/** Where group `id` is used: "sheep › grazing", or "group Keep away" for a use inside another group. */
export function usesOfGroup(doc: SceneDocument, id: string): string[] {
  const out: string[] = [];
  const uses = (g: Graph) => g.nodes.some((n) => n.kind === GROUP_KIND && n.params.group === id);
  for (const t of doc.agentTypes) {
    t.states.forEach((s) => uses(s.graph) && out.push(`${t.id} › ${s.name}`));
    if (t.anyState && uses(t.anyState)) out.push(`${t.id} › any state`);
  }
  for (const g of doc.groups ?? []) if (g.id !== id && uses(g.graph)) out.push(`group ${g.name}`);
  return out;
}

/** How many nodes of the scene use group `id` (in every type, state and group; Blender's user count). */
export function useCountOf(doc: SceneDocument, id: string): number {
  const count = (g: Graph) => g.nodes.reduce((k, n) => k + (n.kind === GROUP_KIND && n.params.group === id ? 1 : 0), 0);
  let k = 0;
  for (const t of doc.agentTypes) {
    for (const s of t.states) k += count(s.graph);
    if (t.anyState) k += count(t.anyState);
  }
  for (const g of doc.groups ?? []) k += count(g.graph);
  return k;
}

/** Deletes a group from the library, only when it is unused (else the same document: see usesOfGroup). */
export const removeGroup =
  (id: string): Edit =>
  (doc) => {
    if (!(doc.groups ?? []).some((g) => g.id === id) || usesOfGroup(doc, id).length > 0) return doc;
    const groups = doc.groups!.filter((g) => g.id !== id);
    if (groups.length > 0) return { ...doc, groups };
    const { groups: _g, ...rest } = doc;
    return rest;
  };

// ── A group's ports, edited from inside it (Group Input's and Group Output's "+", ×, rename) ──

/** A group's inputs (Group Input's sockets, inside) or its outputs (Group Output's). */
export type PortSide = 'inputs' | 'outputs';

/** The socket at one end of a wire inside a group: an inner node's (or the boundary's) port. */
export interface SocketEnd {
  nodeId: string;
  key: string;
  side: 'input' | 'output';
}

/** The key, label and type of socket `end` in the graph at `at` (inside a group, its ports for Group Input and Output), or undefined. */
export function socketIn(doc: SceneDocument, at: GraphAt, end: SocketEnd): GroupPort | undefined {
  const group = doc.groups?.find((g) => g.id === groupOfGraph(at));
  if (end.nodeId === GROUP_IN || end.nodeId === GROUP_OUT) {
    const ports = end.nodeId === GROUP_IN ? (end.side === 'output' ? group?.inputs : undefined) : end.side === 'input' ? group?.outputs : undefined;
    return ports?.find((p) => p.key === end.key);
  }
  const node = graphAt(doc, at)?.nodes.find((n) => n.id === end.nodeId);
  const def = node && nodeDefIn(doc, node);
  if (!node || !def) return undefined;
  const ports = end.side === 'output' ? def.outputs : inputPorts(def, node.params);
  const p = ports.find((x) => x.key === end.key);
  return p && { key: p.key, label: p.label, type: p.type };
}

/** A key for a new port among `ports`: in1, in2, … (out1, … for outputs), the first one free after their count. */
function freshPortKey(ports: readonly GroupPort[], side: PortSide): string {
  const base = side === 'inputs' ? 'in' : 'out';
  for (let k = ports.length + 1; ; k++) if (!ports.some((p) => p.key === `${base}${k}`)) return `${base}${k}`;
}

/** `label`, or `label 2`, `label 3`, … when a port of `ports` has it already. */
function freshPortLabel(ports: readonly GroupPort[], label: string): string {
  if (!ports.some((p) => p.label === label)) return label;
  for (let k = 2; ; k++) if (!ports.some((p) => p.label === `${label} ${k}`)) return `${label} ${k}`;
}

/**
 * Inside the group at `at`: a wire from socket `end` dropped on Group Input's "+" (end an input)
 * or Group Output's "+" (end an output) adds a port to the group, of that socket's type and
 * labelled after it, and connects it: one edit. Every use of the group then has the new socket,
 * unconnected. Null when `at` is no group's graph, the socket is unknown, or the group has
 * LIMITS.groupPorts ports on that side already.
 */
export function addPortWired(doc: SceneDocument, at: GraphAt, end: SocketEnd): { edit: Edit; key: string; label: string; side: PortSide } | null {
  const side: PortSide = end.side === 'input' ? 'inputs' : 'outputs';
  /** The port to add in `d` (the wire may have changed the group since: a wire taken off the input dropped on), and its wire. */
  const plan = (d: SceneDocument): { port: GroupPort; link: Edit; id: string } | null => {
    const id = groupOfGraph(at);
    const group = d.groups?.find((g) => g.id === id);
    const socket = group && socketIn(d, at, end);
    if (!group || !socket || group[side].length >= LIMITS.groupPorts) return null;
    const ports = group[side];
    const port: GroupPort = { key: freshPortKey(ports, side), label: freshPortLabel(ports, socket.label), type: socket.type };
    const link = side === 'inputs' ? connect(at, [GROUP_IN, port.key], [end.nodeId, end.key]) : connect(at, [end.nodeId, end.key], [GROUP_OUT, port.key]);
    return { port, link, id: group.id };
  };
  const first = plan(doc);
  if (!first) return null;
  const edit: Edit = (d) => {
    const p = plan(d);
    return p ? p.link(updateGroup(d, p.id, (g) => ({ ...g, [side]: [...g[side], p.port] }))) : d;
  };
  return { edit, key: first.port.key, label: first.port.label, side };
}

/** The document with `f` applied to every graph: each state's and any-state graph of every type, and every group's inner graph. */
function everyGraph(doc: SceneDocument, f: (g: Graph) => Graph): SceneDocument {
  let changed = false;
  const agentTypes = doc.agentTypes.map((t) => {
    let type = t;
    for (const { state, graph } of graphsOf(t, 0)) type = withGraph(type, state, f(graph));
    if (type !== t) changed = true;
    return type;
  });
  const groups = doc.groups?.map((g) => {
    const graph = f(g.graph);
    if (graph === g.graph) return g;
    changed = true;
    return { ...g, graph };
  });
  return changed ? { ...doc, agentTypes, ...(groups ? { groups } : {}) } : doc;
}

/**
 * Removes port `key` from group `id`'s inputs or outputs: the wires to it inside go, and so do
 * the wires to that socket on every use of the group, in every type, state and group. One edit.
 */
export const removeGroupPort =
  (id: string, side: PortSide, key: string): Edit =>
  (doc) => {
    const group = doc.groups?.find((g) => g.id === id);
    if (!group || !group[side].some((p) => p.key === key)) return doc;
    const boundary = side === 'inputs' ? GROUP_IN : GROUP_OUT;
    const touches = (c: Connection, node: string): boolean => (side === 'inputs' ? c.to[0] === node && c.to[1] === key : c.from[0] === node && c.from[1] === key);
    const insideTouches = (c: Connection): boolean => (side === 'inputs' ? c.from[0] === boundary && c.from[1] === key : c.to[0] === boundary && c.to[1] === key);
    const withoutPort = updateGroup(doc, id, (g) => ({
      ...g,
      [side]: g[side].filter((p) => p.key !== key),
      graph: { ...g.graph, connections: g.graph.connections.filter((c) => !insideTouches(c)) },
    }));
    return everyGraph(withoutPort, (g) => {
      const uses = new Set(g.nodes.filter((n) => n.kind === GROUP_KIND && n.params.group === id).map((n) => n.id));
      if (!uses.size) return g;
      const connections = g.connections.filter((c) => ![...uses].some((u) => touches(c, u)));
      return connections.length === g.connections.length ? g : { ...g, connections };
    });
  };

/** Relabels port `key` of group `id` (the key, and so every wire, stays); a label of 1 to 200 characters, else (or unchanged) the same document. */
export const renameGroupPort =
  (id: string, side: PortSide, key: string, label: string): Edit =>
  (doc) => {
    const text = label.trim();
    if (text.length < 1 || text.length > 200) return doc;
    return updateGroup(doc, id, (g) => {
      const k = g[side].findIndex((p) => p.key === key);
      if (k < 0 || g[side][k].label === text) return g;
      const ports = g[side].slice();
      ports[k] = { ...ports[k], label: text };
      return { ...g, [side]: ports };
    });
  };
