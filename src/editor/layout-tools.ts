/**
 * The layout commands of the editor (issue 20): a frame around the selected nodes (Ctrl+J), a
 * sticky note at the pointer (Shift+N), collapsing nodes (H), hiding a Sum's unconnected inputs
 * (Ctrl+H), and aligning the selected nodes (Alt+←/↑, Alt+Shift+←/↑ for the centres, Alt+H / Alt+V
 * to distribute, Alt+S to straighten). Each is one edit.
 */
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { getNodeDef } from '../../nodes/index';
import { moveNodes, type Edit } from '../document/commands';
import { FRAME_COLORS, addFrame, addNote, alignment, frameAround, freshBoxId, setCollapsed, setHideUnconnected, type Alignment, type NodeBox } from '../document/layout-commands';
import { socketCentre, type Schemes } from './schemes';
import { shownAt, shownGraph, type EditorState } from './state';

/** What the layout tools need from the editor. */
export interface LayoutToolsDeps<A> {
  readonly editor: NodeEditor<Schemes>;
  readonly area: AreaPlugin<Schemes, A>;
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
  /** Adds an empty sticky note at the pointer. */
  addNote(): void;
  /** Collapses the selected nodes, or expands them when all are collapsed. */
  toggleCollapsed(): void;
  /** Hides the unconnected inputs of the selected Sums (variadic nodes), or shows them again. */
  toggleHideUnconnected(): void;
  /** Aligns the selected nodes. */
  align(how: Alignment): void;
}

/** Makes the layout tools. */
export function createLayoutTools<A>(deps: LayoutToolsDeps<A>): LayoutTools {
  const { editor, area, state } = deps;

  function boxes(ids: readonly string[]): NodeBox[] {
    const out: NodeBox[] = [];
    for (const id of ids) {
      const n = editor.getNode(id);
      const p = area.nodeViews.get(id)?.position;
      if (n && p) out.push({ id, x: p.x, y: p.y, width: n.width, height: n.height });
    }
    return out;
  }

  return {
    frameSelection() {
      const g = shownGraph(state);
      if (!g) return;
      const chosen = boxes(deps.selected());
      const [x, y] = deps.placeAt();
      const place = chosen.length ? frameAround(chosen) : { x, y, width: 320, height: 200 };
      const color = FRAME_COLORS[(g.frames?.length ?? 0) % FRAME_COLORS.length];
      deps.apply(addFrame(shownAt(state), { id: freshBoxId(g, 'frame'), title: 'Frame', color, ...place }));
    },
    addNote() {
      const g = shownGraph(state);
      if (!g) return;
      const [x, y] = deps.placeAt();
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
      const g = shownGraph(state);
      const chosen = boxes(deps.selected());
      if (!g || chosen.length < 2) return deps.notify('Select two or more nodes to align them.');
      const wires = g.connections.map((c) => {
        const a = editor.getNode(c.from[0]);
        const b = editor.getNode(c.to[0]);
        return { from: c.from[0], to: c.to[0], fromY: a && socketCentre(a, 'output', c.from[1])?.y, toY: b && socketCentre(b, 'input', c.to[1])?.y };
      });
      const moves = alignment(chosen, how, wires);
      if (moves.length) deps.apply(moveNodes(shownAt(state), moves));
    },
  };
}
