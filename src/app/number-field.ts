import { LitElement, css, html } from 'lit';
import { rangeMessage, type Range } from '../document/schema';

/** Whether v is inside the range (and whole when it must be). */
export function inRange(v: number, r: Range): boolean {
  if (!Number.isFinite(v)) return false;
  if (r.whole && !Number.isInteger(v)) return false;
  if (r.exclusiveMin ? v <= r.min : v < r.min) return false;
  return v <= r.max;
}

/**
 * A labelled number field for the panels. It commits only values the document accepts (the
 * loader's range): anything else is shown as invalid with the reason, and reverts when the field
 * loses focus, so the open scene always stays savable and loadable. Dispatches `value-change`
 * with `{ value }` on every valid keystroke (the app merges them into one undo step).
 */
export class SteerNumberField extends LitElement {
  static properties = {
    label: { type: String },
    value: { type: Number },
    range: { attribute: false },
    step: { type: Number },
    draft: { state: true },
    error: { state: true },
  };

  /** The field's label. */
  declare label: string;
  /** The document's value. */
  declare value: number;
  /** What the document accepts. */
  declare range: Range;
  /** Step of the spinner. */
  declare step: number;
  declare draft: string | null;
  declare error: string | null;

  static styles = css`
    :host {
      display: grid;
      grid-template-columns: 92px 1fr;
      align-items: center;
      gap: 6px;
      margin: 3px 0;
      font-size: 12px;
    }
    label {
      color: #aab4bf;
    }
    input {
      width: 100%;
      box-sizing: border-box;
      background: #0e1115;
      color: #e8edf2;
      border: 1px solid #39424d;
      border-radius: 4px;
      padding: 3px 6px;
      font: inherit;
    }
    input.bad {
      border-color: #ff5d5d;
      outline: 1px solid #ff5d5d;
    }
    .err {
      grid-column: 2;
      color: #ff8a8a;
      font-size: 11px;
    }
  `;

  constructor() {
    super();
    this.label = '';
    this.value = 0;
    this.range = { min: -Infinity, max: Infinity };
    this.step = 1;
    this.draft = null;
    this.error = null;
  }

  private onInput(e: Event): void {
    const text = (e.target as HTMLInputElement).value;
    this.draft = text;
    // + 0: "-0" commits 0, as the loader reads −0 (docs/scene-format.md).
    const v = text.trim() === '' ? NaN : Number(text) + 0;
    if (inRange(v, this.range)) {
      this.error = null;
      this.dispatchEvent(new CustomEvent('value-change', { detail: { value: v }, bubbles: true, composed: true }));
    } else {
      this.error = rangeMessage(this.range);
    }
  }

  private onBlur(): void {
    this.draft = null;
    this.error = null;
  }

  render() {
    const id = 'f';
    return html`<label for=${id}>${this.label}</label
      ><input
        id=${id}
        type="number"
        step=${this.step}
        aria-label=${this.label}
        aria-invalid=${this.error ? 'true' : 'false'}
        class=${this.error ? 'bad' : ''}
        .value=${this.draft ?? String(this.value)}
        @input=${this.onInput}
        @blur=${this.onBlur}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      />${this.error ? html`<span class="err" role="alert">${this.error}</span>` : ''}`;
  }
}
