/**
 * What of the graph is drawn: nodes far out of view are skipped (see setSkipped), and zoomed out
 * far, nodes are drawn without their text and controls.
 */
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { dragState, setDragState } from './drag-state';
import { setSkipped } from './node-element';
import type { Schemes } from './schemes';

/**
 * Below this zoom a node's text is under 4 px tall: nodes are drawn as their coloured header,
 * frame and sockets only. With 200 nodes in view, painting every label, field and slider
 * made each change to the graph cost frames of 100 ms and more in this software-rendered Chromium.
 */
export const FAR_ZOOM = 0.3;
/** Nodes further than this out of view (screen px) are not drawn. */
export const CULL_MARGIN = 200;

/**
 * Whether a node at (x, y) on the canvas, `width` × `height`, lies more than CULL_MARGIN px out of
 * a `viewWidth` × `viewHeight` view transformed by `t` (screen = canvas × k + (x, y)).
 */
export function outOfView(
  x: number,
  y: number,
  width: number,
  height: number,
  t: { x: number; y: number; k: number },
  viewWidth: number,
  viewHeight: number,
): boolean {
  const sx = x * t.k + t.x;
  const sy = y * t.k + t.y;
  return sx > viewWidth + CULL_MARGIN || sy > viewHeight + CULL_MARGIN || sx + width * t.k < -CULL_MARGIN || sy + height * t.k < -CULL_MARGIN;
}

/** The culling of one editor. */
export interface Culling {
  /** Culls in the next frame (once, however often it is asked). */
  soon(): void;
  destroy(): void;
}

/**
 * Culls `area`'s nodes once a frame after the view or a node moved, worked out from the view's
 * transform and the nodes' positions and sizes (an IntersectionObserver on every node did it in
 * every frame the page changed, about 1 ms a frame with 200 nodes); and marks the canvas
 * `data-far` (its nodes `.far`) below FAR_ZOOM. `size` is the view's size.
 */
export function createCulling<A>(container: HTMLElement, editor: NodeEditor<Schemes>, area: AreaPlugin<Schemes, A>, size: { readonly w: number; readonly h: number }): Culling {
  let frame = 0;
  const drawnOnce = new WeakSet<HTMLElement>();

  /** Zoomed out far, nodes are drawn without their text and controls (see FAR_ZOOM). */
  function showFar(far: boolean): void {
    if (far === container.hasAttribute('data-far')) return;
    container.toggleAttribute('data-far', far);
    for (const n of container.querySelectorAll('steer-node')) n.classList.toggle('far', far);
    // (a drag in progress: the sockets take the look it has at this zoom)
    const drag = dragState();
    if (drag) setDragState(drag);
  }

  function cull(): void {
    frame = 0;
    const t = area.area.transform;
    let fresh = false;
    for (const [id, view] of area.nodeViews) {
      const el = view.element.querySelector<HTMLElement>('steer-node');
      const node = editor.getNode(id);
      if (!el || !node) continue;
      // a new node is drawn once first, so that skipped it keeps the size it was drawn at
      if (!drawnOnce.has(el)) {
        drawnOnce.add(el);
        fresh = true;
        continue;
      }
      setSkipped(el, outOfView(view.position.x, view.position.y, node.width, node.height, t, size.w, size.h));
    }
    if (fresh) soon();
  }
  function soon(): void {
    frame ||= requestAnimationFrame(cull);
  }

  area.addPipe((ctx) => {
    const c = ctx as { type: string; data?: { type?: string } };
    if (c.type === 'translated' || c.type === 'zoomed' || c.type === 'nodetranslated' || (c.type === 'rendered' && c.data?.type === 'node')) soon();
    if (c.type === 'zoomed') showFar(area.area.transform.k < FAR_ZOOM);
    return ctx;
  });

  return {
    soon,
    destroy: () => cancelAnimationFrame(frame),
  };
}
