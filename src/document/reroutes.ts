/**
 * Reroutes (nodes/reroute.ts) seen through: what the compiler's flatten stage does with every
 * reroute of a graph (src/compiler/flatten.ts), and what deleting reroutes does to their wires
 * (removeNodes, src/document/commands.ts): a wire out of a reroute comes instead from what feeds
 * it, following chains of reroutes; one with nothing wired in (or on a loop of reroutes) feeds nothing.
 */
import { REROUTE_KIND } from '../../nodes/reroute';
import type { Connection, Graph, GraphNode } from './types';

/** Whether a node is a reroute. */
export function isReroute(n: Pick<GraphNode, 'kind'>): boolean {
  return n.kind === REROUTE_KIND;
}

/** The ids of the graph's reroutes (empty when it has none). */
export function rerouteIds(nodes: readonly GraphNode[]): Set<string> {
  const ids = new Set<string>();
  for (const n of nodes) if (isReroute(n)) ids.add(n.id);
  return ids;
}

/**
 * The connections with the reroutes `through` seen through: a wire into one of them goes; a wire
 * out of one comes from what feeds it (through a chain of them), or goes when nothing does. Every
 * other wire stays where it was, so a wire in place of one out of a reroute keeps that one's place.
 */
export function throughReroutes(connections: readonly Connection[], through: ReadonlySet<string>): Connection[] {
  const feed = new Map<string, [string, string]>();
  for (const c of connections) if (through.has(c.to[0]) && !feed.has(c.to[0])) feed.set(c.to[0], c.from);
  const sourceOf = (from: [string, string]): [string, string] | undefined => {
    const seen = new Set<string>();
    let f: [string, string] | undefined = from;
    while (f && through.has(f[0])) {
      if (seen.has(f[0])) return undefined; // a loop of reroutes feeds nothing
      seen.add(f[0]);
      f = feed.get(f[0]);
    }
    return f;
  };
  const out: Connection[] = [];
  for (const c of connections) {
    if (through.has(c.to[0])) continue;
    if (!through.has(c.from[0])) {
      out.push(c);
      continue;
    }
    const f = sourceOf(c.from);
    if (f) out.push({ from: [f[0], f[1]], to: c.to });
  }
  return out;
}

/**
 * The graph as the compiler wires it: its reroutes seen through, left in place unwired (the same
 * graph when it has none). What reads "the node feeding this input" (the inspector) asks this.
 */
export function seenThrough<G extends Pick<Graph, 'nodes' | 'connections'>>(graph: G): G {
  const ids = rerouteIds(graph.nodes);
  return ids.size ? { ...graph, connections: throughReroutes(graph.connections, ids) } : graph;
}
