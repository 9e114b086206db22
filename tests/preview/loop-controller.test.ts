import { describe, expect, it } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LoopController, STATS_INTERVAL_MS, TICK_BUDGET_MS, type FrameScheduler } from '../../src/preview/loop-controller';

/** A frame scheduler driven by the test: `frame(dt)` runs the pending callback `dt` ms later. */
class FakeFrames implements FrameScheduler {
  time = 1000;
  pending: ((now: number) => void) | null = null;
  requested = 0;
  cancelled = 0;
  request(cb: (now: number) => void): number {
    if (this.pending) throw new Error('two frames requested at once');
    this.pending = cb;
    return ++this.requested;
  }
  cancel(): void {
    this.pending = null;
    this.cancelled++;
  }
  now(): number {
    return this.time;
  }
  frame(dt = 1000 / 60): void {
    this.time += dt;
    const cb = this.pending;
    this.pending = null;
    cb?.(this.time);
  }
}

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(): void {}
  requestUpdate(): void {}
  readonly updateComplete = Promise.resolve(true);
  connect(): void {
    for (const c of this.controllers) c.hostConnected?.();
  }
  disconnect(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

/**
 * A loop on fake frames; each tick takes `tickCost` ms of the fake clock (or `tickCost(k)` for
 * the k-th tick); `fresh()` says whether a frame has something new to draw.
 */
function setup(tickCost: number | ((k: number) => number) = 0, fresh: () => boolean = () => true) {
  const frames = new FakeFrames();
  const host = new FakeHost();
  const log = { ticks: 0, draws: 0, stats: [] as [number, number][], tps: [] as number[], ticked: [] as [number, number][] };
  const loop = new LoopController(
    host,
    {
      advance: (n) => {
        for (let k = 0; k < n; k++) frames.time += typeof tickCost === 'number' ? tickCost : tickCost(log.ticks + k);
        log.ticks += n;
      },
      draw: () => {
        log.draws++;
        return fresh();
      },
      stats: (fps, ms, tps) => {
        log.stats.push([fps, ms]);
        log.tps.push(tps);
      },
      ticked: (ms, n) => log.ticked.push([ms, n]),
    },
    frames,
  );
  return { frames, host, loop, log };
}

describe('LoopController', () => {
  it('tells its client what each run of ticks cost, as it timed them (the thread is chosen by it)', () => {
    const { frames, host, loop, log } = setup(7);
    host.connect();
    loop.setPlaying(true);
    frames.frame();
    frames.frame();
    frames.frame();
    expect(log.ticked.length).toBe(2);
    for (const [ms, n] of log.ticked) expect(ms).toBe(7 * n);
    loop.step(3);
    expect(log.ticked[2]).toEqual([21, 3]);
  });

  it('runs 60 ticks per second while connected and playing, one draw per frame', () => {
    const { frames, host, loop, log } = setup();
    host.connect();
    loop.setPlaying(true);
    for (let k = 0; k < 61; k++) frames.frame();
    // the first frame only starts the clock
    expect(log.ticks).toBe(60);
    expect(log.draws).toBe(61);
  });

  it('runs twice the ticks at 2×', () => {
    const { frames, host, loop, log } = setup();
    loop.speed = 2;
    host.connect();
    loop.setPlaying(true);
    for (let k = 0; k < 61; k++) frames.frame();
    expect(log.ticks).toBe(120);
  });

  it('stops requesting frames when paused, and draws once per request while paused', () => {
    const { frames, host, loop, log } = setup();
    host.connect();
    loop.setPlaying(true);
    frames.frame();
    frames.frame();
    loop.setPlaying(false);
    frames.frame(); // the frame already requested runs, ticks nothing, requests no more
    expect(frames.pending).toBeNull();
    const ticks = log.ticks;
    loop.requestFrame();
    loop.requestFrame();
    frames.frame();
    expect(frames.pending).toBeNull();
    expect(log.ticks).toBe(ticks);
  });

  it('cancels its frame when the host disconnects and requests none until reconnected', () => {
    const { frames, host, loop } = setup();
    host.connect();
    loop.setPlaying(true);
    frames.frame();
    expect(frames.pending).not.toBeNull();
    host.disconnect();
    expect(frames.pending).toBeNull();
    expect(frames.cancelled).toBe(1);
    loop.requestFrame();
    expect(frames.pending).toBeNull();
    host.connect();
    expect(frames.pending).not.toBeNull();
  });

  it('does not catch up on the time spent paused', () => {
    const { frames, host, loop, log } = setup();
    host.connect();
    loop.setPlaying(true);
    for (let k = 0; k < 11; k++) frames.frame();
    loop.setPlaying(false);
    frames.frame();
    frames.time += 60_000;
    loop.setPlaying(true);
    frames.frame();
    frames.frame();
    expect(log.ticks).toBe(11);
  });

  it('steps exactly the ticks asked for while paused and reports them', () => {
    const { host, loop, log } = setup(0.5);
    host.connect();
    loop.step(1);
    expect(log.ticks).toBe(1);
    expect(log.stats.at(-1)).toEqual([0, 0.5]);
  });

  it('reports frames per second and ms per tick about every half second', () => {
    const { frames, host, loop, log } = setup(0.5);
    host.connect();
    loop.setPlaying(true);
    const perFrame = 1000 / 60;
    for (let k = 0; k < Math.ceil((2 * STATS_INTERVAL_MS) / perFrame) + 2; k++) frames.frame(perFrame - 0.5);
    expect(log.stats.length).toBe(2);
    for (const [fps, ms] of log.stats) {
      expect(fps).toBeGreaterThan(55);
      expect(fps).toBeLessThan(65);
      expect(ms).toBeCloseTo(0.5, 9);
    }
  });

  it('reports the ticks it ran per second', () => {
    const { frames, host, loop, log } = setup();
    host.connect();
    loop.setPlaying(true);
    for (let k = 0; k < 3 * 31; k++) frames.frame();
    expect(log.tps.length).toBeGreaterThanOrEqual(2);
    // the first report has no window before it
    for (const tps of log.tps.slice(1)) expect(tps).toBeCloseTo(60, 0);
  });

  it('counts only the frames that drew something new (the worker sends the state)', () => {
    let k = 0;
    // every other frame has a new state to show
    const { frames, host, loop, log } = setup(0, () => k++ % 2 === 0);
    host.connect();
    loop.setPlaying(true);
    for (let j = 0; j < 3 * 31; j++) frames.frame();
    expect(log.draws).toBe(93);
    for (const [fps] of log.stats) {
      expect(fps).toBeGreaterThan(27);
      expect(fps).toBeLessThan(33);
    }
  });

  /** Ticks of each of `count` frames, the first of them `firstDt` ms after the last. */
  function perFrame(frames: FakeFrames, log: { ticks: number }, count: number, firstDt: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < count; k++) {
      const before = log.ticks;
      frames.frame(k === 0 ? firstDt : undefined);
      out.push(log.ticks - before);
    }
    return out;
  }

  it('drops a frame’s remaining ticks once they took its tick budget, and runs at least one', () => {
    // ticks 10–29 are slow (a module just swapped in): 12 ms each, the others 0.5 ms
    const { frames, host, loop, log } = setup((k) => (k >= 10 && k < 30 ? 12 : 0.5));
    host.connect();
    loop.setPlaying(true);
    expect(loop.tickBudgetMs).toBe(TICK_BUDGET_MS);
    for (let k = 0; k < 11; k++) frames.frame();
    expect(log.ticks).toBe(10);
    // a frame 50 ms late owes 3 ticks, and each slow tick makes the next frame late: one slow tick
    // spends a frame's budget, so every frame runs exactly one while they last
    expect(perFrame(frames, log, 20, 50)).toEqual(Array(20).fill(1));
    // fast again: a late frame catches up
    expect(perFrame(frames, log, 1, 50)[0]).toBeGreaterThanOrEqual(2);
  });

  it('runs every tick owed without a budget (two previews that must stay together)', () => {
    const { frames, host, loop, log } = setup((k) => (k >= 10 && k < 30 ? 12 : 0.5));
    loop.tickBudgetMs = Infinity;
    host.connect();
    loop.setPlaying(true);
    for (let k = 0; k < 11; k++) frames.frame();
    const ticks = perFrame(frames, log, 8, 50);
    expect(ticks[0]).toBe(3);
    expect(Math.max(...ticks.slice(1))).toBeGreaterThanOrEqual(2);
  });

  it('runs a single step whatever it costs', () => {
    const { host, loop, log } = setup(40);
    host.connect();
    loop.step(3);
    expect(log.ticks).toBe(3);
  });
});
