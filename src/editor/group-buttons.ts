/** The buttons in a group node's header, drawn like the help button: Ungroup (as Ctrl+Alt+G) and Export. */
import { html } from 'lit';
import { requestGroupAction } from './group-event';

/** The header buttons of the group use `nodeId`, dispatching from `host`. */
export function groupButtons(host: EventTarget, nodeId: string) {
  const stop = (e: Event) => e.stopPropagation();
  return html`<button class="help" data-test="ungroup-button" title="Ungroup: put the group's nodes back here (Ctrl+Alt+G)" aria-label="Ungroup"
    @pointerdown=${stop} @click=${(e: Event) => { stop(e); requestGroupAction(host, { action: 'ungroup', nodeId }); }}>⇲</button>
    <button class="help" data-test="group-export-button" title="Export the group to a .steergroup.json file" aria-label="Export the group"
    @pointerdown=${stop} @click=${(e: Event) => { stop(e); requestGroupAction(host, { action: 'export', nodeId }); }}>⇩</button>`;
}
