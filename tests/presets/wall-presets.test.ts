/**
 * The presets with walls are what scripts/wall-presets.ts writes (the maze generated from its seed),
 * so running the script again reproduces them.
 */
import { describe, expect, it } from 'vitest';
import { WALL_PRESETS, presetFileText } from '../../scripts/wall-presets';
import { preset, presetText } from './helpers';
import { segmentsOf, wallBetween } from './walls';

describe('scripts/wall-presets.ts', () => {
  it.each(Object.keys(WALL_PRESETS))('writes presets/%s.steer.json as it is', (key) => {
    expect(presetFileText(WALL_PRESETS[key]()) === presetText(key), `run npx tsx scripts/wall-presets.ts: presets/${key}.steer.json differs`).toBe(true);
  });

  it('makes the maze of 10 × 7 cells of 96 px from polylines, every cell reachable', () => {
    const doc = preset('maze');
    expect([doc.world.width, doc.world.height]).toEqual([960, 672]);
    expect(doc.world.walls!.every((w) => !w.closed && w.points.length >= 2)).toBe(true);
    // from the top-left cell, through the gaps between neighbouring cells (no wall across the line between their centres)
    const segs = segmentsOf(doc);
    const centre = (k: number): [number, number] => [(k % 10) * 96 + 48, Math.floor(k / 10) * 96 + 48];
    const seen = new Set([0]);
    const todo = [0];
    while (todo.length) {
      const k = todo.pop()!;
      const [c, r] = [k % 10, Math.floor(k / 10)];
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const [nc, nr] = [c + dc, r + dr];
        const j = nr * 10 + nc;
        if (nc < 0 || nc >= 10 || nr < 0 || nr >= 7 || seen.has(j) || wallBetween(segs, ...centre(k), ...centre(j))) continue;
        seen.add(j);
        todo.push(j);
      }
    }
    expect(seen.size).toBe(70);
  });
});
