import { LitElement, css, html, nothing } from 'lit';
import { freshId } from '../document/commands';
import { RANGES } from '../document/schema';
import { ID_PATTERN, type AgentType } from '../document/types';
import { orientationFields } from './orientation-fields';
import type { LiveParams } from './params-panel';
import { panelStyles } from './styles';

/** What an agent type id may be, said to a user. */
export const ID_RULE = 'an id is a letter or _, then up to 63 letters, digits, _ or -';

/**
 * An agent type id made from its name, not among `taken`: "Wolves" → `wolves`, "Big Cats!" →
 * `big-cats`, "2nd" → `type-2nd`, a name with no letters → `type`, then `-2`, `-3`, … when taken.
 */
export function typeIdFromName(name: string, taken: readonly string[]): string {
  let base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!/^[a-z_]/.test(base)) base = base ? `type-${base}` : 'type';
  base = base.slice(0, 56).replace(/-+$/, '');
  return freshId(base, taken);
}

/** Why `id` cannot be the id of agent type `own` among `types`, or null when it can. */
export function typeIdProblem(id: string, own: string, types: readonly Pick<AgentType, 'id' | 'name'>[]): string | null {
  if (!ID_PATTERN.test(id)) return `Not an id: ${ID_RULE}.`;
  const other = types.find((t) => t.id === id && t.id !== own);
  return other ? `“${id}” is the id of the type “${other.name}”: ids are unique.` : null;
}

/** Detail of `type-change`: fields of the shown type; `id` when its id follows a new name (one undo step). */
export interface TypeChangeDetail {
  patch: Partial<AgentType>;
  mergeKey: string;
  id?: string;
}

/** Detail of `type-rename`: the id typed for the shown type (valid and unique). */
export interface TypeRenameDetail {
  from: string;
  to: string;
}

/**
 * The selected agent type's fields: name, id, colour, count, mass, maxSpeed, maxForce, spawn speed
 * and per-agent variation. The id is what the exported module's game code calls the type by
 * (`world.agents('wolves')`); it is shown and editable, checked against the file format's rule and
 * the other types' ids. Dispatches `type-change` ({@link TypeChangeDetail}) and `type-rename`
 * ({@link TypeRenameDetail}).
 */
export class SteerTypePanel extends LitElement {
  static properties = {
    type: { attribute: false },
    types: { attribute: false },
    idFollowsName: { attribute: false },
    idError: { state: true },
    live: { attribute: false },
  };

  /** The agent type shown. */
  declare type: AgentType | undefined;
  /** All agent types of the scene (for unique ids and names). */
  declare types: readonly AgentType[];
  /** Whether a new name gives the type a new id too (a type added in this session whose id was not edited). */
  declare idFollowsName: boolean;
  /** Why the id being typed cannot be the type's, while it cannot. */
  declare idError: string | null;
  /** The running preview's parameter values, for the Parameters panel's live sliders (params-panel.ts). */
  declare live: LiveParams | null;

  static styles = [
    panelStyles,
    css`
      .colour {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      input.bad {
        border-color: var(--steer-danger);
        outline: 1px solid var(--steer-danger);
      }
      .err,
      .warn {
        margin: 0 0 4px 98px;
        font-size: 11px;
      }
      .err {
        color: var(--steer-text-error);
      }
      .warn {
        color: var(--steer-highlight);
      }
      .id-hint {
        margin: 0 0 4px 98px;
      }
      input[type='color'] {
        width: 36px;
        height: 24px;
        padding: 0;
        border: 1px solid var(--steer-field-border);
        background: none;
      }
    `,
  ];

  constructor() {
    super();
    this.type = undefined;
    this.types = [];
    this.idFollowsName = false;
    this.idError = null;
    this.live = null;
  }

  private change(patch: Partial<AgentType>, field: string, id?: string): void {
    const detail: TypeChangeDetail = { patch, mergeKey: `type:${this.type?.id}:${field}`, ...(id ? { id } : {}) };
    this.dispatchEvent(new CustomEvent('type-change', { detail, bubbles: true, composed: true }));
  }

  private rename(name: string): void {
    const t = this.type!;
    const others = this.types.filter((x) => x.id !== t.id).map((x) => x.id);
    const id = this.idFollowsName ? typeIdFromName(name, others) : undefined;
    this.change({ name }, 'name', id && id !== t.id ? id : undefined);
  }

  private onIdInput(e: Event): void {
    const t = this.type!;
    this.idError = typeIdProblem((e.target as HTMLInputElement).value.trim(), t.id, this.types);
  }

  private onIdChange(e: Event): void {
    const t = this.type!;
    const el = e.target as HTMLInputElement;
    const to = el.value.trim();
    if (to === t.id || typeIdProblem(to, t.id, this.types)) {
      // nothing changes; the message stays until the field is left
      if (to === t.id) this.idError = null;
      return;
    }
    this.idError = null;
    const detail: TypeRenameDetail = { from: t.id, to };
    this.dispatchEvent(new CustomEvent('type-rename', { detail, bubbles: true, composed: true }));
  }

  private onIdBlur(e: Event): void {
    (e.target as HTMLInputElement).value = this.type?.id ?? '';
    this.idError = null;
  }

  render() {
    const t = this.type;
    if (!t) return html`<p class="hint">No agent type.</p>`;
    const num = (label: string, field: 'count' | 'mass' | 'maxSpeed' | 'maxForce', range: (typeof RANGES)[keyof typeof RANGES], step: number) =>
      html`<steer-number-field
        data-field=${field}
        .label=${label}
        .value=${t[field]}
        .range=${range}
        .step=${step}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.change({ [field]: e.detail.value }, field)}
      ></steer-number-field>`;
    const spawnSpeed = t.spawn?.speed ?? 0.5;
    const key = (n: string) => n.trim().toLowerCase();
    const twin = this.types.find((x) => x.id !== t.id && key(x.name) === key(t.name));
    return html`
      <h3>Agent type</h3>
      <div class="row">
        <label for="name">Name</label>
        <input
          id="name"
          aria-label="Type name"
          .value=${t.name}
          @change=${(e: Event) => {
            const v = (e.target as HTMLInputElement).value.trim();
            if (v && v.length <= 200) this.rename(v);
            else (e.target as HTMLInputElement).value = t.name;
          }}
        />
      </div>
      ${twin ? html`<p class="warn" role="status" data-test="duplicate-name">Another agent type is also called “${twin.name}”: tell them apart by their ids.</p>` : nothing}
      <div class="row">
        <label for="type-id">Id</label>
        <input
          id="type-id"
          aria-label="Type id"
          spellcheck="false"
          autocomplete="off"
          title="What your game calls this type in the exported module: world.agents('${t.id}')"
          aria-invalid=${this.idError ? 'true' : 'false'}
          class=${this.idError ? 'bad' : ''}
          .value=${t.id}
          @input=${this.onIdInput}
          @change=${this.onIdChange}
          @blur=${this.onIdBlur}
          @keydown=${(e: KeyboardEvent) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).dispatchEvent(new Event('change'));
            if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
          }}
        />
      </div>
      ${this.idError
        ? html`<p class="err" role="alert">${this.idError}</p>`
        : html`<p class="hint id-hint">Your game calls it <code>world.agents('${t.id}')</code>${this.idFollowsName ? ' (follows the name until you edit it)' : ''}.</p>`}
      <div class="row">
        <label for="colour">Colour</label>
        <span class="colour"
          ><input id="colour" type="color" aria-label="Type colour" .value=${t.color} @input=${(e: Event) => this.change({ color: (e.target as HTMLInputElement).value }, 'color')}
          /><code>${t.color}</code></span
        >
      </div>
      ${num('Count', 'count', RANGES.count, 1)} ${num('Mass', 'mass', RANGES.mass, 0.1)}
      ${num('Max speed', 'maxSpeed', RANGES.maxSpeed, 0.1)} ${num('Max force', 'maxForce', RANGES.maxForce, 0.01)}
      <steer-number-field
        data-field="spawnSpeed"
        .label=${'Start speed ×'}
        .value=${spawnSpeed}
        .range=${RANGES.spawnSpeed}
        .step=${0.05}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.change({ spawn: { ...(t.spawn ?? {}), speed: e.detail.value } }, 'spawnSpeed')}
      ></steer-number-field>
      <div class="row">
        <label for="spawn-shape">Start on</label>
        <select
          id="spawn-shape"
          aria-label="Start on"
          title="Where the agents appear: anywhere in the spawn area (the world, unless the file gives a rectangle), or evenly on the ring inscribed in it, facing its centre"
          @change=${(e: Event) => {
            const ring = (e.target as HTMLSelectElement).value === 'ring';
            const { shape: _, ...rest } = t.spawn ?? {};
            const spawn = ring ? { ...rest, shape: 'ring' as const } : rest;
            this.change({ spawn: Object.keys(spawn).length ? spawn : undefined }, 'spawnShape');
          }}
        >
          <option value="area" ?selected=${t.spawn?.shape !== 'ring'}>Anywhere in the area</option>
          <option value="ring" ?selected=${t.spawn?.shape === 'ring'}>A ring, facing in</option>
        </select>
      </div>
      <steer-number-field
        data-field="variation"
        .label=${'Variation ±'}
        .value=${t.variation?.maxSpeed ?? 0}
        .range=${RANGES.variation}
        .step=${0.05}
        @value-change=${(e: CustomEvent<{ value: number }>) =>
          this.change({ variation: e.detail.value ? { maxSpeed: e.detail.value, maxForce: e.detail.value } : undefined }, 'variation')}
      ></steer-number-field>
      <steer-number-field
        data-field="radius"
        .label=${'Radius'}
        .value=${t.radius ?? 0}
        .range=${RANGES.radius}
        .step=${1}
        .hint=${'The agents’ size, px, drawn as a circle and used by Avoid Agents and Queue; 0: point agents'}
        @value-change=${(e: CustomEvent<{ value: number }>) => this.change({ radius: e.detail.value === 0 ? undefined : e.detail.value }, 'radius')}
      ></steer-number-field>
      ${orientationFields(t, (patch, field) => this.change(patch, field))}
      <p class="hint">
        Speeds are px/tick and forces px/tick² (60 ticks per second). Each agent's force is capped at max force and divided
        by its mass.${t.count === 0 ? nothing : ''}
      </p>
      <steer-params-panel .type=${t} .live=${this.live}></steer-params-panel>
    `;
  }
}
