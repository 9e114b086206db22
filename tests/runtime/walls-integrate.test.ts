/**
 * Solid walls in the integrator (BEHAVIORS.md, Walls (a)): each rule on its own, then the property
 * that matters: the path an agent takes within a tick never crosses a solid segment it started on
 * one side of, over random walls, velocities and forces up to 10,000 px/tick.
 */
import { describe, expect, it } from 'vitest';
import { moveThroughWalls } from '../../runtime/integrate';
import { Rng } from '../../runtime/rng';
import { step } from '../../runtime/step';
import { EPS, SEG, Walls, type WallSpec } from '../../runtime/walls';
import { World } from '../../runtime/world';
import { oneAgent } from './helpers';

const wall = (id: string, points: [number, number][], closed = false): WallSpec => ({ id, points, closed });

/** One tick of a single agent with no force among `walls` (a 1000 × 1000 wrap world, far from its edges). */
function tick(walls: WallSpec[], x: number, y: number, vx: number, vy: number, maxSpeed = 10_000): World {
  const w = oneAgent(x, y, vx, vy, { maxSpeed, maxForce: 0 }, { width: 1000, height: 1000, walls });
  step(w, []);
  return w;
}

describe('walls in the integrator: the rules', () => {
  it('stops ε before a wall, along the move, and keeps no velocity into it', () => {
    const w = tick([wall('a', [[100, 0], [100, 1000]])], 50, 500, 80, 0);
    const a = w.types[0];
    expect(a.pos[0]).toBeCloseTo(100 - EPS, 9);
    expect(a.pos[0]).toBeLessThan(100);
    expect(a.pos[1]).toBe(500);
    expect([a.vel[0], a.vel[1]]).toEqual([0, 0]);
    expect(w.wallContacts).toBe(1);
  });

  it('stops along the move, not along the normal: a slanted approach slides on', () => {
    // from (50, 500) at (80, 40): meets x = 100 at t = 5/8, then slides down by 40·3/8 = 15
    const w = tick([wall('a', [[100, 0], [100, 1000]])], 50, 500, 80, 40);
    const a = w.types[0];
    expect(a.pos[0]).toBeCloseTo(100 - EPS, 9);
    expect(a.pos[1]).toBeCloseTo(540, 6);
    expect([a.vel[0], a.vel[1]]).toEqual([0, 40]); // the part into the wall is gone, the slide stays
    expect([a.head[0], a.head[1]]).toEqual([0, 1]);
  });

  it('keeps the velocity that points away from the wall', () => {
    // the agent is pushed into the wall although its velocity is tangent: nothing to remove
    const w = tick([wall('a', [[100, 0], [100, 1000]])], 99.9995, 500, 0, 30);
    expect(w.types[0].vel[1]).toBe(30);
    expect(w.wallContacts).toBe(0);
  });

  it('slides along one wall of an inside corner until the other stops it', () => {
    // corner at (100, 100): walls x = 100 (y ≤ 100) and y = 100 (x ≤ 100); moving (60, 80) from (80, 50)
    const w = tick([wall('c', [[100, 0], [100, 100], [0, 100]])], 80, 50, 60, 80);
    const a = w.types[0];
    expect(a.pos[0]).toBeLessThan(100);
    expect(a.pos[1]).toBeLessThan(100);
    expect(100 - a.pos[0]).toBeLessThan(2 * EPS);
    expect(100 - a.pos[1]).toBeLessThan(2 * EPS);
    expect([a.vel[0], a.vel[1]]).toEqual([0, 0]);
    expect(w.wallContacts).toBe(1);
  });

  it('stops in a wedge sharper than a right angle (v = 0)', () => {
    // a 30° wedge opening to the left with its tip at (500, 500); the agent drives into it
    const wedge = wall('v', [[0, 500 - 500 * 0.2679491924311227], [500, 500], [0, 500 + 500 * 0.2679491924311227]]);
    const w = tick([wedge], 400, 505, 200, 1);
    const a = w.types[0];
    expect([a.vel[0], a.vel[1]]).toEqual([0, 0]);
    expect(a.pos[0]).toBeLessThan(500);
    // still inside the wedge
    expect(Math.abs(a.pos[1] - 500)).toBeLessThan((500 - a.pos[0]) * 0.2679491924311227);
  });

  it('a zero velocity goes nowhere and meets nothing, even on a wall', () => {
    const w = tick([wall('a', [[100, 0], [100, 1000]])], 100, 500, 0, 0);
    expect([w.types[0].pos[0], w.types[0].pos[1]]).toEqual([100, 500]);
    expect(w.wallContacts).toBe(0);
  });

  it('lets an agent on a wall leave by either side, then keeps it there', () => {
    for (const vx of [5, -5]) {
      const w = oneAgent(100, 500, vx, 0, { maxSpeed: 10, maxForce: 0 }, { width: 1000, height: 1000, walls: [wall('a', [[100, 0], [100, 1000]])] });
      step(w, []);
      expect(w.types[0].pos[0]).toBe(100 + vx);
      w.types[0].vel[0] = -3 * vx;
      step(w, []);
      expect(Math.sign(w.types[0].pos[0] - 100)).toBe(Math.sign(vx));
    }
  });

  it('ignores regions, and walls ahead of nothing cost nothing: no walls runs the same as before', () => {
    const region: WallSpec = { id: 'r', points: [[90, 0], [110, 0], [110, 1000], [90, 1000]], closed: true, solid: false };
    const w = tick([region], 50, 500, 80, 0);
    expect(w.types[0].pos[0]).toBe(130);
    expect(w.walls.solidCount).toBe(0);
    expect(w.wallContacts).toBe(0);
  });

  it('stops at a wall beyond the world too (the outer grid), among many walls', () => {
    const walls: WallSpec[] = Array.from({ length: 30 }, (_, k) => wall(`in${k}`, [[30 * k, 10], [30 * k, 40]]));
    walls.push(wall('far', [[5000, -1000], [5000, 2000]]));
    const a = moveThroughWalls(new Walls(walls, 1000, 1000, false), Float64Array.of(4990, 500, 30, 0));
    expect(a).toBe(true);
    const io = Float64Array.of(4990, 500, 30, 0);
    const Wl = new Walls(walls, 1000, 1000, false);
    expect(Wl.ogx).toBeGreaterThan(0);
    moveThroughWalls(Wl, io);
    expect(io[0]).toBeCloseTo(5000 - EPS, 9);
    expect([io[2], io[3]]).toEqual([0, 0]);
  });

  it('then applies the edges as before (bounce)', () => {
    const w = oneAgent(990, 500, 30, 0, { maxSpeed: 100, maxForce: 0 }, { width: 1000, height: 1000, edges: 'bounce', walls: [wall('a', [[100, 0], [100, 1000]])] });
    step(w, []);
    expect([w.types[0].pos[0], w.types[0].vel[0]]).toEqual([1000, -30]);
    expect(w.wallContacts).toBe(0);
  });
});

/**
 * Whether the leg u → w crosses segment k of Wl that u lies strictly on one side of (closed segment,
 * no ε), or ends on it. A leg that stays within ROUNDING of the segment's line at both ends (an
 * agent sliding along a wall it stands on, 10⁻¹⁴ px off) is on neither side: that is rounding.
 */
function crosses(Wl: Walls, k: number, ux: number, uy: number, wx: number, wy: number): boolean {
  const S = Wl.seg;
  const o = SEG * k;
  const s0 = (ux - S[o]) * S[o + 4] + (uy - S[o + 1]) * S[o + 5];
  if (s0 === 0) return false;
  const s1 = (wx - S[o]) * S[o + 4] + (wy - S[o + 1]) * S[o + 5];
  if (s0 > 0 ? s1 > 0 : s1 < 0) return false;
  if (Math.abs(s0) < ROUNDING && Math.abs(s1) < ROUNDING) return false;
  const t = s0 / (s0 - s1);
  const mu = (ux + (wx - ux) * t - S[o]) * S[o + 2] + (uy + (wy - uy) * t - S[o + 1]) * S[o + 3];
  return mu >= 0 && mu <= S[o + 6];
}

/** px: far below ε (10⁻³), far above the rounding of coordinates of a few thousand px (10⁻¹²). */
const ROUNDING = 1e-9;

/** Whether (x, y) is inside the polygon (even-odd). */
function inside(pts: [number, number][], x: number, y: number): boolean {
  let c = false;
  for (let j = 0; j < pts.length; j++) {
    const a = pts[j];
    const b = pts[(j + 1) % pts.length];
    if (a[1] > y !== b[1] > y && x < a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1])) c = !c;
  }
  return c;
}

describe('walls in the integrator: no path crosses a solid segment (property)', () => {
  it('holds over random walls, wedges, a 64-sided polygon from inside, agents on walls, speeds up to 10,000 px/tick', () => {
    const rng = new Rng(1717);
    const W = 2000;
    const H = 2000;
    const out = new Float64Array(4);
    const trace = new Float64Array(16);
    let contacts = 0;
    let legs = 0;
    let maxContacts = 0;
    const r = () => rng.next();
    for (let round = 0; round < 12; round++) {
      const walls: WallSpec[] = [];
      // random polylines and polygons, some with repeated points (zero-length segments)
      for (let k = 0; k < 40; k++) {
        const m = 2 + Math.floor(r() * 5);
        const pts: [number, number][] = [];
        let x = r() * W;
        let y = r() * H;
        for (let j = 0; j < m; j++) {
          pts.push([x, y]);
          if (r() < 0.15) continue;
          x += (r() * 2 - 1) * 400;
          y += (r() * 2 - 1) * 400;
        }
        walls.push({ id: `p${k}`, points: pts, closed: m >= 3 && r() < 0.4 });
      }
      // acute wedges
      for (let k = 0; k < 4; k++) {
        const tx = r() * W;
        const ty = r() * H;
        const d = r() * 0.4 + 0.02;
        walls.push(wall(`v${k}`, [[tx - 300, ty - 300 * d], [tx, ty], [tx - 300, ty + 300 * d]]));
      }
      // a 64-sided polygon (vertices on a circle, by rotation with only + − ×)
      const poly: [number, number][] = [];
      const cx = W / 2 + (r() - 0.5) * 200;
      const cy = H / 2 + (r() - 0.5) * 200;
      let ux = 300;
      let uy = 0;
      const c = Math.cos((2 * Math.PI) / 64);
      const s = Math.sin((2 * Math.PI) / 64);
      for (let j = 0; j < 64; j++) {
        poly.push([cx + ux, cy + uy]);
        [ux, uy] = [ux * c - uy * s, ux * s + uy * c];
      }
      walls.push({ id: 'poly', points: poly, closed: true });
      const Wl = new Walls(walls, W, H, false);
      const polyFirst = Wl.first[Wl.ids.length - 1];
      // agents: random, on segments (exactly on a point of one), inside the polygon
      for (let agent = 0; agent < 300; agent++) {
        let x: number;
        let y: number;
        const kind = r();
        if (kind < 0.25) {
          const o = SEG * Math.floor(r() * Wl.edgeFirst);
          const mu = r() < 0.3 ? 0 : r() * Wl.seg[o + 6];
          x = Wl.seg[o] + Wl.seg[o + 2] * mu;
          y = Wl.seg[o + 1] + Wl.seg[o + 3] * mu;
        } else if (kind < 0.5) {
          x = cx + (r() * 2 - 1) * 200;
          y = cy + (r() * 2 - 1) * 200;
        } else {
          x = r() * W;
          y = r() * H;
        }
        const inPoly = inside(poly, x, y);
        let vx = 0;
        let vy = 0;
        for (let t = 0; t < 60; t++) {
          // random force, speed capped at a random maxSpeed up to 10,000 (as the integrator does)
          const S = r() < 0.5 ? r() * 20 : r() * 10_000;
          vx += (r() * 2 - 1) * S;
          vy += (r() * 2 - 1) * S;
          if (r() < 0.05) {
            vx = 0;
            vy = 0;
          }
          const v2 = vx * vx + vy * vy;
          if (v2 > S * S) {
            const q = S / Math.sqrt(v2);
            vx *= q;
            vy *= q;
          }
          trace[0] = 0;
          out[0] = x;
          out[1] = y;
          out[2] = vx;
          out[3] = vy;
          if (moveThroughWalls(Wl, out, trace)) contacts++;
          const n = trace[0];
          maxContacts = Math.max(maxContacts, n - 1);
          let px = x;
          let py = y;
          for (let l = 0; l < n; l++) {
            const qx = trace[1 + 2 * l];
            const qy = trace[2 + 2 * l];
            for (let k = 0; k < Wl.edgeFirst; k++) {
              if (crosses(Wl, k, px, py, qx, qy)) {
                throw new Error(`round ${round}, agent ${agent}, tick ${t}: leg ${l} (${px}, ${py}) → (${qx}, ${qy}) crosses segment ${k}`);
              }
            }
            px = qx;
            py = qy;
            legs++;
          }
          x = out[0];
          y = out[1];
          vx = out[2];
          vy = out[3];
          expect([px, py]).toEqual([x, y]);
          // keep the agents in play: back to a random place when far out
          if (!(Math.abs(x - W / 2) < 2 * W && Math.abs(y - H / 2) < 2 * H)) break;
        }
        // an agent that started strictly inside the polygon (not on its boundary) is still inside
        if (inPoly && kind >= 0.25) {
          let onLine = false;
          for (let k = polyFirst; k < polyFirst + 64; k++) if (crosses(Wl, k, x, y, x, y)) onLine = true;
          if (!onLine) expect(inside(poly, x, y)).toBe(true);
        }
      }
    }
    expect(contacts).toBeGreaterThan(10_000);
    expect(legs).toBeGreaterThan(200_000);
    expect(maxContacts).toBeLessThanOrEqual(4);
  });
});
