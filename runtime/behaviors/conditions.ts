import { splitmix32 } from '../rng';
import { wallsBlock } from '../walls';
import type { Agents, World } from '../world';

/**
 * The number and condition nodes' kernels (BEHAVIORS.md, "States and conditions"). Each reads the
 * snapshot only and allocates nothing; only + − × ÷, comparisons, Math.sqrt and integer hashing.
 */

/**
 * How many agents of type G lie strictly within `radius` (> 0) of agent i of type A, never counting
 * agent i itself when G is A. G must have a grid at least that wide (the compiler declares the
 * query, so the world builds one); the grid holds this tick's positions.
 */
export function neighbourCount(G: Agents, A: Agents, i: number, radius: number): number {
  const grid = G.grid!;
  const n = grid.n;
  if (n === 0) return 0;
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const self = G === A ? i : -1;
  const r2 = radius * radius;
  const reach = grid.reach(radius);
  const nx = grid.nx;
  const ny = grid.ny;
  const cx = grid.col(x);
  const cy = grid.row(y);
  const x0 = cx - reach > 0 ? cx - reach : 0;
  const x1 = cx + reach < nx - 1 ? cx + reach : nx - 1;
  const y0 = cy - reach > 0 ? cy - reach : 0;
  const y1 = cy + reach < ny - 1 ? cy + reach : ny - 1;
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const order = grid.order;
  let count = 0;
  for (let ry = y0; ry <= y1; ry++) {
    const row = ry * nx;
    for (let j = cellStart[row + x0], end = cellStart[row + x1 + 1]; j < end; j++) {
      const dx = sp[2 * j] - x;
      const dy = sp[2 * j + 1] - y;
      if (dx * dx + dy * dy < r2 && order[j] !== self) count++;
    }
  }
  return count;
}

/**
 * Random per Agent: a number in [0, 1) fixed for agent i of type A in this world (its seed), and
 * `key` (two nodes with different keys give independent numbers). Integer hashing (Math.imul) of
 * the seed, the type's salt, the key and the index: the same in every engine, and the same for an
 * agent added later by setCount as for one there from the start.
 */
export function agentRandom(W: World, A: Agents, i: number, key: number): number {
  const h = splitmix32(splitmix32(splitmix32(splitmix32(W.seed ^ 0x52414e44) ^ A.salt) ^ key) ^ i);
  return (h >>> 0) / 4294967296;
}

/**
 * Line of sight (BEHAVIORS.md, Walls (c)): whether nothing blocks the segment P → Q. A circle
 * obstacle blocks when its centre lies strictly closer than its radius to the closed segment (so an
 * endpoint inside a circle is blocked, a tangent and a circle of radius 0 are not); a solid wall
 * segment blocks when it crosses the open segment (runtime/walls.ts, `wallsBlock`). P = Q: blocked
 * only when P is inside a circle. Only + − × ÷ and comparisons.
 */
export function clearSight(W: World, px: number, py: number, qx: number, qy: number): boolean {
  const dx = qx - px;
  const dy = qy - py;
  const d2 = dx * dx + dy * dy;
  const C = W.obstacles;
  for (let k = 0, count = W.obstacleCount; k < count; k++) {
    const b = 5 * k;
    const r = C[b + 2];
    if (!(r > 0)) continue;
    const ex = C[b] - px;
    const ey = C[b + 1] - py;
    let lambda = 0;
    if (d2 > 0) {
      lambda = (ex * dx + ey * dy) / d2;
      lambda = lambda < 0 ? 0 : lambda > 1 ? 1 : lambda;
    }
    const cx = ex - dx * lambda;
    const cy = ey - dy * lambda;
    if (cx * cx + cy * cy < r * r) return false;
  }
  // solidCount, not count: in bounce mode count holds the 4 edges even without walls, and a scene
  // without walls runs as before (the edges would block only a target outside the world)
  return W.walls.solidCount > 0 ? !wallsBlock(W.walls, px, py, qx, qy) : true;
}

/**
 * Sees: whether agent i of type A sees the point T[t], T[t + 1]: nearer than `range` (0: no limit),
 * inside its field of view when `limited` ((t − p)·h ≥ dist · cosHalf, with cosHalf the cosine of
 * half the field of view), and nothing in between ({@link clearSight}): an agent inside a circle
 * sees nothing. t = p: seen unless p is inside a circle.
 */
export function sees(W: World, A: Agents, i: number, T: Float64Array, t: number, range: number, limited: boolean, cosHalf: number): boolean {
  const px = A.pos[2 * i];
  const py = A.pos[2 * i + 1];
  const tx = T[t];
  const ty = T[t + 1];
  const dx = tx - px;
  const dy = ty - py;
  const d2 = dx * dx + dy * dy;
  if (range > 0 && !(d2 < range * range)) return false;
  if (limited && dx * A.head[2 * i] + dy * A.head[2 * i + 1] < Math.sqrt(d2) * cosHalf) return false;
  return clearSight(W, px, py, tx, ty);
}
