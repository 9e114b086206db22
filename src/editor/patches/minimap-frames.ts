/**
 * Patch of rete-minimap-plugin's private `MinimapPlugin.render` (see README.md in this folder).
 *
 * The minimap redraws itself, every mini node, on each node added, moved or resized: a 500-node
 * paste redrew it 500 times in one task (tens of seconds with the page frozen). Once a frame does,
 * and not at all while it is hidden.
 */
import type { MinimapPlugin } from 'rete-minimap-plugin';
import type { Schemes } from '../schemes';

/** The version whose source this patch was read against (tests/editor/patches.test.ts). */
export const CHECKED_AGAINST = { package: 'rete-minimap-plugin', version: '2.0.3' } as const;

/** A minimap drawn at most once a frame. */
export interface MinimapFrames {
  /** The minimap's element (public on the plugin only once it is used by an area). */
  readonly element: HTMLElement;
  /** Shows or hides it: hidden, it is not redrawn; shown again, it is drawn. */
  show(shown: boolean): void;
  /** Cancels a pending draw. */
  destroy(): void;
}

/** Makes `minimap` draw once a frame (call after the area uses it, so its element exists). */
export function drawOncePerFrame(minimap: MinimapPlugin<Schemes>): MinimapFrames {
  const plugin = minimap as unknown as { render(): void; element: HTMLElement };
  const draw = plugin.render.bind(plugin);
  let frame = 0;
  let shown = true;
  plugin.render = () => {
    if (!frame && shown) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        draw();
      });
    }
  };
  return {
    get element() {
      return plugin.element;
    },
    show(value) {
      if (value === shown) return;
      shown = value;
      if (shown) plugin.render();
    },
    destroy() {
      cancelAnimationFrame(frame);
    },
  };
}
