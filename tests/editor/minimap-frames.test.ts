/**
 * patches/minimap-frames.ts: however often the minimap plugin asks to draw in one frame, it draws
 * once; hidden, it does not draw; shown again, it draws.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MinimapPlugin } from 'rete-minimap-plugin';
import { drawOncePerFrame } from '../../src/editor/patches/minimap-frames';
import type { Schemes } from '../../src/editor/schemes';

let frames: FrameRequestCallback[] = [];
const nextFrame = () => {
  const run = frames;
  frames = [];
  for (const f of run) f(0);
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
});
afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the plugin: counts its draws. */
function plugin() {
  const p = { draws: 0, element: {} as HTMLElement, render: () => p.draws++ };
  return p;
}

describe('drawOncePerFrame', () => {
  it('draws once in the frame after any number of requests', () => {
    const p = plugin();
    const frames_ = drawOncePerFrame(p as unknown as MinimapPlugin<Schemes>);
    for (let k = 0; k < 500; k++) p.render();
    expect(p.draws).toBe(0);
    nextFrame();
    expect(p.draws).toBe(1);
    expect(frames_.element).toBe(p.element);
  });

  it('hidden, it does not draw; shown again, it draws', () => {
    const p = plugin();
    const frames_ = drawOncePerFrame(p as unknown as MinimapPlugin<Schemes>);
    frames_.show(false);
    p.render();
    nextFrame();
    expect(p.draws).toBe(0);
    frames_.show(true);
    nextFrame();
    expect(p.draws).toBe(1);
  });

  it('destroyed, a pending draw does not happen', () => {
    const p = plugin();
    const frames_ = drawOncePerFrame(p as unknown as MinimapPlugin<Schemes>);
    p.render();
    frames_.destroy();
    nextFrame();
    expect(p.draws).toBe(0);
  });
});
