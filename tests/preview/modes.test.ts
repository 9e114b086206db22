import { describe, expect, it } from 'vitest';
import {
  COST_WARM_TICKS,
  COST_WINDOW_TICKS,
  HEAVY_TICK_MS,
  LARGE_DRAW_THRESHOLD,
  LIGHT_TICK_MS,
  TickCostRule,
  WORKER_THRESHOLD,
  drawModeFor,
  threadFor,
  totalAgents,
} from '../../src/preview/modes';
import { previewScene } from './scene';

describe('threadFor', () => {
  it('runs large scenes in a worker and small ones on the main thread', () => {
    expect(threadFor('auto', WORKER_THRESHOLD, true)).toBe('main');
    expect(threadFor('auto', WORKER_THRESHOLD + 1, true)).toBe('worker');
  });

  it('follows an explicit choice, and stays on the main thread without workers', () => {
    expect(threadFor('worker', 10, true)).toBe('worker');
    expect(threadFor('main', 100_000, true)).toBe('main');
    expect(threadFor('worker', 100_000, false)).toBe('main');
  });
});

describe('the measured cost of a tick', () => {
  /** Reports `ticks` ticks of `ms` each, one at a time, as the loop does; true when some report changed `heavy`. */
  const run = (rule: TickCostRule, ms: number, ticks: number): boolean => {
    let changed = false;
    for (let k = 0; k < ticks; k++) changed = rule.report(ms, 1) || changed;
    return changed;
  };

  it('sends a heavy graph of few agents to the worker; an explicit choice and no workers still win', () => {
    const rule = new TickCostRule();
    expect(run(rule, HEAVY_TICK_MS * 10, COST_WARM_TICKS + COST_WINDOW_TICKS - 1)).toBe(false);
    expect(rule.heavy).toBe(false);
    expect(run(rule, HEAVY_TICK_MS * 10, 1)).toBe(true);
    expect(threadFor('auto', 1000, true, rule.heavy)).toBe('worker');
    expect(threadFor('main', 1000, true, rule.heavy)).toBe('main');
    expect(threadFor('auto', 1000, false, rule.heavy)).toBe('main');
  });

  it('does not count a new module’s first (cold) ticks, nor call a few slow ticks in a light window heavy', () => {
    const rule = new TickCostRule();
    run(rule, 200, COST_WARM_TICKS);
    run(rule, 0.5, 2 * COST_WINDOW_TICKS);
    expect(rule.heavy).toBe(false);
    // three 40 ms ticks among 27 of 0.5 ms: a mean of 4.45 ms
    run(rule, 40, 3);
    run(rule, 0.5, COST_WINDOW_TICKS - 3);
    expect(rule.heavy).toBe(false);
  });

  it('does not flap: heavy stays heavy until ticks cost under the lower bound', () => {
    const rule = new TickCostRule();
    run(rule, 10, COST_WARM_TICKS + COST_WINDOW_TICKS);
    expect(rule.heavy).toBe(true);
    rule.restart();
    // in the worker, between the bounds: stays there
    expect(run(rule, (HEAVY_TICK_MS + LIGHT_TICK_MS) / 2, COST_WARM_TICKS + 10 * COST_WINDOW_TICKS)).toBe(false);
    expect(rule.heavy).toBe(true);
    expect(run(rule, LIGHT_TICK_MS / 2, COST_WINDOW_TICKS)).toBe(true);
    expect(rule.heavy).toBe(false);
    expect(run(rule, (HEAVY_TICK_MS + LIGHT_TICK_MS) / 2, 10 * COST_WINDOW_TICKS)).toBe(false);
    expect(threadFor('auto', 1000, true, rule.heavy)).toBe('main');
  });

  it('counts reports of many ticks at once by their mean', () => {
    const rule = new TickCostRule();
    expect(rule.report(1e6, COST_WARM_TICKS)).toBe(false);
    expect(rule.report(COST_WINDOW_TICKS * (HEAVY_TICK_MS + 1), COST_WINDOW_TICKS)).toBe(true);
    expect(rule.report(Number.NaN, 5)).toBe(false);
    expect(rule.report(5, 0)).toBe(false);
  });
});

describe('drawModeFor', () => {
  const never = (): never => {
    throw new Error('asked about WebGL2 when it did not matter');
  };

  it('draws small scenes with Canvas 2D paths, without asking about WebGL2', () => {
    expect(drawModeFor('auto', LARGE_DRAW_THRESHOLD, never)).toBe('canvas');
  });

  it('draws large scenes with WebGL2 on a GPU, else the bitmap renderer', () => {
    expect(drawModeFor('auto', LARGE_DRAW_THRESHOLD + 1, () => 'hardware')).toBe('webgl');
    expect(drawModeFor('auto', LARGE_DRAW_THRESHOLD + 1, () => 'software')).toBe('bitmap');
    expect(drawModeFor('auto', LARGE_DRAW_THRESHOLD + 1, () => 'none')).toBe('bitmap');
  });

  it('follows an explicit choice; WebGL2 where there is none gives the bitmap renderer', () => {
    expect(drawModeFor('canvas', 100_000, never)).toBe('canvas');
    expect(drawModeFor('bitmap', 1, never)).toBe('bitmap');
    expect(drawModeFor('webgl', 1, () => 'software')).toBe('webgl');
    expect(drawModeFor('webgl', 1, () => 'none')).toBe('bitmap');
  });
});

describe('totalAgents', () => {
  it('counts every type', () => {
    expect(totalAgents(previewScene(60))).toBe(65);
    expect(totalAgents(null)).toBe(0);
  });
});
