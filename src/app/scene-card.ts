import { LitElement, css, html, nothing } from 'lit';

/** Set once the first-visit hint is dismissed, so it is shown on a first visit only. */
export const HINT_SEEN_KEY = 'steergraph.hint-seen';

function hintSeen(): boolean {
  try {
    return window.localStorage.getItem(HINT_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The open scene's name and description, above the graph, and on a first visit a
 * hint on how to start (add a node, connect two, open a node's help). × hides the card until
 * another scene opens (or the About button shows it again); "Got it" hides the hint for good.
 */
export class SteerSceneCard extends LitElement {
  static properties = {
    name: {},
    description: {},
    collapsed: { state: true },
    hint: { state: true },
    expanded: { state: true },
  };

  /** The scene's name. */
  declare name: string;
  /** The scene's description (may be empty). */
  declare description: string;
  /** Collapsed to the About button. */
  declare collapsed: boolean;
  declare hint: boolean;
  /** The whole description shown (else its first two lines). */
  declare expanded: boolean;

  static styles = css`
    :host {
      display: block;
      position: relative;
      flex: none;
      font: 12px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      color: var(--steer-text);
    }
    .card {
      background: var(--steer-bar);
      border-bottom: 1px solid var(--steer-border);
      padding: 6px 12px 7px;
    }
    /* folded: on the state bar's row, left of its States button (above the bar, which is drawn over the graph) */
    .folded {
      position: absolute;
      z-index: 11;
      top: 4px;
      right: 88px;
    }
    h3 {
      margin: 0;
      font-size: 13px;
      display: flex;
      gap: 8px;
      align-items: baseline;
    }
    h3 span {
      flex: 1;
    }
    p {
      margin: 4px 0 0;
      color: var(--steer-text-body);
    }
    p.clamped {
      display: -webkit-box;
      -webkit-line-clamp: 2;
      -webkit-box-orient: vertical;
      overflow: hidden;
    }
    .more {
      border: none;
      background: none;
      padding: 0;
      color: var(--steer-link);
    }
    button {
      background: var(--steer-raised);
      border: 1px solid var(--steer-field-border);
      color: var(--steer-text);
      border-radius: 5px;
      padding: 1px 8px;
      font: inherit;
      cursor: pointer;
    }
    .hint {
      margin-top: 5px;
      padding-top: 5px;
      border-top: 1px solid var(--steer-separator);
      display: flex;
      gap: 10px;
      align-items: flex-start;
    }
    .hint ul {
      flex: 1;
      margin: 0;
      padding-left: 16px;
    }
    kbd {
      font: 11px ui-monospace, Menlo, monospace;
      background: var(--steer-field);
      border: 1px solid var(--steer-field-border);
      border-radius: 3px;
      padding: 0 3px;
    }
  `;

  constructor() {
    super();
    this.name = '';
    this.description = '';
    this.collapsed = false;
    this.hint = !hintSeen();
    this.expanded = false;
  }

  protected willUpdate(changed: Map<string, unknown>): void {
    // another scene opened: show its card again
    if ((changed.has('name') && changed.get('name') !== undefined) || (changed.has('description') && changed.get('description') !== undefined)) {
      this.collapsed = false;
      this.expanded = false;
    }
  }

  private dismissHint(): void {
    this.hint = false;
    try {
      window.localStorage.setItem(HINT_SEEN_KEY, '1');
    } catch {
      // storage disabled: the hint comes back next visit
    }
  }

  render() {
    if (this.collapsed) {
      return html`<button class="folded" data-test="scene-card-show" title="About this scene" aria-label="About this scene" @click=${() => (this.collapsed = false)}>About</button>`;
    }
    return html`<div class="card" data-test="scene-card">
      <h3><span data-test="scene-card-name">${this.name}</span>
        <button data-test="scene-card-hide" title="Hide" aria-label="Hide the scene's description" @click=${() => (this.collapsed = true)}>×</button></h3>
      ${this.description
        ? html`<p data-test="scene-card-description" class=${this.expanded ? '' : 'clamped'}>${this.description}</p>
            ${this.description.length > 160
              ? html`<button class="more" data-test="scene-card-more" @click=${() => (this.expanded = !this.expanded)}>${this.expanded ? 'Less' : 'More…'}</button>`
              : nothing}`
        : nothing}
      ${this.hint
        ? html`<div class="hint" data-test="first-hint">
            <strong>Getting started</strong>
            <ul>
              <li>Add a node: right-click the canvas, or drag one from the palette on the left.</li>
              <li>Connect: drag from a node's socket (●) to a socket of another node; the ones that fit light up.</li>
              <li>What a node does: its <kbd>?</kbd> button, on the node or in the palette.</li>
            </ul>
            <button data-test="first-hint-dismiss" @click=${() => this.dismissHint()}>Got it</button>
          </div>`
        : nothing}
    </div>`;
  }
}
