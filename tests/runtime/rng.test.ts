import { describe, expect, it } from 'vitest';
import { Rng, derivedRng, hashString, splitmix32 } from '../../runtime/rng';

function draws(r: Rng, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r.next());
  return out;
}

function uints(r: Rng, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r.nextUint32());
  return out;
}

/**
 * sfc32 as published (PractRand, C): tmp = a + b + counter++; a = b ^ (b >> 9); b = c + (c << 3);
 * c = rotl(c, 21) + tmp. Written independently of runtime/rng.ts, in uint32 arithmetic.
 */
function referenceSfc32(state: [number, number, number, number]): () => number {
  let [a, b, c, d] = state;
  return () => {
    const tmp = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + ((c << 3) >>> 0)) >>> 0;
    c = (((c << 21) | (c >>> 11)) >>> 0) + tmp;
    c >>>= 0;
    return tmp;
  };
}

describe('Rng (sfc32)', () => {
  it('golden values: the stream of seed 1 never changes (scenes saved today replay tomorrow)', () => {
    const r = new Rng(1);
    expect(r.getState()).toEqual([1074515795, 1449623916, 1296543226, 2041432051]);
    expect(uints(r, 3)).toEqual([270604467, 2273286251, 2085451298]);
    expect(r.next()).toBe(0.3983332144562155);
  });

  it('golden values: seeds 42, 0 and 4294967295', () => {
    expect(draws(new Rng(42), 5)).toEqual([
      0.6484007823746651, 0.3632245766930282, 0.7661763997748494, 0.9465068783611059, 0.865393620217219,
    ]);
    expect(uints(new Rng(0), 2)).toEqual([4004507919, 2784870557]);
    expect(uints(new Rng(0xffffffff), 2)).toEqual([2529910156, 315115646]);
  });

  it('is sfc32: from any state it matches the published algorithm (its counter word is one behind)', () => {
    for (const seed of [1, 7, 123456789]) {
      const r = new Rng(seed);
      const [a, b, c, d] = r.getState();
      const ref = referenceSfc32([a, b, c, (d + 1) >>> 0]);
      const ours = uints(r, 1000);
      const theirs = Array.from({ length: 1000 }, ref);
      expect(ours).toEqual(theirs);
    }
  });

  it('the same seed gives the same stream; re-seeding restarts it', () => {
    const a = new Rng(2024);
    const b = new Rng(2024);
    const first = draws(a, 100);
    expect(draws(b, 100)).toEqual(first);
    a.seed(2024);
    expect(draws(a, 100)).toEqual(first);
  });

  it('different seeds give different streams (neighbouring seeds included)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 64; seed++) seen.add(uints(new Rng(seed), 4).join(','));
    seen.add(uints(new Rng(0xffffffff), 4).join(','));
    expect(seen.size).toBe(65);
  });

  it('next() is in [0, 1), has 32 random bits and is roughly uniform', () => {
    const r = new Rng(99);
    const N = 100_000;
    let sum = 0;
    let lo = 1;
    let hi = 0;
    let outside = 0;
    let notWhole = 0;
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < N; i++) {
      const x = r.next();
      if (!(x >= 0 && x < 1)) outside++;
      // x · 2³² is the 32-bit integer that was drawn, exactly
      if (!Number.isInteger(x * 4294967296)) notWhole++;
      sum += x;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      bins[Math.floor(x * 10)]++;
    }
    expect(outside).toBe(0);
    expect(notWhole).toBe(0);
    expect(Math.abs(sum / N - 0.5)).toBeLessThan(0.005);
    expect(lo).toBeLessThan(1e-3);
    expect(hi).toBeGreaterThan(1 - 1e-3);
    for (const b of bins) expect(Math.abs(b - N / 10)).toBeLessThan(600); // ~6 σ
  });

  it('nextUint32 returns unsigned 32-bit integers', () => {
    const r = new Rng(5);
    let sawHighBit = false;
    for (let i = 0; i < 1000; i++) {
      const u = r.nextUint32();
      expect(Number.isInteger(u) && u >= 0 && u <= 0xffffffff).toBe(true);
      if (u >= 0x80000000) sawHighBit = true;
    }
    expect(sawHighBit).toBe(true);
  });

  it('getState/setState round trip resumes the stream exactly, in the same or another generator', () => {
    const r = new Rng(77);
    draws(r, 37);
    const state = r.getState();
    // plain JSON: four unsigned 32-bit integers
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    for (const w of state) expect(Number.isInteger(w) && w >= 0 && w <= 0xffffffff).toBe(true);
    const expected = draws(r, 50);

    r.setState(state);
    expect(draws(r, 50)).toEqual(expected);

    const other = new Rng(1);
    other.setState(state);
    expect(other.getState()).toEqual(state);
    expect(draws(other, 50)).toEqual(expected);
  });

  it('setState copies the words: changing the array afterwards does not touch the generator', () => {
    const r = new Rng(3);
    const state = r.getState();
    const expected = draws(new Rng(3), 5);
    r.setState(state);
    state[0] = 0;
    expect(draws(r, 5)).toEqual(expected);
  });
});

describe('splitmix32', () => {
  it('is the MurmurHash3 fmix32 finaliser (known values)', () => {
    expect(splitmix32(0)).toBe(0);
    expect(splitmix32(1) >>> 0).toBe(0x514e28b7);
    expect(splitmix32(123456789)).toBe(-1168058214);
  });
});

describe('hashString (FNV-1a)', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('foobar')).toBe(0xbf9cf968);
  });

  it('is stable for type ids and hashes UTF-16 code units', () => {
    expect(hashString('boid')).toBe(3701615683);
    expect(hashString('sheep')).toBe(130819572);
    expect(hashString('wolf')).toBe(2025558601);
    expect(hashString('é')).toBe(1812687940);
    expect(hashString('sheep')).not.toBe(hashString('Sheep'));
  });
});

describe('derivedRng', () => {
  it('golden values: (seed 1, "boid", 7) and (seed 4294967295, 0, 0)', () => {
    const r = derivedRng(new Rng(), 1, hashString('boid'), 7);
    expect(uints(r, 2)).toEqual([688033225, 1056750104]);
    expect(derivedRng(new Rng(), 0xffffffff, 0, 0).getState()).toEqual([3938314583, 1949178596, 3051286950, 3659954193]);
  });

  it('returns out, re-seeded: what out held before does not matter', () => {
    const out = new Rng(123);
    draws(out, 17);
    expect(derivedRng(out, 5, 6, 7)).toBe(out);
    expect(draws(out, 10)).toEqual(draws(derivedRng(new Rng(999), 5, 6, 7), 10));
  });

  it('is independent of the shared stream: drawing from other generators changes nothing', () => {
    const expected = draws(derivedRng(new Rng(), 42, hashString('sheep'), 3), 20);
    const shared = new Rng(42);
    draws(shared, 1000);
    const again = draws(derivedRng(new Rng(), 42, hashString('sheep'), 3), 20);
    expect(again).toEqual(expected);
    // and it is not the shared stream itself
    expect(draws(new Rng(42), 20)).not.toEqual(expected);
  });

  it('every (seed, salt, index) gets its own stream', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const seed of [0, 1, 2]) {
      for (const salt of [0, 1, hashString('sheep'), hashString('wolf')]) {
        for (let index = 0; index < 50; index++) {
          seen.add(uints(derivedRng(new Rng(), seed, salt, index), 3).join(','));
          count++;
        }
      }
    }
    expect(seen.size).toBe(count);
  });
});
