/**
 * The benchmark flock of issue "Foundation": Flock (sight 40, separation 40) and Wander into a
 * weighted Sum, written by hand from the runtime's kernels and run through step(). Density and
 * speeds match ../shared/peers (1 agent per 400 px², wrap, maxSpeed 1/3 px/tick,
 * maxForce 50/3600 px/tick², mass 1).
 */
import { World } from '../runtime/world';
import { step, type ForceFn } from '../runtime/step';
import { flockPass } from '../runtime/behaviors/flock';
import { wander } from '../runtime/behaviors/wander';

export const BENCH = { areaPerAgent: 400, sight: 40, separation: 40, maxSpeed: 1 / 3, maxForce: 50 / 3600 };

export function benchWorld(n: number, seed = 1): World {
  const side = Math.sqrt(BENCH.areaPerAgent * n);
  return new World(
    {
      width: side,
      height: side,
      edges: 'wrap',
      seed,
      agentTypes: [{ id: 'boid', count: n, mass: 1, maxSpeed: BENCH.maxSpeed, maxForce: BENCH.maxForce, spawn: { speed: 0.75 } }],
    },
    [{ memory: [1, 0], draws: 1, queryRadius: BENCH.sight, passes: 1 }],
  );
}

const _s = new Float64Array(2);

/** Sum(1 · Flock, 1 · Wander), as the compiler emits it: the Flock pass, then the per-agent loop. */
export const benchForce: ForceFn = (_w, a) => {
  const flock = a.passes[0];
  flockPass(a, a, BENCH.sight, BENCH.separation, 3, 1, 1, false, flock);
  const n = a.count;
  const F = a.force;
  const s = _s;
  for (let i = 0; i < n; i++) {
    wander(s, 0, a, i, 0, 0, 10, 5, 1);
    F[2 * i] = flock[2 * i] + s[0];
    F[2 * i + 1] = flock[2 * i + 1] + s[1];
  }
};

export function benchStep(w: World): void {
  step(w, forces);
}

const forces = [benchForce];
