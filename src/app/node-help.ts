import { LitElement, css, html, nothing } from 'lit';
import { getNodeDef } from '../../nodes/index';
import type { NodeDef, ParamDef, PortDef } from '../../nodes/types';
import { CATEGORY_COLOR, CATEGORY_LABEL } from '../editor/theme';

/** A parameter's range in words: "0 < x ≤ 500", "0 … 1", "on / off", "an agent type". */
function range(p: ParamDef): string {
  switch (p.type) {
    case 'number': {
      const unit = p.unit && p.unit !== '×' ? ` ${p.unit}` : '';
      return `${p.min}${p.minExclusive ? ' <' : ' ≤'} x ≤ ${p.max}${unit}${p.integer ? ', whole' : ''}${p.input ? '; or a number wired in' : ''}`;
    }
    case 'boolean':
      return 'on / off';
    case 'agentType':
      return 'an agent type (empty: this one)';
    case 'path':
      return 'a path of the scene';
    case 'target':
      return 'a named target of the scene';
    case 'state':
      return 'a state of this agent type';
    case 'wall':
      return 'the world’s box, or a closed wall of the scene';
    case 'flowField':
      return 'a flow field of the scene';
    case 'choice':
      return p.options.map((o) => o.label).join(' / ');
    case 'name':
      return 'a name: a letter or _, then letters, digits, _ or -';
    case 'offsets':
      return `up to ${p.max} places drawn on the node's pad, each within ±${p.range} px`;
  }
}

function defaultOf(p: ParamDef): string {
  if (p.type === 'boolean') return p.default ? 'on' : 'off';
  if (p.type === 'number') return `${p.default}${p.unit && p.unit !== '×' ? ` ${p.unit}` : ''}`;
  if (p.type === 'offsets') return p.default.length ? `${p.default.length} places` : 'none';
  return p.default || '—';
}

/**
 * The help of one node kind, from its definition in nodes/: what it does, what it computes, its
 * sockets and every parameter with its default, range and unit. Shown over the app; Escape, a
 * click outside or × closes it (`help-close`).
 */
export class SteerNodeHelp extends LitElement {
  static properties = {
    kind: {},
  };

  /** The node kind shown. */
  declare kind: string;

  static styles = css`
    :host {
      position: fixed;
      inset: 0;
      z-index: 60;
      display: grid;
      place-items: center;
      background: var(--steer-help-veil);
      font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      color: var(--steer-text);
    }
    section {
      width: min(560px, calc(100vw - 40px));
      max-height: calc(100vh - 60px);
      overflow-y: auto;
      background: var(--steer-card);
      border: 1px solid var(--steer-field-border);
      border-radius: 8px;
      padding: 14px 18px 16px;
      box-shadow: 0 12px 40px var(--steer-shadow-card);
    }
    h3 {
      margin: 0 0 2px;
      font-size: 16px;
      display: flex;
      align-items: center;
      gap: 8px;
    }
    h3 .dot {
      width: 11px;
      height: 11px;
      border-radius: 3px;
    }
    h3 button {
      margin-left: auto;
      background: none;
      border: 1px solid var(--steer-field-border);
      color: var(--steer-text);
      border-radius: 5px;
      padding: 1px 8px;
      font: inherit;
      cursor: pointer;
    }
    .cat {
      color: var(--steer-text-caption);
      font-size: 11px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
    }
    .units {
      color: var(--steer-text-caption);
      font-size: 11px;
      margin-bottom: 0;
    }
    h4 {
      margin: 12px 0 4px;
      font-size: 11px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
      color: var(--steer-text-caption);
    }
    code {
      display: block;
      background: var(--steer-field);
      border-radius: 5px;
      padding: 6px 8px;
      font: 12px/1.4 ui-monospace, 'SFMono-Regular', Menlo, monospace;
      white-space: pre-wrap;
    }
    table {
      border-collapse: collapse;
      width: 100%;
      font-size: 12px;
    }
    td,
    th {
      text-align: left;
      vertical-align: top;
      padding: 3px 6px 3px 0;
      border-top: 1px solid var(--steer-table-rule);
    }
    th {
      color: var(--steer-text-caption);
      font-weight: 600;
    }
  `;

  constructor() {
    super();
    this.kind = '';
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.close();
    }
  };

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey, true);
  }

  disconnectedCallback(): void {
    window.removeEventListener('keydown', this.onKey, true);
    super.disconnectedCallback();
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('help-close', { bubbles: true, composed: true }));
  }

  private ports(title: string, ports: PortDef[]) {
    return ports.length
      ? html`<h4>${title}</h4>
          <table>
            ${ports.map((p) => html`<tr><td>${p.label}</td><td>${p.type}${p.required ? ', required' : ''}</td><td>${p.help ?? ''}</td></tr>`)}
          </table>`
      : nothing;
  }

  private body(def: NodeDef) {
    const inputs = def.variadic
      ? [...def.inputs, { key: def.variadic.prefix, label: `${def.variadic.label} 1, 2, …`, type: def.variadic.type, help: `${def.variadic.min} to ${def.variadic.max} inputs` }]
      : def.inputs;
    return html`
      <h3><span class="dot" style="background:${CATEGORY_COLOR[def.category]}"></span><span data-test="help-title">${def.label}</span>
        <button data-test="help-close" aria-label="Close" @click=${() => this.close()}>×</button></h3>
      <div class="cat">${CATEGORY_LABEL[def.category]}</div>
      <p data-test="help-text">${def.help}</p>
      ${def.formula ? html`<h4>What it computes</h4><code data-test="help-formula">${def.formula}</code>` : nothing}
      ${this.ports('Inputs', inputs)} ${this.ports('Outputs', def.outputs)}
      ${def.params.length
        ? html`<h4>Parameters</h4>
            <table data-test="help-params">
              <tr><th>Name</th><th>Default</th><th>Range</th><th></th></tr>
              ${def.params.map((p) => html`<tr><td>${p.label}</td><td>${defaultOf(p)}</td><td>${range(p)}</td><td>${p.help}</td></tr>`)}
            </table>`
        : nothing}
      <p class="units">Units: px, ticks (60 a second), px/tick, px/tick²; p, v, h, m: the agent's position, velocity, heading, mass.</p>
    `;
  }

  render() {
    const def = getNodeDef(this.kind);
    return html`<section role="dialog" aria-modal="true" aria-label="Help: ${def?.label ?? this.kind}" data-test="node-help"
        @pointerdown=${(e: Event) => e.stopPropagation()}>
        ${def ? this.body(def) : html`<p>Unknown node kind "${this.kind}".</p>`}
      </section>`;
  }

  firstUpdated(): void {
    // a click on the backdrop (outside the card) closes
    this.addEventListener('pointerdown', (e) => {
      if (e.target === this) this.close();
    });
    (this.renderRoot.querySelector('[data-test="help-close"]') as HTMLElement | null)?.focus();
  }
}
