/**
 * The seeds' comparison demos (PursueTest, PursueEvadeTest): against a target faster than its
 * chasers, with bounce edges as in the seeds, prediction pays. Each claim must hold in at least 8
 * of 10 seeds; the seed changes the target's direction and the chasers' start.
 */
import { describe, expect, it } from 'vitest';
import { evade } from '../../../runtime/behaviors/evade';
import { flee } from '../../../runtime/behaviors/flee';
import { pursue } from '../../../runtime/behaviors/pursue';
import { seek } from '../../../runtime/behaviors/seek';
import { wander } from '../../../runtime/behaviors/wander';
import { Rng } from '../../../runtime/rng';
import { step, type ForceFn } from '../../../runtime/step';
import { World, type Agents } from '../../../runtime/world';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TICKS = 300;

const dist = (a: Agents, b: Agents) => Math.hypot(a.pos[0] - b.pos[0], a.pos[1] - b.pos[1]);

/** Copies agent 0's state of `from` to agent 0 of `to`, so two chasers start identically. */
function copyState(from: Agents, to: Agents): void {
  to.pos.set(from.pos.subarray(0, 2));
  to.vel.set(from.vel.subarray(0, 2));
  to.head.set(from.head.subarray(0, 2));
}

describe('Pursue versus Seek against a fast target moving on a straight line', () => {
  // The seed's PursueTest: the target runs at 15 px/tick (no steering: straight between bounces),
  // the chasers have maxSpeed 10 and maxForce 1 and start from rest at the same random point.
  // Measured over seeds 1–200: the pursuer is closer on average in 190.
  function chase(seed: number): { seeker: number; pursuer: number } {
    const w = new World({
      width: 800,
      height: 600,
      edges: 'bounce',
      seed,
      agentTypes: [
        { id: 'target', count: 1, mass: 1, maxSpeed: 15, maxForce: 0, spawn: { x: 400, y: 300, width: 0, height: 0, speed: 1 } },
        { id: 'seeker', count: 1, mass: 1, maxSpeed: 10, maxForce: 1, spawn: { speed: 0 } },
        { id: 'pursuer', count: 1, mass: 1, maxSpeed: 10, maxForce: 1, spawn: { speed: 0 } },
      ],
    });
    const [T, S, P] = w.types;
    copyState(S, P);
    const fns: ForceFn[] = [
      (_w, A) => A.force.fill(0),
      (_w, A) => seek(A.force, 0, A, 0, T.pos, 0),
      (_w, A) => pursue(A.force, 0, A, 0, T, 0),
    ];
    let seeker = 0;
    let pursuer = 0;
    for (let t = 0; t < TICKS; t++) {
      step(w, fns);
      seeker += dist(S, T);
      pursuer += dist(P, T);
    }
    return { seeker: seeker / TICKS, pursuer: pursuer / TICKS };
  }

  it('the pursuer’s mean distance over 300 ticks is smaller than the seeker’s in at least 8 of 10 seeds', () => {
    const runs = SEEDS.map(chase);
    const wins = runs.filter((r) => r.pursuer < r.seeker).length;
    expect(wins, JSON.stringify(runs)).toBeGreaterThanOrEqual(8);
  });
});

describe('Evade versus Flee from a wandering target', () => {
  // Like the seed's PursueEvadeTest: the fleer and the evader start at rest at the same point 100 px
  // ahead of the target and up to 100 px to one side of its line (the seed puts them 100 px above and
  // below it); the target wanders gently (maxForce 0.05) at 6 px/tick, faster than the chasers
  // (maxSpeed 4, maxForce 0.2). Bounce edges, as in the seed, but in a 1600 × 1200 world: the walls
  // are what spoil Evade's advantage (its prediction ignores the bounce, and a fleer pinned to a wall
  // can neither flee nor evade). Measured over seeds 1–200: the evader is farther in 197 here, in 174
  // in 800 × 600, and in 129 in 800 × 600 with the seed's speeds (15 and 10 px/tick, target maxForce 0.25).
  function escape(seed: number): { fleer: number; evader: number } {
    const w = new World(
      {
        width: 1600,
        height: 1200,
        edges: 'bounce',
        seed,
        agentTypes: [
          { id: 'target', count: 1, mass: 1, maxSpeed: 6, maxForce: 0.05, spawn: { x: 800, y: 600, width: 0, height: 0, speed: 1 } },
          { id: 'fleer', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
          { id: 'evader', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        ],
      },
      [{ memory: [1, 0], draws: 1 }],
    );
    const [T, F, E] = w.types;
    const side = (2 * new Rng(seed).next() - 1) * 100;
    const [hx, hy] = [T.head[0], T.head[1]];
    for (const A of [F, E]) {
      A.pos[0] = T.pos[0] + hx * 100 - hy * side;
      A.pos[1] = T.pos[1] + hy * 100 + hx * side;
      A.vel.fill(0);
    }
    const fns: ForceFn[] = [
      (_w, A) => wander(A.force, 0, A, 0, 0, 0, 10, 5, 1),
      (_w, A) => flee(A.force, 0, A, 0, T.pos, 0, 0),
      (_w, A) => evade(A.force, 0, A, 0, T, 0, 0),
    ];
    let fleer = 0;
    let evader = 0;
    for (let t = 0; t < TICKS; t++) {
      step(w, fns);
      fleer += dist(F, T);
      evader += dist(E, T);
    }
    return { fleer: fleer / TICKS, evader: evader / TICKS };
  }

  it('the evader’s mean distance over 300 ticks is larger than the fleer’s in at least 8 of 10 seeds', () => {
    const runs = SEEDS.map(escape);
    const wins = runs.filter((r) => r.evader > r.fleer).length;
    expect(wins, JSON.stringify(runs)).toBeGreaterThanOrEqual(8);
  });
});
