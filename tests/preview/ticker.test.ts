import { describe, expect, it } from 'vitest';
import { FixedTicker, MAX_SPEED, MIN_SPEED, TICKS_PER_SECOND, clampSpeed } from '../../src/preview/ticker';

/** Ticks run over `frames` frames of `dt` ms each. */
function run(t: FixedTicker, frames: number, dt: number, speed = 1): number[] {
  const out: number[] = [];
  for (let k = 0; k < frames; k++) out.push(t.advance(dt, speed));
  return out;
}

describe('FixedTicker', () => {
  it('runs one tick per frame at 60 frames per second and 1×, even when frames jitter', () => {
    const t = new FixedTicker();
    const jitter = [16.2, 17.1, 16.5, 16.9, 16.0, 17.3];
    const ticks = jitter.flatMap((dt) => run(t, 1, dt));
    expect(ticks).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('runs 60 × speed ticks per second on average', () => {
    for (const speed of [0.25, 0.5, 1, 2, 4]) {
      const t = new FixedTicker();
      const total = run(t, 600, 1000 / 60, speed).reduce((a, b) => a + b, 0);
      // 10 s of frames
      expect(Math.abs(total - 10 * TICKS_PER_SECOND * speed)).toBeLessThanOrEqual(1);
    }
  });

  it('runs the same ticks at 30 frames per second as at 60, two per frame', () => {
    const t = new FixedTicker();
    expect(run(t, 5, 1000 / 30)).toEqual([2, 2, 2, 2, 2]);
  });

  it('at 0.25× runs a tick every fourth frame', () => {
    const t = new FixedTicker();
    expect(run(t, 8, 1000 / 60, 0.25).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('never runs more than its cap in a frame and forgets the backlog (no spiral)', () => {
    const t = new FixedTicker(8);
    // a tab back from the background after 5 s
    expect(t.advance(5000, 1)).toBe(8);
    // and the next frame is a normal one, not more catching up
    expect(t.advance(1000 / 60, 1)).toBe(1);
    // slow frames at 4×: each would owe 4 × 60 / 10 = 24 ticks
    expect(run(t, 3, 100, 4)).toEqual([8, 8, 8]);
  });

  it('runs nothing for a first frame, a zero or a negative interval', () => {
    const t = new FixedTicker();
    expect(t.advance(0, 1)).toBe(0);
    expect(t.advance(-16, 1)).toBe(0);
    expect(t.advance(Number.NaN, 1)).toBe(0);
  });

  it('forgets owed time on reset', () => {
    const t = new FixedTicker();
    expect(t.advance(10, 1)).toBe(0); // 0.6 of a tick owed
    t.reset();
    expect(t.advance(10, 1)).toBe(0);
  });
});

describe('clampSpeed', () => {
  it('keeps speeds within 0.25× and 4×, and turns nonsense into 1×', () => {
    expect(clampSpeed(0.1)).toBe(MIN_SPEED);
    expect(clampSpeed(9)).toBe(MAX_SPEED);
    expect(clampSpeed(2)).toBe(2);
    expect(clampSpeed(Number.NaN)).toBe(1);
  });
});

describe('FixedTicker.msUntilNextTick', () => {
  it('says how long a timer may sleep before the next tick is owed', () => {
    const t = new FixedTicker();
    // nothing owed: 0.9 of a tick away at 1× (ticks run within the slack of a whole one)
    expect(t.msUntilNextTick(1)).toBeCloseTo((0.9 * 1000) / TICKS_PER_SECOND, 9);
    expect(t.msUntilNextTick(2)).toBeCloseTo((0.9 * 1000) / TICKS_PER_SECOND / 2, 9);
    t.advance(10, 1);
    expect(t.msUntilNextTick(1)).toBeCloseTo((0.9 * 1000) / TICKS_PER_SECOND - 10, 9);
    t.advance(10, 1);
    expect(t.msUntilNextTick(1)).toBeGreaterThanOrEqual(0);
  });
});
