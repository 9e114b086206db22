import { LitElement, css, html, nothing } from 'lit';
import { NODE_DEFS } from '../../nodes/index';
import type { Category, NodeDef } from '../../nodes/types';
import { popupSurface } from './context-menu';
import { CATEGORY_COLOR, CATEGORY_LABEL } from './theme';
import { LAYOUT_ITEMS, type ListedKind } from './layout-items';
import { fittingPort, type WireEnd } from './wire-drop';

const ORDER: Category[] = ['source', 'behaviour', 'combinator', 'logic', 'layout', 'output'];

/**
 * How well a node kind matches a search (lower is better), or -1 for no match: 0 the label
 * itself, 1 a prefix of the label, 2 a prefix of a word of the label, 3 anywhere in the label or
 * kind, 4 only in the help text. So "Sum" finds Sum before Alignment (whose help mentions a sum).
 */
export function matchRank(q: string, d: ListedKind): number {
  const label = d.label.toLowerCase();
  if (label === q) return 0;
  if (label.startsWith(q)) return 1;
  if (label.split(/[\s-]+/).some((w) => w.startsWith(q))) return 2;
  if (label.includes(q) || d.kind.includes(q)) return 3;
  if (d.help.toLowerCase().includes(q)) return 4;
  return -1;
}

/**
 * Node kinds matching a search, case-insensitively, best first (see {@link matchRank}; ties keep
 * the registry's order). An empty search gives every kind in the registry's order.
 */
export function searchNodes<T extends ListedKind = NodeDef>(query: string, defs: readonly T[] = NODE_DEFS as readonly ListedKind[] as readonly T[]): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...defs];
  return defs
    .map((d, k) => ({ d, k, r: matchRank(q, d) }))
    .filter((m) => m.r >= 0)
    .sort((a, b) => a.r - b.r || a.k - b.k)
    .map((m) => m.d);
}

/**
 * The add-node menu (right-click on the canvas): a search field and the node kinds grouped by
 * category; searching, the matches best first. Enter adds the highlighted one (the first unless
 * the arrow keys moved it); Escape or a click outside closes. Dispatches `node-pick` with the kind.
 * Its Layout section has the frame and the sticky note too (layout-items.ts). Opened by a wire let
 * go on the canvas (`wire`), it lists only the kinds with a socket that fits it, so no layout item.
 */
export class SteerNodeMenu extends LitElement {
  static properties = {
    query: { state: true },
    active: { state: true },
    wire: { attribute: false },
  };

  declare query: string;
  declare active: number;
  /** The hanging end of the wire that opened the menu, if one did: only kinds that can take it are listed. */
  declare wire: WireEnd | undefined;

  static styles = [
    popupSurface,
    css`
    :host {
      z-index: 20;
      width: 240px;
      max-height: 380px;
      display: flex;
      flex-direction: column;
      overflow: hidden;
    }
    input {
      margin: 8px;
      padding: 6px 8px;
      background: var(--steer-field);
      color: var(--steer-text-strong);
      border: 1px solid var(--steer-popup-border);
      border-radius: 5px;
      font: inherit;
      outline: none;
    }
    input:focus {
      border-color: var(--steer-focus);
    }
    .list {
      overflow-y: auto;
      padding-bottom: 6px;
    }
    h4 {
      margin: 6px 10px 2px;
      font-size: 10px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
      color: var(--steer-text-hint);
    }
    button {
      display: flex;
      align-items: center;
      gap: 8px;
      width: 100%;
      border: 0;
      background: none;
      color: inherit;
      text-align: left;
      padding: 5px 10px;
      font: inherit;
      cursor: pointer;
    }
    button:hover,
    button.active {
      background: var(--steer-menu-hover);
    }
    .dot {
      width: 8px;
      height: 8px;
      border-radius: 2px;
      flex: 0 0 auto;
    }
    .empty {
      padding: 8px 10px;
      color: var(--steer-text-hint);
    }
  `,
  ];

  constructor() {
    super();
    this.query = '';
    this.active = 0;
  }

  firstUpdated(): void {
    this.renderRoot.querySelector('input')?.focus();
  }

  private pick(kind: string): void {
    this.dispatchEvent(new CustomEvent('node-pick', { detail: { kind }, bubbles: true, composed: true }));
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('menu-close', { bubbles: true, composed: true }));
  }

  private onKey(e: KeyboardEvent, matches: ListedKind[]): void {
    e.stopPropagation();
    if (e.key === 'Escape') this.close();
    else if (e.key === 'Enter' && matches[this.active]) this.pick(matches[this.active].kind);
    else if (e.key === 'ArrowDown') {
      e.preventDefault();
      this.active = Math.min(matches.length - 1, this.active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      this.active = Math.max(0, this.active - 1);
    }
  }

  updated(): void {
    // the active result stays in view as the arrow keys move through the list
    this.renderRoot.querySelector('button.active')?.scrollIntoView({ block: 'nearest' });
  }

  render() {
    const q = this.query.trim();
    const wire = this.wire;
    const matches = searchNodes<ListedKind>(this.query, wire ? NODE_DEFS.filter((d) => fittingPort(d, wire)) : [...NODE_DEFS, ...LAYOUT_ITEMS]);
    // Searching, the results are one list, best match first (Enter adds the first); else by category.
    const grouped: { c: Category | null; defs: ListedKind[] }[] = q ? [{ c: null, defs: matches }] : ORDER.map((c) => ({ c, defs: matches.filter((d) => d.category === c) })).filter((g) => g.defs.length);
    const flat = grouped.flatMap((g) => g.defs);
    return html`
      <input
        type="search"
        placeholder=${!wire ? 'Add a node…' : wire.side === 'output' ? `Add a node taking this ${wire.type}…` : `Add a node giving a ${wire.type}…`}
        aria-label="Search nodes"
        .value=${this.query}
        @input=${(e: Event) => {
          this.query = (e.target as HTMLInputElement).value;
          this.active = 0;
        }}
        @keydown=${(e: KeyboardEvent) => this.onKey(e, flat)}
      />
      <div class="list" role="listbox">
        ${flat.length === 0 ? html`<div class="empty">No node matches “${this.query}”.</div>` : nothing}
        ${grouped.map(
          (g) => html`${g.c ? html`<h4>${CATEGORY_LABEL[g.c]}</h4>` : nothing}
            ${g.defs.map(
              (d) => html`<button
                role="option"
                class=${flat[this.active] === d ? 'active' : ''}
                aria-selected=${flat[this.active] === d ? 'true' : 'false'}
                data-kind=${d.kind}
                title=${d.help}
                @click=${() => this.pick(d.kind)}
              >
                <span class="dot" style="background:${CATEGORY_COLOR[d.category]}"></span>${d.label}
              </button>`,
            )}`,
        )}
      </div>
    `;
  }
}
