import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESTYLES_PER_FRAME, onDragState, setDragState, type DragState } from '../../src/editor/drag-state';

/** Frames run by the test. */
let frames: (() => void)[] = [];
const nextFrame = (): void => {
  const run = frames;
  frames = [];
  for (const f of run) f();
};

beforeEach(() => {
  frames = [];
  globalThis.requestAnimationFrame = ((cb: FrameRequestCallback) => frames.push(() => cb(0))) as typeof requestAnimationFrame;
  globalThis.cancelAnimationFrame = (() => (frames = [])) as typeof cancelAnimationFrame;
});

const offs: (() => void)[] = [];
afterEach(() => {
  setDragState(null);
  while (frames.length) nextFrame();
  for (const off of offs.splice(0)) off();
});

/** `n` sockets; each records the states it was told, and says it changed its look when `changes(k)`. */
function sockets(n: number, changes: (k: number) => boolean = () => true) {
  const seen: (DragState | null)[][] = [];
  for (let k = 0; k < n; k++) {
    seen.push([]);
    offs.push(onDragState((s) => (seen[k].push(s), changes(k))));
  }
  return seen;
}

const drag: DragState = { type: 'force', side: 'output', nodeId: 'a' };

describe('drag state (the sockets’ look while a connection is dragged)', () => {
  it('restyles at most RESTYLES_PER_FRAME sockets a frame, and every socket within a few frames', () => {
    const seen = sockets(250);
    setDragState(drag);
    // nothing in the pointer event itself
    expect(seen.filter((s) => s.length).length).toBe(0);
    nextFrame();
    expect(seen.filter((s) => s.length).length).toBe(RESTYLES_PER_FRAME);
    nextFrame();
    expect(seen.filter((s) => s.length).length).toBe(2 * RESTYLES_PER_FRAME);
    nextFrame();
    expect(seen.every((s) => s.length === 1 && s[0] === drag)).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('counts only sockets whose look changed (those of nodes skipped out of view cost nothing)', () => {
    const seen = sockets(300, (k) => k % 4 === 0);
    setDragState(drag);
    nextFrame();
    expect(seen.every((s) => s.length === 1)).toBe(true);
  });

  it('starts over on a new change: no socket takes a look of a drag already over', () => {
    const seen = sockets(250);
    setDragState(drag);
    nextFrame();
    setDragState(null);
    while (frames.length) nextFrame();
    for (const s of seen) expect(s.at(-1)).toBeNull();
    // the first hundred saw the drag, then the end of it; none of the rest saw the drag
    expect(seen.filter((s) => s.includes(drag)).length).toBe(RESTYLES_PER_FRAME);
  });
});
