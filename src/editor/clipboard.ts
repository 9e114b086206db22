/**
 * Copy, paste and duplicate of nodes, with one clipboard per editor. The copy is also written to
 * the system clipboard as JSON (`{ steergraph: 'nodes', nodes, connections }`), when the page may.
 */
import { paste as pasteEdit, type Edit } from '../document/commands';
import type { Connection, GraphNode } from '../document/types';
import { freeOffset } from './placement';
import { round, shownAt, shownGraph, type EditorState } from './state';

/** How far a paste without the pointer over the canvas, or a duplicate, moves the copies (px, per try). */
export const PASTE_STEP: [number, number] = [30, 30];

/** What the clipboard needs from its editor. */
export interface ClipboardDeps {
  readonly state: EditorState;
  /** Applies an edit to the document. */
  apply(edit: Edit): void;
  /** The selected node ids. */
  selected(): string[];
  /** Where the pointer is over the canvas (client coordinates), or null. */
  pointer(): [number, number] | null;
  /** A client position on the graph canvas. */
  clientToGraph(clientX: number, clientY: number): [number, number];
  /** Selects these nodes once the document that holds them is shown. */
  selectWhenShown(ids: string[]): void;
}

/** One editor's clipboard. */
export interface Clipboard {
  /** Copies the selected nodes and the connections among them. */
  copy(): void;
  /** Pastes the copy, selected: its top-left corner at the pointer when it is over the canvas, else beside the originals. */
  paste(): void;
  /** Copies the selected nodes beside them (onto no node already there), selected; the copy is kept. */
  duplicate(): void;
}

/** A clipboard of its own for one editor. */
export function createClipboard(deps: ClipboardDeps): Clipboard {
  /** What was copied: nodes and the connections among them. */
  let copied: { nodes: GraphNode[]; connections: Connection[] } | null = null;

  /** The selected nodes of the graph shown and the connections among them, or null when none is. */
  function selection(): { nodes: GraphNode[]; connections: Connection[] } | null {
    const g = shownGraph(deps.state);
    const ids = new Set(deps.selected());
    if (!g || !ids.size) return null;
    return {
      nodes: g.nodes.filter((n) => ids.has(n.id)),
      connections: g.connections.filter((c) => ids.has(c.from[0]) && ids.has(c.to[0])),
    };
  }

  /** An offset that puts the copies on no node of the graph. */
  function besideOriginals(positions: readonly (readonly [number, number])[]): [number, number] {
    return freeOffset((shownGraph(deps.state)?.nodes ?? []).map((n) => n.position), positions, PASTE_STEP, 1);
  }

  /** Pastes nodes offset by `offset`; they are selected once drawn. */
  function pasteNodes(nodes: readonly GraphNode[], connections: readonly Connection[], offset: [number, number]): void {
    const { doc } = deps.state;
    if (!doc || !nodes.length) return;
    const { edit, ids } = pasteEdit(shownAt(deps.state), doc, nodes, connections, offset);
    deps.selectWhenShown(ids);
    deps.apply(edit);
  }

  return {
    copy() {
      const chosen = selection();
      if (!chosen) return;
      copied = chosen;
      try {
        void navigator.clipboard?.writeText(JSON.stringify({ steergraph: 'nodes', ...copied })).catch(() => {});
      } catch {
        // the system clipboard is optional: the editor keeps its own copy
      }
    },
    paste() {
      if (!copied) return;
      const positions = copied.nodes.map((n) => n.position);
      const pointer = deps.pointer();
      if (pointer) {
        // the copies' top-left corner at the pointer
        const [x, y] = deps.clientToGraph(...pointer);
        const left = Math.min(...positions.map((p) => p[0]));
        const top = Math.min(...positions.map((p) => p[1]));
        pasteNodes(copied.nodes, copied.connections, [round(x - left), round(y - top)]);
      } else {
        pasteNodes(copied.nodes, copied.connections, besideOriginals(positions));
      }
    },
    duplicate() {
      const chosen = selection();
      if (!chosen) return;
      pasteNodes(chosen.nodes, chosen.connections, besideOriginals(chosen.nodes.map((n) => n.position)));
    },
  };
}
