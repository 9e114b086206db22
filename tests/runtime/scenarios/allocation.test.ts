/**
 * "Nothing allocates per tick" for graphs that use every kernel tested here at once. Several
 * kernels in one force function exhaust V8's inlining budget, so some run as real calls: a kernel
 * that passed computed numbers on (a seekFrom-style helper, Evade calling Flee, Priority with
 * `A.maxForce[i]` as its budget) would box them, ~16 bytes per number per agent per tick.
 */
import { describe, expect, it } from 'vitest';
import { priorityAddMaxForce, truncateInto } from '../../../runtime/behaviors/combine';
import { contain } from '../../../runtime/behaviors/contain';
import { evade } from '../../../runtime/behaviors/evade';
import { flee } from '../../../runtime/behaviors/flee';
import { flockPass } from '../../../runtime/behaviors/flock';
import { followPath } from '../../../runtime/behaviors/follow-path';
import { pursue } from '../../../runtime/behaviors/pursue';
import { wander } from '../../../runtime/behaviors/wander';
import { step, type ForceFn } from '../../../runtime/step';
import { World } from '../../../runtime/world';
import { bytesPerTick, scaleInto, sumInto } from '../helpers';

describe('allocation per tick', () => {
  it('Priority(Evade, Pursue, Follow Path, Wander) + Scale + Sum beside Flock + Contain + Flee, 2 × 1,000 agents: < 2 KiB per tick', () => {
    const w = new World(
      {
        width: 1200,
        height: 900,
        edges: 'bounce',
        seed: 3,
        paths: [{ id: 'patrol', points: [[100, 100], [1100, 100], [1100, 800], [100, 800]], loop: true }],
        agentTypes: [
          { id: 'guard', count: 1000, mass: 1.5, maxSpeed: 3, maxForce: 0.25, variation: { maxForce: 0.3 } },
          { id: 'sheep', count: 1000, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        ],
      },
      [{ memory: [1, 0, 0], draws: 1 }, { queryRadius: 60, passes: 1 }],
    );
    const s = new Float64Array(16);
    const guards: ForceFn = (W, A) => {
      const B = W.types[1];
      const F = A.force;
      for (let i = 0; i < A.count; i++) {
        const j = i % B.count;
        evade(s, 0, A, i, B, j, 80);
        pursue(s, 2, A, i, B, (j + 1) % B.count);
        followPath(s, 4, A, i, 2, W.paths[0], 20, 100);
        wander(s, 6, A, i, 0, 0, 10, 5, 1);
        s[8] = 0;
        s[9] = 0;
        priorityAddMaxForce(s, 8, s, 0, A, i);
        priorityAddMaxForce(s, 8, s, 2, A, i);
        priorityAddMaxForce(s, 8, s, 4, A, i);
        priorityAddMaxForce(s, 8, s, 6, A, i);
        truncateInto(s, 10, s, 8, 0.3);
        scaleInto(s, 12, s, 10, 1.5);
        s[14] = 0;
        s[15] = 0;
        sumInto(s, 14, s, 12, 1);
        sumInto(s, 14, s, 6, 0.5);
        F[2 * i] = s[14];
        F[2 * i + 1] = s[15];
      }
    };
    const sheep: ForceFn = (W, B) => {
      const flock = B.passes[0];
      const G = W.types[0];
      flockPass(B, B, 60, 20, 1.5, 1, 1, false, flock);
      for (let i = 0; i < B.count; i++) {
        contain(s, 0, B, i, W.width, W.height, 50);
        flee(s, 2, B, i, G.pos, 2 * i, 40);
        B.force[2 * i] = flock[2 * i] + s[0] + s[2];
        B.force[2 * i + 1] = flock[2 * i + 1] + s[1] + s[3];
      }
    };
    const forces = [guards, sheep];
    const perTick = bytesPerTick(() => step(w, forces));
    expect(perTick).toBeLessThan(2048);
    expect(w.types.every((t) => t.pos.every(Number.isFinite))).toBe(true);
  });
});
