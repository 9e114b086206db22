/**
 * Patches of @retejs/lit-plugin's minimap elements, `rete-minimap` and `rete-mini-node` (see
 * README.md in this folder): their render read the layout once per mini node, and placed mini
 * nodes so that moving one laid all of them out again.
 */

/** The version whose source these patches were read against (tests/editor/patches.test.ts). */
export const CHECKED_AGAINST = { package: '@retejs/lit-plugin', version: '2.0.8' } as const;

type MinimapElement = HTMLElement & {
  container?: HTMLElement;
  render(): unknown;
  requestUpdate(): void;
  updateComplete: Promise<unknown>;
  scale(v: number): number;
  __width?: number;
  __pad?: number;
  __observer?: ResizeObserver;
};

/**
 * The minimap scales every mini node by reading its container's clientWidth four times per node
 * per render: with 200 nodes, 800 forced layouts on each node move (over a second per drag in
 * the profile). Read it once per render instead.
 */
export function cacheMinimapWidth(): void {
  const ctor = customElements.get('rete-minimap') as (CustomElementConstructor & { prototype: MinimapElement }) | undefined;
  if (!ctor) return;
  const proto = ctor.prototype;
  const render = proto.render;
  proto.render = function (this: MinimapElement) {
    // measured once, then kept by a ResizeObserver (a read per render forced a layout of the graph)
    const box = this.container;
    if (!box) {
      // the first render has no box to measure yet (mini nodes scaled by 0: an empty map), so a
      // second render follows, measured; else a map drawn once (a restored draft) stayed empty
      void this.updateComplete.then(() => this.requestUpdate());
    }
    if (box && !this.__observer) {
      this.__width = box.clientWidth;
      this.__observer = new ResizeObserver(([entry]) => {
        const width = entry.contentRect.width + (this.__pad ?? 0);
        if (width === this.__width) return;
        // resized (shown again after being hidden, say): drawn again at the new scale
        this.__width = width;
        this.requestUpdate();
      });
      // clientWidth = content + padding; the padding is read once
      const cs = getComputedStyle(box);
      this.__pad = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) || 0;
      this.__observer.observe(box);
      // the template reads it too (the viewport's containerWidth)
      Object.defineProperty(box, 'clientWidth', { configurable: true, get: () => this.__width ?? 0 });
    }
    return render.call(this);
  };
  proto.scale = function (this: MinimapElement, value: number) {
    return value * (this.__width ?? 0);
  };
}

/**
 * Mini nodes are placed by a transform rather than by left and top: moving one (every step of a
 * node's drag) then needs no layout. Placed by left and top, the minimap laid out all its mini nodes
 * again on each step, 2-3 ms a frame with 200 nodes. Replaces the element's `styles` getter, which
 * its render reads (checked against @retejs/lit-plugin 2.0.8, pinned).
 */
export function translateMiniNodes(): void {
  const ctor = customElements.get('rete-mini-node');
  if (!ctor) return;
  Object.defineProperty(ctor.prototype, 'styles', {
    configurable: true,
    get(this: { left: number; top: number; width: number; height: number }) {
      return { left: '0px', top: '0px', transform: `translate(${this.left}px, ${this.top}px)`, width: `${this.width}px`, height: `${this.height}px` };
    },
  });
}

