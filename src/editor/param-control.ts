import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { NumberParam, ParamDef } from '../../nodes/types';
import type { Range } from '../document/schema';
import type { ParamValue, SceneDocument } from '../document/types';

/** The expose choice's value for a new parameter (no type parameter name has a space). */
const NEW_PARAM = ' new';

/** The values a number parameter takes, as the number field checks them. */
export function paramRange(p: NumberParam): Range {
  return { min: p.min, max: p.max, exclusiveMin: p.minExclusive, whole: p.integer, unit: p.unit && p.unit !== '×' ? p.unit : undefined };
}

/**
 * A parameter's unit beside its field. A weight's or factor's "×" is not shown: alone after the
 * field it read as a button that deletes the row (the label says "weight" or "factor").
 */
function unitOf(unit: string) {
  return unit && unit !== '×' ? html`<span class="unit">${unit}</span>` : nothing;
}

/**
 * One parameter control on a node: a number (with a slider where the range suits one), a switch,
 * or a choice of agent type, path or named target. Numbers are typed into the app's one number
 * field (src/app/number-field.ts): what is typed stays as typed, and only a number inside the
 * parameter's range reaches the document; anything else is shown as invalid with the range.
 */
export class SteerParam extends LitElement {
  static properties = {
    def: { attribute: false },
    value: { attribute: false },
    scene: { attribute: false },
    ownType: { attribute: false },
    problem: { attribute: false },
    driven: { attribute: false },
    exposed: { attribute: false },
    exposable: { attribute: false },
    typeParams: { attribute: false },
  };

  /** The parameter's definition. */
  declare def: ParamDef;
  /** Its current value in the document (or the default). */
  declare value: ParamValue;
  /** The scene, for the choices of reference parameters. */
  declare scene: SceneDocument | undefined;
  /** The id of the agent type whose graph this is. */
  declare ownType: string;
  /** A diagnostic message about this parameter, if any. */
  declare problem: string | undefined;
  /** A number parameter whose input is connected: the wire gives its value, the field is off. */
  declare driven: boolean;
  /** The agent type parameter this number parameter is exposed as (`GraphNode.exposed`), or undefined: its literal counts. */
  declare exposed: string | undefined;
  /** Whether the parameter may be exposed (a number the node reads at run time, not driven by a wire): a button offers it. */
  declare exposable: boolean;
  /** The names of the own type's parameters (a Parameter node's choice). */
  declare typeParams: readonly string[];

  static styles = css`
    :host {
      position: relative;
      display: flex;
      align-items: center;
      gap: 6px;
      height: 30px;
      padding: 0 10px;
      font-size: 12px;
      color: var(--steer-text-param);
    }
    /* a label is never cut short: the slider gives way (labels line up while they are short) */
    label {
      flex: 0 0 auto;
      min-width: 84px;
      white-space: nowrap;
    }
    steer-number-field {
      width: 64px;
      min-width: 0;
      flex: 1 1 auto;
    }
    select,
    input[type='text'] {
      width: 52px;
      min-width: 0;
      flex: 1 1 auto;
      background: var(--steer-field);
      color: var(--steer-text-strong);
      border: 1px solid var(--steer-field-border);
      border-radius: 4px;
      padding: 2px 4px;
      font: inherit;
    }
    input[type='range'] {
      flex: 1 1 60px;
      min-width: 20px;
      accent-color: var(--steer-accent);
    }
    input[type='range'] + steer-number-field {
      flex: 0 0 52px;
    }
    .unit {
      color: var(--steer-text-hint);
      font-size: 12px;
      flex: 0 0 auto;
    }
    .wired {
      flex: 1 1 auto;
      color: var(--steer-text-hint);
      font-style: italic;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    input[type='text'] {
      width: 64px;
    }
    /* exposed: a chip naming the type parameter instead of the field (the filled diamond of the expose button) */
    /* exposed, the chip's name goes first: the label gives way */
    :host([exposed]) {
      gap: 4px;
    }
    :host([exposed]) label {
      flex: 0 20 auto;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .chip {
      flex: 0 0 auto;
      max-width: calc(100% - 60px);
      margin-left: auto;
      min-width: 0;
      display: inline-flex;
      align-items: center;
      gap: 3px;
      height: 20px;
      padding: 0 6px;
      border-radius: 10px;
      border: 1px solid var(--steer-param-border);
      background: var(--steer-param-bg);
      color: var(--steer-param);
      font: 500 11px/18px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      cursor: pointer;
      text-align: left;
    }
    .chip .name {
      flex: 1 1 auto;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      text-align: left;
    }
    .chip:hover,
    .chip:focus-visible {
      border-color: var(--steer-param);
      outline: none;
    }
    /* the small glyph buttons: ◇ (expose) and × (un-expose) */
    .expose,
    select.expose,
    button.unexpose {
      height: 16px;
      padding: 0;
      border: 0;
      border-radius: 3px;
      background: none;
      cursor: pointer;
    }
    /* in the row's right padding, so the row's slider and field keep their room */
    .expose,
    select.expose {
      position: absolute;
      right: 0;
      top: 7px;
      width: 10px;
      color: var(--steer-text-hint);
      font: 10px/16px system-ui, sans-serif;
      opacity: 0.75;
    }
    button.unexpose {
      flex: 0 0 auto;
      width: 16px;
      color: var(--steer-param);
      opacity: 0.7;
      font: 11px/16px system-ui, sans-serif;
    }
    select.expose option {
      background: var(--steer-popup);
      color: var(--steer-text);
    }
    select.expose {
      appearance: none;
      min-width: 0;
      flex: none;
      text-align: center;
    }
    .expose:hover,
    .expose:focus-visible {
      color: var(--steer-param);
      opacity: 1;
      outline: none;
    }
    button.unexpose:hover,
    button.unexpose:focus-visible {
      opacity: 1;
      background: var(--steer-param-border);
      outline: none;
    }
    :host([problem]) input,
    :host([problem]) select:not(.expose) {
      border-color: var(--steer-danger);
      outline: 1px solid var(--steer-danger);
    }
  `;

  constructor() {
    super();
    this.value = 0;
    this.ownType = '';
    this.problem = undefined;
    this.scene = undefined;
    this.driven = false;
    this.exposed = undefined;
    this.exposable = false;
    this.typeParams = [];
    // A control's pointer work (sliders, selects, text) must not drag the node or pan the canvas.
    this.addEventListener('pointerdown', (e) => e.stopPropagation());
    this.addEventListener('dblclick', (e) => e.stopPropagation());
    this.addEventListener('wheel', (e) => e.stopPropagation());
  }

  private commit(value: ParamValue, merge: boolean): void {
    this.dispatchEvent(
      new CustomEvent('param-change', { detail: { key: this.def.key, value, merge }, bubbles: true, composed: true }),
    );
  }

  /**
   * Tells the node a parameter command: expose (as a new type parameter, or as `name`, one the type
   * has), un-expose, or show the type parameter in the Parameters panel.
   */
  private ask(type: 'param-expose' | 'param-unexpose' | 'param-show', name = this.exposed): void {
    this.dispatchEvent(new CustomEvent(type, { detail: { key: this.def.key, name }, bubbles: true, composed: true }));
  }

  /**
   * The ◇ that exposes the number: a button that makes a new parameter when the type has none, else
   * a choice (the browser's own list, drawn above the graph) of a new one or one the type has.
   */
  private exposeControl(label: string) {
    const title = 'Expose as parameter: a parameter of this agent type that the game (world.setParam) and the Parameters panel’s live slider set while it runs';
    if (!this.typeParams.length) {
      return html`<button class="expose" data-test="expose" title=${title} aria-label="Expose ${label} as a parameter" @click=${() => this.ask('param-expose')}>◇</button>`;
    }
    return html`<select
      class="expose"
      data-test="expose"
      title=${title}
      aria-label="Expose ${label} as a parameter"
      @change=${(e: Event) => {
        const el = e.target as HTMLSelectElement;
        const v = el.value;
        el.value = '';
        if (v === NEW_PARAM) this.ask('param-expose', undefined);
        else if (v) this.ask('param-expose', v);
      }}
    >
      <option value="" selected disabled hidden>◇</option>
      <option value=${NEW_PARAM}>Expose as a new parameter</option>
      ${this.typeParams.map((n) => html`<option value=${n}>Read the parameter “${n}”</option>`)}
    </select>`;
  }

  protected updated(): void {
    if (this.problem) this.setAttribute('problem', '');
    else this.removeAttribute('problem');
    this.toggleAttribute('exposed', this.exposed !== undefined && this.def?.type === 'number');
  }

  private options(): { value: string; label: string }[] {
    if (this.def.type === 'choice') return [...this.def.options];
    const scene = this.scene;
    if (!scene) return [];
    switch (this.def.type) {
      case 'agentType': {
        const own = scene.agentTypes.find((t) => t.id === this.ownType);
        return [
          { value: '', label: `This type${own ? ` (${own.name})` : ''}` },
          ...scene.agentTypes.filter((t) => t.id !== this.ownType).map((t) => ({ value: t.id, label: t.name })),
        ];
      }
      case 'path':
        return [{ value: '', label: 'Choose a path…' }, ...scene.world.paths.map((p) => ({ value: p.id, label: p.id }))];
      case 'target':
        return [{ value: '', label: 'Choose a target…' }, ...scene.world.targets.map((t) => ({ value: t.name, label: t.name }))];
      case 'wall':
        // the world's box, then the closed walls (a wall called 'world' cannot be told from the box)
        return [
          { value: 'world', label: 'The world’s box' },
          ...(scene.world.walls ?? []).filter((w) => w.closed && w.id !== 'world').map((w) => ({ value: w.id, label: w.id })),
        ];
      case 'flowField':
        return [{ value: '', label: 'Choose a flow field…' }, ...(scene.world.flowFields ?? []).map((f) => ({ value: f.id, label: f.id }))];
      case 'state': {
        const own = scene.agentTypes.find((t) => t.id === this.ownType);
        return [{ value: '', label: 'Choose a state…' }, ...(own?.states ?? []).map((s) => ({ value: s.name, label: s.name }))];
      }
      default:
        return [];
    }
  }

  render() {
    const p = this.def;
    const title = this.problem ?? p.help;
    const label = html`<label title=${p.help}>${p.label}</label>`;
    if (p.type === 'boolean') {
      return html`${label}<input
          type="checkbox"
          aria-label=${p.label}
          title=${title}
          .checked=${this.value === true}
          @change=${(e: Event) => this.commit((e.target as HTMLInputElement).checked, false)}
        />`;
    }
    if (p.type === 'number' && this.driven) {
      // the typed value stays in the document (it returns when the wire is taken off)
      return html`${label}<span class="wired" data-test="driven" title="${p.label} is driven by the wire into its socket; take the wire off to type a value">driven by the wire</span>`;
    }
    if (p.type === 'number' && this.exposed !== undefined) {
      const name = this.exposed;
      return html`${label}<button
          class="chip"
          data-test="exposed-chip"
          title="${p.label} is read from the type parameter “${name}”, which the game sets at run time. Click to show it in the Parameters panel."
          aria-label="${p.label}: exposed as ${name}; show it in the Parameters panel"
          @click=${() => this.ask('param-show')}
        ><span class="name">${name}</span></button><button
          class="unexpose"
          data-test="unexpose"
          title="Un-expose: ${p.label} takes a value of its own again (the parameter’s default)"
          aria-label="Un-expose ${p.label}"
          @click=${() => this.ask('param-unexpose')}
        >×</button>`;
    }
    if (p.type === 'name' && p.of === 'typeParam') {
      // a Parameter node chooses among its type's parameters
      const value = typeof this.value === 'string' ? this.value : p.default;
      const missing = !this.typeParams.includes(value);
      return html`${label}<select
          aria-label=${p.label}
          title=${title}
          @change=${(e: Event) => this.commit((e.target as HTMLSelectElement).value, false)}
        >
          ${this.typeParams.map((n) => html`<option value=${n} ?selected=${n === value}>${n}</option>`)}
          ${missing ? html`<option value=${value} selected>${value} (missing)</option>` : nothing}
        </select>`;
    }
    if (p.type === 'name') {
      return html`${label}<input
          type="text"
          aria-label=${p.label}
          title=${title}
          spellcheck="false"
          .value=${typeof this.value === 'string' ? this.value : p.default}
          @change=${(e: Event) => this.commit((e.target as HTMLInputElement).value.trim(), false)}
        />`;
    }
    if (p.type === 'number') {
      const v = typeof this.value === 'number' ? this.value : p.default;
      const sliderMax = Math.max(Math.min(p.max, Math.max(p.default * 4, p.step * 100)), v);
      const sliderMin = p.min;
      return html`${label}${p.slider
          ? html`<input
              type="range"
              aria-label="${p.label} slider"
              min=${sliderMin}
              max=${sliderMax}
              step=${p.step}
              .value=${String(v)}
              @input=${(e: Event) => this.commit(Number((e.target as HTMLInputElement).value), true)}
            />`
          : nothing}<steer-number-field
          compact
          .label=${p.label}
          .value=${v}
          .range=${paramRange(p)}
          .step=${p.step}
          .hint=${p.help}
          .problem=${this.problem}
          @value-change=${(e: CustomEvent<{ value: number }>) => {
            e.stopPropagation();
            this.commit(e.detail.value, true);
          }}
        ></steer-number-field>${unitOf(p.unit)}${this.exposable ? this.exposeControl(p.label) : nothing}`;
    }
    const opts = this.options();
    const value = typeof this.value === 'string' ? this.value : '';
    const missing = value !== '' && !opts.some((o) => o.value === value);
    // (.value too: once the user has picked an option, its `selected` attribute no longer moves the
    // choice, so an undo back to another value would leave the pick showing)
    return html`${label}<select
        aria-label=${p.label}
        title=${title}
        .value=${live(value)}
        @change=${(e: Event) => this.commit((e.target as HTMLSelectElement).value, false)}
      >
        ${opts.map((o) => html`<option value=${o.value} ?selected=${o.value === value}>${o.label}</option>`)}
        ${missing ? html`<option value=${value} selected>${value} (missing)</option>` : nothing}
      </select>`;
  }
}
