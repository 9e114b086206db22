import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flowField } from '../../../runtime/behaviors/flow-field';
import { FlowField, decodeFlowBytes, decodeFlowVectors, encodeFlowBytes, flowByte, isFlowText } from '../../../runtime/flow-field';
import { oneAgent } from '../helpers';

/**
 * The kernel as BEHAVIORS.md writes it, with the corner indices clamped (the shipped kernel reads
 * a padded table instead): the reference the shipped one must match bit for bit.
 */
function clampedFlowField(out: Float64Array, o: number, px: number, py: number, vx: number, vy: number, S: number, m: number, F: FlowField, tau: number): void {
  const c = F.cellSize;
  const gx = (px + vx * tau - F.x) / c;
  const gy = (py + vy * tau - F.y) / c;
  const cols = F.cols;
  const rows = F.rows;
  if (!(gx >= 0 && gx < cols && gy >= 0 && gy < rows)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const ux = gx - 0.5;
  const uy = gy - 0.5;
  const ci = Math.floor(ux);
  const cj = Math.floor(uy);
  const fx = ux - ci;
  const fy = uy - cj;
  const clamp = (k: number, n: number) => (k < 0 ? 0 : k > n - 1 ? n - 1 : k);
  const i0 = clamp(ci, cols);
  const i1 = clamp(ci + 1, cols);
  const j0 = clamp(cj, rows);
  const j1 = clamp(cj + 1, rows);
  const V = F.v;
  const a = 2 * (j0 * cols + i0);
  const b = 2 * (j0 * cols + i1);
  const d = 2 * (j1 * cols + i0);
  const e = 2 * (j1 * cols + i1);
  const gfx = 1 - fx;
  const gfy = 1 - fy;
  const Fx = (V[a] * gfx + V[b] * fx) * gfy + (V[d] * gfx + V[e] * fx) * fy;
  const Fy = (V[a + 1] * gfx + V[b + 1] * fx) * gfy + (V[d + 1] * gfx + V[e + 1] * fx) * fy;
  out[o] = (Fx * S - vx) * m;
  out[o + 1] = (Fy * S - vy) * m;
}

/** A 2 × 2 field of 10 px cells at (100, 100): right, up / down, left (row by row). */
const square = () => new FlowField('f', 100, 100, 10, 2, 2, [1, 0, 0, -1, 0, 1, -1, 0]);

function force(x: number, y: number, vx: number, vy: number, F: FlowField, tau = 0): [number, number] {
  const w = oneAgent(x, y, vx, vy, { maxSpeed: 2 });
  const out = new Float64Array(2);
  flowField(out, 0, w.types[0], 0, F, tau);
  return [out[0], out[1]];
}

describe('flowField (BEHAVIORS.md, "Flow Field")', () => {
  it('at a cell centre takes that cell’s vector: desired = F·maxSpeed, steer = desired − v', () => {
    // centre of cell (0, 0): F = (1, 0), desired = (2, 0)
    expect(force(105, 105, 0.5, 0.5, square())).toEqual([1.5, -0.5]);
    // centre of cell (1, 1): F = (−1, 0)
    expect(force(115, 115, 0, 0, square())).toEqual([-2, 0]);
  });

  it('blends bilinearly between cell centres, in the order BEHAVIORS.md fixes', () => {
    // the middle of the four centres: fx = fy = 0.5
    const F = ((1 * 0.5 + 0 * 0.5) * 0.5 + (0 * 0.5 + -1 * 0.5) * 0.5) * 2;
    const G = ((0 * 0.5 + -1 * 0.5) * 0.5 + (1 * 0.5 + 0 * 0.5) * 0.5) * 2;
    expect(force(110, 110, 0, 0, square())).toEqual([F, G]);
    // a quarter of the way from centre (0,0) to centre (1,0): fx = 0.25, fy = 0
    expect(force(107.5, 105, 0, 0, square())).toEqual([(1 * 0.75 + 0 * 0.25) * 2, (0 * 0.75 + -1 * 0.25) * 2]);
  });

  it('the outer half-cells take the border values (corner indices clamped)', () => {
    expect(force(100, 100, 0, 0, square())).toEqual([2, 0]);
    expect(force(119.9, 119.9, 0, 0, square())).toEqual([-2, 0]);
  });

  it('off the field gives 0, the field does not wrap, and a field of 0 columns is everywhere off-field', () => {
    expect(force(99.9, 105, 1, 1, square())).toEqual([0, 0]);
    expect(force(120, 105, 1, 1, square())).toEqual([0, 0]);
    expect(force(105, 120, 1, 1, square())).toEqual([0, 0]);
    expect(force(5, 5, 1, 1, new FlowField('e', 0, 0, 10, 0, 3, []))).toEqual([0, 0]);
  });

  it('samples at the position predicted τ ticks ahead', () => {
    // from (95, 105) with v = (1, 0), 10 ticks ahead is (105, 105): F = (1, 0)
    expect(force(95, 105, 1, 0, square(), 10)).toEqual([1, 0]);
    expect(force(95, 105, 1, 0, square(), 0)).toEqual([0, 0]);
  });

  it('a zero field is a brake: −v', () => {
    expect(force(5, 5, 1.5, -1, new FlowField('z', 0, 0, 10, 1, 1, [0, 0]))).toEqual([-1.5, 1]);
  });

  it('truncates a vector longer than 1 to 1 when the field is built', () => {
    const F = new FlowField('t', 0, 0, 10, 1, 1, [3, 4]);
    expect(Array.from(F.v)).toEqual([3 / 5, 4 / 5]);
  });

  it('stays finite and within maxSpeed + |v| for any place and velocity', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 150, noNaN: true }), fc.double({ min: -50, max: 150, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (x, y, vx, vy) => {
        const [fx, fy] = force(x, y, vx, vy, new FlowField('g', 0, 0, 25, 4, 4, Array.from({ length: 32 }, (_, k) => ((k * 37) % 11) / 5 - 1)), 10);
        expect(Number.isFinite(fx) && Number.isFinite(fy)).toBe(true);
        expect(Math.hypot(fx, fy)).toBeLessThanOrEqual(2 + Math.hypot(vx, vy) + 1e-9);
      }),
    );
  });
});

describe('flowField against the clamped formula of BEHAVIORS.md', () => {
  it('gives the same bits for random fields, places, velocities, look-aheads and masses', () => {
    const field = fc.record({
      x: fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ min: -100, max: 100, noNaN: true })),
      y: fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ min: -100, max: 100, noNaN: true })),
      cellSize: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0.5, max: 40, noNaN: true })),
      cols: fc.integer({ min: 0, max: 5 }),
      rows: fc.integer({ min: 0, max: 5 }),
      seed: fc.integer({ min: 0, max: 1e6 }),
    });
    // fc.double draws evenly over the doubles' bit patterns, most of them near 0: spread evenly too
    const even = (min: number, max: number) => fc.oneof(fc.integer({ min: Math.round(min * 1e4), max: Math.round(max * 1e4) }).map((k) => k / 1e4), fc.double({ min, max, noNaN: true }));
    const agent = fc.record({
      // where the sample falls, as a fraction of the field's width and height (a little beyond it too)
      u: even(-0.2, 1.2),
      v: even(-0.2, 1.2),
      vx: even(-4, 4),
      vy: even(-4, 4),
      tau: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 40, noNaN: true })),
      S: fc.double({ min: 0, max: 5, noNaN: true }),
      mass: fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 10, noNaN: true })),
    });
    fc.assert(
      fc.property(field, fc.array(agent, { minLength: 1, maxLength: 8 }), (f, agents) => {
        // vectors of every kind: zero, short, longer than 1 (truncated when built), negative zero
        let r = f.seed;
        const next = () => (r = (r * 1103515245 + 12345) % 2147483648) / 2147483648;
        const vectors = Array.from({ length: 2 * f.cols * f.rows }, () => {
          const q = next();
          return q < 0.1 ? 0 : q < 0.15 ? -0 : (next() - 0.5) * (q < 0.9 ? 2 : 8);
        });
        const F = new FlowField('r', f.x, f.y, f.cellSize, f.cols, f.rows, vectors);
        for (const g of agents) {
          const x = f.x + g.u * f.cols * f.cellSize - g.vx * g.tau;
          const y = f.y + g.v * f.rows * f.cellSize - g.vy * g.tau;
          const w = oneAgent(x, y, g.vx, g.vy, { maxSpeed: 5, mass: g.mass });
          const A = w.types[0];
          A.maxSpeed[0] = g.S;
          const got = new Float64Array(2);
          const want = new Float64Array(2);
          flowField(got, 0, A, 0, F, g.tau);
          clampedFlowField(want, 0, A.pos[0], A.pos[1], A.vel[0], A.vel[1], g.S, A.mass, F, g.tau);
          expect([Object.is(got[0], want[0]), Object.is(got[1], want[1])]).toEqual([true, true]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same bits on the field’s borders, corners and cell centres', () => {
    const F = new FlowField('b', 10, 20, 8, 4, 3, Array.from({ length: 24 }, (_, k) => ((k * 29) % 13) / 6 - 1));
    const xs = [10, 10 + 1e-12, 14, 17.999999, 18, 42, 45.9999999, 46 - 1e-13, 46];
    const ys = [20, 20 + 1e-12, 24, 32, 39.99999, 44 - 1e-13, 44];
    for (const x of xs) for (const y of ys) {
      const w = oneAgent(x, y, 0, 0, { maxSpeed: 2 });
      const A = w.types[0];
      const got = new Float64Array(2);
      const want = new Float64Array(2);
      flowField(got, 0, A, 0, F, 0);
      clampedFlowField(want, 0, A.pos[0], A.pos[1], 0, 0, A.maxSpeed[0], A.mass, F, 0);
      expect([x, y, Object.is(got[0], want[0]), Object.is(got[1], want[1])]).toEqual([x, y, true, true]);
    }
  });
});

describe('the document’s encoding of flow vectors', () => {
  it('round-trips signed bytes through base64, for every length', () => {
    for (let cells = 0; cells < 7; cells++) {
      const bytes = Array.from({ length: 2 * cells }, (_, k) => ((k * 53) % 255) - 127);
      const text = encodeFlowBytes(bytes);
      expect(isFlowText(text, cells)).toBe(true);
      expect(Array.from(decodeFlowBytes(text, cells))).toEqual(bytes);
      expect(text).toBe(Buffer.from(Int8Array.from(bytes).buffer).toString('base64'));
    }
  });

  it('decodes byte k as k / 127 of maxSpeed, and quantises by rounding', () => {
    expect(Array.from(decodeFlowVectors(encodeFlowBytes([127, -127, 0, 64]), 2))).toEqual([1, -1, 0, 64 / 127]);
    expect([flowByte(1), flowByte(-1), flowByte(0.5), flowByte(2), flowByte(-0)]).toEqual([127, -127, 64, 127, 0]);
  });

  it('refuses text of the wrong length or alphabet', () => {
    expect(isFlowText('AA==', 1)).toBe(false);
    expect(isFlowText('AAA=', 1)).toBe(true);
    expect(isFlowText('AAA', 1)).toBe(false);
    expect(isFlowText('AA-=', 1)).toBe(false);
    expect(isFlowText('', 0)).toBe(true);
  });
});
