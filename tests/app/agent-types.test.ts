import { describe, expect, it } from 'vitest';
import { AgentTypeActions, type AgentTypeHost } from '../../src/app/agent-types';
import { DocumentSession } from '../../src/app/document-session';
import { newScene } from '../../src/app/presets';

/** A host over a document session, as the app is. */
function host(): AgentTypeHost & { session: DocumentSession } {
  const session = new DocumentSession(newScene());
  return {
    session,
    typeId: 'agent',
    get doc() {
      return session.doc;
    },
    apply(edit, mergeKey) {
      session.apply(edit, mergeKey);
    },
  };
}

describe('AgentTypeActions', () => {
  it('adds "Type 2" with the starter’s graph, shows it, and its id follows a new name (one undo step)', () => {
    const h = host();
    const types = new AgentTypeActions(h);
    types.add();
    expect(h.doc.agentTypes.map((t) => [t.id, t.name])).toEqual([
      ['agent', 'Agent'],
      ['type-2', 'Type 2'],
    ]);
    expect(h.typeId).toBe('type-2');
    expect(types.idFollowsName('type-2')).toBe(true);
    expect(types.idFollowsName('agent')).toBe(false);
    types.change({ patch: { name: 'Wolves' }, mergeKey: 'name', id: 'wolves' });
    expect(h.doc.agentTypes[1]).toMatchObject({ id: 'wolves', name: 'Wolves' });
    expect(h.typeId).toBe('wolves');
    expect(types.idFollowsName('wolves')).toBe(true);
    h.session.history.undo();
    expect(h.doc.agentTypes[1]).toMatchObject({ id: 'type-2', name: 'Type 2' });
  });

  it('keeps the type shown when a rename of its id is refused (the id is taken)', () => {
    const h = host();
    const types = new AgentTypeActions(h);
    types.add();
    types.renameId('type-2', 'agent');
    expect(h.typeId).toBe('type-2');
    expect(h.doc.agentTypes.map((t) => t.id)).toEqual(['agent', 'type-2']);
  });
});
