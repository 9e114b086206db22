/**
 * The bar over the canvas inside a group: where the editor is ("Sheep › graze › Keep away ›
 * Sense"); a click on a part leaves the groups after it (the type's or state's part: all of them).
 */
import { html, nothing } from 'lit';
import type { SceneDocument } from '../document/types';

/** The breadcrumb for `path` (the groups entered), or nothing outside groups; `leave(depth)` leaves down to `depth` groups. */
export function renderGroupBreadcrumb(doc: SceneDocument, typeId: string, stateIndex: number, path: readonly string[], leave: (depth: number) => void) {
  if (!path.length) return nothing;
  const type = doc.agentTypes.find((t) => t.id === typeId);
  const state = stateIndex < 0 ? 'any state' : (type?.states[stateIndex]?.name ?? '');
  const name = (id: string) => doc.groups?.find((g) => g.id === id)?.name ?? id;
  const part = 'background:none;border:none;color:var(--steer-text);font:inherit;padding:2px 4px;cursor:pointer;border-radius:4px';
  return html`<nav data-test="group-breadcrumb" aria-label="Where you are"
    style="position:absolute;top:6px;left:6px;z-index:5;display:flex;align-items:center;gap:2px;padding:3px 6px;border-radius:6px;background:var(--steer-raised);border:1px solid var(--steer-border);font-size:12px">
    <button style=${part} data-depth="0" title="Leave the group (Tab)" @click=${() => leave(0)}>${type?.name ?? typeId} › ${state}</button>
    ${path.map((id, k) =>
      k === path.length - 1
        ? html`<span>›</span><strong style="padding:2px 4px" data-depth=${k + 1}>${name(id)}</strong>`
        : html`<span>›</span><button style=${part} data-depth=${k + 1} @click=${() => leave(k + 1)}>${name(id)}</button>`,
    )}
  </nav>`;
}
