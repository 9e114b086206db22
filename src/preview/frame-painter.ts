/**
 * Draws one frame of the preview: picks the renderer for the agents (Canvas 2D paths, the bitmap
 * or WebGL2 on a canvas of its own: modes.ts), draws the overlays over them (draw.ts) and the
 * followed agent's forces (inspect.ts). It owns the renderers and the theme read from the
 * element's CSS; the element says what to draw in a {@link FrameRequest}.
 */
import type { FlowBrushView } from './paint/flow';
import type { SceneDocument } from '../document/types';
import { seenThrough } from '../document/reroutes';
import { hasForceOutput, isSink } from '../../nodes/index';
import type { ProbeReading } from '../../runtime/api';
import { BitmapRenderer } from './bitmap';
import { cssColor } from './colors';
import { OVERLAY_LAYERS, Renderer, typeStyles, type Frame, type Hot, type Theme, type TypeStyle } from './draw';
import type { PreviewWorld } from './frame-world';
import { drawInspection, probeColors, type Followed } from './inspect';
import { drawModeFor, type DrawMode, type Drawing } from './modes';
import { paintStateMarks } from './paint/states';
import { paintWallFeelers } from './paint/wall-feelers';
import { feelerParams, solidSegments, wallFeelers } from './wall-feelers';
import type { TypeStateCounts } from './state-counts';
import type { SimulationHost } from './simulation-host';
import type { View } from './view';
import type { WallToolView } from './wall-edit';
import { WebGLRenderer, webgl2Support } from './webgl';

/** What a frame shows. */
export interface FrameRequest {
  /** The Canvas 2D canvas (over the WebGL2 one, when there is one) and its size, CSS px. */
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  drawing: Drawing;
  /** What draws the agents now (the canvases are made for it). */
  active: DrawMode;
  world: PreviewWorld | null;
  /** The scene, and the scene as drawn (a dragged path point where the mouse has it). */
  scene: SceneDocument | null;
  drawnScene: SceneDocument | null;
  sim: Pick<SimulationHost, 'liveObstacles' | 'targets' | 'pointer' | 'forces'>;
  view: View;
  overlays: Set<string>;
  editPath: string | null;
  selectedPathPoint: number | null;
  /** The Walls tool's selection and the wall being drawn, when the tool is on. */
  wallTool: WallToolView | null;
  /** The Flow brush's circle at the mouse, when the brush is on. */
  flowBrush?: FlowBrushView | null;
  hot: Hot;
  followed: Followed | null;
  /** The world's types with states, counted (state-counts.ts): their agents are ringed by state. */
  states: readonly TypeStateCounts[];
  /** The followed agent's node outputs (see SteerPreview.probe). */
  probe(): ProbeReading | null;
}

/** What the painter needs of the element. */
export interface PainterHost {
  /** The theme, read from the element's CSS. */
  theme(): Theme;
  /** The state colours, read from the element's CSS (`--steer-preview-state-0…7`). */
  stateColors(): string[];
  /** The WebGL2 canvas under the Canvas 2D one (in `webgl` mode). */
  glCanvas(): HTMLCanvasElement | null;
  redraw(): void;
}

/** See the file comment. */
export class FramePainter {
  private readonly renderer = new Renderer();
  private readonly bitmap = new BitmapRenderer();
  private gl: WebGLRenderer | null = null;
  private glFailed = false;
  private theme: Theme | null = null;
  private stateColors: string[] | null = null;
  private segmentCache: { scene: SceneDocument; segments: number[] } | null = null;
  private styleCache: { scene: SceneDocument | null; styles: Map<string, TypeStyle> } = { scene: null, styles: new Map() };

  constructor(private readonly host: PainterHost) {}

  /** The theme is read again at the next frame (the element's box or style changed). */
  resetTheme(): void {
    this.theme = null;
    this.stateColors = null;
  }

  /** A new world, or a jump in time: the agents' headings start afresh. */
  clearHeadings(): void {
    this.renderer.clearHeadings();
  }

  /**
   * Draws a frame: true when it did; false when it could not; a draw mode when the agents want
   * another renderer (nothing drawn: the element makes its canvases for that mode, then asks again).
   */
  paint(r: FrameRequest): boolean | DrawMode {
    const { canvas, world } = r;
    let agents = 0;
    if (world) for (const id of world.types) agents += world.positions(id).length >> 1;
    const mode = drawModeFor(r.drawing, agents, () => (this.glFailed ? 'none' : webgl2Support()));
    if (mode !== r.active) {
      if (r.active === 'webgl') this.dropGl();
      if (r.active === 'bitmap') this.bitmap.release();
      return mode;
    }
    const dpr = window.devicePixelRatio || 1;
    const bw = Math.max(1, Math.round(r.width * dpr));
    const bh = Math.max(1, Math.round(r.height * dpr));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
    const ctx = canvas.getContext('2d', { alpha: mode === 'webgl' });
    if (!ctx) return false;
    this.theme ??= this.host.theme();
    const { scene, sim } = r;
    // before any world ran (a first module that failed), the scene's own obstacles and targets
    const obstacles = world || !scene ? sim.liveObstacles() : { data: scene.world.obstacles.flatMap((o) => [o.x, o.y, o.r, 0, 0]), count: scene.world.obstacles.length };
    const targets = world || !scene ? sim.targets : new Map(scene.world.targets.map((t) => [t.name, [t.x, t.y] as const]));
    const pointer = sim.pointer ?? (scene ? ([scene.world.width / 2, scene.world.height / 2] as const) : ([0, 0] as const));
    const frame: Frame = {
      width: r.width,
      height: r.height,
      dpr,
      view: r.view,
      theme: this.theme,
      scene: r.drawnScene,
      styles: this.stylesFor(scene),
      world,
      obstacles,
      targets,
      pointer,
      overlays: r.overlays,
      editPath: r.editPath,
      selectedPathPoint: r.selectedPathPoint,
      wallTool: r.wallTool,
      flowBrush: r.flowBrush ?? null,
      forces: sim.forces,
      hot: r.hot,
    };
    if (mode === 'canvas') {
      this.renderer.draw(ctx, frame);
      this.drawMarks(ctx, dpr, r);
      this.drawFollowed(ctx, dpr, r);
      return true;
    }
    if (world) this.renderer.updateHeadings(world);
    const headingsOf = (id: string, n: number): Float64Array => this.renderer.headingsOf(id, n);
    if (mode === 'webgl') {
      const gl = this.glRenderer(bw, bh, ctx);
      if (!gl) {
        this.glFailed = true;
        this.host.redraw();
        return false;
      }
      gl.draw(frame, headingsOf);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, bw, bh);
    } else {
      this.bitmap.draw(ctx, frame, headingsOf);
    }
    this.renderer.draw(ctx, frame, OVERLAY_LAYERS);
    this.drawMarks(ctx, dpr, r);
    this.drawFollowed(ctx, dpr, r);
    return true;
  }

  private stylesFor(scene: SceneDocument | null): Map<string, TypeStyle> {
    if (this.styleCache.scene !== scene) this.styleCache = { scene, styles: typeStyles(scene) };
    return this.styleCache.styles;
  }

  /** The agents of types with states, ringed by their state (paint/states.ts). */
  private drawMarks(ctx: CanvasRenderingContext2D, dpr: number, r: FrameRequest): void {
    if (!r.world || !r.states.length) return;
    this.stateColors ??= this.host.stateColors();
    paintStateMarks(ctx, dpr, r.view, r.world, r.states, this.stateColors);
  }

  /** The followed agent: a ring and each node's force in the node's colour. */
  private drawFollowed(ctx: CanvasRenderingContext2D, dpr: number, r: FrameRequest): void {
    const { followed: f, world, scene } = r;
    if (!f || !world || !world.types.includes(f.type)) return;
    const pos = world.positions(f.type);
    if (2 * f.index + 1 >= pos.length) return;
    const type = scene?.agentTypes.find((t) => t.id === f.type);
    const reading = r.probe();
    const graph = type?.states[reading?.state ?? 0]?.graph;
    const nodes = graph?.nodes ?? [];
    const colors = probeColors(nodes, hasForceOutput);
    const out = nodes.find((n) => isSink(n.kind));
    // (the node whose force the output takes, through any reroutes)
    const final = out && graph ? (seenThrough(graph).connections.find((c) => c.to[0] === out.id)?.from[0] ?? null) : null;
    drawInspection(ctx, dpr, r.view, pos[2 * f.index], pos[2 * f.index + 1], reading, colors, final);
    if (r.overlays.has('wall-feelers') && type && r.drawnScene && this.theme) {
      const vel = world.velocities(f.type);
      const head = this.renderer.headingsOf(f.type, pos.length >> 1);
      const i = f.index;
      const params = feelerParams(graph?.nodes.some((n) => n.kind === 'wall-avoid') ? graph : { nodes: type.states.flatMap((s) => s.graph.nodes) });
      const feelers = wallFeelers([pos[2 * i], pos[2 * i + 1]], [vel[2 * i], vel[2 * i + 1]], [head[2 * i], head[2 * i + 1]], type.maxSpeed, params, this.segmentsOf(r.drawnScene), type.maxForce / type.mass);
      paintWallFeelers(ctx, dpr, r.view, this.theme, feelers);
    }
  }

  /** The scene's solid segments (wall-feelers.ts), kept while the scene is the same object. */
  private segmentsOf(scene: SceneDocument): number[] {
    if (this.segmentCache?.scene !== scene) this.segmentCache = { scene, segments: solidSegments(scene) };
    return this.segmentCache.segments;
  }

  /** The WebGL2 renderer on the canvas under the overlays, sized; null when WebGL2 failed. */
  private glRenderer(bw: number, bh: number, ctx: CanvasRenderingContext2D): WebGLRenderer | null {
    const canvas = this.host.glCanvas();
    if (!canvas) return null;
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
    if (this.gl?.lost) this.dropGl();
    this.gl ??= WebGLRenderer.create(canvas, (css) => cssColor(ctx, css));
    return this.gl;
  }

  private dropGl(): void {
    this.gl?.dispose();
    this.gl = null;
  }
}
