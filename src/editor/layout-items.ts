/**
 * The layout items of the palette's and the add-node menu's Layout section that are not nodes: a
 * frame and a sticky note (issue 20). They are listed, searched and added like node kinds, under
 * kinds of their own (`layout:frame`, `layout:note`) that the editor turns into a box, not a node.
 */
import type { Category } from '../../nodes/types';

/** What the palette and the add-node menu list: a node kind, or a layout item. */
export interface ListedKind {
  readonly kind: string;
  readonly label: string;
  readonly help: string;
  readonly category: Category;
}

export const FRAME_KIND = 'layout:frame';
export const NOTE_KIND = 'layout:note';

/** The frame and the sticky note, in the Layout section after the Reroute node. */
export const LAYOUT_ITEMS: readonly ListedKind[] = [
  {
    kind: FRAME_KIND,
    label: 'Frame',
    help: 'A titled, coloured box: drag its title to move it with the nodes inside, its corner to resize it; double-click the title to rename it. F or Ctrl+J puts one around the selected nodes.',
    category: 'layout',
  },
  {
    kind: NOTE_KIND,
    label: 'Sticky note',
    help: 'A note with text, for comments on the graph: click in it to write, drag its top strip to move it, its corner to resize it. Shift+N adds one at the pointer.',
    category: 'layout',
  },
];

/** Whether `kind` is a layout item rather than a node kind. */
export const isLayoutItem = (kind: string): boolean => kind === FRAME_KIND || kind === NOTE_KIND;
