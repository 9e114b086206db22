/**
 * Where the preview runs the simulation and how it draws, by the size of the scene; pure.
 *
 * - Thread: the main thread up to {@link WORKER_THRESHOLD} agents (simplest, and an edit or a
 *   step shows in the very next frame); above, a worker, so the simulation's ticks never hold up
 *   the editor. A flock tick costs about 0.38 ms per 1,000 agents in Chromium here; at 3,000
 *   agents and 4× speed (4 ticks a frame) that is ~4.5 ms of each 16.7 ms frame, the most we let
 *   the simulation take from the editor.
 *   The agent count is not the whole cost: a scene within every limit (five graphs of 2,000 nodes,
 *   1,000 agents) costs a tick of hundreds of ms. So the measured cost counts too
 *   ({@link TickCostRule}): ticks on the page that cost over {@link HEAVY_TICK_MS} on average
 *   move the simulation to the worker, and it comes back only when they cost under
 *   {@link LIGHT_TICK_MS} there (and the agent count allows), so it does not flap.
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

/**
 * The thread for a scene of `agents` agents; `heavy`: its ticks were measured too costly for the
 * page ({@link TickCostRule}).
 */
export function threadFor(setting: Threading, agents: number, workers: boolean, heavy = false): 'main' | 'worker' {
  if (!workers || setting === 'main') return 'main';
  if (setting === 'worker') return 'worker';
  return agents > WORKER_THRESHOLD || heavy ? 'worker' : 'main';
}

/** Mean ms per tick over which ticks on the page are too heavy: a third of a 60 Hz frame at 1× speed. */
export const HEAVY_TICK_MS = 6;
/** Mean ms per tick under which a scene moved for its cost may come back to the page. */
export const LIGHT_TICK_MS = 2;
/** Ticks averaged per decision. */
export const COST_WINDOW_TICKS = 30;
/** Ticks not counted after a new module or world (a cold module's first ticks are slow). */
export const COST_WARM_TICKS = 10;

/**
 * Whether a scene's ticks are too heavy for the page, from their measured cost: pure (the preview
 * reports what it timed; tests report what they like). Heavy once a window of
 * {@link COST_WINDOW_TICKS} ticks averaged over {@link HEAVY_TICK_MS}; light again once one
 * averaged under {@link LIGHT_TICK_MS}. The first {@link COST_WARM_TICKS} ticks after
 * {@link restart} are not counted.
 */
export class TickCostRule {
  heavy = false;
  private skip: number = COST_WARM_TICKS;
  private ms = 0;
  private ticks = 0;

  /** `ticks` ticks took `ms` in all; true when this changed `heavy`. */
  report(ms: number, ticks: number): boolean {
    if (!(ticks > 0) || !Number.isFinite(ms)) return false;
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, ticks);
      this.skip -= skipped;
      ms *= (ticks - skipped) / ticks;
      ticks -= skipped;
      if (ticks === 0) return false;
    }
    this.ms += ms;
    this.ticks += ticks;
    if (this.ticks < COST_WINDOW_TICKS) return false;
    const mean = this.ms / this.ticks;
    this.ms = 0;
    this.ticks = 0;
    const was = this.heavy;
    if (!was && mean > HEAVY_TICK_MS) this.heavy = true;
    else if (was && mean < LIGHT_TICK_MS) this.heavy = false;
    return this.heavy !== was;
  }

  /** Starts a new window, not counting the next few ticks (a new module, a new world, another thread). */
  restart(): void {
    this.skip = COST_WARM_TICKS;
    this.ms = 0;
    this.ticks = 0;
  }
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
