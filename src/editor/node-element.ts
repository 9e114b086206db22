import { LitElement, css, html, nothing } from 'lit';
import type { RenderEmit } from '@retejs/lit-plugin';
import { paramValue } from '../../nodes/index';
import type { Diagnostic } from '../compiler/diagnostics';
import { canExpose } from '../document/param-commands';
import { fixEvent } from './fix-event';
import { requestNodeHelp } from './help-event';
import { groupButtons } from './group-buttons';
import { portLabel } from './port-label';
import { isAddPort } from '../document/group-def';
import { GROUP_KIND, type ParamValue } from '../document/types';
import type { Offsets, ParamDef } from '../../nodes/types';
import { shownOutputs, shownParams, shownRowInputs, type Schemes, type SteerNode } from './schemes';
import { CATEGORY_COLOR, HEADER_HEIGHT, NODE_WIDTH, PADDING, PARAM_HEIGHT, REROUTE_WIDTH, ROW_HEIGHT, SOCKET_COLOR, UNKNOWN_CATEGORY_COLOR } from './theme';

/**
 * Nodes far out of view are not drawn. Every change to the graph (a node added, moved, connected)
 * made the browser repaint and re-layerize every node near the view and far beyond it, 20–50 ms
 * of a frame with 200 nodes in this software-rendered Chromium; skipping the content of nodes over
 * 200 px out of view cut the editor benchmark's time over budget by about a third. A skipped node
 * keeps its size, so the graph's layout, the minimap and the wires to it stay as they are; it is
 * drawn again before it comes into view. (`content-visibility: auto` would clip the sockets on a
 * node's edges.) The editor decides which nodes are out of view (editor.ts, `cull`).
 */
export function setSkipped(node: HTMLElement, skipped: boolean): void {
  if (skipped === (node.style.contentVisibility === 'hidden')) return;
  if (skipped) {
    // (skipped, it keeps the size it was last drawn at: contain-intrinsic-size auto, in the styles)
    node.style.contentVisibility = 'hidden';
    return;
  }
  node.style.removeProperty('content-visibility');
  // its sockets take the look of a connection drag they missed meanwhile
  for (const socket of node.shadowRoot?.querySelectorAll('steer-socket') ?? []) (socket as Element & { catchUp(): void }).catchUp();
}

/** Whether `el` (a socket, say) is inside a node drawn zoomed out far (without text and controls). */
export function inFarNode(el: Element): boolean {
  const root = el.getRootNode();
  return root instanceof ShadowRoot && root.host.classList.contains('far');
}

/** Whether `el` (a socket, say) is inside a node skipped far out of view. */
export function inSkippedNode(el: Element): boolean {
  const root = el.getRootNode();
  return root instanceof ShadowRoot && (root.host as HTMLElement).style.contentVisibility === 'hidden';
}

let seeds = 0;

/**
 * The offsets parameter that setting `key` to `value` shows while it is still empty, with the
 * offsets its `seed` starts it from (Formation switched to Custom: its shape's first slots), or null.
 */
function seedOffsets(defs: readonly ParamDef[], params: Readonly<Record<string, ParamValue>>, key: string, value: ParamValue): { key: string; value: Offsets } | null {
  for (const p of defs) {
    if (p.type !== 'offsets' || !p.seed || p.when?.key !== key || p.when.value !== value) continue;
    const now = paramValue(p, params);
    if (Array.isArray(now) && now.length > 0) continue;
    // (the node's values before the choice: the shape it had)
    const seeded = p.seed((k) => {
      const d = defs.find((q) => q.key === k);
      return d ? paramValue(d, params) : '';
    });
    if (seeded.length) return { key: p.key, value: seeded };
  }
  return null;
}

/**
 * A graph node as the editor draws it: a header coloured by category with the node's problems as a
 * badge, output and input rows with typed sockets, and the parameter controls inline.
 */
export class SteerNodeElement extends LitElement {
  static properties = {
    data: { attribute: false },
    emit: { attribute: false },
  };

  /** The Rete node (the render plugin sets it and calls requestUpdate when it changes). */
  declare data: SteerNode;
  /** The render plugin's emitter, for the socket refs. */
  declare emit: RenderEmit<Schemes>;

  connectedCallback(): void {
    super.connectedCallback();
    // zoomed out far (the editor marks its container), drawn without text and controls
    this.classList.toggle('far', this.closest('[data-far]') !== null);
  }

  static styles = css`
    :host {
      display: block;
      width: ${NODE_WIDTH}px;
      box-sizing: border-box;
      background: var(--steer-card);
      border: 1.5px solid var(--steer-separator);
      border-radius: 8px;
      color: var(--steer-text);
      font: 12px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      /* a hard shadow: blurred ones are re-rastered for every node whenever the view moves */
      box-shadow: 0 3px 0 var(--steer-node-shadow);
      user-select: none;
      cursor: grab;
      /* the size a node keeps while it is skipped far out of view (see setSkipped) */
      contain-intrinsic-size: auto ${NODE_WIDTH}px auto 120px;
    }
    :host(.far) header > *,
    :host(.far) .label,
    :host(.far) steer-param,
    :host(.far) steer-slot-pad {
      visibility: hidden;
    }
    :host(.selected) {
      border-color: var(--steer-highlight);
      box-shadow: 0 0 0 2px var(--steer-selected-glow), 0 3px 0 var(--steer-node-shadow);
    }
    :host(.has-error) {
      border-color: var(--steer-danger);
    }
    header {
      display: flex;
      align-items: center;
      gap: 6px;
      height: ${HEADER_HEIGHT}px;
      padding: 0 10px;
      border-radius: 6px 6px 0 0;
      background: var(--cat);
      font-weight: 600;
      font-size: 13px;
      color: var(--steer-text-bright);
    }
    header .help {
      flex: none;
      width: 17px;
      height: 17px;
      padding: 0;
      border-radius: 50%;
      border: 1px solid var(--steer-help-button-border);
      background: var(--steer-help-button);
      color: var(--steer-text-bright);
      font: 700 11px/15px system-ui, sans-serif;
      cursor: pointer;
    }
    header .collapse {
      flex: none;
      width: 14px;
      padding: 0;
      border: none;
      background: none;
      color: inherit;
      font: 11px system-ui, sans-serif;
      cursor: pointer;
    }
    header .help:hover {
      background: var(--steer-help-button-hover);
    }
    header .title {
      flex: 1;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    :host(.probed) {
      box-shadow:
        0 0 0 2px var(--probe),
        0 3px 0 var(--steer-node-shadow);
    }
    :host(.muted) {
      opacity: 0.6;
    }
    :host(.muted) .title {
      text-decoration: line-through;
    }
    .muted-tag {
      flex: none;
      font-size: 10px;
      font-weight: 700;
      text-transform: uppercase;
      letter-spacing: 0.05em;
      color: var(--steer-text-on-muted);
      background: var(--steer-warning);
      border-radius: 3px;
      padding: 0 4px;
      margin-left: 4px;
    }
    .badge {
      min-width: 18px;
      height: 18px;
      border-radius: 9px;
      font-size: 11px;
      font-weight: 700;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      padding: 0 4px;
      box-sizing: border-box;
      cursor: help;
    }
    .badge.error {
      background: var(--steer-danger);
      color: var(--steer-text-on-danger);
    }
    .badge.warning {
      background: var(--steer-warning);
      color: var(--steer-text-on-warning);
    }
    .fix {
      height: 18px;
      padding: 0 7px;
      border-radius: 9px;
      border: 1px solid var(--steer-warning);
      background: var(--steer-warning-bg);
      color: var(--steer-warning);
      font: 600 11px/16px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      cursor: pointer;
    }
    .fix:hover {
      background: var(--steer-warning);
      color: var(--steer-text-on-warning);
    }
    /* A warning with a fix: hovering the badge or the button shows the messages and the whole fix. */
    .problems {
      position: relative;
      display: inline-flex;
      align-items: center;
      gap: 4px;
    }
    .popover {
      display: none;
      position: absolute;
      top: 100%;
      right: -6px;
      z-index: 10;
      width: 250px;
      margin-top: 6px;
      padding: 8px 10px 10px;
      border: 1px solid var(--steer-warning);
      border-radius: 6px;
      background: var(--steer-popover);
      box-shadow: 0 6px 18px var(--steer-shadow);
      color: var(--steer-text);
      font-weight: 400;
      font-size: 12px;
      line-height: 1.4;
      white-space: normal;
      cursor: default;
    }
    /* (the gap between the badge and the card, bridged so the pointer can reach the card) */
    .popover::before {
      content: '';
      position: absolute;
      left: 0;
      right: 0;
      top: -8px;
      height: 8px;
    }
    .problems:hover .popover,
    .problems:focus-within .popover {
      display: block;
    }
    .popover p {
      margin: 0 0 8px;
    }
    .popover p.error {
      color: var(--steer-text-error);
    }
    .body {
      padding: ${PADDING}px 0;
    }
    .row {
      height: ${ROW_HEIGHT}px;
      display: flex;
      align-items: center;
      gap: 4px;
      font-size: 12px;
      color: var(--steer-text-port);
    }
    .row.output {
      justify-content: flex-end;
      margin-right: -13px;
    }
    .row.input {
      margin-left: -13px;
    }
    .row.problem .label {
      color: var(--steer-text-error);
    }
    /* a parameter with a number input: the socket on the node's edge, centred on the row */
    .driven {
      position: relative;
    }
    .param-socket {
      position: absolute;
      left: -13px;
      top: ${(PARAM_HEIGHT - ROW_HEIGHT) / 2}px;
      display: block;
      height: ${ROW_HEIGHT}px;
      line-height: 0;
    }
    /* a reroute: a pill the width of its two sockets and a dot of its type's colour, no header */
    :host(.reroute) {
      width: ${REROUTE_WIDTH}px;
      border-radius: ${ROW_HEIGHT / 2 + 2}px;
      contain-intrinsic-size: auto ${REROUTE_WIDTH}px auto ${ROW_HEIGHT + 3}px;
    }
    .reroute-row {
      height: ${ROW_HEIGHT}px;
      display: flex;
      align-items: center;
      justify-content: space-between;
    }
    .reroute-row .row {
      flex: none;
    }
    .reroute-dot {
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: var(--dot);
    }
  `;

  constructor() {
    super();
    this.addEventListener('param-change', (e) => {
      // (merge: true for a slider's run of edits; a text names one run, a slot pad's drag)
      const { key, value, merge } = (e as CustomEvent<{ key: string; value: ParamValue; merge: boolean | string }>).detail;
      const n = this.data;
      const mergeKey = merge ? `param:${n.host.typeId()}:${n.id}:${key}${merge === true ? '' : `:${merge}`}` : undefined;
      const seeded = seedOffsets(n.paramDefs, n.params, key, value);
      if (!seeded) return void n.host.setParam(n.id, key, value, mergeKey);
      // a choice that shows an empty offsets parameter fills it too, in the same undo step
      const both = `seed:${n.host.typeId()}:${n.id}:${++seeds}`;
      n.host.setParam(n.id, key, value, both);
      n.host.setParam(n.id, seeded.key, seeded.value, both);
    });
    // a parameter row's expose button, exposed chip and un-expose button
    this.addEventListener('param-expose', (e) => {
      const { key, name } = (e as CustomEvent<{ key: string; name?: string }>).detail;
      this.data.host.expose(this.data.id, key, name);
    });
    this.addEventListener('param-unexpose', (e) => this.data.host.unexpose(this.data.id, (e as CustomEvent<{ key: string }>).detail.key));
    this.addEventListener('param-show', (e) => {
      const name = (e as CustomEvent<{ name?: string }>).detail.name;
      if (name) this.data.host.showTypeParam(name);
    });
  }

  /** A reroute: its input socket, a dot of its type's colour, its output socket; its help as the tooltip. */
  private renderReroute(n: SteerNode) {
    this.classList.remove('has-error', 'muted', 'probed');
    this.dataset.nodeId = n.id;
    this.dataset.kind = n.kind;
    const input = n.def!.inputs[0];
    const output = n.def!.outputs[0];
    return html`<div class="reroute-row" title=${`Reroute (${output.type}): ${n.def!.help}`}>
      <div class="row input" data-port=${input.key}>
        <rete-ref .data=${{ type: 'socket', side: 'input', key: input.key, nodeId: n.id, payload: n.inputs[input.key]?.socket }} .emit=${this.emit}></rete-ref>
      </div>
      <span class="reroute-dot" style="--dot:${SOCKET_COLOR[output.type]}"></span>
      <div class="row output" data-port=${output.key}>
        <rete-ref .data=${{ type: 'socket', side: 'output', key: output.key, nodeId: n.id, payload: n.outputs[output.key]?.socket }} .emit=${this.emit}></rete-ref>
      </div>
    </div>`;
  }

  /** Tells the app the pointer is over an output (its live value shows beside it), or left it. */
  private hoverProbe(port: string | null, e?: PointerEvent): void {
    const n = this.data;
    // (a group boundary's "+" carries nothing to read)
    const detail = port && e && !isAddPort(n.id, port) ? { nodeId: n.id, port, kind: n.kind, x: e.clientX, y: e.clientY } : null;
    this.dispatchEvent(new CustomEvent('probe-hover', { detail, bubbles: true, composed: true }));
  }

  /** A button that applies a warning's fix (the app applies it as one undoable edit). */
  private fixButton(d: Diagnostic, text: string, test: string) {
    return html`<button
      class="fix"
      data-test=${test}
      aria-label=${`Fix: ${d.fix!.label}`}
      @pointerdown=${(e: Event) => e.stopPropagation()}
      @dblclick=${(e: Event) => e.stopPropagation()}
      @click=${(e: Event) => {
        e.stopPropagation();
        const ev = fixEvent(d);
        if (ev) this.dispatchEvent(ev);
      }}
    >
      ${text}
    </button>`;
  }

  render() {
    const n = this.data;
    if (!n) return nothing;
    this.classList.toggle('selected', n.selected);
    this.classList.toggle('reroute', n.def?.layout === true);
    if (n.def?.layout) return this.renderReroute(n);
    const errors = n.diagnostics.filter((d) => d.severity === 'error');
    const warnings = n.diagnostics.filter((d) => d.severity === 'warning');
    this.classList.toggle('has-error', errors.length > 0);
    this.classList.toggle('muted', n.muted);
    this.classList.toggle('probed', !!n.probeColor);
    this.style.setProperty('--probe', n.probeColor || 'transparent');
    this.dataset.nodeId = n.id;
    this.dataset.kind = n.kind;
    const cat = n.def ? CATEGORY_COLOR[n.def.category] : UNKNOWN_CATEGORY_COLOR;
    const badgeKind = errors.length ? 'error' : warnings.length ? 'warning' : '';
    const messages = [...errors, ...warnings].map((d) => `${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.message}`).join('\n');
    // A warning that one parameter change fixes (physics): the same one-click fix as the problems list.
    const fixable = warnings.find((d) => d.fix);
    const count = errors.length + warnings.length;
    const portProblem = (key: string) => n.diagnostics.find((d) => d.port === key && d.severity === 'error')?.message;
    const scene = n.host.scene();
    const typeParams = (scene?.agentTypes.find((t) => t.id === n.host.typeId())?.params ?? []).map((p) => p.name);
    return html`
      <header style="--cat:${cat}" title=${n.def?.help ?? `Unknown node kind "${n.kind}"`}>
        <span class="title">${n.label}</span>
        ${n.def && n.kind === GROUP_KIND ? groupButtons(this, n.id) : nothing}
        <button class="collapse" data-test="node-collapse" title=${n.collapsed ? 'Expand (H)' : 'Collapse to the header and the connected sockets (H)'} aria-label=${n.collapsed ? 'Expand' : 'Collapse'}
          @pointerdown=${(e: Event) => e.stopPropagation()} @click=${(e: Event) => { e.stopPropagation(); n.host.toggleCollapsed(n.id); }}>${n.collapsed ? '▸' : '▾'}</button>
        <!-- (a group's Group Input and Group Output, kinds @in and @out, have no help page: their tooltip says what they are) -->
        ${n.def && n.kind !== GROUP_KIND && !n.kind.startsWith('@') ? html`<button class="help" data-test="node-help-button" title="Help: what ${n.label} computes, its parameters and units" aria-label="Help: ${n.label}"
          @pointerdown=${(e: Event) => e.stopPropagation()} @click=${(e: Event) => { e.stopPropagation(); requestNodeHelp(this, n.kind); }}>?</button>` : nothing}
        ${n.muted ? html`<span class="muted-tag" data-test="muted" title="Muted: adds no force (a Truncate or Scale passes its input through). Select it and press M to unmute.">muted</span>` : nothing}
        ${badgeKind && !fixable
          ? html`<span class="badge ${badgeKind}" data-test="badge" role="img" aria-label=${messages} title=${messages}
              >${count > 1 ? count : '!'}</span
            >`
          : nothing}
        ${fixable
          ? html`<span class="problems" title="">
              <span class="badge ${badgeKind}" data-test="badge" role="img" aria-label=${messages}>${count > 1 ? count : '!'}</span>
              ${this.fixButton(fixable, 'Fix', 'node-fix')}
              <div class="popover" role="tooltip" data-test="node-problems">
                ${[...errors, ...warnings].map((d) => html`<p class=${d.severity}>${d.message}</p>`)}
                ${this.fixButton(fixable, `Fix: ${fixable.fix!.label}`, 'node-fix-full')}
              </div>
            </span>`
          : nothing}
      </header>
      <div class="body">
        ${shownOutputs(n).map(
          (p) => html`<div class="row output" data-port=${p.key}
            @pointerenter=${(e: PointerEvent) => this.hoverProbe(p.key, e)}
            @pointerleave=${() => this.hoverProbe(null)}>
            ${portLabel(n.id, n.kind, p)}
            <rete-ref .data=${{ type: 'socket', side: 'output', key: p.key, nodeId: n.id, payload: n.outputs[p.key]?.socket }} .emit=${this.emit}></rete-ref>
          </div>`,
        )}
        ${shownRowInputs(n).map(
          (p) => html`<div class="row input ${portProblem(p.key) ? 'problem' : ''}" data-port=${p.key} title=${portProblem(p.key) ?? p.help ?? ''}>
            <rete-ref .data=${{ type: 'socket', side: 'input', key: p.key, nodeId: n.id, payload: n.inputs[p.key]?.socket }} .emit=${this.emit}></rete-ref>
            ${portLabel(n.id, n.kind, p)}
          </div>`,
        )}
        ${shownParams(n)
          .map((p) => {
            const param = html`<steer-param
              data-param=${p.key}
              .def=${p}
              .value=${paramValue(p, n.params)}
              .scene=${scene}
              .ownType=${n.host.typeId()}
              .problem=${portProblem(p.key)}
              .driven=${p.type === 'number' && p.input === true && n.wired.has(p.key)}
              .exposed=${Object.hasOwn(n.exposed, p.key) && !(p.type === 'number' && p.input === true && n.wired.has(p.key)) ? n.exposed[p.key] : undefined}
              .exposable=${canExpose(p) && !(p.input === true && n.wired.has(p.key))}
              .typeParams=${typeParams}
            ></steer-param>`;
            if (p.type === 'offsets') {
              const spacing = n.params.spacing;
              return html`<steer-slot-pad
                data-param=${p.key}
                .def=${p}
                .value=${paramValue(p, n.params)}
                .spacing=${typeof spacing === 'number' ? spacing : 0}
                .problem=${n.diagnostics.find((d) => d.port === p.key)?.message}
              ></steer-slot-pad>`;
            }
            if (p.type !== 'number' || !p.input) return param;
            // a parameter a number may drive: its input socket on the row's left edge
            return html`<div class="driven" data-port=${p.key} title=${portProblem(p.key) ?? `Wire a number here to drive ${p.label}`}>
              <rete-ref class="param-socket" .data=${{ type: 'socket', side: 'input', key: p.key, nodeId: n.id, payload: n.inputs[p.key]?.socket }} .emit=${this.emit}></rete-ref>
              ${param}
            </div>`;
          })}
      </div>
    `;
  }
}
