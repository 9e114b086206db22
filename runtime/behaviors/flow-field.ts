import type { FlowField } from '../flow-field';
import type { Agents } from '../world';

/**
 * Flow Field (Reynolds' flow field following; BEHAVIORS.md, "Flow Field"): move with the field.
 *   q = p + v·τ; F = bilinear(field, q) between cell centres; steer = (F·maxSpeed − v) · m
 * Off the field (q outside the cols × rows cells; a field of 0 columns or rows) the node has no
 * opinion: 0. The outer half-cells take the border values (corner indices clamped). A zero F is a
 * brake. Floor is exact and the order of the sum fixed, so the result is the same everywhere.
 * Writes agent i's raw force to out[o], out[o + 1].
 *
 * The four corners come from the field's padded table (FlowField.pad: the border repeated once
 * around the field), so no index is clamped here: on the field, floor(gx − 0.5) runs from −1 to
 * cols − 1, and entry (i + 1, j + 1) of the padded table is V[clamp(j)][clamp(i)], the value the
 * clamped indices name (and four clamps fewer per sample).
 */
export function flowField(out: Float64Array, o: number, A: Agents, i: number, F: FlowField, tau: number): void {
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const gx = (A.pos[2 * i] + vx * tau - F.x) / F.cellSize;
  const gy = (A.pos[2 * i + 1] + vy * tau - F.y) / F.cellSize;
  // off the field: no opinion (also catches a field of 0 columns or rows)
  if (!(gx >= 0 && gx < F.cols && gy >= 0 && gy < F.rows)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  flowSample(out, o, F, gx, gy, vx, vy, A.maxSpeed[i], A.mass);
}

/**
 * The steering force from the field's vector F at grid point (gx, gy) on the field, bilinear
 * between cell centres: (F·S − v)·m, written to out[o], out[o + 1] (F itself is never stored, so
 * it is not written and read back). A function of its own so that each of the two stays small
 * enough for V8 to inline into the force function (one of both together was not).
 */
function flowSample(out: Float64Array, o: number, F: FlowField, gx: number, gy: number, vx: number, vy: number, S: number, m: number): void {
  const ux = gx - 0.5;
  const uy = gy - 0.5;
  const ci = Math.floor(ux);
  const cj = Math.floor(uy);
  const fx = ux - ci;
  const fy = uy - cj;
  const gfx = 1 - fx;
  const gfy = 1 - fy;
  const V = F.pad;
  const R = F.padRow;
  // the corners (i0, j0) at a, (i1, j0) at a + 2, (i0, j1) at a + R, (i1, j1) at a + R + 2
  const a = cj * R + 2 * ci + F.padStart;
  // F = (V[j0][i0]·(1 − fx) + V[j0][i1]·fx)·(1 − fy) + (V[j1][i0]·(1 − fx) + V[j1][i1]·fx)·fy, in this order
  const Fx = (V[a] * gfx + V[a + 2] * fx) * gfy + (V[a + R] * gfx + V[a + R + 2] * fx) * fy;
  const Fy = (V[a + 1] * gfx + V[a + 3] * fx) * gfy + (V[a + R + 1] * gfx + V[a + R + 3] * fx) * fy;
  // desired = F·S; steer = (desired − v)·m
  out[o] = (Fx * S - vx) * m;
  out[o + 1] = (Fy * S - vy) * m;
}
