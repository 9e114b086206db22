/**
 * Load errors: where in the document (a JSON path) and what is wrong, in words a designer reads
 * (`agentTypes[1].count` + `expected a whole number from 0 to 100000, got -5`), and the
 * translation of valibot's issues into them.
 */
import type * as v from 'valibot';

/** One reason a file is not a scene. `path` is a JSON path (`agentTypes[1].count`), "" for the root. */
export interface LoadError {
  path: string;
  message: string;
}

/** At most this many errors are returned (plus one line saying how many more there were). */
export const MAX_ERRORS = 50;

/**
 * What is not visible text, in a message: controls (C0 with tab, DEL, C1), format characters
 * (bidirectional overrides and isolates, zero-width characters, the byte-order mark, tag
 * characters), the line and paragraph separators, and lone surrogates.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * Text from a file made safe for a message, the one escaping every message builder uses (the
 * loader's errors and warnings, the compiler's diagnostics, the CLI's lines, the app's dialog):
 * each character UNSAFE matches becomes `\uXXXX` (past U+FFFF, its two UTF-16 halves, as JSON writes
 * them, so a quoted key in a JSON path still parses), so a crafted file can neither steer a
 * terminal nor hide or reorder text in a report, in the CLI or in the app.
 * Visible text (letters of any script, emoji, punctuation, backslashes) is left as it is.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    let out = '';
    for (let k = 0; k < c.length; k++) out += `\\u${c.charCodeAt(k).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/** A document's text for a message: quoted as JSON and made {@link printable}, so it stays one safe line. */
export function quote(text: string): string {
  return printable(JSON.stringify(text));
}

/** `path: message`, or just the message for the root: how errors read in a list. */
export function formatLoadError(e: LoadError): string {
  return e.path ? `${e.path}: ${e.message}` : e.message;
}

/** Appends a key or index to a JSON path: `.count`, `[1]`, `["odd key"]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${quote(key)}]`;
}

/** How a value reads after "got": `-5`, `"sheep"`, `nothing`, `an array of 3 items`. */
export function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length <= 60 ? quote(value) : `a text of ${value.length} characters`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'nothing';
    case 'bigint':
      return `${value}n`;
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        return value.length === 0 ? 'an empty list' : `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
      }
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** Where the issue is, as a JSON path. */
function issuePath(items: readonly v.IssuePathItem[] | undefined): string {
  let path = '';
  for (const item of items ?? []) path = joinPath(path, item.key as string | number);
  return path;
}

/** Edit distance, for "did you mean". Small inputs only (field names). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length];
}

/** The closest known field name, if it is close enough to be a typo (one edit per three letters; case is free). */
export function suggest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(key, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.floor(key.length / 3) ? best : undefined;
}

/** A valibot schema as far as finding a field's message and its siblings needs. */
interface SchemaLike {
  type: string;
  message?: unknown;
  entries?: Record<string, SchemaLike>;
  item?: SchemaLike;
  items?: SchemaLike[];
  value?: SchemaLike;
  wrapped?: SchemaLike;
}

/** The schema at `items` below `root` (undefined when the path leaves it). */
function schemaAt(root: SchemaLike, items: readonly v.IssuePathItem[]): SchemaLike | undefined {
  let s: SchemaLike | undefined = root;
  for (const item of items) {
    while (s?.wrapped) s = s.wrapped;
    if (!s) return undefined;
    const key = item.key;
    if (s.entries && typeof key === 'string') s = Object.hasOwn(s.entries, key) ? s.entries[key] : undefined;
    else if (s.item) s = s.item;
    else if (s.items && typeof key === 'number') s = s.items[key];
    else if (s.value) s = s.value;
    else return undefined;
  }
  while (s?.wrapped) s = s.wrapped;
  return s;
}

/**
 * Turns valibot issues into load errors. Every check of a field carries that field's
 * `expected …` message; this adds what was found, and words missing and unknown fields itself.
 * @internal (the package's declarations, tsconfig.package.json, leave it out: they need no valibot)
 */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[], root: SchemaLike): LoadError[] {
  const out: LoadError[] = [];
  for (const issue of issues) {
    const items = issue.path ?? [];
    const last = items[items.length - 1];
    const isObjectKeyIssue = issue.type === 'strict_object' && last?.origin === 'key';
    if (isObjectKeyIssue && issue.expected === 'never') {
      // An unknown field.
      const key = String(last.key);
      const parent = schemaAt(root, items.slice(0, -1));
      const hint = parent?.entries ? suggest(key, Object.keys(parent.entries)) : undefined;
      out.push({ path: issuePath(items), message: `unknown field${hint ? ` (did you mean "${hint}"?)` : ''}` });
    } else if (isObjectKeyIssue) {
      // A missing field: say what belongs there.
      const field = schemaAt(root, items);
      const expected = typeof field?.message === 'string' ? `; ${field.message}` : '';
      out.push({ path: issuePath(items), message: `missing${expected}` });
    } else if (issue.type === 'strict_tuple' && issue.expected === 'never') {
      // Too many items in [x, y] or [node id, port]: report the whole tuple.
      const tuple = items.slice(0, -1);
      out.push({ path: issuePath(tuple), message: `${issue.message}, got ${describe(last?.input)}` });
    } else {
      out.push({ path: issuePath(items), message: `${issue.message}, got ${describe(issue.input)}` });
    }
  }
  return out;
}

/** Splits a JSON path into keys and indices, for ordering. */
function pathParts(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  const re = /\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) {
    if (m[1] !== undefined) parts.push(m[1]);
    else if (m[2] !== undefined) parts.push(Number(m[2]));
    else parts.push(JSON.parse(m[3]) as string);
  }
  return parts;
}

/** Orders paths as a reader expects: the root first, indices by number (`[2]` before `[10]`). */
export function comparePaths(a: string, b: string): number {
  const pa = pathParts(a);
  const pb = pathParts(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/**
 * Drops exact repeats (a value can fail several checks of one field, all with its one message),
 * sorts by path and keeps the first MAX_ERRORS, then one line counting the rest. `complete` is
 * false when validation stopped early, so the count is a lower bound.
 */
export function finishErrors(errors: readonly LoadError[], complete = true): LoadError[] {
  const seen = new Set<string>();
  const unique = errors.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const sorted = unique
    .map((e, i) => ({ e, i }))
    .sort((x, y) => comparePaths(x.e.path, y.e.path) || x.i - y.i)
    .map((x) => x.e);
  if (sorted.length <= MAX_ERRORS && complete) return sorted;
  const more = Math.max(0, sorted.length - MAX_ERRORS);
  const message = complete
    ? `… and ${more} more problem${more === 1 ? '' : 's'}`
    : `… and more problems (checking stopped after the first ${sorted.length})`;
  return [...sorted.slice(0, MAX_ERRORS), { path: '', message }];
}
