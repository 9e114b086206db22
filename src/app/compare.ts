/**
 * A/B compare: the open scene (A) and a duplicate (B) run side by side from the same seed at tick
 * 0, with the same pointer and the same play, pause and speed, each beside a per-type summary
 * (summary.ts). The app edits one variant at a time; each variant's document session and build
 * are in the comparison's session object (compare-session.ts), and "Editing: A | B" picks one.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { SceneDocument } from '../document/types';
import type { PreviewStatsDetail, SceneEditDetail, SteerPreview } from '../preview/preview';
import { SPEEDS } from '../preview/ticker';
import { toWorld } from '../preview/view';
import { COLLISIONS_DEFINITION, NEAREST_DEFINITION, SPEED_DEFINITION, summarize, type TypeSummary } from '../preview/summary';

/** Which variant. */
export type Variant = 'A' | 'B';

/** Detail of `scene-edit` from a compare preview: the canvas edit and the variant it was made in. */
export interface VariantSceneEditDetail {
  variant: Variant;
  edit: SceneEditDetail;
}

/** One variant's summary, sampled at a tick. */
export interface VariantSummary {
  tick: number;
  rows: TypeSummary[];
}

/** How often the summaries are sampled, ms. */
export const SUMMARY_INTERVAL_MS = 500;

/** Summarizes a preview's world now; null before its world runs. */
export function summarizePreview(preview: SteerPreview, scene: SceneDocument): VariantSummary | null {
  const world = preview.world;
  if (!world) return null;
  const obstacles = preview.obstacles;
  return {
    tick: world.tick,
    rows: summarize({
      width: scene.world.width,
      height: scene.world.height,
      edges: scene.world.edges,
      types: world.types.map((id) => ({ id, positions: world.positions(id), velocities: world.velocities(id) })),
      obstacles: obstacles.data,
      obstacleCount: obstacles.count,
    }),
  };
}

/**
 * `<steer-compare>`: two previews, A and B, each beside its summary table, under one control bar
 * (editing switch, play/pause, step, restart, speed, keep A / keep B). Both restart together once
 * both worlds run, and whenever Restart is pressed; the pointer moved over either is set in both.
 *
 * @fires compare-editing - `{ variant }`: the user chose the variant to edit
 * @fires compare-keep - `{ variant }`: end the comparison keeping that variant
 * @fires variant-scene-edit - {@link VariantSceneEditDetail}: an obstacle, target or path point edited on one preview
 */
export class SteerCompare extends LitElement {
  static properties = {
    sceneA: { attribute: false },
    sourceA: { attribute: false },
    sceneB: { attribute: false },
    sourceB: { attribute: false },
    editing: {},
    editPath: { attribute: false },
    playing: { state: true },
    speed: { state: true },
    ready: { state: true },
    summaries: { state: true },
  };

  /** Variant A's scene and module text. */
  declare sceneA: SceneDocument | undefined;
  declare sourceA: string;
  /** Variant B's scene and module text. */
  declare sceneB: SceneDocument | undefined;
  declare sourceB: string;
  /** The variant the app edits (its preview takes canvas edits of paths). */
  declare editing: Variant;
  /** The path being edited in the edited variant, or null. */
  declare editPath: string | null;
  declare private playing: boolean;
  declare private speed: number;
  /** True once both previews' worlds run (then both restart together). */
  declare private ready: boolean;
  /** The last sampled summaries (null before a world ran). */
  declare summaries: { A: VariantSummary | null; B: VariantSummary | null };

  private readonly loaded = new Set<Variant>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly _w: [number, number] = [0, 0];

  static styles = css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      background: var(--steer-bg);
      border-bottom: 1px solid var(--steer-border);
      color: var(--steer-text);
      font: 12px/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    }
    .bar {
      display: flex;
      align-items: center;
      gap: 6px;
      padding: 4px 10px;
      background: var(--steer-strip);
      border-bottom: 1px solid var(--steer-border);
      flex-wrap: wrap;
    }
    .title {
      font-weight: 600;
      color: var(--steer-accent);
      margin-right: 4px;
    }
    button,
    select {
      background: var(--steer-button);
      color: var(--steer-text);
      border: 1px solid var(--steer-button-border);
      border-radius: 5px;
      padding: 3px 9px;
      font: inherit;
      cursor: pointer;
    }
    button:hover {
      background: var(--steer-button-hover);
    }
    .switch {
      display: inline-flex;
    }
    .switch button {
      border-radius: 0;
    }
    .switch button:first-child {
      border-radius: 5px 0 0 5px;
    }
    .switch button:last-child {
      border-radius: 0 5px 5px 0;
      border-left: 0;
    }
    .switch button[aria-pressed='true'] {
      background: var(--steer-switch-on);
      border-color: var(--steer-switch-on-border);
      color: var(--steer-text-bright);
    }
    .muted {
      color: var(--steer-text-dim);
    }
    .sep {
      width: 1px;
      height: 20px;
      background: var(--steer-separator);
      margin: 0 2px;
    }
    .spacer {
      flex: 1;
    }
    .pair {
      flex: 1;
      min-height: 0;
      display: grid;
      grid-template-columns: 1fr 1fr;
    }
    section {
      display: grid;
      grid-template-columns: minmax(0, 1fr) 236px;
      grid-template-rows: 24px minmax(0, 1fr);
      min-height: 0;
      border: 1px solid transparent;
    }
    section + section {
      border-left-color: var(--steer-border);
    }
    section[data-editing] {
      box-shadow: inset 0 0 0 1px var(--steer-editing-outline);
    }
    section h3 {
      grid-column: 1 / -1;
      margin: 0;
      padding: 3px 10px;
      font-size: 12px;
      font-weight: 600;
      display: flex;
      gap: 8px;
      align-items: center;
      background: var(--steer-bar);
    }
    .label {
      display: inline-grid;
      place-items: center;
      width: 18px;
      height: 18px;
      border-radius: 4px;
      background: var(--steer-variant-a);
      color: var(--steer-text-bright);
    }
    section[data-variant='B'] .label {
      background: var(--steer-variant-b);
    }
    .badge {
      color: var(--steer-editing);
      font-weight: 400;
    }
    steer-preview {
      min-height: 0;
      height: 100%;
    }
    steer-preview::part(bar) {
      display: none;
    }
    .summary {
      overflow: auto;
      padding: 6px 8px;
      background: var(--steer-panel);
      border-left: 1px solid var(--steer-border);
    }
    table {
      width: 100%;
      border-collapse: collapse;
      font-variant-numeric: tabular-nums;
    }
    th {
      text-align: right;
      font-weight: 500;
      color: var(--steer-text-status);
      padding: 2px 4px;
      cursor: help;
      border-bottom: 1px solid var(--steer-table-rule);
      white-space: nowrap;
    }
    th:first-child {
      text-align: left;
    }
    td {
      text-align: right;
      padding: 3px 4px;
      white-space: nowrap;
    }
    td:first-child {
      text-align: left;
      max-width: 90px;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    td.diff {
      color: var(--steer-warning);
    }
    .swatch {
      display: inline-block;
      width: 9px;
      height: 9px;
      border-radius: 50%;
      margin-right: 5px;
    }
    .hint {
      color: var(--steer-text-dim);
      margin: 6px 0 0;
      font-size: 11px;
    }
    .legend {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 1px 8px;
      margin: 8px 0 0;
      font-size: 11px;
      color: var(--steer-text-hint);
    }
    .legend dt {
      color: var(--steer-text-status);
    }
    .legend dd {
      margin: 0;
    }
  `;

  constructor() {
    super();
    this.sceneA = undefined;
    this.sourceA = '';
    this.sceneB = undefined;
    this.sourceB = '';
    this.editing = 'A';
    this.editPath = null;
    this.playing = true;
    this.speed = 1;
    this.ready = false;
    this.summaries = { A: null, B: null };
  }

  /** The two previews (null before the first render). */
  get previews(): { A: SteerPreview | null; B: SteerPreview | null } {
    const q = (v: Variant) => this.renderRoot?.querySelector<SteerPreview>(`section[data-variant="${v}"] steer-preview`) ?? null;
    return { A: q('A'), B: q('B') };
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.timer = setInterval(() => this.sample(), SUMMARY_INTERVAL_MS);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Both previews back to tick 0 of the scene's seed, together. */
  restart(): void {
    const { A, B } = this.previews;
    A?.reset();
    B?.reset();
    this.sample();
  }

  /** One tick in both, paused. */
  step(): void {
    this.playing = false;
    const { A, B } = this.previews;
    A?.stepOnce();
    B?.stepOnce();
    this.sample();
  }

  /** Samples both summaries now. */
  sample(): void {
    const { A, B } = this.previews;
    this.summaries = {
      A: A && this.sceneA ? summarizePreview(A, this.sceneA) : null,
      B: B && this.sceneB ? summarizePreview(B, this.sceneB) : null,
    };
  }

  protected updated(changed: PropertyValues<this>): void {
    if ((changed as Map<PropertyKey, unknown>).has('playing') && !this.playing) queueMicrotask(() => this.sample());
  }

  private onLoad(v: Variant): void {
    if (this.ready) return;
    this.loaded.add(v);
    if (this.loaded.size === 2) {
      // both worlds run: start them together from tick 0
      this.ready = true;
      this.restart();
    }
  }

  /** The pointer over one preview is the pointer of both. */
  private onPointerMove(v: Variant, e: PointerEvent): void {
    // a middle-button pan moves the view, not the pointer
    if (e.buttons & 4) return;
    const { A, B } = this.previews;
    const from = v === 'A' ? A : B;
    const to = v === 'A' ? B : A;
    if (!from || !to) return;
    const r = from.getBoundingClientRect();
    toWorld(this._w, from.view, e.clientX - r.left, e.clientY - r.top);
    to.setPointer(this._w[0], this._w[1]);
  }

  private emit(name: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private renderSummary(v: Variant, scene: SceneDocument | undefined) {
    const s = this.summaries[v];
    const other = this.summaries[v === 'A' ? 'B' : 'A'];
    // B's figures that differ from A's at the same tick stand out
    const against = v === 'B' && other && s && other.tick === s.tick ? new Map(other.rows.map((r) => [r.id, r])) : null;
    const cls = (a: string, b: string | undefined) => (against && b !== undefined && a !== b ? 'diff' : '');
    const speed = (r: TypeSummary) => r.meanSpeed.toFixed(2);
    const nn = (r: TypeSummary) => (r.meanNearest === null ? '–' : r.meanNearest.toFixed(1));
    return html`<div class="summary" data-test="summary">
      <table>
        <thead>
          <tr>
            <th title="Agent type and how many">Type</th>
            <th title=${SPEED_DEFINITION}>Speed</th>
            <th title=${NEAREST_DEFINITION}>Nearest</th>
            <th title=${COLLISIONS_DEFINITION}>In obst.</th>
          </tr>
        </thead>
        <tbody>
          ${(s?.rows ?? []).map((r) => {
            const t = scene?.agentTypes.find((x) => x.id === r.id);
            const a = against?.get(r.id);
            return html`<tr data-type=${r.id}>
              <td title=${`${t?.name ?? r.id}: ${r.count} ${r.count === 1 ? 'agent' : 'agents'}`}><span class="swatch" style="background:${t?.color ?? '#888'}"></span>${t?.name ?? r.id}</td>
              <td data-col="speed" class=${cls(speed(r), a && speed(a))}>${speed(r)}</td>
              <td data-col="nearest" class=${cls(nn(r), a && nn(a))}>${nn(r)}</td>
              <td data-col="collisions" class=${cls(String(r.inObstacles), a && String(a.inObstacles))}>${r.inObstacles}</td>
            </tr>`;
          })}
        </tbody>
      </table>
      <p class="hint">${s ? html`Sampled at tick <span data-test="summary-tick">${s.tick}</span>, twice a second.` : 'Starting…'}</p>
      <dl class="legend">
        <dt>Speed</dt><dd>mean |velocity|, px/tick</dd>
        <dt>Nearest</dt><dd>mean distance to the nearest other agent, px</dd>
        <dt>In obst.</dt><dd>agents inside an obstacle at that tick</dd>
      </dl>
    </div>`;
  }

  private renderVariant(v: Variant) {
    const scene = v === 'A' ? this.sceneA : this.sceneB;
    const source = v === 'A' ? this.sourceA : this.sourceB;
    const editing = this.editing === v;
    return html`<section data-variant=${v} ?data-editing=${editing}>
      <h3>
        <span class="label">${v}</span><span>${v === 'A' ? 'Original' : 'Variant'}</span>
        ${editing ? html`<span class="badge">· editing</span>` : nothing}
      </h3>
      <steer-preview
        .scene=${scene}
        .source=${source}
        .playing=${this.playing && this.ready}
        .speed=${this.speed}
        .lockstep=${true}
        .editPath=${editing ? this.editPath : null}
        @pointermove=${(e: PointerEvent) => this.onPointerMove(v, e)}
        @preview-load=${() => this.onLoad(v)}
        @preview-stats=${(e: CustomEvent<PreviewStatsDetail>) => {
          if (!editing) e.stopPropagation();
        }}
        @scene-edit=${(e: CustomEvent<SceneEditDetail>) => {
          e.stopPropagation();
          this.emit('variant-scene-edit', { variant: v, edit: e.detail } satisfies VariantSceneEditDetail);
        }}
      ></steer-preview>
      ${this.renderSummary(v, scene)}
    </section>`;
  }

  render() {
    return html`
      <div class="bar" role="toolbar" aria-label="A/B compare">
        <span class="title">A/B compare</span>
        <span class="muted">Editing:</span>
        <span class="switch" role="group" aria-label="Variant to edit">
          ${(['A', 'B'] as const).map(
            (v) => html`<button data-test=${`edit-${v}`} aria-pressed=${this.editing === v ? 'true' : 'false'}
              title=${`The graph and panels edit variant ${v} (each has its own undo)`}
              @click=${() => this.editing !== v && this.emit('compare-editing', { variant: v })}>${v}</button>`,
          )}
        </span>
        <span class="sep"></span>
        <button data-test="compare-play" title=${this.playing ? 'Pause both' : 'Play both'} @click=${() => (this.playing = !this.playing)}>
          ${this.playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button data-test="compare-step" title="One tick in both" @click=${() => this.step()}>▶| Step</button>
        <button data-test="compare-restart" title="Both back to tick 0 with the same seed" @click=${() => this.restart()}>↺ Restart</button>
        <select data-test="compare-speed" aria-label="Speed of both" @change=${(e: Event) => (this.speed = Number((e.target as HTMLSelectElement).value))}>
          ${SPEEDS.map((s) => html`<option value=${s} ?selected=${s === this.speed}>${s}×</option>`)}
        </select>
        <span class="muted">seed ${this.sceneA?.world.seed ?? ''}${this.sceneB && this.sceneA && this.sceneB.world.seed !== this.sceneA.world.seed ? ` / ${this.sceneB.world.seed}` : ''}</span>
        <span class="spacer"></span>
        <button data-test="keep-A" title="End the comparison with A as the open scene" @click=${() => this.emit('compare-keep', { variant: 'A' })}>Keep A</button>
        <button data-test="keep-B" title="End the comparison with B as the open scene (unsaved)" @click=${() => this.emit('compare-keep', { variant: 'B' })}>Keep B</button>
      </div>
      <div class="pair">${this.renderVariant('A')}${this.renderVariant('B')}</div>
    `;
  }
}
