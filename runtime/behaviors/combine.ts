import type { Agents } from '../world';

/**
 * The combinators of compiled graphs, in the kernels' array convention: each reads its input force
 * from `src[k], src[k + 1]` and writes `out[o], out[o + 1]`, so no computed number is passed as an
 * argument (only the node's parameter: a cap or a budget; Sum and Scale are emitted inline). Both input components
 * are read before anything is written, so `out` may be `src`, even at the same offset.
 *
 * Truncate's cap and Priority's budget default to the agent's maxForce, a computed number: passing
 * `A.maxForce[i]` to a call V8 does not inline boxes it (measured: ~16 bytes per agent per tick), so
 * that case has its own functions, {@link truncateIntoMaxForce} and {@link priorityAddMaxForce},
 * which read it themselves.
 */

/** Truncate: out = truncate(src, max), the input scaled down to length `max` when longer (max ≥ 0). */
export function truncateInto(out: Float64Array, o: number, src: Float64Array, k: number, max: number): void {
  const fx = src[k];
  const fy = src[k + 1];
  const f2 = fx * fx + fy * fy;
  if (f2 > max * max) {
    // truncate(f, max) = f · (max / |f|)
    const q = max / Math.sqrt(f2);
    out[o] = fx * q;
    out[o + 1] = fy * q;
  } else {
    out[o] = fx;
    out[o + 1] = fy;
  }
}

/**
 * One input of Priority, Buckland's prioritized truncated running sum: with left = budget − |acc|,
 * stop when left ≤ 0, else acc += truncate(f, left). Set acc to 0, then call once per input in
 * priority order (every input is still evaluated every tick; only its use depends on the budget).
 * Returns the fraction of the input that was used: 1 when added whole (a zero input too), between 0
 * and 1 when truncated to what was left, 0 when the budget was already spent (acc unchanged).
 */
export function priorityAdd(acc: Float64Array, o: number, src: Float64Array, k: number, budget: number): number {
  const fx = src[k];
  const fy = src[k + 1];
  const ax = acc[o];
  const ay = acc[o + 1];
  const left = budget - Math.sqrt(ax * ax + ay * ay);
  if (left <= 0) return 0;
  const f2 = fx * fx + fy * fy;
  if (f2 > left * left) {
    const q = left / Math.sqrt(f2);
    acc[o] = ax + fx * q;
    acc[o + 1] = ay + fy * q;
    return q;
  }
  acc[o] = ax + fx;
  acc[o + 1] = ay + fy;
  return 1;
}

/** Truncate at the agent's maxForce: out = truncate(src, A.maxForce[i]) (see {@link truncateInto}). */
export function truncateIntoMaxForce(out: Float64Array, o: number, src: Float64Array, k: number, A: Agents, i: number): void {
  const fx = src[k];
  const fy = src[k + 1];
  const max = A.maxForce[i];
  const f2 = fx * fx + fy * fy;
  if (f2 > max * max) {
    const q = max / Math.sqrt(f2);
    out[o] = fx * q;
    out[o + 1] = fy * q;
  } else {
    out[o] = fx;
    out[o + 1] = fy;
  }
}

/** One input of Priority with the agent's maxForce as the budget (see {@link priorityAdd}). */
export function priorityAddMaxForce(acc: Float64Array, o: number, src: Float64Array, k: number, A: Agents, i: number): number {
  const fx = src[k];
  const fy = src[k + 1];
  const ax = acc[o];
  const ay = acc[o + 1];
  const left = A.maxForce[i] - Math.sqrt(ax * ax + ay * ay);
  if (left <= 0) return 0;
  const f2 = fx * fx + fy * fy;
  if (f2 > left * left) {
    const q = left / Math.sqrt(f2);
    acc[o] = ax + fx * q;
    acc[o + 1] = ay + fy * q;
    return q;
  }
  acc[o] = ax + fx;
  acc[o + 1] = ay + fy;
  return 1;
}
