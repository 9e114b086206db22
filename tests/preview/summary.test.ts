import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestDistances, summarize, type SummaryInput } from '../../src/preview/summary';

function world(over: Partial<SummaryInput>): SummaryInput {
  return { width: 100, height: 100, edges: 'bounce', types: [], obstacles: [], obstacleCount: 0, ...over };
}

/** Every pair's distance, the slow way: what the grid must agree with. */
function bruteNearest(pts: [number, number][], W: number, H: number, wrap: boolean): number[] {
  return pts.map(([x, y], i) => {
    let best = Infinity;
    pts.forEach(([u, v], j) => {
      if (j === i) return;
      let dx = Math.abs(u - x);
      let dy = Math.abs(v - y);
      if (wrap) {
        dx = Math.min(dx, W - dx);
        dy = Math.min(dy, H - dy);
      }
      best = Math.min(best, Math.hypot(dx, dy));
    });
    return best;
  });
}

describe('summarize', () => {
  it('gives each type its mean speed, mean nearest-neighbour distance and agents inside obstacles', () => {
    const s = summarize(
      world({
        types: [
          // two sheep 3 px apart, speeds 5 (3-4-5) and 1
          { id: 'sheep', positions: [10, 10, 13, 10], velocities: [3, 4, 0, 1] },
          // a wolf 10 px below the first sheep, standing still
          { id: 'wolf', positions: [10, 20], velocities: [0, 0] },
        ],
        // a circle of radius 5 round (12, 10): both sheep inside, the wolf outside
        obstacles: [12, 10, 5, 0, 0],
        obstacleCount: 1,
      }),
    );
    expect(s).toEqual([
      { id: 'sheep', count: 2, meanSpeed: 3, meanNearest: 3, inObstacles: 2 },
      // the wolf's nearest is the first sheep, of another type
      { id: 'wolf', count: 1, meanSpeed: 0, meanNearest: 10, inObstacles: 0 },
    ]);
  });

  it('measures distances through the edges of a wrapping world, and not of a bouncing one', () => {
    const types = [{ id: 'a', positions: [1, 50, 99, 50], velocities: [0, 0, 0, 0] }];
    expect(summarize(world({ edges: 'wrap', types }))[0].meanNearest).toBeCloseTo(2, 12);
    expect(summarize(world({ edges: 'bounce', types }))[0].meanNearest).toBe(98);
    // an obstacle at the right edge holds an agent just over the left edge when the world wraps
    const obstacle = { obstacles: [99, 50, 3, 0, 0], obstacleCount: 1 };
    const one = [{ id: 'a', positions: [1, 50], velocities: [0, 0] }];
    expect(summarize(world({ edges: 'wrap', types: one, ...obstacle }))[0].inObstacles).toBe(1);
    expect(summarize(world({ edges: 'bounce', types: one, ...obstacle }))[0].inObstacles).toBe(0);
  });

  it("counts an agent on an obstacle's rim as outside, and in one obstacle once", () => {
    const types = [{ id: 'a', positions: [10, 0, 50, 50], velocities: [0, 0, 0, 0] }];
    // (10, 0) is exactly r = 10 from (0, 0); (50, 50) is inside two overlapping circles
    const s = summarize(world({ types, obstacles: [0, 0, 10, 0, 0, 50, 50, 5, 0, 0, 52, 50, 5, 0, 0], obstacleCount: 3 }));
    expect(s[0].inObstacles).toBe(1);
  });

  it('reads only obstacleCount circles of a longer array', () => {
    const types = [{ id: 'a', positions: [50, 50], velocities: [0, 0] }];
    expect(summarize(world({ types, obstacles: [0, 0, 1, 0, 0, 50, 50, 5, 0, 0], obstacleCount: 1 }))[0].inObstacles).toBe(0);
  });

  it('has no nearest neighbour for a lone agent, and zeros for a type without agents', () => {
    const lone = summarize(world({ types: [{ id: 'a', positions: [5, 5], velocities: [1, 0] }, { id: 'b', positions: [], velocities: [] }] }));
    expect(lone).toEqual([
      { id: 'a', count: 1, meanSpeed: 1, meanNearest: null, inObstacles: 0 },
      { id: 'b', count: 0, meanSpeed: 0, meanNearest: null, inObstacles: 0 },
    ]);
  });

  it('gives two identical worlds identical summaries', () => {
    const make = () =>
      world({
        edges: 'wrap',
        types: [{ id: 'a', positions: Float64Array.from({ length: 400 }, (_, i) => (i * 37.3) % 100), velocities: new Float64Array(400).fill(0.5) }],
      });
    expect(summarize(make())).toEqual(summarize(make()));
  });
});

describe('nearestDistances', () => {
  it("finds each point's nearest other point, on a line", () => {
    const d = nearestDistances(Float64Array.of(0, 10, 30, 31), Float64Array.of(0, 0, 0, 0), 100, 100, false);
    expect(Array.from(d)).toEqual([10, 10, 1, 1]);
  });

  it('finds the same point twice at distance 0, and a lone point at Infinity', () => {
    expect(Array.from(nearestDistances(Float64Array.of(5, 5), Float64Array.of(7, 7), 10, 10, true))).toEqual([0, 0]);
    expect(Array.from(nearestDistances(Float64Array.of(5), Float64Array.of(7), 10, 10, true))).toEqual([Infinity]);
  });

  it('agrees with comparing every pair, for any crowd, wrapping or not (also agents outside the world)', () => {
    const pt = fc.tuple(fc.double({ min: -20, max: 220, noNaN: true }), fc.double({ min: -20, max: 170, noNaN: true }));
    fc.assert(
      fc.property(fc.array(pt, { minLength: 2, maxLength: 80 }), fc.boolean(), (pts, wrap) => {
        // a wrapping world keeps its agents inside
        const inside = wrap ? pts.map(([x, y]) => [((x % 200) + 200) % 200, ((y % 150) + 150) % 150] as [number, number]) : pts;
        const got = nearestDistances(Float64Array.from(inside.map((p) => p[0])), Float64Array.from(inside.map((p) => p[1])), 200, 150, wrap);
        const want = bruteNearest(inside, 200, 150, wrap);
        want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, 9));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with comparing every pair for a tight flock with agents on top of each other', () => {
    // whole-number positions in a 6 × 4 corner: many duplicates, everything in one spot
    const pt = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }));
    fc.assert(
      fc.property(fc.array(pt, { minLength: 2, maxLength: 120 }), fc.boolean(), (pts, wrap) => {
        const got = nearestDistances(Float64Array.from(pts.map((p) => p[0])), Float64Array.from(pts.map((p) => p[1])), 7, 5, wrap);
        const want = bruteNearest(pts, 7, 5, wrap);
        want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, 9));
      }),
      { numRuns: 200 },
    );
  });

  it('stays cheap however the agents cluster: 50,000 in a flock', () => {
    // every pair compared would be 1.25 billion distances (seconds); the tree takes a fraction of one
    const n = 50_000;
    const xs = Float64Array.from({ length: n }, (_, i) => 400 + ((i * 7.919) % 40));
    const ys = Float64Array.from({ length: n }, (_, i) => 300 + ((i * 1.04729) % 30));
    const t0 = performance.now();
    const d = nearestDistances(xs, ys, 1600, 1200, true);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(d.every((v) => Number.isFinite(v) && v < 1)).toBe(true);
  });
});
