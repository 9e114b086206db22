/**
 * Over 600 lines, knowingly for now: the culling, the minimap and the paste/duplicate placement are
 * separate responsibilities to move out in the house issue (15), which splits the editor by them.
 *
 * The graph editor: Rete v2 with the Lit renderer, showing one agent type's graph of the open
 * document. It is a view (DESIGN.md contract 1): `show()` reconciles Rete with the document, and
 * every user action becomes an edit the host applies to the document, which comes back through
 * `show()`. Built like Rete's own template: NodeEditor → AreaPlugin → renderer and connection
 * plugins with `use()`.
 */
import { html } from 'lit';
import { NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin } from 'rete-area-plugin';
import { ClassicFlow, ConnectionPlugin, getSourceTarget, type SocketData } from 'rete-connection-plugin';
import { LitPlugin, Presets, type LitArea2D } from '@retejs/lit-plugin';
import { MinimapPlugin, type MinimapExtra } from 'rete-minimap-plugin';
import { fitTransform } from './fit';
import { DOMSocketPosition } from 'rete-render-utils';
import { canConnect, getNodeDef } from '../../nodes/index';
import type { Diagnostic } from '../compiler/diagnostics';
import { connect, disconnect, moveNodes, paste, removeNodes, setParam, addNode, freshNodeId, type Edit } from '../document/commands';
import type { Connection as DocConnection, GraphNode, ParamValue, SceneDocument } from '../document/types';
import { nextTask } from '../next-task';
import { cycleThrough } from './cycles';
import { dragState, setDragState } from './drag-state';
import { setSkipped } from './node-element';
import { restyleReteElements } from './restyle';
import { Connection, SteerNode, socketCentre, type NodeHost, type Schemes, type TypedSocket } from './schemes';
import { MINIMAP_RATIO, MINIMAP_SIZE, SOCKET_COLOR } from './theme';

type AreaExtra = LitArea2D<Schemes> | MinimapExtra;

/** What the editor needs from the app. */
export interface EditorHost {
  /** Applies an edit to the open document (the app then calls `show` again). */
  apply(edit: Edit, mergeKey?: string): void;
  /** Called when the selection changes. */
  selectionChanged?(ids: string[]): void;
  /** Called when the user asks for the add-node menu at a client position (right-click or double-click on the canvas). */
  openMenu?(clientX: number, clientY: number): void;
  /** Tells the user why a gesture did nothing (a wire that would close a cycle). */
  notify?(message: string): void;
}

/** The editor's public face. */
export interface SteerEditor {
  /** Shows (and reconciles to) the graph of `typeId` in `doc`, with these diagnostics. */
  show(doc: SceneDocument, typeId: string, diagnostics: readonly Diagnostic[]): Promise<void>;
  /** The selected node ids. */
  selected(): string[];
  /** Selects exactly these nodes, and brings them to the front. */
  select(ids: readonly string[]): Promise<void>;
  /** Selects every node of the graph shown. */
  selectAll(): Promise<void>;
  /** Frames the selected nodes, or every node when none is selected. */
  frame(): Promise<void>;
  /** Where the pointer is over the canvas (client coordinates), or null when it is elsewhere. */
  pointer(): [number, number] | null;
  /** Adds a node of a kind at a client position (palette drop, menu pick), selected; nudged off a node already there. */
  addNodeAt(kind: string, clientX: number, clientY: number): void;
  deleteSelected(): void;
  copy(): void;
  /** Pastes the copied nodes, selected: their top-left corner at the pointer when it is over the canvas, else beside the originals. */
  paste(): void;
  /** Copies the selected nodes beside them (not onto any node already there), selected; the clipboard is kept. */
  duplicate(): void;
  /** Fits the graph in view, never so small that node text is illegible (see fit.ts). */
  zoomToFit(): Promise<void>;
  /** The minimap's element, for the app to place (it starts in the editor's container). */
  readonly minimap: HTMLElement;
  /** Shows or hides the minimap (hidden, it is not redrawn). */
  showMinimap(shown: boolean): void;
  /** Centres and selects one node. */
  focusNode(id: string): Promise<void>;
  /** Lays the graph out automatically (loads the layout engine on first use). */
  arrange(): Promise<void>;
  /** Marks nodes with the colour of their arrow in the inspector (node id → colour); empty: none. */
  highlight(colors: ReadonlyMap<string, string>): Promise<void>;
  /** The Rete editor and area, for tests and tools. */
  readonly editor: NodeEditor<Schemes>;
  readonly area: AreaPlugin<Schemes, AreaExtra>;
  destroy(): void;
}

/** What was copied: nodes and the connections among them. */
let clipboard: { nodes: GraphNode[]; connections: DocConnection[] } | null = null;

const key = (c: DocConnection): string => `${c.from[0]}\u0000${c.from[1]}\u0000${c.to[0]}\u0000${c.to[1]}`;

/**
 * Below this zoom a node's text is under 4 px tall: nodes are drawn as their coloured header,
 * frame and sockets only. With 200 nodes in view, painting every label, field and slider
 * made each change to the graph cost frames of 100 ms and more in this software-rendered Chromium.
 */
const FAR_ZOOM = 0.3;
/** Nodes further than this out of view (screen px) are not drawn. */
const CULL_MARGIN = 200;

/**
 * The connection plugin looks for the socket under the pointer with `elementsFromPoint` through
 * every shadow root: a forced hit test listing everything under the point, 10-20 ms on a 200-node
 * graph zoomed out.
 * - On every pointerup anywhere on the page it searched; without a connection being dragged its
 *   flow ignores what it finds (ClassicFlow's idle state picks on pointerdown only), so the search
 *   is skipped then.
 * - On a pointerdown, which only a socket's own listener passes on, the socket pressed is on the
 *   event's path: the search is given that path instead of hit-testing the page.
 * Checked against rete-connection-plugin 2.0.x (pinned): `pick` calls `document.elementsFromPoint`
 * synchronously, before its first await.
 */
function cheaperSocketPicks(connection: ConnectionPlugin<Schemes, AreaExtra>): void {
  const plugin = connection as unknown as { currentFlow: unknown; pick(event: PointerEvent, type: 'up' | 'down'): Promise<void> };
  const pick = plugin.pick.bind(plugin);
  plugin.pick = (event, type) => {
    if (type === 'up') return plugin.currentFlow ? pick(event, type) : Promise.resolve();
    const path = event.composedPath().filter((n): n is Element => n instanceof Element);
    const doc = document as { elementsFromPoint(x: number, y: number): Element[] };
    doc.elementsFromPoint = () => path;
    try {
      return pick(event, type);
    } finally {
      delete (doc as { elementsFromPoint?: unknown }).elementsFromPoint;
    }
  };
}

/**
 * Socket positions from the node layout ({@link socketCentre}) rather than from the page. Rete's
 * own watcher reads each new socket's offsets as it is drawn, forcing the browser to style and lay
 * out the whole graph in the middle of the edit (8–10 ms per node added on a 200-node graph, and
 * again in the frame after); a 500-node paste did it a thousand times. Sockets of a node this
 * cannot place (none here) are measured as before. The ±12 px is Rete's own offset of a wire's end.
 */
class LaidOutSocketPosition extends DOMSocketPosition<Schemes, AreaExtra> {
  constructor(private readonly nodeOf: (id: string) => SteerNode | undefined) {
    super();
  }

  override async calculatePosition(nodeId: string, side: 'input' | 'output', key: string, element: HTMLElement) {
    const node = this.nodeOf(nodeId);
    const at = node ? socketCentre(node, side, key) : null;
    if (!at) return super.calculatePosition(nodeId, side, key, element);
    return { x: at.x + (side === 'input' ? -12 : 12), y: at.y };
  }
}

/** Creates the editor in `container` (which it fills). */
export function createEditor(container: HTMLElement, host: EditorHost): SteerEditor {
  restyleReteElements();
  const editor = new NodeEditor<Schemes>();
  const area = new AreaPlugin<Schemes, AreaExtra>(container);
  // The minimap reads the area's clientWidth and clientHeight on each render: with a large graph
  // that forced a layout of every node in the middle of each frame. A ResizeObserver keeps them.
  const areaSize = { w: container.clientWidth, h: container.clientHeight };
  let cullFrame = 0;
  const drawnOnce = new WeakSet<HTMLElement>();
  const sizeObserver = new ResizeObserver(([entry]) => {
    areaSize.w = entry.contentRect.width;
    areaSize.h = entry.contentRect.height;
    cullSoon();
  });
  sizeObserver.observe(container);
  Object.defineProperty(container, 'clientWidth', { configurable: true, get: () => areaSize.w });
  Object.defineProperty(container, 'clientHeight', { configurable: true, get: () => areaSize.h });
  const connection = new ConnectionPlugin<Schemes, AreaExtra>();
  cheaperSocketPicks(connection);
  const render = new LitPlugin<Schemes, AreaExtra>();
  const minimap = new MinimapPlugin<Schemes>({ boundViewport: true, ratio: MINIMAP_RATIO });
  // The minimap redraws itself, every mini node, on each node added, moved or resized: a 500-node
  // paste redrew it 500 times in one task (tens of seconds with the page frozen). Once a frame does.
  const drawMinimap = (minimap as unknown as { render(): void }).render.bind(minimap);
  let minimapFrame = 0;
  let minimapShown = true;
  (minimap as unknown as { render(): void }).render = () => {
    if (!minimapFrame && minimapShown) {
      minimapFrame = requestAnimationFrame(() => {
        minimapFrame = 0;
        drawMinimap();
      });
    }
  };

  let doc: SceneDocument | undefined;
  let typeId = '';
  let syncing = 0;
  let gesture = 0;
  let shift = false;
  const pendingMoves = new Map<string, [number, number]>();

  const nodeHost: NodeHost = {
    setParam: (nodeId: string, k: string, value: ParamValue | undefined, mergeKey?: string) =>
      host.apply(setParam(typeId, nodeId, k, value), mergeKey),
    scene: () => doc!,
    typeId: () => typeId,
  };

  const selector = AreaExtensions.selector();
  // (while `select` picks nodes itself, each one picked adds to the selection)
  let accumulating = false;
  AreaExtensions.selectableNodes(area, selector, { accumulating: { active: () => shift || accumulating } });
  const onKey = (e: KeyboardEvent): void => {
    shift = e.shiftKey;
  };
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', onKey);

  render.addPreset(
    Presets.classic.setup({
      socketPositionWatcher: new LaidOutSocketPosition((id) => editor.getNode(id)),
      customize: {
        node: (context) => ({ emit }) => html`<steer-node .data=${context.payload} .emit=${emit}></steer-node>`,
        socket: (data) => {
          const socket = data.payload as TypedSocket;
          return () => html`<steer-socket type=${socket.type} side=${data.side} node-id=${data.nodeId}></steer-socket>`;
        },
        connection: (data) => {
          const source = editor.getNode(data.payload.source);
          const type = source?.def?.outputs.find((p) => p.key === data.payload.sourceOutput)?.type ?? 'force';
          return ({ path }) => html`<steer-connection .path=${path} .color=${SOCKET_COLOR[type]}></steer-connection>`;
        },
      },
    }),
  );
  render.addPreset(Presets.minimap.setup({ size: MINIMAP_SIZE }));
  connection.addPreset(() => new ClassicFlow({ canMakeConnection: endDragOnAnySocket, makeConnection: makeConnectionIfAllowed }));

  editor.use(area);
  area.use(connection);
  area.use(render);
  area.use(minimap);
  // A picked node comes to the front by its z-index. (Rete's simpleNodesOrder moves its element to
  // the end of the area instead: the browser then styled and laid out the whole node again, and the
  // node's elements were disconnected and connected, on every click and at the start of every drag.)
  AreaExtensions.zIndexNodesOrder(area);
  // Each wire is laid out on its own. Its path changes on every step of a node's drag; without a
  // boundary each change laid out the whole page again (a few ms a frame with 200 nodes). The
  // holder keeps no size, and draws its wire outside it (no paint containment).
  area.addPipe((context) => {
    if (context.type === 'render' && context.data.type === 'connection') {
      Object.assign(context.data.element.style, { contain: 'layout size', width: '0px', height: '0px' });
    }
    return context;
  });
  AreaExtensions.restrictor(area, { scaling: () => ({ min: 0.15, max: 2.5 }) });

  /** The ends of a drag as [output, input], when the registry lets them connect (types, not the same node). */
  function typedEnds(from: SocketData, to: SocketData): [SocketData, SocketData] | null {
    const st = getSourceTarget(from, to);
    if (!st) return null;
    const [source, target] = st;
    const s = editor.getNode(source.nodeId);
    const t = editor.getNode(target.nodeId);
    if (!s || !t || s === t) return null;
    const out = s.def?.outputs.find((p) => p.key === source.key);
    const inp = t.inputDefs.find((p) => p.key === target.key);
    return out && inp && canConnect(out.type, inp.type) ? [source, target] : null;
  }

  /** The cycle (node ids) a connection from `source` to `target` would close in the graph shown, or null. */
  function cycleOf(source: SocketData, target: SocketData): string[] | null {
    const g = graph();
    return g ? cycleThrough(g, [source.nodeId, source.key], [target.nodeId, target.key]) : null;
  }

  /**
   * Connections a refused drop must leave as they are. Before it asks to make a connection, the
   * flow takes the connection off the input dropped on (an input takes one); for a drop that is
   * refused that would lose a wire for nothing, so those removals are vetoed.
   */
  const keep = new Set<string>();

  /**
   * Any drop ends the drag: a drop on a socket that cannot take the connection cancels it (the
   * socket was dimmed while dragging) instead of leaving the connection hanging on the pointer,
   * and leaves the wires there as they were.
   */
  function endDragOnAnySocket(from: SocketData, to: SocketData): boolean {
    const ends = typedEnds(from, to);
    if (!ends || cycleOf(...ends)) {
      for (const c of editor.getConnections()) if (c.target === to.nodeId && c.targetInput === to.key && to.side === 'input') keep.add(c.id);
    }
    return true;
  }

  /**
   * The connection plugin's flow asks this to connect: a typed connection that closes no cycle
   * becomes a document edit; one that would close a cycle is refused with a notice (a force cannot
   * depend on itself, and a graph with a cycle steers nothing).
   */
  function makeConnectionIfAllowed(from: SocketData, to: SocketData): boolean {
    const ends = typedEnds(from, to);
    if (!ends) return false;
    const [source, target] = ends;
    const cycle = cycleOf(source, target);
    if (cycle) {
      const names = [...cycle, cycle[0]].map((id) => editor.getNode(id)?.label ?? id).join(' → ');
      host.notify?.(`Not connected: that wire would close a cycle (${names}), and a force cannot depend on itself.`);
      return false;
    }
    host.apply(connect(typeId, [source.nodeId, source.key], [target.nodeId, target.key]), `gesture:${gesture}`);
    return true;
  }

  editor.addPipe((ctx) => {
    if (syncing) return ctx;
    // Every change to the graph comes from the document; the user's removals become edits.
    if (ctx.type === 'connectionremove') {
      const c = ctx.data;
      if (keep.delete(c.id)) return;
      host.apply(disconnect(typeId, { from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] }), `gesture:${gesture}`);
      return;
    }
    if (ctx.type === 'connectioncreate') return; // made through the document (makeConnectionIfAllowed)
    return ctx;
  });

  /** Zoomed out far, nodes are drawn without their text and controls (see FAR_ZOOM). */
  function showFar(far: boolean): void {
    if (far === container.hasAttribute('data-far')) return;
    container.toggleAttribute('data-far', far);
    for (const n of container.querySelectorAll('steer-node')) n.classList.toggle('far', far);
    // (a drag in progress: the sockets take the look it has at this zoom)
    const drag = dragState();
    if (drag) setDragState(drag);
  }

  /**
   * Skips drawing the nodes more than CULL_MARGIN px out of view (see setSkipped), worked out from
   * the view's transform and the nodes' positions and sizes, once a frame after the view or a node
   * moved. (An IntersectionObserver on every node did it in every frame the page changed, about
   * 1 ms a frame with 200 nodes.)
   */
  function cull(): void {
    cullFrame = 0;
    const { x, y, k } = area.area.transform;
    const left = -CULL_MARGIN;
    const top = -CULL_MARGIN;
    const right = areaSize.w + CULL_MARGIN;
    const bottom = areaSize.h + CULL_MARGIN;
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
      const sx = view.position.x * k + x;
      const sy = view.position.y * k + y;
      setSkipped(el, sx > right || sy > bottom || sx + node.width * k < left || sy + node.height * k < top);
    }
    if (fresh) cullSoon();
  }
  function cullSoon(): void {
    cullFrame ||= requestAnimationFrame(cull);
  }

  area.addPipe((ctx) => {
    if (ctx.type === 'translated' || ctx.type === 'zoomed' || ctx.type === 'nodetranslated' || (ctx.type === 'rendered' && ctx.data.type === 'node')) cullSoon();
    if (ctx.type === 'zoomed') showFar(area.area.transform.k < FAR_ZOOM);
    if (ctx.type === 'pointerdown') gesture++;
    if (ctx.type === 'nodetranslated' && !syncing) {
      pendingMoves.set(ctx.data.id, [ctx.data.position.x, ctx.data.position.y]);
    }
    if (ctx.type === 'nodedragged' && pendingMoves.size && !syncing) {
      const moves = [...pendingMoves].map(([id, position]) => ({ id, position: [round(position[0]), round(position[1])] as [number, number] }));
      pendingMoves.clear();
      host.apply(moveNodes(typeId, moves));
    }
    if (ctx.type === 'contextmenu') {
      ctx.data.event.preventDefault();
      ctx.data.event.stopPropagation();
      if (ctx.data.context === 'root') host.openMenu?.(ctx.data.event.clientX, ctx.data.event.clientY);
      return;
    }
    if (ctx.type === 'nodepicked' || ctx.type === 'pointerup') queueMicrotask(reportSelection);
    return ctx;
  });

  connection.addPipe((ctx) => {
    if (ctx.type === 'connectionpick') {
      // a drag from a socket is a gesture of its own: its edits (a wire taken off an input, the
      // one made) are one undo step, and the next drag's another (a socket's pointerdown never
      // reaches the area, so the area's count did not move)
      gesture++;
      keep.clear();
      const s = ctx.data.socket;
      const node = editor.getNode(s.nodeId);
      const type = s.side === 'output' ? node?.def?.outputs.find((p) => p.key === s.key)?.type : node?.inputDefs.find((p) => p.key === s.key)?.type;
      if (type) setDragState({ type, side: s.side, nodeId: s.nodeId });
    }
    if (ctx.type === 'connectiondrop') setDragState(null);
    return ctx;
  });

  function round(v: number): number {
    return Math.round(v * 10) / 10;
  }

  function selectedIds(): string[] {
    return editor
      .getNodes()
      .filter((n) => n.selected)
      .map((n) => n.id);
  }

  let lastSelection = '';
  function reportSelection(): void {
    const ids = selectedIds();
    const k = ids.join(',');
    if (k !== lastSelection) {
      lastSelection = k;
      host.selectionChanged?.(ids);
    }
  }

  // ── Reconcile the Rete view with the document ────────────────────────────────────────────────
  let queue: Promise<void> = Promise.resolve();
  let wanted: { doc: SceneDocument; typeId: string; diagnostics: readonly Diagnostic[] } | null = null;

  /**
   * Lets the page breathe during a long reconcile: every node and socket Rete draws forces a layout,
   * so drawing a 500-node paste takes seconds; handing control back every ~40 ms keeps the page
   * responsive meanwhile.
   */
  let sliceStart = 0;
  async function breathe(): Promise<void> {
    if (performance.now() - sliceStart < 40) return;
    await nextTask();
    sliceStart = performance.now();
  }

  async function reconcile(d: SceneDocument, t: string, diagnostics: readonly Diagnostic[]): Promise<void> {
    sliceStart = performance.now();
    const type = d.agentTypes.find((x) => x.id === t);
    const switched = t !== typeId;
    doc = d;
    typeId = t;
    syncing++;
    try {
      if (switched) {
        await selector.unselectAll();
        for (const c of editor.getConnections()) await editor.removeConnection(c.id);
        for (const n of editor.getNodes()) await editor.removeNode(n.id);
      }
      const nodes = type?.graph.nodes ?? [];
      const ids = new Set(nodes.map((n) => n.id));
      const wantedConnections = new Map((type?.graph.connections ?? []).map((c) => [key(c), c]));
      // connections that go away (or whose node goes away) first
      for (const c of editor.getConnections()) {
        const k = key({ from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] });
        if (!wantedConnections.has(k)) {
          await editor.removeConnection(c.id);
          await breathe();
        }
      }
      for (const n of editor.getNodes()) {
        if (!ids.has(n.id)) {
          await editor.removeNode(n.id);
          await breathe();
        }
      }
      const byNode = new Map<string, Diagnostic[]>();
      for (const g of diagnostics) {
        if (g.agentType !== t || !g.nodeId) continue;
        const list = byNode.get(g.nodeId) ?? [];
        list.push(g);
        byNode.set(g.nodeId, list);
      }
      for (const n of nodes) {
        let view = editor.getNode(n.id);
        const diags = byNode.get(n.id) ?? [];
        if (!view || view.kind !== n.kind) {
          if (view) await editor.removeNode(view.id);
          view = new SteerNode(n, nodeHost);
          view.diagnostics = diags;
          await editor.addNode(view);
          await area.translate(view.id, { x: n.position[0], y: n.position[1] });
          await breathe();
          continue;
        }
        const changed = view.setParams(n.params);
        const diagChanged = JSON.stringify(view.diagnostics) !== JSON.stringify(diags);
        view.diagnostics = diags;
        const mutedChanged = view.muted !== (n.muted === true);
        view.muted = n.muted === true;
        if (changed || diagChanged || mutedChanged) await area.update('node', view.id);
        const pos = area.nodeViews.get(view.id)?.position;
        if (pos && (pos.x !== n.position[0] || pos.y !== n.position[1])) {
          await area.translate(view.id, { x: n.position[0], y: n.position[1] });
        }
      }
      const have = new Set(
        editor.getConnections().map((c) => key({ from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] })),
      );
      for (const [k, c] of wantedConnections) {
        if (have.has(k)) continue;
        const s = editor.getNode(c.from[0]);
        const tn = editor.getNode(c.to[0]);
        // a dangling or mistyped connection of a file is shown in the problems list, not drawn
        if (!s || !tn || !s.outputs[c.from[1]] || !tn.inputs[c.to[1]]) continue;
        await editor.addConnection(new Connection(s, c.from[1], tn, c.to[1]));
        await breathe();
      }
      if (switched) await zoomToFit();
    } finally {
      syncing--;
    }
    if (switched) toSelect = null;
    // nodes just pasted, duplicated or added are selected once they are drawn
    if (toSelect && toSelect.every((id) => editor.getNode(id))) {
      const ids = toSelect;
      toSelect = null;
      await select(ids);
    }
    reportSelection();
  }

  /** Nodes to select as soon as the document that holds them is shown (see `reconcile`). */
  let toSelect: string[] | null = null;

  function show(d: SceneDocument, t: string, diagnostics: readonly Diagnostic[]): Promise<void> {
    wanted = { doc: d, typeId: t, diagnostics };
    queue = queue.then(async () => {
      // in a task after the edit's: the edit's own work (compiling, the app's panels) and drawing
      // the graph's change then fit a frame each on a 200-node graph, where together they did not
      await nextTask();
      const w = wanted;
      if (!w) return;
      wanted = null;
      await reconcile(w.doc, w.typeId, w.diagnostics);
    });
    return queue;
  }

  async function zoomToFit(): Promise<void> {
    const nodes = editor.getNodes();
    if (!nodes.length) return;
    const b = AreaExtensions.getBoundingBox(area, nodes);
    const t = fitTransform(b, areaSize.w, areaSize.h);
    // as AreaExtensions.zoomAt does, with Fit's own zoom and placement
    area.area.transform.x = t.x;
    area.area.transform.y = t.y;
    await area.area.zoom(t.k, 0, 0);
  }

  function clientToGraph(clientX: number, clientY: number): [number, number] {
    const rect = container.getBoundingClientRect();
    const t = area.area.transform;
    return [round((clientX - rect.left - t.x) / t.k), round((clientY - rect.top - t.y) / t.k)];
  }

  /**
   * Selects exactly these nodes and brings them to the front: each is picked as a click would pick
   * it (the z-index order follows picks), adding to the selection.
   */
  async function select(ids: readonly string[]): Promise<void> {
    await selector.unselectAll();
    accumulating = true;
    try {
      for (const id of ids) if (editor.getNode(id)) await area.emit({ type: 'nodepicked', data: { id } });
    } finally {
      accumulating = false;
    }
    reportSelection();
  }

  /** Frames these nodes in the view (at most at 1:1, so one node is not blown up). */
  async function frameNodes(nodes: readonly SteerNode[]): Promise<void> {
    if (!nodes.length || !areaSize.w || !areaSize.h) return;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const n of nodes) {
      const p = area.nodeViews.get(n.id)?.position;
      if (!p) continue;
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x + n.width);
      y1 = Math.max(y1, p.y + n.height);
    }
    if (!(x1 > x0)) return;
    const k = Math.max(0.15, Math.min(1, (areaSize.w * 0.9) / (x1 - x0), (areaSize.h * 0.9) / (y1 - y0)));
    await area.area.zoom(k, 0, 0);
    const kk = area.area.transform.k;
    await area.area.translate(areaSize.w / 2 - ((x0 + x1) / 2) * kk, areaSize.h / 2 - ((y0 + y1) / 2) * kk);
  }

  // Where the pointer is over the canvas: Ctrl+V pastes there, Shift+A opens the menu there.
  let pointerAt: [number, number] | null = null;
  const onPointerMove = (e: PointerEvent): void => {
    pointerAt = [e.clientX, e.clientY];
  };
  const onPointerLeave = (): void => {
    pointerAt = null;
  };
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerleave', onPointerLeave);

  /**
   * An offset for new nodes at these positions that puts none of them on a spot a node of the
   * graph already holds: `step` times the smallest whole number (from `from`) that does, so
   * repeated duplicates and adds fan out instead of stacking.
   */
  function freeOffset(positions: readonly (readonly [number, number])[], step: [number, number], from: number): [number, number] {
    const taken = new Set((graph()?.nodes ?? []).map((n) => `${Math.round(n.position[0])},${Math.round(n.position[1])}`));
    for (let k = from; k < from + 1000; k++) {
      const dx = step[0] * k;
      const dy = step[1] * k;
      if (!positions.some((p) => taken.has(`${Math.round(p[0] + dx)},${Math.round(p[1] + dy)}`))) return [dx, dy];
    }
    return [step[0] * from, step[1] * from];
  }

  function graph() {
    return doc?.agentTypes.find((t) => t.id === typeId)?.graph;
  }

  function copy(): void {
    const g = graph();
    if (!g) return;
    const ids = new Set(selectedIds());
    if (!ids.size) return;
    clipboard = {
      nodes: g.nodes.filter((n) => ids.has(n.id)),
      connections: g.connections.filter((c) => ids.has(c.from[0]) && ids.has(c.to[0])),
    };
    try {
      void navigator.clipboard?.writeText(JSON.stringify({ steergraph: 'nodes', ...clipboard })).catch(() => {});
    } catch {
      // the system clipboard is optional: the editor keeps its own copy
    }
  }

  /** Pastes nodes offset by `offset`; they are selected once drawn. */
  function pasteNodes(nodes: readonly GraphNode[], connections: readonly DocConnection[], offset: [number, number]): void {
    if (!doc || !nodes.length) return;
    const { edit, ids } = paste(typeId, doc, nodes, connections, offset);
    toSelect = ids;
    host.apply(edit);
  }

  function pasteClipboard(): void {
    if (!clipboard) return;
    const positions = clipboard.nodes.map((n) => n.position);
    if (pointerAt) {
      // the copies' top-left corner at the pointer
      const [x, y] = clientToGraph(...pointerAt);
      const left = Math.min(...positions.map((p) => p[0]));
      const top = Math.min(...positions.map((p) => p[1]));
      pasteNodes(clipboard.nodes, clipboard.connections, [round(x - left), round(y - top)]);
    } else {
      pasteNodes(clipboard.nodes, clipboard.connections, freeOffset(positions, [30, 30], 1));
    }
  }

  function duplicate(): void {
    const g = graph();
    const ids = new Set(selectedIds());
    if (!g || !ids.size) return;
    const nodes = g.nodes.filter((n) => ids.has(n.id));
    const connections = g.connections.filter((c) => ids.has(c.from[0]) && ids.has(c.to[0]));
    pasteNodes(nodes, connections, freeOffset(nodes.map((n) => n.position), [30, 30], 1));
  }

  function addNodeAt(kind: string, clientX: number, clientY: number): void {
    const g = graph();
    if (!g || !getNodeDef(kind)) return;
    const id = freshNodeId(g.nodes);
    const at = clientToGraph(clientX, clientY);
    const [dx, dy] = freeOffset([at], [30, 30], 0);
    toSelect = [id];
    host.apply(addNode(typeId, { id, kind, params: {}, position: [at[0] + dx, at[1] + dy] }));
  }

  // Box select: Shift+drag on the empty canvas draws a rectangle; the nodes it touches are selected.
  // The box is drawn in the canvas itself: the canvas's parent is the app element, whose children
  // show only where its shadow tree has a slot for them, so a box put there was never drawn.
  const box = document.createElement('div');
  box.dataset.test = 'select-box';
  box.style.cssText = 'position:absolute;border:1px dashed #ffd166;background:rgba(255,209,102,.08);pointer-events:none;display:none;z-index:10';
  container.appendChild(box);
  const holder = container.parentElement ?? container;
  let boxStart: [number, number] | null = null;
  const onBoxDown = (e: PointerEvent): void => {
    if (!e.shiftKey || e.button !== 0 || !e.composedPath().includes(container)) return;
    const onNode = e.composedPath().some((el) => el instanceof HTMLElement && el.tagName === 'STEER-NODE');
    if (onNode) return;
    e.stopPropagation();
    e.preventDefault();
    boxStart = [e.clientX, e.clientY];
    window.addEventListener('pointermove', onBoxMove);
    window.addEventListener('pointerup', onBoxUp, { once: true });
  };
  const boxRect = (e: PointerEvent) => {
    const [x0, y0] = boxStart!;
    return { left: Math.min(x0, e.clientX), top: Math.min(y0, e.clientY), right: Math.max(x0, e.clientX), bottom: Math.max(y0, e.clientY) };
  };
  const onBoxMove = (e: PointerEvent): void => {
    if (!boxStart) return;
    const r = boxRect(e);
    const h = container.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', left: `${r.left - h.left}px`, top: `${r.top - h.top}px`, width: `${r.right - r.left}px`, height: `${r.bottom - r.top}px` });
  };
  const onBoxUp = (e: PointerEvent): void => {
    window.removeEventListener('pointermove', onBoxMove);
    box.style.display = 'none';
    if (!boxStart) return;
    const r = boxRect(e);
    boxStart = null;
    const [gx0, gy0] = clientToGraph(r.left, r.top);
    const [gx1, gy1] = clientToGraph(r.right, r.bottom);
    const hits = editor.getNodes().filter((n) => {
      const p = area.nodeViews.get(n.id)?.position;
      return p && p.x < gx1 && p.x + n.width > gx0 && p.y < gy1 && p.y + n.height > gy0;
    });
    void select(hits.map((n) => n.id));
  };
  holder.addEventListener('pointerdown', onBoxDown, true);

  // A double-click on the empty canvas opens the add menu there (instead of Rete's zoom step).
  const onDoubleClick = (e: MouseEvent): void => {
    const path = e.composedPath();
    if (!path.includes(container) || path.some((el) => el instanceof HTMLElement && (el.tagName === 'STEER-NODE' || el.tagName === 'RETE-MINIMAP'))) return;
    e.stopPropagation();
    host.openMenu?.(e.clientX, e.clientY);
  };
  holder.addEventListener('dblclick', onDoubleClick, true);

  return {
    editor,
    area,
    show,
    selected: selectedIds,
    select,
    selectAll: () => select(editor.getNodes().map((n) => n.id)),
    frame: () => {
      const nodes = editor.getNodes();
      const chosen = nodes.filter((n) => n.selected);
      return frameNodes(chosen.length ? chosen : nodes);
    },
    pointer: () => pointerAt,
    addNodeAt,
    deleteSelected: () => {
      const ids = selectedIds();
      if (ids.length) host.apply(removeNodes(typeId, ids));
    },
    copy,
    paste: pasteClipboard,
    duplicate,
    zoomToFit,
    minimap: (minimap as unknown as { element: HTMLElement }).element,
    showMinimap: (shown: boolean) => {
      if (shown === minimapShown) return;
      minimapShown = shown;
      if (shown) (minimap as unknown as { render(): void }).render();
    },
    highlight: async (colors) => {
      for (const n of editor.getNodes()) {
        const c = colors.get(n.id) ?? '';
        if (n.probeColor === c) continue;
        n.probeColor = c;
        await area.update('node', n.id);
      }
    },
    focusNode: async (id: string) => {
      const n = editor.getNode(id);
      if (!n) return;
      await select([id]);
      await AreaExtensions.zoomAt(area, [n], { scale: 0.6 });
    },
    arrange: async () => {
      const { AutoArrangePlugin, Presets: ArrangePresets } = await import('rete-auto-arrange-plugin');
      const arrange = new AutoArrangePlugin<Schemes>();
      arrange.addPreset(ArrangePresets.classic.setup());
      area.use(arrange);
      syncing++;
      try {
        await arrange.layout({ options: { 'elk.direction': 'RIGHT', 'elk.spacing.nodeNode': '40', 'elk.layered.spacing.nodeNodeBetweenLayers': '70' } });
      } finally {
        syncing--;
      }
      const moves = editor.getNodes().map((n) => {
        const p = area.nodeViews.get(n.id)!.position;
        return { id: n.id, position: [round(p.x), round(p.y)] as [number, number] };
      });
      host.apply(moveNodes(typeId, moves));
      await zoomToFit();
    },
    destroy: () => {
      cancelAnimationFrame(minimapFrame);
      cancelAnimationFrame(cullFrame);
      sizeObserver.disconnect();
      delete (container as { clientWidth?: number }).clientWidth;
      delete (container as { clientHeight?: number }).clientHeight;
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      holder.removeEventListener('pointerdown', onBoxDown, true);
      holder.removeEventListener('dblclick', onDoubleClick, true);
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerleave', onPointerLeave);
      box.remove();
      area.destroy();
    },
  };
}
