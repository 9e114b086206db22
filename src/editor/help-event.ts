/** Fired (bubbling, composed) by the node's and the palette's "?" buttons: open the help of `kind`. */
export const NODE_HELP_EVENT = 'node-help';

/** Dispatches {@link NODE_HELP_EVENT} for `kind` from `from`; the app shows the help. */
export function requestNodeHelp(from: EventTarget, kind: string): void {
  from.dispatchEvent(new CustomEvent<{ kind: string }>(NODE_HELP_EVENT, { detail: { kind }, bubbles: true, composed: true }));
}
