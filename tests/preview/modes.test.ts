import { describe, expect, it } from 'vitest';
import { LARGE_DRAW_THRESHOLD, WORKER_THRESHOLD, drawModeFor, threadFor, totalAgents } from '../../src/preview/modes';
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
