import { LitElement, css, html, nothing } from 'lit';
import { discardUnreadable, listUnreadable, type StorageSource, type UnreadableDraft } from '../document/storage';

/**
 * The drafts that no longer load, kept in browser storage (document/storage.ts): a line in the
 * status bar while there are any, opening a list where each can be downloaded (as it was stored)
 * or discarded. Nothing is removed but by Discard, after a confirmation.
 */
export class SteerUnreadableDrafts extends LitElement {
  static properties = {
    drafts: { state: true },
    open: { state: true },
  };

  /** The unreadable drafts kept, oldest first. */
  declare drafts: UnreadableDraft[];
  /** Whether the list is shown. */
  declare open: boolean;
  /** Where they are kept (tests pass a fake). */
  storage: StorageSource = () => window.localStorage;

  static styles = css`
    :host {
      position: relative;
      flex: none;
    }
    button {
      white-space: nowrap;
      font: inherit;
      color: var(--steer-notice-text);
      background: var(--steer-notice);
      border: 1px solid var(--steer-notice-border);
      border-radius: 4px;
      padding: 0 6px;
      cursor: pointer;
    }
    ul {
      position: absolute;
      bottom: 100%;
      right: 0;
      margin: 0 0 4px;
      padding: 6px;
      list-style: none;
      background: var(--steer-card);
      border: 1px solid var(--steer-card-border);
      border-radius: 6px;
      min-width: 340px;
      z-index: 20;
    }
    li {
      display: flex;
      gap: 6px;
      align-items: center;
      padding: 3px 0;
      color: var(--steer-text-list);
    }
    li span {
      flex: 1;
    }
  `;

  constructor() {
    super();
    this.drafts = [];
    this.open = false;
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.refresh();
  }

  /** Reads the list again from storage. */
  refresh(): void {
    this.drafts = listUnreadable(this.storage);
    if (!this.drafts.length) this.open = false;
  }

  private download(d: UnreadableDraft, n: number): void {
    const url = URL.createObjectURL(new Blob([d.text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `unreadable-draft-${n}.steer.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  private discard(d: UnreadableDraft): void {
    if (!window.confirm('Discard this unreadable draft? It cannot be recovered afterwards (Download keeps a copy).')) return;
    discardUnreadable(this.storage, [d.key]);
    this.refresh();
  }

  render() {
    const n = this.drafts.length;
    if (!n) return nothing;
    const when = (d: UnreadableDraft): string => (d.keptAt ? `kept ${new Date(d.keptAt).toLocaleString()}` : 'kept by an earlier version');
    return html`<button data-test="unreadable" aria-expanded=${this.open} @click=${() => (this.open = !this.open)}>
        ${n === 1 ? 'An unreadable draft is kept' : `${n} unreadable drafts are kept`} ▴
      </button>
      ${this.open
        ? html`<ul role="list">
            ${this.drafts.map(
              (d, k) => html`<li data-test="unreadable-draft">
                <span>${k + 1}. ${when(d)}, ${Math.ceil(d.text.length / 1024)} KB</span>
                <button data-test="unreadable-download" @click=${() => this.download(d, k + 1)}>Download</button>
                <button data-test="unreadable-discard" @click=${() => this.discard(d)}>Discard</button>
              </li>`,
            )}
          </ul>`
        : nothing}`;
  }
}
