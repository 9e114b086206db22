/**
 * The Doorway preset does what its description promises (issue 21's doorway bar): with Queue the
 * crowd leaves the room through its one door, and no two walkers overlap by more than half a
 * radius (closer than 1.5 radii), from the first second on (they spawn at random places, which
 * may overlap; measured: none closer than 4.5 px = 0.75 radius after that, over 1,800 ticks).
 */
import { describe, expect, it } from 'vitest';
import { preset, worldOf } from './helpers';

describe('doorway', () => {
  it.each([undefined, 1, 2])('seed %s: the room empties within 1,200 ticks and no two walkers overlap by more than half a radius', (seed) => {
    const doc = preset('doorway');
    const t = doc.agentTypes[0];
    const r = t.radius!;
    const w = worldOf(doc, seed === undefined ? {} : { seed });
    let emptied = -1;
    let closest = Infinity;
    for (let tick = 0; tick < 1800; tick++) {
      w.step();
      const p = w.positions(t.id);
      let inside = 0;
      for (let i = 0; i < t.count; i++) {
        if (p[2 * i] < 460) inside++;
        if (tick < 60) continue;
        for (let j = i + 1; j < t.count; j++) closest = Math.min(closest, Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]));
      }
      if (inside === 0 && emptied < 0) emptied = tick;
    }
    expect(emptied, 'the tick the last walker left the room').toBeGreaterThanOrEqual(0);
    expect(emptied).toBeLessThan(1200);
    expect(closest, 'the closest two walkers came after the first second').toBeGreaterThanOrEqual(1.5 * r);
  });
});
