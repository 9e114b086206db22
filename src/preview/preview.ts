import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { BehaviorWorld } from '../../runtime/api';
import type { Obstacle, SceneDocument } from '../document/types';
import { DEFAULT_OVERLAYS, OVERLAYS, Renderer, TARGET_MARKER_PX, readTheme, typeStyles, type Hot, type Overlay, type Theme, type TypeStyle } from './draw';
import { LoopController } from './loop-controller';
import { importModuleText } from './module-import';
import { SizeController } from './size-controller';
import { SpaceKeyController } from './space-key-controller';
import { SPEEDS, clampSpeed } from './ticker';
import { IDENTITY, fitView, panBy, toScreen, toWorld, wheelFactor, zoomAt, type View } from './view';
import { WorldHost, errorMessage, type HostOutcome } from './world-host';

/** Detail of `scene-edit`: an edit the user made on the canvas, for the app to apply to the document. */
export type SceneEditDetail =
  | { kind: 'move-obstacle'; index: number; x: number; y: number }
  | { kind: 'move-target'; name: string; x: number; y: number }
  | { kind: 'add-path-point'; path: string; x: number; y: number };

/** Detail of `preview-stats`, about twice a second while playing (and after a pause, step or reset). */
export interface PreviewStatsDetail {
  /** The world's tick. */
  tick: number;
  /** Agents in the world, all types. */
  agents: number;
  /** Wall time per tick over the last half second or so, ms. */
  msPerTick: number;
  /** Frames drawn per second over the last half second or so (0 while paused). */
  fps: number;
}

/** Detail of `preview-error`: a module that failed to load or start; the last good world runs on. */
export interface PreviewErrorDetail {
  message: string;
}

/** Detail of `overlays-change`: the overlays the user picked in the preview's own menu. */
export interface OverlaysChangeDetail {
  overlays: string[];
}

declare global {
  interface Window {
    /** The connected preview, for browser tests. */
    __steerPreview?: SteerPreview;
  }
  interface HTMLElementTagNameMap {
    'steer-preview': SteerPreview;
  }
}

/** A press on the canvas: a pan, or a left press that becomes a drag or stays a click. */
type Gesture =
  | { kind: 'pan'; pointerId: number; lastX: number; lastY: number }
  | { kind: 'press'; pointerId: number; startX: number; startY: number; grab: Hot; dx: number; dy: number }
  | { kind: 'drag'; pointerId: number; grab: NonNullable<Hot>; dx: number; dy: number; x: number; y: number; vx: number; vy: number; startX: number; startY: number };

/** The overlay menu's labels. */
const OVERLAY_LABELS: Readonly<Record<Overlay, string>> = {
  obstacles: 'Obstacles',
  paths: 'Paths',
  targets: 'Named targets',
  pointer: 'Pointer',
  velocity: 'Velocity',
  force: 'Steering force',
  wander: 'Wander circle',
  feelers: 'Feelers',
  neighbours: 'Neighbour radius',
};

/** A press moving more than this many CSS px becomes a drag. */
const DRAG_SLOP_PX = 3;
/** Extra hit radius around obstacles and target markers, CSS px. */
const HIT_SLOP_PX = 4;

/** Dropped positions are rounded to this many decimals of a px (documents stay readable). */
function roundPx(v: number): number {
  return Math.round(v * 10) / 10;
}

function sameHot(a: Hot, b: Hot): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'target') return b.kind === 'target' && a.name === b.name;
  return b.kind === 'obstacle' && a.index === b.index;
}

function labelOfSpeed(s: number): string {
  return `${s}×`;
}

/**
 * `<steer-preview>`: the live simulation of a scene. It runs the compiled module's world (the same
 * emitted source the app exports) at 60 ticks per second × speed, draws it on a canvas that fills
 * the element, and lets the user pan and zoom, steer the Pointer target with the mouse, drag named
 * targets and obstacles, and add points to a path. A control bar plays, pauses, steps, resets
 * (optionally with a seed), sets the speed, fits the view and picks overlays.
 *
 * @fires scene-edit - {@link SceneEditDetail}: an obstacle or target dropped, or a path point added
 * @fires preview-stats - {@link PreviewStatsDetail}: tick, agents, ms per tick, frames per second
 * @fires preview-error - {@link PreviewErrorDetail}: a module that did not load; the last good world runs on
 * @fires overlays-change - {@link OverlaysChangeDetail}: overlays picked in the preview's own menu
 * @cssprop --steer-preview-background - page colour around the world (also --steer-preview-world,
 *   -bounds, -obstacle, -obstacle-stroke, -hot, -path, -path-active, -target, -pointer, -velocity,
 *   -force, -wander, -feeler, -neighbour, -text, -font: see THEME_PROPERTIES in draw.ts)
 * @cssprop --steer-preview-bar - control bar background (also --steer-preview-bar-border,
 *   --steer-preview-button, --steer-preview-button-hover, --steer-preview-accent,
 *   --steer-preview-muted, --steer-preview-menu)
 */
export class SteerPreview extends LitElement {
  static properties = {
    scene: { attribute: false },
    source: { attribute: false },
    playing: { type: Boolean },
    speed: { type: Number },
    overlays: { attribute: false },
    editPath: { attribute: false },
    seedText: { state: true },
    tick: { state: true },
    cursor: { state: true },
    overlayMenu: { state: true },
  };

  /** The scene document, for drawing: agent type colours, obstacles, paths, targets, world size, edges, node parameters of the overlays. */
  declare scene: SceneDocument | undefined;
  /** The text of the scene's compiled module (src/compiler/module.ts); a new text swaps in without resetting the world. */
  declare source: string;
  /** Whether the simulation runs (default true). */
  declare playing: boolean;
  /** Simulation speed, 0.25 to 4 (1: 60 ticks per second); values outside are clamped. */
  declare speed: number;
  /** Overlays to draw: 'velocity' | 'force' | 'wander' | 'feelers' | 'neighbours' | 'paths' | 'pointer' | 'obstacles' | 'targets'. */
  declare overlays: Set<string>;
  /** Id of the path being edited, or null: while set, a click on the canvas adds a point to it (a `scene-edit`). */
  declare editPath: string | null;
  declare private seedText: string;
  declare private tick: number;
  declare private cursor: string;
  declare private overlayMenu: boolean;

  static styles = css`
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

  private readonly host = new WorldHost(importModuleText);
  private readonly renderer = new Renderer();
  private readonly forces = new Map<string, Float64Array>();
  private readonly loop: LoopController;
  private readonly size: SizeController;
  private readonly space: SpaceKeyController;
  private viewState: View = IDENTITY;
  /** True while the view is the fitted one: it refits when the box or the world's size changes. */
  private fitted = true;
  private theme: Theme | null = null;
  private styleCache: { scene: SceneDocument | null; styles: Map<string, TypeStyle> } = { scene: null, styles: new Map() };
  private gesture: Gesture | null = null;
  private hot: Hot = null;
  private over = false;
  private fittedSize = '';
  private readonly _w: [number, number] = [0, 0];
  private readonly _s: [number, number] = [0, 0];

  constructor() {
    super();
    this.scene = undefined;
    this.source = '';
    this.playing = true;
    this.speed = 1;
    this.overlays = new Set(DEFAULT_OVERLAYS);
    this.editPath = null;
    this.seedText = '';
    this.tick = 0;
    this.cursor = 'default';
    this.overlayMenu = false;
    this.loop = new LoopController(this, {
      advance: (n) => this.advance(n),
      draw: () => this.drawFrame(),
      stats: (fps, ms) => this.emitStats(fps, ms),
    });
    this.size = new SizeController(
      this,
      () => this.canvas,
      () => {
        this.theme = null;
        if (this.fitted) this.fit();
        this.loop.requestFrame();
      },
    );
    this.space = new SpaceKeyController(
      this,
      () => this.over,
      () => this.updateCursor(),
    );
  }

  /** The live world (the running module's `createWorld()` result), or null before a module loaded. */
  get world(): BehaviorWorld | null {
    return this.host.world;
  }

  /** The view transform: a world point (x, y) shows at `(x × scale + view.x, y × scale + view.y)` CSS px of the canvas. */
  get view(): View {
    return this.viewState;
  }

  /** The seed the world runs: the one chosen with `reset(seed)`, else the scene's (null before a module loaded). */
  get seed(): number | null {
    return this.host.seed;
  }

  private get canvas(): HTMLCanvasElement | null {
    return this.renderRoot?.querySelector('canvas') ?? null;
  }

  connectedCallback(): void {
    super.connectedCallback();
    window.__steerPreview = this;
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    if (window.__steerPreview === this) delete window.__steerPreview;
    this.gesture = null;
  }

  /** Starts a fresh world from the current module at tick 0; with `seed` (0–4294967295), that seed from now on. */
  reset(seed?: number): void {
    this.afterOutcome(this.host.reset(seed));
  }

  /** Runs one tick and pauses. */
  stepOnce(): void {
    this.playing = false;
    this.loop.setPlaying(false);
    if (this.host.world) this.loop.step(1);
  }

  /** Fits the view to the world. */
  fit(): void {
    const w = this.sceneForDrawing()?.world;
    if (w && this.size.width > 0 && this.size.height > 0) {
      // fit above the control bar, so it covers none of the world
      const bar = this.renderRoot?.querySelector<HTMLElement>('.bar');
      const reserve = bar ? Math.min(bar.offsetHeight + 8, this.size.height / 3) : 0;
      this.viewState = fitView(w.width, w.height, this.size.width, this.size.height - reserve, 16);
      this.fittedSize = `${w.width}×${w.height}`;
    }
    this.fitted = true;
    this.loop.requestFrame();
  }

  /** Moves the world's Pointer target to (x, y), world px. */
  setPointer(x: number, y: number): void {
    try {
      this.host.setPointer(x, y);
    } catch (e) {
      this.emitError(errorMessage(e));
    }
    this.loop.requestFrame();
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('speed')) this.loop.speed = clampSpeed(this.speed);
    if (changed.has('editPath')) this.updateCursor();
  }

  protected updated(changed: PropertyValues<this>): void {
    if (changed.has('playing')) this.loop.setPlaying(this.playing);
    if (changed.has('source') && this.source) void this.loadSource(this.source);
    if (changed.has('scene')) {
      const w = this.scene?.world;
      if (w && this.fitted && `${w.width}×${w.height}` !== this.fittedSize) this.fit();
    }
    if (changed.has('overlays') && !this.overlays.has('force')) this.forces.clear();
    if (changed.has('scene') || changed.has('overlays') || changed.has('editPath')) this.loop.requestFrame();
  }

  private async loadSource(source: string): Promise<void> {
    const outcome = await this.host.load(source, this.scene);
    if (outcome.kind === 'stale') return;
    this.afterOutcome(outcome);
  }

  private afterOutcome(outcome: HostOutcome): void {
    if (outcome.kind === 'error') {
      this.emitError(outcome.message);
      return;
    }
    if (outcome.kind === 'fresh') {
      this.renderer.clearHeadings();
      this.loop.restartClock();
    }
    this.forces.clear();
    this.seedText = String(this.host.seed ?? '');
    if (this.fitted) this.fit();
    // while playing, the next half-second report tells; while paused, tell now
    if (!this.playing) this.loop.reportNow();
    this.loop.requestFrame();
  }

  // ─── the loop's client ────────────────────────────────────────────────────────────────────

  private advance(n: number): void {
    const world = this.host.world;
    if (!world) return;
    try {
      if (this.overlays.has('force')) {
        // forces of the tick about to run, kept for drawing (computeForces then step = step alone)
        for (let k = 0; k < n; k++) {
          for (const id of world.types) this.forces.set(id, world.computeForces(id));
          world.step(1);
        }
      } else {
        world.step(n);
      }
    } catch (e) {
      this.playing = false;
      this.emitError(`The simulation stopped: ${errorMessage(e)}`);
    }
  }

  private emitStats(fps: number, msPerTick: number): void {
    const world = this.host.world;
    let agents = 0;
    if (world) for (const id of world.types) agents += world.positions(id).length >> 1;
    const tick = world?.tick ?? 0;
    this.tick = tick;
    this.dispatchEvent(
      new CustomEvent<PreviewStatsDetail>('preview-stats', {
        detail: { tick, agents, msPerTick, fps },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private emitError(message: string): void {
    this.dispatchEvent(new CustomEvent<PreviewErrorDetail>('preview-error', { detail: { message }, bubbles: true, composed: true }));
  }

  private emitEdit(detail: SceneEditDetail): void {
    this.dispatchEvent(new CustomEvent<SceneEditDetail>('scene-edit', { detail, bubbles: true, composed: true }));
  }

  private sceneForDrawing(): SceneDocument | null {
    return this.scene ?? (this.host.scene as SceneDocument | null);
  }

  private stylesFor(scene: SceneDocument | null): Map<string, TypeStyle> {
    if (this.styleCache.scene !== scene) this.styleCache = { scene, styles: typeStyles(scene) };
    return this.styleCache.styles;
  }

  private drawFrame(): void {
    const canvas = this.canvas;
    const cssW = this.size.width;
    const cssH = this.size.height;
    if (!canvas || cssW <= 0 || cssH <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    const bw = Math.max(1, Math.round(cssW * dpr));
    const bh = Math.max(1, Math.round(cssH * dpr));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) return;
    this.theme ??= readTheme(this);
    const world = this.host.world;
    const scene = this.sceneForDrawing();
    // before any world ran (a first module that failed), the scene's own obstacles and targets
    const obstacles = world || !scene ? this.host.liveObstacles() : { data: scene.world.obstacles.flatMap((o) => [o.x, o.y, o.r, 0, 0]), count: scene.world.obstacles.length };
    const targets = world || !scene ? this.host.targets : new Map(scene.world.targets.map((t) => [t.name, [t.x, t.y] as const]));
    const pointer = this.host.pointer ?? (scene ? ([scene.world.width / 2, scene.world.height / 2] as const) : ([0, 0] as const));
    this.renderer.draw(ctx, {
      width: cssW,
      height: cssH,
      dpr,
      view: this.viewState,
      theme: this.theme,
      scene,
      styles: this.stylesFor(scene),
      world,
      obstacles,
      targets,
      pointer,
      overlays: this.overlays,
      editPath: this.editPath,
      forces: this.forces,
      hot: this.gesture?.kind === 'drag' ? this.gesture.grab : this.hot,
    });
  }

  // ─── canvas input ─────────────────────────────────────────────────────────────────────────

  private local(e: { clientX: number; clientY: number }): [number, number] {
    const r = this.canvas!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  /** The target or obstacle under screen point (sx, sy), topmost first. */
  private hitTest(sx: number, sy: number): Hot {
    const v = this.viewState;
    if (this.overlays.has('targets')) {
      let best: Hot = null;
      let bestD = (TARGET_MARKER_PX + HIT_SLOP_PX) ** 2;
      for (const [name, [x, y]] of this.host.targets) {
        toScreen(this._s, v, x, y);
        const d = (this._s[0] - sx) ** 2 + (this._s[1] - sy) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = { kind: 'target', name };
        }
      }
      if (best) return best;
    }
    if (this.overlays.has('obstacles')) {
      const { data, count } = this.host.liveObstacles();
      toWorld(this._w, v, sx, sy);
      const slop = HIT_SLOP_PX / v.scale;
      for (let k = count - 1; k >= 0; k--) {
        const dx = this._w[0] - data[5 * k];
        const dy = this._w[1] - data[5 * k + 1];
        const r = data[5 * k + 2] + slop;
        if (dx * dx + dy * dy <= r * r) return { kind: 'obstacle', index: k };
      }
    }
    return null;
  }

  /** Where the grabbed thing is now (world px). */
  private grabPosition(grab: NonNullable<Hot>): [number, number] {
    if (grab.kind === 'target') {
      const t = this.host.targets.get(grab.name);
      return t ? [t[0], t[1]] : [0, 0];
    }
    const { data } = this.host.liveObstacles();
    return [data[5 * grab.index], data[5 * grab.index + 1]];
  }

  private currentObstacles(): Obstacle[] {
    const { data, count } = this.host.liveObstacles();
    const out: Obstacle[] = [];
    for (let k = 0; k < count; k++) out.push({ x: data[5 * k], y: data[5 * k + 1], r: data[5 * k + 2], vx: data[5 * k + 3], vy: data[5 * k + 4] });
    return out;
  }

  /** Moves the grabbed thing in the live world. */
  private place(grab: NonNullable<Hot>, x: number, y: number, drift?: { vx: number; vy: number }): void {
    try {
      if (grab.kind === 'target') {
        this.host.setTarget(grab.name, x, y);
      } else {
        const list = this.currentObstacles();
        const o = list[grab.index];
        if (!o) return;
        // held still while dragged; its drift comes back on drop
        list[grab.index] = { x, y, r: o.r, vx: drift?.vx ?? 0, vy: drift?.vy ?? 0 };
        this.host.setObstacles(list);
      }
    } catch (e) {
      this.emitError(errorMessage(e));
    }
    this.loop.requestFrame();
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    const canvas = this.canvas;
    if (!canvas || this.gesture) return;
    this.overlayMenu = false;
    const [sx, sy] = this.local(e);
    if (e.button === 1 || (e.button === 0 && this.space.held)) {
      e.preventDefault();
      this.gesture = { kind: 'pan', pointerId: e.pointerId, lastX: sx, lastY: sy };
    } else if (e.button === 0) {
      e.preventDefault();
      const grab = this.hitTest(sx, sy);
      let dx = 0;
      let dy = 0;
      if (grab) {
        toWorld(this._w, this.viewState, sx, sy);
        const [gx, gy] = this.grabPosition(grab);
        dx = gx - this._w[0];
        dy = gy - this._w[1];
      }
      this.gesture = { kind: 'press', pointerId: e.pointerId, startX: sx, startY: sy, grab, dx, dy };
    } else {
      return;
    }
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    this.updateCursor();
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    if (!this.canvas) return;
    const [sx, sy] = this.local(e);
    const g = this.gesture;
    if (g && g.pointerId !== e.pointerId) return;
    if (g?.kind === 'pan') {
      this.viewState = panBy(this.viewState, sx - g.lastX, sy - g.lastY);
      this.fitted = false;
      g.lastX = sx;
      g.lastY = sy;
      this.loop.requestFrame();
      return;
    }
    toWorld(this._w, this.viewState, sx, sy);
    this.setPointer(this._w[0], this._w[1]);
    if (g?.kind === 'press' && g.grab && Math.hypot(sx - g.startX, sy - g.startY) > DRAG_SLOP_PX) {
      const [x0, y0] = this.grabPosition(g.grab);
      const { data } = this.host.liveObstacles();
      const drift = g.grab.kind === 'obstacle' ? { vx: data[5 * g.grab.index + 3], vy: data[5 * g.grab.index + 4] } : { vx: 0, vy: 0 };
      this.gesture = { kind: 'drag', pointerId: g.pointerId, grab: g.grab, dx: g.dx, dy: g.dy, x: x0, y: y0, vx: drift.vx, vy: drift.vy, startX: x0, startY: y0 };
    }
    const d = this.gesture;
    if (d?.kind === 'drag') {
      d.x = roundPx(this._w[0] + d.dx);
      d.y = roundPx(this._w[1] + d.dy);
      this.place(d.grab, d.x, d.y);
      return;
    }
    if (!g) {
      const hot = this.hitTest(sx, sy);
      if (!sameHot(hot, this.hot)) {
        this.hot = hot;
        this.updateCursor();
        this.loop.requestFrame();
      }
    }
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const g = this.gesture;
    if (!g || g.pointerId !== e.pointerId) return;
    this.gesture = null;
    this.canvas?.releasePointerCapture?.(e.pointerId);
    if (g.kind === 'drag') {
      this.place(g.grab, g.x, g.y, { vx: g.vx, vy: g.vy });
      if (g.grab.kind === 'target') this.emitEdit({ kind: 'move-target', name: g.grab.name, x: g.x, y: g.y });
      else this.emitEdit({ kind: 'move-obstacle', index: g.grab.index, x: g.x, y: g.y });
    } else if (g.kind === 'press' && this.editPath) {
      const [sx, sy] = this.local(e);
      toWorld(this._w, this.viewState, sx, sy);
      this.emitEdit({ kind: 'add-path-point', path: this.editPath, x: roundPx(this._w[0]), y: roundPx(this._w[1]) });
    }
    this.updateCursor();
  };

  private readonly onPointerCancel = (e: PointerEvent): void => {
    const g = this.gesture;
    if (!g || g.pointerId !== e.pointerId) return;
    this.gesture = null;
    // a cancelled drag puts the thing back where it was
    if (g.kind === 'drag') this.place(g.grab, g.startX, g.startY, { vx: g.vx, vy: g.vy });
    this.updateCursor();
  };

  private readonly onPointerEnter = (): void => {
    this.over = true;
  };

  private readonly onPointerLeave = (): void => {
    // the Pointer target stays where the mouse left
    this.over = false;
    if (this.hot && !this.gesture) {
      this.hot = null;
      this.updateCursor();
      this.loop.requestFrame();
    }
  };

  private readonly onWheel = {
    handleEvent: (e: WheelEvent): void => {
      if (!this.canvas) return;
      e.preventDefault();
      const [sx, sy] = this.local(e);
      this.viewState = zoomAt(this.viewState, sx, sy, wheelFactor(e.deltaY, e.deltaMode));
      this.fitted = false;
      this.loop.requestFrame();
    },
    passive: false,
  };

  private readonly onMouseDown = (e: MouseEvent): void => {
    // no autoscroll on a middle-button pan
    if (e.button === 1) e.preventDefault();
  };

  private updateCursor(): void {
    const g = this.gesture;
    let cursor = 'default';
    if (g?.kind === 'pan') cursor = 'grabbing';
    else if (g?.kind === 'drag') cursor = 'grabbing';
    else if (this.space.held) cursor = 'grab';
    else if (this.hot) cursor = 'grab';
    else if (this.editPath) cursor = 'crosshair';
    this.cursor = cursor;
  }

  // ─── control bar ──────────────────────────────────────────────────────────────────────────

  private togglePlaying(): void {
    this.playing = !this.playing;
  }

  private onSpeed(e: Event): void {
    this.speed = Number((e.target as HTMLSelectElement).value);
  }

  private onSeedInput(e: Event): void {
    this.seedText = (e.target as HTMLInputElement).value;
  }

  private resetWithSeed(): void {
    const text = this.seedText.trim();
    const seed = Number(text);
    if (text === '' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      this.emitError(`The seed must be a whole number from 0 to 4294967295, got "${text}"`);
      return;
    }
    this.reset(seed);
  }

  private onSeedKey(e: KeyboardEvent): void {
    if (e.key === 'Enter') this.resetWithSeed();
  }

  private toggleOverlay(name: string, on: boolean): void {
    const next = new Set(this.overlays);
    if (on) next.add(name);
    else next.delete(name);
    this.overlays = next;
    this.dispatchEvent(
      new CustomEvent<OverlaysChangeDetail>('overlays-change', { detail: { overlays: [...next] }, bubbles: true, composed: true }),
    );
  }

  render() {
    const speed = clampSpeed(this.speed);
    const speeds = SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b);
    return html`
      <canvas
        role="img"
        aria-label="Simulation preview"
        tabindex="-1"
        style="cursor: ${this.cursor}"
        @pointerdown=${this.onPointerDown}
        @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp}
        @pointercancel=${this.onPointerCancel}
        @pointerenter=${this.onPointerEnter}
        @pointerleave=${this.onPointerLeave}
        @mousedown=${this.onMouseDown}
        @wheel=${this.onWheel}
        @contextmenu=${(e: Event) => this.gesture && e.preventDefault()}
      ></canvas>
      <div class="bar" role="toolbar" aria-label="Simulation controls">
        <button
          data-test="play-pause"
          aria-label=${this.playing ? 'Pause' : 'Play'}
          title=${this.playing ? 'Pause' : 'Play'}
          @click=${this.togglePlaying}
        >
          <span class="icon" aria-hidden="true">${this.playing ? '❚❚' : '▶'}</span>
        </button>
        <button data-test="step" aria-label="Step one tick" title="Step one tick" @click=${() => this.stepOnce()}>
          <span class="icon" aria-hidden="true">▶|</span>
        </button>
        <button data-test="reset" aria-label="Reset" title="Reset to tick 0" @click=${() => this.reset()}>
          <span class="icon" aria-hidden="true">↺</span>
        </button>
        <span class="tick" data-test="tick" aria-live="off">tick ${this.tick}</span>
        <span class="sep"></span>
        <label
          >Speed
          <select data-test="speed" aria-label="Speed" @change=${this.onSpeed}>
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
            .value=${this.seedText}
            @input=${this.onSeedInput}
            @keydown=${this.onSeedKey}
          />
        </label>
        <button data-test="reset-seed" aria-label="Reset with seed" @click=${this.resetWithSeed}>Reset with seed</button>
        <span class="sep"></span>
        <button data-test="fit" aria-label="Fit the world in view" title="Fit the world in view" @click=${() => this.fit()}>
          <span class="icon" aria-hidden="true">⤢</span>
        </button>
        <span class="menu">
          <button
            data-test="overlays"
            aria-label="Overlays"
            aria-haspopup="true"
            aria-expanded=${this.overlayMenu ? 'true' : 'false'}
            @click=${() => (this.overlayMenu = !this.overlayMenu)}
          >
            Overlays
          </button>
          ${this.overlayMenu
            ? html`<ul role="group" aria-label="Overlays">
                ${OVERLAYS.map(
                  (o) =>
                    html`<li>
                      <label
                        ><input
                          type="checkbox"
                          data-test=${`overlay-${o}`}
                          .checked=${this.overlays.has(o)}
                          @change=${(e: Event) => this.toggleOverlay(o, (e.target as HTMLInputElement).checked)}
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
}
