/**
 * The editor's shared state: what it shows, and the two counters its parts read. One object per
 * editor, handed to each part (reconciliation, clipboard, wiring, the assembly in editor.ts).
 */
import { graphOf } from '../document/graphs';
import type { Graph, SceneDocument } from '../document/types';

/** What one editor shows and is doing. */
export interface EditorState {
  /** The document shown (undefined before the first `show`). */
  doc: SceneDocument | undefined;
  /** The agent type whose graph is shown. */
  typeId: string;
  /** Which of its graphs: the state's index, or ANY_STATE (src/document/graphs.ts). */
  stateIndex: number;
  /** Above 0 while the editor itself changes the Rete graph: those changes are not the user's edits. */
  syncing: number;
  /** Counts the user's gestures; a gesture's edits merge into one undo step (`gesture:<n>`). */
  gesture: number;
}

/** A fresh state: nothing shown yet. */
export function createEditorState(): EditorState {
  return { doc: undefined, typeId: '', stateIndex: 0, syncing: 0, gesture: 0 };
}

/** The graph shown, if any. */
export function shownGraph(state: EditorState): Graph | undefined {
  const type = state.doc?.agentTypes.find((t) => t.id === state.typeId);
  return type && graphOf(type, state.stateIndex);
}

/** Where the shown graph is, as the document's edits address it. */
export function shownAt(state: EditorState): { type: string; state: number } {
  return { type: state.typeId, state: state.stateIndex };
}

/** A canvas coordinate as the document keeps it: to 0.1 px. */
export function round(v: number): number {
  return Math.round(v * 10) / 10;
}
