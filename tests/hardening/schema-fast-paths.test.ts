/**
 * The loader's fast paths (src/document/schema.ts, FAST_PATHS) stand in for valibot on points,
 * connections and nodes: each may accept only what its schema accepts, and must output exactly what
 * the schema outputs. Checked on valid items and on items mutated every way the fuzzers know.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FAST_PATH_SCHEMAS } from '../../src/document/schema';

const hostile = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1e7, -1e7, 10_000_000.000001, 5e-324, 1e308, '1', '', 'x'.repeat(64), 'x'.repeat(65), 'y'.repeat(200), 'y'.repeat(201)),
  fc.constantFrom(null, undefined, true, false, [], {}, [1], [1, 2, 3], ['a', 'b'], { a: 1 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'n1', '1n', '_', '-a', 'a'.repeat(64), 'a'.repeat(65)),
  fc.double(),
  fc.string({ maxLength: 70 }),
);

const point = fc.tuple(fc.double({ min: -1e7, max: 1e7, noNaN: true }), fc.double({ min: -1e7, max: 1e7, noNaN: true }));
const end = fc.tuple(fc.string({ maxLength: 64 }), fc.string({ maxLength: 64 }));
const params = fc.dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,31}$/), fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.string({ maxLength: 200 })), { maxKeys: 8 });
const node = fc.record({ id: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/), kind: fc.string({ minLength: 1, maxLength: 64 }), params, position: point });

/** A value with one part replaced, one key added or removed, or left as it is. */
function mutated<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat({ max: 5 }), fc.nat(), hostile, fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'from')).map(([x, how, pick, bad, key]) => {
    const copy = structuredClone(x) as unknown;
    const slots: { o: Record<string | number, unknown>; k: string | number }[] = [];
    const walk = (o: unknown) => {
      if (typeof o !== 'object' || o === null) return;
      for (const k of Object.keys(o)) {
        slots.push({ o: o as Record<string, unknown>, k: Array.isArray(o) ? Number(k) : k });
        walk((o as Record<string, unknown>)[k]);
      }
    };
    walk(copy);
    if (how === 0 || slots.length === 0) return copy;
    const s = slots[pick % slots.length];
    if (how <= 2) s.o[s.k] = bad;
    else if (how === 3) delete s.o[s.k];
    else if (how === 4 && typeof copy === 'object' && copy !== null) Object.defineProperty(copy, key, { value: bad, enumerable: true, configurable: true, writable: true });
    else return bad;
    return copy;
  });
}

const ITEMS = { point, connection: fc.record({ from: end, to: end }), node } as const;

describe('the loader’s fast paths agree with the schema', () => {
  for (const [name, fast, schema] of FAST_PATH_SCHEMAS) {
    it(`${name}: what the fast path accepts, the schema accepts, with the same output`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(mutated(ITEMS[name] as fc.Arbitrary<unknown>), (x) => {
          if (!fast.test(x)) return;
          accepted++;
          const r = v.safeParse(schema as v.GenericSchema, x);
          expect(r.success, JSON.stringify(x)).toBe(true);
          if (r.success) expect(isDeepStrictEqual(fast.copy(x as never), r.output), JSON.stringify(x)).toBe(true);
        }),
        { numRuns: 3000 },
      );
      expect(accepted).toBeGreaterThan(300);
    });
  }
});
