/**
 * The preview's control bar (the timeline, play, step back and forward, reset, speed, seed, fit,
 * the overlay menu) as a Lit template of the state it shows and the actions it calls, and the
 * element's styles (the bar's for the most part). Free of the element's internals: preview.ts
 * passes its state in and its methods as the actions.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { OVERLAYS, type Overlay } from './draw';
import type { TimelineSeekDetail } from './timeline';
import { SPEEDS, clampSpeed } from './ticker';

/** The overlay menu's labels. */
const OVERLAY_LABELS: Readonly<Record<Overlay, string>> = {
  obstacles: 'Obstacles',
  paths: 'Paths',
  flow: 'Flow field',
  targets: 'Named targets',
  pointer: 'Pointer',
  velocity: 'Velocity',
  force: 'Steering force',
  wander: 'Wander circle',
  feelers: 'Feelers',
  neighbours: 'Neighbour radius',
  'wall-feelers': 'Wall feelers (followed agent)',
};

function labelOfSpeed(s: number): string {
  return `${s}×`;
}

/** What the bar shows. */
export interface ControlBarState {
  playing: boolean;
  tick: number;
  speed: number;
  seedText: string;
  overlays: ReadonlySet<string>;
  overlayMenu: boolean;
  /** Whether the Walls tool is on. */
  wallTool: boolean;
  /** Whether the Flow brush is on. */
  flowBrush?: boolean;
}

/** What the bar's controls do. */
export interface ControlBarActions {
  seek(e: CustomEvent<TimelineSeekDetail>): void;
  togglePlaying(): void;
  stepBack(): void;
  step(): void;
  reset(): void;
  speed(e: Event): void;
  seedInput(): void;
  seedKey(e: KeyboardEvent): void;
  resetWithSeed(): void;
  fit(): void;
  toggleMenu(): void;
  toggleWallTool(): void;
  toggleFlowBrush(): void;
  toggleOverlay(overlay: Overlay, on: boolean): void;
}

/** The control bar; see the file comment. */
export function controlBar(bar: ControlBarState, on: ControlBarActions): TemplateResult {
  const speed = clampSpeed(bar.speed);
  const speeds = SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b);
  return html`
    <div class="bar" part="bar" role="toolbar" aria-label="Simulation controls">
      <steer-timeline class="timeline" @timeline-seek=${on.seek}></steer-timeline>
      <button
        data-test="play-pause"
        aria-label=${bar.playing ? 'Pause' : 'Play'}
        title=${bar.playing ? 'Pause' : 'Play'}
        @click=${on.togglePlaying}
      >
        <span class="icon" aria-hidden="true">${bar.playing ? '❚❚' : '▶'}</span>
      </button>
      <button
        data-test="step-back"
        aria-label="Step one tick back"
        title="Step one tick back (,)"
        @click=${on.stepBack}
      >
        <span class="icon" aria-hidden="true">|◀</span>
      </button>
      <button data-test="step" aria-label="Step one tick" title="Step one tick (.)" @click=${on.step}>
        <span class="icon" aria-hidden="true">▶|</span>
      </button>
      <button data-test="reset" aria-label="Reset" title="Reset to tick 0" @click=${on.reset}>
        <span class="icon" aria-hidden="true">↺</span>
      </button>
      <span class="tick" data-test="tick" aria-live="off">tick ${bar.tick}</span>
      <span class="sep"></span>
      <label
        >Speed
        <select data-test="speed" aria-label="Speed" @change=${on.speed}>
          ${speeds.map((s) => html`<option value=${s} ?selected=${s === speed}>${labelOfSpeed(s)}</option>`)}
        </select>
      </label>
      <label
        >Seed
        <input
          data-test="seed"
          aria-label="Seed"
          type="number"
          min="0"
          max="4294967295"
          step="1"
          .value=${bar.seedText}
          @input=${on.seedInput}
          @keydown=${on.seedKey}
        />
      </label>
      <button data-test="reset-seed" aria-label="Reset with seed" @click=${on.resetWithSeed}>Reset with seed</button>
      <span class="sep"></span>
      <button
        data-test="walls-tool"
        aria-pressed=${bar.wallTool ? 'true' : 'false'}
        title="Walls (W): click to add points (Backspace takes the last one back), Enter or a double-click finishes, a click on the first point closes, Shift snaps to 15°; drag a vertex, click a wall to select it, Delete removes it; on the selected wall a click inserts a vertex, Alt-click removes one"
        @click=${on.toggleWallTool}
      >
        Walls
      </button>
      <button
        data-test="flow-brush"
        aria-pressed=${bar.flowBrush ? 'true' : 'false'}
        title="Flow brush (F): drag to paint the flow field along the stroke; Shift-drag erases. Each stroke is one undo step. A Flow Field node follows the field."
        @click=${on.toggleFlowBrush}
      >
        Flow brush
      </button>
      <button data-test="fit" aria-label="Fit the world in view" title="Fit the world in view" @click=${on.fit}>
        <span class="icon" aria-hidden="true">⤢</span>
      </button>
      <span class="menu">
        <button
          data-test="overlays"
          aria-label="Overlays"
          aria-haspopup="true"
          aria-expanded=${bar.overlayMenu ? 'true' : 'false'}
          @click=${on.toggleMenu}
        >
          Overlays
        </button>
        ${bar.overlayMenu
          ? html`<ul role="group" aria-label="Overlays">
              ${OVERLAYS.map(
                (o) =>
                  html`<li>
                    <label
                      ><input
                        type="checkbox"
                        data-test=${`overlay-${o}`}
                        .checked=${bar.overlays.has(o)}
                        @change=${(e: Event) => on.toggleOverlay(o, (e.target as HTMLInputElement).checked)}
                      />${OVERLAY_LABELS[o]}</label
                    >
                  </li>`,
              )}
            </ul>`
          : nothing}
      </span>
    </div>
  `;
}

/** The element's styles: the canvases that fill it, and the control bar. */
export const previewStyles = css`
    :host {
      display: block;
      position: relative;
      overflow: hidden;
      min-height: 160px;
      background: var(--steer-preview-background, #111418);
      color: var(--steer-preview-text, #dde3ea);
      font: 12px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      contain: content;
    }
    canvas {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      display: block;
      touch-action: none;
      outline: none;
    }
    canvas.gl {
      pointer-events: none;
    }
    .bar {
      position: absolute;
      left: 8px;
      bottom: 8px;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px;
      padding: 4px;
      border-radius: 6px;
      background: var(--steer-preview-bar, rgba(22, 27, 33, 0.92));
      border: 1px solid var(--steer-preview-bar-border, #2b343e);
      max-width: calc(100% - 16px);
      box-sizing: border-box;
    }
    button,
    select,
    input {
      font: inherit;
      color: inherit;
      background: var(--steer-preview-button, #1f262e);
      border: 1px solid var(--steer-preview-bar-border, #2b343e);
      border-radius: 4px;
      height: 26px;
      box-sizing: border-box;
    }
    button {
      min-width: 28px;
      padding: 0 7px;
      cursor: pointer;
    }
    button:hover,
    select:hover {
      background: var(--steer-preview-button-hover, #2a333d);
    }
    button:focus-visible,
    select:focus-visible,
    input:focus-visible {
      outline: 2px solid var(--steer-preview-accent, #5ec8ff);
      outline-offset: 1px;
    }
    button[aria-pressed='true'] {
      border-color: var(--steer-preview-accent, #5ec8ff);
    }
    .icon {
      font-size: 13px;
      line-height: 1;
    }
    label {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      padding: 0 2px 0 6px;
      color: var(--steer-preview-muted, #9aa7b4);
    }
    input[type='number'] {
      width: 88px;
      padding: 0 4px;
    }
    .sep {
      width: 1px;
      align-self: stretch;
      background: var(--steer-preview-bar-border, #2b343e);
      margin: 2px 2px;
    }
    .timeline {
      flex: 1 0 100%;
      padding: 0 4px;
      box-sizing: border-box;
    }
    button:disabled {
      opacity: 0.4;
      cursor: default;
    }
    .tick {
      font-variant-numeric: tabular-nums;
      color: var(--steer-preview-muted, #9aa7b4);
      padding: 0 6px;
      min-width: 64px;
    }
    .menu {
      position: relative;
    }
    .menu ul {
      position: absolute;
      bottom: 32px;
      left: 0;
      margin: 0;
      padding: 6px;
      list-style: none;
      background: var(--steer-preview-menu, #161b21);
      border: 1px solid var(--steer-preview-bar-border, #2b343e);
      border-radius: 6px;
      min-width: 150px;
    }
    .menu li label {
      color: inherit;
      padding: 3px 4px;
      width: 100%;
      box-sizing: border-box;
      cursor: pointer;
      white-space: nowrap;
    }
    .menu input[type='checkbox'] {
      height: auto;
      margin: 0 4px 0 0;
      accent-color: var(--steer-preview-accent, #5ec8ff);
    }
`;
