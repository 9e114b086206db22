/** The details of the events `<steer-preview>` fires (preview.ts re-exports them). */
import type { DrawMode } from './modes';

/** Detail of `scene-edit`: an edit the user made on the canvas, for the app to apply to the document. */
export type SceneEditDetail =
  | { kind: 'move-obstacle'; index: number; x: number; y: number }
  | { kind: 'move-target'; name: string; x: number; y: number }
  | { kind: 'add-path-point'; path: string; x: number; y: number }
  /** The edited path's point `index` dragged to (x, y). */
  | { kind: 'move-path-point'; path: string; index: number; x: number; y: number }
  /** A point inserted before point `index` of the edited path (a click on a segment). */
  | { kind: 'insert-path-point'; path: string; index: number; x: number; y: number }
  /** Point `index` of the edited path removed (selected and Delete, or Alt-click). */
  | { kind: 'remove-path-point'; path: string; index: number }
  /** A wall drawn with the Walls tool (the app gives it a fresh id: w1, w2, …). */
  | { kind: 'add-wall'; points: [number, number][]; closed: boolean }
  /** Vertex `index` of wall `wall` dragged to (x, y). */
  | { kind: 'move-wall-point'; wall: string; index: number; x: number; y: number }
  /** A vertex inserted before vertex `index` of the selected wall (a click on its segment). */
  | { kind: 'insert-wall-point'; wall: string; index: number; x: number; y: number }
  /** Vertex `index` of a wall removed (Alt-click; below 2 vertices, 3 when closed, the wall goes). */
  | { kind: 'remove-wall-point'; wall: string; index: number }
  /** The selected wall removed (Delete or Backspace with the Walls tool). */
  | { kind: 'remove-wall'; wall: string }
  /** A stroke of the Flow brush (world px, in order), brush radius px; `erase`: Shift held (document/flow-commands.ts). */
  | { kind: 'paint-flow'; points: [number, number][]; radius: number; erase: boolean }
  /** "Reset with seed": the scene's seed from now on (one seed: the World panel shows it too). */
  | { kind: 'set-seed'; seed: number };

/** Detail of `preview-stats`, about twice a second while playing (and after a pause, step or reset). */
export interface PreviewStatsDetail {
  /** The world's tick. */
  tick: number;
  /** Agents in the world, all types. */
  agents: number;
  /** Wall time per tick over the last half second or so, ms (measured where the simulation runs). */
  msPerTick: number;
  /** Frames drawn per second over the last half second or so (0 while paused). */
  fps: number;
  /** Ticks run per second over the last half second or so (measured where the simulation runs; 0 while paused). */
  ticksPerSecond: number;
  /** Where the simulation runs. */
  thread: 'main' | 'worker';
  /** What draws the agents. */
  drawMode: DrawMode;
}

/** Detail of `preview-load`: a new module's world runs (in worker mode: its first frame arrived). */
export interface PreviewLoadDetail {
  /** `resumed`: the old world carried on in the new module; `fresh`: a new world (see `reason`). */
  kind: 'fresh' | 'resumed';
  reason?: string;
  thread: 'main' | 'worker';
  tick: number;
}

/** Detail of `preview-error`: a module that failed to load or start; the last good world runs on. */
export interface PreviewErrorDetail {
  message: string;
}

/** Detail of `overlays-change`: the overlays the user picked in the preview's own menu. */
export interface OverlaysChangeDetail {
  overlays: string[];
}

/** Detail of `wall-select`: the wall a click of the Walls tool selected, or null for none. */
export interface WallSelectDetail {
  id: string | null;
}
