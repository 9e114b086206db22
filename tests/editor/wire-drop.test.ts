import { describe, expect, it } from 'vitest';
import { getNodeDef } from '../../nodes/index';
import { addNodeWired, fittingPort, type WireEnd } from '../../src/editor/wire-drop';
import { sampleScene } from '../document/helpers';

const fromFlee: WireEnd = { nodeId: 'flee', key: 'force', side: 'output', type: 'force' };
const intoSum: WireEnd = { nodeId: 'sum', key: 'in1', side: 'input', type: 'force' };
const at = { type: 'sheep', state: 0 };

describe('fittingPort (which kinds the search lists for a wire let go on the canvas)', () => {
  it('from an output: the first input that takes its type; none for a kind with no such input', () => {
    expect(fittingPort(getNodeDef('sum')!, fromFlee)?.key).toBe('in0');
    expect(fittingPort(getNodeDef('truncate')!, fromFlee)?.type).toBe('force');
    expect(fittingPort(getNodeDef('pointer')!, fromFlee)).toBeUndefined();
    // an agent fits a point input (its position)
    expect(fittingPort(getNodeDef('seek')!, { nodeId: 'n', key: 'agent', side: 'output', type: 'agent' })?.type).toBe('point');
  });

  it('from an input: the first output it takes; none for the sink', () => {
    expect(fittingPort(getNodeDef('wander')!, intoSum)?.key).toBe('force');
    expect(fittingPort(getNodeDef('agent-output')!, intoSum)).toBeUndefined();
    expect(fittingPort(getNodeDef('pointer')!, { nodeId: 'seek', key: 'target', side: 'input', type: 'point' })?.type).toBe('point');
  });
});

describe('addNodeWired', () => {
  it('adds the node and its wire in one edit, in the right direction', () => {
    const doc = sampleScene();
    const graph = (d: typeof doc) => d.agentTypes[0].states[0].graph;
    const out = addNodeWired(at, { id: 'n9', kind: 'truncate', params: {}, position: [5, 6] }, getNodeDef('truncate')!, fromFlee)(doc);
    const port = fittingPort(getNodeDef('truncate')!, fromFlee)!.key;
    expect(graph(out).nodes.at(-1)).toEqual({ id: 'n9', kind: 'truncate', params: {}, position: [5, 6] });
    expect(graph(out).connections).toContainEqual({ from: ['flee', 'force'], to: ['n9', port] });
    const into = addNodeWired(at, { id: 'n9', kind: 'wander', params: {}, position: [0, 0] }, getNodeDef('wander')!, intoSum)(doc);
    expect(graph(into).connections).toContainEqual({ from: ['n9', 'force'], to: ['sum', 'in1'] });
    // the document it was given is untouched
    expect(graph(doc).nodes).toHaveLength(2);
  });

  it('from a reroute with no wires: every kind with a socket on that side is listed, and the reroute takes the type of the one wired, in the same edit', () => {
    const doc = sampleScene();
    const graph = (d: typeof doc) => d.agentTypes[0].states[0].graph;
    const free: WireEnd = { nodeId: 'r', key: 'out', side: 'output', type: 'force', free: true };
    const withReroute = { ...doc, agentTypes: doc.agentTypes.map((t, k) => (k ? t : { ...t, states: [{ ...t.states[0], graph: { ...graph(doc), nodes: [...graph(doc).nodes, { id: 'r', kind: 'reroute', params: { type: 'force' }, position: [0, 0] as [number, number] }] } }] })) };
    // Seek's first input is its Target, a point: listed for a free reroute, not for a force wire
    expect(fittingPort(getNodeDef('seek')!, free)?.key).toBe('target');
    expect(fittingPort(getNodeDef('seek')!, { ...free, free: false })).toBeUndefined();
    expect(fittingPort(getNodeDef('pointer')!, free)).toBeUndefined(); // no input at all
    const out = addNodeWired(at, { id: 'n9', kind: 'seek', params: {}, position: [0, 0] }, getNodeDef('seek')!, free)(withReroute);
    expect(graph(out).connections).toContainEqual({ from: ['r', 'out'], to: ['n9', 'target'] });
    expect(graph(out).nodes.find((n) => n.id === 'r')!.params).toEqual({ type: 'point' });
    // into a free reroute's input from a Pointer (its first output, a point)
    const into = addNodeWired(at, { id: 'n9', kind: 'pointer', params: {}, position: [0, 0] }, getNodeDef('pointer')!, { nodeId: 'r', key: 'in', side: 'input', type: 'force', free: true })(withReroute);
    expect(graph(into).connections).toContainEqual({ from: ['n9', 'point'], to: ['r', 'in'] });
    expect(graph(into).nodes.find((n) => n.id === 'r')!.params).toEqual({ type: 'point' });
  });
});
