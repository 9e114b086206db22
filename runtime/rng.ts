/**
 * The world's seeded pseudo-random generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, used by PractRand as a reference). Integer operations only, so every
 * engine produces the same stream; the state is four 32-bit words, so it snapshots as plain JSON.
 * No platform randomness is used anywhere on the simulation path: every draw comes from here.
 */
export class Rng {
  /** State words, each an unsigned 32-bit integer kept as a signed int32 internally. */
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  /** A generator seeded from one 32-bit seed (see {@link seedState}). */
  constructor(seed = 0) {
    this.seed(seed);
  }

  /** Re-seeds: the four words come from splitmix32 of the seed, then 12 draws are discarded. */
  seed(seed: number): void {
    let s = seed >>> 0;
    s = (s + 0x9e3779b9) | 0;
    this.a = splitmix32(s);
    s = (s + 0x9e3779b9) | 0;
    this.b = splitmix32(s);
    s = (s + 0x9e3779b9) | 0;
    this.c = splitmix32(s);
    s = (s + 0x9e3779b9) | 0;
    this.d = splitmix32(s);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return t >>> 0;
  }

  /** A uniform number in [0, 1) with 32 random bits (the division by 2³² is exact). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** The state as four unsigned 32-bit integers (plain JSON). */
  getState(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Restores a state from {@link getState}. */
  setState(state: ArrayLike<number>): void {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }
}

/** splitmix32 finaliser: a well-mixed 32-bit value from a 32-bit input. */
export function splitmix32(x: number): number {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

/** FNV-1a hash of a string's UTF-16 code units: a stable 32-bit salt for a name. */
export function hashString(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A generator for one stream derived from (seed, salt, index), independent of the world's shared
 * stream: agent `index` of the type whose id hashes to `salt` always spawns the same way, whether
 * it exists from the start or is added later by `setCount`.
 */
export function derivedRng(out: Rng, seed: number, salt: number, index: number): Rng {
  const h = splitmix32(splitmix32(splitmix32(seed >>> 0) ^ salt) ^ index);
  out.seed(h);
  return out;
}
