/**
 * The "Squad in a wedge" preset does what its description promises, and meets issue 21's formation
 * bar: after the captain turns 90°, every soldier is within its radius of its slot within 3 seconds
 * (180 ticks) at the captain's cruising speed, and stays there along the next leg.
 */
import { describe, expect, it } from 'vitest';
import { preset } from './helpers';
import { formationTurns } from './squad-bar';

describe('squad', () => {
  it.each([undefined, 1, 2])('seed %s: after each of 8 turns the wedge re-forms within 3 seconds and holds', (seed) => {
    const doc = preset('squad');
    const turns = formationTurns(doc, 'captain', 'soldier', 3000, seed);
    // the march is a 640 × 300 px square at 1.5 px/tick: a turn about every 200 or 430 ticks
    expect(turns.length).toBeGreaterThanOrEqual(8);
    const radius = doc.agentTypes[1].radius!;
    for (const [k, t] of turns.entries()) {
      // measured: 64 ticks (about a second) to settle, then within 6.9 px of 8
      expect(t.settle, `turn ${k} at tick ${t.turned}: ticks until every soldier is in its slot`).toBeLessThanOrEqual(180);
      expect(t.held, `turn ${k} at tick ${t.turned}: the farthest soldier from its slot along the next leg, px`).toBeLessThan(radius);
    }
  });

  it('without the Formation (its weight 0 in the Sum), the soldiers keep no slot: the bar is the formation’s doing', () => {
    const doc = preset('squad');
    const sum = doc.agentTypes[1].states[0].graph.nodes.find((n) => n.kind === 'sum')!;
    sum.params.w0 = 0;
    const turns = formationTurns(doc, 'captain', 'soldier', 3000);
    expect(turns.every((t) => t.settle === Infinity)).toBe(true);
  });
});
