/**
 * What the painter's files share: the frame to draw, how each agent type is drawn, the layers,
 * and the batching of per-agent paths (each filled or stroked every CHUNK agents).
 */
import type { FlowBrushView } from './flow';
import type { SceneDocument } from '../../document/types';
import type { PreviewWorld } from '../frame-world';
import type { View } from '../view';
import type { WallToolView } from '../wall-edit';
import type { Theme } from './theme';

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
  /** The agents' radius, px (0: point agents, no circle drawn). */
  radius?: number;
}

/** The colour of an agent type without one. */
export const FALLBACK_COLOR = '#9aa7b4';

/** Something under the mouse or being dragged, drawn highlighted (a path point: of the path being edited). */
export type Hot =
  | { kind: 'target'; name: string }
  | { kind: 'obstacle'; index: number }
  | { kind: 'path-point'; path: string; index: number }
  /** A vertex of a wall (with the Walls tool on). */
  | { kind: 'wall-point'; wall: string; index: number }
  | null;

/**
 * The part of the preview's world (PreviewWorld) a frame is drawn from, and, when the world has
 * them, its drawn headings (a module world: `drawnHeadings`, the same array as `headings` for a type
 * without a heading smoother; a worker's FrameWorld: the smoothed ones, or null).
 */
export type DrawnWorld = Pick<PreviewWorld, 'types' | 'positions' | 'velocities'> & {
  drawnHeadings?(typeId: string): Float64Array | null;
  headings?(typeId: string): Float64Array;
};

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
  /** The Walls tool, when it is on: the selected wall and the wall being drawn (paint/walls.ts). */
  wallTool?: WallToolView | null;
  /** The Flow brush at the mouse, when it is on (paint/flow.ts). */
  flowBrush?: FlowBrushView | null;
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

/** Agents per batch path (a power of two): see drawAgents. */
export const CHUNK = 64;
/** `(j & CHUNK_MASK) === CHUNK_MASK` ends a batch. */
export const CHUNK_MASK = CHUNK - 1;

/**
 * One agent type's agents as a per-agent overlay paints them: positions, velocities and kept
 * headings (`x0, y0, …`), and which of them show overlays (`sel`: the `m` agents nearest the
 * view's centre, or all `m = n` when null). `hair` is a hairline's width in world px.
 */
export interface AgentLayer {
  ctx: CanvasRenderingContext2D;
  frame: Frame;
  id: string;
  style: TypeStyle | undefined;
  pos: Float64Array;
  vel: Float64Array;
  head: Float64Array;
  n: number;
  sel: Int32Array | null;
  m: number;
  hair: number;
}

/** Paints one per-agent overlay of one agent type. */
export type AgentPainter = (a: AgentLayer) => void;

/**
 * Strokes one segment or shape per selected agent (`add` traces agent `i`'s), batched every
 * CHUNK agents, in one colour, a hairline wide.
 */
export function strokeEach(a: AgentLayer, color: string, add: (i: number) => void): void {
  const { ctx, sel, m } = a;
  ctx.strokeStyle = color;
  ctx.lineWidth = a.hair;
  ctx.beginPath();
  for (let j = 0; j < m; j++) {
    add(sel ? sel[j] : j);
    if ((j & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
  }
  ctx.stroke();
}

/**
 * Strokes a vector from each selected agent: from its position to position + k · v (`v` per agent,
 * `x0, y0, …`; agents from `count` on have none).
 */
export function strokeVectors(a: AgentLayer, color: string, v: ArrayLike<number>, k: number, count = Infinity): void {
  const { ctx, pos } = a;
  strokeEach(a, color, (i) => {
    if (i >= count) return;
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    ctx.moveTo(x, y);
    ctx.lineTo(x + v[2 * i] * k, y + v[2 * i + 1] * k);
  });
}

export function flushFill(ctx: CanvasRenderingContext2D): void {
  ctx.fill();
  ctx.beginPath();
}

export function flushStroke(ctx: CanvasRenderingContext2D): void {
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

/**
 * A per-agent overlay that node kinds feed (nodes/types.ts, `OverlaySizes`): how it combines the
 * sizes of a type's several nodes (the first node's, or the widest), and how it paints.
 */
export interface KindOverlayPainter {
  combine: 'first' | 'widest';
  paint: AgentPainter;
}
