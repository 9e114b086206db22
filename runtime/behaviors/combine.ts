/**
 * Combinators used by compiled graphs. A weighted Sum and Scale are emitted as plain arithmetic;
 * these cover the ones with a branch.
 */

/** out = truncate(f, max): f scaled down to length `max` when longer. */
export function truncateForce(out: Float64Array, o: number, fx: number, fy: number, max: number): void {
  const f2 = fx * fx + fy * fy;
  if (f2 > max * max) {
    const k = max / Math.sqrt(f2);
    out[o] = fx * k;
    out[o + 1] = fy * k;
  } else {
    out[o] = fx;
    out[o + 1] = fy;
  }
}

/**
 * One step of Buckland's prioritized truncated running sum: with `left = budget − |acc|`, stop
 * when `left ≤ 0`, else `acc += truncate(f, left)`. Call it once per input, in priority order,
 * after setting acc to 0. Returns the part of f that was used (0 when the budget was spent).
 */
export function priorityAdd(acc: Float64Array, o: number, fx: number, fy: number, budget: number): number {
  const ax = acc[o];
  const ay = acc[o + 1];
  const left = budget - Math.sqrt(ax * ax + ay * ay);
  if (left <= 0) return 0;
  const f2 = fx * fx + fy * fy;
  if (f2 > left * left) {
    const k = left / Math.sqrt(f2);
    acc[o] = ax + fx * k;
    acc[o + 1] = ay + fy * k;
    return k;
  }
  acc[o] = ax + fx;
  acc[o + 1] = ay + fy;
  return 1;
}
