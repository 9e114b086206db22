/** The buttons in a group node's header: Ungroup (and the same as Ctrl+Alt+G), drawn like the help button. */
import { html } from 'lit';
import { requestGroupAction } from './group-event';

/** The header buttons of the group use `nodeId`, dispatching from `host`. */
export function groupButtons(host: EventTarget, nodeId: string) {
  const stop = (e: Event) => e.stopPropagation();
  return html`<button class="help" data-test="ungroup-button" title="Ungroup: put the group's nodes back here (Ctrl+Alt+G)" aria-label="Ungroup"
    @pointerdown=${stop} @click=${(e: Event) => { stop(e); requestGroupAction(host, { action: 'ungroup', nodeId }); }}>⇲</button>`;
}
