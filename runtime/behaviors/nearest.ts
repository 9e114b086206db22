import { nearestAgent } from '../grid';
import type { Agents } from '../world';

/**
 * The nearest agent of type G to agent i of type A (never agent i itself when G is A), strictly
 * within `radius` (0 = no limit), ties to the lower index: its index in G, or −1 when there is none.
 * G must have a grid (the compiler declares the query, so the world builds one).
 */
export function nearest(G: Agents, A: Agents, i: number, radius: number): number {
  return nearestAgent(G.grid!, A.pos, 2 * i, G === A ? i : -1, radius);
}
