import { LitElement, css, html, nothing } from 'lit';
import { WORLD, type Diagnostic } from '../compiler/diagnostics';
import { printable } from '../document/errors';
import { graphOf } from '../document/graphs';
import type { SceneDocument } from '../document/types';
import { getNodeDef } from '../../nodes/index';
import { fixEvent } from '../editor/fix-event';
import { panelStyles } from './styles';

/**
 * The problems list: every diagnostic of the scene, errors first. Clicking one dispatches
 * `problem-select` with `{ agentType, nodeId }` (the app shows that type and selects the node); a
 * warning with a fix has a "Fix: …" button that dispatches the fix event (editor/fix-event.ts).
 * A problem of the world (agentType WORLD: a wall) is listed as "World › wall …", and is no button.
 */
export class SteerProblems extends LitElement {
  static properties = {
    diagnostics: { attribute: false },
    scene: { attribute: false },
  };

  /** The compiler's diagnostics. */
  declare diagnostics: readonly Diagnostic[];
  /** The scene, for type and node names. */
  declare scene: SceneDocument | undefined;

  static styles = [
    panelStyles,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li button,
      li .world {
        display: grid;
        grid-template-columns: 16px 1fr;
        gap: 6px;
        width: 100%;
        text-align: left;
        background: none;
        border: 0;
        border-bottom: 1px solid var(--steer-row-border);
        border-radius: 0;
        padding: 6px 2px;
      }
      li button:hover {
        background: var(--steer-row-hover);
      }
      .sev {
        font-weight: 700;
      }
      .error .sev {
        color: var(--steer-danger);
      }
      .warning .sev {
        color: var(--steer-warning);
      }
      .where {
        color: var(--steer-text-dim);
        font-size: 11px;
      }
      li button.fix {
        display: inline-block;
        width: auto;
        margin: -2px 0 6px 24px;
        padding: 2px 8px;
        border: 1px solid var(--steer-warning);
        border-radius: 4px;
        background: var(--steer-warning-bg);
        color: var(--steer-warning);
        font-size: 11px;
        font-weight: 600;
      }
      li button.fix:hover {
        background: var(--steer-warning);
        color: var(--steer-text-on-warning);
      }
    `,
  ];

  constructor() {
    super();
    this.diagnostics = [];
    this.scene = undefined;
  }

  render() {
    const sorted = [...this.diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
    if (!sorted.length) return html`<h3>Problems</h3><p class="hint">No problems: every graph compiles.</p>`;
    return html`<h3>Problems (${sorted.length})</h3>
      <ul>
        ${sorted.map((d) => {
          const type = this.scene?.agentTypes.find((t) => t.id === d.agentType);
          const graph = type ? graphOf(type, d.state ?? 0) : undefined;
          const node = d.nodeId ? graph?.nodes.find((n) => n.id === d.nodeId) : undefined;
          const nodeLabel = node ? (getNodeDef(node.kind)?.label ?? node.kind) : '';
          const sev = html`<span class="sev" aria-label=${d.severity}>${d.severity === 'error' ? '✕' : '!'}</span>`;
          if (d.agentType === WORLD) {
            return html`<li class=${d.severity}>
              <div class="world" data-test="problem">
                ${sev}<span>${d.message}<br /><span class="where">${printable(`World${d.wall !== undefined ? ` › wall ${d.wall}` : ''}`)}</span></span>
              </div>
            </li>`;
          }
          return html`<li class=${d.severity}>
            <button
              data-test="problem"
              @click=${() =>
                this.dispatchEvent(
                  new CustomEvent('problem-select', { detail: { agentType: d.agentType, state: d.state, nodeId: d.nodeId }, bubbles: true, composed: true }),
                )}
            >
              ${sev}
              <span>${d.message}<br /><span class="where">${printable(`${type?.name ?? d.agentType}${type && d.state !== undefined ? ` › ${d.state < 0 ? 'any state' : (type.states[d.state]?.name ?? '')}` : ''}${nodeLabel ? ` › ${nodeLabel} (${d.nodeId})` : ''}`)}</span></span>
            </button>
            ${d.fix
              ? html`<button class="fix" data-test="problem-fix" @click=${() => {
                  const ev = fixEvent(d);
                  if (ev) this.dispatchEvent(ev);
                }}>Fix: ${d.fix.label}</button>`
              : nothing}
          </li>`;
        })}
      </ul>`;
  }
}
