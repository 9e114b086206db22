import { LitElement, css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Edit } from '../document/commands';
import { addTypeParam, freshParamName, paramNameProblem, paramUses, paramsOf, removeTypeParam, renameTypeParam, updateTypeParam } from '../document/param-commands';
import { LENGTHS, RANGES, type Range } from '../document/schema';
import type { AgentType, TypeParam } from '../document/types';
import { panelStyles } from './styles';

/** The running preview's side of the parameters: their live values, and setting them (recorded as input). */
export interface LiveParams {
  /** The running world's value of parameter `name` of type `typeId`, or null when no world runs it (yet). */
  value(typeId: string, name: string): number | null;
  /** Sets it in the running world (both, while comparing), recorded as input; false when no world took it. */
  set(typeId: string, name: string, value: number): boolean;
}

/** Detail of `params-edit`: an edit of the document (one undo step; merged with the last of the same key), and what to tell the user. */
export interface ParamsEditDetail {
  edit: Edit;
  mergeKey?: string;
  notice?: string;
}

/** A slider step for a range: a round number, about a two-hundredth of it. */
export function sliderStep(min: number, max: number): number {
  const span = max - min;
  if (!(span > 0)) return 1;
  return 10 ** Math.floor(Math.log10(span / 200));
}

/** A live value as shown: at most 6 significant digits, no trailing zeros. */
export function showValue(v: number): string {
  return String(Number(v.toPrecision(6)));
}

/** Reads the live values every frame while the panel is shown, and renders again when one changed. */
class LiveValues implements ReactiveController {
  /** The last values read, by parameter name (null: no world runs it). */
  values = new Map<string, number | null>();
  private frame = 0;

  constructor(
    private readonly host: ReactiveControllerHost & { type: AgentType | undefined; live: LiveParams | null },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const tick = (): void => {
      this.frame = requestAnimationFrame(tick);
      this.read();
    };
    this.frame = requestAnimationFrame(tick);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.frame);
  }

  /** Reads every parameter's live value; asks for a render when any changed. */
  read(): void {
    const { type, live } = this.host;
    const params = type ? paramsOf(type) : [];
    if (!type || !params.length) {
      if (this.values.size) {
        this.values.clear();
        this.host.requestUpdate();
      }
      return;
    }
    let changed = this.values.size !== params.length;
    const next = new Map<string, number | null>();
    for (const p of params) {
      const v = live ? live.value(type.id, p.name) : null;
      next.set(p.name, v);
      if (!changed && !Object.is(this.values.get(p.name), v)) changed = true;
    }
    if (!changed) return;
    this.values = next;
    this.host.requestUpdate();
  }
}

/**
 * The Parameters panel of an agent type (in the Agent type panel): the type's parameters, each with
 * its name, default, range (min, max) and unit, a button that adds one and one per parameter that
 * deletes it (its exposed node parameters take its default as their value again), and what reads
 * it. Each field says at once why what is typed is not taken (a taken or malformed name, a default
 * outside the range, min above max). While the preview runs, each parameter has a live slider over
 * its range: moving it sets the running world's value at once, without recompiling or resetting,
 * recorded as input (so replay and A/B stay exact); it does not change the document. *Set as
 * default* writes the live value into the document (undoable); editing the default sets the live
 * value too. Dispatches `params-edit` ({@link ParamsEditDetail}).
 */
export class SteerParamsPanel extends LitElement {
  static properties = {
    type: { attribute: false },
    live: { attribute: false },
    nameErrors: { state: true },
  };

  /** The agent type whose parameters are shown. */
  declare type: AgentType | undefined;
  /** The running preview's live values, or null (none shown). */
  declare live: LiveParams | null;
  /** Why a name being typed (by the parameter's index) cannot be taken, while it cannot. */
  declare nameErrors: ReadonlyMap<number, string>;

  private readonly values = new LiveValues(this);
  /** The parameter just added, whose name field takes focus once drawn. */
  private focusAfterRender: string | null = null;

  static styles = [
    panelStyles,
    css`
      :host {
        padding: 0;
        margin-top: 14px;
      }
      .head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        margin: 4px 0 6px;
      }
      .head h3 {
        margin: 0;
      }
      .param {
        border: 1px solid var(--steer-card-border);
        border-radius: 6px;
        background: var(--steer-card);
        padding: 6px 8px 4px;
        margin: 0 0 8px;
      }
      .param.flash {
        animation: flash 1.2s ease-out;
      }
      @keyframes flash {
        from {
          border-color: var(--steer-param);
          box-shadow: 0 0 0 2px var(--steer-param-border);
        }
      }
      .top {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .diamond {
        color: var(--steer-param);
        font-size: 11px;
      }
      input.name {
        flex: 1 1 auto;
        font-weight: 600;
        color: var(--steer-param);
      }
      input.unit {
        width: 64px;
        flex: 0 0 auto;
      }
      input.bad {
        border-color: var(--steer-danger);
        outline: 1px solid var(--steer-danger);
      }
      button.delete {
        flex: 0 0 auto;
        width: 22px;
        padding: 0;
        line-height: 18px;
        color: var(--steer-text-dim);
      }
      button.delete:hover {
        color: var(--steer-text-error);
      }
      .fields {
        display: grid;
        grid-template-columns: repeat(3, minmax(0, 1fr));
        gap: 6px;
        margin-top: 5px;
      }
      .fields label {
        display: block;
        font-size: 10px;
        text-transform: uppercase;
        letter-spacing: 0.05em;
        color: var(--steer-text-hint);
        margin-bottom: 1px;
      }
      .live {
        display: flex;
        align-items: center;
        gap: 6px;
        margin-top: 6px;
      }
      .live .tag {
        font-size: 10px;
        text-transform: uppercase;
        letter-spacing: 0.05em;
        color: var(--steer-ok);
        flex: 0 0 auto;
      }
      .live input[type='range'] {
        flex: 1 1 auto;
        min-width: 40px;
        padding: 0;
        accent-color: var(--steer-param);
      }
      .live output {
        flex: 0 0 auto;
        min-width: 44px;
        text-align: right;
        font-variant-numeric: tabular-nums;
        color: var(--steer-text-strong);
      }
      .live button {
        flex: 0 0 auto;
        padding: 1px 6px;
        font-size: 11px;
      }
      .err {
        color: var(--steer-text-error);
        font-size: 11px;
        margin: 3px 0 0;
      }
      .uses {
        margin: 4px 0 0;
      }
    `,
  ];

  constructor() {
    super();
    this.type = undefined;
    this.live = null;
    this.nameErrors = new Map();
  }

  /** Shows parameter `name`: scrolls to it, focuses its name field and marks it a moment. */
  async focusParam(name: string): Promise<void> {
    await this.updateComplete;
    const card = this.renderRoot.querySelector<HTMLElement>(`.param[data-param="${CSS.escape(name)}"]`);
    if (!card) return;
    card.scrollIntoView({ block: 'nearest' });
    card.querySelector<HTMLInputElement>('input.name')?.focus();
    card.classList.remove('flash');
    void card.offsetWidth; // restarts the animation
    card.classList.add('flash');
  }

  private edit(detail: ParamsEditDetail): void {
    this.dispatchEvent(new CustomEvent<ParamsEditDetail>('params-edit', { detail, bubbles: true, composed: true }));
  }

  private add(): void {
    const t = this.type!;
    const name = freshParamName(t, 'param');
    this.focusAfterRender = name;
    this.edit({ edit: addTypeParam(t.id, { name, default: 0, min: 0, max: 1 }) });
  }

  private removeParam(p: TypeParam): void {
    const t = this.type!;
    const uses = paramUses(t, p.name);
    const said: string[] = [];
    if (uses.exposed) said.push(`${uses.exposed === 1 ? 'one node parameter' : `${uses.exposed} node parameters`} un-exposed (set to its default, ${p.default})`);
    if (uses.nodes) said.push(`${uses.nodes === 1 ? 'one Parameter node names' : `${uses.nodes} Parameter nodes name`} it no more`);
    this.edit({ edit: removeTypeParam(t.id, p.name), notice: `Deleted the parameter “${p.name}”${said.length ? `: ${said.join('; ')}` : ''}. Ctrl+Z brings it back.` });
  }

  private setNameError(k: number, message: string | null): void {
    const next = new Map(this.nameErrors);
    if (message) next.set(k, message);
    else next.delete(k);
    this.nameErrors = next;
  }

  private onNameChange(k: number, p: TypeParam, el: HTMLInputElement): void {
    const to = el.value.trim();
    if (to === p.name) {
      this.setNameError(k, null);
      return;
    }
    const problem = paramNameProblem(this.type!, to, p.name);
    this.setNameError(k, problem);
    if (!problem) this.edit({ edit: renameTypeParam(this.type!.id, p.name, to) });
  }

  /** A field of the parameter: default, min or max, with what it accepts beside the range. */
  private numberField(k: number, p: TypeParam, field: 'default' | 'min' | 'max') {
    const r = RANGES.paramValue;
    const range: Range = { ...r, unit: p.unit || undefined };
    const check = (v: number): string | null => {
      if (field === 'default') return v < p.min || v > p.max ? `the default must be from min to max (${p.min} to ${p.max})` : null;
      if (field === 'min') return v > p.max ? `min must be at most max (${p.max})` : v > p.default ? `min must be at most the default (${p.default}): lower the default first` : null;
      return v < p.min ? `max must be at least min (${p.min})` : v < p.default ? `max must be at least the default (${p.default}): raise the default first` : null;
    };
    const label = field === 'default' ? 'Default' : field === 'min' ? 'Min' : 'Max';
    return html`<div>
      <label for="${field}-${k}">${label}</label>
      <steer-number-field
        compact
        id="${field}-${k}"
        data-field=${field}
        .label=${`${p.name} ${field}`}
        .value=${p[field]}
        .range=${range}
        .check=${check}
        .step=${sliderStep(p.min, p.max)}
        @value-change=${(e: CustomEvent<{ value: number }>) => {
          const value = e.detail.value;
          const t = this.type!;
          this.edit({ edit: updateTypeParam(t.id, p.name, { [field]: value }), mergeKey: `tparam:${t.id}:${p.name}:${field}` });
          // a new default is the running value too (recorded like the slider)
          if (field === 'default') this.live?.set(t.id, p.name, value);
        }}
      ></steer-number-field>
    </div>`;
  }

  private liveRow(p: TypeParam) {
    const t = this.type!;
    const v = this.values.values.get(p.name);
    if (v === null || v === undefined) return html`<p class="hint uses">The live slider shows while the preview runs this graph.</p>`;
    const step = sliderStep(p.min, p.max);
    return html`<div class="live" data-test="live">
      <span class="tag" title="The running simulation’s value: moving the slider changes it at once, recorded for replay; the document keeps its default">Live</span>
      <input
        type="range"
        data-test="live-slider"
        aria-label="${p.name} live value"
        min=${p.min}
        max=${p.max}
        step=${step}
        .value=${String(v)}
        @input=${(e: Event) => this.live?.set(t.id, p.name, Number((e.target as HTMLInputElement).value))}
      /><output data-test="live-value">${showValue(v)}</output>
      <button
        data-test="set-default"
        ?disabled=${v === p.default}
        title="Write the live value into the scene as this parameter’s default (undoable)"
        @click=${() => this.edit({ edit: updateTypeParam(t.id, p.name, { default: v }) })}
      >Set as default</button>
      <button
        data-test="live-reset"
        ?disabled=${v === p.default}
        title="Put the live value back to the default (${p.default})"
        aria-label="Live value back to the default"
        @click=${() => this.live?.set(t.id, p.name, p.default)}
      >↺</button>
    </div>`;
  }

  private usesLine(p: TypeParam) {
    const u = paramUses(this.type!, p.name);
    const parts: string[] = [];
    if (u.exposed) parts.push(u.exposed === 1 ? 'one exposed node parameter' : `${u.exposed} exposed node parameters`);
    if (u.nodes) parts.push(u.nodes === 1 ? 'one Parameter node' : `${u.nodes} Parameter nodes`);
    return html`<p class="hint uses" data-test="uses">
      ${parts.length ? `Read by ${parts.join(' and ')}.` : 'Not read by any node yet: expose a node parameter (◇ on its row) or add a Parameter node.'}
      Game code: <code>world.setParam('${this.type!.id}', '${p.name}', v)</code>
    </p>`;
  }

  protected updated(): void {
    const name = this.focusAfterRender;
    if (name && this.type && paramsOf(this.type).some((p) => p.name === name)) {
      this.focusAfterRender = null;
      const input = this.renderRoot.querySelector<HTMLInputElement>(`.param[data-param="${CSS.escape(name)}"] input.name`);
      input?.focus();
      input?.select();
    }
  }

  render() {
    const t = this.type;
    if (!t) return nothing;
    const params = paramsOf(t);
    return html`
      <div class="head">
        <h3>Parameters</h3>
        <button data-test="add-param" title="Add a parameter of this agent type: a number the game sets at run time (world.setParam)" @click=${() => this.add()}>+ Add parameter</button>
      </div>
      ${params.length
        ? nothing
        : html`<p class="hint">
            None yet. A parameter is a number your game sets while the scene runs (how afraid the sheep are): press ◇ on a
            node’s number to expose it, or add one here and read it with a Parameter node.
          </p>`}
      ${params.map((p, k) => {
        const nameError = this.nameErrors.get(k);
        return html`<div class="param" data-param=${p.name}>
          <div class="top">
            <span class="diamond" aria-hidden="true">◆</span>
            <input
              class="name ${nameError ? 'bad' : ''}"
              data-field="name"
              aria-label="Parameter name"
              aria-invalid=${nameError ? 'true' : 'false'}
              spellcheck="false"
              autocomplete="off"
              .value=${p.name}
              @input=${(e: Event) => {
                const v = (e.target as HTMLInputElement).value.trim();
                this.setNameError(k, v === p.name ? null : paramNameProblem(t, v, p.name));
              }}
              @change=${(e: Event) => this.onNameChange(k, p, e.target as HTMLInputElement)}
              @keydown=${(e: KeyboardEvent) => {
                const el = e.target as HTMLInputElement;
                if (e.key === 'Enter') el.dispatchEvent(new Event('change'));
                if (e.key === 'Escape') {
                  el.value = p.name;
                  this.setNameError(k, null);
                  el.blur();
                }
              }}
              @blur=${(e: Event) => {
                (e.target as HTMLInputElement).value = p.name;
                this.setNameError(k, null);
              }}
            />
            <input
              class="unit"
              data-field="unit"
              aria-label="${p.name} unit"
              placeholder="unit"
              maxlength=${LENGTHS.unit}
              title="Shown after the value (px, px/tick); optional"
              .value=${p.unit ?? ''}
              @change=${(e: Event) => this.edit({ edit: updateTypeParam(t.id, p.name, { unit: (e.target as HTMLInputElement).value }) })}
            />
            <button class="delete" data-test="delete-param" title="Delete this parameter (the node parameters exposed as it take its default as their value)" aria-label="Delete the parameter ${p.name}" @click=${() => this.removeParam(p)}>×</button>
          </div>
          ${nameError ? html`<p class="err" role="alert" data-test="name-error">${nameError}</p>` : nothing}
          <div class="fields">${this.numberField(k, p, 'default')}${this.numberField(k, p, 'min')}${this.numberField(k, p, 'max')}</div>
          ${this.liveRow(p)} ${this.usesLine(p)}
        </div>`;
      })}
    `;
  }
}
