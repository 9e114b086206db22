import { LitElement, css, html, nothing } from 'lit';
import { RANGES } from '../document/schema';
import type { AgentType } from '../document/types';
import { panelStyles } from './styles';

/**
 * The selected agent type's fields: name, colour, count, mass, maxSpeed, maxForce, spawn speed and
 * per-agent variation. Dispatches `type-change` with `{ patch, mergeKey }`.
 */
export class SteerTypePanel extends LitElement {
  static properties = {
    type: { attribute: false },
  };

  /** The agent type shown. */
  declare type: AgentType | undefined;

  static styles = [
    panelStyles,
    css`
      .colour {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      input[type='color'] {
        width: 36px;
        height: 24px;
        padding: 0;
        border: 1px solid #39424d;
        background: none;
      }
    `,
  ];

  constructor() {
    super();
    this.type = undefined;
  }

  private change(patch: Partial<AgentType>, field: string): void {
    this.dispatchEvent(
      new CustomEvent('type-change', { detail: { patch, mergeKey: `type:${this.type?.id}:${field}` }, bubbles: true, composed: true }),
    );
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
            if (v && v.length <= 200) this.change({ name: v }, 'name');
            else (e.target as HTMLInputElement).value = t.name;
          }}
        />
      </div>
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
      <steer-number-field
        data-field="variation"
        .label=${'Variation ±'}
        .value=${t.variation?.maxSpeed ?? 0}
        .range=${RANGES.variation}
        .step=${0.05}
        @value-change=${(e: CustomEvent<{ value: number }>) =>
          this.change({ variation: e.detail.value ? { maxSpeed: e.detail.value, maxForce: e.detail.value } : undefined }, 'variation')}
      ></steer-number-field>
      <p class="hint">
        Speeds are px/tick and forces px/tick² (60 ticks per second). Each agent's force is capped at max force and divided
        by its mass.${t.count === 0 ? nothing : ''}
      </p>
    `;
  }
}
