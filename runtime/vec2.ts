/**
 * 2-D vector helpers in gl-matrix style: `out` first, inputs read into locals before anything is
 * written (so `out` may alias an input), `out` returned. Only {@link create} allocates.
 *
 * Degenerate inputs have defined results: the zero vector normalizes to (0, 0) and truncating to a
 * maximum of 0 gives (0, 0). Only `+ − × ÷` and `Math.sqrt` are used, so results are bit-identical
 * in every JavaScript engine.
 */

/**
 * A 2-vector: any indexable pair of numbers (usually a `Float64Array(2)`, also `[x, y]`). Only an
 * index signature: TypeScript gives a Float64Array no `0` and `1` properties, so a type requiring
 * them rejected the very arrays the helpers are for.
 */
export type Vec2 = { [i: number]: number };

/** Allocates a new vector (x, y). Not for the tick path. */
export function create(x = 0, y = 0): Float64Array {
  const out = new Float64Array(2);
  out[0] = x;
  out[1] = y;
  return out;
}

/** out = (x, y). */
export function set<T extends Vec2>(out: T, x: number, y: number): T {
  out[0] = x;
  out[1] = y;
  return out;
}

/** out = a + b. */
export function add<T extends Vec2>(out: T, a: Vec2, b: Vec2): T {
  const x = a[0] + b[0];
  const y = a[1] + b[1];
  out[0] = x;
  out[1] = y;
  return out;
}

/** out = a − b. */
export function sub<T extends Vec2>(out: T, a: Vec2, b: Vec2): T {
  const x = a[0] - b[0];
  const y = a[1] - b[1];
  out[0] = x;
  out[1] = y;
  return out;
}

/** out = a · k. */
export function scale<T extends Vec2>(out: T, a: Vec2, k: number): T {
  const x = a[0] * k;
  const y = a[1] * k;
  out[0] = x;
  out[1] = y;
  return out;
}

/** a · b. */
export function dot(a: Vec2, b: Vec2): number {
  return a[0] * b[0] + a[1] * b[1];
}

/** |a|². */
export function lengthSq(a: Vec2): number {
  return a[0] * a[0] + a[1] * a[1];
}

/** |a|. */
export function length(a: Vec2): number {
  return Math.sqrt(a[0] * a[0] + a[1] * a[1]);
}

/** |a − b|. */
export function distance(a: Vec2, b: Vec2): number {
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  return Math.sqrt(dx * dx + dy * dy);
}

/** out = a / |a|; the zero vector gives (0, 0) (not the seed's (1, 0), which makes agents drift). */
export function normalize<T extends Vec2>(out: T, a: Vec2): T {
  const x = a[0];
  const y = a[1];
  const len = Math.sqrt(x * x + y * y);
  if (len > 0) {
    out[0] = x / len;
    out[1] = y / len;
  } else {
    out[0] = 0;
    out[1] = 0;
  }
  return out;
}

/** out = a if |a| ≤ max, else a · (max / |a|). `max` is never negative. */
export function truncate<T extends Vec2>(out: T, a: Vec2, max: number): T {
  const x = a[0];
  const y = a[1];
  const len2 = x * x + y * y;
  if (len2 > max * max) {
    const k = max / Math.sqrt(len2);
    out[0] = x * k;
    out[1] = y * k;
  } else {
    out[0] = x;
    out[1] = y;
  }
  return out;
}

/** out = perp(a) = (−a.y, a.x): a rotation by +90° (y down, so clockwise on screen). */
export function perp<T extends Vec2>(out: T, a: Vec2): T {
  const x = a[0];
  const y = a[1];
  out[0] = -y;
  out[1] = x;
  return out;
}
