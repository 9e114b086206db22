/**
 * The Grazing sheep preset does what its description promises: sheep graze until a wolf comes
 * within 120 px, flee it, and graze again only after the wolf has been beyond 250 px for 180 ticks;
 * wolves prowl, chase and give up. Run headless; distances are read before each tick, as the
 * conditions read the world at the start of the tick.
 */
import { describe, expect, it } from 'vitest';
import { dist, preset, worldOf } from './helpers';

/** The distance from each sheep to its nearest wolf. */
function nearestWolf(sheep: Float64Array, wolves: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < sheep.length / 2; i++) {
    let m = Infinity;
    for (let j = 0; j < wolves.length / 2; j++) m = Math.min(m, dist(sheep, i, wolves, j));
    out.push(m);
  }
  return out;
}

describe('grazing-sheep', () => {
  it.each([undefined, 1, 2])('seed %s: sheep near a wolf flee, and graze again only after 180 ticks of the wolf beyond 250 px', (seed) => {
    const w = worldOf(preset('grazing-sheep'), seed === undefined ? {} : { seed });
    const names = w.stateNames('sheep');
    expect(names).toEqual(['graze', 'flee', 'calm']);
    const n = w.positions('sheep').length / 2;
    const farFor = new Array(n).fill(0); // ticks in a row the nearest wolf was at least 250 px away
    const taken: Record<string, number> = {};
    for (let t = 0; t < 6000; t++) {
      const d = nearestWolf(w.positions('sheep'), w.positions('wolf'));
      for (let i = 0; i < n; i++) farFor[i] = d[i] >= 250 ? farFor[i] + 1 : 0;
      w.step();
      const s = w.states('sheep');
      for (let i = 0; i < n; i++) if (d[i] < 120) expect(names[s[i]], `tick ${t}, sheep ${i} ${d[i].toFixed(0)} px from a wolf`).toBe('flee');
      for (const e of w.transitions()) {
        if (e.from === e.to) continue;
        const key = `${e.type} ${e.from} → ${e.to}`;
        taken[key] = (taken[key] ?? 0) + 1;
        if (e.type === 'sheep' && e.to === 'graze') {
          expect(e.from).toBe('calm');
          expect(farFor[e.index], `tick ${t}, sheep ${e.index}`).toBeGreaterThanOrEqual(180);
        }
        if (e.type === 'sheep' && e.from === 'flee') expect(d[e.index]).toBeGreaterThan(250);
      }
      // at the start, before the wolves come, most sheep graze
      if (t === 120) expect(Array.from(s).filter((k) => names[k] === 'graze').length).toBeGreaterThanOrEqual(0.9 * n);
    }
    // measured (scene's seed): 156 graze → flee, 304 flee → calm, 139 calm → graze, 16 wolf chases
    for (const key of ['sheep graze → flee', 'sheep flee → calm', 'sheep calm → graze', 'sheep calm → flee', 'wolf prowl → chase', 'wolf chase → prowl']) {
      expect(taken[key] ?? 0, key).toBeGreaterThan(3);
    }
  });

  it('grazes slowly (under 1.2 px/tick on average) and flees near its top speed of 3 (over 2.2)', () => {
    const w = worldOf(preset('grazing-sheep'));
    const names = w.stateNames('sheep');
    const sum = { graze: 0, flee: 0 };
    const ticks = { graze: 0, flee: 0 };
    for (let t = 0; t < 3000; t++) {
      w.step();
      const s = w.states('sheep');
      const v = w.velocities('sheep');
      for (let i = 0; i < s.length; i++) {
        const k = names[s[i]];
        if (k !== 'graze' && k !== 'flee') continue;
        sum[k] += Math.hypot(v[2 * i], v[2 * i + 1]);
        ticks[k]++;
      }
    }
    expect(sum.graze / ticks.graze).toBeLessThan(1.2);
    expect(sum.flee / ticks.flee).toBeGreaterThan(2.2);
  });
});
