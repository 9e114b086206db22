/**
 * Box select: Shift+drag on the empty canvas draws a rectangle; the nodes it touches are selected.
 * The box is drawn in the canvas itself: the canvas's parent is the app element, whose children
 * show only where its shadow tree has a slot for them, so a box put there was never drawn.
 */

/** A rectangle on the graph canvas, px. */
export interface GraphRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The ids of the nodes (rectangles on the canvas) that the box from (x0, y0) to (x1, y1) touches (overlap, not just an edge). */
export function nodesInBox(nodes: Iterable<GraphRect & { id: string }>, x0: number, y0: number, x1: number, y1: number): string[] {
  const hits: string[] = [];
  for (const n of nodes) if (n.x < x1 && n.x + n.width > x0 && n.y < y1 && n.y + n.height > y0) hits.push(n.id);
  return hits;
}

/** What box select needs from its editor. */
export interface BoxSelectDeps {
  /** A client position on the graph canvas. */
  clientToGraph(clientX: number, clientY: number): [number, number];
  /** The nodes drawn, with their places on the canvas. */
  nodes(): Iterable<GraphRect & { id: string }>;
  /** Selects exactly these nodes. */
  select(ids: string[]): void;
}

/** Installs box select on `container` (the canvas), listening on its parent; returns its removal. */
export function installBoxSelect(container: HTMLElement, deps: BoxSelectDeps): () => void {
  const box = document.createElement('div');
  box.dataset.test = 'select-box';
  box.style.cssText = 'position:absolute;border:1px dashed var(--steer-highlight);background:var(--steer-select-box-fill);pointer-events:none;display:none;z-index:10';
  container.appendChild(box);
  const holder = container.parentElement ?? container;
  let start: [number, number] | null = null;

  const rect = (e: PointerEvent) => {
    const [x0, y0] = start!;
    return { left: Math.min(x0, e.clientX), top: Math.min(y0, e.clientY), right: Math.max(x0, e.clientX), bottom: Math.max(y0, e.clientY) };
  };
  const onDown = (e: PointerEvent): void => {
    if (!e.shiftKey || e.button !== 0 || !e.composedPath().includes(container)) return;
    const onNode = e.composedPath().some((el) => el instanceof HTMLElement && el.tagName === 'STEER-NODE');
    if (onNode) return;
    e.stopPropagation();
    e.preventDefault();
    start = [e.clientX, e.clientY];
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp, { once: true });
  };
  const onMove = (e: PointerEvent): void => {
    if (!start) return;
    const r = rect(e);
    const h = container.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', left: `${r.left - h.left}px`, top: `${r.top - h.top}px`, width: `${r.right - r.left}px`, height: `${r.bottom - r.top}px` });
  };
  const onUp = (e: PointerEvent): void => {
    window.removeEventListener('pointermove', onMove);
    box.style.display = 'none';
    if (!start) return;
    const r = rect(e);
    start = null;
    const [gx0, gy0] = deps.clientToGraph(r.left, r.top);
    const [gx1, gy1] = deps.clientToGraph(r.right, r.bottom);
    deps.select(nodesInBox(deps.nodes(), gx0, gy0, gx1, gy1));
  };
  holder.addEventListener('pointerdown', onDown, true);
  return () => {
    holder.removeEventListener('pointerdown', onDown, true);
    box.remove();
  };
}
