/**
 * Putting a reroute on a wire (double-click a wire, or its menu's Insert reroute): one edit that adds
 * a reroute carrying the wire's type and splices it in, A→B becoming A→reroute→B. Deleting one is
 * removeNodes (commands.ts), which joins its wires again.
 */
import { REROUTE_KIND } from '../../nodes/reroute';
import type { SocketType } from '../../nodes/types';
import { addNode, coordinate, freshNodeId, splice, type Edit } from './commands';
import { nodeDefIn } from './group-def';
import { graphIn, groupOfGraph, type GraphAt } from './graphs';
import { GROUP_IN, type Connection, type GraphNode, type SceneDocument } from './types';

/** The type a wire carries: its source output's (inside a group, a Group Input port's), or undefined when the source is unknown. */
export function wireType(doc: SceneDocument, at: GraphAt, wire: Connection): SocketType | undefined {
  const [id, port] = wire.from;
  if (id === GROUP_IN) return doc.groups?.find((g) => g.id === groupOfGraph(at))?.inputs.find((p) => p.key === port)?.type;
  const n = graphIn(doc, at)?.nodes.find((x) => x.id === id);
  return n && nodeDefIn(doc, n)?.outputs.find((p) => p.key === port)?.type;
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
