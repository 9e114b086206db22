import { describe, expect, it } from 'vitest';
import { freeSpot, NEW_OBSTACLE_R } from '../../src/app/world-panel';
import type { Obstacle } from '../../src/document/types';

describe('freeSpot (Add obstacle)', () => {
  it('starts at the centre, then never on or against an obstacle already there, and inside the world', () => {
    const world = { width: 800, height: 600, obstacles: [] as Obstacle[] };
    expect(freeSpot(world)).toEqual({ x: 400, y: 300 });
    for (let k = 0; k < 30; k++) {
      const p = freeSpot(world);
      for (const o of world.obstacles) expect(Math.hypot(o.x - p.x, o.y - p.y)).toBeGreaterThanOrEqual(o.r + NEW_OBSTACLE_R + 10);
      expect(p.x - NEW_OBSTACLE_R).toBeGreaterThanOrEqual(0);
      expect(p.y + NEW_OBSTACLE_R).toBeLessThanOrEqual(600);
      world.obstacles.push({ ...p, r: NEW_OBSTACLE_R });
    }
  });

  it('falls back to the centre when the world is full', () => {
    expect(freeSpot({ width: 100, height: 100, obstacles: [{ x: 50, y: 50, r: 500 }] })).toEqual({ x: 50, y: 50 });
  });
});
