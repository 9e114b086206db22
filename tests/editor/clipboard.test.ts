/**
 * The editor's clipboard (src/editor/clipboard.ts): one per editor, so what one editor copied is
 * not what another pastes; pastes land at the pointer or beside the originals, on no node.
 */
import { describe, expect, it } from 'vitest';
import type { Edit } from '../../src/document/commands';
import type { SceneDocument } from '../../src/document/types';
import { createClipboard, type Clipboard } from '../../src/editor/clipboard';
import { createEditorState, shownGraph } from '../../src/editor/state';
import { sampleScene } from '../document/helpers';

/** An editor as far as its clipboard sees it: the sheep graph shown, `chosen` selected, edits applied to `doc`. */
function fakeEditor(chosen: string[], pointer: [number, number] | null = null) {
  const state = createEditorState();
  state.doc = sampleScene();
  state.typeId = 'sheep';
  const selectedAfter: string[][] = [];
  const clipboard: Clipboard = createClipboard({
    state,
    apply: (edit: Edit) => {
      state.doc = edit(state.doc as SceneDocument);
    },
    selected: () => chosen,
    pointer: () => pointer,
    // the canvas unscrolled and at 1:1, 10 px from the page's corner
    clientToGraph: (x, y) => [x - 10, y - 10],
    selectWhenShown: (ids) => selectedAfter.push(ids),
  });
  const nodes = () => shownGraph(state)!.nodes;
  return { state, clipboard, nodes, selectedAfter };
}

describe('the clipboard', () => {
  it('pastes what this editor copied, with the connections among the copied nodes, beside the originals, selected', () => {
    const e = fakeEditor(['flee', 'sum']);
    e.clipboard.copy();
    e.clipboard.paste();
    const added = e.nodes().slice(2);
    expect(added.map((n) => [n.kind, n.position])).toEqual([
      ['flee', [70, 90]],
      ['sum', [290, 90]],
    ]);
    expect(e.selectedAfter).toEqual([added.map((n) => n.id)]);
    const g = shownGraph(e.state)!;
    expect(g.connections.at(-1)).toEqual({ from: [added[0].id, 'force'], to: [added[1].id, 'in0'] });
  });

  it('is one per editor: what one editor copied, another does not paste', () => {
    const a = fakeEditor(['flee']);
    const b = fakeEditor(['sum']);
    a.clipboard.copy();
    b.clipboard.paste();
    expect(b.nodes()).toHaveLength(2);
    a.clipboard.paste();
    expect(a.nodes().map((n) => n.kind)).toEqual(['flee', 'sum', 'flee']);
  });

  it('pastes with the copies’ top-left corner at the pointer when it is over the canvas', () => {
    const e = fakeEditor(['flee', 'sum'], [510, 310]);
    e.clipboard.copy();
    e.clipboard.paste();
    expect(e.nodes().slice(2).map((n) => n.position)).toEqual([
      [500, 300],
      [720, 300],
    ]);
  });

  it('duplicates onto no node already there: a second duplicate fans out further', () => {
    const e = fakeEditor(['flee']);
    e.clipboard.duplicate();
    e.clipboard.duplicate();
    expect(e.nodes().map((n) => n.position)).toEqual([
      [40, 60],
      [260, 60],
      [70, 90],
      [100, 120],
    ]);
  });

  it('copies nothing when nothing is selected (the copy before is kept)', () => {
    const e = fakeEditor([]);
    e.clipboard.copy();
    e.clipboard.paste();
    expect(e.nodes()).toHaveLength(2);
  });
});
