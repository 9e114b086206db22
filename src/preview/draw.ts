/**
 * The painter: draws a frame of the preview on a Canvas 2D context: the world's bounds, obstacles,
 * paths, agents (oriented triangles in their type's colour), named targets, the Pointer crosshair
 * and the overlays, one file each in ./paint/. Agents are batched: per agent type (and per overlay)
 * a few paths of CHUNK agents each, each filled or stroked once, with no Path2D or other
 * allocation per agent. The overlays that node kinds feed (wander circle, feelers, neighbour
 * radius) take their sizes from the kinds' definitions (paint/kind-overlays.ts), not from kind names.
 *
 * For large scenes another renderer draws the background and the agents' bodies (bitmap.ts,
 * webgl.ts) and this one draws the rest on top ({@link OVERLAY_LAYERS}): the per-agent overlays
 * then show for the {@link OVERLAY_AGENTS} agents of each type nearest the centre of the view.
 */
import { KIND_OVERLAYS, type KindOverlay } from '../../nodes/types';
import { NearestScratch, nearestAgents } from './nearest';
import { paintBodies } from './paint/bodies';
import { paintForce } from './paint/force';
import { ALL_LAYERS, type AgentLayer, type AgentPainter, type DrawnWorld, type Frame, type Layers } from './paint/frame';
import { KIND_PAINTERS } from './paint/kind-overlays';
import { paintObstacles } from './paint/obstacles';
import { paintPaths } from './paint/paths';
import { paintFlowFields } from './paint/flow';
import { paintPointer } from './paint/pointer';
import { paintTargets } from './paint/targets';
import { paintVelocity } from './paint/velocity';
import { paintWalls } from './paint/walls';
import { toWorld } from './view';

export { THEME_PROPERTIES, readTheme, type Theme } from './paint/theme';
export {
  AGENT_HALF_WIDTH,
  ALL_LAYERS,
  CHUNK,
  FALLBACK_COLOR,
  FORCE_LENGTH,
  OVERLAY_AGENTS,
  OVERLAY_LAYERS,
  TARGET_MARKER_PX,
  VELOCITY_TICKS,
  agentLength,
  type DrawnWorld,
  type Frame,
  type Hot,
  type Layers,
  type TypeStyle,
} from './paint/frame';
export { typeStyles } from './paint/kind-overlays';

/** The overlays every scene can show, whatever its nodes. */
type SceneOverlay = 'velocity' | 'force' | 'paths' | 'pointer' | 'obstacles' | 'targets' | 'wall-feelers' | 'flow';

/** The overlays the preview can draw: the scene's, and those node kinds feed (nodes/types.ts). */
export type Overlay = SceneOverlay | KindOverlay;

/** Every overlay, in menu order. */
export const OVERLAYS: readonly Overlay[] = ['obstacles', 'paths', 'flow', 'targets', 'pointer', 'velocity', 'force', ...KIND_OVERLAYS, 'wall-feelers'];

/** The overlays shown until the app says otherwise. */
export const DEFAULT_OVERLAYS: readonly Overlay[] = ['paths', 'flow', 'pointer', 'obstacles', 'targets'];

/** Per-agent overlays drawn under the bodies (the kinds' ones, in KIND_PAINTERS' order), and over them. */
const UNDER: readonly (readonly [Overlay, AgentPainter])[] = (Object.keys(KIND_PAINTERS) as KindOverlay[]).map((o) => [o, KIND_PAINTERS[o].paint] as const);
const OVER: readonly (readonly [Overlay, AgentPainter])[] = [
  ['velocity', paintVelocity],
  ['force', paintForce],
];
const PER_AGENT: readonly Overlay[] = [...UNDER, ...OVER].map(([o]) => o);

/** The world point at the centre of the view. */
const _centre: [number, number] = [0, 0];

/** Draws frames; keeps each type's last heading so a stopped agent keeps facing its way. */
export class Renderer {
  private readonly headings = new Map<string, Float64Array>();
  private readonly nearest = new NearestScratch();

  /** Forgets the kept headings (a new world). */
  clearHeadings(): void {
    this.headings.clear();
  }

  /**
   * Turns every agent's kept heading (unit vectors, `hx0, hy0, …`) to its velocity; a stopped agent
   * keeps its last one. A type with a heading smoother takes the world's drawn headings instead
   * (BEHAVIORS.md, "Orientation"). A turn limit needs nothing here: it turns the velocity with the
   * heading, so the velocity's direction is the heading.
   */
  updateHeadings(world: DrawnWorld): void {
    for (const id of world.types) {
      const vel = world.velocities(id);
      const n = vel.length >> 1;
      const head = this.heading(id, n);
      const drawn = world.drawnHeadings?.(id);
      if (drawn && drawn.length === 2 * n && drawn !== world.headings?.(id)) {
        head.set(drawn);
        continue;
      }
      for (let i = 0; i < n; i++) {
        const vx = vel[2 * i];
        const vy = vel[2 * i + 1];
        const sp = Math.sqrt(vx * vx + vy * vy);
        if (sp > 1e-9) {
          head[2 * i] = vx / sp;
          head[2 * i + 1] = vy / sp;
        }
      }
    }
  }

  /** The kept headings of a type's `n` agents (after {@link updateHeadings}). */
  headingsOf(typeId: string, n: number): Float64Array {
    return this.heading(typeId, n);
  }

  /**
   * Draws one frame, or the `layers` of it. The canvas's backing store must already be
   * `width × dpr` by `height × dpr`.
   */
  draw(ctx: CanvasRenderingContext2D, f: Frame, layers: Layers = ALL_LAYERS): void {
    const { dpr, view, theme } = f;
    const s = view.scale;
    const px = 1 / s; // one CSS px in world px
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (layers.background) {
      ctx.fillStyle = theme.background;
      ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    }
    ctx.setTransform(dpr * s, 0, 0, dpr * s, dpr * view.x, dpr * view.y);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';

    const W = f.scene?.world.width ?? 0;
    const H = f.scene?.world.height ?? 0;
    if (W > 0 && H > 0) {
      if (layers.background) {
        ctx.fillStyle = theme.world;
        ctx.fillRect(0, 0, W, H);
      }
      ctx.strokeStyle = theme.bounds;
      ctx.lineWidth = px;
      ctx.strokeRect(0, 0, W, H);
    }

    if (f.overlays.has('flow') || f.flowBrush) paintFlowFields(ctx, f, px);
    if (f.overlays.has('obstacles')) paintObstacles(ctx, f, px);
    paintWalls(ctx, f, px);
    if (f.overlays.has('paths')) paintPaths(ctx, f, px);
    // Thin overlay lines are just under one device pixel wide: Skia draws those as hairlines, which
    // in a software canvas is several times faster than stroking a (1 + ε) px line as a polygon
    const hair = 0.999 / (s * dpr);
    if (f.world) {
      if (layers.bodies) this.updateHeadings(f.world);
      this.drawAgents(ctx, f, f.world, hair, layers);
    }

    // screen-space marks: constant size whatever the zoom
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (f.overlays.has('targets')) paintTargets(ctx, f);
    if (f.overlays.has('pointer')) paintPointer(ctx, f);
  }

  private heading(id: string, count: number): Float64Array {
    let h = this.headings.get(id);
    if (!h || h.length !== 2 * count) {
      const next = new Float64Array(2 * count);
      for (let i = 0; i < count; i++) next[2 * i] = 1;
      if (h) next.set(h.subarray(0, Math.min(h.length, next.length)));
      this.headings.set(id, (h = next));
    }
    return h;
  }

  private drawAgents(ctx: CanvasRenderingContext2D, f: Frame, world: DrawnWorld, hair: number, layers: Layers): void {
    const o = f.overlays;
    const types = world.types;
    const perAgent = PER_AGENT.some((k) => o.has(k));
    // the centre of the view, for the overlays of a large scene
    const centre = toWorld(_centre, f.view, f.width / 2, f.height / 2);
    // square ends: round caps on thousands of short vectors cost more and show nothing
    ctx.lineCap = 'butt';
    for (let t = 0; t < types.length; t++) {
      const id = types[t];
      const pos = world.positions(id);
      const n = pos.length >> 1;
      const head = this.heading(id, n);
      if (!n) continue;
      // the agents whose overlays show: all, or those nearest the centre of the view
      let sel: Int32Array | null = null;
      let m = n;
      if (perAgent && layers.overlayAgents < n) {
        m = nearestAgents(pos, n, centre[0], centre[1], layers.overlayAgents, this.nearest);
        sel = this.nearest.index;
      }
      const a: AgentLayer = { ctx, frame: f, id, style: f.styles.get(id), pos, vel: world.velocities(id), head, n, sel, m, hair };
      // Each batch is filled or stroked every CHUNK agents: one path of thousands of subpaths
      // rasterises several times slower in Chromium's software canvas than a few dozen paths of
      // CHUNK each (2,000 triangles: ~23 ms against ~6 ms a frame).
      for (const [k, paint] of UNDER) if (o.has(k)) paint(a);
      if (layers.bodies) paintBodies(a);
      for (const [k, paint] of OVER) if (o.has(k)) paint(a);
    }
  }
}
