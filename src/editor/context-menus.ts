/**
 * The context menus of the graph: right-click a node for Duplicate, Mute/Unmute, Group (when the
 * host can group), Help and Delete, acting on the selection (the node is selected first when it
 * was not); right-click a wire for Insert reroute (where it was clicked) and Delete. The menu is a {@link SteerContextMenu} in the canvas.
 */
import type { NodeEditor } from 'rete';
import { canMute } from '../../nodes/index';
import { disconnect, type Edit } from '../document/commands';
import type { GraphAt } from '../document/graphs';
import type { Connection as DocConnection } from '../document/types';
import type { MenuItem, SteerContextMenu } from './context-menu';
import { requestNodeHelp } from './help-event';
import type { Connection, Schemes, SteerNode } from './schemes';
import type { Selection } from './selection';
import { shownAt, shownGraph, type EditorState } from './state';

/** What the context menus need from their editor. */
export interface ContextMenuDeps {
  container: HTMLElement;
  editor: NodeEditor<Schemes>;
  state: EditorState;
  selection: Selection;
  apply(edit: Edit): void;
  duplicate(): void;
  deleteSelected(): void;
  /** Mutes the nodes, or unmutes them when they all are muted. */
  toggleMute?(ids: string[]): void;
  /** Makes the selected nodes a group; without it the node menu has no Group. */
  groupSelected?(): void;
  /** Puts a reroute on wire `c` where `event` is; without it the wire menu has no Insert reroute. */
  reroute?(c: Connection, event: MouseEvent): void;
}

/** A Rete wire as the document holds it. */
export function wireOf(c: Connection): DocConnection {
  return { from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] };
}

/** Removes these wires from the graph at `at`: one edit. */
export function removeWires(at: GraphAt, wires: readonly DocConnection[]): Edit {
  const cuts = wires.map((c) => disconnect(at, c));
  return (doc) => cuts.reduce((d, cut) => cut(d), doc);
}

/** The editor's context menus. */
export interface ContextMenus {
  /** Opens the menu for what a right-click at `event` reached (a node or a wire); false when it has none. */
  open(event: MouseEvent, context: unknown): boolean;
  close(): void;
  destroy(): void;
}

/** The context menus of `deps.editor`, shown in `deps.container`. */
export function createContextMenus(deps: ContextMenuDeps): ContextMenus {
  const { container, editor, state } = deps;
  let shown: SteerContextMenu | null = null;

  function close(): void {
    shown?.remove();
    shown = null;
  }

  function show(event: MouseEvent, items: MenuItem[], run: (id: string) => void): void {
    close();
    const menu = document.createElement('steer-context-menu') as SteerContextMenu;
    menu.dataset.test = 'context-menu';
    menu.items = items;
    const r = container.getBoundingClientRect();
    // inside the canvas (about a menu's size from its right and bottom edges)
    const x = Math.max(0, Math.min(event.clientX - r.left, r.width - 180));
    const y = Math.max(0, Math.min(event.clientY - r.top, r.height - 30 * items.length - 10));
    Object.assign(menu.style, { left: `${x}px`, top: `${y}px` });
    menu.addEventListener('menu-close', close);
    menu.addEventListener('menu-choose', (e) => {
      close();
      run((e as CustomEvent<{ id: string }>).detail.id);
    });
    container.appendChild(menu);
    shown = menu;
  }

  async function forNode(node: SteerNode, event: MouseEvent): Promise<void> {
    if (!node.selected) await deps.selection.select([node.id]);
    const ids = deps.selection.selected();
    const nodes = shownGraph(state)?.nodes.filter((n) => ids.includes(n.id)) ?? [];
    const mutable = nodes.filter((n) => canMute(n.kind));
    const items: MenuItem[] = [{ id: 'duplicate', label: 'Duplicate', hint: 'Ctrl+D' }];
    if (mutable.length && deps.toggleMute) items.push({ id: 'mute', label: mutable.every((n) => n.muted) ? 'Unmute' : 'Mute', hint: 'M' });
    if (deps.groupSelected) items.push({ id: 'group', label: 'Group', hint: 'Ctrl+G' });
    if (node.def) items.push({ id: 'help', label: 'Help' });
    items.push({ id: 'delete', label: 'Delete', hint: 'Del' });
    show(event, items, (id) => {
      if (id === 'duplicate') deps.duplicate();
      else if (id === 'mute') deps.toggleMute?.(ids);
      else if (id === 'group') deps.groupSelected?.();
      else if (id === 'help' && node.def) requestNodeHelp(container, node.def.kind);
      else if (id === 'delete') deps.deleteSelected();
    });
  }

  function forWire(c: Connection, event: MouseEvent): void {
    const items: MenuItem[] = deps.reroute ? [{ id: 'reroute', label: 'Insert reroute' }] : [];
    items.push({ id: 'delete', label: 'Delete' });
    show(event, items, (id) => {
      if (id === 'reroute') deps.reroute?.(c, event);
      else if (id === 'delete') deps.apply(removeWires(shownAt(state), [wireOf(c)]));
    });
  }

  // A right press on the canvas is for a menu (or the knife, which listens before this): Rete's
  // parts do not see it. Its selection took a right press and release without a pick in between
  // as a click on the empty canvas, and unselected all, the node just right-clicked too; and a
  // right press on a socket started a wire.
  const holder = container.parentElement ?? container;
  const onRightDown = (e: PointerEvent): void => {
    if (e.button === 2 && e.composedPath().includes(container)) e.stopPropagation();
  };
  holder.addEventListener('pointerdown', onRightDown, true);

  return {
    destroy: () => {
      close();
      holder.removeEventListener('pointerdown', onRightDown, true);
    },
    open: (event, context) => {
      if (typeof context !== 'object' || context === null) return false;
      const id = (context as { id?: unknown }).id;
      if (typeof id !== 'string') return false;
      const node = editor.getNode(id);
      if (node === context) {
        void forNode(node, event);
        return true;
      }
      const c = editor.getConnection(id);
      if (c === context) {
        forWire(c, event);
        return true;
      }
      return false;
    },
    close,
  };
}
