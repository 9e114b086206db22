/**
 * The layout commands of the editor (issue 20): a frame around the selected nodes (Ctrl+J), a
 * sticky note at the pointer (Shift+N), collapsing nodes (H), hiding a Sum's unconnected inputs
 * (Ctrl+H), and aligning the selected nodes (Alt+←/↑, Alt+Shift+←/↑ for the centres, Alt+H / Alt+V
 * to distribute, Alt+S to straighten). Each is one edit.
 */
import type { NodeEditor } from 'rete';
import { getNodeDef } from '../../nodes/index';
import { moveNodes, type Edit } from '../document/commands';
import { graphIn } from '../document/graphs';
import { FRAME_COLORS, addFrame, addNote, alignment, frameAround, freshBoxId, setCollapsed, setHideUnconnected, type Alignment, type NodeBox } from '../document/layout-commands';
import type { Graph } from '../document/types';
import { socketCentre, type Schemes } from './schemes';
import { shownAt, shownGraph, type EditorState } from './state';

/** What the layout tools need from the editor. */
export interface LayoutToolsDeps {
  readonly editor: NodeEditor<Schemes>;
  readonly state: EditorState;
  apply(edit: Edit): void;
  selected(): string[];
  /** Where a new box goes when no node is selected: the pointer's or the view's centre, canvas px. */
  placeAt(): [number, number];
  notify(message: string): void;
}

/** The layout tools of one editor. */
export interface LayoutTools {
  /** Puts a frame around the selected nodes (an empty one at the pointer when none is selected). */
  frameSelection(): void;
  /** Adds an empty frame with its corner at graph position `at` (the Layout section's Frame). */
  addFrame(at: [number, number]): void;
  /** Adds an empty sticky note at the pointer, or with its corner at graph position `at`. */
  addNote(at?: [number, number]): void;
  /** Collapses the selected nodes, or expands them when all are collapsed. */
  toggleCollapsed(): void;
  /** Hides the unconnected inputs of the selected Sums (variadic nodes), or shows them again. */
  toggleHideUnconnected(): void;
  /** Aligns the selected nodes. */
  align(how: Alignment): void;
}

/** Makes the layout tools. */
export function createLayoutTools(deps: LayoutToolsDeps): LayoutTools {
  const { editor, state } = deps;

  /** The boxes of these nodes in graph `g`: where the document has them, the size the editor measured. */
  function boxes(g: Graph | undefined, ids: readonly string[]): NodeBox[] {
    const at = new Map((g?.nodes ?? []).map((n) => [n.id, n.position] as const));
    const out: NodeBox[] = [];
    for (const id of ids) {
      const n = editor.getNode(id);
      const p = at.get(id);
      if (n && p) out.push({ id, x: p[0], y: p[1], width: n.width, height: n.height });
    }
    return out;
  }

  /** Adds a frame to graph `g` over `place`, in the next colour. */
  function newFrame(g: Graph, place: { x: number; y: number; width: number; height: number }): void {
    const color = FRAME_COLORS[(g.frames?.length ?? 0) % FRAME_COLORS.length];
    deps.apply(addFrame(shownAt(state), { id: freshBoxId(g, 'frame'), title: 'Frame', color, ...place }));
  }

  return {
    frameSelection() {
      const g = shownGraph(state);
      if (!g) return;
      const chosen = boxes(g, deps.selected());
      const [x, y] = deps.placeAt();
      newFrame(g, chosen.length ? frameAround(chosen) : { x, y, width: 320, height: 200 });
    },
    addFrame([x, y]) {
      const g = shownGraph(state);
      if (g) newFrame(g, { x, y, width: 320, height: 200 });
    },
    addNote(at) {
      const g = shownGraph(state);
      if (!g) return;
      const [x, y] = at ?? deps.placeAt();
      deps.apply(addNote(shownAt(state), { id: freshBoxId(g, 'note'), text: '', x, y, width: 180, height: 110 }));
    },
    toggleCollapsed() {
      const g = shownGraph(state);
      const ids = new Set(deps.selected());
      const nodes = (g?.nodes ?? []).filter((n) => ids.has(n.id));
      if (!nodes.length) return deps.notify('Select a node to collapse it (H).');
      deps.apply(setCollapsed(shownAt(state), nodes.map((n) => n.id), !nodes.every((n) => n.collapsed)));
    },
    toggleHideUnconnected() {
      const g = shownGraph(state);
      const ids = new Set(deps.selected());
      const nodes = (g?.nodes ?? []).filter((n) => ids.has(n.id) && getNodeDef(n.kind)?.variadic);
      if (!nodes.length) return deps.notify('Select a Sum to hide its unconnected inputs (Ctrl+H).');
      deps.apply(setHideUnconnected(shownAt(state), nodes.map((n) => n.id), !nodes.every((n) => n.hideUnconnected)));
    },
    align(how) {
      const ids = deps.selected();
      if (ids.length < 2) return deps.notify('Select two or more nodes to align them.');
      // worked out on the document the edit is applied to, not the one last drawn: a key pressed
      // right after an undo comes before the editor has drawn the undone document
      const at = shownAt(state);
      deps.apply((doc) => {
        const g = graphIn(doc, at);
        if (!g) return doc;
        const wires = g.connections.map((c) => {
          const a = editor.getNode(c.from[0]);
          const b = editor.getNode(c.to[0]);
          return { from: c.from[0], to: c.to[0], fromY: a && socketCentre(a, 'output', c.from[1])?.y, toY: b && socketCentre(b, 'input', c.to[1])?.y };
        });
        const moves = alignment(boxes(g, ids), how, wires);
        return moves.length ? moveNodes(at, moves)(doc) : doc;
      });
    },
  };
}
