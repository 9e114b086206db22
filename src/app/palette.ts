import { LitElement, css, html } from 'lit';
import type { Category } from '../../nodes/types';
import { searchNodes } from '../editor/node-menu';
import { CATEGORY_COLOR, CATEGORY_LABEL } from '../editor/theme';
import { requestNodeHelp } from '../editor/help-event';
import { LAYOUT_ITEMS, isLayoutItem } from '../editor/layout-items';
import { NODE_DEFS } from '../../nodes/index';
import type { NodeGroup } from '../document/types';
import { renderGroups } from './group-palette';

const ORDER: Category[] = ['source', 'behaviour', 'combinator', 'logic', 'layout', 'output'];

/** The MIME type a palette drag carries: the node kind. */
export const NODE_DRAG_TYPE = 'application/x-steergraph-node';

/**
 * The node palette: every kind, grouped by category, searchable; drag one onto the graph to add it
 * (or double-click it, or press Enter on it: it is added in the middle of the view; dispatches
 * `node-add` with `{ kind }`; a group of the scene's library is the kind `group:<id>`, the frame and
 * the sticky note of the Layout section are `layout:frame` and `layout:note`, layout-items.ts). Entries take the focus (Tab from the search field, ↓ and ↑ between them).
 */
export class SteerPalette extends LitElement {
  static properties = {
    query: { state: true },
    groups: { attribute: false },
  };

  declare query: string;
  /** The scene's group library, listed in the Groups section (group-palette.ts). */
  declare groups: readonly NodeGroup[];

  static styles = css`
    :host {
      display: flex;
      flex-direction: column;
      height: 100%;
      background: var(--steer-palette);
      border-right: 1px solid var(--steer-border);
      font-size: 12px;
      color: var(--steer-text);
      min-width: 0;
    }
    input {
      margin: 8px;
      padding: 5px 7px;
      background: var(--steer-field);
      color: var(--steer-text-strong);
      border: 1px solid var(--steer-field-border);
      border-radius: 5px;
      font: inherit;
    }
    .list {
      overflow-y: auto;
      padding: 0 6px 8px;
    }
    h4 {
      margin: 8px 4px 3px;
      font-size: 10px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
      color: var(--steer-text-hint);
    }
    .item {
      display: flex;
      align-items: center;
      gap: 7px;
      padding: 5px 6px;
      border-radius: 5px;
      cursor: grab;
      user-select: none;
    }
    .item:hover {
      background: var(--steer-raised);
    }
    .label {
      flex: 1;
    }
    .help {
      flex: none;
      width: 17px;
      height: 17px;
      padding: 0;
      border-radius: 50%;
      border: 1px solid var(--steer-field-border);
      background: none;
      color: var(--steer-text-caption);
      font: 700 10px/15px system-ui, sans-serif;
      cursor: pointer;
      opacity: 0.55;
    }
    .help-gap {
      flex: none;
      width: 17px;
    }
    .item:hover .help,
    .help:focus-visible {
      opacity: 1;
      color: var(--steer-text);
    }
    .item:focus-visible {
      outline: 1px solid var(--steer-focus);
      outline-offset: -1px;
      background: var(--steer-raised);
    }
    .dot {
      width: 9px;
      height: 9px;
      border-radius: 2px;
      flex: 0 0 auto;
    }
  `;

  constructor() {
    super();
    this.query = '';
    this.groups = [];
  }

  private add(kind: string): void {
    this.dispatchEvent(new CustomEvent('node-add', { detail: { kind }, bubbles: true, composed: true }));
  }

  /** Enter adds the entry; ↓ and ↑ move the focus to the next and previous entry. */
  private onItemKey(e: KeyboardEvent, kind: string): void {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.add(kind);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const items = [...this.renderRoot.querySelectorAll<HTMLElement>('.item')];
      const k = items.indexOf(e.currentTarget as HTMLElement);
      items[Math.max(0, Math.min(items.length - 1, k + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    }
  }

  render() {
    const matches = searchNodes(this.query, [...NODE_DEFS, ...LAYOUT_ITEMS]);
    return html`
      <input type="search" placeholder="Search nodes" aria-label="Search the palette" .value=${this.query}
        @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
      <div class="list">
        ${ORDER.map((c) => {
          const defs = matches.filter((d) => d.category === c);
          return defs.length
            ? html`<h4>${CATEGORY_LABEL[c]}</h4>
                ${defs.map(
                  (d) => html`<div
                    class="item"
                    draggable="true"
                    tabindex="0"
                    role="button"
                    data-kind=${d.kind}
                    title=${d.help}
                    @dragstart=${(e: DragEvent) => {
                      e.dataTransfer?.setData(NODE_DRAG_TYPE, d.kind);
                      e.dataTransfer?.setData('text/plain', d.kind);
                      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'copy';
                    }}
                    @dblclick=${() => this.add(d.kind)}
                    @keydown=${(e: KeyboardEvent) => this.onItemKey(e, d.kind)}
                  >
                    <span class="dot" style="background:${CATEGORY_COLOR[d.category]}"></span><span class="label">${d.label}</span>
                    ${isLayoutItem(d.kind) ? html`<span class="help-gap"></span>` : html`<button class="help" data-test="palette-help" title="Help: ${d.label}" aria-label="Help: ${d.label}"
                      @click=${(e: Event) => { e.stopPropagation(); requestNodeHelp(this, d.kind); }}
                      @dblclick=${(e: Event) => e.stopPropagation()}>?</button>`}
                  </div>`,
                )}`
            : '';
        })}
        ${renderGroups(this, this.groups, this.query, (kind) => this.add(kind))}
      </div>
    `;
  }
}
