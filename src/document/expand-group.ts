/**
 * One use of a node group replaced by copies of the group's inner nodes: what the compiler's
 * flatten stage (src/compiler/flatten.ts) does with ids `use/inner`, and what Ungroup does with
 * ids fresh in the graph (src/document/group-commands.ts).
 */
import { GROUP_IN, GROUP_OUT, type Connection, type GraphNode, type NodeGroup } from './types';

/**
 * Replaces the use `use` (a node of `nodes`) by copies (ids from `idOf`) of `group`'s inner nodes: returns the new
 * nodes and connections. Wires into the use's input `k` go to every inner input `@in.k` feeds;
 * wires out of the use's output `k` come from what feeds `@out.k` (an inner output, or straight
 * from `@in`, then from what fed the use's input).
 */
export function expandUse(
  nodes: readonly GraphNode[],
  connections: readonly Connection[],
  use: GraphNode,
  group: NodeGroup,
  idOf: (inner: string) => string = (inner) => `${use.id}/${inner}`,
): { nodes: GraphNode[]; connections: Connection[] } {
  const overrides = new Map<string, Record<string, GraphNode['params'][string]>>();
  const exposed = new Map<string, Record<string, string>>();
  for (const p of group.params ?? []) {
    if (Object.hasOwn(use.params, p.key)) (overrides.get(p.node) ?? overrides.set(p.node, {}).get(p.node)!)[p.param] = use.params[p.key];
    const name = use.exposed?.[p.key];
    if (name !== undefined) (exposed.get(p.node) ?? exposed.set(p.node, {}).get(p.node)!)[p.param] = name;
  }
  const copies = group.graph.nodes.map((n): GraphNode => {
    const o = overrides.get(n.id);
    const e = exposed.get(n.id);
    const copy: GraphNode = { ...n, id: idOf(n.id), params: o ? { ...n.params, ...o } : n.params };
    if (e) {
      // (an override the use sets as a literal replaces the inner node's exposure of that parameter)
      const inner = { ...(n.exposed ?? {}) };
      for (const key of Object.keys(o ?? {})) delete inner[key];
      copy.exposed = { ...inner, ...e };
    } else if (o && n.exposed) {
      const inner = { ...n.exposed };
      for (const key of Object.keys(o)) delete inner[key];
      copy.exposed = inner;
    }
    return copy;
  });
  const intoUse = new Map<string, [string, string]>();
  for (const c of connections) if (c.to[0] === use.id && !intoUse.has(c.to[1])) intoUse.set(c.to[1], c.from);
  /** What feeds the group's output `key`, outside-in. */
  const feedOf = (key: string): [string, string] | undefined => {
    const c = group.graph.connections.find((x) => x.to[0] === GROUP_OUT && x.to[1] === key);
    if (!c) return undefined;
    if (c.from[0] === GROUP_IN) return intoUse.get(c.from[1]);
    if (c.from[0] === GROUP_OUT) return undefined;
    return [idOf(c.from[0]), c.from[1]];
  };
  const out: Connection[] = [];
  for (const c of connections) {
    if (c.to[0] === use.id) continue; // replaced by the inner wires from @in below
    if (c.from[0] === use.id) {
      const feed = feedOf(c.from[1]);
      if (feed) out.push({ from: feed, to: c.to });
      continue;
    }
    out.push(c);
  }
  for (const c of group.graph.connections) {
    if (c.to[0] === GROUP_OUT || c.to[0] === GROUP_IN) continue;
    const to: [string, string] = [idOf(c.to[0]), c.to[1]];
    if (c.from[0] === GROUP_IN) {
      const feed = intoUse.get(c.from[1]);
      if (feed) out.push({ from: feed, to });
    } else if (c.from[0] !== GROUP_OUT) out.push({ from: [idOf(c.from[0]), c.from[1]], to });
  }
  const kept = nodes.filter((n) => n !== use);
  return { nodes: kept.concat(copies), connections: out };
}
