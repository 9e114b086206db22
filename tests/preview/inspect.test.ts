import { describe, expect, it } from 'vitest';
import { PROBE_PALETTE, pickAgent, priorityShares, probeColors, truncateShare } from '../../src/preview/inspect';

describe('the inspector’s pure parts', () => {
  const world = {
    types: ['a', 'b'],
    positions: (id: string) => (id === 'a' ? Float64Array.of(10, 10, 50, 50) : Float64Array.of(52, 50)),
  };
  const view = { scale: 2, x: 100, y: 0 };

  it('picks the agent under a click, within the radius on screen, later types winning ties', () => {
    expect(pickAgent(world, view, 100 + 20, 20, 5)).toEqual({ type: 'a', index: 0 });
    expect(pickAgent(world, view, 100 + 20 + 4, 20 + 3, 5)).toEqual({ type: 'a', index: 0 });
    expect(pickAgent(world, view, 100 + 20 + 4, 20 + 4, 5)).toBeNull();
    // (50, 50) and (52, 50) are 4 px apart on screen: the click at 3 px from b picks b
    expect(pickAgent(world, view, 100 + 103, 100, 10)).toEqual({ type: 'b', index: 0 });
    expect(pickAgent(world, view, 100 + 100, 100, 10)).toEqual({ type: 'a', index: 1 });
  });

  it('colours each node with a force output, in graph order', () => {
    const nodes = [{ id: 'p', kind: 'pointer' }, { id: 's', kind: 'seek' }, { id: 'w', kind: 'wander' }];
    const c = probeColors(nodes, (k) => k !== 'pointer');
    expect([...c]).toEqual([['s', PROBE_PALETTE[0]], ['w', PROBE_PALETTE[1]]]);
  });

  it('replays a Priority: each input gets what is left of the budget, and later ones are cut off', () => {
    const s = priorityShares([[3, 4], null, [0, 10], [1, 0]], 8);
    expect(s[0]).toEqual({ asked: 5, got: 5, cut: false });
    expect(s[1]).toEqual({ asked: 0, got: 0, cut: false });
    expect(s[2].asked).toBe(10);
    // 8 − |(3, 4)| = 3 left: (0, 10) is scaled to length 3
    expect(s[2].got).toBeCloseTo(3, 12);
    expect(s[2].cut).toBe(false);
    // the running sum (3, 7) has length √58 ≈ 7.6 < 8: a little is left for the last
    expect(s[3].cut).toBe(false);
    expect(s[3].got).toBeCloseTo(8 - Math.hypot(3, 7), 12);
    expect(priorityShares([[0, 8], [1, 0]], 8)[1]).toEqual({ asked: 1, got: 0, cut: true });
    // a budget spent exactly or to within rounding cuts the next input off too
    const spent = priorityShares([[0.1, 0], [0.15, 0], [0, 0.076]], 0.25);
    expect(spent[2].cut).toBe(true);
    expect(spent[2].got).toBeLessThan(1e-9);
  });

  it('tells how much a Truncate cut', () => {
    expect(truncateShare([6, 8], [3, 4])).toEqual({ asked: 10, got: 5, cutFraction: 0.5 });
    expect(truncateShare([0, 0], [0, 0]).cutFraction).toBe(0);
  });
});
