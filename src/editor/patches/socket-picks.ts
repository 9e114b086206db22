/**
 * Patch of rete-connection-plugin's `ConnectionPlugin.pick` (see README.md in this folder).
 *
 * The connection plugin looks for the socket under the pointer with `elementsFromPoint` through
 * every shadow root: a forced hit test listing everything under the point, 10-20 ms on a 200-node
 * graph zoomed out.
 * - On every pointerup anywhere on the page it searched; without a connection being dragged its
 *   flow ignores what it finds (ClassicFlow's idle state picks on pointerdown only), so the search
 *   is skipped then.
 * - On a pointerdown, which only a socket's own listener passes on, the socket pressed is on the
 *   event's path: the search is given that path instead of hit-testing the page (by standing in
 *   for `document.elementsFromPoint` for the synchronous part of `pick`).
 * No public option does either: returning nothing from a pipe for the pointerup would stop the
 * signal for the area's other plugins too.
 */
import type { ConnectionPlugin } from 'rete-connection-plugin';
import type { AreaExtra, Schemes } from '../schemes';

/** The version whose source this patch was read against (tests/editor/patches.test.ts). */
export const CHECKED_AGAINST = { package: 'rete-connection-plugin', version: '2.0.5' } as const;

/** The privates the patch uses. */
interface PickPrivates {
  currentFlow: unknown;
  pick(event: PointerEvent, type: 'up' | 'down'): Promise<void>;
}

/** Makes `connection` find sockets without hit-testing the page (see the file's comment). */
export function cheaperSocketPicks(connection: ConnectionPlugin<Schemes, AreaExtra>): void {
  const plugin = connection as unknown as PickPrivates;
  const pick = plugin.pick.bind(plugin);
  plugin.pick = (event, type) => {
    if (type === 'up') return plugin.currentFlow ? pick(event, type) : Promise.resolve();
    const path = event.composedPath().filter((n): n is Element => n instanceof Element);
    const doc = document as { elementsFromPoint(x: number, y: number): Element[] };
    doc.elementsFromPoint = () => path;
    try {
      // `pick` calls document.elementsFromPoint synchronously, before its first await
      return pick(event, type);
    } finally {
      delete (doc as { elementsFromPoint?: unknown }).elementsFromPoint;
    }
  };
}
