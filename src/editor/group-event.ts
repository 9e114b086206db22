/** A group node's buttons ask the app to act on the use (ungroup it, export its group): one event, bubbling out of the editor. */
export const GROUP_ACTION_EVENT = 'group-action';

/** What a group node asks. */
export interface GroupActionDetail {
  action: 'ungroup' | 'export';
  nodeId: string;
}

/** Dispatches {@link GROUP_ACTION_EVENT} from `from`; the app acts. */
export function requestGroupAction(from: EventTarget, detail: GroupActionDetail): void {
  from.dispatchEvent(new CustomEvent<GroupActionDetail>(GROUP_ACTION_EVENT, { detail, bubbles: true, composed: true }));
}
