import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { ANY_STATE } from '../document/graphs';
import { RANGES } from '../document/schema';
import type { AgentType } from '../document/types';
import { DismissController } from '../preview/dismiss-controller';
import type { Diagnostic } from '../compiler/diagnostics';
import { TICKS_PER_SECOND, problemsByGraph, problemsText, stateNameProblem, ticksInSeconds, type StateActions } from './state-actions';

/** The state menu: which state, and where it opens (px from the bar's left edge). */
interface MenuAt {
  index: number;
  left: number;
}

/**
 * The state bar above the graph canvas: one tab per state of the selected agent type (the first
 * marked as where agents start), "Any state" once the type has two states (or an any-state graph),
 * "+" to add a state, and the "States" toggle of the state view. Click a tab (or ← → on a focused
 * one): its graph shows.
 * Double-click it (or F2): rename it in place, Enter commits, Escape cancels. Its "⋯" button or its
 * context menu: rename, move, minimum time, reset on enter, delete. Every edit is one undoable edit
 * through {@link StateActions}.
 */
export class SteerStateBar extends LitElement {
  static properties = {
    actions: { attribute: false },
    type: { attribute: false },
    shown: { attribute: false },
    view: { attribute: false },
    diagnostics: { attribute: false },
    renaming: { state: true },
    problem: { state: true },
    menu: { state: true },
  };

  declare actions: StateActions | undefined;
  /** The selected agent type. */
  declare type: AgentType | undefined;
  /** The graph shown: a state's index, or ANY_STATE. */
  declare shown: number;
  /** Whether the state view is on. */
  declare view: boolean;
  /** The scene's problems: a tab whose graph has some is marked (when the type has several graphs). */
  declare diagnostics: readonly Diagnostic[];
  /** The state being renamed in place, or null. */
  declare renaming: number | null;
  /** Why the name typed cannot be the state's, while it cannot. */
  declare problem: string | null;
  declare menu: MenuAt | null;

  static styles = css`
    :host {
      display: flex;
      align-items: center;
      gap: 4px;
      position: relative;
      z-index: 10;
      padding: 3px 8px;
      min-height: 26px;
      background: var(--steer-graph-bar);
      border-bottom: 1px solid var(--steer-border);
      font-size: 12px;
    }
    .tabs {
      display: flex;
      align-items: center;
      gap: 3px;
      overflow-x: auto;
      min-width: 0;
      scrollbar-width: thin;
    }
    .tab {
      display: inline-flex;
      align-items: center;
      flex: none;
      position: relative;
    }
    button {
      background: transparent;
      color: var(--steer-text-secondary);
      border: 1px solid transparent;
      border-radius: 4px;
      padding: 2px 8px;
      font: inherit;
      cursor: pointer;
      white-space: nowrap;
    }
    button:hover:not(:disabled) {
      background: var(--steer-button-hover);
      color: var(--steer-text);
    }
    button:disabled {
      opacity: 0.4;
      cursor: default;
    }
    button[role='tab'][aria-selected='true'] {
      background: var(--steer-selected);
      border-color: var(--steer-selected-border);
      color: var(--steer-text-strong);
    }
    button:focus-visible {
      outline: 1px solid var(--steer-focus);
    }
    .start {
      color: var(--steer-ok);
      font-size: 9px;
      margin-right: 4px;
    }
    .min {
      color: var(--steer-text-hint);
      font-size: 10px;
      margin-left: 5px;
    }
    .any {
      font-style: italic;
    }
    .problem-dot {
      display: inline-block;
      width: 6px;
      height: 6px;
      border-radius: 50%;
      margin-left: 5px;
      vertical-align: 1px;
      background: var(--steer-warning);
    }
    .problem-dot.error {
      background: var(--steer-error);
    }
    .more {
      padding: 2px 4px;
      margin-left: 1px;
    }
    .add {
      flex: none;
      font-weight: 600;
    }
    .spacer {
      flex: 1;
    }
    .view {
      flex: none;
      border-color: var(--steer-button-border);
      background: var(--steer-button);
      color: var(--steer-text);
    }
    .view[aria-pressed='true'] {
      background: var(--steer-pressed);
      border-color: var(--steer-pressed-border);
    }
    input.name {
      width: 14ch;
      background: var(--steer-field);
      color: var(--steer-text-strong);
      border: 1px solid var(--steer-focus);
      border-radius: 4px;
      padding: 2px 6px;
      font: inherit;
    }
    input.name:focus {
      outline: none;
    }
    input.name[aria-invalid='true'] {
      border-color: var(--steer-danger);
    }
    .problem {
      position: absolute;
      left: 8px;
      top: calc(100% + 2px);
      max-width: 420px;
      padding: 4px 8px;
      border-radius: 4px;
      background: var(--steer-danger-bg);
      border: 1px solid var(--steer-danger);
      color: var(--steer-text-error);
      font-size: 11px;
    }
    .menu {
      position: absolute;
      top: calc(100% + 2px);
      width: 300px;
      padding: 6px;
      background: var(--steer-popup);
      border: 1px solid var(--steer-popup-border);
      border-radius: 8px;
      box-shadow: 0 10px 30px var(--steer-shadow);
      color: var(--steer-text);
    }
    .menu button {
      display: block;
      width: 100%;
      text-align: left;
      color: var(--steer-text);
      padding: 5px 8px;
    }
    .menu button.danger {
      color: var(--steer-error);
    }
    .menu hr {
      border: 0;
      border-top: 1px solid var(--steer-separator);
      margin: 5px 0;
    }
    .menu h4 {
      margin: 2px 8px 6px;
      font-size: 11px;
      color: var(--steer-text-dim);
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.06em;
    }
    .menu .field {
      padding: 2px 8px;
    }
    .menu small {
      display: block;
      color: var(--steer-text-hint);
      font-size: 11px;
      margin: 0 0 4px 98px;
    }
    .menu label.check {
      display: flex;
      gap: 6px;
      align-items: center;
      padding: 4px 8px;
      color: var(--steer-text-label);
      cursor: pointer;
    }
  `;

  constructor() {
    super();
    this.actions = undefined;
    this.type = undefined;
    this.shown = 0;
    this.view = false;
    this.diagnostics = [];
    this.renaming = null;
    this.problem = null;
    this.menu = null;
    // (the "⋯" button toggles the menu itself)
    const inside = () => [this.renderRoot.querySelector('.menu'), this.renderRoot.querySelector('[data-test="state-more"]')];
    new DismissController(this, () => !!this.menu, inside, () => (this.menu = null));
  }

  /** Starts renaming state `index` in place (the tab becomes a field holding its name, selected). */
  rename(index: number): void {
    if (!this.type?.states[index]) return;
    this.menu = null;
    this.problem = null;
    this.renaming = index;
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    // another type, or the state renamed went away (undo): no rename or menu hangs on
    if (changed.has('type')) {
      const n = this.type?.states.length ?? 0;
      if (this.renaming !== null && this.renaming >= n) this.renaming = null;
      if (this.menu && this.menu.index >= n) this.menu = null;
      const before = changed.get('type') as AgentType | undefined;
      if (before && before.id !== this.type?.id) this.renaming = this.menu = null;
    }
  }

  protected updated(changed: PropertyValues<this>): void {
    if (changed.has('renaming') && this.renaming !== null) {
      const input = this.renderRoot.querySelector<HTMLInputElement>('input.name');
      input?.focus();
      input?.select();
    }
  }

  private openMenu(index: number, anchor: Element): void {
    const a = anchor.getBoundingClientRect();
    const own = this.getBoundingClientRect();
    this.renaming = null;
    this.menu = this.menu?.index === index ? null : { index, left: Math.max(0, Math.min(a.left - own.left, own.width - 280)) };
  }

  private endRename(commit: boolean): void {
    const index = this.renaming;
    const input = this.renderRoot.querySelector<HTMLInputElement>('input.name');
    if (index === null) return;
    if (commit && input) {
      const problem = this.actions?.rename(index, input.value.trim()) ?? null;
      if (problem) {
        this.problem = problem;
        return;
      }
    }
    this.renaming = null;
    this.problem = null;
    // the focus back on the tab, for the keyboard
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`button[data-state-index="${index}"]`)?.focus());
  }

  private onRenameKey(e: KeyboardEvent): void {
    if (e.key === 'Enter') {
      e.preventDefault();
      this.endRename(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.endRename(false);
    }
  }

  /** Says at once, key by key, why the name typed cannot be the state's. */
  private onRenameInput(e: Event): void {
    const t = this.type;
    if (!t || this.renaming === null) return;
    this.problem = stateNameProblem(t, this.renaming, (e.target as HTMLInputElement).value.trim());
  }

  /** F2 renames the focused tab's state; ← and → show the state beside it (the tabs' order, "Any state" last). */
  private onTabKey(e: KeyboardEvent, index: number): void {
    const t = this.type;
    if (!t) return;
    if (e.key === 'F2' && index >= 0) {
      e.preventDefault();
      this.rename(index);
      return;
    }
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const order = [...t.states.keys(), ...(this.actions?.hasAnyTab(t) ? [ANY_STATE] : [])];
    const next = order[(order.indexOf(index) + (e.key === 'ArrowLeft' ? -1 : 1) + order.length) % order.length];
    this.actions?.show(next);
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(next === ANY_STATE ? 'button[data-state-tab="*any"]' : `button[data-state-index="${next}"]`)?.focus());
  }

  /** A graph's problem marker, when the type has several graphs and that one has problems. */
  private marker(problems: ReturnType<typeof problemsByGraph>, index: number) {
    const c = problems.get(index);
    if (!c || !this.actions?.hasAnyTab(this.type)) return nothing;
    return html`<span class="problem-dot ${c.errors ? 'error' : ''}" data-test="state-problems" title=${problemsText(c)} aria-label=${problemsText(c)}></span>`;
  }

  private renderTab(t: AgentType, index: number, problems: ReturnType<typeof problemsByGraph>) {
    const s = t.states[index];
    const selected = this.shown === index;
    if (this.renaming === index) {
      return html`<span class="tab"><input class="name" data-test="state-name" aria-label="Name of the state" spellcheck="false" autocomplete="off"
          .value=${s.name} aria-invalid=${this.problem ? 'true' : 'false'}
          @keydown=${this.onRenameKey} @input=${this.onRenameInput} @blur=${() => this.renaming === index && this.endRename(!this.problem)} /></span>`;
    }
    return html`<span class="tab">
      <button role="tab" data-state-index=${index} data-state-tab=${s.name} aria-selected=${selected ? 'true' : 'false'}
        title=${`${index === 0 ? 'Agents start in this state. ' : ''}Double-click or F2 to rename; right-click for more`}
        @click=${() => this.actions?.show(index)}
        @dblclick=${() => this.rename(index)}
        @keydown=${(e: KeyboardEvent) => this.onTabKey(e, index)}
        @contextmenu=${(e: MouseEvent) => {
          e.preventDefault();
          this.actions?.show(index);
          this.openMenu(index, e.currentTarget as Element);
        }}>${index === 0 ? html`<span class="start" aria-label="start state">▶</span>` : nothing}${s.name}${s.minTicks
          ? html`<span class="min" title=${`No transition out before ${ticksInSeconds(s.minTicks)}`}>≥${s.minTicks}t</span>`
          : nothing}${this.marker(problems, index)}</button>${selected
        ? html`<button class="more" data-test="state-more" aria-label=${`More for the state ${s.name}`} aria-haspopup="menu" aria-expanded=${this.menu?.index === index}
            title="Rename, move, minimum time, reset on enter, delete"
            @click=${(e: Event) => this.openMenu(index, (e.currentTarget as Element).parentElement!)}>⋯</button>`
        : nothing}
    </span>`;
  }

  private renderMenu(t: AgentType, m: MenuAt) {
    const s = t.states[m.index];
    if (!s) return nothing;
    const a = this.actions;
    const last = t.states.length - 1;
    const ticks = s.minTicks ?? 0;
    const act = (f: () => void) => () => {
      this.menu = null;
      f();
    };
    return html`<div class="menu" role="menu" data-test="state-menu" style="left:${m.left}px">
      <h4>State “${s.name}”${m.index === 0 ? ' (start)' : ''}</h4>
      <button role="menuitem" data-action="rename" @click=${() => this.rename(m.index)}>Rename… <small style="display:inline;margin:0">(F2)</small></button>
      <button role="menuitem" data-action="move-left" ?disabled=${m.index === 0}
        @click=${act(() => a?.move(m.index, m.index - 1))}>Move left${m.index === 1 ? ' (becomes the start state)' : ''}</button>
      <button role="menuitem" data-action="move-right" ?disabled=${m.index === last}
        @click=${act(() => a?.move(m.index, m.index + 1))}>Move right</button>
      <hr />
      <div class="field">
        <steer-number-field data-field="min-ticks" label="Min. time" .value=${ticks} .range=${RANGES.minTicks} .step=${TICKS_PER_SECOND / 4}
          .hint=${'No transition out of this state (any-state ones included) before its agents spent this many ticks in it'}
          @value-change=${(e: CustomEvent<{ value: number }>) => a?.setMinTicks(m.index, e.detail.value)}></steer-number-field>
        <small data-test="min-seconds">${ticksInSeconds(ticks)} at ${TICKS_PER_SECOND} ticks/s</small>
      </div>
      <label class="check" title="Entering the state returns its nodes' memory (Wander, Follow Path) to the start">
        <input type="checkbox" data-field="reset-on-enter" .checked=${!!s.resetOnEnter}
          @change=${(e: Event) => a?.setResetOnEnter(m.index, (e.target as HTMLInputElement).checked)} />Reset memory on enter
      </label>
      <hr />
      <button role="menuitem" class="danger" data-action="delete" ?disabled=${t.states.length <= 1}
        title=${t.states.length <= 1 ? 'An agent type keeps at least one state' : 'Delete this state and its graph'}
        @click=${act(() => a?.remove(m.index))}>Delete state</button>
    </div>`;
  }

  render() {
    const t = this.type;
    if (!t) return nothing;
    const a = this.actions;
    const problems = problemsByGraph(this.diagnostics, t.id);
    return html`<div class="tabs" role="tablist" aria-label="States of ${t.name}">
        ${t.states.map((_, k) => this.renderTab(t, k, problems))}
        ${a?.hasAnyTab(t)
          ? html`<span class="tab"><button role="tab" class="any" data-state-tab="*any" aria-selected=${this.shown === ANY_STATE ? 'true' : 'false'}
              title="Transitions tried from every state, after the state's own" @click=${() => a.show(ANY_STATE)}
              @keydown=${(e: KeyboardEvent) => this.onTabKey(e, ANY_STATE)}>Any state${this.marker(problems, ANY_STATE)}</button></span>`
          : nothing}
        <button class="add" data-test="add-state" title="Add a state" aria-label="Add a state" @click=${() => a?.add()}>+</button>
      </div>
      <span class="spacer"></span>
      <button class="view" data-test="state-view" aria-pressed=${this.view ? 'true' : 'false'}
        title="Show the states as boxes and their transitions as arrows (instead of the nodes)" @click=${() => a?.toggleView()}>States</button>
      ${this.problem && this.renaming !== null ? html`<div class="problem" role="alert" data-test="state-name-problem">${this.problem}</div>` : nothing}
      ${this.menu ? this.renderMenu(t, this.menu) : nothing}`;
  }
}
