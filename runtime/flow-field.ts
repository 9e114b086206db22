/**
 * Flow fields (BEHAVIORS.md, "Flow Field"): a grid of vectors over the world that Flow Field nodes
 * follow. A field is cols × rows cells of cellSize px with its top-left corner at (x, y); each vector
 * is a fraction of maxSpeed, stored row by row as (vx, vy) pairs. The scene document stores them
 * compactly (see {@link decodeFlowVectors}); a game passes plain numbers (`world.setFlowField`).
 */
import { fail, HOLE, LIMITS } from './checks';

/** A flow field's grid: cols × rows cells of cellSize px with the top-left corner at (x, y). */
export interface FlowFieldGrid {
  /** Unique among the world's flow fields. */
  id: string;
  /** Top-left corner, px. */
  x: number;
  y: number;
  /** The side of a cell, px (> 0). */
  cellSize: number;
  /** Whole numbers from 0 to 1024, at most 65,536 cells (0: the field is everywhere off-field). */
  cols: number;
  rows: number;
}

/** A flow field as a world is built from it and as a game gives it: `vectors` holds vx, vy per cell, row by row (2·cols·rows numbers). */
export interface FlowFieldSpec extends FlowFieldGrid {
  /** vx0, vy0, vx1, vy1, … row by row, fractions of maxSpeed (a vector longer than 1 is truncated to 1). */
  vectors: ArrayLike<number>;
}

/** The limits of flow fields (src/document/schema.ts LIMITS says the same for documents). */
export const FLOW_LIMITS = {
  /** Fields in a world. */
  flowFields: 16,
  /** Columns or rows of one field. */
  side: 1024,
  /** Cells of one field (cols × rows). */
  cells: 65_536,
  /** The largest |component| a game may pass (it is truncated to length 1 anyway). */
  component: 1_000_000,
} as const;

/**
 * A flow field as the tick path reads it (typed arrays; generated code reads `W.flowFields[j]`).
 *
 * Every field is `declare`d and set in the constructor, never declared as a class field: with
 * this project's define semantics (useDefineForClassFields) a declared field is first defined as
 * undefined, and V8 then keeps it as a tagged value of any kind, so the kernel checked and unboxed
 * each of x, y, cellSize, cols, rows, padRow and padStart for every agent. Set once, as numbers,
 * they load as plain numbers.
 */
export class FlowField {
  /** Unique among the world's flow fields. */
  declare readonly id: string;
  /** Top-left corner, px. */
  declare readonly x: number;
  declare readonly y: number;
  /** The side of a cell, px. */
  declare readonly cellSize: number;
  /** Columns and rows of cells. */
  declare readonly cols: number;
  declare readonly rows: number;
  /** vx, vy per cell, row by row, each of length ≤ 1. */
  declare readonly v: Float64Array;
  /**
   * The same vectors with a ring of one cell around them that repeats the border (cols + 2 by
   * rows + 2, row by row; entry (i + 1, j + 1) is cell (i, j), and the ring holds the nearest
   * border cell's vector). The kernel reads the four corners of a sample here with no clamping:
   * cell (i, j) of the padded table is V[clamp(j − 1)][clamp(i − 1)], the very value the clamped
   * indices of BEHAVIORS.md name, so the result is the same bits. Empty for a field of 0 columns
   * or rows (everywhere off-field, never read).
   */
  declare readonly pad: Float64Array;
  /** 2 · (cols + 2): the step from one row of {@link pad} to the next, in numbers. */
  declare readonly padRow: number;
  /** padRow + 2: where cell (−1, −1)'s corner sample (i0, j0) = (i + 1, j + 1) of {@link pad} starts, past the ring. */
  declare readonly padStart: number;
  constructor(id: string, x: number, y: number, cellSize: number, cols: number, rows: number, vectors: ArrayLike<number>) {
    this.id = id;
    this.x = x;
    this.y = y;
    this.cellSize = cellSize;
    this.cols = cols;
    this.rows = rows;
    const n = cols * rows;
    this.v = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const vx = vectors[2 * k];
      const vy = vectors[2 * k + 1];
      const d2 = vx * vx + vy * vy;
      // longer than 1: truncated to 1 when the world is built (sqrt is exactly rounded)
      const d = d2 > 1 ? Math.sqrt(d2) : 1;
      this.v[2 * k] = vx / d;
      this.v[2 * k + 1] = vy / d;
    }
    const pw = cols + 2;
    this.padRow = 2 * pw;
    this.padStart = this.padRow + 2;
    this.pad = new Float64Array(n > 0 ? 2 * pw * (rows + 2) : 0);
    if (n === 0) return;
    for (let pj = 0; pj < rows + 2; pj++) {
      const j = pj < 1 ? 0 : pj > rows ? rows - 1 : pj - 1;
      for (let pi = 0; pi < pw; pi++) {
        const i = pi < 1 ? 0 : pi > cols ? cols - 1 : pi - 1;
        this.pad[2 * (pj * pw + pi)] = this.v[2 * (j * cols + i)];
        this.pad[2 * (pj * pw + pi) + 1] = this.v[2 * (j * cols + i) + 1];
      }
    }
  }

  /** The field as a spec of fresh arrays (what `flowField(id)` gives a game). */
  spec(): { id: string; x: number; y: number; cellSize: number; cols: number; rows: number; vectors: number[] } {
    return { id: this.id, x: this.x, y: this.y, cellSize: this.cellSize, cols: this.cols, rows: this.rows, vectors: Array.from(this.v) };
  }
}

/** Builds the tick path's field from a checked spec. */
export function flowFieldOf(f: FlowFieldSpec): FlowField {
  return new FlowField(f.id, f.x, f.y, f.cellSize, f.cols, f.rows, f.vectors);
}

/**
 * Throws an Error naming the first field of `f` that cannot be a flow field (`field` prefixes the
 * messages: `setFlowField: field.vectors[12]: expected …, got …`). `id` false: the id is not checked
 * (setFlowField names the field by its argument).
 */
export function checkFlowField(f: unknown, field: string, id = true): asserts f is FlowFieldSpec {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) fail(field, 'a flow field { id, x, y, cellSize, cols, rows, vectors }', f);
  const r = f as Record<string, unknown>;
  if (id && typeof r.id !== 'string') fail(`${field}.id`, 'a string', r.id);
  const C = LIMITS.coordinate;
  for (const k of ['x', 'y'] as const) {
    const v = r[k];
    if (typeof v !== 'number' || !(v >= -C && v <= C)) fail(`${field}.${k}`, `a number from -${C} to ${C} px`, v);
  }
  const c = r.cellSize;
  if (typeof c !== 'number' || !(c > 0 && c <= C)) fail(`${field}.cellSize`, `a number more than 0 and at most ${C} px`, c);
  for (const k of ['cols', 'rows'] as const) {
    const v = r[k];
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > FLOW_LIMITS.side) fail(`${field}.${k}`, `a whole number from 0 to ${FLOW_LIMITS.side}`, v);
  }
  const n = (r.cols as number) * (r.rows as number);
  if (n > FLOW_LIMITS.cells) fail(`${field}.cols`, `at most ${FLOW_LIMITS.cells} cells (cols × rows)`, `${r.cols} × ${r.rows}`);
  const vec = r.vectors as ArrayLike<number> | undefined;
  const isList = Array.isArray(vec) || ArrayBuffer.isView(vec);
  if (!isList) fail(`${field}.vectors`, 'an array of numbers (vx, vy per cell, row by row)', vec);
  if (vec.length !== 2 * n) fail(`${field}.vectors`, `${2 * n} numbers (vx, vy for each of the ${n} cells)`, `${vec.length} numbers`);
  const M = FLOW_LIMITS.component;
  for (let k = 0; k < vec.length; k++) {
    if (Array.isArray(vec) && !(k in vec)) fail(`${field}.vectors[${k}]`, 'a number', HOLE);
    const v = vec[k];
    if (typeof v !== 'number' || !(v >= -M && v <= M)) fail(`${field}.vectors[${k}]`, `a number from -${M} to ${M} (a fraction of maxSpeed)`, v);
  }
}

/** Throws naming the first bad entry of a list of flow fields (ids unique, at most FLOW_LIMITS.flowFields). */
export function checkFlowFields(list: unknown, field: string): asserts list is ReadonlyArray<FlowFieldSpec> {
  if (!Array.isArray(list)) fail(field, 'an array of flow fields', list);
  if (list.length > FLOW_LIMITS.flowFields) fail(field, `at most ${FLOW_LIMITS.flowFields} flow fields`, list.length);
  const seen = new Set<string>();
  for (let k = 0; k < list.length; k++) {
    if (!(k in list)) fail(`${field}[${k}]`, 'a flow field', HOLE);
    checkFlowField(list[k], `${field}[${k}]`);
    const id = (list[k] as FlowFieldSpec).id;
    if (seen.has(id)) fail(`${field}[${k}].id`, 'an id no other flow field has', id);
    seen.add(id);
  }
}

// ── The document's encoding ─────────────────────────────────────────────────────────────────────
// A document stores a field's vectors as base64 of signed bytes, vx then vy per cell, row by row:
// byte k means k / 127 of maxSpeed. Two bytes a cell (a 64 × 48 field is 8 KB of text, against
// about 60 KB of JSON numbers) and exact: the bytes are the data, and k / 127 is one correctly
// rounded division, the same number in every engine. Angles alone would lose the length (a field
// may slow agents down: a zero vector is a brake).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Int16Array(128).fill(-1);
for (let k = 0; k < 64; k++) INDEX[ALPHABET.charCodeAt(k)] = k;

/** The length of the base64 text of `cells` cells (2 bytes each, padded with '='). */
export function flowTextLength(cells: number): number {
  return 4 * Math.ceil((2 * cells) / 3);
}

/** Whether `text` is base64 of exactly 2·cells bytes (standard alphabet, '=' padding). */
export function isFlowText(text: string, cells: number): boolean {
  if (text.length !== flowTextLength(cells)) return false;
  const pad = (3 - ((2 * cells) % 3)) % 3;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    const padding = k >= text.length - pad;
    if (padding ? c !== 61 : c >= 128 || INDEX[c] < 0) return false;
  }
  return true;
}

/** The vectors of base64 `text` (checked by {@link isFlowText}): byte k as k / 127, vx, vy per cell. */
export function decodeFlowVectors(text: string, cells: number): Float64Array {
  const out = new Float64Array(2 * cells);
  const n = 2 * cells;
  let b = 0;
  for (let k = 0; k < text.length && b < n; k += 4) {
    const q = (INDEX[text.charCodeAt(k)] << 18) | (INDEX[text.charCodeAt(k + 1)] << 12) | ((INDEX[text.charCodeAt(k + 2)] & 63) << 6) | (INDEX[text.charCodeAt(k + 3)] & 63);
    for (let s = 16; s >= 0 && b < n; s -= 8) {
      const byte = (q >> s) & 255;
      out[b++] = (byte > 127 ? byte - 256 : byte) / 127;
    }
  }
  return out;
}

/** Quantises one component (a fraction of maxSpeed) to its byte: round(v · 127), clamped to ±127. */
export function flowByte(v: number): number {
  const k = Math.round(v * 127);
  // (−0 rounds to −0: a byte has no sign of zero)
  return k > 127 ? 127 : k < -127 ? -127 : k === 0 ? 0 : k;
}

/** The base64 text of signed bytes (−127 to 127), two per cell. */
export function encodeFlowBytes(bytes: ArrayLike<number>): string {
  // character codes first, turned into text a chunk at a time (a field can be 175 KB of text)
  const n = bytes.length;
  const codes = new Uint16Array(4 * Math.ceil(n / 3));
  let c = 0;
  for (let k = 0; k < n; k += 3) {
    const b0 = bytes[k] & 255;
    const b1 = k + 1 < n ? bytes[k + 1] & 255 : 0;
    const b2 = k + 2 < n ? bytes[k + 2] & 255 : 0;
    const q = (b0 << 16) | (b1 << 8) | b2;
    codes[c++] = ALPHABET.charCodeAt((q >> 18) & 63);
    codes[c++] = ALPHABET.charCodeAt((q >> 12) & 63);
    codes[c++] = k + 1 < n ? ALPHABET.charCodeAt((q >> 6) & 63) : 61;
    codes[c++] = k + 2 < n ? ALPHABET.charCodeAt(q & 63) : 61;
  }
  let s = '';
  for (let k = 0; k < codes.length; k += 8192) s += String.fromCharCode(...codes.subarray(k, k + 8192));
  return s;
}

/** The signed bytes of base64 `text` (checked by {@link isFlowText}). */
export function decodeFlowBytes(text: string, cells: number): Int8Array {
  const v = decodeFlowVectors(text, cells);
  const out = new Int8Array(v.length);
  for (let k = 0; k < v.length; k++) out[k] = Math.round(v[k] * 127);
  return out;
}

/** A flow field as a scene document stores it (src/document/types.ts SceneFlowField): vectors as base64 of bytes. */
export interface FlowFieldText extends FlowFieldGrid {
  vectors: string;
}

/** The world spec of a document's fields (their vectors decoded). */
export function flowFieldSpecs(fields: ReadonlyArray<FlowFieldText> | undefined): FlowFieldSpec[] | undefined {
  if (!fields) return undefined;
  return fields.map((f) => ({ id: f.id, x: f.x, y: f.y, cellSize: f.cellSize, cols: f.cols, rows: f.rows, vectors: decodeFlowVectors(f.vectors, f.cols * f.rows) }));
}
