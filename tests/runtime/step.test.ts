import { describe, expect, it } from 'vitest';
import { step, type ForceFn } from '../../runtime/step';
import { seek } from '../../runtime/behaviors/seek';
import { oneAgent } from './helpers';

const seekPoint =
  (tx: number, ty: number): ForceFn =>
  (_w, a) => {
    for (let i = 0; i < a.count; i++) {
      seek(a.force, 2 * i, a, i, tx, ty);
    }
  };

describe('step', () => {
  it('moves an agent by its capped force and advances the tick', () => {
    const w = oneAgent(100, 100);
    step(w, [seekPoint(200, 100)]);
    // desired (4, 0) − v (0, 0) capped at maxForce 0.2 → v = (0.2, 0), p = (100.2, 100)
    expect(Array.from(w.types[0].vel)).toEqual([0.2, 0]);
    expect(Array.from(w.types[0].pos)).toEqual([100.2, 100]);
    expect(w.tick).toBe(1);
  });
});
