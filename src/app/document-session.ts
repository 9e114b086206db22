/**
 * One open document with its undo history and its saved state: what the app edits (and, while
 * comparing, what each variant is). Also the hand-off from this tab's autosave: the document a
 * session starts from.
 */
import type { Edit } from '../document/commands';
import { History } from '../document/history';
import type { SceneDocument } from '../document/types';
import type { TabDrafts } from './drafts';
import { defaultScene, newScene } from './presets';

/** What an edit did: changed the document (perhaps trimming the history), or was refused. */
export type ApplyResult = { changed: true; trimmed?: string } | { changed: false; refused?: string };

/** A document, its undo history and the document as last saved (or opened). */
export class DocumentSession {
  /** The undo history; its `doc` is the document now. */
  readonly history: History;
  /** The document as last saved or opened; the session is dirty while its document is another. */
  savedDoc: SceneDocument;

  constructor(doc: SceneDocument, savedDoc: SceneDocument = doc) {
    this.history = new History(doc);
    this.savedDoc = savedDoc;
  }

  /** The document now. */
  get doc(): SceneDocument {
    return this.history.doc;
  }

  /** Whether the document differs from the one last saved. */
  get dirty(): boolean {
    return this.history.doc !== this.savedDoc;
  }

  /** Applies an edit (one undo step, or merged with the last one of the same key). */
  apply(edit: Edit, mergeKey?: string): ApplyResult {
    if (this.history.apply(edit, mergeKey)) return { changed: true, trimmed: this.history.trimmed || undefined };
    return { changed: false, refused: this.history.refused || undefined };
  }

  /** Another document (New, Open, a preset): saved as it is, no undo across it. */
  reset(doc: SceneDocument): void {
    this.history.reset(doc);
    this.savedDoc = doc;
  }

  /** The document now (or `doc`, the one a write that took a while began with) counts as saved. */
  markSaved(doc: SceneDocument = this.history.doc): void {
    this.savedDoc = doc;
  }
}

/** A session to start the tab with, and the notice that says where it came from. */
export interface RestoredSession {
  session: DocumentSession;
  notice: string | null;
  /** True when it is the tab's autosaved draft (false: the default scene). */
  restored: boolean;
}

/**
 * The session this tab starts with: its autosaved draft when there is one (still unsaved when it
 * was), else the default scene; the notice says a session was restored, or why not.
 */
export function restoreSession(drafts: Pick<TabDrafts, 'restore'>): RestoredSession {
  const draft = drafts.restore();
  let notice: string | null = null;
  if (draft.ok && draft.doc) {
    // a draft that was unsaved stays so: its "saved" document is a blank one, never the draft
    return { session: new DocumentSession(draft.doc, draft.dirty ? newScene() : draft.doc), notice: 'Restored your last session.', restored: true };
  }
  if (!draft.ok) notice = draft.warning;
  else if (draft.warnings.length) notice = draft.warnings.join(' ');
  return { session: new DocumentSession(defaultScene()), notice, restored: false };
}
