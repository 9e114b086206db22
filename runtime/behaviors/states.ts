import type { Agents } from '../world';

/**
 * Returns agent `i`'s memory in the ranges `[offset, size, offset, size, …]` to the type's
 * defaults: what entering a state with reset on enter does to that state's nodes.
 */
export function resetMemory(a: Agents, i: number, ranges: ArrayLike<number>): void {
  const base = i * a.memStride;
  for (let r = 0; r < ranges.length; r += 2) {
    const o = ranges[r];
    for (let c = 0; c < ranges[r + 1]; c++) a.mem[base + o + c] = a.memDefaults[o + c];
  }
}
