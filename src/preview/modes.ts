/**
 * Where the preview runs the simulation and how it draws, by the size of the scene; pure.
 *
 * - Thread: the main thread up to {@link WORKER_THRESHOLD} agents (simplest, and an edit or a
 *   step shows in the very next frame); above, a worker, so the simulation's ticks never hold up
 *   the editor. A flock tick costs about 0.38 ms per 1,000 agents in Chromium here; at 3,000
 *   agents and 4× speed (4 ticks a frame) that is ~4.5 ms of each 16.7 ms frame, the most we let
 *   the simulation take from the editor.
 * - Drawing: Canvas 2D paths up to {@link LARGE_DRAW_THRESHOLD} agents (anti-aliased, every
 *   overlay for every agent); above, WebGL2 where it runs on a GPU, else an ImageData bitmap
 *   (bitmap.ts; measured: faster than both Canvas 2D paths and software WebGL2 from there on).
 */
import type { WebGL2Support } from './webgl';

/** How the preview picks its simulation thread: by scene size, or always one. */
export type Threading = 'auto' | 'main' | 'worker';
/** How the preview picks its renderer: by scene size, or always one. */
export type Drawing = 'auto' | 'canvas' | 'bitmap' | 'webgl';
/** The renderer that draws the agents' bodies. */
export type DrawMode = 'canvas' | 'bitmap' | 'webgl';

/** Above this many agents in total, `auto` runs the simulation in a worker. */
export const WORKER_THRESHOLD = 3000;
/** Above this many agents in total, `auto` draws the agents with WebGL2 (on a GPU) or the bitmap renderer. */
export const LARGE_DRAW_THRESHOLD = 3000;

/** The agents of a scene, all types. */
export function totalAgents(scene: { agentTypes: readonly { count: number }[] } | null | undefined): number {
  let n = 0;
  for (const t of scene?.agentTypes ?? []) n += t.count;
  return n;
}

/** The thread for a scene of `agents` agents. */
export function threadFor(setting: Threading, agents: number, workers: boolean): 'main' | 'worker' {
  if (!workers || setting === 'main') return 'main';
  if (setting === 'worker') return 'worker';
  return agents > WORKER_THRESHOLD ? 'worker' : 'main';
}

/**
 * The renderer for `agents` agents; WebGL2 asked for where there is none gives the bitmap
 * renderer. `webgl` tells how WebGL2 runs here (asked only when it matters).
 */
export function drawModeFor(setting: Drawing, agents: number, webgl: () => WebGL2Support): DrawMode {
  if (setting === 'canvas' || setting === 'bitmap') return setting;
  if (setting === 'webgl') return webgl() === 'none' ? 'bitmap' : 'webgl';
  if (agents <= LARGE_DRAW_THRESHOLD) return 'canvas';
  return webgl() === 'hardware' ? 'webgl' : 'bitmap';
}
