// Over 600 lines (about 690), knowingly: this is the element's public face, its 15 documented
// properties, its methods (reset, step, follow, probe, seek, fit, setPointer…) and the events it
// fires, plus the wiring that gives each part the little it needs of the element. The parts are
// in their own files: the threads and the hand-over (thread-switch.ts, simulation-host.ts), the
// canvas input, path editing and the Walls tool (canvas-gestures.ts, canvas-hit.ts, path-edit.ts,
// wall-edit.ts), the view (view-controller.ts), a frame's drawing (frame-painter.ts, draw.ts,
// paint/, wall-feelers.ts), the replay and the timeline (replay-control.ts), the control bar
// (control-bar.ts, its actions bar-actions.ts) and the state legend and its counts
// (state-legend.ts, state-counts.ts).
import { expose, withdraw } from '../test-hooks';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { SceneDocument } from '../document/types';
import { CanvasGestures } from './canvas-gestures';
import { DEFAULT_OVERLAYS, readTheme } from './draw';
import { FramePainter } from './frame-painter';
import type { PreviewWorld } from './frame-world';
import { pickAgent, type Followed } from './inspect';
import type { ProbeReading } from '../../runtime/api';
import { LoopController, TICK_BUDGET_MS } from './loop-controller';
import type { DrawMode, Drawing, Threading } from './modes';
import type { OverlaysChangeDetail, PreviewErrorDetail, PreviewLoadDetail, PreviewStatsDetail, SceneEditDetail, WallSelectDetail } from './preview-events';
import type { ReplayInput } from './replay';
import type { SimulationHost } from './simulation-host';
import type { RecordedRange } from './sim-protocol';
import { ReplayControl } from './replay-control';
import { DismissController } from './dismiss-controller';
import { SizeController } from './size-controller';
import { SpaceKeyController } from './space-key-controller';
import { clampSpeed } from './ticker';
import { barActions } from './bar-actions';
import { controlBar, previewStyles } from './control-bar';
import type { View } from './view';
import { ViewController } from './view-controller';
import { ThreadSwitch } from './thread-switch';
import { errorMessage, type HostOutcome } from './world-host';
import { StateCounts } from './state-counts';
import { legendStyles, stateLegend } from './state-legend';
import { readStateColors } from './paint/states';

export type { OverlaysChangeDetail, PreviewErrorDetail, PreviewLoadDetail, PreviewStatsDetail, SceneEditDetail, WallSelectDetail } from './preview-events';

declare global {
  interface Window {
    /** The connected preview, for browser tests (a test build only: src/test-hooks.ts). */
    __steerPreview?: SteerPreview;
  }
  interface HTMLElementTagNameMap {
    'steer-preview': SteerPreview;
  }
}

/**
 * `<steer-preview>`: the live simulation of a scene. It runs the compiled module's world (the same
 * emitted source the app exports) at 60 ticks per second × speed, draws it on a canvas that fills
 * the element, and lets the user pan and zoom, steer the Pointer target with the mouse, drag named
 * targets and obstacles, and add points to a path. A control bar plays, pauses, steps, resets
 * (optionally with a seed), sets the speed, fits the view and picks overlays.
 *
 * A large scene runs in a worker (sim-worker.ts, on its own clock; the page draws the state of its
 * latest frame, and `world` is then a FrameWorld) and is drawn with WebGL2 or a bitmap, with the
 * per-agent overlays for the agents nearest the view's centre: see modes.ts for when. The world
 * moves between the threads, not a tick lost, when the scene crosses the threshold.
 *
 * @fires scene-edit - {@link SceneEditDetail}: an obstacle or target dropped, or a path point added
 * @fires preview-stats - {@link PreviewStatsDetail}: tick, agents, ms per tick, frames per second
 * @fires preview-error - {@link PreviewErrorDetail}: a module that did not load; the last good world runs on
 * @fires preview-load - {@link PreviewLoadDetail}: a new module (or a reset) runs
 * @fires overlays-change - {@link OverlaysChangeDetail}: overlays picked in the preview's own menu
 * @fires wall-select - {@link WallSelectDetail}: a click of the Walls tool selected a wall (or none)
 * @cssprop --steer-preview-background - page colour around the world (also --steer-preview-world,
 *   -bounds, -obstacle, -obstacle-stroke, -hot, -wall, -wall-region, -path, -path-active, -target,
 *   -pointer, -velocity, -force, -wander, -feeler, -neighbour, -text, -font: see THEME_PROPERTIES in draw.ts)
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
    lockstep: { type: Boolean },
    overlays: { attribute: false },
    editPath: { attribute: false },
    wallTool: { type: Boolean },
    flowBrush: { type: Boolean },
    selectedWall: { attribute: false },
    threading: {},
    drawing: {},
    seedText: { state: true },
    tick: { state: true },
    activeDraw: { state: true },
    cursor: { state: true },
    overlayMenu: { state: true },
    followed: { state: true },
    legendVersion: { state: true },
  };

  /** The scene document, for drawing: agent type colours, obstacles, paths, targets, world size, edges, node parameters of the overlays. */
  declare scene: SceneDocument | undefined;
  /** The text of the scene's compiled module (src/compiler/module.ts); a new text swaps in without resetting the world. */
  declare source: string;
  /** Whether the simulation runs (default true). */
  declare playing: boolean;
  /** Simulation speed, 0.25 to 4 (1: 60 ticks per second); values outside are clamped. */
  declare speed: number;
  /**
   * Runs every tick owed in each frame, however long they take (default false: a frame stops
   * ticking after its budget, see loop-controller.ts), so previews side by side stay tick for tick
   * together, as A/B compare needs.
   */
  declare lockstep: boolean;
  /** Overlays to draw: 'velocity' | 'force' | 'wander' | 'feelers' | 'neighbours' | 'paths' | 'pointer' | 'obstacles' | 'targets'. */
  declare overlays: Set<string>;
  /** Id of the path being edited, or null: while set, a click on the canvas adds a point to it (a `scene-edit`). */
  declare editPath: string | null;
  /**
   * Whether the Walls tool is on (the control bar's *Walls*, or W with the preview focused): clicks
   * draw walls, drag their vertices and select them (wall-edit.ts); each finished action is a `scene-edit`.
   */
  declare wallTool: boolean;
  /** Whether the Flow brush is on (the control bar's *Flow brush*): a left drag paints the first flow field (flow-stroke.ts), Shift-drag erases. */
  declare flowBrush: boolean;
  /** The selected wall's id (highlighted while the Walls tool is on; Delete removes it), or null. Fires `wall-select` when a click changes it. */
  declare selectedWall: string | null;
  /**
   * Where the simulation runs: `auto` (default) on the main thread up to WORKER_THRESHOLD agents
   * and in a worker above (modes.ts), or always `main` or `worker`. A change carries the running
   * world over.
   */
  declare threading: Threading;
  /**
   * What draws the agents: `auto` (default) Canvas 2D paths up to LARGE_DRAW_THRESHOLD agents,
   * above WebGL2 on a GPU else the bitmap renderer (modes.ts); or always `canvas`, `bitmap` or
   * `webgl` (the bitmap renderer where there is no WebGL2).
   */
  declare drawing: Drawing;
  declare private seedText: string;
  declare private tick: number;
  declare private cursor: string;
  declare private overlayMenu: boolean;
  declare private activeDraw: DrawMode;
  /** The agent the inspector follows (click an agent; click empty space to stop). */
  declare followed: Followed | null;
  /** The live counts of agents per state (the legend; the state marks): recounted each frame drawn. */
  private readonly stateCounts = new StateCounts();
  /** The counts' version last rendered: a changed count renders the legend again. */
  declare private legendVersion: number;

  static styles = [previewStyles, legendStyles];

  /** The simulation's thread, and the hand-over between them (thread-switch.ts). */
  private readonly threads: ThreadSwitch;
  /** Worker mode: a frame (or a view change) waits to be drawn. */
  private dirty = true;
  /** The last load's or reset's outcome, until its `preview-load` is sent. */
  private lastOutcome: Extract<HostOutcome, { kind: 'fresh' | 'resumed' }> | null = null;
  private readonly painter: FramePainter;
  private readonly loop: LoopController;
  private readonly size: SizeController;
  private readonly space: SpaceKeyController;
  private readonly views = new ViewController();
  private readonly gestures: CanvasGestures;
  /** Seeking the recording, the , and . keys, the timeline (replay-control.ts). */
  private readonly replay = new ReplayControl({
    sim: () => this.sim,
    running: () => this.loop.running,
    pause: () => {
      this.playing = false;
      this.loop.setPlaying(false);
    },
    stepForward: () => this.stepOnce(),
    sought: () => {
      this.painter.clearHeadings();
      this.loop.reportNow();
      this.redraw();
    },
    redraw: () => this.redraw(),
    error: (message) => this.emitError(message),
    timeline: () => this.renderRoot?.querySelector('steer-timeline') ?? null,
  });
  /** What the control bar's controls do (bar-actions.ts). */
  private readonly barActions = barActions({
    togglePlaying: () => (this.playing = !this.playing),
    setSpeed: (speed) => (this.speed = speed),
    seek: (tick) => this.seek(tick),
    stepBack: () => this.stepBack(),
    step: () => this.stepOnce(),
    reset: (seed) => this.reset(seed),
    fit: () => this.fit(),
    toggleMenu: () => (this.overlayMenu = !this.overlayMenu),
    toggleWallTool: () => this.toggleWallTool(),
    toggleFlowBrush: () => {
      this.flowBrush = !this.flowBrush;
      if (this.flowBrush) this.wallTool = false;
    },
    overlays: () => this.overlays,
    pickOverlays: (next) => {
      this.overlays = next;
      this.fire<OverlaysChangeDetail>('overlays-change', { overlays: [...next] });
    },
    seedText: () => this.renderRoot?.querySelector<HTMLInputElement>('[data-test="seed"]')?.value ?? this.seedText,
    sceneSeed: () => this.scene?.world.seed,
    error: (message) => this.emitError(message),
    edit: (detail) => this.emitEdit(detail),
  });

  constructor() {
    super();
    this.scene = undefined;
    this.source = '';
    this.playing = true;
    this.speed = 1;
    this.overlays = new Set(DEFAULT_OVERLAYS);
    this.editPath = null;
    this.wallTool = false;
    this.flowBrush = false;
    this.selectedWall = null;
    this.lockstep = false;
    this.seedText = '';
    this.tick = 0;
    this.cursor = 'default';
    this.overlayMenu = false;
    new DismissController(this, () => this.overlayMenu, () => [this.renderRoot.querySelector('.menu')], () => (this.overlayMenu = false));
    this.threading = 'auto';
    this.drawing = 'auto';
    this.activeDraw = 'canvas';
    this.followed = null;
    this.legendVersion = 0;
    this.loop = new LoopController(this, {
      advance: (n) => {
        if (!this.threads.handingOver) this.sim.advance(n);
      },
      draw: () => this.drawFrame(),
      stats: (fps, ms, tps) => this.emitStats(fps, ms, tps),
      ticked: (ms, n) => {
        if (!this.threads.handingOver) this.sim.ticked(ms, n);
      },
    });
    this.threads = new ThreadSwitch({
      element: this,
      threading: () => this.threading,
      source: () => this.source,
      scene: () => this.scene,
      shown: () => ({ speed: clampSpeed(this.speed), forces: this.overlays.has('force'), playing: this.playing, followed: this.followed }),
      step: (n) => this.loop.step(n),
      stopped: (message) => {
        this.playing = false;
        this.emitError(message);
      },
      frame: (current, fresh) => {
        this.dirty = true;
        if (fresh && current) this.emitLoad();
        if (!this.loop.running) {
          this.loop.requestFrame();
          if (current && this.world && this.world.tick !== this.tick) this.loop.reportNow();
        }
      },
      error: (message, stopped) => {
        if (stopped) this.playing = false;
        this.emitError(message);
      },
      switched: () => {
        this.painter.clearHeadings();
        this.loop.restartClock();
      },
      outcome: (outcome) => this.afterOutcome(outcome),
    });
    this.size = new SizeController(
      this,
      () => this.canvas,
      () => {
        this.painter.resetTheme();
        if (this.views.fitted) this.fit();
        this.redraw();
      },
    );
    this.space = new SpaceKeyController(
      this,
      () => this.gestures.over,
      () => this.gestures.updateCursor(),
    );
    this.painter = new FramePainter({
      theme: () => readTheme(this),
      stateColors: () => readStateColors(this),
      glCanvas: () => this.renderRoot?.querySelector<HTMLCanvasElement>('canvas.gl') ?? null,
      redraw: () => this.redraw(),
    });
    this.gestures = new CanvasGestures(
      this,
      {
        canvas: () => this.canvas,
        scene: () => this.sceneForDrawing(),
        editPath: () => this.editPath,
        wallTool: () => this.wallTool,
        flowBrush: () => this.flowBrush,
        selectedWall: () => this.selectedWall,
        selectWall: (id) => {
          if (id === this.selectedWall) return;
          this.selectedWall = id;
          this.fire<WallSelectDetail>('wall-select', { id });
        },
        overlays: () => this.overlays,
        targets: () => this.sim.targets,
        obstacles: () => this.sim.liveObstacles(),
        spaceHeld: () => this.space.held,
        // paused in the recorded past, the mouse does not steer (the recorded Pointer does): see seek()
        pointer: (x, y, dragging) => {
          if (this.playing || dragging || !this.sim.ahead) this.setPointer(x, y);
        },
        input: (input) => {
          try {
            this.giveInput(input);
          } catch (e) {
            this.emitError(errorMessage(e));
          }
        },
        edit: (detail) => this.emitEdit(detail),
        // a click on an agent follows it; a click on empty space stops following
        click: (sx, sy) => {
          if (this.world) this.follow(pickAgent(this.world, this.views.view, sx, sy, 12));
        },
        pressed: () => (this.overlayMenu = false),
        cursor: (cursor) => (this.cursor = cursor),
        redraw: () => this.redraw(),
      },
      this.views,
    );
  }

  /**
   * The live world, or null before a module loaded: on the main thread the running module's
   * `createWorld()` result; in worker mode a {@link FrameWorld} with the state of the worker's last
   * frame (its edits go to the worker). A new module or a reset gives a new object.
   */
  get world(): PreviewWorld | null {
    return this.sim.world;
  }

  /** The obstacles as they are now: x, y, r, vx, vy per circle (drifting ones have moved since the scene said). */
  get obstacles(): { data: ArrayLike<number>; count: number } {
    return this.sim.liveObstacles();
  }

  /** Where the simulation runs now. */
  get mode(): 'main' | 'worker' {
    return this.sim.thread;
  }

  /** What draws the agents now. */
  get drawMode(): DrawMode {
    return this.activeDraw;
  }

  /** The view transform: a world point (x, y) shows at `(x × scale + view.x, y × scale + view.y)` CSS px of the canvas. */
  get view(): View {
    return this.views.view;
  }

  /** The simulation the preview talks to: the page's or the worker's client (see simulation-host.ts). */
  private get sim(): SimulationHost {
    return this.threads.sim;
  }

  /** The seed the world runs: the one chosen with `reset(seed)`, else the scene's (null before a module loaded). */
  get seed(): number | null {
    return this.sim.seed;
  }

  /** The canvas that takes the input and draws with Canvas 2D (over the WebGL2 one, when there is one). */
  private get canvas(): HTMLCanvasElement | null {
    return this.renderRoot?.querySelector('canvas:not(.gl)') ?? null;
  }

  connectedCallback(): void {
    super.connectedCallback();
    expose('preview', this);
    this.addEventListener('keydown', this.onKeyDown);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    withdraw('preview', this);
    this.removeEventListener('keydown', this.onKeyDown);
  }

  /**
   * Starts a fresh world from the current module at tick 0; with `seed` (0–4294967295), that seed
   * from now on. In worker mode the new world shows a moment later (a `preview-load`).
   */
  reset(seed?: number): void {
    const outcome = this.sim.reset(seed);
    if (outcome instanceof Promise) void outcome.then((o) => this.afterOutcome(o));
    else this.afterOutcome(outcome);
  }

  /** Runs one tick and pauses (in worker mode the tick shows a moment later). */
  stepOnce(): void {
    this.playing = false;
    this.loop.setPlaying(false);
    this.sim.setPlaying(false);
    this.sim.step(1);
  }

  /**
   * Follows an agent (null: none): from the next tick on, `probe()` tells every node output of
   * its graph for it, and the preview draws its forces. Fires `agent-follow`.
   */
  follow(target: Followed | null): void {
    const same = target && this.followed && target.type === this.followed.type && target.index === this.followed.index;
    if (same || (!target && !this.followed)) return;
    this.followed = target;
    this.sim.follow(target);
    this.fire<Followed | null>('agent-follow', target);
    this.redraw();
  }

  /** The followed agent's node outputs as of the last computed forces; null when none is followed (or it is gone). */
  probe(): ProbeReading | null {
    return this.followed ? this.sim.probe() : null;
  }

  // ─── replay (replay-control.ts, replay.ts, timeline.ts) ────────────────────────────────────

  /**
   * Shows the recorded run at `tick` (clamped to the recorded range) and pauses: the world is
   * rebuilt from the recording bit for bit as the run had it, in the current graph. Playing on
   * replays the recorded input; a graph edit made here runs from this tick. In worker mode the
   * worker holds the recording and seeks (the state shows when its frame arrives).
   */
  seek(tick: number): void {
    this.replay.seek(tick);
  }

  /** Steps one tick back in the recording (pauses). */
  stepBack(): void {
    this.replay.stepBack();
  }

  /**
   * Starts the recording afresh at the current tick (the app calls it when it opens another
   * scene that the running world carries on into).
   */
  restartRecording(): void {
    this.replay.restartRecording();
  }

  /**
   * The recorded range: ticks `start` to `end` can be sought; `inputEnd` is the last tick with
   * recorded input (−1: none). In worker mode, the worker's as of its last frame.
   */
  get recording(): RecordedRange | null {
    return this.replay.recording;
  }

  /** Gives the world live input, which the recording logs (replay.ts). */
  private giveInput(input: ReplayInput): void {
    this.sim.input(input);
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (this.gestures.onKey(e)) return;
    const inner = e.composedPath()[0];
    const typing = inner instanceof HTMLInputElement || inner instanceof HTMLSelectElement || inner instanceof HTMLTextAreaElement;
    if (e.key.toLowerCase() === 'w' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey && !typing) {
      e.preventDefault();
      this.toggleWallTool();
      return;
    }
    this.replay.onKey(e);
  };

  /** Turns the Walls tool on or off (the control bar's *Walls*, or W with the preview focused, not in a field). */
  toggleWallTool(): void {
    this.wallTool = !this.wallTool;
    if (this.wallTool) this.flowBrush = false;
  }

  /** Fits the view to the world. */
  fit(): void {
    // fit above the control bar, so it covers none of the world
    const bar = this.renderRoot?.querySelector<HTMLElement>('.bar');
    const reserve = bar ? Math.min(bar.offsetHeight + 8, this.size.height / 3) : 0;
    this.views.fit(this.sceneForDrawing()?.world, this.size.width, this.size.height, reserve);
    this.redraw();
  }

  /** Moves the world's Pointer target to (x, y), world px. */
  setPointer(x: number, y: number): void {
    try {
      this.giveInput({ kind: 'pointer', x, y });
    } catch (e) {
      this.emitError(errorMessage(e));
    }
    this.redraw();
  }

  /**
   * Sets type parameter `name` of agent type `typeId` in the running world (world.setParam): at
   * once, without recompiling or resetting, as input the recording logs (replay and seeking give
   * it back). False when no world took it (none runs, it has no such parameter, the value is out
   * of its range); the document is not changed.
   */
  setParam(typeId: string, name: string, value: number): boolean {
    if (!this.sim.world) return false;
    try {
      this.giveInput({ kind: 'param', type: typeId, name, value });
    } catch {
      return false;
    }
    this.redraw();
    return true;
  }

  /** The running world's value of type parameter `name` of `typeId` (in worker mode as of its last frame), or null when it has none. */
  paramValue(typeId: string, name: string): number | null {
    const world = this.sim.world;
    if (!world) return null;
    try {
      return world.param(typeId, name);
    } catch {
      return null;
    }
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('speed')) {
      this.loop.speed = clampSpeed(this.speed);
      this.sim.setSpeed(this.loop.speed);
    }
    if (changed.has('lockstep')) this.loop.tickBudgetMs = this.lockstep ? Infinity : TICK_BUDGET_MS;
    if (changed.has('editPath')) this.gestures.editPathChanged();
    if (changed.has('wallTool')) this.gestures.wallToolChanged();
  }

  protected updated(changed: PropertyValues<this>): void {
    if (changed.has('playing')) {
      this.loop.setPlaying(this.playing);
      this.sim.setPlaying(this.playing);
    }
    if (changed.has('source') && this.source) this.threads.load(this.source);
    else if (changed.has('threading') && changed.get('threading') !== undefined && this.source) this.threads.load(this.source);
    if (changed.has('scene')) {
      if (this.views.wantsFit(this.scene?.world)) this.fit();
    }
    if (changed.has('overlays')) this.sim.setForces(this.overlays.has('force'));
    const all = changed as Map<PropertyKey, unknown>;
    if (all.has('scene') || all.has('overlays') || all.has('editPath') || all.has('wallTool') || all.has('flowBrush') || all.has('selectedWall') || all.has('activeDraw') || all.has('drawing')) this.redraw();
  }

  /** Asks for a frame to be drawn (while playing in worker mode, frames draw only when there is something new). */
  private redraw(): void {
    this.dirty = true;
    this.loop.requestFrame();
  }

  private afterOutcome(outcome: HostOutcome): void {
    if (outcome.kind === 'error') {
      this.emitError(outcome.message);
      return;
    }
    if (outcome.kind === 'stale') return;
    this.lastOutcome = outcome;
    // the timeline
    this.requestUpdate();
    this.threads.restartCost();
    // in worker mode the world runs once its first frame is here (it comes with the answer)
    if (this.sim.world) this.emitLoad();
    if (outcome.kind === 'fresh') {
      this.painter.clearHeadings();
      this.loop.restartClock();
      // a new world may be of another size (a swap keeps the size: see reconcile.ts)
      if (this.views.fitted) this.fit();
    }
    this.seedText = String(this.sim.seed ?? '');
    // while playing, the next half-second report tells; while paused, tell now
    if (!this.playing) this.loop.reportNow();
    this.redraw();
  }

  /** Tells that a new module's world (or a reset's) runs, once per outcome. */
  private emitLoad(): void {
    const outcome = this.lastOutcome;
    if (!outcome) return;
    this.lastOutcome = null;
    const reason = outcome.kind === 'fresh' ? { reason: outcome.reason } : {};
    this.fire<PreviewLoadDetail>('preview-load', { kind: outcome.kind, ...reason, thread: this.sim.thread, tick: this.world?.tick ?? 0 });
  }

  // ─── the loop's client ────────────────────────────────────────────────────────────────────

  private emitStats(fps: number, msPerTick: number, ticksPerSecond: number): void {
    const world = this.world;
    let agents = 0;
    if (world) for (const id of world.types) agents += world.positions(id).length >> 1;
    const tick = world?.tick ?? 0;
    this.tick = tick;
    const timing = this.sim.timing({ msPerTick, ticksPerSecond }, this.playing);
    const { thread } = this.sim;
    this.fire<PreviewStatsDetail>('preview-stats', { tick, agents, msPerTick: timing.msPerTick, fps, ticksPerSecond: timing.ticksPerSecond, thread, drawMode: this.activeDraw });
  }

  /** Fires an event of the preview's (they all bubble out of shadow roots). */
  private fire<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  private emitError(message: string): void {
    this.fire<PreviewErrorDetail>('preview-error', { message });
  }

  private emitEdit(detail: SceneEditDetail): void {
    this.fire<SceneEditDetail>('scene-edit', detail);
  }

  private sceneForDrawing(): SceneDocument | null {
    return this.scene ?? (this.sim.scene as SceneDocument | null);
  }

  /** Draws a frame; false when there was nothing new to draw (worker mode, between frames). */
  private drawFrame(): boolean {
    this.replay.syncTimeline();
    // while playing, a frame draws when the state moved with it (the page ticks) or something new came (a worker's frame, a view change)
    if (this.loop.running && !this.sim.animationFrame() && !this.dirty) return false;
    this.dirty = false;
    const canvas = this.canvas;
    if (!canvas || this.size.width <= 0 || this.size.height <= 0) return false;
    const scene = this.sceneForDrawing();
    if (this.stateCounts.update(this.world)) this.legendVersion = this.stateCounts.version;
    const painted = this.painter.paint({
      canvas,
      width: this.size.width,
      height: this.size.height,
      drawing: this.drawing,
      active: this.activeDraw,
      world: this.world,
      scene,
      drawnScene: this.gestures.drawnScene(scene),
      sim: this.sim,
      view: this.views.view,
      overlays: this.overlays,
      editPath: this.editPath,
      selectedPathPoint: this.gestures.selectedPoint,
      wallTool: this.gestures.wallView,
      flowBrush: this.gestures.flowBrushView,
      hot: this.gestures.highlighted,
      followed: this.followed,
      states: this.stateCounts.types,
      probe: () => this.probe(),
    });
    if (typeof painted === 'boolean') return painted;
    // the canvases change in the next update, which asks for a frame
    this.activeDraw = painted;
    return false;
  }


  render() {
    // with WebGL2 the agents are drawn on a canvas of their own, under the Canvas 2D one (a new
    // one then: a canvas keeps the context attributes it was first asked with, and this one needs alpha)
    const gl = this.activeDraw === 'webgl';
    return html`
      ${gl ? html`<canvas class="gl" aria-hidden="true"></canvas>` : nothing}
      ${keyed(
        gl,
        html`<canvas
          role="img"
          aria-label="Simulation preview"
          tabindex="-1"
          style="cursor: ${this.cursor}"
          @pointerdown=${this.gestures.onPointerDown}
          @pointermove=${this.gestures.onPointerMove}
          @pointerup=${this.gestures.onPointerUp}
          @pointercancel=${this.gestures.onPointerCancel}
          @pointerenter=${this.gestures.onPointerEnter}
          @pointerleave=${this.gestures.onPointerLeave}
          @mousedown=${this.gestures.onMouseDown}
          @wheel=${this.gestures.onWheel}
          @contextmenu=${this.gestures.onContextMenu}
        ></canvas>`,
      )}
      ${stateLegend(this.stateCounts.types, this.sceneForDrawing())}
      ${controlBar(
        { playing: this.playing, tick: this.tick, speed: this.speed, seedText: this.seedText, overlays: this.overlays, overlayMenu: this.overlayMenu, wallTool: this.wallTool, flowBrush: this.flowBrush },
        this.barActions,
      )}
    `;
  }
}
