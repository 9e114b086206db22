/**
 * Putting a reroute on a wire (double-click a wire, or its menu's Insert reroute): one edit that adds
 * a reroute carrying the wire's type and splices it in, A→B becoming A→reroute→B. Deleting one is
 * removeNodes (commands.ts), which joins its wires again. A reroute whose wires are all gone takes
 * the type of the next socket it is wired to (connectRetyping).
 */
import { REROUTE_KIND } from '../../nodes/reroute';
import type { SocketType } from '../../nodes/types';
import { addNode, connect, coordinate, freshNodeId, setParam, splice, type Edit } from './commands';
import { socketIn, type SocketEnd } from './group-commands';
import { graphIn, type GraphAt } from './graphs';
import type { Connection, GraphNode, SceneDocument } from './types';

/** The type a wire carries: its source output's (inside a group, a Group Input port's), or undefined when the source is unknown. */
export function wireType(doc: SceneDocument, at: GraphAt, wire: Connection): SocketType | undefined {
  return socketIn(doc, at, { nodeId: wire.from[0], key: wire.from[1], side: 'output' })?.type;
}

/**
 * The edit that puts a new reroute (its top-left corner at `position`, graph px) on `wire` of the
 * graph at `at`, and the reroute's id; null when the wire is not in that graph or its type is unknown.
 */
export function insertReroute(doc: SceneDocument, at: GraphAt, wire: Connection, position: readonly [number, number]): { edit: Edit; id: string } | null {
  const g = graphIn(doc, at);
  const type = wireType(doc, at, wire);
  const there = g?.connections.some((c) => c.from[0] === wire.from[0] && c.from[1] === wire.from[1] && c.to[0] === wire.to[0] && c.to[1] === wire.to[1]);
  if (!g || !type || !there) return null;
  const id = freshNodeId(g.nodes);
  const node: GraphNode = { id, kind: REROUTE_KIND, params: { type }, position: [coordinate(position[0]), coordinate(position[1])] };
  const steps = [addNode(at, node), splice(at, wire, id, 'in', 'out')];
  return { edit: (d) => steps.reduce((x, f) => f(x), d), id };
}

/** Whether node `id` of the graph at `at` is a reroute with no wire in or out. */
export function isFreeReroute(doc: SceneDocument, at: GraphAt, id: string): boolean {
  const g = graphIn(doc, at);
  return !!g && g.nodes.some((n) => n.id === id && n.kind === REROUTE_KIND) && !g.connections.some((c) => c.from[0] === id || c.to[0] === id);
}

/**
 * The type a reroute end of a new wire `from` → `to` takes: a reroute with no wires takes the type
 * of the socket at the wire's other end (when both are such reroutes, the one wired to takes the
 * other's). Returns the reroute's id and its new type, or null when no end changes type.
 */
export function rerouteRetype(doc: SceneDocument, at: GraphAt, from: [string, string], to: [string, string]): { id: string; type: SocketType } | null {
  const pick = (id: string, other: SocketEnd): { id: string; type: SocketType } | null => {
    const type = socketIn(doc, at, other)?.type;
    const node = graphIn(doc, at)?.nodes.find((n) => n.id === id);
    return type && node && node.params.type !== type ? { id, type } : null;
  };
  if (isFreeReroute(doc, at, to[0])) return pick(to[0], { nodeId: from[0], key: from[1], side: 'output' });
  if (isFreeReroute(doc, at, from[0])) return pick(from[0], { nodeId: to[0], key: to[1], side: 'input' });
  return null;
}

/** Connects `from` to `to` in the graph at `at` (connect, commands.ts), a reroute with no wires at either end first taking the other end's type: one edit. */
export function connectRetyping(doc: SceneDocument, at: GraphAt, from: [string, string], to: [string, string]): Edit {
  const link = connect(at, from, to);
  const retype = from[0] === to[0] ? null : rerouteRetype(doc, at, from, to);
  if (!retype) return link;
  const set = setParam(at, retype.id, 'type', retype.type);
  return (d) => link(set(d));
}
