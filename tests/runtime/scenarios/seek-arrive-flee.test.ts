/**
 * Scenarios of BEHAVIORS.md's single-agent claims, run through step() with the real integrator:
 * Seek reaches a static target, Arrive stops on it without passing it, Flee gets away.
 */
import { describe, expect, it } from 'vitest';
import { arrive } from '../../../runtime/behaviors/arrive';
import { flee } from '../../../runtime/behaviors/flee';
import { seek } from '../../../runtime/behaviors/seek';
import { step, type ForceFn } from '../../../runtime/step';
import { World } from '../../../runtime/world';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('Seek reaches a static target', () => {
  it('gets within 2 px of it from a random start (any direction, full speed), then stays within its overshoot', () => {
    const S = 4;
    const F = 0.2;
    for (const seed of SEEDS) {
      const w = new World({ width: 800, height: 600, edges: 'bounce', seed, agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: S, maxForce: F, spawn: { speed: 1 } }] });
      const a = w.types[0];
      const fn: ForceFn = (_w, A) => seek(A.force, 0, A, 0, Float64Array.of(400, 300), 0);
      let reached = -1;
      let farthestAfter = 0;
      for (let t = 0; t < 600; t++) {
        step(w, [fn]);
        const d = Math.hypot(a.pos[0] - 400, a.pos[1] - 300);
        if (reached < 0 && d < 2) reached = t;
        if (reached >= 0) farthestAfter = Math.max(farthestAfter, d);
      }
      expect(reached, `seed ${seed}`).toBeGreaterThanOrEqual(0);
      // Seek never brakes, so it overshoots by about the stopping distance S²/(2F) and comes back
      expect(farthestAfter, `seed ${seed}`).toBeLessThan((S * S) / (2 * F) + 2 * S);
    }
  });
});

describe('Arrive stops on the target', () => {
  // BEHAVIORS.md: with mass 1 it stops without passing when R ≥ S²/(2F) + S; a heavier agent
  // decelerates at F/m, so the test uses R = S²/(2F/m) + S.
  const cases = [
    { mass: 1, maxSpeed: 4, maxForce: 0.2 },
    { mass: 2, maxSpeed: 4, maxForce: 0.2 },
    { mass: 1, maxSpeed: 10, maxForce: 1 },
    { mass: 2, maxSpeed: 10, maxForce: 1 },
    // light agents: before the mass rule (steer = (desired − v) · m) they jittered on the target
    // forever at ±maxForce / (2m) px/tick (±0.2 at mass 0.5, ±0.4 at 0.25)
    { mass: 0.5, maxSpeed: 4, maxForce: 0.2 },
    { mass: 0.25, maxSpeed: 4, maxForce: 0.2 },
    { mass: 0.3, maxSpeed: 10, maxForce: 1 },
  ];
  for (const c of cases) {
    const R = (c.maxSpeed * c.maxSpeed) / ((2 * c.maxForce) / c.mass) + c.maxSpeed;
    it(`mass ${c.mass}, maxSpeed ${c.maxSpeed}, maxForce ${c.maxForce}, R = ${R}: comes to rest within 1 px, never more than 2 px past it`, () => {
      for (const [vx, vy] of [[0, 0], [0, 1], [-1, 0], [0.6, -0.8]]) {
        const w = new World({ width: 1600, height: 1200, edges: 'bounce', seed: 1, agentTypes: [{ id: 'a', count: 1, ...c }] });
        const a = w.types[0];
        const [tx, ty] = [1100, 600];
        a.pos.set([300, 600]);
        a.vel.set([vx * c.maxSpeed, vy * c.maxSpeed]);
        const fn: ForceFn = (_w, A) => arrive(A.force, 0, A, 0, Float64Array.of(tx, ty), 0, R);
        // the approach line runs from the start to the target: +x here
        let past = -Infinity;
        // and once near rest it stays at rest: the fastest speed over the last 400 ticks
        let lateSpeed = 0;
        for (let t = 0; t < 1000; t++) {
          step(w, [fn]);
          past = Math.max(past, a.pos[0] - tx);
          if (t >= 600) lateSpeed = Math.max(lateSpeed, Math.hypot(a.vel[0], a.vel[1]));
        }
        const label = `start velocity (${vx}, ${vy})`;
        expect(past, label).toBeLessThanOrEqual(2);
        expect(Math.hypot(a.pos[0] - tx, a.pos[1] - ty), label).toBeLessThan(1);
        expect(Math.hypot(a.vel[0], a.vel[1]), label).toBeLessThan(0.05);
        expect(lateSpeed, label).toBeLessThan(1e-6);
      }
    });
  }
});

describe('Flee gets away from a static threat', () => {
  it('inside the panic distance: once turned away, the distance grows every tick; after 100 ticks it is larger than at the start', () => {
    for (const seed of SEEDS) {
      // a 2000 × 2000 world, so no wall is reached in 100 ticks (bounce would turn the agent back)
      const w = new World({
        width: 2000,
        height: 2000,
        edges: 'bounce',
        seed,
        agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2, spawn: { x: 900, y: 900, width: 200, height: 200, speed: 1 } }],
      });
      const a = w.types[0];
      const dist = () => Math.hypot(a.pos[0] - 1000, a.pos[1] - 1000);
      // start moving straight at the threat, so it has to turn
      const d0 = dist();
      a.vel[0] = ((1000 - a.pos[0]) / d0) * 4;
      a.vel[1] = ((1000 - a.pos[1]) / d0) * 4;
      expect(d0).toBeLessThan(150);
      const fn: ForceFn = (_w, A) => flee(A.force, 0, A, 0, Float64Array.of(1000, 1000), 0, 150);
      let prev = d0;
      let turned = -1;
      for (let t = 0; t < 100; t++) {
        step(w, [fn]);
        const d = dist();
        if (turned >= 0) expect(d, `seed ${seed}, tick ${t}`).toBeGreaterThan(prev);
        else if (d > prev) turned = t;
        prev = d;
      }
      expect(turned, `seed ${seed}`).toBeGreaterThan(0);
      expect(dist(), `seed ${seed}`).toBeGreaterThan(d0);
    }
  });
});
