import { describe, expect, it } from 'vitest';
import { CompareSession, sceneVariant } from '../../src/app/compare-session';
import { DocumentSession } from '../../src/app/document-session';
import { newScene } from '../../src/app/presets';
import { updateAgentType } from '../../src/document/commands';

describe('CompareSession', () => {
  const start = () => {
    const a = sceneVariant(new DocumentSession(newScene()), true, () => {});
    return { a, c: new CompareSession(a, true, () => {}) };
  };

  it('starts editing A, the open scene, beside B: a duplicate with the same module, unsaved from the start', () => {
    const { a, c } = start();
    expect(c.editing).toBe('A');
    expect(c.edited).toBe(a);
    const b = c.other;
    expect(b.session.doc).toBe(a.session.doc);
    expect(b.session.dirty).toBe(true);
    expect(a.session.dirty).toBe(false);
    expect(b.build.source).toBe(a.build.source);
  });

  it('keeps each variant’s edits and undo its own', () => {
    const { a, c } = start();
    c.editing = 'B';
    expect(c.other).toBe(a);
    const b = c.edited;
    b.session.apply(updateAgentType('agent', { maxSpeed: 6 }));
    b.build.build(b.session.doc, true, true);
    expect(a.session.doc.agentTypes[0].maxSpeed).toBe(3);
    expect(a.session.history.canUndo).toBe(false);
    expect(b.session.history.canUndo).toBe(true);
    expect(b.build.source).not.toBe(a.build.source);
    expect(c.mainWasPlaying).toBe(true);
  });
});
