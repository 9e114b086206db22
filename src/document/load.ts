/**
 * Loading a scene: text → JSON → migration → validation → SceneDocument. The loader refuses only
 * what cannot be a scene (DESIGN.md contract 6) and never throws: every failure is a list of
 * LoadErrors with JSON paths, and a refused file never replaces the open scene (contract 5).
 *
 * (Over 500 lines, on purpose: the one place a file's text becomes a document — size and depth
 * limits scanned on the text, JSON with line and column, encodings, duplicate keys — is read
 * best whole; each part is a named function below.)
 */
import { checkFlowFields, checkLimits, checkParamNames, checkTypeFields, checkUnique, checkWalls } from './checks';
import { describe, finishErrors, issuesToErrors, joinPath, printable } from './errors';
import type { LoadError } from './errors';
import { MIGRATIONS, migrateWith } from './migrate';
import type { Migration } from './migrate';
import { LIMITS, SceneSchema, validateWithSchema } from './schema';
import { compactLength } from './serialize';
import { FORMAT, VERSION } from './types';
import type { SceneDocument } from './types';

/** A loaded scene and notes on how it was read (an upgrade from an older version), or why it cannot be. */
export type LoadResult =
  | { ok: true; doc: SceneDocument; warnings: string[] }
  | { ok: false; errors: LoadError[] };

/** Options of parseScene, for tests of the migration mechanism. */
export interface ParseOptions {
  /** The version steps to apply (default MIGRATIONS). */
  migrations?: readonly Migration[];
}

function refuse(errors: LoadError[], complete = true): LoadResult {
  return { ok: false, errors: finishErrors(errors, complete) };
}

function why(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The root error when the value is not even an object. */
function notAnObject(value: unknown): LoadResult | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
  return refuse([{ path: '', message: `expected a scene: a JSON object, got ${describe(value)}` }]);
}

/**
 * Checks that `value` is a current-version scene document (no migration) and returns a fresh
 * copy of it, with absent `obstacles`, `paths`, `targets` and `connections` filled in as [] (and
 * an empty `walls` list and a wall's `solid: true` left out, as the saver writes them).
 * Catches what JSON cannot carry but a JavaScript value can (NaN, ±Infinity, functions).
 */
export function validateScene(value: unknown): LoadResult {
  return validate(value, false);
}

/** validateScene; `owned`: nobody else holds the value (just parsed), so the result may share parts of it. */
function validate(value: unknown, owned: boolean): LoadResult {
  try {
    const notObject = notAnObject(value);
    if (notObject) return notObject;
    const limits = checkLimits(value);
    if (limits.length > 0) return refuse(limits);
    const { result, complete } = validateWithSchema(value, owned);
    const errors = [
      ...(result.success ? [] : issuesToErrors(result.issues, SceneSchema)),
      ...checkUnique(value),
      ...checkWalls(value),
      ...checkFlowFields(value),
      ...checkTypeFields(value),
      ...checkParamNames(value),
    ];
    if (errors.length > 0 || !result.success) return refuse(errors, complete);
    return { ok: true, doc: defaultsLeftOut(result.output), warnings: [] };
  } catch (e) {
    return refuse([{ path: '', message: `could not read the scene: ${why(e)}` }]);
  }
}

/**
 * The document with what the saver leaves out left out here too, so that what loads saves and
 * loads again as the same document: an empty `walls` list (absent: none) and `solid: true` (the
 * default); an empty `params` list, `headingSmoothing: 0` and an empty `exposed` map. The schema made every wall and the world afresh, so they may be changed in place.
 */
function defaultsLeftOut(doc: SceneDocument): SceneDocument {
  for (const t of doc.agentTypes) {
    if (t.params?.length === 0) delete t.params;
    if (t.headingSmoothing === 0) delete t.headingSmoothing;
    for (const g of [...t.states.map((s) => s.graph), ...(t.anyState ? [t.anyState] : [])]) {
      for (const n of g.nodes) if (n.exposed && Object.keys(n.exposed).length === 0) delete n.exposed;
    }
  }
  if (doc.world.flowFields?.length === 0) delete doc.world.flowFields;
  const walls = doc.world.walls;
  if (walls === undefined) return doc;
  if (walls.length === 0) delete doc.world.walls;
  else for (const w of walls) if (w.solid === true) delete w.solid;
  return doc;
}

/**
 * Reads an already-parsed value as a scene: checks the format, upgrades an older version with
 * the migrations, then validates (validateScene). Never throws.
 */
export function parseScene(value: unknown, options: ParseOptions = {}): LoadResult {
  return parse(value, options, false);
}

function parse(value: unknown, options: ParseOptions, owned: boolean): LoadResult {
  try {
    const notObject = notAnObject(value);
    if (notObject) return notObject;
    const format = (value as Record<string, unknown>).format;
    if (format !== FORMAT) {
      const message =
        format === undefined
          ? `missing; expected "${FORMAT}" (not a Steergraph scene?)`
          : `expected "${FORMAT}", got ${describe(format)} (not a Steergraph scene?)`;
      return refuse([{ path: 'format', message }]);
    }
    const migrated = migrateWith(value, options.migrations ?? MIGRATIONS, VERSION);
    if (!migrated.ok) return refuse(migrated.errors);
    const result = validate(migrated.value, owned || migrated.applied.length > 0);
    if (!result.ok || migrated.applied.length === 0) return result;
    const steps = migrated.applied.map((m) => m.description).join('; ');
    return {
      ok: true,
      doc: result.doc,
      warnings: [`made by an older Steergraph (version ${migrated.from}), upgraded to version ${VERSION}: ${steps}`, ...result.warnings],
    };
  } catch (e) {
    return refuse([{ path: '', message: `could not read the scene: ${why(e)}` }]);
  }
}

/**
 * Reads a scene file's text. Refuses a file over LIMITS.fileChars before parsing it, text that
 * is not JSON (with the line and column of the first problem), and everything parseScene
 * refuses. A leading byte-order mark is ignored. Never throws.
 */
export function loadScene(text: string, options: ParseOptions = {}): LoadResult {
  try {
    if (typeof text !== 'string') return refuse([{ path: '', message: `expected the text of a scene file, got ${describe(text)}` }]);
    if (text.length > LIMITS.fileChars) {
      return refuse([{ path: '', message: `the file is too large: ${megabytes(text.length)} MB (the limit is ${LIMITS.fileChars / (1024 * 1024)} MB)` }]);
    }
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const scan = scanText(body, MAX_DEPTH);
    if (scan.deep >= 0) {
      const at = lineAndColumn(body, scan.deep);
      return refuse([{ path: '', message: `not a scene: lists and objects nested more than ${MAX_DEPTH} deep (${at}); a scene nests at most 9 deep` }]);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (e) {
      const nul = body.indexOf('\u0000');
      if (nul >= 0) return refuse([{ path: '', message: notText(body, nul) }]);
      return refuse([{ path: '', message: `not JSON: ${jsonSyntaxError(body) ?? why(e)}` }]);
    }
    // One walk over what was parsed: −0 becomes 0, and the keys are counted. Fewer keys than the
    // text has colons (outside texts, one per key) means JSON.parse dropped a duplicate key.
    const keys = positiveZeros(value);
    let result = parse(value, options, true);
    if (result.ok && keys < scan.colons) {
      const twice = duplicateKeys(body);
      if (twice.length > 0) result = { ...result, warnings: [...result.warnings, ...duplicateWarnings(twice)] };
    }
    // What loads must save and load again (contract 6): the saved text can be longer than the file
    // (see scanText; lists left out are written as [], under 1,024 characters in all), so a big file
    // that may grow is measured. Saved text is under 8 times the file's, so a small one need not be.
    if (result.ok && body.length > LIMITS.fileChars / 8 && (scan.mayGrow || body.length + 1024 > LIMITS.fileChars)) {
      const saved = compactLength(result.doc);
      if (saved > LIMITS.fileChars) return refuse([{ path: '', message: `the scene is too large: saved, it takes ${megabytes(saved)} MB (the limit is ${megabytes(LIMITS.fileChars)} MB)` }]);
    }
    return result;
  } catch (e) {
    return refuse([{ path: '', message: `could not read the scene: ${why(e)}` }]);
  }
}

/**
 * The most bytes a file within LIMITS.fileChars can take in UTF-8 (three a character at most, and
 * a byte-order mark): a longer file is refused by its size, before it is read.
 */
export const MAX_FILE_BYTES = 3 * LIMITS.fileChars + 3;

/** The refusal of a file of `bytes` bytes when it is over MAX_FILE_BYTES (undefined when it is not), without reading it. */
export function fileTooLarge(bytes: number): LoadResult | undefined {
  if (!(bytes > MAX_FILE_BYTES)) return undefined;
  return refuse([{ path: '', message: `the file is too large: ${megabytes(bytes)} MB (the limit is ${LIMITS.fileChars / (1024 * 1024)} MB of text)` }]);
}

/**
 * Reads a scene file's bytes, as the CLI and the app read a file: the text must be UTF-8 (a
 * UTF-8 byte-order mark is ignored). A file over MAX_FILE_BYTES, a UTF-16 or UTF-32 file (by its
 * byte-order mark or the NUL bytes its ASCII makes), a binary file (a NUL byte) and bytes that
 * are not UTF-8 (with their offset) are refused with a message saying so; then as loadScene.
 * Never throws.
 */
export function loadSceneFile(bytes: Uint8Array, options: ParseOptions = {}): LoadResult {
  try {
    const tooLarge = fileTooLarge(bytes.length);
    if (tooLarge) return tooLarge;
    const wide = wideEncoding(bytes);
    if (wide) return refuse([{ path: '', message: `the file is ${wide} text; Steergraph reads scene files as UTF-8: save it as UTF-8` }]);
    const nul = bytes.indexOf(0);
    if (nul >= 0) return refuse([{ path: '', message: `not a text file: it has a NUL byte at byte offset ${nul} (a binary file?)` }]);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      const at = invalidUtf8(bytes);
      let line = 1;
      for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
      const hex = bytes[at].toString(16).toUpperCase().padStart(2, '0');
      return refuse([
        {
          path: '',
          message: `not UTF-8 text: the byte at byte offset ${at} (line ${line}) is 0x${hex}, which is not valid UTF-8 there (text in another encoding, such as Latin-1, or a binary file?); save the file as UTF-8`,
        },
      ]);
    }
    return loadScene(text, options);
  } catch (e) {
    return refuse([{ path: '', message: `could not read the scene: ${why(e)}` }]);
  }
}

/**
 * `UTF-16 (little-endian)` etc. when the bytes are UTF-16 or UTF-32: by the byte-order mark, or
 * by the NUL bytes in the first four, which a JSON text (ASCII first) has in no other encoding.
 */
function wideEncoding(b: Uint8Array): string | undefined {
  const n = b.length;
  if (n >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'UTF-32 (little-endian)';
  if (n >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32 (big-endian)';
  if (n >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'UTF-16 (little-endian)';
  if (n >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'UTF-16 (big-endian)';
  if (n >= 4 && b[0] !== 0 && b[1] === 0 && b[2] === 0 && b[3] === 0) return 'UTF-32 (little-endian)';
  if (n >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] !== 0) return 'UTF-32 (big-endian)';
  if (n >= 2 && b[0] !== 0 && b[1] === 0 && (n < 4 || (b[2] !== 0 && b[3] === 0))) return 'UTF-16 (little-endian)';
  if (n >= 2 && b[0] === 0 && b[1] !== 0 && (n < 4 || (b[2] === 0 && b[3] !== 0))) return 'UTF-16 (big-endian)';
  return undefined;
}

/** The offset of the first byte that is not valid UTF-8 (RFC 3629: no overlongs, surrogates or code points past U+10FFFF), or -1. */
export function invalidUtf8(b: Uint8Array): number {
  const n = b.length;
  for (let i = 0; i < n; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      // The first continuation byte has the narrowed range; a missing or wrong one makes the
      // sequence that starts at i invalid.
      if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The refusal of a text with a NUL character at `at`: UTF-16 read as UTF-8, or not text at all. */
function notText(text: string, at: number): string {
  const utf16 = text.length >= 2 && ((text.charCodeAt(0) !== 0 && text.charCodeAt(1) === 0) || (text.charCodeAt(0) === 0 && text.charCodeAt(1) !== 0));
  if (utf16) return 'the file looks like UTF-16 text read as UTF-8 (every other character is NUL); save it as UTF-8';
  return `not a text file: it has a NUL character at ${lineAndColumn(text, at)} (a binary file?)`;
}

/** At most this many duplicate keys are named in warnings (plus one line counting the rest). */
const MAX_DUPLICATE_WARNINGS = 10;

/** The warnings for duplicate keys at `paths`. */
function duplicateWarnings(paths: string[]): string[] {
  const shown = paths.slice(0, MAX_DUPLICATE_WARNINGS).map((p) => `${p}: this key is given more than once in its object; the last value is used`);
  const more = paths.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more duplicate key${more === 1 ? '' : 's'}`] : shown;
}

/**
 * The JSON paths of the keys that appear more than once in one object of `text` (JSON that
 * parsed), each once, in file order. JSON.parse keeps the last value without a word; the loader
 * warns. One pass; each object keeps its keys in a list, and in a Set past a dozen.
 */
export function duplicateKeys(text: string): string[] {
  interface Frame {
    object: boolean;
    keys: string[];
    set: Set<string> | null;
    /** The key (object) or index (list) of the value being read: the child's place in the path. */
    key: string;
    index: number;
    expectKey: boolean;
    reported: Set<string> | null;
  }
  const stack: Frame[] = [];
  const found: string[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        top.expectKey = false;
        top.key = key;
        const seen = top.set ? top.set.has(key) : top.keys.includes(key);
        if (seen) {
          top.reported ??= new Set();
          if (!top.reported.has(key)) {
            top.reported.add(key);
            let path = '';
            for (let k = 0; k < stack.length - 1; k++) path = joinPath(path, stack[k].object ? stack[k].key : stack[k].index);
            found.push(joinPath(path, key));
          }
        } else if (top.set) top.set.add(key);
        else {
          top.keys.push(key);
          if (top.keys.length > 12) top.set = new Set(top.keys);
        }
      }
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ object: c === 0x7b, keys: [], set: null, key: '', index: 0, expectKey: c === 0x7b, reported: null });
    } else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
    }
  }
  return found;
}

/**
 * Writes every −0 in a parsed file as 0, in place, and returns how many keys its objects have.
 * JSON keeps `-0`, but a saved file and the exported module's embedded scene (JSON.stringify)
 * write it as `0`, so a document holding −0 could run differently in the preview and in the
 * export: the loader normalises it (docs/scene-format.md).
 */
function positiveZeros(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let keys = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const x: unknown = value[i];
      if (x === 0) value[i] = 0;
      else if (typeof x === 'object') keys += positiveZeros(x);
    }
    return keys;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    keys++;
    const x = record[key];
    if (x === 0) record[key] = 0;
    else if (typeof x === 'object') keys += positiveZeros(x);
  }
  return keys;
}

/** `5.0` (MB of characters, as the size limit counts them). */
function megabytes(chars: number): string {
  return (chars / (1024 * 1024)).toFixed(1);
}

/**
 * How deep lists and objects may nest in a file. A scene nests 9 deep (agentTypes[k].states[s].graph.nodes[j].position);
 * JSON.parse takes seconds over a few MB of `[[[[…`, so deeper text is refused before it is parsed.
 */
const MAX_DEPTH = 32;

/**
 * One pass over a file's text, before it is parsed: `deep`, the index of the first
 * `[` or `{` nested deeper than `max` (outside texts), or -1; and `mayGrow`, whether the text, once
 * parsed, can be written back longer than it is: only a number in exponent notation (1e7 is
 * written 10000000) or a lone surrogate (written \udxxx) does that; and `colons`, the colons
 * outside texts (in JSON, one per key).
 */
function scanText(text: string, max: number): { deep: number; mayGrow: boolean; colons: number } {
  let depth = 0;
  let mayGrow = false;
  let colons = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
        else if (d >= 0xd800 && d <= 0xdfff) mayGrow = true;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return { deep: i, mayGrow, colons };
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x3a) colons++;
    else if ((c === 0x65 || c === 0x45) && i > 0) {
      const p = text.charCodeAt(i - 1);
      if ((p >= 0x30 && p <= 0x39) || p === 0x2e) mayGrow = true;
    }
  }
  return { deep: -1, mayGrow, colons };
}

/** `line L, column C` of index `at` (counting, not splitting: a file may have millions of lines). */
function lineAndColumn(text: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  return `line ${line}, column ${at - start + 1}`;
}

// ── Where JSON.parse failed ────────────────────────────────────────────────────────────────────
// Engines word JSON.parse errors differently and not all give a position, so the first syntax
// error is located here (only after JSON.parse has failed): `line 3, column 5: …`.

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;

/** What was found at `i`: `'}'`, `'True'`, `the end of the text`. */
function shown(text: string, i: number): string {
  if (i >= text.length) return 'the end of the text';
  const word = /^[A-Za-z0-9_]+/.exec(text.slice(i, i + 40));
  if (word) return `'${word[0]}'`;
  const c = text[i];
  if (c === '\n') return 'a line break';
  if (c === '\t') return 'a tab';
  if (c === '\ufffd') return "'\ufffd' (a byte that was not UTF-8: is this a text file?)";
  const code = text.charCodeAt(i);
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}; is this a text file?)`;
  return c === "'" ? `"'"` : quoteChar(text.codePointAt(i) as number);
}

/** `'“'`: one character, made printable (a bidirectional override shows as `'\u202e'`). */
function quoteChar(cp: number): string {
  return `'${printable(String.fromCodePoint(cp))}'`;
}

/** The first syntax error of `text` as `line L, column C: …`, or undefined if none is found. */
export function jsonSyntaxError(text: string): string | undefined {
  let i = 0;
  let error: { at: number; message: string } | undefined;
  const fail = (at: number, message: string) => {
    error = { at, message };
    return false;
  };
  const matchAt = (re: RegExp, at: number) => {
    re.lastIndex = at;
    return re.test(text);
  };
  const ws = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(i)) i++;
  };
  const string = (): boolean => {
    const start = i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'a \\u escape needs four hex digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return fail(i, `unknown escape \\${e ?? ''} in a text`);
      } else if (c < 0x20) {
        return fail(i, 'a line break or tab inside a text must be written \\n or \\t');
      } else i++;
    }
    return fail(start, 'a text (") is never closed');
  };
  const key = (): boolean => {
    ws();
    if (text[i] !== '"') return fail(i, `expected a property name in double quotes, found ${shown(text, i)}`);
    if (!string()) return false;
    ws();
    if (text[i] !== ':') return fail(i, `expected ':' after the property name, found ${shown(text, i)}`);
    i++;
    return true;
  };
  const stack: string[] = [];
  let expectValue = true;
  let afterComma = false;
  for (;;) {
    ws();
    if (expectValue) {
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          expectValue = false;
          continue;
        }
        stack.push(c);
        if (c === '{' && !key()) break;
        afterComma = false;
        continue;
      }
      if (c === '"') {
        if (!string()) break;
      } else if (c !== undefined && /[-0-9]/.test(c)) {
        if (!matchAt(NUMBER, i)) {
          fail(i, 'a malformed number');
          break;
        }
        i = NUMBER.lastIndex;
      } else if (matchAt(LITERAL, i)) {
        i = LITERAL.lastIndex;
      } else {
        if (afterComma && (c === '}' || c === ']')) fail(i, `a comma before ${shown(text, i)}: JSON allows no trailing comma`);
        else fail(i, `expected a value, found ${shown(text, i)}`);
        break;
      }
      expectValue = false;
      afterComma = false;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (i < text.length) fail(i, `expected the end of the text, found ${shown(text, i)}`);
      break;
    }
    const close = top === '{' ? '}' : ']';
    if (text[i] === ',') {
      i++;
      if (top === '{') {
        ws();
        if (text[i] === '}') {
          fail(i, "a comma before '}': JSON allows no trailing comma");
          break;
        }
        if (!key()) break;
      }
      expectValue = true;
      afterComma = true;
    } else if (text[i] === close) {
      i++;
      stack.pop();
    } else {
      fail(i, `expected ',' or '${close}', found ${shown(text, i)}`);
      break;
    }
  }
  if (!error) return undefined;
  return `${lineAndColumn(text, error.at)}: ${error.message}`;
}
