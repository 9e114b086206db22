/**
 * The heading at spawn, one of docs/behaviours.md's stated choices: an agent spawned at speed 0
 * faces a seeded random direction (the one it would move along at a non-zero spawn speed), not +x
 * as BEHAVIORS.md's "initially +x" would have it; it keeps that heading until it moves. It matters
 * wherever a behaviour reads the heading of a still agent: Flee at the threat's own point, Pursue's
 * head-on test, Wander's circle, front-only Flock.
 */
import { describe, expect, it } from 'vitest';
import { flee } from '../../runtime/behaviors/flee';
import { step, type ForceFn } from '../../runtime/step';
import { World } from '../../runtime/world';

function still(seed: number, count = 200, speed = 0): World {
  return new World({
    width: 800,
    height: 600,
    edges: 'wrap',
    seed,
    agentTypes: [{ id: 'a', count, mass: 1, maxSpeed: 4, maxForce: 0.2, spawn: { speed } }],
  });
}

describe('the heading of an agent spawned at speed 0', () => {
  it('is a seeded random unit vector, not +x: the golden values of seed 1 (type "a", agents 0 and 1)', () => {
    const a = still(1).types[0];
    expect([Math.hypot(a.vel[0], a.vel[1]), Math.hypot(a.vel[2], a.vel[3])]).toEqual([0, 0]);
    // (the count does not matter: each agent's spawn stream comes from (seed, type id, index))
    expect(Array.from(a.head.subarray(0, 4))).toEqual(Array.from(still(1, 2).types[0].head));
    expect(Array.from(a.head.subarray(0, 4))).toEqual([0.9607638803833557, 0.27736756506613575, -0.3022683001283143, -0.9532228882782554]);
  });

  it('is spread over every direction (200 agents reach all four quadrants), and each is a unit vector', () => {
    for (const seed of [1, 2, 3]) {
      const a = still(seed).types[0];
      const quadrants = new Set<number>();
      for (let i = 0; i < a.count; i++) {
        const [hx, hy] = [a.head[2 * i], a.head[2 * i + 1]];
        expect(Math.abs(Math.hypot(hx, hy) - 1)).toBeLessThan(1e-15);
        quadrants.add((hx > 0 ? 1 : 0) + (hy > 0 ? 2 : 0));
      }
      expect(quadrants.size, `seed ${seed}`).toBe(4);
    }
  });

  it('is the direction the same agent would move along at a non-zero spawn speed, and the same for the same seed', () => {
    const a = still(7).types[0];
    const moving = still(7, 200, 1).types[0];
    expect(Array.from(a.head)).toEqual(Array.from(moving.head));
    expect(Array.from(a.head)).toEqual(Array.from(still(7).types[0].head));
    expect(Array.from(a.head)).not.toEqual(Array.from(still(8).types[0].head));
  });

  it('is kept while the agent stays still, and Flee at the threat’s own point runs along it', () => {
    const w = still(3, 5);
    const a = w.types[0];
    const start = Array.from(a.head);
    step(w, [(_w, A) => A.force.fill(0)], 10);
    expect(Array.from(a.head)).toEqual(start);
    // each agent flees from its own position: the direction is its heading, at full force
    const fleeHere: ForceFn = (_w, A) => {
      for (let i = 0; i < A.count; i++) flee(A.force, 2 * i, A, i, A.pos.slice(2 * i, 2 * i + 2), 0, 0);
    };
    step(w, [fleeHere]);
    for (let i = 0; i < a.count; i++) {
      expect(a.vel[2 * i]).toBeCloseTo(start[2 * i] * 0.2, 15);
      expect(a.vel[2 * i + 1]).toBeCloseTo(start[2 * i + 1] * 0.2, 15);
    }
  });
});
