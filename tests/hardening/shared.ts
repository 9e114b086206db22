/**
 * What the hardening tests and scripts share: the presets as files, a seeded generator for the
 * fuzzers (fast and reproducible, independent of fast-check), snapshots of global state, and the
 * check that a generated module carries document text only inside its one scene literal.
 */
// The presets as files are the preset tests' helpers; deepFreeze is the runtime's (the exported
// module freezes its scene with it).
export { PRESETS_DIR, PRESET_KEYS, preset, presetText } from '../presets/helpers';
export { deepFreeze } from '../../runtime/api';
import type { SceneDocument } from '../../src/document/types';

/** sfc32, seeded: the fuzzers' only randomness, so a failure is reproduced by its seed and index. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

/** The names of a value's own properties, and the identity of each property's value or accessor. */
function ownState(o: object): string[] {
  return Reflect.ownKeys(o).map((k) => {
    const d = Object.getOwnPropertyDescriptor(o, k)!;
    return `${String(k)}:${d.enumerable ? 'e' : ''}${d.writable ? 'w' : ''}${d.configurable ? 'c' : ''}`;
  });
}

/** What a hostile file could try to change globally: property lists of the prototypes and the global object. */
export interface GlobalState {
  names: Record<string, string[]>;
  values: Map<object, unknown[]>;
}

const WATCHED: Record<string, object> = {
  globalThis,
  'Object.prototype': Object.prototype,
  'Array.prototype': Array.prototype,
  'Function.prototype': Function.prototype,
  'String.prototype': String.prototype,
  'Number.prototype': Number.prototype,
  Object,
  JSON,
};

/** A snapshot of global state: own property names and attributes, and the values of the prototypes' properties. */
export function globalState(): GlobalState {
  const names: Record<string, string[]> = {};
  const values = new Map<object, unknown[]>();
  for (const [k, o] of Object.entries(WATCHED)) {
    names[k] = ownState(o);
    if (o !== globalThis) {
      values.set(
        o,
        Reflect.ownKeys(o).map((p) => {
          const d = Object.getOwnPropertyDescriptor(o, p)!;
          return d.get ?? d.value;
        }),
      );
    }
  }
  values.set(Object.prototype, [...(values.get(Object.prototype) ?? []), Object.getPrototypeOf(Object.prototype)]);
  return { names, values };
}

/** The first difference between two global snapshots, or null. */
export function globalDifference(a: GlobalState, b: GlobalState): string | null {
  for (const k of Object.keys(a.names)) {
    const x = a.names[k].join('\n');
    const y = b.names[k].join('\n');
    if (x !== y) {
      const added = b.names[k].filter((n) => !a.names[k].includes(n));
      const removed = a.names[k].filter((n) => !b.names[k].includes(n));
      return `${k} changed: added [${added.join(', ')}], removed [${removed.join(', ')}]`;
    }
  }
  for (const [o, xs] of a.values) {
    const ys = b.values.get(o) ?? [];
    if (xs.length !== ys.length || xs.some((x, i) => x !== ys[i])) return 'a value on a built-in prototype changed';
  }
  for (const probe of ['polluted', 'zqPwned']) {
    if (probe in {} || probe in [] || probe in globalThis) return `"${probe}" appeared on every object`;
  }
  return null;
}

/** The line that embeds the scene in an exported module. */
export const LITERAL_PREFIX = 'const SCENE = deepFreeze(';

/**
 * Checks that document text reaches a module only inside its scene literal: exactly one line
 * `const SCENE = deepFreeze(<json>);` whose JSON is the document, and nothing with the marker
 * outside it (every string the fuzzers plant carries `marker`). Returns the problem, or null.
 */
export function literalProblem(js: string, doc: SceneDocument, marker: string): string | null {
  const lines = js.split('\n');
  const at: number[] = [];
  lines.forEach((l, i) => {
    if (l.startsWith(LITERAL_PREFIX)) at.push(i);
  });
  if (at.length !== 1) return `expected one scene literal line, found ${at.length}`;
  const line = lines[at[0]];
  if (!line.endsWith(');')) return 'the scene literal line does not end with ");"';
  let embedded: unknown;
  try {
    embedded = JSON.parse(line.slice(LITERAL_PREFIX.length, -2));
  } catch (e) {
    return `the scene literal is not JSON: ${(e as Error).message}`;
  }
  if (JSON.stringify(embedded) !== JSON.stringify(doc)) return 'the scene literal is not the document';
  lines.splice(at[0], 1);
  const rest = lines.join('\n').toLowerCase();
  const k = rest.indexOf(marker.toLowerCase());
  if (k >= 0) return `document text outside the scene literal: …${rest.slice(Math.max(0, k - 60), k + 60)}…`;
  if (/<\/script|<!--|[\u2028\u2029]/i.test(js)) return 'the module contains </script, <!-- or a line separator';
  return null;
}
