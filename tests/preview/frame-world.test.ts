import { describe, expect, it } from 'vitest';
import { FrameWorld, type FrameWorldCommands } from '../../src/preview/frame-world';
import { frameBytes, type FrameMessage } from '../../src/preview/sim-protocol';

/** A frame of two types, filled with recognisable numbers: type k, agent i, field f → 1000k + 10i + f. */
function frame(counts: number[], forces = false, tick = 5): FrameMessage {
  const buffer = new ArrayBuffer(frameBytes(counts, forces));
  const data = new Float64Array(buffer);
  let o = 0;
  counts.forEach((n, k) => {
    for (const field of forces ? [0, 1, 2] : [0, 1]) {
      for (let i = 0; i < n; i++) {
        data[o++] = 1000 * k + 10 * i + field;
        data[o++] = -(1000 * k + 10 * i + field);
      }
    }
  });
  return {
    type: 'frame',
    generation: 1,
    tick,
    playing: true,
    seq: 0,
    types: ['a', 'b'].slice(0, counts.length),
    counts,
    forces,
    buffer,
    obstacles: Float64Array.from([1, 2, 3, 0, 0]),
    pointer: [7, 8],
    targets: [['home', 3, 4]],
    msPerTick: 1,
    ticksPerSecond: 60,
  };
}

function commands(log: string[]): FrameWorldCommands {
  return {
    setPointer: (x, y) => log.push(`pointer ${x} ${y}`),
    setTarget: (n, x, y) => log.push(`target ${n} ${x} ${y}`),
    setObstacles: (o) => log.push(`obstacles ${o.length}`),
    setParam: (t, n, v) => log.push(`param ${t} ${n} ${v}`),
    setCount: (id, n) => log.push(`count ${id} ${n}`),
    step: (n) => log.push(`step ${n}`),
  };
}

describe('FrameWorld', () => {
  it('reads positions, velocities and forces of every type out of a frame', () => {
    const w = new FrameWorld(1, null, commands([]));
    w.apply(frame([2, 1], true));
    expect(w.tick).toBe(5);
    expect(w.types).toEqual(['a', 'b']);
    expect(Array.from(w.positions('a'))).toEqual([0, -0, 10, -10]);
    expect(Array.from(w.velocities('a'))).toEqual([1, -1, 11, -11]);
    expect(Array.from(w.forces.get('a')!)).toEqual([2, -2, 12, -12]);
    expect(Array.from(w.positions('b'))).toEqual([1000, -1000]);
    expect(w.agents('a')[1]).toEqual({ x: 10, y: -10, vx: 11, vy: -11 });
  });

  it('keeps its arrays from frame to frame (live, like a world’s), and resizes them with the counts', () => {
    const w = new FrameWorld(1, null, commands([]));
    w.apply(frame([2, 1]));
    const a = w.positions('a');
    w.apply(frame([2, 1], false, 6));
    expect(w.positions('a')).toBe(a);
    w.apply(frame([3]));
    expect(w.positions('a')).toHaveLength(6);
    expect(w.types).toEqual(['a']);
    expect(() => w.positions('b')).toThrow(/unknown agent type "b"; this scene has "a"/);
  });

  it('gives the frame’s state as plain data, and sends edits on', () => {
    const log: string[] = [];
    const w = new FrameWorld(1, null, commands(log));
    w.apply(frame([1]));
    const s = w.snapshot();
    expect(s.pointer).toEqual([7, 8]);
    expect(s.targets.home).toEqual([3, 4]);
    expect(s.obstacles).toEqual([1, 2, 3, 0, 0]);
    expect(s.types.a).toEqual({ count: 1, pos: [0, -0], vel: [1, -1] });
    w.setPointer(1, 2);
    w.setTarget('home', 3, 4);
    w.setObstacles([]);
    w.setCount('a', 9);
    w.step();
    expect(log).toEqual(['pointer 1 2', 'target home 3 4', 'obstacles 0', 'count a 9', 'step 1']);
  });
});
