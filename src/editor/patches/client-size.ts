/**
 * Redefines `clientWidth` and `clientHeight` of the editor's container (see README.md in this
 * folder): rete-minimap-plugin's `render` reads them on each render, and with a large graph that
 * forced a layout of every node in the middle of each frame. A ResizeObserver keeps them instead.
 */

/** The version whose source this patch was read against (tests/editor/patches.test.ts). */
export const CHECKED_AGAINST = { package: 'rete-minimap-plugin', version: '2.0.3' } as const;

/** The container's size as last observed. */
export interface ObservedSize {
  readonly w: number;
  readonly h: number;
  /** Stops observing and gives the container its own clientWidth and clientHeight back. */
  destroy(): void;
}

/** Keeps `container`'s size from a ResizeObserver, serves its clientWidth/Height from it, and calls `resized` on each change. */
export function observedClientSize(container: HTMLElement, resized: () => void): ObservedSize {
  const size = { w: container.clientWidth, h: container.clientHeight };
  const observer = new ResizeObserver(([entry]) => {
    size.w = entry.contentRect.width;
    size.h = entry.contentRect.height;
    resized();
  });
  observer.observe(container);
  Object.defineProperty(container, 'clientWidth', { configurable: true, get: () => size.w });
  Object.defineProperty(container, 'clientHeight', { configurable: true, get: () => size.h });
  return {
    get w() {
      return size.w;
    },
    get h() {
      return size.h;
    },
    destroy() {
      observer.disconnect();
      delete (container as { clientWidth?: number }).clientWidth;
      delete (container as { clientHeight?: number }).clientHeight;
    },
  };
}
