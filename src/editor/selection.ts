/**
 * The selection of nodes: Rete's selector, picked as a click picks (Shift adds to it), reported to
 * the host when it changes.
 */
import type { NodeEditor } from 'rete';
import { AreaExtensions, type AreaPlugin } from 'rete-area-plugin';
import type { Schemes } from './schemes';

/** What Rete's selector holds (a node, here). */
type SelectorEntity = Parameters<ReturnType<typeof AreaExtensions.selector>['add']>[0];

/**
 * Rete's selector, except that the picked node does not drag the other selected nodes with it
 * while the editor itself moves nodes (`syncing`: the reconciler putting a view where the
 * document says, a frame's drag preview). Rete moves the other selected nodes by the picked one's
 * step on every translate, whoever made it. Then, with nodes selected, straightening them (Alt+S)
 * moved the ones it left alone on screen but not in the document (contract 1).
 */
class EditorSelector extends AreaExtensions.Selector<SelectorEntity> {
  readonly #syncing: () => boolean;
  constructor(syncing: () => boolean) {
    super();
    this.#syncing = syncing;
  }
  override isPicked(entity: Pick<SelectorEntity, 'label' | 'id'>): boolean {
    return !this.#syncing() && super.isPicked(entity);
  }
}

/** The editor's selection. */
export interface Selection {
  /** The selected node ids. */
  selected(): string[];
  /** Selects exactly these nodes and brings them to the front. */
  select(ids: readonly string[]): Promise<void>;
  /** Selects nothing (not reported: the caller reports when it is done). */
  unselectAll(): Promise<void>;
  /** Tells the host the selection, when it changed since it was last told. */
  report(): void;
  destroy(): void;
}

/** The selection of `editor`'s nodes in `area`; `syncing` says when the editor moves nodes itself; `changed` hears of each change. */
export function createSelection<A>(editor: NodeEditor<Schemes>, area: AreaPlugin<Schemes, A>, syncing: () => boolean, changed?: (ids: string[]) => void): Selection {
  const selector = new EditorSelector(syncing);
  const keys = { shift: false, /** while `select` picks nodes itself, each one picked adds to the selection */ accumulating: false };
  let lastReported = '';
  AreaExtensions.selectableNodes(area, selector, { accumulating: { active: () => keys.shift || keys.accumulating } });
  const onKey = (e: KeyboardEvent): void => {
    keys.shift = e.shiftKey;
  };
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', onKey);

  function selected(): string[] {
    return editor
      .getNodes()
      .filter((n) => n.selected)
      .map((n) => n.id);
  }

  function report(): void {
    const ids = selected();
    const k = ids.join(',');
    if (k !== lastReported) {
      lastReported = k;
      changed?.(ids);
    }
  }

  /**
   * Each node is picked as a click would pick it (the z-index order follows picks), adding to the
   * selection.
   */
  async function select(ids: readonly string[]): Promise<void> {
    await selector.unselectAll();
    keys.accumulating = true;
    try {
      for (const id of ids) if (editor.getNode(id)) await area.emit({ type: 'nodepicked', data: { id } } as never);
    } finally {
      keys.accumulating = false;
    }
    report();
  }

  return {
    selected,
    select,
    unselectAll: () => selector.unselectAll(),
    report,
    destroy: () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    },
  };
}
