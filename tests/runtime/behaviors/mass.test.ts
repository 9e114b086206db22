/**
 * BEHAVIORS.md, "Mass and the steering force": every kernel asks for a velocity change and returns
 * it times the agent's mass (steer = (desired − v) · m), so the integrator's f / m hands back what
 * was asked. Each kernel's output is its mass-1 output times m, bit for bit; and a type of mass m
 * and maxForce F moves exactly as a type of mass 1 and maxForce F / m when m is a power of two.
 */
import { describe, expect, it } from 'vitest';
import { arrive } from '../../../runtime/behaviors/arrive';
import { avoid } from '../../../runtime/behaviors/avoid';
import { contain } from '../../../runtime/behaviors/contain';
import { evade } from '../../../runtime/behaviors/evade';
import { flee } from '../../../runtime/behaviors/flee';
import { flockPass } from '../../../runtime/behaviors/flock';
import { followPath } from '../../../runtime/behaviors/follow-path';
import { pursue } from '../../../runtime/behaviors/pursue';
import { seek } from '../../../runtime/behaviors/seek';
import { wander } from '../../../runtime/behaviors/wander';
import { Rng } from '../../../runtime/rng';
import { step, type ForceFn } from '../../../runtime/step';
import { World, type Agents, type WorldSpec } from '../../../runtime/world';

const N = 12;
const LAYOUT = { memory: [1, 0, 0], draws: 1, queryRadius: 100, passes: 1 };

function worldSpec(mass: number, maxForce: number, edges: 'wrap' | 'bounce' = 'wrap'): WorldSpec {
  return {
    width: 800,
    height: 600,
    edges,
    seed: 5,
    obstacles: [
      { x: 200, y: 200, r: 30 },
      { x: 500, y: 350, r: 40, vx: 0.5, vy: -0.3 },
    ],
    paths: [{ id: 'p', points: [[100, 100], [700, 100], [700, 500]], loop: false }],
    agentTypes: [{ id: 'a', count: N, mass, maxSpeed: 4, maxForce, spawn: { speed: 1 } }],
  };
}

const target = Float64Array.of(400, 300);

/** Every kernel, each into its own slot of `s` (2 numbers per kernel). */
function everyKernel(w: World, A: Agents, i: number, s: Float64Array): void {
  const j = (i + 1) % A.count;
  seek(s, 0, A, i, target, 0);
  flee(s, 2, A, i, target, 0, 200);
  arrive(s, 4, A, i, target, 0, 100);
  pursue(s, 6, A, i, A, j);
  evade(s, 8, A, i, A, j, 150);
  wander(s, 10, A, i, 0, 0, 10, 5, 1);
  followPath(s, 12, A, i, 2, w.paths[0], 20, 100);
  avoid(s, 14, A, i, w.obstacles, w.obstacleCount, 300, 20, w);
  contain(s, 16, A, i, w.width, w.height, 50);
  s[18] = A.passes[0][2 * i];
  s[19] = A.passes[0][2 * i + 1];
}

/** Sum of every kernel: the force function of the trajectory test. */
const sumOfAll: ForceFn = (w, A) => {
  flockPass(A, A, 100, 30, 1.5, 1, 1, false, A.passes[0]);
  const s = new Float64Array(20);
  for (let i = 0; i < A.count; i++) {
    everyKernel(w, A, i, s);
    let fx = 0;
    let fy = 0;
    for (let k = 0; k < 20; k += 2) {
      fx += s[k];
      fy += s[k + 1];
    }
    A.force[2 * i] = fx;
    A.force[2 * i + 1] = fy;
  }
};

/** A world after `ticks` ticks of {@link sumOfAll}, its state scrambled by a seeded generator. */
function stirred(mass: number, maxForce: number, ticks: number): World {
  const w = new World(worldSpec(mass, maxForce), [LAYOUT]);
  step(w, [sumOfAll], ticks);
  return w;
}

describe('each kernel returns (desired − v) · mass', () => {
  it.each([0.25, 0.3, 0.5, 2, 3, 1e-6, 1e6])('mass %s: every kernel is its mass-1 output times the mass, bit for bit', (m) => {
    // same positions, velocities, headings, memory and draws in both worlds; only the mass differs
    const one = stirred(1, 0.2, 0);
    const heavy = new World(worldSpec(m, 0.2), [LAYOUT]);
    const rng = new Rng(11);
    for (let round = 0; round < 30; round++) {
      const [a, b] = [one.types[0], heavy.types[0]];
      for (let k = 0; k < 2 * N; k++) {
        a.pos[k] = b.pos[k] = (k % 2 ? 600 : 800) * rng.next();
        a.vel[k] = b.vel[k] = 8 * rng.next() - 4;
      }
      for (let i = 0; i < N; i++) {
        const s = Math.hypot(a.vel[2 * i], a.vel[2 * i + 1]);
        a.head[2 * i] = b.head[2 * i] = a.vel[2 * i] / s;
        a.head[2 * i + 1] = b.head[2 * i + 1] = a.vel[2 * i + 1] / s;
        a.rnd[i] = b.rnd[i] = rng.next();
      }
      for (const w of [one, heavy]) w.types[0].grid!.rebuild(w.types[0].pos, w.types[0].vel, N);
      const sa = new Float64Array(20);
      const sb = new Float64Array(20);
      // Flock caps each rule at maxForce after the product: compare below its cap (a large maxForce)
      a.maxForce.fill(1e9);
      b.maxForce.fill(1e9);
      flockPass(a, a, 100, 30, 1.5, 1, 1, false, a.passes[0]);
      flockPass(b, b, 100, 30, 1.5, 1, 1, false, b.passes[0]);
      for (let i = 0; i < N; i++) {
        a.mem.set([1, 0, 0], 3 * i);
        b.mem.set([1, 0, 0], 3 * i);
        everyKernel(one, a, i, sa);
        everyKernel(heavy, b, i, sb);
        for (let k = 0; k < 20; k++) {
          if (k === 14 || k === 15) continue; // Avoid plans with maxForce / mass: below
          if (k >= 18) {
            // Flock takes the product per rule, then weights and adds them: within a few roundings
            // of the rules' size (each at most 2 · maxSpeed · m, weights 1.5 + 1 + 1)
            expect(Math.abs(sb[k] - sa[k] * m), `round ${round}, agent ${i}, slot ${k}`).toBeLessThanOrEqual(1e-15 * 8 * 3.5 * m);
            continue;
          }
          expect(sb[k], `round ${round}, agent ${i}, slot ${k}`).toBe(sa[k] * m);
        }
      }
    }
  });

  it.each([0.25, 0.5, 2, 4])('mass %s, maxForce F: Avoid and Flock give mass 1 with maxForce F / mass, times the mass', (m) => {
    const one = new World(worldSpec(1, 0.3 / m), [LAYOUT]);
    const other = new World(worldSpec(m, 0.3), [LAYOUT]);
    for (let t = 0; t < 200; t++) {
      const [a, b] = [one.types[0], other.types[0]];
      step(one, [sumOfAll]);
      // the other world takes the same state, then both compute Avoid and Flock
      b.pos.set(a.pos);
      b.vel.set(a.vel);
      b.head.set(a.head);
      for (const w of [one, other]) w.types[0].grid!.rebuild(w.types[0].pos, w.types[0].vel, N);
      one.setObstacles([{ x: 200, y: 200, r: 30 }, { x: a.pos[0] + 60, y: a.pos[1], r: 20 }]);
      other.setObstacles([{ x: 200, y: 200, r: 30 }, { x: a.pos[0] + 60, y: a.pos[1], r: 20 }]);
      flockPass(a, a, 100, 30, 1.5, 1, 1, false, a.passes[0]);
      flockPass(b, b, 100, 30, 1.5, 1, 1, false, b.passes[0]);
      const oa = new Float64Array(2);
      const ob = new Float64Array(2);
      for (let i = 0; i < N; i++) {
        avoid(oa, 0, a, i, one.obstacles, one.obstacleCount, 300, 20, one);
        avoid(ob, 0, b, i, other.obstacles, other.obstacleCount, 300, 20, other);
        expect([ob[0], ob[1]]).toEqual([oa[0] * m, oa[1] * m]);
        expect([b.passes[0][2 * i], b.passes[0][2 * i + 1]]).toEqual([a.passes[0][2 * i] * m, a.passes[0][2 * i + 1] * m]);
      }
    }
  });
});

describe('a type of mass m moves as mass 1 with maxForce F / m', () => {
  it.each([0.25, 0.5, 2, 8])('mass %s: every kernel summed, 500 ticks, 12 agents: the same trajectories bit for bit', (m) => {
    const one = stirred(1, 0.3 / m, 500);
    const other = stirred(m, 0.3, 500);
    expect(Array.from(other.types[0].pos)).toEqual(Array.from(one.types[0].pos));
    expect(Array.from(other.types[0].vel)).toEqual(Array.from(one.types[0].vel));
    // and the run went somewhere
    expect(Array.from(one.types[0].pos)).not.toEqual(Array.from(new World(worldSpec(1, 0.3 / m), [LAYOUT]).types[0].pos));
  });
});
