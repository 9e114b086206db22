/**
 * A number as a JavaScript literal, for generated code. Only finite numbers pass (contract 5: nothing
 * but proven-finite numbers, compiler-made identifiers and the one JSON scene literal reach
 * generated source); anything else throws, which is a compiler bug, never a user's.
 */
export function numberLiteral(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`compiler: not a finite number: ${String(v)}`);
  if (Object.is(v, -0)) return '(-0)';
  const s = String(v);
  return v < 0 ? `(${s})` : s;
}

/** What dataLiteral escapes: HTML's `<`, `>`, `&`, and every character past ASCII (U+2028/2029 among them). */
const UNSAFE = /[<>&\u007f-\uffff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** JSON text with the UNSAFE characters written as \uXXXX (only ever inside strings, where JSON allows that). */
function escapeJson(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeChar) : text;
}

/**
 * Plain data (what JSON carries) as a JavaScript expression: JSON whose strings have `<`, `>`, `&`
 * and every non-ASCII character escaped, so the text is also safe inside an HTML script element, in
 * pre-ES2019 engines and in a file read with the wrong encoding.
 */
export function dataLiteral(value: unknown): string {
  return dataLiteralParts(value).join('');
}

/**
 * dataLiteral in parts, to be joined into a bigger text once. A multi-megabyte scene costs what
 * its copies cost: written whole, one curly quote in its description made the text two bytes per
 * character, and searching and copying that took 60 ms on a 3.5 MB scene. Here each top-level value
 * is written on its own, and only one whose strings hold a character to escape is searched (the
 * big ones are ASCII), so the text stays one byte per character and is copied once, into the module.
 */
export function dataLiteralParts(value: unknown): string[] {
  const parts = isContainer(value) ? containerParts(value, 0) : [part(value, 0)];
  // (the keys of the levels written in parts are checked as they are written)
  if (parts.some((p) => p.includes(PROTO_KEY))) refuseProto();
  return parts;
}

/**
 * A "__proto__" key is an entry in JSON but the object's prototype in a JavaScript literal: the data
 * would change without a word. Scene documents never hold one (the loader refuses such parameter
 * names, and no other key comes from the user), so, as numberLiteral refuses NaN, dataLiteral
 * refuses one. In JSON text `"__proto__":` can only be that key, since quotes inside a string are
 * escaped; searching a value's text for it takes about a millisecond for 4 MB.
 */
const PROTO_KEY = '"__proto__":';

function refuseProto(): never {
  throw new Error('compiler: an object key "__proto__" cannot be written as a data literal');
}

/** Deeper than this, a value with something to escape is escaped whole rather than in parts. */
const SPLIT_DEPTH = 3;

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Values JSON.stringify leaves out of objects (and writes as null in lists). */
function skipped(x: unknown): boolean {
  return x === undefined || typeof x === 'function' || typeof x === 'symbol';
}

/** A list's or an object's JSON in parts, one per item. */
function containerParts(value: object, depth: number): string[] {
  if (Array.isArray(value)) {
    const parts = ['['];
    value.forEach((x, i) => parts.push(i ? ',' : '', skipped(x) ? 'null' : part(x, depth + 1)));
    parts.push(']');
    return parts;
  }
  const parts = ['{'];
  for (const [k, x] of Object.entries(value)) {
    if (skipped(x)) continue;
    if (k === '__proto__') refuseProto();
    parts.push(parts.length > 1 ? ',' : '', escapeJson(JSON.stringify(k)), ':', part(x, depth + 1));
  }
  parts.push('}');
  return parts;
}

/** One value's JSON: as JSON.stringify writes it when none of its strings needs escaping. */
function part(value: unknown, depth: number): string {
  if (!hasUnsafeText(value)) return JSON.stringify(value);
  if (depth < SPLIT_DEPTH && isContainer(value)) return containerParts(value, depth).join('');
  return JSON.stringify(value).replace(UNSAFE_ALL, escapeChar);
}

/** Whether a string, or a key or string anywhere inside `value`, holds an UNSAFE character. */
function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return UNSAFE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasUnsafeText(value[i])) return true;
    return false;
  }
  for (const k in value) if (UNSAFE.test(k) || hasUnsafeText((value as Record<string, unknown>)[k])) return true;
  return false;
}
