/**
 * BEHAVIORS.md's flock claim: 30 agents in 800 × 600 with wrap edges, Flock at its defaults (sight
 * 100, separation 30, weights 1.5, 1, 1), maxSpeed 4, maxForce 0.2, mass 1, reach local alignment
 * ≈ 0.99 within a few hundred ticks and keep their neighbours about one separation distance away.
 * Agents spawn anywhere, facing anywhere, at the world's default spawn speed (0.5 × maxSpeed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { flockPass } from '../../../runtime/behaviors/flock';
import { step, type ForceFn } from '../../../runtime/step';
import { World, type Agents } from '../../../runtime/world';

const SIGHT = 100;
const SEPARATION = 30;
const N = 30;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const flock: ForceFn = (_w, A) => flockPass(A, A, SIGHT, SEPARATION, 1.5, 1, 1, false, A.force);

/**
 * Local alignment: for each agent with at least one other agent within sight, the length of the mean
 * unit velocity of those others; averaged over such agents (1 = every neighbourhood moves as one).
 * Plain distances, as the flock's own queries (they do not wrap).
 */
function localAlignment(a: Agents): number {
  let sum = 0;
  let counted = 0;
  for (let i = 0; i < a.count; i++) {
    let ux = 0;
    let uy = 0;
    let k = 0;
    for (let j = 0; j < a.count; j++) {
      if (j === i || Math.hypot(a.pos[2 * j] - a.pos[2 * i], a.pos[2 * j + 1] - a.pos[2 * i + 1]) >= SIGHT) continue;
      const s = Math.hypot(a.vel[2 * j], a.vel[2 * j + 1]);
      if (s > 0) {
        ux += a.vel[2 * j] / s;
        uy += a.vel[2 * j + 1] / s;
      }
      k++;
    }
    if (k > 0) {
      sum += Math.hypot(ux / k, uy / k);
      counted++;
    }
  }
  return sum / counted;
}

/** Each agent's distance to its nearest other agent. */
function nearest(a: Agents): number[] {
  return Array.from({ length: a.count }, (_, i) => {
    let best = Infinity;
    for (let j = 0; j < a.count; j++) {
      if (j !== i) best = Math.min(best, Math.hypot(a.pos[2 * j] - a.pos[2 * i], a.pos[2 * j + 1] - a.pos[2 * i + 1]));
    }
    return best;
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

function run(seed: number) {
  const w = new World(
    { width: 800, height: 600, edges: 'wrap', seed, agentTypes: [{ id: 'boid', count: N, mass: 1, maxSpeed: 4, maxForce: 0.2 }] },
    [{ queryRadius: SIGHT, passes: 1 }],
  );
  const a = w.types[0];
  step(w, [flock], 600);
  const alignment = localAlignment(a);
  let nnSum = 0;
  let close = 0;
  let agentTicks = 0;
  for (let t = 600; t < 1200; t++) {
    step(w, [flock]);
    for (const d of nearest(a)) {
      nnSum += d;
      if (d < SEPARATION / 3) close++;
      agentTicks++;
    }
  }
  return { alignment, nn: nnSum / agentTicks / SEPARATION, close: close / agentTicks };
}

describe('Flock: 30 agents, 800 × 600, wrap, BEHAVIORS.md defaults, over 10 seeds (medians)', () => {
  let runs: ReturnType<typeof run>[] = [];
  let figures = '';
  beforeAll(() => {
    runs = SEEDS.map(run);
    // per seed: alignment, nearest-neighbour distance / separation, close agent-ticks (in a failure message)
    figures = JSON.stringify(runs.map((r) => [r.alignment.toFixed(3), r.nn.toFixed(2), (100 * r.close).toFixed(2) + '%']));
  });

  it('align: the local alignment at tick 600 is at least 0.95', () => {
    expect(median(runs.map((r) => r.alignment)), figures).toBeGreaterThanOrEqual(0.95);
  });

  it('keep their distance: from tick 600 to 1200 the mean nearest-neighbour distance is 0.7–1.5 × the separation distance', () => {
    const nn = median(runs.map((r) => r.nn));
    expect(nn, figures).toBeGreaterThanOrEqual(0.7);
    expect(nn, figures).toBeLessThanOrEqual(1.5);
  });

  it('do not pile up: fewer than 1 % of agent-ticks have a neighbour closer than a third of the separation distance', () => {
    expect(median(runs.map((r) => r.close)), figures).toBeLessThan(0.01);
  });
});
