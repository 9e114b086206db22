/**
 * The editor inside a group: the group's inner nodes with its boundary drawn as two nodes, Group
 * Input (id `@in`, its outputs the group's inputs) and Group Output (`@out`, its inputs the
 * group's outputs), and the diagnostics of the group's uses that concern its nodes.
 */
import type { Diagnostic } from '../compiler/diagnostics';
import { groupOfGraph, stateOfGraph, typeOfGraph, type GraphAt } from '../document/graphs';
import { getNodeDef, paramDefs } from '../../nodes/index';
import type { Edit } from '../document/commands';
import { groupParamFor, setGroupParams } from '../document/group-commands';
import { GROUP_IN, GROUP_KIND, GROUP_OUT, type Graph, type NodeGroup, type SceneDocument } from '../document/types';

/** Where the boundary nodes are drawn when the group does not say: beside its inner nodes. */
function besideNodes(graph: Graph, side: 'left' | 'right'): [number, number] {
  if (!graph.nodes.length) return [side === 'left' ? -300 : 300, 0];
  const xs = graph.nodes.map((n) => n.position[0]);
  const ys = graph.nodes.map((n) => n.position[1]);
  const y = Math.round((Math.min(...ys) + Math.max(...ys)) / 2);
  return side === 'left' ? [Math.min(...xs) - 260, y] : [Math.max(...xs) + 260, y];
}

const VIEWS = new WeakMap<NodeGroup, Graph>();

/**
 * Group `id`'s inner graph with its Group Input and Group Output nodes (undefined when there is no
 * such group). A parameter the group's uses set shows as exposed, under the group parameter's key
 * (its × takes it back: the editor's unexpose inside a group).
 */
export function withBoundary(doc: SceneDocument, id: string): Graph | undefined {
  const g = doc.groups?.find((x) => x.id === id);
  if (!g) return undefined;
  const cached = VIEWS.get(g);
  if (cached) return cached;
  const nodes = g.graph.nodes.map((n) => {
    const mine = (g.params ?? []).filter((p) => p.node === n.id);
    return mine.length ? { ...n, exposed: { ...(n.exposed ?? {}), ...Object.fromEntries(mine.map((p) => [p.param, p.key])) } } : n;
  });
  const view: Graph = {
    nodes: [
      { id: GROUP_IN, kind: GROUP_IN, params: { group: id }, position: g.inputPosition ?? besideNodes(g.graph, 'left') },
      ...nodes,
      { id: GROUP_OUT, kind: GROUP_OUT, params: { group: id }, position: g.outputPosition ?? besideNodes(g.graph, 'right') },
    ],
    connections: g.graph.connections,
  };
  VIEWS.set(g, view);
  return view;
}

/** Inside group `id`: the edit that lets its uses set parameter `key` of inner node `nodeId` (or, `off`, takes that back), and the group parameter's key. */
export function chooseGroupParam(doc: SceneDocument, id: string, nodeId: string, key: string, off: boolean): { edit: Edit; name: string } {
  const g = doc.groups?.find((x) => x.id === id);
  const node = g?.graph.nodes.find((n) => n.id === nodeId);
  const def = node && getNodeDef(node.kind);
  const p = def && paramDefs(def, node.params).find((q) => q.key === key);
  if (!g || !p) return { edit: (d) => d, name: '' };
  const params = g.params ?? [];
  const there = params.find((x) => x.node === nodeId && x.param === key);
  if (off) return { edit: there ? setGroupParams(id, params.filter((x) => x !== there)) : (d) => d, name: there?.key ?? '' };
  if (there) return { edit: (d) => d, name: there.key };
  const made = groupParamFor(g, nodeId, key, p.label);
  return { edit: setGroupParams(id, [...params, made]), name: made.key };
}

/**
 * The diagnostics on the inner nodes of the group at `at`, from those on its uses in the type's
 * graph (`inner` names the inner node, `a` or `sub/a`: the path is walked through nested groups),
 * each moved onto the inner node it concerns.
 */
export function innerDiagnostics(doc: SceneDocument, at: GraphAt, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const group = groupOfGraph(at);
  const t = typeOfGraph(at);
  const s = stateOfGraph(at);
  const type = doc.agentTypes.find((x) => x.id === t);
  if (!group || !type) return [];
  const groups = new Map((doc.groups ?? []).map((g) => [g.id, g]));
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.agentType !== t || !d.inner || !d.nodeId || (d.state ?? 0) !== s) continue;
    const graph = s === -1 ? type.anyState : type.states[s]?.graph;
    let node = graph?.nodes.find((n) => n.id === d.nodeId);
    for (const seg of d.inner.split('/')) {
      if (node?.kind !== GROUP_KIND) break;
      const g = groups.get(String(node.params.group));
      if (!g) break;
      if (g.id === group) {
        out.push({ ...d, nodeId: seg });
        break;
      }
      node = g.graph.nodes.find((n) => n.id === seg);
    }
  }
  return out;
}
