import { LitElement, css, html } from 'lit';

/** The look of the graph's pop-ups (this menu and the add-node search): a raised panel. */
export const popupSurface = css`
  :host {
    position: absolute;
    background: var(--steer-popup);
    border: 1px solid var(--steer-popup-border);
    border-radius: 8px;
    box-shadow: 0 10px 30px var(--steer-shadow);
    font: 12px system-ui, sans-serif;
    color: var(--steer-text);
  }
`;

/** One entry of a context menu. */
export interface MenuItem {
  /** What `menu-choose` reports. */
  id: string;
  label: string;
  /** A key that does the same, shown beside it. */
  hint?: string;
}

/**
 * A context menu (right-click on a node or a wire): a short list of actions. It takes the focus;
 * the arrow keys move through it (round), Enter or a click chooses (`menu-choose` with the item's
 * id), Escape or a press outside closes (`menu-close`).
 */
export class SteerContextMenu extends LitElement {
  static properties = {
    items: { attribute: false },
    active: { state: true },
  };

  /** The entries, in order. */
  declare items: MenuItem[];
  /** The index of the highlighted entry. */
  declare active: number;

  static styles = [
    popupSurface,
    css`
    :host {
      z-index: 30;
      min-width: 170px;
      padding: 4px 0;
      outline: none;
    }
    button {
      display: flex;
      justify-content: space-between;
      gap: 16px;
      width: 100%;
      border: 0;
      background: none;
      color: inherit;
      text-align: left;
      padding: 6px 12px;
      font: inherit;
      cursor: pointer;
      outline: none;
    }
    button.active {
      background: var(--steer-menu-hover);
    }
    .hint {
      color: var(--steer-text-hint);
    }
  `,
  ];

  constructor() {
    super();
    this.items = [];
    this.active = 0;
  }

  private readonly onOutside = (e: PointerEvent): void => {
    if (!e.composedPath().includes(this)) this.close();
  };

  /** A press in the menu is the menu's: the canvas under it must not take it (it would drop the selection the menu acts on). */
  private readonly onInside = (e: Event): void => {
    e.stopPropagation();
    if (e.type === 'contextmenu') e.preventDefault();
  };

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('pointerdown', this.onOutside, true);
    this.addEventListener('pointerdown', this.onInside);
    this.addEventListener('contextmenu', this.onInside);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pointerdown', this.onOutside, true);
  }

  firstUpdated(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus();
  }

  updated(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button.active')?.focus();
  }

  private choose(id: string): void {
    this.dispatchEvent(new CustomEvent('menu-choose', { detail: { id } }));
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('menu-close'));
  }

  private onKey(e: KeyboardEvent): void {
    // the menu's keys are its own (Delete here is not the graph's Delete, nor Escape the app's)
    e.stopPropagation();
    const n = this.items.length;
    if (e.key === 'Escape') this.close();
    else if (e.key === 'ArrowDown') this.active = (this.active + 1) % n;
    else if (e.key === 'ArrowUp') this.active = (this.active + n - 1) % n;
    else if (e.key === 'Enter' && this.items[this.active]) this.choose(this.items[this.active].id);
    else return;
    e.preventDefault();
  }

  render() {
    return html`<div role="menu" @keydown=${(e: KeyboardEvent) => this.onKey(e)}>
      ${this.items.map(
        (it, k) => html`<button
          role="menuitem"
          data-item=${it.id}
          class=${k === this.active ? 'active' : ''}
          @pointerenter=${() => (this.active = k)}
          @click=${() => this.choose(it.id)}
        >
          <span>${it.label}</span>${it.hint ? html`<span class="hint">${it.hint}</span>` : ''}
        </button>`,
      )}
    </div>`;
  }
}
