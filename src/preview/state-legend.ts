/**
 * The preview's legend of states: for each agent type with more than one state, the type's colour
 * and name, then each state's mark (the ring its agents wear on the canvas; the first state has
 * none), its name and the live count of agents in it (state-counts.ts counts them).
 */
import { css, html, nothing } from 'lit';
import type { SceneDocument } from '../document/types';
import { FALLBACK_COLOR } from './paint/frame';
import { stateColorVar, type TypeStateCounts } from './state-counts';

/** The legend for these counted types (nothing when none has states). */
export function stateLegend(types: readonly TypeStateCounts[], scene: SceneDocument | null) {
  if (!types.length) return nothing;
  return html`<div class="legend" data-test="state-legend" aria-label="Agents per state">
    ${types.map((t) => {
      const type = scene?.agentTypes.find((x) => x.id === t.id);
      return html`<div class="legend-type" data-type=${t.id}>
        <span class="legend-swatch" style="background:${type?.color ?? FALLBACK_COLOR}"></span><b>${type?.name ?? t.id}</b>
        ${t.names.map(
          (name, k) =>
            html`<span class="legend-state" data-state=${name}
              ><span class="legend-mark ${k === 0 ? 'unmarked' : ''}" style="border-color:${stateColorVar(k)}"></span>${name}
              <span class="legend-count" data-test="state-count">${t.counts[k]}</span></span
            >`,
        )}
      </div>`;
    })}
  </div>`;
}

/** The legend's styles (part of the preview's). */
export const legendStyles = css`
  .legend {
    position: absolute;
    left: 8px;
    top: 8px;
    display: flex;
    flex-direction: column;
    gap: 3px;
    padding: 5px 8px;
    border-radius: 6px;
    background: var(--steer-preview-bar, rgba(22, 27, 33, 0.92));
    border: 1px solid var(--steer-preview-bar-border, #2b343e);
    pointer-events: none;
    max-width: calc(100% - 16px);
    box-sizing: border-box;
    font-size: 11px;
  }
  .legend-type {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 10px;
  }
  .legend-swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    margin-right: -5px;
  }
  .legend-state {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    white-space: nowrap;
  }
  .legend-mark {
    display: inline-block;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    border: 2px solid;
    box-sizing: border-box;
  }
  .legend-mark.unmarked {
    border-width: 1px;
    border-style: dashed;
  }
  .legend-count {
    font-variant-numeric: tabular-nums;
    color: var(--steer-preview-muted, #9aa7b4);
  }
`;
