/**
 * The walls' broad phase (a grid over the solid segments) answers exactly as a test of every
 * segment: sight lines and feelers over random walls, inside and outside the world, long and short.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../runtime/rng';
import { EPS, SEG, Walls, wallRay, wallsBlock, type WallSpec } from '../../runtime/walls';

/** The reference: every solid segment, in order (BEHAVIORS.md, Walls (c)). */
function bruteBlock(Wl: Walls, px: number, py: number, qx: number, qy: number): boolean {
  const S = Wl.seg;
  const dx = qx - px;
  const dy = qy - py;
  for (let k = 0; k < Wl.count; k++) {
    if (!Wl.solid[k]) continue;
    const o = SEG * k;
    const den = dx * S[o + 3] - dy * S[o + 2];
    if (den === 0) continue;
    const ex = S[o] - px;
    const ey = S[o + 1] - py;
    const t = (ex * S[o + 3] - ey * S[o + 2]) / den;
    if (!(t > 0 && t < 1)) continue;
    const mu = (ex * dy - ey * dx) / den;
    if (mu >= -EPS && mu <= S[o + 6] + EPS) return true;
  }
  return false;
}

/** The reference of Walls (b), step 2: least t, then the lower segment number. */
function bruteRay(Wl: Walls, px: number, py: number, dx: number, dy: number): [number, number] {
  const S = Wl.seg;
  let best = -1;
  let bestK = -1;
  for (let k = 0; k < Wl.count; k++) {
    if (!Wl.solid[k]) continue;
    const o = SEG * k;
    const ex = S[o] - px;
    const ey = S[o + 1] - py;
    if (ex * S[o + 4] + ey * S[o + 5] === 0) continue;
    const den = dx * S[o + 3] - dy * S[o + 2];
    if (den === 0) continue;
    const t = (ex * S[o + 3] - ey * S[o + 2]) / den;
    if (!(t >= 0 && t <= 1)) continue;
    const mu = (ex * dy - ey * dx) / den;
    if (!(mu >= -EPS && mu <= S[o + 6] + EPS)) continue;
    if (best < 0 || t < best) {
      best = t;
      bestK = k;
    }
  }
  return [best, bestK];
}

/** Random walls in and around a W × H world: polylines, polygons, regions, repeated points, a grid-aligned maze. */
function randomWalls(rng: Rng, W: number, H: number, n: number): WallSpec[] {
  const walls: WallSpec[] = [];
  const coord = (span: number) => Math.round((rng.next() * 1.4 - 0.2) * span * (rng.next() < 0.5 ? 1 : 16)) / (rng.next() < 0.5 ? 1 : 16);
  for (let w = 0; w < n; w++) {
    const m = 2 + Math.floor(rng.next() * 6);
    const points: [number, number][] = [];
    let x = coord(W);
    let y = coord(H);
    for (let j = 0; j < m; j++) {
      points.push([x, y]);
      const r = rng.next();
      if (r < 0.1) continue; // a repeated point
      const len = rng.next() < 0.8 ? rng.next() * 60 : rng.next() * W;
      if (r < 0.4) x += (rng.next() < 0.5 ? -1 : 1) * len; // axis-aligned
      else if (r < 0.7) y += (rng.next() < 0.5 ? -1 : 1) * len;
      else {
        x += (rng.next() * 2 - 1) * len;
        y += (rng.next() * 2 - 1) * len;
      }
    }
    walls.push({ id: `w${w}`, points, closed: m >= 3 && rng.next() < 0.3, solid: rng.next() < 0.9 });
  }
  return walls;
}

describe('walls: the grid answers as a test of every segment', () => {
  it('gives the same sight and feeler results on random walls, with and without edges', () => {
    const rng = new Rng(17);
    const hit = new Int32Array(1);
    let blocked = 0;
    let hits = 0;
    let gridded = 0;
    let outside = 0;
    for (let round = 0; round < 40; round++) {
      const W = 200 + Math.floor(rng.next() * 1800);
      const H = 200 + Math.floor(rng.next() * 1800);
      const walls = randomWalls(rng, W, H, 1 + Math.floor(rng.next() * 150));
      const Wl = new Walls(walls, W, H, rng.next() < 0.5);
      if (Wl.gx > 0) gridded++;
      if (Wl.ogx > 0) outside++;
      for (let q = 0; q < 400; q++) {
        // query points: anywhere around the world, on segment ends, along segments
        const pick = (): [number, number] => {
          const r = rng.next();
          if (r < 0.3 && Wl.count > 0) {
            const o = SEG * Math.floor(rng.next() * Wl.count);
            const mu = rng.next() < 0.5 ? (rng.next() < 0.5 ? 0 : Wl.seg[o + 6]) : rng.next() * Wl.seg[o + 6];
            return [Wl.seg[o] + Wl.seg[o + 2] * mu, Wl.seg[o + 1] + Wl.seg[o + 3] * mu];
          }
          return [(rng.next() * 1.6 - 0.3) * W, (rng.next() * 1.6 - 0.3) * H];
        };
        const [px, py] = pick();
        let [qx, qy] = pick();
        if (rng.next() < 0.6) {
          // short queries, as the integrator's moves and the feelers make
          const len = rng.next() * 80;
          qx = px + (rng.next() * 2 - 1) * len;
          qy = py + (rng.next() * 2 - 1) * len;
        }
        const b = wallsBlock(Wl, px, py, qx, qy);
        expect(b).toBe(bruteBlock(Wl, px, py, qx, qy));
        if (b) blocked++;
        const t = wallRay(Wl, px, py, qx - px, qy - py, hit);
        const [bt, bk] = bruteRay(Wl, px, py, qx - px, qy - py);
        expect(t).toBe(bt);
        expect(hit[0]).toBe(bk);
        if (bk >= 0) hits++;
      }
    }
    // the test means something: most worlds have a grid, and many queries hit
    expect(gridded).toBeGreaterThan(30);
    expect(outside).toBeGreaterThan(20); // worlds with segments beyond their rectangle
    expect(blocked).toBeGreaterThan(2000);
    expect(hits).toBeGreaterThan(2000);
  });

  it('finds walls far outside the world (kept apart from the grid, tested only by queries that leave the world)', () => {
    const walls: WallSpec[] = [];
    for (let k = 0; k < 40; k++) walls.push({ id: `in${k}`, points: [[10 * k, 0], [10 * k, 100]], closed: false });
    walls.push({ id: 'far', points: [[5e6, -5e6], [5e6, 5e6]], closed: false });
    walls.push({ id: 'long', points: [[-1e6, 50], [1e6, 50.5]], closed: false });
    const Wl = new Walls(walls, 400, 100, false);
    expect(Wl.gx).toBeGreaterThan(1);
    expect(Wl.ogx).toBeGreaterThan(0); // the far wall has a grid of its own
    expect(wallsBlock(Wl, 4e6, 0, 6e6, 0)).toBe(true);
    expect(wallsBlock(Wl, 4e6, 0, 4.5e6, 0)).toBe(false);
    const hit = new Int32Array(1);
    expect(wallRay(Wl, 4e6, 0, 2e6, 0, hit)).toBe(0.5);
    expect(hit[0]).toBe(40);
    expect(wallRay(Wl, -5e5, 0, 0, 100, hit)).toBeGreaterThan(0);
    expect(hit[0]).toBe(41);
  });
});
