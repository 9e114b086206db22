/**
 * A wire dropped on the empty canvas: the add-node search opens there, showing only the kinds
 * with a socket that can take the wire, and the node chosen is added there already connected
 * (one edit, so one undo step takes back both).
 */
import { canConnect, inputPorts } from '../../nodes/index';
import type { NodeDef, PortDef, SocketType } from '../../nodes/types';
import { addNode, connect, setParam, type Edit } from '../document/commands';
import type { GraphAt } from '../document/graphs';
import type { GraphNode } from '../document/types';

/** The socket a wire was dragged from, left hanging when it was dropped on nothing. */
export interface WireEnd {
  nodeId: string;
  key: string;
  side: 'input' | 'output';
  type: SocketType;
  /** A reroute with no wires: any socket fits it, and it takes the type of the one it is wired to. */
  free?: boolean;
}

/**
 * The port of a new node of kind `def` that a wire from `end` would connect to: from an output,
 * the first input that takes its type; from an input, the first output it takes (from a free
 * reroute, the first of any type); else undefined.
 */
export function fittingPort(def: NodeDef, end: WireEnd): PortDef | undefined {
  if (end.side === 'output') return inputPorts(def, {}).find((p) => end.free || canConnect(end.type, p.type));
  return def.outputs.find((p) => end.free || canConnect(p.type, end.type));
}

/**
 * Adds `node` to the graph at `at` and connects it to `end` by its fitting port: one edit (nothing
 * is connected when no port fits); a free reroute at `end` takes that port's type in it too.
 */
export function addNodeWired(at: GraphAt, node: GraphNode, def: NodeDef, end: WireEnd): Edit {
  const port = fittingPort(def, end);
  const add = addNode(at, node);
  if (!port) return add;
  const link = end.side === 'output' ? connect(at, [end.nodeId, end.key], [node.id, port.key]) : connect(at, [node.id, port.key], [end.nodeId, end.key]);
  const retype = end.free && port.type !== end.type ? setParam(at, end.nodeId, 'type', port.type) : null;
  return retype ? (doc) => link(retype(add(doc))) : (doc) => link(add(doc));
}
