/**
 * The bar over the canvas inside a group: where the editor is ("Sheep › graze › Keep away ›
 * Sense"); a click on a part leaves the groups after it (the type's or state's part: all of them).
 * The last part, the group shown, is a field: a name typed there and Enter (or leaving the field)
 * renames the group; Escape puts the name back. (The field is set when the name changes, not on
 * every render of the app: a render while the user typed put the old name back mid-word.) After it, how many nodes use the group ("3 uses"):
 * what is edited here changes all of them.
 */
import { html, nothing } from 'lit';
import { useCountOf } from '../document/group-commands';
import type { SceneDocument } from '../document/types';

/** The breadcrumb for `path` (the groups entered), or nothing outside groups; `leave(depth)` leaves down to `depth` groups. */
export function renderGroupBreadcrumb(
  doc: SceneDocument,
  typeId: string,
  stateIndex: number,
  path: readonly string[],
  leave: (depth: number) => void,
  rename: (id: string, name: string) => void,
) {
  if (!path.length) return nothing;
  const type = doc.agentTypes.find((t) => t.id === typeId);
  const state = stateIndex < 0 ? 'any state' : (type?.states[stateIndex]?.name ?? '');
  const name = (id: string) => doc.groups?.find((g) => g.id === id)?.name ?? id;
  const uses = (id: string) => {
    const k = useCountOf(doc, id);
    const what = k === 1 ? 'its one use' : `all ${k} of its uses`;
    return html`<span data-test="group-uses" title="Edits here change ${what} (in every type, state and group)"
      style="margin-left:6px;padding:0 6px;border-radius:8px;background:var(--steer-field);color:var(--steer-text-caption);font-size:11px">${k === 1 ? '1 use' : `${k} uses`}</span>`;
  };
  const part = 'background:none;border:none;color:var(--steer-text);font:inherit;padding:2px 4px;cursor:pointer;border-radius:4px';
  return html`<nav data-test="group-breadcrumb" aria-label="Where you are"
    style="position:absolute;top:6px;left:6px;z-index:5;display:flex;align-items:center;gap:2px;padding:3px 6px;border-radius:6px;background:var(--steer-raised);border:1px solid var(--steer-border);font-size:12px">
    <button style=${part} data-depth="0" title="Leave the group (Tab)" @click=${() => leave(0)}>${type?.name ?? typeId} › ${state}</button>
    ${path.map((id, k) =>
      k === path.length - 1
        ? html`<span>›</span><input data-test="group-name" data-depth=${k + 1} aria-label="The group's name" title="The group's name: type a new one and press Enter"
            style="font:inherit;font-weight:600;color:var(--steer-text-strong);background:var(--steer-field);border:1px solid var(--steer-border);border-radius:4px;padding:1px 4px;width:${Math.max(6, name(id).length + 2)}ch"
            .value=${name(id)}
            @keydown=${(e: KeyboardEvent) => {
              e.stopPropagation();
              const field = e.target as HTMLInputElement;
              if (e.key === 'Enter') field.blur();
              if (e.key === 'Escape') {
                field.value = name(id);
                field.blur();
              }
            }}
            @change=${(e: Event) => {
              const field = e.target as HTMLInputElement;
              rename(id, field.value);
              field.value = name(id);
            }} />${uses(id)}`
        : html`<span>›</span><button style=${part} data-depth=${k + 1} @click=${() => leave(k + 1)}>${name(id)}</button>`,
    )}
  </nav>`;
}
