import type { FlowField } from '../flow-field';
import type { Agents } from '../world';

/**
 * Flow Field (Reynolds' flow field following; BEHAVIORS.md, "Flow Field"): move with the field.
 *   q = p + v·τ; F = bilinear(field, q) between cell centres; steer = (F·maxSpeed − v) · m
 * Off the field (q outside the cols × rows cells; a field of 0 columns or rows) the node has no
 * opinion: 0. The outer half-cells take the border values (corner indices clamped). A zero F is a
 * brake. Floor is exact and the order of the sum fixed, so the result is the same everywhere.
 * Writes agent i's raw force to out[o], out[o + 1].
 */
export function flowField(out: Float64Array, o: number, A: Agents, i: number, F: FlowField, tau: number): void {
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const c = F.cellSize;
  const gx = (A.pos[2 * i] + vx * tau - F.x) / c;
  const gy = (A.pos[2 * i + 1] + vy * tau - F.y) / c;
  const cols = F.cols;
  const rows = F.rows;
  // off the field: no opinion (also catches a field of 0 columns or rows)
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
  const i0 = ci < 0 ? 0 : ci > cols - 1 ? cols - 1 : ci;
  const i1 = ci + 1 < 0 ? 0 : ci + 1 > cols - 1 ? cols - 1 : ci + 1;
  const j0 = cj < 0 ? 0 : cj > rows - 1 ? rows - 1 : cj;
  const j1 = cj + 1 < 0 ? 0 : cj + 1 > rows - 1 ? rows - 1 : cj + 1;
  const V = F.v;
  const a = 2 * (j0 * cols + i0);
  const b = 2 * (j0 * cols + i1);
  const d = 2 * (j1 * cols + i0);
  const e = 2 * (j1 * cols + i1);
  const gfx = 1 - fx;
  const gfy = 1 - fy;
  // F = (V[j0][i0]·(1 − fx) + V[j0][i1]·fx)·(1 − fy) + (V[j1][i0]·(1 − fx) + V[j1][i1]·fx)·fy, in this order
  const Fx = (V[a] * gfx + V[b] * fx) * gfy + (V[d] * gfx + V[e] * fx) * fy;
  const Fy = (V[a + 1] * gfx + V[b + 1] * fx) * gfy + (V[d + 1] * gfx + V[e + 1] * fx) * fy;
  const S = A.maxSpeed[i];
  const m = A.mass;
  // desired = F·S; steer = (desired − v)·m
  out[o] = (Fx * S - vx) * m;
  out[o + 1] = (Fy * S - vy) * m;
}
