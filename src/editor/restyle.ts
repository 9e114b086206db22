/**
 * Adjusts the Lit plugin's minimap elements: Steergraph's look, and a fix for a slow render.
 * Gives the Lit plugin's minimap elements Steergraph's look. Their styles live in their shadow
 * roots, so the extra rules are appended to each element class's `elementStyles` before the
 * first instance renders.
 */
import { css, type CSSResultOrNative, unsafeCSS } from 'lit';

const RULES: Record<string, string> = {
  // The minimap is laid out on its own: each mini node it moves (every step of a node's drag) laid
  // out the whole page again, 3-5 ms a frame with 200 nodes. It fills its dock under the canvas
  // (app.ts) without taking its pointer events; the map itself keeps them. Its mini nodes are
  // placed in its content box scaled by its clientWidth: no padding, and the border outside, so
  // the graph's full height fits (with both inside, the bottom row was cut off).
  'rete-minimap': `:host { position: absolute; inset: 0; contain: strict; pointer-events: none; } .minimap { pointer-events: auto; } .minimap { background: rgba(20, 25, 31, 0.92) !important; border: 1px solid #343e4a !important; right: 0 !important; bottom: 0 !important; padding: 0 !important; box-sizing: content-box !important; }`,
  'rete-mini-node': `.mini-node { background: rgba(94, 200, 255, 0.55) !important; border: 1px solid rgba(190, 210, 230, 0.5) !important; box-sizing: border-box; }`,
  'rete-mini-viewport': `.mini-viewport { background: rgba(255, 209, 102, 0.12) !important; border: 1px solid #ffd166 !important; }`,
};

let done = false;

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
function cacheMinimapWidth(): void {
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
function translateMiniNodes(): void {
  const ctor = customElements.get('rete-mini-node');
  if (!ctor) return;
  Object.defineProperty(ctor.prototype, 'styles', {
    configurable: true,
    get(this: { left: number; top: number; width: number; height: number }) {
      return { left: '0px', top: '0px', transform: `translate(${this.left}px, ${this.top}px)`, width: `${this.width}px`, height: `${this.height}px` };
    },
  });
}

/** Applies the overrides once (after the Lit plugin defined its elements). */
export function restyleReteElements(): void {
  if (done) return;
  done = true;
  cacheMinimapWidth();
  translateMiniNodes();
  for (const [tag, rule] of Object.entries(RULES)) {
    const ctor = customElements.get(tag) as (CustomElementConstructor & { elementStyles?: CSSResultOrNative[] }) | undefined;
    ctor?.elementStyles?.push(css`${unsafeCSS(rule)}`);
  }
}
