import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flowField } from '../../../runtime/behaviors/flow-field';
import { FlowField, decodeFlowBytes, decodeFlowVectors, encodeFlowBytes, flowByte, isFlowText } from '../../../runtime/flow-field';
import { oneAgent } from '../helpers';

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
