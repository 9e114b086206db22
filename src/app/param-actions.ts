/**
 * The type parameters' actions for the app: the Parameters panel's edits (params-panel.ts), its live
 * values and sliders, which act on the running preview through `SteerPreview.setParam` (input the
 * recording logs, like the Pointer), and a node's exposed chip, which shows its parameter in the
 * panel. While comparing, a live value is set in both previews (as the Pointer is), so A and B
 * run the same input; the panel shows the edited variant's.
 */
import type { SteerPreview } from '../preview/preview';
import type { PanelName } from './layout';
import type { LiveParams, ParamsEditDetail, SteerParamsPanel } from './params-panel';
import type { Edit } from '../document/commands';

/** What the actions read and change of the app. */
export interface ParamHost {
  typeId: string;
  panel: PanelName;
  notice: string | null;
  readonly compare: { editing: 'A' | 'B' } | null;
  readonly renderRoot: ParentNode | null;
  readonly updateComplete: Promise<boolean>;
  apply(edit: Edit, mergeKey?: string): void;
}

/** See the file comment. */
export class ParamActions {
  constructor(private readonly host: ParamHost) {}

  /** The previews a live value goes to: the main one, or both while comparing (the edited one first). */
  private previews(): SteerPreview[] {
    const root = this.host.renderRoot;
    if (!root) return [];
    const c = this.host.compare;
    if (c) {
      const compare = root.querySelector('steer-compare') as unknown as { previews: Record<'A' | 'B', SteerPreview | null> } | null;
      const p = compare?.previews;
      if (!p) return [];
      const order = c.editing === 'A' ? [p.A, p.B] : [p.B, p.A];
      return order.filter((x): x is SteerPreview => !!x);
    }
    const main = root.querySelector<SteerPreview>('.right > steer-preview');
    return main ? [main] : [];
  }

  /** The live values: read from the edited preview, set in every preview shown. */
  readonly live: LiveParams = {
    value: (typeId, name) => this.previews()[0]?.paramValue(typeId, name) ?? null,
    set: (typeId, name, value) => {
      const [first, ...rest] = this.previews();
      if (!first) return false;
      const ok = first.setParam(typeId, name, value);
      for (const p of rest) p.setParam(typeId, name, value);
      return ok;
    },
  };

  /** A `params-edit` from the Parameters panel: one undoable edit, and what to tell. */
  readonly onEdit = (e: Event): void => {
    const d = (e as CustomEvent<ParamsEditDetail>).detail;
    this.host.apply(d.edit, d.mergeKey);
    if (d.notice) this.host.notice = d.notice;
  };

  /** Shows parameter `name` of type `typeId` in the Parameters panel (the Agent type panel, that type). */
  async show(typeId: string, name: string): Promise<void> {
    this.host.typeId = typeId;
    this.host.panel = 'type';
    await this.host.updateComplete;
    const typePanel = this.host.renderRoot?.querySelector('steer-type-panel');
    await (typePanel as unknown as { updateComplete?: Promise<boolean> } | null)?.updateComplete;
    const panel = typePanel?.shadowRoot?.querySelector<SteerParamsPanel>('steer-params-panel');
    await panel?.focusParam(name);
  }
}
