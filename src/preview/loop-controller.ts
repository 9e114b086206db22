/**
 * The preview's animation loop as a Lit ReactiveController: requestAnimationFrame while the host
 * is connected and playing, fixed ticks from a FixedTicker (60 per second × speed), one draw per
 * frame, and timing figures about twice a second. It stops what it starts: disconnecting or
 * pausing cancels the pending frame. While paused it draws on request only.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FixedTicker, clampSpeed } from './ticker';

/** What the loop drives. */
export interface LoopClient {
  /** Runs `n` ticks of the simulation (n ≥ 1). */
  advance(n: number): void;
  /** Draws the current state; false: nothing new to draw, so the frame is not counted. */
  draw(): boolean | void;
  /**
   * Timing of the last half second or so: frames drawn per second (0 while paused), ms per tick
   * and ticks run per second (of the ticks this loop ran).
   */
  stats(fps: number, msPerTick: number, ticksPerSecond: number): void;
  /** `ticks` ticks just ran in `ms` (as the loop timed them). */
  ticked?(ms: number, ticks: number): void;
}

/** A frame scheduler; the page's requestAnimationFrame by default (tests pass their own). */
export interface FrameScheduler {
  request(cb: (now: number) => void): number;
  cancel(handle: number): void;
  now(): number;
}

const PAGE_SCHEDULER: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (h) => cancelAnimationFrame(h),
  now: () => performance.now(),
};

/** How often the loop reports its timing, ms. */
export const STATS_INTERVAL_MS = 500;

/**
 * Milliseconds of ticks a frame may run while playing, by default: past it, the frame's remaining
 * ticks are dropped, as the ticker drops time past 8 ticks. A module just swapped in runs its first
 * ticks several times slower than later ones (the engine has not compiled its code yet: 10–30 ms
 * a tick on a 200-node graph, against 0.6), and a frame catching up after a slow one ran two or three
 * of them: frames of 50 ms and more while editing. A world whose ticks always take longer than this
 * still runs one tick per frame.
 */
export const TICK_BUDGET_MS = 10;

/** See the file comment. */
export class LoopController implements ReactiveController {
  /** Simulation speed, 0.25–4 (1: 60 ticks per second). */
  speed = 1;
  /**
   * Milliseconds of ticks a frame may run while playing ({@link TICK_BUDGET_MS}); Infinity: every
   * tick owed runs (two previews that must stay tick for tick together, as in A/B compare).
   */
  tickBudgetMs = TICK_BUDGET_MS;
  private readonly ticker = new FixedTicker();
  private handle = 0;
  private scheduled = false;
  private connected = false;
  private playing = false;
  private last = Number.NaN;
  private windowStart = Number.NaN;
  private frames = 0;
  private tickTime = 0;
  private tickCount = 0;
  private msPerTick = 0;
  private reportedAt = Number.NaN;

  constructor(
    host: ReactiveControllerHost,
    private readonly client: LoopClient,
    private readonly scheduler: FrameScheduler = PAGE_SCHEDULER,
  ) {
    host.addController(this);
  }

  /** True while frames run continuously. */
  get running(): boolean {
    return this.connected && this.playing;
  }

  hostConnected(): void {
    this.connected = true;
    this.restartClock();
    this.schedule();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.cancel();
  }

  /** Plays or pauses. Pausing cancels nothing already drawn but stops the ticks at once. */
  setPlaying(playing: boolean): void {
    if (playing === this.playing) return;
    this.playing = playing;
    this.restartClock();
    if (playing) this.schedule();
    else this.report(0);
  }

  /** Asks for one frame to be drawn (while paused; while playing the next frame draws anyway). */
  requestFrame(): void {
    this.schedule();
  }

  /** Runs `n` ticks now, timed (a single step while paused), and draws on the next frame. */
  step(n: number): void {
    this.timedAdvance(n);
    if (!this.playing) this.report(0);
    this.schedule();
  }

  /** Forgets owed time, so the next frame runs no catch-up ticks (after a reset). */
  restartClock(): void {
    this.ticker.reset();
    this.last = Number.NaN;
    this.windowStart = Number.NaN;
    this.frames = 0;
  }

  private schedule(): void {
    if (this.scheduled || !this.connected) return;
    this.scheduled = true;
    this.handle = this.scheduler.request(this.frame);
  }

  private cancel(): void {
    if (this.scheduled) this.scheduler.cancel(this.handle);
    this.scheduled = false;
  }

  private readonly frame = (now: number): void => {
    this.scheduled = false;
    if (!this.connected) return;
    if (this.playing) {
      const dt = Number.isNaN(this.last) ? 0 : now - this.last;
      this.last = now;
      const n = this.ticker.advance(dt, clampSpeed(this.speed));
      if (n > 0) this.timedAdvance(n, this.tickBudgetMs);
    }
    const drew = this.client.draw() !== false;
    if (this.playing) {
      if (drew) this.frames++;
      if (Number.isNaN(this.windowStart)) {
        this.windowStart = now;
        this.frames = 0;
      } else if (now - this.windowStart >= STATS_INTERVAL_MS) {
        this.report((this.frames * 1000) / (now - this.windowStart));
        this.windowStart = now;
        this.frames = 0;
      }
      this.schedule();
    }
  };

  /** Runs `n` ticks, timed; with a budget, one at a time, and none after the budget is spent. */
  private timedAdvance(n: number, budgetMs = Infinity): void {
    const t0 = this.scheduler.now();
    let ran = n;
    if (budgetMs === Infinity) this.client.advance(n);
    else {
      ran = 0;
      do {
        this.client.advance(1);
        ran++;
      } while (ran < n && this.scheduler.now() - t0 < budgetMs);
    }
    const ms = this.scheduler.now() - t0;
    this.tickTime += ms;
    this.tickCount += ran;
    this.client.ticked?.(ms, ran);
  }

  /** Reports the timing now, with 0 frames per second (while paused: after a reset or a swap). */
  reportNow(): void {
    this.report(0);
  }

  private report(fps: number): void {
    const now = this.scheduler.now();
    if (this.tickCount > 0) this.msPerTick = this.tickTime / this.tickCount;
    const tps = fps > 0 && now > this.reportedAt ? (this.tickCount * 1000) / (now - this.reportedAt) : 0;
    this.reportedAt = now;
    this.tickTime = 0;
    this.tickCount = 0;
    this.client.stats(fps, this.msPerTick, tps);
  }
}
