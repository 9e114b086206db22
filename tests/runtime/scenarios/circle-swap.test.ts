/**
 * Issue 21's circle-swap bar: 100 agents of radius 8 spaced evenly on a ring of radius 400, at rest,
 * each arriving at the opposite point. The graph is Sum(Arrive, 3 × Avoid Agents); the comparison
 * is the same graph with Separation alone in its place (distance = the two radii + the buffer), at
 * the same settings. With Avoid Agents the overlapping pairs per 1,000 agent-ticks are at most a
 * tenth of Separation's, and every agent reaches the opposite side (within 2 radii of its point).
 * The figures are in docs/behaviours.md ("Squads and crowds").
 */
import { describe, expect, it } from 'vitest';
import { dsincos } from '../../../nodes/dsincos';
import { arrive } from '../../../runtime/behaviors/arrive';
import { avoidAgentsPass } from '../../../runtime/behaviors/avoid-agents';
import { separationPass } from '../../../runtime/behaviors/flock';
import { step, type ForceFn } from '../../../runtime/step';
import { World, type Agents } from '../../../runtime/world';

const N = 100;
const RADIUS = 8;
const RING = 400;
const C = 500;
const TICKS = 1200;
const BUFFER = 4;
const RANGE = 400;
const HORIZON = 200;
const WEIGHT = 3;

/** N agents spaced evenly on the ring around (C, C), at rest, facing the centre; and their targets, the opposite points. */
function ring(): { w: World; targets: Float64Array } {
  const w = new World(
    { width: 2 * C, height: 2 * C, edges: 'bounce', seed: 1, agentTypes: [{ id: 'a', count: N, mass: 1, maxSpeed: 2, maxForce: 0.2, radius: RADIUS }] },
    [{ queryRadius: RANGE, passes: 1 }],
  );
  const a = w.types[0];
  const targets = new Float64Array(2 * N);
  for (let i = 0; i < N; i++) {
    const [c, s] = dsincos((360 * i) / N);
    a.pos[2 * i] = C + RING * c;
    a.pos[2 * i + 1] = C + RING * s;
    a.vel[2 * i] = 0;
    a.vel[2 * i + 1] = 0;
    a.head[2 * i] = -c;
    a.head[2 * i + 1] = -s;
    targets[2 * i] = C - RING * c;
    targets[2 * i + 1] = C - RING * s;
  }
  return { w, targets };
}

const _arrive = new Float64Array(2);

/** Sum(Arrive(target, 60), WEIGHT × the avoidance): Avoid Agents, or Separation in its place. */
function forces(targets: Float64Array, avoidance: 'avoid' | 'separation'): ForceFn {
  return (_w, A: Agents) => {
    const P = A.passes[0];
    if (avoidance === 'avoid') avoidAgentsPass(A, A, RANGE, HORIZON, BUFFER, P);
    else separationPass(A, A, 2 * RADIUS + BUFFER, false, P);
    for (let i = 0; i < A.count; i++) {
      arrive(_arrive, 0, A, i, targets, 2 * i, 60);
      A.force[2 * i] = _arrive[0] + WEIGHT * P[2 * i];
      A.force[2 * i + 1] = _arrive[1] + WEIGHT * P[2 * i + 1];
    }
  };
}

/** Overlapping pairs (closer than the two radii) per 1,000 agent-ticks, and how many agents ended within 2 radii of their targets. */
function circleSwap(avoidance: 'avoid' | 'separation'): { overlaps: number; arrived: number } {
  const { w, targets } = ring();
  const fn = forces(targets, avoidance);
  const a = w.types[0];
  let pairs = 0;
  for (let t = 0; t < TICKS; t++) {
    step(w, [fn], 1);
    for (let i = 0; i < N; i++) {
      for (let j = i + 1; j < N; j++) {
        const dx = a.pos[2 * j] - a.pos[2 * i];
        const dy = a.pos[2 * j + 1] - a.pos[2 * i + 1];
        if (dx * dx + dy * dy < 4 * RADIUS * RADIUS) pairs++;
      }
    }
  }
  let arrived = 0;
  for (let i = 0; i < N; i++) if (Math.hypot(a.pos[2 * i] - targets[2 * i], a.pos[2 * i + 1] - targets[2 * i + 1]) < 2 * RADIUS) arrived++;
  return { overlaps: (pairs * 1000) / (N * TICKS), arrived };
}

describe('circle swap, 100 agents of radius 8', () => {
  it('Avoid Agents overlaps at most a tenth as often as Separation at the same settings, and every agent crosses', () => {
    const avoid = circleSwap('avoid');
    const sep = circleSwap('separation');
    expect(avoid.arrived).toBe(N);
    expect(avoid.overlaps).toBeLessThanOrEqual(sep.overlaps / 10);
  });
});
