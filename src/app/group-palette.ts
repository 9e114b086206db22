/**
 * The palette's Groups section: the scene's group library. Drag a group onto the graph, or
 * double-click it (Enter), to add a use (the kind `group:<id>`, see GROUP_USE_PREFIX); its ⇩
 * button exports it to a file (`group-export`), its × deletes it when unused (`group-delete`), the
 * section's Import… button reads one (`group-import`).
 */
import { html, nothing } from 'lit';
import type { NodeGroup } from '../document/types';
import { GROUP_USE_PREFIX } from '../document/group-def';
import { CATEGORY_COLOR } from '../editor/theme';


/** The MIME type a palette drag carries (the same as palette.ts's NODE_DRAG_TYPE). */
const DRAG_TYPE = 'application/x-steergraph-node';

/** The Groups section of the palette `host`; `add` adds a use. */
export function renderGroups(host: HTMLElement, groups: readonly NodeGroup[], query: string, add: (kind: string) => void) {
  const q = query.trim().toLowerCase();
  const shown = groups.filter((g) => !q || g.name.toLowerCase().includes(q));
  if (q && !shown.length) return nothing;
  const say = (type: string, detail: object) => host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  return html`<h4>Groups</h4>
    ${shown.map(
      (g) => html`<div class="item" draggable="true" tabindex="0" role="button" data-group=${g.id} title="Group ${g.name}: drag onto the graph or double-click to add it"
        @dragstart=${(e: DragEvent) => {
          e.dataTransfer?.setData(DRAG_TYPE, GROUP_USE_PREFIX + g.id);
          e.dataTransfer?.setData('text/plain', GROUP_USE_PREFIX + g.id);
          if (e.dataTransfer) e.dataTransfer.effectAllowed = 'copy';
        }}
        @dblclick=${() => add(GROUP_USE_PREFIX + g.id)}
        @keydown=${(e: KeyboardEvent) => (e.key === 'Enter' ? add(GROUP_USE_PREFIX + g.id) : undefined)}>
        <span class="dot" style="background:${CATEGORY_COLOR.combinator}"></span><span class="label">${g.name}</span>
        <button class="help" data-test="group-export" title="Export ${g.name} to a .steergroup.json file" aria-label="Export ${g.name}"
          @click=${(e: Event) => { e.stopPropagation(); say('group-export', { id: g.id }); }}
          @dblclick=${(e: Event) => e.stopPropagation()}>⇩</button>
        <button class="help" data-test="group-delete" title="Delete ${g.name} from the scene (only when no node uses it)" aria-label="Delete ${g.name}"
          @click=${(e: Event) => { e.stopPropagation(); say('group-delete', { id: g.id }); }}
          @dblclick=${(e: Event) => e.stopPropagation()}>×</button>
      </div>`,
    )}
    ${groups.length ? nothing : html`<div class="hint" style="padding:2px 6px;color:var(--steer-text-hint)">Select nodes and press Ctrl+G</div>`}
    <button class="item" style="border:none;background:none;color:inherit;font:inherit;width:100%" data-test="group-import"
      title="Import a group from a .steergroup.json file" @click=${() => say('group-import', {})}>Import group…</button>`;
}
