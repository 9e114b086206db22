/**
 * A group node's buttons ask the app to act on the use (ungroup it, export its group), and inside a
 * group its Group Input's and Group Output's rows ask to remove or relabel one of the group's
 * ports: one event, bubbling out of the editor.
 */
export const GROUP_ACTION_EVENT = 'group-action';

/** What a group node (or a boundary node's row) asks. */
export type GroupActionDetail =
  | { action: 'ungroup' | 'export'; nodeId: string }
  /** On Group Input (`@in`) or Group Output (`@out`): remove the group's port `key`, or relabel it `label`. */
  | { action: 'remove-port'; nodeId: string; key: string }
  | { action: 'rename-port'; nodeId: string; key: string; label: string };

/** Dispatches {@link GROUP_ACTION_EVENT} from `from`; the app acts. */
export function requestGroupAction(from: EventTarget, detail: GroupActionDetail): void {
  from.dispatchEvent(new CustomEvent<GroupActionDetail>(GROUP_ACTION_EVENT, { detail, bubbles: true, composed: true }));
}
