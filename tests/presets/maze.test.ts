/**
 * The Maze preset does what its description promises: the wanderers never pass through a wall
 * (each tick's move checked against every wall segment, independently of the runtime), spread into
 * every room of the maze, and turn before the walls, so that the solid contact rarely has to act.
 */
import { describe, expect, it } from 'vitest';
import { MAZE } from '../../scripts/wall-presets';
import { preset, worldOf } from './helpers';
import { crossed, segmentsOf, wallContacts } from './walls';

describe('maze', () => {
  it.each([undefined, 1, 2])('seed %s: no wanderer crosses a wall in 3,000 ticks, together they visit every cell, each many, and the walls rarely have to stop one', (seed) => {
    const doc = preset('maze');
    const segs = segmentsOf(doc);
    const w = worldOf(doc, seed === undefined ? {} : { seed });
    const n = doc.agentTypes[0].count;
    const cells = Array.from({ length: n }, () => new Set<number>());
    const ticks = 3000;
    for (let t = 0; t < ticks; t++) {
      const before = w.positions('wanderer').slice();
      w.step();
      const p = w.positions('wanderer');
      for (let i = 0; i < n; i++) {
        const [x0, y0, x1, y1] = [before[2 * i], before[2 * i + 1], p[2 * i], p[2 * i + 1]];
        const k = crossed(segs, x0, y0, x1, y1);
        if (k >= 0) expect.fail(`tick ${t}: wanderer ${i} crossed ${JSON.stringify(segs[k])} going (${x0}, ${y0}) → (${x1}, ${y1})`);
        const c = Math.min(MAZE.cols - 1, Math.floor(x1 / MAZE.cell));
        const r = Math.min(MAZE.rows - 1, Math.floor(y1 / MAZE.cell));
        cells[i].add(r * MAZE.cols + c);
      }
    }
    const all = new Set(cells.flatMap((s) => [...s]));
    expect(all.size, 'cells visited by some wanderer').toBe(MAZE.cols * MAZE.rows);
    const each = cells.map((s) => s.size).sort((a, b) => a - b);
    // 3,000 ticks at 2.5 px/tick is about 80 cells' lengths: a wanderer sees a fair part of the maze
    expect(each[0], `cells per wanderer: ${each}`).toBeGreaterThanOrEqual(5);
    expect(each[each.length >> 1], `cells per wanderer: ${each}`).toBeGreaterThanOrEqual(15);
    // measured: 2 to 7 contacts in these 120,000 agent-ticks (the feelers turn them first)
    expect(wallContacts(w), 'agent-ticks in which a wall had to stop a wanderer').toBeLessThanOrEqual(15);
  });
});
