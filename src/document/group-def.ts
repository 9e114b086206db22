/**
 * A group use's definition. Nodes of kind `group` have no file in nodes/: their sockets and
 * parameters come from the scene's library, so everything that reads a node's ports (the editor's
 * node element, socket typing, the group commands) asks {@link nodeDefIn}, which gives the
 * registry's definition for every other kind. The compiler never sees a use (src/compiler/flatten.ts).
 */
import { getNodeDef, paramDefs } from '../../nodes/index';
import { REROUTE_KIND, rerouteDef } from '../../nodes/reroute';
import type { NodeDef, ParamDef } from '../../nodes/types';
import { GROUP_IN, GROUP_KIND, GROUP_OUT, type GraphNode, type NodeGroup, type SceneDocument } from './types';

/** What the palette and a drop name a use of group `<id>` by, in place of a kind: `group:<id>`. */
export const GROUP_USE_PREFIX = 'group:';

const CACHE = new WeakMap<NodeGroup, NodeDef>();

/** The parameter of an inner node a group parameter names, relabelled and keyed as the group's, defaulting to the inner node's value. */
function groupParamDef(group: NodeGroup, key: string, label: string, nodeId: string, param: string): ParamDef | undefined {
  const inner = group.graph.nodes.find((n) => n.id === nodeId);
  const def = inner && getNodeDef(inner.kind);
  const p = def && paramDefs(def, inner.params).find((q) => q.key === param);
  if (!p || !inner) return undefined;
  const value = Object.hasOwn(inner.params, param) ? inner.params[param] : p.default;
  // (a group parameter is never a socket of the use, and never hidden by another switch)
  const { when: _when, ...rest } = p as ParamDef & { when?: unknown; input?: unknown };
  return { ...rest, ...(p.type === 'number' ? { input: false } : {}), key, label, default: value } as ParamDef;
}

/** The definition a use of `group` is drawn and wired with: the group's name, ports and parameters. */
export function groupNodeDef(group: NodeGroup): NodeDef {
  let def = CACHE.get(group);
  if (def) return def;
  const params: ParamDef[] = [];
  for (const p of group.params ?? []) {
    const d = groupParamDef(group, p.key, p.label, p.node, p.param);
    if (d) params.push(d);
  }
  def = {
    kind: GROUP_KIND,
    label: group.name,
    category: 'combinator',
    help: `Group ${group.name}: ${group.graph.nodes.length} nodes used as one. Tab enters it.`,
    inputs: group.inputs.map((p) => ({ key: p.key, label: p.label, type: p.type })),
    outputs: group.outputs.map((p) => ({ key: p.key, label: p.label, type: p.type })),
    params,
    emit() {
      throw new Error(`group ${group.id}: uses are flattened before they are compiled`);
    },
  };
  CACHE.set(group, def);
  return def;
}

/** The group a use names in `doc`, or undefined. */
export function groupOf(doc: SceneDocument, node: Pick<GraphNode, 'kind' | 'params'>): NodeGroup | undefined {
  if (node.kind !== GROUP_KIND) return undefined;
  const id = node.params.group;
  return typeof id === 'string' ? doc.groups?.find((g) => g.id === id) : undefined;
}

/**
 * The boundary definitions by the group's inputs array (edits that change only the inner graph
 * keep it), then its name: an edit inside a group does not redraw Group Input and Group Output.
 */
const BOUNDARY = new WeakMap<NodeGroup['inputs'], { outputs: NodeGroup['outputs']; name: string; id: string; defs: { in: NodeDef; out: NodeDef } }>();

/**
 * The key of the empty "+" socket last on Group Input (an output) and on Group Output (an input):
 * a wire dropped on it adds a port to the group (addPortWired, group-commands.ts). No group port
 * has it (ID_PATTERN never matches `@`); its `force` type is a placeholder the wiring never reads.
 */
export const ADD_PORT = '@add';

/** Whether a socket is a group boundary's "+" (see ADD_PORT). */
export function isAddPort(nodeId: string, key: string): boolean {
  return key === ADD_PORT && (nodeId === GROUP_IN || nodeId === GROUP_OUT);
}

/** The definitions of a group's Group Input (its outputs: the group's inputs, then "+") and Group Output (its inputs: the group's outputs, then "+"), as the editor draws them inside. */
export function boundaryDefs(group: NodeGroup): { in: NodeDef; out: NodeDef } {
  const cached = BOUNDARY.get(group.inputs);
  if (cached && cached.outputs === group.outputs && cached.name === group.name && cached.id === group.id) return cached.defs;
  const emit = () => {
    throw new Error(`group ${group.id}: its boundary is not compiled`);
  };
  const help = (what: string) => `${what} of group ${group.name}: wire inner nodes to it; a wire to its empty "+" socket adds one. Tab leaves the group.`;
  const add = { key: ADD_PORT, label: '', type: 'force' as const };
  const defs: { in: NodeDef; out: NodeDef } = {
    in: { kind: GROUP_IN, label: 'Group Input', category: 'source', help: help('The inputs'), inputs: [], outputs: [...group.inputs.map((p) => ({ ...p })), add], params: [], emit },
    out: { kind: GROUP_OUT, label: 'Group Output', category: 'output', help: help('The outputs'), inputs: [...group.outputs.map((p) => ({ ...p })), add], outputs: [], params: [], emit },
  };
  BOUNDARY.set(group.inputs, { outputs: group.outputs, name: group.name, id: group.id, defs });
  return defs;
}

/** A node's definition: the registry's, or for a use of a group in `doc`, the group's (and inside a group, its boundary's); a reroute's for its type. */
export function nodeDefIn(doc: SceneDocument, node: Pick<GraphNode, 'kind' | 'params'>): NodeDef | undefined {
  if (node.kind === GROUP_IN || node.kind === GROUP_OUT) {
    const g = doc.groups?.find((x) => x.id === node.params.group);
    return g && boundaryDefs(g)[node.kind === GROUP_IN ? 'in' : 'out'];
  }
  // (a reroute's ports carry its `type`: nodes/reroute.ts)
  if (node.kind === REROUTE_KIND) return rerouteDef(node.params.type);
  if (node.kind !== GROUP_KIND) return getNodeDef(node.kind);
  const g = groupOf(doc, node);
  return g && groupNodeDef(g);
}
