/**
 * Draws a frame of the preview on a Canvas 2D context: the world's bounds, obstacles, paths,
 * agents (oriented triangles in their type's colour), named targets, the Pointer crosshair and the
 * overlays. Agents are batched: per agent type (and per overlay) a few paths of CHUNK agents each,
 * each filled or stroked once, with no Path2D or other allocation per agent.
 *
 * For large scenes another renderer draws the background and the agents' bodies (bitmap.ts,
 * webgl.ts) and this one draws the rest on top ({@link OVERLAY_LAYERS}): the per-agent overlays
 * then show for the {@link OVERLAY_AGENTS} agents of each type nearest the centre of the view.
 */
import { getNodeDef, paramValue } from '../../nodes/index';
import type { SceneDocument } from '../document/types';
import { NearestScratch, nearestAgents } from './nearest';
import { toScreen, toWorld, type View } from './view';

/** The overlays the preview can draw. */
export type Overlay = 'velocity' | 'force' | 'wander' | 'feelers' | 'neighbours' | 'paths' | 'pointer' | 'obstacles' | 'targets';

/** Every overlay, in menu order. */
export const OVERLAYS: readonly Overlay[] = ['obstacles', 'paths', 'targets', 'pointer', 'velocity', 'force', 'wander', 'feelers', 'neighbours'];

/** The overlays shown until the app says otherwise. */
export const DEFAULT_OVERLAYS: readonly Overlay[] = ['paths', 'pointer', 'obstacles', 'targets'];

/** Colours of the drawing, read from the element's `--steer-preview-*` custom properties. */
export interface Theme {
  background: string;
  world: string;
  bounds: string;
  obstacle: string;
  obstacleStroke: string;
  hot: string;
  path: string;
  pathActive: string;
  target: string;
  pointer: string;
  velocity: string;
  force: string;
  wander: string;
  feeler: string;
  neighbour: string;
  text: string;
  font: string;
}

/** The custom property of each theme colour, and its fallback. */
export const THEME_PROPERTIES: Readonly<Record<keyof Theme, [string, string]>> = {
  background: ['--steer-preview-background', '#111418'],
  world: ['--steer-preview-world', '#161b21'],
  bounds: ['--steer-preview-bounds', '#3a4450'],
  obstacle: ['--steer-preview-obstacle', 'rgba(120, 134, 150, 0.35)'],
  obstacleStroke: ['--steer-preview-obstacle-stroke', '#8896a6'],
  hot: ['--steer-preview-hot', '#ffd166'],
  path: ['--steer-preview-path', '#6f7f91'],
  pathActive: ['--steer-preview-path-active', '#ffd166'],
  target: ['--steer-preview-target', '#ff7aa8'],
  pointer: ['--steer-preview-pointer', '#e6edf3'],
  velocity: ['--steer-preview-velocity', '#7ee787'],
  force: ['--steer-preview-force', '#ff9e64'],
  wander: ['--steer-preview-wander', 'rgba(210, 168, 255, 0.7)'],
  feeler: ['--steer-preview-feeler', 'rgba(255, 209, 102, 0.6)'],
  neighbour: ['--steer-preview-neighbour', 'rgba(94, 200, 255, 0.18)'],
  text: ['--steer-preview-text', '#dde3ea'],
  font: ['--steer-preview-font', '11px system-ui, sans-serif'],
};

/** The theme of an element, from its computed custom properties. */
export function readTheme(el: Element): Theme {
  const style = getComputedStyle(el);
  const theme = {} as Record<keyof Theme, string>;
  for (const [key, [prop, fallback]] of Object.entries(THEME_PROPERTIES) as [keyof Theme, [string, string]][]) {
    theme[key] = style.getPropertyValue(prop).trim() || fallback;
  }
  return theme;
}

/** How an agent type is drawn, from the scene. */
export interface TypeStyle {
  color: string;
  /** px/tick: feelers are `feelerLength × |v| / maxSpeed` long. */
  maxSpeed: number;
  /** px/tick²: force vectors are drawn relative to it. */
  maxForce: number;
  /** Wander circle: `radius` px, `distance` px ahead (the type's Wander node, else the defaults). */
  wanderDistance: number;
  wanderRadius: number;
  /** Avoid's look-ahead, px (the type's Avoid node, else the default). */
  feelerLength: number;
  /** Neighbour radius, px: the largest sight of the type's Flock, Alignment and Cohesion nodes, else Flock's default. */
  sight: number;
}

/** The colour of an agent type without one. */
export const FALLBACK_COLOR = '#9aa7b4';

function defaultOf(kind: string, key: string): number {
  const p = getNodeDef(kind)?.params.find((x) => x.key === key);
  return p && typeof p.default === 'number' ? p.default : 0;
}

function nodeNumbers(graph: SceneDocument['agentTypes'][number]['graph'], kinds: readonly string[], key: string): number[] {
  const out: number[] = [];
  for (const node of graph.nodes) {
    if (!kinds.includes(node.kind)) continue;
    const p = getNodeDef(node.kind)?.params.find((x) => x.key === key);
    if (!p) continue;
    const v = paramValue(p, node.params);
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
  }
  return out;
}

/** The drawing style of every agent type of a scene, by type id. */
export function typeStyles(scene: SceneDocument | null | undefined): Map<string, TypeStyle> {
  const styles = new Map<string, TypeStyle>();
  for (const t of scene?.agentTypes ?? []) {
    const wd = nodeNumbers(t.graph, ['wander'], 'distance');
    const wr = nodeNumbers(t.graph, ['wander'], 'radius');
    const feel = nodeNumbers(t.graph, ['avoid'], 'feelerLength');
    const sight = nodeNumbers(t.graph, ['flock', 'alignment', 'cohesion'], 'sight');
    styles.set(t.id, {
      color: t.color || FALLBACK_COLOR,
      maxSpeed: t.maxSpeed,
      maxForce: t.maxForce,
      wanderDistance: wd.length ? wd[0] : defaultOf('wander', 'distance'),
      wanderRadius: wr.length ? wr[0] : defaultOf('wander', 'radius'),
      feelerLength: feel.length ? Math.max(...feel) : defaultOf('avoid', 'feelerLength'),
      sight: sight.length ? Math.max(...sight) : defaultOf('flock', 'sight'),
    });
  }
  return styles;
}

/** Something under the mouse or being dragged, drawn highlighted (a path point: of the path being edited). */
export type Hot = { kind: 'target'; name: string } | { kind: 'obstacle'; index: number } | { kind: 'path-point'; path: string; index: number } | null;

/** The world as drawn: agent types, positions and velocities (`x0, y0, x1, y1, …`). */
export interface DrawnWorld {
  readonly types: readonly string[];
  positions(typeId: string): Float64Array;
  velocities(typeId: string): Float64Array;
}

/** What {@link Renderer.draw} draws. */
export interface Layers {
  /** The page colour and the world's rectangle (else the caller drew them, or cleared the canvas). */
  background: boolean;
  /** The agents' triangles (else the caller drew them, after {@link Renderer.updateHeadings}). */
  bodies: boolean;
  /** Per-agent overlays for at most this many agents of each type, the ones nearest the view's centre. */
  overlayAgents: number;
}

/** Everything, every agent's overlays: the preview's own drawing of small scenes. */
export const ALL_LAYERS: Layers = { background: true, bodies: true, overlayAgents: Infinity };

/** Per-agent overlays of a large scene: for this many agents of each type, those nearest the centre of the view. */
export const OVERLAY_AGENTS = 250;

/** What goes on top of another renderer's background and bodies. */
export const OVERLAY_LAYERS: Layers = { background: false, bodies: false, overlayAgents: OVERLAY_AGENTS };

/** Everything a frame shows. */
export interface Frame {
  /** CSS px of the canvas, and device pixels per CSS px. */
  width: number;
  height: number;
  dpr: number;
  view: View;
  theme: Theme;
  scene: SceneDocument | null;
  styles: Map<string, TypeStyle>;
  world: DrawnWorld | null;
  obstacles: { data: ArrayLike<number>; count: number };
  targets: ReadonlyMap<string, readonly [number, number]>;
  /** Where the Pointer target is (world px). */
  pointer: readonly [number, number];
  overlays: ReadonlySet<string>;
  editPath: string | null;
  /** The selected waypoint of the edited path (Delete removes it), if any. */
  selectedPathPoint?: number | null;
  /** The capped forces of the last tick by type id (the force overlay). */
  forces: ReadonlyMap<string, Float64Array>;
  hot: Hot;
}

/** Screen size of a named target's marker, CSS px (also its hit radius). */
export const TARGET_MARKER_PX = 7;
/** Velocity vectors show the distance covered in this many ticks. */
export const VELOCITY_TICKS = 8;
/** A force of maxForce is drawn this long, world px. */
export const FORCE_LENGTH = 24;

const _s: [number, number] = [0, 0];
/** The world point at the centre of the view. */
const _centre: [number, number] = [0, 0];

/** Agents per batch path (a power of two): see drawAgents. */
export const CHUNK = 64;
const CHUNK_MASK = CHUNK - 1;

/** Sides of the wander circle's polygon, and its unit vertices (cos, sin) around the circle. */
const RING_SIDES = 14;
const RING = new Float64Array(2 * RING_SIDES);
for (let k = 0; k < RING_SIDES; k++) {
  RING[2 * k] = Math.cos((2 * Math.PI * k) / RING_SIDES);
  RING[2 * k + 1] = Math.sin((2 * Math.PI * k) / RING_SIDES);
}

function flushFill(ctx: CanvasRenderingContext2D): void {
  ctx.fill();
  ctx.beginPath();
}

function flushStroke(ctx: CanvasRenderingContext2D): void {
  ctx.stroke();
  ctx.beginPath();
}

/**
 * An agent triangle's length in world px at view scale `scale`: 9 world px, never under 6 CSS px
 * (slim: a wide base reads as pointing backwards). The tip is 0.6 of it ahead of the agent, the
 * base 0.4 behind, {@link AGENT_HALF_WIDTH} of it to each side.
 */
export function agentLength(scale: number): number {
  return Math.max(9, 6 / scale);
}

/** Half the base of an agent triangle, as a fraction of its length. */
export const AGENT_HALF_WIDTH = 0.27;

/** Draws frames; keeps each type's last heading so a stopped agent keeps facing its way. */
export class Renderer {
  private readonly headings = new Map<string, Float64Array>();
  private readonly nearest = new NearestScratch();

  /** Forgets the kept headings (a new world). */
  clearHeadings(): void {
    this.headings.clear();
  }

  /** Turns every agent's kept heading (unit vectors, `hx0, hy0, …`) to its velocity; a stopped agent keeps its last one. */
  updateHeadings(world: DrawnWorld): void {
    for (const id of world.types) {
      const vel = world.velocities(id);
      const n = vel.length >> 1;
      const head = this.heading(id, n);
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

    if (f.overlays.has('obstacles')) this.drawObstacles(ctx, f, px);
    if (f.overlays.has('paths')) this.drawPaths(ctx, f, px);
    // Thin overlay lines are just under one device pixel wide: Skia draws those as hairlines, which
    // in a software canvas is several times faster than stroking a (1 + ε) px line as a polygon
    const hair = 0.999 / (s * dpr);
    if (f.world) {
      if (layers.bodies) this.updateHeadings(f.world);
      this.drawAgents(ctx, f, f.world, hair, layers);
    }

    // screen-space marks: constant size whatever the zoom
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (f.overlays.has('targets')) this.drawTargets(ctx, f);
    if (f.overlays.has('pointer')) this.drawPointer(ctx, f);
  }

  private drawObstacles(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
    const { data, count } = f.obstacles;
    if (!count) return;
    ctx.beginPath();
    for (let k = 0; k < count; k++) {
      const x = data[5 * k];
      const y = data[5 * k + 1];
      const r = data[5 * k + 2];
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = f.theme.obstacle;
    ctx.fill();
    ctx.strokeStyle = f.theme.obstacleStroke;
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
    if (f.hot?.kind === 'obstacle' && f.hot.index < count) {
      const k = f.hot.index;
      ctx.beginPath();
      ctx.arc(data[5 * k], data[5 * k + 1], data[5 * k + 2], 0, 2 * Math.PI);
      ctx.strokeStyle = f.theme.hot;
      ctx.lineWidth = 2.5 * px;
      ctx.stroke();
    }
  }

  private drawPaths(ctx: CanvasRenderingContext2D, f: Frame, px: number): void {
    const paths = f.scene?.world.paths ?? [];
    for (const path of paths) {
      const pts = path.points;
      if (!pts.length) continue;
      const active = path.id === f.editPath;
      ctx.beginPath();
      ctx.moveTo(pts[0][0], pts[0][1]);
      for (let k = 1; k < pts.length; k++) ctx.lineTo(pts[k][0], pts[k][1]);
      if (path.loop && pts.length > 2) ctx.closePath();
      ctx.strokeStyle = active ? f.theme.pathActive : f.theme.path;
      ctx.lineWidth = (active ? 2.5 : 1.5) * px;
      ctx.setLineDash(path.loop ? [] : [6 * px, 4 * px]);
      ctx.stroke();
      ctx.setLineDash([]);
      // waypoints; the first one larger, so the direction of travel reads
      ctx.beginPath();
      for (let k = 0; k < pts.length; k++) {
        const r = (k === 0 ? 4.5 : 3) * px * (active ? 1.25 : 1);
        ctx.moveTo(pts[k][0] + r, pts[k][1]);
        ctx.arc(pts[k][0], pts[k][1], r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = active ? f.theme.pathActive : f.theme.path;
      ctx.fill();
      if (active) this.drawPathHandles(ctx, f, pts, px);
    }
  }

  /** Rings on the edited path's hovered (or dragged) and selected waypoints. */
  private drawPathHandles(ctx: CanvasRenderingContext2D, f: Frame, pts: readonly (readonly [number, number])[], px: number): void {
    const hot = f.hot?.kind === 'path-point' && f.hot.path === f.editPath ? f.hot.index : -1;
    const selected = f.selectedPathPoint ?? -1;
    for (const k of hot === selected ? [hot] : [hot, selected]) {
      if (k < 0 || k >= pts.length) continue;
      ctx.beginPath();
      ctx.arc(pts[k][0], pts[k][1], (k === selected ? 8 : 7) * px, 0, 2 * Math.PI);
      ctx.strokeStyle = f.theme.hot;
      ctx.lineWidth = (k === selected ? 2.5 : 1.5) * px;
      ctx.stroke();
    }
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
    const len = agentLength(f.view.scale);
    const wid = len * AGENT_HALF_WIDTH;
    const perAgent = o.has('neighbours') || o.has('wander') || o.has('feelers') || o.has('velocity') || o.has('force');
    // the centre of the view, for the overlays of a large scene
    const centre = toWorld(_centre, f.view, f.width / 2, f.height / 2);
    // square ends: round caps on thousands of short vectors cost more and show nothing
    ctx.lineCap = 'butt';
    for (let t = 0; t < types.length; t++) {
      const id = types[t];
      const style = f.styles.get(id);
      const pos = world.positions(id);
      const vel = world.velocities(id);
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

      // Each batch below is filled or stroked every CHUNK agents: one path of thousands of
      // subpaths rasterises several times slower in Chromium's software canvas than a few dozen
      // paths of CHUNK each (2,000 triangles: ~23 ms against ~6 ms a frame).
      if (o.has('neighbours') && style && style.sight > 0) {
        const r = style.sight;
        ctx.strokeStyle = f.theme.neighbour;
        ctx.lineWidth = hair;
        ctx.beginPath();
        for (let j = 0; j < m; j++) {
          const i = sel ? sel[j] : j;
          ctx.moveTo(pos[2 * i] + r, pos[2 * i + 1]);
          ctx.arc(pos[2 * i], pos[2 * i + 1], r, 0, 2 * Math.PI);
          if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
        }
        ctx.stroke();
      }
      if (o.has('wander') && style) {
        const d = style.wanderDistance;
        const r = style.wanderRadius;
        ctx.strokeStyle = f.theme.wander;
        ctx.lineWidth = hair;
        ctx.beginPath();
        for (let j = 0; j < m; j++) {
          const i = sel ? sel[j] : j;
          const cx = pos[2 * i] + head[2 * i] * d;
          const cy = pos[2 * i + 1] + head[2 * i + 1] * d;
          // a small circle as a polygon: cheaper to stroke than an arc, and it looks the same
          ctx.moveTo(cx + r, cy);
          for (let k = 1; k < RING_SIDES; k++) ctx.lineTo(cx + r * RING[2 * k], cy + r * RING[2 * k + 1]);
          ctx.closePath();
          if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
        }
        ctx.stroke();
      }
      if (o.has('feelers') && style && style.maxSpeed > 0) {
        const k = style.feelerLength / style.maxSpeed;
        ctx.strokeStyle = f.theme.feeler;
        ctx.lineWidth = hair;
        ctx.beginPath();
        for (let j = 0; j < m; j++) {
          const i = sel ? sel[j] : j;
          const x = pos[2 * i];
          const y = pos[2 * i + 1];
          ctx.moveTo(x, y);
          // feeler = heading × feelerLength × |v| / maxSpeed = v × feelerLength / maxSpeed
          ctx.lineTo(x + vel[2 * i] * k, y + vel[2 * i + 1] * k);
          if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
        }
        ctx.stroke();
      }

      if (layers.bodies) {
        ctx.fillStyle = style?.color ?? FALLBACK_COLOR;
        ctx.beginPath();
        for (let i = 0; i < n; i++) {
          const x = pos[2 * i];
          const y = pos[2 * i + 1];
          const hx = head[2 * i];
          const hy = head[2 * i + 1];
          const bx = x - hx * len * 0.4;
          const by = y - hy * len * 0.4;
          ctx.moveTo(x + hx * len * 0.6, y + hy * len * 0.6);
          ctx.lineTo(bx - hy * wid, by + hx * wid);
          ctx.lineTo(bx + hy * wid, by - hx * wid);
          ctx.closePath();
          if ((i & CHUNK_MASK) === CHUNK_MASK) flushFill(ctx);
        }
        ctx.fill();
      }

      if (o.has('velocity')) {
        ctx.strokeStyle = f.theme.velocity;
        ctx.lineWidth = hair;
        ctx.beginPath();
        for (let j = 0; j < m; j++) {
          const i = sel ? sel[j] : j;
          const x = pos[2 * i];
          const y = pos[2 * i + 1];
          ctx.moveTo(x, y);
          ctx.lineTo(x + vel[2 * i] * VELOCITY_TICKS, y + vel[2 * i + 1] * VELOCITY_TICKS);
          if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
        }
        ctx.stroke();
      }
      const force = f.forces.get(id);
      if (o.has('force') && force && style && style.maxForce > 0) {
        const k = FORCE_LENGTH / style.maxForce;
        const nf = force.length >> 1;
        ctx.strokeStyle = f.theme.force;
        ctx.lineWidth = hair;
        ctx.beginPath();
        for (let j = 0; j < m; j++) {
          const i = sel ? sel[j] : j;
          if (i >= nf) continue;
          const x = pos[2 * i];
          const y = pos[2 * i + 1];
          ctx.moveTo(x, y);
          ctx.lineTo(x + force[2 * i] * k, y + force[2 * i + 1] * k);
          if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
        }
        ctx.stroke();
      }
    }
  }

  private drawTargets(ctx: CanvasRenderingContext2D, f: Frame): void {
    if (!f.targets.size) return;
    ctx.font = f.theme.font;
    ctx.textBaseline = 'middle';
    const r = TARGET_MARKER_PX;
    for (const [name, [x, y]] of f.targets) {
      toScreen(_s, f.view, x, y);
      const hot = f.hot?.kind === 'target' && f.hot.name === name;
      ctx.beginPath();
      ctx.arc(_s[0], _s[1], r, 0, 2 * Math.PI);
      ctx.fillStyle = f.theme.background;
      ctx.fill();
      ctx.lineWidth = hot ? 3 : 2;
      ctx.strokeStyle = hot ? f.theme.hot : f.theme.target;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(_s[0], _s[1], 2.5, 0, 2 * Math.PI);
      ctx.fillStyle = hot ? f.theme.hot : f.theme.target;
      ctx.fill();
      ctx.fillStyle = f.theme.text;
      ctx.fillText(name, _s[0] + r + 4, _s[1]);
    }
  }

  private drawPointer(ctx: CanvasRenderingContext2D, f: Frame): void {
    toScreen(_s, f.view, f.pointer[0], f.pointer[1]);
    const x = Math.round(_s[0]) + 0.5;
    const y = Math.round(_s[1]) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x - 10, y);
    ctx.lineTo(x - 3, y);
    ctx.moveTo(x + 3, y);
    ctx.lineTo(x + 10, y);
    ctx.moveTo(x, y - 10);
    ctx.lineTo(x, y - 3);
    ctx.moveTo(x, y + 3);
    ctx.lineTo(x, y + 10);
    ctx.moveTo(x + 6, y);
    ctx.arc(x, y, 6, 0, 2 * Math.PI);
    ctx.strokeStyle = f.theme.pointer;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}
