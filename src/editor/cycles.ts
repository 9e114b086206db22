/**
 * Whether a wire would close a cycle. A force cannot depend on itself (the compiler reports a
 * cycle as an error, and a graph with an error steers nothing), so the editor refuses such a wire
 * when it is dropped; a file that already holds a cycle still opens and shows the diagnostic.
 */
import type { Connection, Graph } from '../document/types';

/**
 * The nodes of the cycle that connecting `from` (an output) to `to` (an input) would close, from
 * `to`'s node round to `from`'s, or null when it closes none. The connection an input holds is
 * replaced by a new one, so it is not followed. (Depth-first over the downstream wires of `to`.)
 */
export function cycleThrough(graph: Pick<Graph, 'connections'>, from: readonly [string, string], to: readonly [string, string]): string[] | null {
  const [source] = from;
  const [target, input] = to;
  if (source === target) return [target];
  const down = new Map<string, string[]>();
  for (const c of graph.connections as readonly Connection[]) {
    if (c.to[0] === target && c.to[1] === input) continue;
    const list = down.get(c.from[0]);
    if (list) list.push(c.to[0]);
    else down.set(c.from[0], [c.to[0]]);
  }
  // the path found so far, walked downstream from the target
  const came = new Map<string, string>();
  const seen = new Set<string>([target]);
  const stack = [target];
  while (stack.length) {
    const at = stack.pop()!;
    for (const next of down.get(at) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      came.set(next, at);
      if (next === source) {
        const path = [source];
        for (let n = source; n !== target; ) path.unshift((n = came.get(n)!));
        return path;
      }
      stack.push(next);
    }
  }
  return null;
}
