/**
 * What the layout shortcuts (keymap.ts, LayoutAction) do: each calls the editor's layout tools
 * (src/editor/layout-tools.ts). Kept apart from app.ts, which only spreads it into its keys.
 */
import type { SteerEditor } from '../editor/editor';
import type { LayoutAction } from './keymap';

/** The layout shortcuts' actions on the editor `editor()` returns, each wrapped by `onGraph` (nothing while the graph is hidden). */
export function layoutKeys(editor: () => SteerEditor | undefined, onGraph: (f: () => void) => () => void): Record<LayoutAction, () => void> {
  const on = (f: (e: SteerEditor) => void) => onGraph(() => {
    const e = editor();
    if (e) f(e);
  });
  return {
    'frame-selection': on((e) => e.layout.frameSelection()),
    'add-note': on((e) => e.layout.addNote()),
    collapse: on((e) => e.layout.toggleCollapsed()),
    'hide-unconnected': on((e) => e.layout.toggleHideUnconnected()),
    'align-left': on((e) => e.layout.align('left')),
    'align-top': on((e) => e.layout.align('top')),
    'align-center-x': on((e) => e.layout.align('center-x')),
    'align-center-y': on((e) => e.layout.align('center-y')),
    'distribute-x': on((e) => e.layout.align('distribute-x')),
    'distribute-y': on((e) => e.layout.align('distribute-y')),
    straighten: on((e) => e.layout.align('straighten')),
  };
}
