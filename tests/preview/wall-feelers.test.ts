import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { FEELER_DEFAULTS, feelerParams, solidSegments, wallFeelers } from '../../src/preview/wall-feelers';

const world = (walls: NonNullable<SceneDocument['world']['walls']>, edges: 'wrap' | 'bounce' = 'wrap') => ({
  world: { width: 800, height: 600, edges, seed: 0, obstacles: [], paths: [], targets: [], walls },
});

describe('the wall feelers overlay', () => {
  it('takes a Wall Avoid node’s parameters, else the defaults', () => {
    expect(feelerParams(undefined)).toEqual(FEELER_DEFAULTS);
    expect(feelerParams({ nodes: [{ kind: 'seek', params: {} }] })).toEqual({ feelerLength: 60, sideLength: 30, angle: 45 });
    expect(feelerParams({ nodes: [{ kind: 'wall-avoid', params: { feelerLength: 90, angle: 30 } }] })).toEqual({ feelerLength: 90, sideLength: 30, angle: 30 });
    expect(feelerParams({ nodes: [{ kind: 'wall-avoid', params: { feelerLength: -1, sideLength: 'x', angle: 120 } }] })).toEqual(FEELER_DEFAULTS);
  });

  it('the solid walls’ segments, and the edges in bounce mode; regions and repeated points left out', () => {
    expect(solidSegments(world([{ id: 'a', points: [[0, 0], [10, 0], [10, 0], [10, 10]], closed: false }, { id: 'r', points: [[0, 0], [5, 0], [5, 5]], closed: true, solid: false }]))).toEqual([0, 0, 10, 0, 10, 0, 10, 10]);
    expect(solidSegments(world([{ id: 't', points: [[0, 0], [5, 0], [5, 5]], closed: true }]))).toHaveLength(12);
    expect(solidSegments(world([], 'bounce'))).toEqual([0, 0, 800, 0, 800, 0, 800, 600, 800, 600, 0, 600, 0, 600, 0, 0]);
  });

  it('three feelers, ahead as long as the speed says, and the nearest hit', () => {
    // a wall across the way 40 px ahead, from y = −100 to 100
    const segs = solidSegments(world([{ id: 'w', points: [[140, -100], [140, 100]], closed: false }]));
    const f = wallFeelers([100, 0], [2, 0], [1, 0], 4, FEELER_DEFAULTS, segs);
    expect(f.feelers).toHaveLength(3);
    expect(f.feelers[0].to).toEqual([130, 0]);
    expect(f.feelers[0].hit).toBeNull();
    // the side feelers, 30 px at ±45°: reach x = 121.2, short of the wall
    expect(f.feelers[1].to[0]).toBeCloseTo(100 + 30 * Math.SQRT1_2, 9);
    expect(f.nearest).toBe(-1);
    const fast = wallFeelers([100, 0], [4, 0], [1, 0], 4, FEELER_DEFAULTS, segs);
    expect(fast.feelers[0].hit).toEqual([140, 0]);
    expect(fast.nearest).toBe(0);
    // with a braking budget the ahead feeler is at least the braking distance long, as the kernel's:
    // at 4 px/tick and maxForce 0.3 (a = 0.24), 16/0.48 + 2 + 2 + 4 px
    const braking = wallFeelers([100, 0], [4, 0], [1, 0], 4, { ...FEELER_DEFAULTS, feelerLength: 20 }, segs, 0.3);
    expect(braking.feelers[0].to[0]).toBeCloseTo(100 + 16 / 0.48 + 8, 9);
    expect(braking.feelers[0].hit).toEqual([140, 0]);
    // standing still: only the side feelers
    const still = wallFeelers([125, 0], [0, 0], [1, 0], 4, FEELER_DEFAULTS, segs);
    expect(still.feelers).toHaveLength(2);
    expect(still.feelers[0].hit?.[0]).toBeCloseTo(140, 9);
    expect(still.feelers[0].hit?.[1]).toBeCloseTo(15, 9);
    expect(still.nearest).toBe(0);
  });

  it('a wall through the agent’s own position is not felt; a parallel one is not hit', () => {
    const through = solidSegments(world([{ id: 'w', points: [[0, 0], [200, 0]], closed: false }]));
    expect(wallFeelers([100, 0], [4, 0], [1, 0], 4, FEELER_DEFAULTS, through).nearest).toBe(-1);
    const parallel = solidSegments(world([{ id: 'w', points: [[0, 10], [200, 10]], closed: false }]));
    const f = wallFeelers([100, 0], [4, 0], [1, 0], 4, FEELER_DEFAULTS, parallel);
    expect(f.feelers[0].hit).toBeNull();
    expect(f.nearest).toBe(1);
  });
});
