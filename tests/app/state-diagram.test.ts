import { describe, expect, it } from 'vitest';
import { BOX_H, layoutDiagram, stateArrows } from '../../src/app/state-diagram';
import { ANY_STATE } from '../../src/document/graphs';
import type { AgentType, Graph, GraphNode } from '../../src/document/types';

const go = (id: string, state: string, order?: number): GraphNode => ({ id, kind: 'go-to-state', params: order === undefined ? { state } : { state, order }, position: [0, 0] });
const graph = (...nodes: GraphNode[]): Graph => ({ nodes: [{ id: 'out', kind: 'agent-output', params: {}, position: [0, 0] }, ...nodes], connections: [] });

function type(states: [string, Graph][], anyState?: Graph): AgentType {
  return { id: 't', name: 'T', states: states.map(([name, g]) => ({ name, graph: g })), ...(anyState ? { anyState } : {}) } as AgentType;
}

/** Graze ⇄ flee, graze → rest (two nodes), rest → itself, a Go to State to a missing state and one with none chosen, any → graze. */
const sheep = type(
  [
    ['graze', graph(go('a', 'flee', 2), go('b', 'rest', 5), go('c', 'rest', 1), go('d', 'ghost'))],
    ['flee', graph(go('e', 'graze', 1))],
    ['rest', graph(go('f', 'rest', 3), go('g', ''))],
  ],
  graph(go('h', 'graze', 4)),
);

describe('the state view’s arrows', () => {
  it('come from the Go to State nodes: one per (from, target), the orders lowest first, missing targets marked', () => {
    expect(stateArrows(sheep)).toEqual([
      { from: 0, to: 1, target: 'flee', orders: [2] },
      { from: 0, to: 2, target: 'rest', orders: [1, 5] },
      { from: 0, to: null, target: 'ghost', orders: [1] },
      { from: 1, to: 0, target: 'graze', orders: [1] },
      { from: 2, to: 2, target: 'rest', orders: [3] },
      { from: 2, to: null, target: '', orders: [1] },
      { from: ANY_STATE, to: 0, target: 'graze', orders: [4] },
    ]);
  });

  it('a type without Go to State nodes has none', () => {
    expect(stateArrows(type([['default', graph()]]))).toEqual([]);
  });
});

describe('the state view’s layout', () => {
  it('puts Any state, the states in order and the missing targets in one row, never overlapping', () => {
    const d = layoutDiagram(sheep, true);
    const row = [d.any!, ...d.states, ...d.missing.map((m) => m.box)];
    expect(d.missing.map((m) => m.name)).toEqual(['ghost', '']);
    expect(new Set(row.map((b) => b.y)).size).toBe(1);
    for (let k = 1; k < row.length; k++) expect(row[k].x).toBeGreaterThan(row[k - 1].x + row[k - 1].w);
    const last = row[row.length - 1];
    expect(d.width).toBeGreaterThan(last.x + last.w);
    expect(d.height).toBeGreaterThan(last.y + BOX_H);
  });

  it('arcs to the right above the row and to the left below it, higher the further they go', () => {
    const d = layoutDiagram(sheep, true);
    const top = d.states[0].y;
    const arrow = (from: number, target: string) => d.arrows.find((a) => a.from === from && a.target === target)!;
    expect(arrow(0, 'flee').labelY).toBeLessThan(top);
    expect(arrow(0, 'rest').labelY).toBeLessThan(arrow(0, 'flee').labelY);
    expect(arrow(1, 'graze').labelY).toBeGreaterThan(top + BOX_H);
    expect(arrow(0, 'ghost').missing).toBe(true);
    expect(arrow(0, 'flee').missing).toBe(false);
    // every arrow within the drawing
    for (const a of d.arrows) {
      expect(a.labelY).toBeGreaterThan(0);
      expect(a.labelY).toBeLessThan(d.height);
      expect(a.labelX).toBeLessThan(d.width);
    }
  });

  it('is the same drawing every time, and without the any-state box when the type shows none', () => {
    expect(layoutDiagram(sheep, true)).toEqual(layoutDiagram(sheep, true));
    const one = layoutDiagram(type([['default', graph()]]), false);
    expect(one.any).toBeNull();
    expect(one.states).toHaveLength(1);
    expect(one.arrows).toEqual([]);
  });
});
