/**
 * Orientation (BEHAVIORS.md, "Orientation"): the turn limit the integrator applies to a type with a
 * `maxTurnRate`, and the heading smoother (drawing only) of a type with `headingSmoothing` k > 0.
 * A type with neither costs nothing: the integrator tests one per-type field, the smoother skips the
 * type, and its arrays stay empty.
 *
 * Smoother layout: per agent k slots of (x, y), agent-major (`ring[2·(k·i + s)]`). After the tick
 * numbered t (the world's tick before it is counted) slot t mod k takes the new heading: one slot
 * index for every agent of the type, so the ring's position is the world's tick and a snapshot or a
 * hand-over that carries the tick carries it too.
 */
import type { Agents, World } from './world';

/** Below this squared speed (1e-9 px/tick) nothing turns (v = 0 keeps h). */
const TURN_EPS2 = 1e-18;

const EMPTY = new Float64Array(0);

/**
 * A type's turn pair (cosMax, sinMax) as the program gives it, or null for no limit: absent, or a
 * limit of half a turn or more (cosMax ≤ −1: 180° never limits, and rounding could make h·u fall a
 * hair below −1).
 */
export function turnPair(turn: ArrayLike<number> | undefined): Float64Array | null {
  if (!turn || turn.length !== 2 || !(turn[0] > -1 && turn[0] < 1)) return null;
  return Float64Array.of(turn[0], turn[1]);
}

/**
 * The turn limit, between `v = truncate(v + f/m, S)` and the move: with h = (head[ix], head[ix + 1])
 * and v = (io[k], io[k + 1]), while |v|² > 10⁻¹⁸: u = v/|v|; if h·u < cosMax, h' = h·cosMax +
 * perp(h)·σ·sinMax (σ = −1 when h × u < 0, else +1), renormalized, and v = h'·|v|. Writes v back
 * into io. (Numbers travel in arrays: a call V8 does not inline boxes each computed number.)
 */
export function limitTurn(io: Float64Array, k: number, head: Float64Array, ix: number, turn: Float64Array): void {
  const vx = io[k];
  const vy = io[k + 1];
  const v2 = vx * vx + vy * vy;
  if (!(v2 > TURN_EPS2)) return;
  const sp = Math.sqrt(v2);
  const ux = vx / sp;
  const uy = vy / sp;
  const hx = head[ix];
  const hy = head[ix + 1];
  const cosMax = turn[0];
  if (hx * ux + hy * uy >= cosMax) return;
  const sinMax = turn[1];
  // z = h × u; z = 0 (exactly opposite) turns toward +perp(h)
  const sg = hx * uy - hy * ux < 0 ? -1 : 1;
  // h' = h·cosMax + perp(h)·σ·sinMax, perp(h) = (−hy, hx)
  let nx = hx * cosMax + -hy * sg * sinMax;
  let ny = hy * cosMax + hx * sg * sinMax;
  const l = Math.sqrt(nx * nx + ny * ny);
  nx = nx / l;
  ny = ny / l;
  io[k] = nx * sp;
  io[k + 1] = ny * sp;
}

/** Sets a type's orientation from its layout (before its first setCount). */
export function setupOrientation(a: Agents, turn: ArrayLike<number> | undefined, smoothing: number | undefined): void {
  a.turn = turnPair(turn);
  a.smoothing = Number.isInteger(smoothing) && (smoothing as number) >= 2 && (smoothing as number) <= 64 ? (smoothing as number) : 0;
}

/**
 * Resizes a type's smoother arrays in its `setCount` (after `a.head` holds the n agents' headings,
 * before `a.count` changes): the first `keep` agents keep their ring and drawn heading when the old
 * ring is of this k (else they start from their heading, as at spawn); the others start from theirs.
 */
export function resizeOrientation(a: Agents, keep: number, n: number): void {
  const k = a.smoothing;
  if (k === 0) {
    a.ring = EMPTY;
    a.drawn = EMPTY;
    return;
  }
  const ring = new Float64Array(2 * k * n);
  const drawn = new Float64Array(2 * n);
  const carried = a.ring.length === 2 * k * a.count && a.drawn.length === 2 * a.count ? keep : 0;
  ring.set(a.ring.subarray(0, 2 * k * carried));
  drawn.set(a.drawn.subarray(0, 2 * carried));
  fillFromHeadings(a.head, ring, drawn, k, carried, n);
  a.ring = ring;
  a.drawn = drawn;
}

/** Agents from..to−1: every slot and the drawn heading set to the agent's heading. */
function fillFromHeadings(head: Float64Array, ring: Float64Array, drawn: Float64Array, k: number, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const hx = head[2 * i];
    const hy = head[2 * i + 1];
    drawn[2 * i] = hx;
    drawn[2 * i + 1] = hy;
    for (let s = 0; s < k; s++) {
      ring[2 * (k * i + s)] = hx;
      ring[2 * (k * i + s) + 1] = hy;
    }
  }
}

/**
 * The smoother, after each tick's move (runtime/step.ts): slot `world.tick mod k` takes each
 * agent's heading, and the drawn heading is normalize(Σ slots), summed in slot order 0 … k − 1
 * (not a running sum, whose bits would differ); a zero sum keeps the previous drawn heading.
 */
export function smoothHeadings(world: World): void {
  const types = world.types;
  for (let t = 0; t < types.length; t++) {
    const a = types[t];
    const k = a.smoothing;
    if (k === 0) continue;
    const slot = world.tick % k;
    const head = a.head;
    const ring = a.ring;
    const drawn = a.drawn;
    for (let i = 0, n = a.count; i < n; i++) {
      const base = 2 * k * i;
      ring[base + 2 * slot] = head[2 * i];
      ring[base + 2 * slot + 1] = head[2 * i + 1];
      let sx = 0;
      let sy = 0;
      for (let s = 0; s < k; s++) {
        sx += ring[base + 2 * s];
        sy += ring[base + 2 * s + 1];
      }
      const q = sx * sx + sy * sy;
      if (q > 0) {
        const l = Math.sqrt(q);
        drawn[2 * i] = sx / l;
        drawn[2 * i + 1] = sy / l;
      }
    }
  }
}

/**
 * Resumes a type's smoother from a checked snapshot (after its headings are restored): as it was
 * when the snapshot's k is this type's, else (no smoother then, or another k) from the headings.
 */
export function restoreSmoother(a: Agents, s: { slots: number; ring: Float64Array; drawn: Float64Array } | undefined): void {
  const k = a.smoothing;
  if (k === 0) return;
  if (s && s.slots === k && s.ring.length === a.ring.length && s.drawn.length === a.drawn.length) {
    a.ring.set(s.ring);
    a.drawn.set(s.drawn);
  } else fillFromHeadings(a.head, a.ring, a.drawn, k, 0, a.count);
}

/**
 * The hand-over's part (runtime/handover.ts): before `setCount` re-sizes type `t` holding `from`'s
 * agents, it takes `from`'s smoother when both have the same k (else setCount starts it from the
 * headings).
 */
export function carrySmoother(t: Agents, from: Agents): void {
  if (t.smoothing !== 0 && from.smoothing === t.smoothing) {
    t.ring = from.ring;
    t.drawn = from.drawn;
  } else {
    t.ring = EMPTY;
    t.drawn = EMPTY;
  }
}
