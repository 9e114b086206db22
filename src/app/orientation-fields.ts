/**
 * The agent type panel's orientation fields (BEHAVIORS.md, "Orientation"): Max turn rate (degrees
 * per tick; empty is no limit) and Heading smoothing (0 off, or 2 to 64; drawing only). Both are
 * `steer-number-field`s and commit through the panel's `type-change`, so typing merges into one undo
 * step and undo restores the value as for mass or max speed.
 */
import { html, type TemplateResult } from 'lit';
import { RANGES } from '../document/schema';
import type { AgentType } from '../document/types';

/**
 * What Heading smoothing says of a typed number: null for 0 or a whole number from 2 to 64, else the
 * rule as the loader words it (1 is refused: a mean of one heading is no smoothing).
 */
export function smoothingProblem(v: number): string | null {
  return Number.isInteger(v) && (v === 0 || (v >= 2 && v <= 64)) ? null : 'expected 0 (off) or a whole number from 2 to 64';
}

/**
 * The two fields of type `t`; `change(patch, field)` is the panel's commit (a field's undefined
 * removes it from the type: no limit, no smoothing).
 */
export function orientationFields(t: AgentType, change: (patch: Partial<AgentType>, field: string) => void): TemplateResult {
  return html`
    <steer-number-field
      data-field="maxTurnRate"
      .label=${'Max turn rate'}
      .value=${t.maxTurnRate}
      .range=${RANGES.maxTurnRate}
      .step=${1}
      .optional=${true}
      .placeholder=${'no limit'}
      .hint=${'Degrees per tick the heading may turn (the velocity turns with it); empty: no limit'}
      @value-change=${(e: CustomEvent<{ value: number | undefined }>) => change({ maxTurnRate: e.detail.value }, 'maxTurnRate')}
    ></steer-number-field>
    <steer-number-field
      data-field="headingSmoothing"
      .label=${'Heading smoothing'}
      .value=${t.headingSmoothing ?? 0}
      .range=${RANGES.headingSmoothing}
      .step=${1}
      .check=${smoothingProblem}
      .hint=${'Agents are drawn facing the mean of their last k headings: 0 off, or 2 to 64 (drawing only)'}
      @value-change=${(e: CustomEvent<{ value: number }>) => change({ headingSmoothing: e.detail.value === 0 ? undefined : e.detail.value }, 'headingSmoothing')}
    ></steer-number-field>
    <p class="hint">Max turn rate is degrees per tick (empty: turns at once). Heading smoothing only changes how agents are drawn.</p>
  `;
}
