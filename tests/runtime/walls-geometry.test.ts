import { describe, expect, it } from 'vitest';
import { SEG, Walls, wallRay, wallsBlock } from '../../runtime/walls';

describe('walls: segments, sight and feelers (BEHAVIORS.md, Walls)', () => {
  it('cuts polylines and polygons into segments, drops repeated points, and adds the edges in bounce mode', () => {
    const w = new Walls(
      [
        { id: 'a', points: [[0, 0], [10, 0], [10, 0], [10, 10]], closed: false },
        { id: 'b', points: [[20, 20], [30, 20], [30, 30]], closed: true, solid: false },
      ],
      100,
      50,
      true,
    );
    expect(w.edgeFirst).toBe(5);
    expect(w.count).toBe(9);
    expect(w.solidCount).toBe(2);
    expect([...w.segments]).toEqual([2, 3]);
    expect([...w.first]).toEqual([0, 2]);
    expect(w.sigma[1]).toBe(1);
    // segment 1: (10, 0) → (10, 10): û = (0, 1), n̂ = (−1, 0), L = 10
    expect([...w.seg.subarray(SEG, 2 * SEG)]).toEqual([10, 0, 0, 1, -1, 0, 10]);
    expect(w.index('b')).toBe(1);
    expect(w.index('c')).toBe(-1);
  });

  it('blocks sight across a solid segment, not along it, not through its end points, and not by a region', () => {
    const w = new Walls([{ id: 'a', points: [[10, -10], [10, 10]], closed: false }, { id: 'r', points: [[40, -5], [50, -5], [50, 5]], closed: true, solid: false }]);
    expect(wallsBlock(w, 0, 0, 20, 0)).toBe(true);
    expect(wallsBlock(w, 0, 0, 9, 0)).toBe(false);
    expect(wallsBlock(w, 10, 0, 20, 0)).toBe(false); // the viewer stands on the wall
    expect(wallsBlock(w, 10, -20, 10, 20)).toBe(false); // along its line
    expect(wallsBlock(w, 0, 10.0005, 20, 10.0005)).toBe(true); // within ε past its end
    expect(wallsBlock(w, 0, 11, 20, 11)).toBe(false);
    expect(wallsBlock(w, 30, 0, 60, 0)).toBe(false); // a region hides nothing
  });

  it('finds the nearest wall a feeler reaches, skipping walls through the agent', () => {
    const w = new Walls([
      { id: 'far', points: [[30, -10], [30, 10]], closed: false },
      { id: 'near', points: [[20, -10], [20, 10]], closed: false },
      { id: 'through', points: [[0, -10], [0, 10]], closed: false },
    ]);
    const hit = new Int32Array(1);
    expect(wallRay(w, 0, 0, 40, 0, hit)).toBe(0.5);
    expect(hit[0]).toBe(1);
    expect(wallRay(w, 0, 0, 10, 0, hit)).toBe(-1);
    expect(hit[0]).toBe(-1);
    expect(wallRay(w, 0, 0, 0, 40, hit)).toBe(-1);
  });
});
