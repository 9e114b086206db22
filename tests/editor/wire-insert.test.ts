import { describe, expect, it } from 'vitest';
import { getNodeDef, inputCount } from '../../nodes/index';
import { spliceInto, splicePorts } from '../../src/editor/wire-insert';
import { sampleScene } from '../document/helpers';

describe('splicing a node into a wire', () => {
  it('fits a node with an input of the wire’s type and an output its far end takes, and no other', () => {
    expect(splicePorts(getNodeDef('truncate')!, {}, 'force', 'force')).toMatchObject({ input: { key: 'in' }, output: { key: 'force' } });
    expect(splicePorts(getNodeDef('sum')!, {}, 'force', 'force')).toMatchObject({ input: { key: 'in0' }, output: { key: 'force' } });
    expect(splicePorts(getNodeDef('pointer')!, {}, 'force', 'force')).toBeNull(); // no force input
    expect(splicePorts(getNodeDef('wander')!, {}, 'force', 'force')).toBeNull(); // no input at all
    expect(splicePorts(getNodeDef('truncate')!, {}, 'point', 'point')).toBeNull();
  });

  it('makes A→B into A→N→B in one edit', () => {
    const doc = sampleScene();
    const at = { type: 'sheep', state: 0 };
    const withT = { ...doc, agentTypes: doc.agentTypes.map((t, k) => (k ? t : { ...t, states: [{ ...t.states[0], graph: { ...t.states[0].graph, nodes: [...t.states[0].graph.nodes, { id: 't', kind: 'truncate', params: {}, position: [0, 0] as [number, number] }] } }] })) };
    const ports = splicePorts(getNodeDef('truncate')!, {}, 'force', 'force')!;
    const out = spliceInto(at, { from: ['flee', 'force'], to: ['sum', 'in0'] }, 't', ports)(withT);
    expect(out.agentTypes[0].states[0].graph.connections).toEqual([
      { from: ['flee', 'force'], to: ['t', 'in'] },
      { from: ['t', 'force'], to: ['sum', 'in0'] },
    ]);
  });

  it('into the wire of a Sum’s last input, leaves the Sum’s inputs as they were (a new wire there would add one)', () => {
    const doc = sampleScene();
    const at = { type: 'sheep', state: 0 };
    const g = doc.agentTypes[0].states[0].graph;
    const sum = g.nodes.find((n) => n.id === 'sum')!;
    const last = { from: ['flee', 'force'] as [string, string], to: ['sum', `in${inputCount(getNodeDef('sum')!, sum.params) - 1}`] as [string, string] };
    const withT = { ...doc, agentTypes: doc.agentTypes.map((t, k) => (k ? t : { ...t, states: [{ ...t.states[0], graph: { ...g, connections: [last], nodes: [...g.nodes, { id: 't', kind: 'truncate', params: {}, position: [0, 0] as [number, number] }] } }] })) };
    const ports = splicePorts(getNodeDef('truncate')!, {}, 'force', 'force')!;
    const out = spliceInto(at, last, 't', ports)(withT);
    expect(out.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'sum')!.params).toEqual(sum.params);
    expect(out.agentTypes[0].states[0].graph.connections).toEqual([
      { from: ['flee', 'force'], to: ['t', 'in'] },
      { from: ['t', 'force'], to: last.to },
    ]);
  });
});
