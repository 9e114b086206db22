import { describe, expect, it } from 'vitest';
import { DocumentSession, restoreSession } from '../../src/app/document-session';
import type { DraftResult } from '../../src/document/storage';
import { defaultScene, newScene } from '../../src/app/presets';
import { updateAgentType, updateScene } from '../../src/document/commands';
import type { SceneDocument } from '../../src/document/types';

describe('DocumentSession', () => {
  it('is dirty after an edit, clean again after undo or save', () => {
    const s = new DocumentSession(newScene());
    expect(s.dirty).toBe(false);
    expect(s.apply(updateScene({ name: 'Herd' }))).toEqual({ changed: true, trimmed: undefined });
    expect(s.doc.name).toBe('Herd');
    expect(s.dirty).toBe(true);
    s.history.undo();
    expect(s.dirty).toBe(false);
    s.history.redo();
    s.markSaved();
    expect(s.dirty).toBe(false);
  });

  it('marks the document a write began with as saved: an edit made while it was written stays unsaved', () => {
    const s = new DocumentSession(newScene());
    s.apply(updateScene({ name: 'Herd' }));
    const written = s.doc;
    s.apply(updateScene({ name: 'Herd 2' }));
    s.markSaved(written);
    expect(s.dirty).toBe(true);
    s.history.undo();
    expect(s.dirty).toBe(false);
  });

  it('reports an edit that changes nothing as no change, and a reset drops the undo', () => {
    const s = new DocumentSession(newScene());
    expect(s.apply(updateAgentType('agent', { count: s.doc.agentTypes[0].count }))).toEqual({ changed: false, refused: undefined });
    s.apply(updateScene({ name: 'Herd' }));
    const other = defaultScene();
    s.reset(other);
    expect(s.doc).toBe(other);
    expect(s.dirty).toBe(false);
    expect(s.history.canUndo).toBe(false);
  });
});

describe('restoreSession', () => {
  const drafts = (r: DraftResult) => ({ restore: () => r });
  const draft: SceneDocument = { ...newScene(), name: 'My draft' };

  it('starts from the draft, still unsaved when it was, and says so', () => {
    const dirty = restoreSession(drafts({ ok: true, doc: draft, dirty: true, from: 'tab', warnings: [] }));
    expect(dirty.session.doc).toBe(draft);
    expect(dirty.session.dirty).toBe(true);
    expect(dirty.notice).toBe('Restored your last session.');
    const saved = restoreSession(drafts({ ok: true, doc: draft, dirty: false, from: 'latest', warnings: [] }));
    expect(saved.session.dirty).toBe(false);
  });

  it('starts from the default scene without a draft, with the warning of one that did not load', () => {
    const none = restoreSession(drafts({ ok: true, doc: null, dirty: false, from: null, warnings: [] }));
    expect(none.session.doc.name).toBe(defaultScene().name);
    expect(none.notice).toBeNull();
    const bad = restoreSession(drafts({ ok: false, warning: 'Your draft could not be read.' }));
    expect(bad.notice).toBe('Your draft could not be read.');
    expect(bad.session.dirty).toBe(false);
  });
});
