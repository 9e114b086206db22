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

/**
 * Data as a JavaScript expression: JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped, so the text
 * is also safe inside an HTML script element and in pre-ES2019 engines.
 */
export function dataLiteral(value: unknown): string {
  // One pass (a scene can be megabytes).
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]);
}

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
