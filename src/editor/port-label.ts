import { LitElement, css, html, nothing } from 'lit';
import type { PortDef } from '../../nodes/types';
import { GROUP_IN, GROUP_OUT } from '../document/types';
import { requestGroupAction } from './group-event';

/**
 * The label of one of a group's ports on Group Input or Group Output, inside the group: a
 * double-click relabels it (typed, Enter or leaving the field keeps it, Escape puts it back) and
 * its × removes the port (the app does both as undoable edits: group-actions.ts).
 */
export class SteerPortLabel extends LitElement {
  static properties = {
    label: { type: String },
    nodeId: { type: String, attribute: 'node-id' },
    key: { type: String },
    editing: { state: true },
  };

  /** The port's label. */
  declare label: string;
  /** The boundary node: `@in` (the × left of the label) or `@out` (right of it). */
  declare nodeId: string;
  /** The port's key. */
  declare key: string;
  declare editing: boolean;

  static styles = css`
    :host {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      min-width: 0;
    }
    .text {
      cursor: text;
    }
    button {
      width: 15px;
      height: 15px;
      padding: 0;
      border: none;
      border-radius: 50%;
      background: none;
      color: var(--steer-text-port);
      font: 13px/15px system-ui, sans-serif;
      cursor: pointer;
      opacity: 0.6;
    }
    button:hover {
      opacity: 1;
      background: var(--steer-danger);
      color: var(--steer-text-on-danger);
    }
    input {
      width: 120px;
      font: inherit;
      color: var(--steer-text);
      background: var(--steer-bg);
      border: 1px solid var(--steer-highlight);
      border-radius: 3px;
      padding: 0 3px;
    }
  `;

  constructor() {
    super();
    this.label = '';
    this.nodeId = '';
    this.key = '';
    this.editing = false;
  }

  private stop = (e: Event): void => e.stopPropagation();

  private commit(input: HTMLInputElement): void {
    if (!this.editing) return;
    this.editing = false;
    const text = input.value.trim();
    if (text && text !== this.label) requestGroupAction(this, { action: 'rename-port', nodeId: this.nodeId, key: this.key, label: text });
  }

  protected updated(): void {
    const input = this.renderRoot.querySelector('input');
    if (input && this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement !== input) {
      input.focus();
      input.select();
    }
  }

  render() {
    const remove = html`<button data-test="remove-port" title="Remove this port from the group (its wires inside and on every use go; Ctrl+Z takes it back)" aria-label=${`Remove ${this.label}`}
      @pointerdown=${this.stop} @dblclick=${this.stop} @click=${(e: Event) => { e.stopPropagation(); requestGroupAction(this, { action: 'remove-port', nodeId: this.nodeId, key: this.key }); }}>×</button>`;
    const text = this.editing
      ? html`<input data-test="port-name" .value=${this.label} maxlength="200" aria-label="Port name"
          @pointerdown=${this.stop} @dblclick=${this.stop}
          @keydown=${(e: KeyboardEvent) => {
            e.stopPropagation();
            if (e.key === 'Enter') this.commit(e.target as HTMLInputElement);
            if (e.key === 'Escape') this.editing = false;
          }}
          @blur=${(e: Event) => this.commit(e.target as HTMLInputElement)}
        />`
      : html`<span class="text" data-test="port-label" title="Double-click to rename" @dblclick=${(e: Event) => { e.stopPropagation(); this.editing = true; }}>${this.label}</span>`;
    return this.nodeId === GROUP_IN ? html`${remove}${text}` : this.nodeId === GROUP_OUT ? html`${text}${remove}` : nothing;
  }
}

/** A row's label: on Group Input and Group Output (not their "+", which has none), a port label to rename or remove; elsewhere the text. */
export function portLabel(nodeId: string, kind: string, p: PortDef) {
  if ((kind === GROUP_IN || kind === GROUP_OUT) && p.label) return html`<steer-port-label class="label" .label=${p.label} node-id=${nodeId} .key=${p.key}></steer-port-label>`;
  return html`<span class="label">${p.label}</span>`;
}
