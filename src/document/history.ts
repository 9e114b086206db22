/**
 * The undo history of one open document, and the estimate of what each step holds that bounds it.
 * Edits themselves are in commands.ts (which re-exports this module).
 */
import { limitsExceeded, type Edit } from './commands';
import type { SceneDocument } from './types';

/** The undo history's bound, in bytes as {@link historyBytes} estimates them: 32 MB. */
export const HISTORY_BYTES = 32 * 1024 * 1024;

/**
 * About how many bytes of memory `a` holds that `b` does not share with it: what dropping `a` from
 * the history frees when `b` stays. Documents share what an edit did not change, so this walks only
 * the changed path, and counts V8-like sizes (an object 24 bytes and 16 a field, an array 16 and
 * 8 an element, a string 16 and 2 a character). An estimate: measured heap per step is within it
 * (docs/reliability.md).
 */
export function historyBytes(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (typeof a === 'string') return 16 + 2 * a.length;
  if (typeof a !== 'object' || a === null) return 0; // a number or boolean lives in its slot, counted with it
  if (Array.isArray(a)) {
    const other = Array.isArray(b) ? b : undefined;
    const shared = other && other.length > 8 ? new Set<unknown>(other) : undefined;
    let s = 16 + 8 * a.length;
    for (let i = 0; i < a.length; i++) {
      const x: unknown = a[i];
      if (shared ? shared.has(x) : other?.includes(x)) continue;
      s += historyBytes(x, other?.[i]);
    }
    return s;
  }
  const other = typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : undefined;
  let s = 24;
  for (const [k, v] of Object.entries(a)) s += 16 + historyBytes(v, other?.[k]);
  return s;
}

/**
 * The undo history of one open document. `apply` records the document before each effective edit;
 * edits with the same `mergeKey` in a row (a slider being dragged, a node being moved) make one
 * undo step. The history holds at most `maxBytes` (estimated by {@link historyBytes}; undo and redo
 * steps together): past it, the oldest undo steps are dropped, and the first time that happens after
 * a reset `trimmed` says so.
 */
export class History {
  private past: SceneDocument[] = [];
  private future: SceneDocument[] = [];
  /** The estimated bytes of each step of `past` and `future`, in the same order. */
  private pastBytes: number[] = [];
  private futureBytes: number[] = [];
  private held = 0;
  private lastKey: string | undefined;
  /** Undo steps dropped since the last reset, to keep the history under its bound. */
  dropped = 0;
  /**
   * Why the last `apply` did nothing although the edit changed the document: it would have taken
   * the document past a size limit, and a document over one does not load again (contract 6).
   */
  refused: string | undefined;
  /** Set by the `apply` that first dropped the oldest undo steps since the last reset: a notice to show. */
  trimmed: string | undefined;

  constructor(
    public doc: SceneDocument,
    /** The bound of the history's memory, in estimated bytes. */
    readonly maxBytes = HISTORY_BYTES,
  ) {}

  /** The history's memory, in estimated bytes (at most `maxBytes`, or one step when a single step is larger). */
  get bytes(): number {
    return this.held;
  }

  /** How many undo steps there are. */
  get undoSteps(): number {
    return this.past.length;
  }

  /** Applies an edit; returns true when it changed the document. An edit past a size limit is refused (see `refused`). */
  apply(edit: Edit, mergeKey?: string): boolean {
    this.refused = undefined;
    this.trimmed = undefined;
    const next = edit(this.doc);
    if (next === this.doc) return false;
    const before = limitsExceeded(this.doc);
    const passed = limitsExceeded(next).filter((x) => !before.includes(x));
    if (passed.length) {
      this.refused = `Not done: the scene would have ${passed.join(' and ')} (more than a scene file may hold).`;
      return false;
    }
    if (mergeKey !== undefined && mergeKey === this.lastKey && this.past.length) {
      // the same step, now undoing to the same document from a later one
      const k = this.past.length - 1;
      const size = historyBytes(this.past[k], next);
      this.held += size - this.pastBytes[k];
      this.pastBytes[k] = size;
    } else {
      const size = historyBytes(this.doc, next);
      this.past.push(this.doc);
      this.pastBytes.push(size);
      this.held += size;
    }
    for (const b of this.futureBytes) this.held -= b;
    this.future = [];
    this.futureBytes = [];
    this.doc = next;
    this.lastKey = mergeKey;
    this.trim();
    return true;
  }

  /** Drops the oldest undo steps while the history is over its bound (keeping the newest step). */
  private trim(): void {
    if (this.held <= this.maxBytes || this.past.length <= 1) return;
    let n = 0;
    let freed = 0;
    while (this.held - freed > this.maxBytes && n < this.past.length - 1) freed += this.pastBytes[n++];
    this.past.splice(0, n);
    this.pastBytes.splice(0, n);
    this.held -= freed;
    if (!this.dropped) {
      const m = this.maxBytes;
      const size = m >= 1024 * 1024 ? `${Math.round(m / (1024 * 1024))} MB` : `${Math.round(m / 1024)} KB`;
      this.trimmed = `The undo history is full (${size}): its oldest steps are dropped from now on. Save to keep this version.`;
    }
    this.dropped += n;
  }

  /** Ends a merge run, so the next edit with the same key starts a new undo step. */
  seal(): void {
    this.lastKey = undefined;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  undo(): boolean {
    const prev = this.past.pop();
    if (!prev) return false;
    // the step's size moves with it (the documents either side of it are the same two)
    this.futureBytes.push(this.pastBytes.pop()!);
    this.future.push(this.doc);
    this.doc = prev;
    this.lastKey = undefined;
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (!next) return false;
    this.pastBytes.push(this.futureBytes.pop()!);
    this.past.push(this.doc);
    this.doc = next;
    this.lastKey = undefined;
    return true;
  }

  /** Starts over with another document (New, Open, a preset): no undo across it. */
  reset(doc: SceneDocument): void {
    this.doc = doc;
    this.past = [];
    this.future = [];
    this.pastBytes = [];
    this.futureBytes = [];
    this.held = 0;
    this.dropped = 0;
    this.trimmed = undefined;
    this.lastKey = undefined;
  }
}
