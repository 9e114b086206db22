import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avoidAgentsPass } from '../../../runtime/behaviors/avoid-agents';
import { prepareTick } from '../../../runtime/step';
import { World, type Agents } from '../../../runtime/world';

const COS45 = 0.7071067811865476;

/**
 * Avoid Agents as BEHAVIORS.md ("Unaligned collision avoidance") writes it, every pair looked at
 * (no grid): the reference the shipped kernel (grid, bounds, early rejections) must match bit for
 * bit. The arithmetic of each step is the formula's, in its order.
 */
function reference(A: Agents, G: Agents, range: number, T: number, buffer: number, out: Float64Array): void {
  const clear = A.radius + G.radius + buffer;
  const same = A === G;
  for (let i = 0; i < A.count; i++) {
    const px = A.pos[2 * i];
    const py = A.pos[2 * i + 1];
    const vx = A.vel[2 * i];
    const vy = A.vel[2 * i + 1];
    let best = -1;
    let bestT = 0;
    let cx = 0;
    let cy = 0;
    for (let j = 0; j < G.count; j++) {
      if (same && j === i) continue;
      // 1. candidates strictly closer than range; r, w and the time of closest approach t
      const rx = G.pos[2 * j] - px;
      const ry = G.pos[2 * j + 1] - py;
      if (!(rx * rx + ry * ry < range * range)) continue;
      const wx = G.vel[2 * j] - vx;
      const wy = G.vel[2 * j + 1] - vy;
      const ww = wx * wx + wy * wy;
      const t = ww > 0 ? -(rx * wx + ry * wy) / ww : 0;
      // 2. a threat: 0 ≤ t ≤ T and |r + w·t|² < clear²
      if (!(t >= 0 && t <= T)) continue;
      const qx = rx + wx * t;
      const qy = ry + wy * t;
      if (!(qx * qx + qy * qy < clear * clear)) continue;
      // 3. the least t, ties to the lower index (j rises, so a tie keeps the first)
      if (best >= 0 && !(t < bestT)) continue;
      best = j;
      bestT = t;
      cx = qx;
      cy = qy;
    }
    if (best < 0) {
      out[2 * i] = 0;
      out[2 * i + 1] = 0;
      continue;
    }
    const hx = A.head[2 * i];
    const hy = A.head[2 * i + 1];
    // 4. u, and Lat = perp(h)·σ·S·u with perp(h) = (−hy, hx)
    const u = 1 - bestT / T;
    const sigma = cx * -hy + cy * hx > 0 ? -1 : 1;
    const lat = sigma * A.maxSpeed[i] * u;
    let fx = -hy * lat;
    let fy = hx * lat;
    // 5. the brake, by k = h·j.h
    const k = hx * G.head[2 * best] + hy * G.head[2 * best + 1];
    let brake = false;
    if (k < -COS45) brake = true;
    else if (k <= COS45) {
      const s2 = vx * vx + vy * vy;
      const j2 = G.vel[2 * best] * G.vel[2 * best] + G.vel[2 * best + 1] * G.vel[2 * best + 1];
      brake = s2 < j2 || (s2 === j2 && (A.index > G.index || (same && i > best)));
    }
    if (brake) {
      fx = fx - vx * u;
      fy = fy - vy * u;
    }
    // 6. steer = (Lat + B)·m
    out[2 * i] = fx * A.mass;
    out[2 * i + 1] = fy * A.mass;
  }
}

// fc.double draws evenly over bit patterns (most near 0): mix in evenly spread and whole values
const even = (min: number, max: number) => fc.oneof(fc.integer({ min: Math.round(min * 1e3), max: Math.round(max * 1e3) }).map((k) => k / 1e3), fc.double({ min, max, noNaN: true }));
const small = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: -max, max }), even(-max, max));

const agentState = fc.record({
  x: even(-40, 340),
  y: even(-40, 340),
  vx: small(3),
  vy: small(3),
  // heading: along v (when v ≠ 0), or a unit vector of its own
  ownHead: fc.boolean(),
  angle: fc.integer({ min: 0, max: 15 }),
});
type State = typeof agentState extends fc.Arbitrary<infer S> ? S : never;

const scene = fc.record({
  width: fc.oneof(fc.constant(300), fc.integer({ min: 20, max: 600 })),
  height: fc.oneof(fc.constant(300), fc.integer({ min: 20, max: 600 })),
  wrap: fc.boolean(),
  radiusA: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 }), even(0, 12)),
  radiusB: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 }), even(0, 12)),
  mass: fc.oneof(fc.constant(1), even(0.1, 5)),
  maxSpeed: fc.oneof(fc.constant(0), fc.constant(2), even(0, 4)),
  range: fc.oneof(fc.constant(200), fc.integer({ min: 1, max: 300 }), even(0.5, 300)),
  horizon: fc.oneof(fc.constant(60), fc.integer({ min: 1, max: 120 }), even(0.25, 120)),
  buffer: fc.oneof(fc.constant(10), fc.constant(0), even(0, 30)),
  // the grid's query radius as a multiple of the range (a scene sizes it for its largest query)
  grid: fc.oneof(fc.constant(1), even(1, 4), even(0.3, 1)),
  // agents of type a, and of type b (the other type, when the pass looks at it)
  a: fc.array(agentState, { minLength: 1, maxLength: 24 }),
  b: fc.array(agentState, { minLength: 0, maxLength: 24 }),
  // copies: agent k takes the place (or the velocity) of agent k − 1, for coincident and parallel agents
  copies: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 48, maxLength: 48 }),
  other: fc.boolean(),
});

function put(A: Agents, states: State[], copies: number[], offset: number): void {
  states.forEach((s, i) => {
    const c = copies[(i + offset) % copies.length];
    const prev = i > 0 ? i - 1 : -1;
    A.pos[2 * i] = c === 1 && prev >= 0 ? A.pos[2 * prev] : s.x;
    A.pos[2 * i + 1] = c === 1 && prev >= 0 ? A.pos[2 * prev + 1] : s.y;
    A.vel[2 * i] = c >= 2 && prev >= 0 ? A.vel[2 * prev] * (c === 3 ? -1 : 1) : s.vx;
    A.vel[2 * i + 1] = c >= 2 && prev >= 0 ? A.vel[2 * prev + 1] * (c === 3 ? -1 : 1) : s.vy;
    const vx = A.vel[2 * i];
    const vy = A.vel[2 * i + 1];
    const v = Math.sqrt(vx * vx + vy * vy);
    // sixteen headings of exact unit length or close to it (cos, sin of k·22.5°)
    const a = (s.angle * Math.PI) / 8;
    A.head[2 * i] = s.ownHead || !(v > 0) ? Math.cos(a) : vx / v;
    A.head[2 * i + 1] = s.ownHead || !(v > 0) ? Math.sin(a) : vy / v;
  });
}

describe('Avoid Agents against the formula of BEHAVIORS.md', () => {
  it('gives the same bits for random worlds: radii 0 or not, coincident, parallel and still agents, own type or another', () => {
    fc.assert(
      fc.property(scene, (s) => {
        const qr = s.range * s.grid;
        const w = new World(
          {
            width: s.width,
            height: s.height,
            edges: s.wrap ? 'wrap' : 'bounce',
            seed: 1,
            agentTypes: [
              { id: 'a', count: s.a.length, mass: s.mass, maxSpeed: 4, maxForce: 0.2, radius: s.radiusA },
              { id: 'b', count: s.b.length, mass: 1, maxSpeed: 4, maxForce: 0.2, radius: s.radiusB },
            ],
          },
          [{ queryRadius: qr }, { queryRadius: qr }],
        );
        const [A, B] = w.types;
        put(A, s.a, s.copies, 0);
        put(B, s.b, s.copies, 7);
        A.maxSpeed.fill(s.maxSpeed);
        prepareTick(w);
        // A among its own type, and A against B, and B against A
        const pairs: [Agents, Agents][] = s.other ? [[A, B], [B, A]] : [[A, A], [B, B]];
        for (const [P, G] of pairs) {
          const got = new Float64Array(2 * P.count).fill(NaN);
          const want = new Float64Array(2 * P.count);
          avoidAgentsPass(P, G, s.range, s.horizon, s.buffer, got);
          reference(P, G, s.range, s.horizon, s.buffer, want);
          // the same bits, −0 included
          expect(Array.from(got).map((v) => Object.is(v, -0) ? '-0' : v)).toEqual(Array.from(want).map((v) => Object.is(v, -0) ? '-0' : v));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('finds a threat at the very edge of the disc it scans, on and next to the edges of cells', () => {
    // two agents closing head-on, the other just inside the disc the pass looks in (the range, or
    // the reach of a threat when the clearance and horizon are shorter), placed on or next to the
    // edge of a row of cells: the cells the pass skips must never hold it
    let found = 0;
    let early = 0;
    fc.assert(
      fc.property(
        fc.record({
          range: fc.oneof(fc.integer({ min: 5, max: 300 }), even(5, 300)),
          grid: fc.oneof(fc.constant(1), even(1, 4)),
          side: fc.integer({ min: 200, max: 3000 }),
          x: even(0, 1),
          y: even(0, 1),
          // the other's row edge, the one nearest dy = row · disc radius, and where on it: just before, on, just after
          row: even(-1, 1),
          edge: fc.constantFrom(-1, 0, 1),
          left: fc.boolean(),
          // how far inside the disc: 2⁻ᵏ of its radius
          k: fc.integer({ min: 1, max: 50 }),
          speed: even(0.1, 4),
          // the disc is the reach of a threat (clearance 0.001 px, horizon until they meet) rather than the range
          reach: fc.boolean(),
        }),
        (c) => {
          const w = new World({ width: c.side, height: c.side, edges: 'wrap', seed: 1, agentTypes: [{ id: 'a', count: 2, mass: 1, maxSpeed: 4, maxForce: 0.2, radius: c.reach ? 0 : 2 }] }, [{ queryRadius: c.range * c.grid }]);
          const A = w.types[0];
          const cs = A.grid!.cellSize;
          const x = c.x * c.side;
          const y = c.y * c.side;
          // the disc's radius: the range, or half the range (then the horizon makes the reach that)
          const D = c.reach ? c.range / 2 : c.range;
          const d = D * (1 - 2 ** -c.k);
          // the other on the near edge of its row (a whole number of cells from 0), nudged a little either way
          const r0 = Math.round((y + c.row * D) / cs);
          const yj = r0 * cs * (1 + c.edge * 2 ** -40);
          const dy = yj - y;
          if (!(Math.abs(dy) < d)) {
            early++;
            return;
          }
          const dx = Math.sqrt(d * d - dy * dy) * (c.left ? -1 : 1);
          const len = Math.sqrt(dx * dx + dy * dy);
          const ux = dx / len;
          const uy = dy / len;
          A.pos.set([x, y, x + dx, yj]);
          A.vel.set([ux * c.speed, uy * c.speed, -ux * c.speed, -uy * c.speed]);
          A.head.set([ux, uy, -ux, -uy]);
          prepareTick(w);
          // they meet at t = d / (2·speed): a horizon of that (the reach is then d and the clearance), or twice it
          const T = c.reach ? (d / (2 * c.speed)) * (1 + 2 ** -40) : d / c.speed;
          const buffer = c.reach ? 0.001 : 1;
          const got = new Float64Array(4);
          const want = new Float64Array(4);
          avoidAgentsPass(A, A, c.range, T, buffer, got);
          reference(A, A, c.range, T, buffer, want);
          if (want[0] !== 0 || want[1] !== 0) found++;
          expect(Array.from(got)).toEqual(Array.from(want));
        },
      ),
      { numRuns: 2000 },
    );
    expect(early).toBeLessThan(600);
    expect(found).toBeGreaterThan(1200);
  });

  it('finds threats in most of those worlds (the property is not vacuous)', () => {
    // a crowd on a collision course: the reference finds threats, and the kernel the same ones
    const w = new World({ width: 300, height: 300, edges: 'wrap', seed: 3, agentTypes: [{ id: 'a', count: 200, mass: 1, maxSpeed: 2, maxForce: 0.2, radius: 4, spawn: { speed: 1 } }] }, [{ queryRadius: 200 }]);
    const A = w.types[0];
    prepareTick(w);
    const got = new Float64Array(400);
    const want = new Float64Array(400);
    avoidAgentsPass(A, A, 200, 60, 10, got);
    reference(A, A, 200, 60, 10, want);
    let threats = 0;
    for (let i = 0; i < 200; i++) if (want[2 * i] !== 0 || want[2 * i + 1] !== 0) threats++;
    expect(threats).toBeGreaterThan(100);
    expect(Array.from(got)).toEqual(Array.from(want));
  });
});
