/**
 * The fixed-tick accumulator of the preview's animation loop, pure: wall time goes in, a whole
 * number of ticks comes out. The simulation itself never sees wall time (STYLE habit 6).
 */

/** Ticks per second at 1× speed (README: the preview runs 60 ticks per second). */
export const TICKS_PER_SECOND = 60;
/** The slowest speed the preview offers. */
export const MIN_SPEED = 0.25;
/** The fastest speed the preview offers. */
export const MAX_SPEED = 4;
/** The speeds of the preview's speed menu. */
export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4];

/** `speed` clamped into MIN_SPEED…MAX_SPEED; anything not a finite number gives 1. */
export function clampSpeed(speed: number): number {
  if (typeof speed !== 'number' || !Number.isFinite(speed)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}

/**
 * Turns frame intervals into ticks: `TICKS_PER_SECOND × speed` ticks per second of wall time on
 * average, at most `maxTicksPerFrame` in one frame. Time beyond that is dropped rather than owed,
 * so a slow frame (or a tab coming back from the background) never makes the next frames slower
 * still: the simulation slows down instead of spiralling.
 */
export class FixedTicker {
  /** Ticks owed but not yet run, as a fraction of a tick (0 ≤ owed < 1 after `advance`, up to the slack). */
  private owed = 0;

  /**
   * @param maxTicksPerFrame the most ticks one frame may run (8: 4× speed at 30 frames per second)
   * @param slack a frame whose ticks come within this fraction of a whole number rounds to it, so
   *   frames that jitter around 1/60 s run 1 tick each rather than alternating 0 and 2
   */
  constructor(
    readonly maxTicksPerFrame = 8,
    readonly slack = 0.1,
  ) {}

  /** The number of ticks to run for a frame `dtMs` milliseconds after the previous one, at `speed`. */
  advance(dtMs: number, speed: number): number {
    if (!(dtMs > 0)) return 0;
    this.owed += (dtMs * TICKS_PER_SECOND * clampSpeed(speed)) / 1000;
    let n = Math.floor(this.owed + this.slack);
    if (n > this.maxTicksPerFrame) {
      // behind: run the most a frame allows and forget the rest
      this.owed = 0;
      return this.maxTicksPerFrame;
    }
    this.owed -= n;
    if (n < 0) n = 0;
    return n;
  }

  /**
   * Milliseconds of wall time until the next tick is owed at `speed` (0 when one is owed now): how
   * long a timer-driven clock (the simulation worker's) may sleep.
   */
  msUntilNextTick(speed: number): number {
    const missing = 1 - this.slack - this.owed;
    return missing <= 0 ? 0 : (missing * 1000) / (TICKS_PER_SECOND * clampSpeed(speed));
  }

  /** Forgets owed time (after a reset, a pause or a single step). */
  reset(): void {
    this.owed = 0;
  }
}
