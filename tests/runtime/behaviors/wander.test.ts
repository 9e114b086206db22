import { describe, expect, it } from 'vitest';
import { seek } from '../../../runtime/behaviors/seek';
import { wander } from '../../../runtime/behaviors/wander';
import { World, type Agents } from '../../../runtime/world';
import { expectNear, pairAt, place, spec, type AgentState } from '../helpers';

/** BEHAVIORS.md: u ← normalize(u + perp(u) · (rand − 0.5) · J). */
function turnRef(ux: number, uy: number, draw: number, J: number): [number, number] {
  const px = -uy * (draw - 0.5) * J;
  const py = ux * (draw - 0.5) * J;
  const x = ux + px;
  const y = uy + py;
  const len = Math.sqrt(x * x + y * y);
  return [x / len, y / len];
}

/** c = p + h·D + R·(u.x·h.x − u.y·h.y, u.x·h.y + u.y·h.x); force = Seek(c). */
function wanderRef(s: AgentState & { S: number }, u: [number, number], D: number, R: number): [number, number] {
  const vx = s.vx ?? 0;
  const vy = s.vy ?? 0;
  const v = Math.sqrt(vx * vx + vy * vy);
  const hx = s.hx ?? vx / v;
  const hy = s.hy ?? vy / v;
  const cx = s.x + hx * D + R * (u[0] * hx - u[1] * hy);
  const cy = s.y + hy * D + R * (u[0] * hy + u[1] * hx);
  const dx = cx - s.x;
  const dy = cy - s.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  return d > 0 ? [(dx / d) * s.S - vx, (dy / d) * s.S - vy] : [-vx, -vy];
}

/** One agent with Wander's memory at its default (1, 0) and one draw per tick, set by hand. */
function wanderer(s: AgentState, maxSpeed = 4): Agents {
  const w = new World(spec({ maxSpeed }), [{ memory: [1, 0], draws: 1 }]);
  place(w.types[0], [s]);
  return w.types[0];
}

const out = new Float64Array(2);

describe('wander', () => {
  it('starts from u = (1, 0), turns it by its draw and seeks the point on the circle', () => {
    const s = { x: 200, y: 300, vx: 1.2, vy: -1.6 };
    const a = wanderer(s);
    a.rnd[0] = 0.8125;
    wander(out, 0, a, 0, 0, 0, 10, 5, 1);
    const u = turnRef(1, 0, 0.8125, 1);
    expectNear(a.mem, 0, u[0], u[1]);
    expectNear(out, 0, ...wanderRef({ ...s, S: 4 }, u, 10, 5));
  });

  it('a draw of 0.5 leaves u unchanged: the circle’s point is straight ahead', () => {
    const a = wanderer({ x: 100, y: 100, vx: 0, vy: -2 });
    a.rnd[0] = 0.5;
    wander(out, 0, a, 0, 0, 0, 10, 5, 1);
    expect(pairAt(a.mem)).toEqual([1, 0]);
    expect(pairAt(out)).toEqual([0, -2]); // seek (100, 85): desired (0, −4) − v (0, −2)
  });

  it('keeps u in the agent’s frame: turning the heading by 90° turns the force by 90°', () => {
    const east = wanderer({ x: 0, y: 0, hx: 1, hy: 0 });
    const south = wanderer({ x: 0, y: 0, hx: 0, hy: 1 });
    const f = new Float64Array(4);
    for (const a of [east, south]) {
      a.mem[0] = 0.28;
      a.mem[1] = -0.96;
      a.rnd[0] = 0.3;
    }
    wander(f, 0, east, 0, 0, 0, 10, 5, 1);
    wander(f, 2, south, 0, 0, 0, 10, 5, 1);
    expect(pairAt(south.mem)).toEqual(pairAt(east.mem));
    expect(pairAt(f, 2)).toEqual([-f[1] + 0, f[0] + 0]); // perp(east's force)
  });

  it('turns u by atan((draw − 0.5) · J): never more than atan(J/2) per tick (dot and cross)', () => {
    for (const J of [1, 0.5, 3]) {
      for (const draw of [0, 1 - 2 ** -32, 0.25, 0.6]) {
        const a = wanderer({ x: 100, y: 100, vx: 1, vy: 0 });
        a.mem[0] = 0.6;
        a.mem[1] = 0.8;
        a.rnd[0] = draw;
        wander(out, 0, a, 0, 0, 0, 10, 5, J);
        const dot = 0.6 * a.mem[0] + 0.8 * a.mem[1];
        const cross = 0.6 * a.mem[1] - 0.8 * a.mem[0];
        // tan(turn) = cross / dot; the turn is less than 90° (dot > 0)
        expect(dot).toBeGreaterThan(0);
        expect(Math.abs(cross / dot - (draw - 0.5) * J)).toBeLessThan(1e-14);
        expect(Math.atan(Math.abs(cross / dot))).toBeLessThanOrEqual(Math.atan(J / 2) + 1e-15);
      }
    }
  });

  it('keeps u a unit vector over many ticks (no drift)', () => {
    const a = wanderer({ x: 100, y: 100, vx: 1, vy: 0 });
    let r = 0.1234;
    for (let t = 0; t < 10_000; t++) {
      r = (r * 9301 + 49297) % 233280 / 233280; // any sequence of draws in [0, 1)
      a.rnd[0] = r;
      wander(out, 0, a, 0, 0, 0, 10, 5, 1);
      expect(Math.abs(Math.sqrt(a.mem[0] * a.mem[0] + a.mem[1] * a.mem[1]) - 1)).toBeLessThan(4e-16);
    }
  });

  it('at rest uses the last heading', () => {
    const s = { x: 50, y: 60, hx: -0.6, hy: 0.8 };
    const a = wanderer(s);
    a.rnd[0] = 0.1;
    wander(out, 0, a, 0, 0, 0, 10, 5, 1);
    expectNear(out, 0, ...wanderRef({ ...s, S: 4 }, turnRef(1, 0, 0.1, 1), 10, 5));
  });

  it('with maxSpeed 0 brakes (−v) and still advances its memory', () => {
    const a = wanderer({ x: 100, y: 100, vx: 0.25, vy: 0.5 }, 0);
    a.rnd[0] = 0;
    wander(out, 0, a, 0, 0, 0, 10, 5, 1);
    expect(pairAt(out)).toEqual([-0.25, -0.5]);
    expectNear(a.mem, 0, ...turnRef(1, 0, 0, 1));
  });

  it('with distance and radius 0 the point is the agent itself: a brake (−v)', () => {
    const a = wanderer({ x: 100, y: 100, vx: 0.25, vy: 0.5 });
    a.rnd[0] = 0.9;
    wander(out, 0, a, 0, 0, 0, 0, 0, 1);
    expect(pairAt(out)).toEqual([-0.25, -0.5]);
  });

  it('a zero memory (no layout default) restarts at (1, 0) instead of staying stuck', () => {
    const a = wanderer({ x: 100, y: 100, vx: 1, vy: 0 });
    a.mem[0] = 0;
    a.mem[1] = 0;
    a.rnd[0] = 0.9;
    wander(out, 0, a, 0, 0, 0, 10, 5, 1);
    expect(pairAt(a.mem)).toEqual([1, 0]);
    expect(pairAt(out)).toEqual([3, 0]); // seek 15 px straight ahead: (4, 0) − (1, 0)
  });

  it('reads its draw at offset r and its memory at offset m of agent i, and touches nothing else', () => {
    const w = new World(spec({ count: 2 }), [{ memory: [7, 1, 0], draws: 2 }]);
    const a = w.types[0];
    place(a, [{ x: 10, y: 10, vx: 1, vy: 0 }, { x: 400, y: 300, vx: 0, vy: 1 }]);
    a.rnd.set([0.1, 0.2, 0.3, 0.75]);
    wander(out, 0, a, 1, 1, 1, 10, 5, 1);
    expect(Array.from(a.mem.subarray(0, 4))).toEqual([7, 1, 0, 7]);
    const u = turnRef(1, 0, 0.75, 1);
    expectNear(a.mem, 4, u[0], u[1]);
    expectNear(out, 0, ...wanderRef({ x: 400, y: 300, vx: 0, vy: 1, S: 4 }, u, 10, 5));
  });

  it('does Seek’s arithmetic: the force is seek(c) bit for bit', () => {
    const a = wanderer({ x: 211.5, y: 97.25, vx: 1.2, vy: -1.6 });
    a.rnd[0] = 0.0625;
    wander(out, 0, a, 0, 0, 0, 12, 7, 0.8);
    const [ux, uy] = [a.mem[0], a.mem[1]];
    const [x, y, hx, hy] = [211.5, 97.25, a.head[0], a.head[1]];
    const s = new Float64Array(2);
    seek(s, 0, a, 0, Float64Array.of(x + hx * 12 + 7 * (ux * hx - uy * hy), y + hy * 12 + 7 * (ux * hy + uy * hx)), 0);
    expect(pairAt(out)).toEqual(pairAt(s));
  });
});
