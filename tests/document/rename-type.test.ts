import { describe, expect, it } from 'vitest';
import { renameAgentType } from '../../src/document/commands';
import { History } from '../../src/document/history';
import { sampleScene } from './helpers';

describe('renameAgentType', () => {
  it("changes the type's id and every parameter that chooses it, in every graph", () => {
    const doc = sampleScene();
    // the sheep's own graph names itself too (a Separation from its own kind, written out)
    doc.agentTypes[0].states[0].graph.nodes.push({ id: 'sep', kind: 'separation', params: { agentType: 'sheep' }, position: [0, 200] });
    const next = renameAgentType('sheep', 'flock-a')(doc);
    expect(next.agentTypes.map((t) => t.id)).toEqual(['flock-a', 'wolf']);
    expect(next.agentTypes[1].states[0].graph.nodes[0].params).toEqual({ target: 'sheep' });
    expect(next.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'sep')!.params).toEqual({ agentType: 'flock-a' });
    // a parameter naming another type, or a path or target of the same text, stays
    expect(next.agentTypes[0].states[0].graph.nodes[0].params).toEqual(doc.agentTypes[0].states[0].graph.nodes[0].params);
  });

  it("renames a Nearest Agent's choice of the renamed type in another type's graph", () => {
    const doc = sampleScene();
    doc.agentTypes[1].states[0].graph.nodes.push({ id: 'near', kind: 'nearest-agent', params: { agentType: 'sheep' }, position: [0, 200] });
    const next = renameAgentType('sheep', 'lambs')(doc);
    expect(next.agentTypes[1].states[0].graph.nodes.find((n) => n.id === 'near')!.params.agentType).toBe('lambs');
    expect(next.agentTypes[1].name).toBe('Wolf');
  });

  it('refuses an id that breaks the rule or is taken, and an unknown type (the same document)', () => {
    const doc = sampleScene();
    for (const bad of ['wolf', '2nd', 'with space', '', 'x'.repeat(65), 'sheep']) expect(renameAgentType('sheep', bad)(doc), bad).toBe(doc);
    expect(renameAgentType('nope', 'fine')(doc)).toBe(doc);
  });

  it('is one undo step', () => {
    const h = new History(sampleScene());
    h.apply(renameAgentType('wolf', 'hunter'));
    expect(h.doc.agentTypes[1].id).toBe('hunter');
    h.undo();
    expect(h.doc).toEqual(sampleScene());
  });
});
