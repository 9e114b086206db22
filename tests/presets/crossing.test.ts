/**
 * The Crossing preset does what its description promises: the two groups cross to each other's
 * side, and with Avoid Agents no walker of one group comes within the two radii of one of the
 * other; with its weight set to 0 (as the description suggests trying) they push through each
 * other (measured: 0 against 851 cross-group overlapping pair-ticks in 1,500 ticks).
 */
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { preset, worldOf } from './helpers';

/** Cross-group pairs closer than the two radii, summed over 1,500 ticks, and how many walkers ended on the far side. */
function run(doc: SceneDocument, seed?: number): { overlaps: number; across: number } {
  const w = worldOf(doc, seed === undefined ? {} : { seed });
  const [east, west] = doc.agentTypes;
  const touch = east.radius! + west.radius!;
  let overlaps = 0;
  for (let t = 0; t < 1500; t++) {
    w.step();
    const a = w.positions(east.id);
    const b = w.positions(west.id);
    for (let i = 0; i < east.count; i++) for (let j = 0; j < west.count; j++) if (Math.hypot(a[2 * i] - b[2 * j], a[2 * i + 1] - b[2 * j + 1]) < touch) overlaps++;
  }
  const a = w.positions(east.id);
  const b = w.positions(west.id);
  let across = 0;
  for (let i = 0; i < east.count; i++) if (a[2 * i] > 800) across++;
  for (let j = 0; j < west.count; j++) if (b[2 * j] < 400) across++;
  return { overlaps, across };
}

describe('crossing', () => {
  it.each([undefined, 1, 2])('seed %s: every walker reaches the far side, and Avoid Agents keeps the groups from touching where weight 0 does not', (seed) => {
    const doc = preset('crossing');
    const n = doc.agentTypes[0].count + doc.agentTypes[1].count;
    const avoiding = run(doc, seed);
    expect(avoiding.across).toBe(n);
    const off = preset('crossing');
    for (const t of off.agentTypes) t.states[0].graph.nodes.find((x) => x.id === 'walk')!.params.w1 = 0;
    const pushing = run(off, seed);
    expect(avoiding.overlaps).toBeLessThanOrEqual(pushing.overlaps / 10);
    expect(pushing.overlaps).toBeGreaterThan(0);
  });
});
