/**
 * The Rooms preset does what its description promises: the crowd goes round the four rooms, every
 * walker through every doorway, none through a wall (each tick's move checked against every wall
 * segment, independently of the runtime), and the walls rarely have to stop one.
 */
import { describe, expect, it } from 'vitest';
import { ROOMS, doorways } from '../../scripts/wall-presets';
import { preset, worldOf } from './helpers';
import { crossed, segmentsOf, wallContacts } from './walls';

describe('rooms', () => {
  it.each([undefined, 1, 2])('seed %s: in 3,000 ticks every walker goes through every doorway, none through a wall, and the walls rarely have to stop one', (seed) => {
    const doc = preset('rooms');
    const segs = segmentsOf(doc);
    const doors = doorways();
    const w = worldOf(doc, seed === undefined ? {} : { seed });
    const n = doc.agentTypes[0].count;
    const through = Array.from({ length: n }, () => doors.map(() => 0));
    for (let t = 0; t < 3000; t++) {
      const before = w.positions('walker').slice();
      w.step();
      const p = w.positions('walker');
      for (let i = 0; i < n; i++) {
        const [x0, y0, x1, y1] = [before[2 * i], before[2 * i + 1], p[2 * i], p[2 * i + 1]];
        const k = crossed(segs, x0, y0, x1, y1);
        if (k >= 0) expect.fail(`tick ${t}: walker ${i} crossed ${JSON.stringify(segs[k])} going (${x0}, ${y0}) → (${x1}, ${y1})`);
        doors.forEach((d, j) => {
          // a move from one side of the doorway's wall line to the other (or onto it), within the gap
          const [a, b, c] = d.wall === 'v' ? [x0 - d.x, x1 - d.x, (y0 + y1) / 2 - d.y] : [y0 - d.y, y1 - d.y, (x0 + x1) / 2 - d.x];
          if (a !== 0 && a * b <= 0 && Math.abs(c) <= ROOMS.door / 2) through[i][j]++;
        });
      }
    }
    for (let i = 0; i < n; i++) for (let j = 0; j < doors.length; j++) expect(through[i][j], `walker ${i} through doorway ${j}`).toBeGreaterThanOrEqual(2);
    // measured: none in these 90,000 agent-ticks
    expect(wallContacts(w), 'agent-ticks in which a wall had to stop a walker').toBeLessThanOrEqual(5);
  });
});
