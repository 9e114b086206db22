import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { rangeMessage, type Range } from '../document/schema';

/** Whether v is inside the range (and whole when it must be). */
export function inRange(v: number, r: Range): boolean {
  if (!Number.isFinite(v)) return false;
  if (r.whole && !Number.isInteger(v)) return false;
  if (r.exclusiveMin ? v <= r.min : v < r.min) return false;
  return v <= r.max;
}

/** A number as JavaScript writes it: `-1`, `0.5`, `.5`, `1e3`, `2.5E-2` (no hex, no `Infinity`, no spaces inside). */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** The start of a number that is not one yet: ``, `-`, `.`, `-.`, `1e`, `1e-`. */
const PARTIAL = /^[+-]?(?:\.|(?:\d+\.?\d*|\.\d+)[eE][+-]?)?$/;

/** What a field's text says: a number, the start of one (still being typed), or neither. */
export type ParsedNumber = { kind: 'number'; value: number } | { kind: 'partial' } | { kind: 'invalid' };

/** Reads a field's text exactly: never another number than the one written (`1e400` is Infinity, out of any range). */
export function parseNumber(text: string): ParsedNumber {
  const t = text.trim();
  // + 0: "-0" is 0, as the loader reads −0 (docs/scene-format.md)
  if (NUMBER.test(t)) return { kind: 'number', value: Number(t) + 0 };
  return PARTIAL.test(t) ? { kind: 'partial' } : { kind: 'invalid' };
}

/**
 * What to tell about a field's text, or null when it may be committed (or is still being typed and
 * `final` is false): `expected a number from 0 to 10000 px/tick², got "1e400"`.
 */
export function numberProblem(text: string, range: Range, final: boolean): string | null {
  const p = parseNumber(text);
  if (p.kind === 'number' ? inRange(p.value, range) : p.kind === 'partial' && !final) return null;
  const t = text.trim();
  return `${rangeMessage(range)}${t ? `, got "${t.length > 24 ? `${t.slice(0, 24)}…` : t}"` : ''}`;
}

/** `v` moved by `k` steps, kept in the range and rounded to the step's decimals (0.1 + 0.2 is 0.3 here). */
export function stepValue(v: number, step: number, k: number, range: Range): number {
  const s = step > 0 && Number.isFinite(step) ? step : 1;
  const decimals = Math.min(12, Math.max(0, -Math.floor(Math.log10(s)) + 1));
  let next = Number((v + k * s).toFixed(decimals));
  if (range.whole) next = Math.round(next);
  if (next > range.max) next = range.max;
  if (range.exclusiveMin ? next <= range.min : next < range.min) next = range.exclusiveMin ? v : range.min;
  return next;
}

/** A value as the field shows it: none is empty. */
const shown = (v: number | undefined): string => (v === undefined ? '' : String(v));

/**
 * The one number field of the app: the labelled fields of the Agent type and World panels, the
 * table cells of obstacles and targets, and every number parameter on a node.
 *
 * What is typed stays as typed while the field has focus: the field never writes the document's
 * value back into it then (writing `""` back for an unfinished `-` is what turned `-1` into `1`), and
 * it is a text field, not `type="number"`, so no keystroke is dropped or reinterpreted by the
 * browser. A number inside the range is committed at once (`value-change` with `{ value }`, one per
 * keystroke: the app merges them into one undo step); the start of one (`-`, `.`, `1e`) commits
 * nothing and waits; anything else, or a number out of range, marks the field invalid with the range
 * and commits nothing. While the text is no number in range the document holds the value from before
 * the edit (never a prefix passed on the way, the `1e4` of `1e400`); leaving the field, or Escape,
 * shows that value again. Enter ends the edit. ArrowUp and ArrowDown step the value.
 */
export class SteerNumberField extends LitElement {
  static properties = {
    label: { type: String },
    value: { type: Number },
    range: { attribute: false },
    step: { type: Number },
    compact: { type: Boolean, reflect: true },
    hint: { attribute: false },
    problem: { attribute: false },
    optional: { attribute: false },
    placeholder: { attribute: false },
    check: { attribute: false },
    error: { state: true },
  };

  /** The field's label (the input's accessible name; shown unless `compact`). */
  declare label: string;
  /** The document's value (undefined: none, an `optional` field left empty). */
  declare value: number | undefined;
  /** What the document accepts. */
  declare range: Range;
  /** Step of ArrowUp/ArrowDown. */
  declare step: number;
  /** No visible label: a table cell or a node's parameter row, which label the field themselves. */
  declare compact: boolean;
  /** Shown on hover (the parameter's help). */
  declare hint: string | undefined;
  /** A problem the compiler found with the value in the document: the field is marked, the message is its tooltip. */
  declare problem: string | undefined;
  /**
   * A rule beyond the range (Heading smoothing: 0 or 2 to 64; between fields, a parameter's min at
   * most its max): why a number in range is not accepted, or null. A refused number is shown invalid with that message and not committed.
   */
  declare check: ((value: number) => string | null) | undefined;
  /** Why the typed text is not committed, while it is not. */
  declare error: string | null;
  /** An empty field is a value too: none (`value-change` with `{ value: undefined }`), as Max turn rate's "no limit". */
  declare optional: boolean;
  /** Shown in the empty field (an `optional` field's meaning of empty). */
  declare placeholder: string | undefined;

  /** Whether the user is editing (the field has focus): then its text is theirs. */
  private editing = false;
  /** The value when the edit began: what the document holds again when the edit ends on no number in range. */
  private startValue: number | undefined = 0;
  /** The value last dispatched in this edit. */
  private told: number | undefined = 0;

  static styles = css`
    :host {
      display: grid;
      grid-template-columns: 92px 1fr;
      align-items: center;
      gap: 6px;
      margin: 3px 0;
      font-size: 12px;
      position: relative;
    }
    :host([compact]) {
      display: block;
      margin: 0;
      min-width: 0;
    }
    label {
      color: var(--steer-text-label);
    }
    input {
      width: 100%;
      box-sizing: border-box;
      background: var(--steer-field);
      color: var(--steer-text-strong);
      border: 1px solid var(--steer-field-border);
      border-radius: 4px;
      padding: 3px 6px;
      font: inherit;
      min-width: 0;
    }
    :host([compact]) input {
      padding: 2px 4px;
    }
    input.bad {
      border-color: var(--steer-danger);
      outline: 1px solid var(--steer-danger);
    }
    .err {
      grid-column: 2;
      color: var(--steer-text-error);
      font-size: 11px;
    }
    :host([compact]) .err {
      position: absolute;
      left: 0;
      top: calc(100% + 2px);
      z-index: 10;
      width: max-content;
      max-width: 240px;
      padding: 3px 6px;
      border-radius: 4px;
      background: var(--steer-danger-bg);
      border: 1px solid var(--steer-danger);
      white-space: normal;
    }
  `;

  constructor() {
    super();
    this.label = '';
    this.value = 0;
    this.range = { min: -Infinity, max: Infinity };
    this.step = 1;
    this.compact = false;
    this.hint = undefined;
    this.problem = undefined;
    this.check = undefined;
    this.error = null;
    this.optional = false;
    this.placeholder = undefined;
  }

  private get input(): HTMLInputElement | null {
    return this.renderRoot?.querySelector('input') ?? null;
  }

  /** Tells the app the value, unless it was the last one told. */
  private tell(value: number | undefined): void {
    if (Object.is(value, this.told)) return;
    this.told = value;
    this.dispatchEvent(new CustomEvent('value-change', { detail: { value }, bubbles: true, composed: true }));
  }

  /**
   * The document holds what the field shows when that is a number in range, else the value from
   * before the edit (so `1e400` typed key by key does not leave the `1e4` it passed through).
   */
  private follow(text: string, final: boolean): void {
    if (this.optional && text.trim() === '') {
      this.error = null;
      this.tell(undefined);
      return;
    }
    const p = parseNumber(text);
    const ok = p.kind === 'number' && inRange(p.value, this.range);
    const refused = ok && this.check ? this.check(p.value) : null;
    this.error = refused ? `${refused}, got "${text.trim()}"` : numberProblem(text, this.range, final);
    this.tell(ok && !refused ? p.value : this.startValue);
  }

  private onInput(e: Event): void {
    if (!this.editing) this.onFocus();
    this.follow((e.target as HTMLInputElement).value, false);
  }

  private onKeyDown(e: KeyboardEvent): void {
    const el = e.target as HTMLInputElement;
    if (!this.editing) this.onFocus();
    if (e.key === 'Enter') {
      this.follow(el.value, true);
      if (!this.error) el.blur();
    } else if (e.key === 'Escape') {
      el.value = shown(this.startValue);
      this.follow(el.value, true);
      el.blur();
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const p = parseNumber(el.value);
      const from = p.kind === 'number' && inRange(p.value, this.range) ? p.value : (this.value ?? 0);
      const k = e.key === 'ArrowUp' ? 1 : -1;
      let next = stepValue(from, this.step, k, this.range);
      // a value the rule refuses (Heading smoothing's 1) is stepped over
      if (this.check?.(next)) next = stepValue(next, this.step, k, this.range);
      el.value = String(next);
      this.follow(el.value, true);
    }
  }

  private onFocus(): void {
    if (this.editing) return;
    this.editing = true;
    this.startValue = this.value;
    this.told = this.value;
  }

  private onBlur(): void {
    if (!this.editing) return;
    const el = this.input;
    if (el) this.follow(el.value, true);
    this.editing = false;
    this.error = null;
    if (el) el.value = shown(this.told);
  }

  protected updated(changed: PropertyValues): void {
    // the document's value shows whenever the user is not typing
    const el = this.input;
    if (el && !this.editing && (changed.has('value') || el.value === '')) el.value = shown(this.value);
  }

  render() {
    const bad = !!(this.error || this.problem);
    return html`${this.compact ? nothing : html`<label for="f">${this.label}</label>`}<input
        id="f"
        type="text"
        inputmode="decimal"
        autocomplete="off"
        spellcheck="false"
        role="spinbutton"
        aria-label=${this.label}
        aria-valuenow=${this.value ?? nothing}
        placeholder=${this.placeholder ?? nothing}
        aria-invalid=${bad ? 'true' : 'false'}
        title=${this.error ?? this.problem ?? this.hint ?? nothing}
        class=${bad ? 'bad' : ''}
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
        @focus=${this.onFocus}
        @blur=${this.onBlur}
      />${this.error ? html`<span class="err" role="alert">${this.error}</span>` : nothing}`;
  }
}
