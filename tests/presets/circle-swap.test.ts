/**
 * The Circle swap preset does what its description promises: the hundred walkers start evenly on
 * the ring, each reaches the point straight across, and with Avoid Agents they swirl one way round
 * the middle instead of piling into it; with its weight set to 0 (as the description suggests
 * trying) they walk straight through each other (measured: 1,806 against 120,000 overlapping
 * pair-ticks in 1,500 ticks). The bar of issue 21 (against Separation at the same settings) is
 * tests/runtime/scenarios/circle-swap.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { preset, worldOf } from './helpers';

const TICKS = 1500;

/** Pairs of walkers closer than the two radii, summed over the run; how many ended within 2 radii of the point across; the swirl sampled every 50 ticks. */
function run(doc: SceneDocument) {
  const walker = doc.agentTypes.find((t) => t.id === 'walker')!;
  const r = walker.radius!;
  const n = walker.count;
  const w = worldOf(doc);
  const start = Array.from(w.positions('walker'));
  let overlaps = 0;
  const swirl: number[] = [];
  for (let t = 1; t <= TICKS; t++) {
    w.step();
    const p = w.positions('walker');
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]) < 2 * r) overlaps++;
    if (t % 50 === 0 && t >= 100 && t <= 600) {
      // angular momentum about the centre over its largest possible value: ±1 all turning one way, 0 straight across
      const v = w.velocities('walker');
      let L = 0;
      let M = 0;
      for (let i = 0; i < n; i++) {
        const rx = p[2 * i] - 500;
        const ry = p[2 * i + 1] - 500;
        L += rx * v[2 * i + 1] - ry * v[2 * i];
        M += Math.hypot(rx, ry) * Math.hypot(v[2 * i], v[2 * i + 1]);
      }
      swirl.push(L / M);
    }
  }
  const p = w.positions('walker');
  let across = 0;
  for (let i = 0; i < n; i++) if (Math.hypot(p[2 * i] - (1000 - start[2 * i]), p[2 * i + 1] - (1000 - start[2 * i + 1])) < 2 * r) across++;
  return { start, overlaps, across, swirl };
}

describe('circle swap', () => {
  it('starts the walkers evenly on the ring of radius 400, at rest', () => {
    const w = worldOf(preset('circle-swap'));
    const p = w.positions('walker');
    const v = w.velocities('walker');
    for (let i = 0; i < 100; i++) {
      expect(Math.hypot(p[2 * i] - 500, p[2 * i + 1] - 500)).toBeCloseTo(400, 9);
      expect(Math.atan2(p[2 * i + 1] - 500, p[2 * i] - 500)).toBeCloseTo(((i <= 50 ? i : i - 100) * 2 * Math.PI) / 100, 9);
      expect([v[2 * i], v[2 * i + 1]].map(Math.abs)).toEqual([0, 0]);
    }
  });

  it('every walker reaches the point across, swirling one way round the middle; with Avoid Agents off they walk through each other', () => {
    const avoiding = run(preset('circle-swap'));
    expect(avoiding.across).toBe(100);
    const off = preset('circle-swap');
    off.agentTypes.find((t) => t.id === 'walker')!.states[0].graph.nodes.find((x) => x.id === 'walk')!.params.w1 = 0;
    const through = run(off);
    expect(through.across).toBe(100);
    expect(through.overlaps).toBeGreaterThan(0);
    expect(avoiding.overlaps).toBeLessThanOrEqual(through.overlaps / 10);
    // all one way (the sign is the side Avoid Agents turns to), where straight across there is no turn at all
    expect(avoiding.swirl.every((s) => s < -0.05)).toBe(true);
    expect(through.swirl.every((s) => Math.abs(s) < 0.01)).toBe(true);
  });
});
