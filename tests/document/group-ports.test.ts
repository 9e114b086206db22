/**
 * A group's ports edited from inside it: a wire dropped on Group Input's or Group Output's "+"
 * adds a port of the socket's type, labelled after it, wired (one edit); every use has the new
 * socket; removing a port drops its wires inside and on every use; relabelling keeps the wires.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { addNode, connect, disconnect, moveNodes } from '../../src/document/commands';
import { addGroupUse, addPortWired, makeGroup, removeGroupPort, renameGroupPort } from '../../src/document/group-commands';
import { boundaryDefs, groupNodeDef } from '../../src/document/group-def';
import { validateScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { deepFreeze, preset } from '../hardening/shared';

const SHEEP = { type: 'sheep', state: 0 };

/** The default scene with Nearest Agent and Evade grouped, a second use in the wolf's graph, and a Seek added inside the group. */
function scene() {
  const base = preset('default');
  const made = makeGroup(base, SHEEP, ['wolf', 'evade']);
  let doc = made.edit(base);
  const second = addGroupUse(doc, { type: 'wolf', state: 0 }, made.groupId, [0, 0]);
  doc = second.edit(doc);
  const inside = { ...SHEEP, group: made.groupId };
  doc = addNode(inside, { id: 'seek', kind: 'seek', params: {}, position: [0, 200] })(doc);
  return { doc: deepFreeze(doc) as SceneDocument, inside, groupId: made.groupId, useId: made.useId, wolfUse: second.id };
}

const groupOf = (d: SceneDocument, id: string) => d.groups!.find((g) => g.id === id)!;
const problemsOn = (d: SceneDocument, nodeId: string) => compile(d).diagnostics.filter((x) => x.agentType === 'sheep' && x.nodeId === nodeId);

describe('a group port added by a wire to "+"', () => {
  it('from an inner input to Group Input: a new input of its type, labelled after it, wired; every use shows it', () => {
    const { doc: d0, inside, groupId, useId } = scene();
    // (the Seek steers: it feeds the group's output)
    const doc = connect(inside, ['seek', 'force'], ['@out', 'out1'])(d0);
    const added = addPortWired(doc, inside, { nodeId: 'seek', key: 'target', side: 'input' })!;
    expect(added).toMatchObject({ key: 'in1', side: 'inputs' });
    const next = added.edit(doc);
    const g = groupOf(next, groupId);
    expect(g.inputs).toEqual([{ key: 'in1', label: 'Target', type: 'point' }]);
    expect(g.graph.connections).toContainEqual({ from: ['@in', 'in1'], to: ['seek', 'target'] });
    expect(groupNodeDef(g).inputs.map((p) => p.key)).toEqual(['in1']);
    expect(validateScene(next).ok).toBe(true);
    // unconnected on the use: the use says the input needs a wire; wired from a Point, it is fine
    expect(problemsOn(next, useId).map((x) => x.message)).toContainEqual(expect.stringContaining('Target input connected'));
    const wired = connect(SHEEP, ['pointer', 'point'], [useId, 'in1'])(next);
    expect(problemsOn(wired, useId).filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('from an inner output to Group Output: a new output; a second one gets a fresh key and label', () => {
    const { doc, inside, groupId } = scene();
    const first = addPortWired(doc, inside, { nodeId: 'seek', key: 'force', side: 'output' })!;
    const d1 = first.edit(doc);
    const second = addPortWired(d1, inside, { nodeId: 'evade', key: 'force', side: 'output' })!;
    const d2 = second.edit(d1);
    const g = groupOf(d2, groupId);
    expect(g.outputs).toEqual([
      { key: 'out1', label: 'Force', type: 'force' },
      { key: 'out2', label: 'Force 2', type: 'force' },
      { key: 'out3', label: 'Force 3', type: 'force' },
    ]);
    expect(g.graph.connections).toContainEqual({ from: ['seek', 'force'], to: ['@out', 'out2'] });
    expect(g.graph.connections).toContainEqual({ from: ['evade', 'force'], to: ['@out', 'out3'] });
  });

  it('from Group Input’s port to Group Output’s "+": a pass-through output of that port’s type', () => {
    const { doc, inside, groupId } = scene();
    const d1 = addPortWired(doc, inside, { nodeId: 'seek', key: 'target', side: 'input' })!.edit(doc);
    const d2 = addPortWired(d1, inside, { nodeId: '@in', key: 'in1', side: 'output' })!.edit(d1);
    expect(groupOf(d2, groupId).outputs[1]).toEqual({ key: 'out2', label: 'Target', type: 'point' });
  });

  it('applies to the group as it is when the edit runs (a wire taken off the input dropped on, in the same gesture)', () => {
    const { doc, inside, groupId } = scene();
    const d1 = addPortWired(doc, inside, { nodeId: 'seek', key: 'target', side: 'input' })!.edit(doc);
    // from the "+" onto the Seek's wired Target: the gesture first takes the wire there off
    const made = addPortWired(d1, inside, { nodeId: 'seek', key: 'target', side: 'input' })!;
    const off = disconnect(inside, { from: ['@in', 'in1'], to: ['seek', 'target'] })(d1);
    const d2 = made.edit(off);
    expect(groupOf(d2, groupId).inputs.map((p) => `${p.key} ${p.label}`)).toEqual(['in1 Target', 'in2 Target 2']);
    expect(groupOf(d2, groupId).graph.connections).toContainEqual({ from: ['@in', 'in2'], to: ['seek', 'target'] });
    expect(groupOf(d2, groupId).graph.connections.some((c) => c.from[1] === 'in1')).toBe(false);
  });

  it('changes nothing outside a group, for an unknown socket, or past the ports limit', () => {
    const { doc, inside, groupId } = scene();
    expect(addPortWired(doc, SHEEP, { nodeId: 'flee', key: 'target', side: 'input' })).toBeNull();
    expect(addPortWired(doc, inside, { nodeId: 'seek', key: 'nope', side: 'input' })).toBeNull();
    expect(addPortWired(doc, inside, { nodeId: 'ghost', key: 'target', side: 'input' })).toBeNull();
    const full: SceneDocument = { ...doc, groups: doc.groups!.map((g) => (g.id === groupId ? { ...g, inputs: Array.from({ length: 100 }, (_, k) => ({ key: `p${k}`, label: 'x', type: 'force' as const })) } : g)) };
    expect(addPortWired(full, inside, { nodeId: 'seek', key: 'target', side: 'input' })).toBeNull();
  });
});

describe('removing and relabelling a group port', () => {
  it('removes an input with its wires inside and on every use, in every type', () => {
    const { doc, inside, groupId, useId, wolfUse } = scene();
    let d = addPortWired(doc, inside, { nodeId: 'seek', key: 'target', side: 'input' })!.edit(doc);
    d = connect(SHEEP, ['pointer', 'point'], [useId, 'in1'])(d);
    d = connect({ type: 'wolf', state: 0 }, ['den', 'point'], [wolfUse, 'in1'])(d);
    const gone = removeGroupPort(groupId, 'inputs', 'in1')(d);
    expect(groupOf(gone, groupId).inputs).toEqual([]);
    expect(groupOf(gone, groupId).graph.connections.some((c) => c.from[0] === '@in')).toBe(false);
    const wires = (x: SceneDocument) => x.agentTypes.flatMap((t) => t.states[0].graph.connections).filter((c) => c.to[0] === useId || c.to[0] === wolfUse);
    expect(wires(d)).toHaveLength(2);
    expect(wires(gone)).toEqual([]);
    expect(validateScene(gone).ok).toBe(true);
    expect(problemsOn(gone, useId).filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('removes an output with the wires from it on its uses', () => {
    const { doc, groupId, useId } = scene();
    const gone = removeGroupPort(groupId, 'outputs', 'out1')(doc);
    expect(groupOf(gone, groupId).outputs).toEqual([]);
    expect(gone.agentTypes[0].states[0].graph.connections.some((c) => c.from[0] === useId)).toBe(false);
    expect(groupOf(gone, groupId).graph.connections.some((c) => c.to[0] === '@out')).toBe(false);
    // (an unknown port or group: the same document)
    expect(removeGroupPort(groupId, 'outputs', 'nope')(doc)).toBe(doc);
    expect(removeGroupPort('nope', 'outputs', 'out1')(doc)).toBe(doc);
  });

  it('relabels a port: the key and the wires stay; an empty or unchanged label changes nothing', () => {
    const { doc, groupId } = scene();
    const renamed = renameGroupPort(groupId, 'outputs', 'out1', '  Danger ')(doc);
    expect(groupOf(renamed, groupId).outputs).toEqual([{ key: 'out1', label: 'Danger', type: 'force' }]);
    expect(renamed.agentTypes[0].states[0].graph.connections).toEqual(doc.agentTypes[0].states[0].graph.connections);
    expect(groupNodeDef(groupOf(renamed, groupId)).outputs[0].label).toBe('Danger');
    expect(renameGroupPort(groupId, 'outputs', 'out1', '   ')(doc)).toBe(doc);
    expect(renameGroupPort(groupId, 'outputs', 'out1', 'x'.repeat(201))(doc)).toBe(doc);
    expect(renameGroupPort(groupId, 'outputs', 'out1', groupOf(doc, groupId).outputs[0].label)(doc)).toBe(doc);
    expect(renameGroupPort(groupId, 'inputs', 'out1', 'X')(doc)).toBe(doc);
  });
});

describe('the boundary nodes’ definitions', () => {
  it('end with "+" and stay the same across an edit of the inner graph (Group Input and Output are not redrawn), new when a port changes', () => {
    const { doc, inside, groupId } = scene();
    const before = boundaryDefs(groupOf(doc, groupId));
    expect(before.in.outputs.map((p) => p.key)).toEqual(['@add']);
    expect(before.out.inputs.map((p) => p.key)).toEqual(['out1', '@add']);
    const moved = moveNodes(inside, [{ id: 'seek', position: [10, 10] }])(doc);
    expect(groupOf(moved, groupId)).not.toBe(groupOf(doc, groupId));
    expect(boundaryDefs(groupOf(moved, groupId))).toBe(before);
    const renamed = renameGroupPort(groupId, 'outputs', 'out1', 'Danger')(moved);
    expect(boundaryDefs(groupOf(renamed, groupId)).out.inputs[0].label).toBe('Danger');
    const added = addPortWired(moved, inside, { nodeId: 'seek', key: 'target', side: 'input' })!.edit(moved);
    expect(boundaryDefs(groupOf(added, groupId)).in.outputs.map((p) => p.key)).toEqual(['in1', '@add']);
  });
});
