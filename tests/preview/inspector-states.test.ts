import { describe, expect, it } from 'vitest';
import type { ProbeReading } from '../../runtime/api';
import { transitionRows } from '../../src/app/inspector';
import type { AgentType } from '../../src/document/types';
import { node, wire } from '../fixtures/scenes';
import { timerScene } from './scene';

/** A guard that patrols, chases when `near` holds (Go to State order 2) and always goes to `rest` (order 1, unconnected), plus an any-state Go to State. */
function guard(): AgentType {
  const t = structuredClone(timerScene(4).agentTypes[0]);
  t.states = [
    {
      name: 'patrol',
      graph: {
        nodes: [node('near', 'compare', {}), node('chase', 'go-to-state', { state: 'chase', order: 2 }), node('rest', 'go-to-state', { state: 'rest', order: 1 })],
        connections: [wire('near.condition', 'chase.when')],
      },
    },
    { name: 'chase', graph: { nodes: [], connections: [] } },
    { name: 'rest', graph: { nodes: [], connections: [] } },
  ];
  t.anyState = { nodes: [node('alarm', 'signal', {}), node('back', 'go-to-state', { state: 'patrol', order: 1 })], connections: [wire('alarm.condition', 'back.when')] };
  return t;
}

function reading(values: ProbeReading['values']): ProbeReading {
  return { index: 0, state: 0, time: 12, maxSpeed: 3, maxForce: 0.15, values };
}

const cond = (node: string, x: number, state?: number) => ({ node, output: 0, type: 'condition' as 'force', x, y: 0, ...(state !== undefined ? { state } : {}) });

describe('the inspector’s transitions of the followed agent’s state', () => {
  it('lists the state’s Go to State nodes lowest order first, then the any-state ones, each with whether its condition holds now', () => {
    const rows = transitionRows(guard(), reading([cond('near', 1, 0), cond('alarm', 0)]));
    expect(rows.map((r) => [r.target, r.order, r.any, r.holds])).toEqual([
      ['rest', 1, false, 'always'],
      ['chase', 2, false, true],
      ['patrol', 1, true, false],
    ]);
    expect(transitionRows(guard(), reading([cond('near', 0, 0)]))[1].holds).toBe(false);
  });

  it('reads a condition wired through reroutes from the node that makes it', () => {
    const t = guard();
    const g = t.states[0].graph;
    t.states[0].graph = {
      nodes: [...g.nodes, node('r1', 'reroute', { type: 'condition' }), node('r2', 'reroute', { type: 'condition' })],
      connections: [wire('near.condition', 'r1.in'), wire('r1.out', 'r2.in'), wire('r2.out', 'chase.when')],
    };
    expect(transitionRows(t, reading([cond('near', 1, 0)]))[1]).toMatchObject({ target: 'chase', holds: true });
    expect(transitionRows(t, reading([cond('near', 0, 0)]))[1]).toMatchObject({ target: 'chase', holds: false });
  });

  it('says nothing of a condition the probe does not read (or reads in another state’s graph)', () => {
    const rows = transitionRows(guard(), reading([cond('near', 1, 1)]));
    expect(rows.map((r) => r.holds)).toEqual(['always', null, null]);
  });
});
