import { nearestAgent } from '../grid';
import type { Agents, World } from '../world';
import { clearSight } from './conditions';

/**
 * The nearest agent of type G to agent i of type A (never agent i itself when G is A), strictly
 * within `radius` (0 = no limit), ties to the lower index: its index in G, or −1 when there is none.
 * G must have a grid (the compiler declares the query, so the world builds one).
 */
export function nearest(G: Agents, A: Agents, i: number, radius: number): number {
  return nearestAgent(G.grid!, A.pos, 2 * i, G === A ? i : -1, radius);
}

/** Up to this many agents, {@link nearestSeen} looks at each of them rather than walking the rings (as grid.ts). */
const FEW = 16;

/**
 * As {@link nearest}, counting only the agents that agent i sees: nothing blocks the line between
 * them (circles and solid walls, `clearSight`; BEHAVIORS.md, Walls (c)). The grid's rings are walked
 * outward as in runtime/grid.ts `nearestAgent`; an agent is tested for sight only when it would be
 * the nearest so far, so the answer is the nearest seen one (ties to the lower index).
 */
export function nearestSeen(G: Agents, A: Agents, i: number, radius: number, W: World): number {
  const grid = G.grid!;
  const n = grid.n;
  if (n === 0) return -1;
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const self = G === A ? i : -1;
  const limit2 = radius > 0 ? radius * radius : Infinity;
  const nx = grid.nx;
  const ny = grid.ny;
  const cs = grid.cellSize;
  const cx = grid.col(x);
  const cy = grid.row(y);
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const order = grid.order;
  const few = n <= FEW;
  const maxRing = few ? 0 : nx > ny ? nx : ny;
  let best = -1;
  let best2 = Infinity;
  for (let ring = 0; ring <= maxRing; ring++) {
    // Every cell of this ring is at least (ring − 1) · cs away from (x, y).
    if (ring > 1) {
      const near = (ring - 1) * cs;
      if (near * near > best2 || near * near > limit2) break;
    }
    const y0 = cy - ring;
    const y1 = cy + ring;
    const xa = cx - ring > 0 ? cx - ring : 0;
    const xb = cx + ring < nx - 1 ? cx + ring : nx - 1;
    for (let ry = y0 > 0 ? y0 : 0, ryEnd = y1 < ny - 1 ? y1 : ny - 1; ry <= ryEnd; ry++) {
      const row = ry * nx;
      let j0 = 0;
      let j1 = 0;
      let j2 = 0;
      let j3 = 0;
      if (few) {
        j1 = n;
      } else if (ry === y0 || ry === y1) {
        j0 = cellStart[row + xa];
        j1 = cellStart[row + xb + 1];
      } else {
        if (cx - ring >= 0) {
          j0 = cellStart[row + cx - ring];
          j1 = cellStart[row + cx - ring + 1];
        }
        if (cx + ring < nx) {
          j2 = cellStart[row + cx + ring];
          j3 = cellStart[row + cx + ring + 1];
        }
      }
      for (let part = 0; part < 2; part++) {
        const end = part === 0 ? j1 : j3;
        for (let j = part === 0 ? j0 : j2; j < end; j++) {
          const a = order[j];
          if (a === self) continue;
          const dx = sp[2 * j] - x;
          const dy = sp[2 * j + 1] - y;
          const d2 = dx * dx + dy * dy;
          if (d2 < limit2 && (d2 < best2 || (d2 === best2 && best >= 0 && a < best)) && clearSight(W, x, y, sp[2 * j], sp[2 * j + 1])) {
            best2 = d2;
            best = a;
          }
        }
      }
    }
  }
  return best;
}
