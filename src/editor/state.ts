/**
 * The editor's shared state: what it shows, and the two counters its parts read. One object per
 * editor, handed to each part (reconciliation, clipboard, wiring, the assembly in editor.ts).
 */
import { graphIn } from '../document/graphs';
import type { Graph, SceneDocument } from '../document/types';

/** What one editor shows and is doing. */
export interface EditorState {
  /** The document shown (undefined before the first `show`). */
  doc: SceneDocument | undefined;
  /** The agent type whose graph is shown. */
  typeId: string;
  /** Which of its graphs: the state's index, or ANY_STATE (src/document/graphs.ts). */
  stateIndex: number;
  /** The group whose inner graph is shown, entered from that type and state ('' : the type's graph). */
  group: string;
  /** Above 0 while the editor itself changes the Rete graph: those changes are not the user's edits. */
  syncing: number;
  /** Counts the user's gestures; a gesture's edits merge into one undo step (`gesture:<n>`). */
  gesture: number;
}

/** A fresh state: nothing shown yet. */
export function createEditorState(): EditorState {
  return { doc: undefined, typeId: '', stateIndex: 0, group: '', syncing: 0, gesture: 0 };
}

/** The graph shown, if any. */
export function shownGraph(state: EditorState): Graph | undefined {
  return state.doc && graphIn(state.doc, shownAt(state));
}

/** Where the shown graph is, as the document's edits address it. */
export function shownAt(state: EditorState): { type: string; state: number; group?: string } {
  return state.group ? { type: state.typeId, state: state.stateIndex, group: state.group } : { type: state.typeId, state: state.stateIndex };
}

/** A canvas coordinate as the document keeps it: to 0.1 px. */
export function round(v: number): number {
  return Math.round(v * 10) / 10;
}
