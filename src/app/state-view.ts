import { LitElement, css, html, nothing, svg } from 'lit';
import { ANY_STATE } from '../document/graphs';
import type { AgentType } from '../document/types';
import { FrameLoop, type ProbeSource } from './inspector';
import { TICKS_PER_SECOND, ticksInSeconds, type StateActions } from './state-actions';
import { BOX_H, layoutDiagram, type DiagramArrow, type DiagramBox } from './state-diagram';

/** A name cut to fit a box (the whole name is the box's tooltip). */
function fit(name: string, max = 19): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/**
 * The state view: in the node canvas's place, the selected type's states as boxes in a row (name,
 * start marker, minimum time, reset on enter) and its transitions as arrows derived from the Go to
 * State nodes (state-diagram.ts), each labelled with its order(s); an arrow to a state that does not
 * exist ends on a box of that name in the problem colour. Click a box: it is the state acted on (and
 * the one the graph shows); double-click it (or Enter): back to the nodes, showing its graph. The
 * toolbar adds, renames (in the state bar), moves and deletes states through {@link StateActions};
 * `state-rename` ({ index }) asks the bar to rename in place.
 */
export class SteerStateView extends LitElement {
  static properties = {
    actions: { attribute: false },
    type: { attribute: false },
    shown: { attribute: false },
    source: { attribute: false },
  };

  /** The preview's followed agent: its state's box is highlighted, live. */
  declare source: ProbeSource | null;
  /** The followed agent's state drawn last (−1: none of this type). */
  private followedState = -1;
  /** Redraws when the followed agent changes state. */
  readonly live = new FrameLoop(this, () => {
    const f = this.source?.followed;
    const now = f && this.type && f.type === this.type.id ? (this.source?.probe()?.state ?? -1) : -1;
    if (now !== this.followedState) {
      this.followedState = now;
      this.requestUpdate();
    }
  });

  declare actions: StateActions | undefined;
  declare type: AgentType | undefined;
  /** The graph shown: a state's index, or ANY_STATE. */
  declare shown: number;

  static styles = css`
    :host {
      display: flex;
      flex-direction: column;
      position: absolute;
      inset: 0;
      z-index: 5;
      background: var(--steer-canvas);
      color: var(--steer-text);
      font-size: 12px;
    }
    .tools {
      display: flex;
      gap: 6px;
      align-items: center;
      padding: 8px 10px;
    }
    .tools .hint {
      color: var(--steer-text-hint);
      margin-left: 8px;
      font-size: 11px;
    }
    button {
      background: var(--steer-button);
      color: var(--steer-text);
      border: 1px solid var(--steer-button-border);
      border-radius: 5px;
      padding: 3px 9px;
      font: inherit;
      cursor: pointer;
      white-space: nowrap;
      flex: none;
    }
    button:hover:not(:disabled) {
      background: var(--steer-button-hover);
    }
    button:disabled {
      opacity: 0.4;
      cursor: default;
    }
    .scroll {
      flex: 1;
      min-height: 0;
      overflow: auto;
      display: flex;
    }
    /* scaled down to fit the area, never below 85 % (text stays legible; then the area scrolls) */
    svg {
      margin: auto;
      flex: none;
      height: auto;
    }
    .box {
      cursor: pointer;
    }
    .box:focus {
      outline: none;
    }
    .box rect {
      fill: var(--steer-card);
      stroke: var(--steer-card-border);
      stroke-width: 1.5;
    }
    .box.start rect {
      stroke: var(--steer-ok);
    }
    .box[aria-selected='true'] rect {
      fill: var(--steer-selected);
      stroke: var(--steer-highlight);
      stroke-width: 2;
    }
    .box.followed rect,
    .box.followed[aria-selected='true'] rect {
      stroke: var(--steer-accent);
      stroke-width: 3;
    }
    .box:focus-visible rect {
      stroke: var(--steer-focus);
    }
    .box.any rect {
      stroke-dasharray: 5 4;
      fill: var(--steer-strip);
    }
    .box.missing rect {
      fill: var(--steer-danger-bg);
      stroke: var(--steer-danger);
      stroke-dasharray: 5 4;
    }
    .name {
      fill: var(--steer-text-strong);
      font-weight: 600;
      font-size: 13px;
    }
    .any .name {
      font-style: italic;
    }
    .missing .name,
    .missing .sub {
      fill: var(--steer-error);
    }
    .sub {
      fill: var(--steer-text-dim);
      font-size: 11px;
    }
    .start-mark {
      fill: var(--steer-ok);
    }
    .arrow path {
      fill: none;
      stroke: var(--steer-text-secondary);
      stroke-width: 1.6;
    }
    .arrow.from-any path {
      stroke-dasharray: 6 4;
    }
    .arrow.missing path {
      stroke: var(--steer-danger);
    }
    .arrow rect {
      fill: var(--steer-canvas);
      stroke: var(--steer-separator);
    }
    .arrow text {
      fill: var(--steer-text);
      font-size: 11px;
    }
    .arrow.missing text {
      fill: var(--steer-error);
    }
    marker path {
      fill: var(--steer-text-secondary);
    }
    marker.missing path {
      fill: var(--steer-danger);
    }
  `;

  constructor() {
    super();
    this.actions = undefined;
    this.type = undefined;
    this.shown = 0;
  }

  /** The state acted on by the toolbar: the one shown (none while the any-state graph is). */
  private get acted(): number {
    return this.shown >= 0 && this.type?.states[this.shown] ? this.shown : -1;
  }

  private renderBox(b: DiagramBox, index: number, t: AgentType) {
    const s = t.states[index];
    const sub = [index === 0 ? 'start' : '', s.minTicks ? `min ${Number((s.minTicks / TICKS_PER_SECOND).toFixed(2))} s` : '', s.resetOnEnter ? 'resets' : '']
      .filter(Boolean)
      .join(' · ');
    const open = () => this.actions?.show(index, true);
    return svg`<g class="box ${index === 0 ? 'start' : ''} ${index === this.followedState ? 'followed' : ''}" data-state-box=${s.name} role="button" tabindex="0"
        aria-selected=${this.shown === index ? 'true' : 'false'}
        aria-label=${`State ${s.name}${index === 0 ? ' (start)' : ''}: double-click to edit its graph`}
        @click=${() => this.actions?.show(index)} @dblclick=${open}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && open()}>
      <title>${s.name}${index === 0 ? ': agents start here' : ''}${s.minTicks ? `; no transition out before ${ticksInSeconds(s.minTicks)}` : ''}${s.resetOnEnter ? '; entering it resets its nodes’ memory' : ''} (double-click: its graph)</title>
      <rect x=${b.x} y=${b.y} width=${b.w} height=${b.h} rx="8"></rect>
      ${index === 0 ? svg`<path class="start-mark" d="M ${b.x + 10} ${b.y + 14} l 8 5 l -8 5 z"></path>` : nothing}
      <text class="name" x=${b.x + (index === 0 ? 24 : 12)} y=${b.y + 23}>${fit(s.name, index === 0 ? 15 : 17)}</text>
      <text class="sub" x=${b.x + 12} y=${b.y + 42}>${index === this.followedState ? `the followed agent is here${sub ? ` · ${sub}` : ''}` : sub}</text>
    </g>`;
  }

  private renderArrow(a: DiagramArrow, k: number) {
    const label = a.orders.join(', ');
    const w = 8 + label.length * 6.5;
    const title = `${a.from === ANY_STATE ? 'Any state' : this.type!.states[a.from].name} → ${a.target || '(no state chosen)'}${a.missing ? ': no such state' : ''}, order ${label}`;
    return svg`<g class="arrow ${a.missing ? 'missing' : ''} ${a.from === ANY_STATE ? 'from-any' : ''}" data-arrow=${`${a.from === ANY_STATE ? '*any' : this.type!.states[a.from].name}->${a.target}`} data-test="state-arrow">
      <title>${title}</title>
      <path d=${a.path} marker-end=${`url(#head${a.missing ? '-missing' : ''})`} data-k=${k}></path>
      <rect x=${a.labelX - w / 2} y=${a.labelY - 8} width=${w} height="16" rx="4"></rect>
      <text x=${a.labelX} y=${a.labelY + 4} text-anchor="middle">${label}</text>
    </g>`;
  }

  render() {
    const t = this.type;
    const a = this.actions;
    if (!t || !a) return nothing;
    const d = layoutDiagram(t, a.hasAnyTab(t));
    const k = this.acted;
    const name = k >= 0 ? t.states[k].name : '';
    return html`<div class="tools" role="toolbar" aria-label="States">
        <button data-action="add" @click=${() => a.add()}>+ State</button>
        <button data-action="rename" ?disabled=${k < 0} title=${k < 0 ? 'Click a state first' : `Rename “${name}”`}
          @click=${() => this.dispatchEvent(new CustomEvent('state-rename', { detail: { index: k }, bubbles: true, composed: true }))}>Rename</button>
        <button data-action="move-left" ?disabled=${k <= 0} title="Earlier in the order (the first is where agents start)" @click=${() => a.move(k, k - 1)}>◀ Move</button>
        <button data-action="move-right" ?disabled=${k < 0 || k >= t.states.length - 1} title="Later in the order" @click=${() => a.move(k, k + 1)}>Move ▶</button>
        <button data-action="delete" ?disabled=${k < 0 || t.states.length <= 1} title=${k < 0 ? 'Click a state first' : `Delete “${name}”`} @click=${() => a.remove(k)}>Delete</button>
        <span class="hint">Arrows are Go to State nodes, labelled with their order. Double-click a state to edit its graph.</span>
      </div>
      <div class="scroll">
        <svg data-test="state-diagram" style="width:min(100%, ${d.width}px);min-width:${Math.round(d.width * 0.85)}px" viewBox="0 0 ${d.width} ${d.height}" role="img" aria-label="States of ${t.name}">
          <defs>
            <marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"></path></marker>
            <marker id="head-missing" class="missing" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"></path></marker>
          </defs>
          ${d.arrows.map((x, i) => this.renderArrow(x, i))}
          ${d.any
            ? svg`<g class="box any" data-state-box="*any" role="button" tabindex="0" aria-selected=${this.shown === ANY_STATE ? 'true' : 'false'}
                aria-label="Any state: transitions tried from every state; double-click to edit"
                @click=${() => a.show(ANY_STATE)} @dblclick=${() => a.show(ANY_STATE, true)}
                @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && a.show(ANY_STATE, true)}>
                <title>Any state: its transitions are tried from every state, after the state's own</title>
                <rect x=${d.any.x} y=${d.any.y} width=${d.any.w} height=${d.any.h} rx="8"></rect>
                <text class="name" x=${d.any.x + 12} y=${d.any.y + 23}>Any state</text>
                <text class="sub" x=${d.any.x + 12} y=${d.any.y + 42}>from every state</text>
              </g>`
            : nothing}
          ${d.states.map((b, i) => this.renderBox(b, i, t))}
          ${d.missing.map(
            (m) => svg`<g class="box missing" data-missing-box=${m.name}>
              <title>No state is called “${m.name}”: the Go to State nodes that name it do nothing</title>
              <rect x=${m.box.x} y=${m.box.y} width=${m.box.w} height=${BOX_H} rx="8"></rect>
              <text class="name" x=${m.box.x + 12} y=${m.box.y + 23}>${m.name ? `“${fit(m.name, 17)}”` : '(none chosen)'}</text>
              <text class="sub" x=${m.box.x + 12} y=${m.box.y + 42}>no such state</text>
            </g>`,
          )}
        </svg>
      </div>`;
  }
}
