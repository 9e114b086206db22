/**
 * Cutting wires (Blender's knife): Ctrl+right-drag draws a red dashed line across the canvas; on
 * release every wire it crosses is removed, in one edit (one undo step). A right-click without
 * Ctrl still opens the menu, and Escape while cutting cuts nothing.
 */

/** A point, px (client or graph coordinates as the caller says). */
export type Point = readonly [number, number];

/** Whether segments ab and cd cross (touching at an end counts). */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point): number => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: Point, q: Point, r: Point): boolean => Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
  return (d1 === 0 && on(c, d, a)) || (d2 === 0 && on(c, d, b)) || (d3 === 0 && on(a, b, c)) || (d4 === 0 && on(a, b, d));
}

/** Whether the polylines `p` and `q` cross anywhere. */
export function polylinesCross(p: readonly Point[], q: readonly Point[]): boolean {
  for (let i = 1; i < p.length; i++) for (let j = 1; j < q.length; j++) if (segmentsCross(p[i - 1], p[i], q[j - 1], q[j])) return true;
  return false;
}

/** What the knife needs from its editor. */
export interface KnifeDeps {
  /** A client position on the graph canvas. */
  clientToGraph(clientX: number, clientY: number): [number, number];
  /** The wires drawn, each as a polyline in graph coordinates. */
  wires(): Iterable<{ id: string; points: Point[] }>;
  /** Removes these wires (one edit). */
  cut(ids: string[]): void;
}

/** How many straight pieces a wire is measured in. */
const WIRE_PIECES = 32;

/** A drawn wire's path (an SVG path element) as a polyline, in its own (graph) coordinates. */
export function pathPoints(path: SVGPathElement): Point[] {
  const length = path.getTotalLength();
  const points: Point[] = [];
  for (let k = 0; k <= WIRE_PIECES; k++) {
    const p = path.getPointAtLength((length * k) / WIRE_PIECES);
    points.push([p.x, p.y]);
  }
  return points;
}

/** Installs the knife on `container` (the canvas), listening on its parent; returns its removal. */
export function installKnife(container: HTMLElement, deps: KnifeDeps): () => void {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.dataset.test = 'knife';
  svg.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none;display:none;z-index:10;overflow:visible';
  const line = document.createElementNS(NS, 'polyline');
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', 'var(--steer-error)');
  line.setAttribute('stroke-width', '2');
  line.setAttribute('stroke-dasharray', '6 4');
  svg.appendChild(line);
  container.appendChild(svg);
  const holder = container.parentElement ?? container;
  /** The knife's points so far, client coordinates; null when not cutting. */
  let trail: Point[] | null = null;

  const draw = (): void => {
    const h = container.getBoundingClientRect();
    line.setAttribute('points', (trail ?? []).map(([x, y]) => `${x - h.left},${y - h.top}`).join(' '));
    svg.style.display = trail ? 'block' : 'none';
  };
  const stop = (): void => {
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('pointerup', onUp, true);
    window.removeEventListener('keydown', onKey, true);
    trail = null;
    draw();
  };
  const onDown = (e: PointerEvent): void => {
    if (!e.ctrlKey || e.button !== 2 || !e.composedPath().includes(container)) return;
    e.stopPropagation();
    e.preventDefault();
    trail = [[e.clientX, e.clientY]];
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('keydown', onKey, true);
    draw();
  };
  const onMove = (e: PointerEvent): void => {
    if (!trail) return;
    trail.push([e.clientX, e.clientY]);
    draw();
  };
  const onUp = (e: PointerEvent): void => {
    if (!trail || e.button !== 2) return;
    trail.push([e.clientX, e.clientY]);
    const knife = trail.map(([x, y]) => deps.clientToGraph(x, y));
    stop();
    const ids: string[] = [];
    for (const w of deps.wires()) if (polylinesCross(knife, w.points)) ids.push(w.id);
    if (ids.length) deps.cut(ids);
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    stop();
  };
  // the browser's own menu never opens over the canvas while cutting (on Windows it comes on release)
  const onMenu = (e: MouseEvent): void => {
    if (e.ctrlKey && e.composedPath().includes(container)) e.preventDefault();
  };
  holder.addEventListener('pointerdown', onDown, true);
  holder.addEventListener('contextmenu', onMenu, true);
  return () => {
    stop();
    holder.removeEventListener('pointerdown', onDown, true);
    holder.removeEventListener('contextmenu', onMenu, true);
    svg.remove();
  };
}
