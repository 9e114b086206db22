/**
 * The graph editor: Rete v2 with the Lit renderer, showing one agent type's graph of the open
 * document. It is a view (DESIGN.md contract 1): `show()` reconciles Rete with the document, and
 * every user action becomes an edit the host applies to the document, which comes back through
 * `show()`. Built like Rete's own template: NodeEditor → AreaPlugin → renderer and connection
 * plugins with `use()`. This file assembles the editor; its parts are reconciliation
 * (reconcile.ts), the selection (selection.ts), the clipboard (clipboard.ts), box select
 * (box-select.ts), culling (culling.ts), wiring gestures (wiring.ts), and the patches of the
 * plugins' privates (patches/).
 */
import { html } from 'lit';
import { NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin } from 'rete-area-plugin';
import { ConnectionPlugin } from 'rete-connection-plugin';
import { LitPlugin, Presets } from '@retejs/lit-plugin';
import { MinimapPlugin } from 'rete-minimap-plugin';
import { getNodeDef } from '../../nodes/index';
import { addGroupUse } from '../document/group-commands';
import { GROUP_USE_PREFIX } from '../document/group-def';
import { chooseGroupParam } from './group-view';
import type { Diagnostic } from '../compiler/diagnostics';
import { addNode, freshNodeId, moveNodes, removeNodes, setParam, type Edit } from '../document/commands';
import type { GraphAt } from '../document/graphs';
import { exposeParam, unexposeParam } from '../document/param-commands';
import { insertReroute } from '../document/reroute-commands';
import type { ParamValue, SceneDocument } from '../document/types';
import { setCollapsed } from '../document/layout-commands';
import { createBoxes } from './boxes';
import { installBoxSelect } from './box-select';
import { installKnife, pathPoints, type Point } from './knife';
import { createClipboard } from './clipboard';
import { createContextMenus, removeWires, wireOf } from './context-menus';
import { createCulling } from './culling';
import { fitTransform } from './fit';
import { observedClientSize } from './patches/client-size';
import { drawOncePerFrame } from './patches/minimap-frames';
import { cheaperSocketPicks } from './patches/socket-picks';
import { freeOffset } from './placement';
import { installGridSnap, type GridSnap } from './grid-snap';
import { FRAME_KIND, NOTE_KIND } from './layout-items';
import { createLayoutTools, type LayoutTools } from './layout-tools';
import { createReconciler } from './reconcile';
import { restyleReteElements } from './restyle';
import type { SteerConnection } from './connection-element';
import { SteerNode, type AreaExtra, type Connection, type NodeHost, type Schemes, type TypedSocket } from './schemes';
import { createSelection } from './selection';
import { LaidOutSocketPosition } from './socket-position';
import { createEditorState, round, shownAt, shownGraph } from './state';
import { MINIMAP_RATIO, MINIMAP_SIZE, REROUTE_WIDTH, ROW_HEIGHT, SOCKET_COLOR } from './theme';
import { addNodeWired, type WireEnd } from './wire-drop';
import { createWireInsert } from './wire-insert';
import { installWiring } from './wiring';

/** What the editor needs from the app. */
export interface EditorHost {
  /** Applies an edit to the open document (the app then calls `show` again). */
  apply(edit: Edit, mergeKey?: string): void;
  /** Called when the selection changes. */
  selectionChanged?(ids: string[]): void;
  /**
   * Called when the user asks for the add-node menu at a client position (right-click or
   * double-click on the canvas; a wire let go on the empty canvas, `wire` its hanging end).
   */
  openMenu?(clientX: number, clientY: number, wire?: WireEnd): void;
  /** Tells the user why a gesture did nothing (a wire that would close a cycle). */
  notify?(message: string): void;
  /** Shows parameter `name` of agent type `typeId` in the Parameters panel (a node's exposed chip was clicked). */
  showTypeParam?(typeId: string, name: string): void;
  /** Mutes these nodes, or unmutes them when all are muted (a node's context menu). */
  toggleMute?(ids: string[]): void;
  /** Makes the selected nodes a group (a node's context menu shows Group only when this is given). */
  groupSelected?(): void;
}

/** The editor's public face. */
export interface SteerEditor {
  /** Shows (and reconciles to) the graph at `at` (a type id: its first state's) in `doc`, with these diagnostics. */
  show(doc: SceneDocument, at: GraphAt, diagnostics: readonly Diagnostic[]): Promise<void>;
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
  /**
   * Adds a node of a kind at a client position (palette drop, menu pick), selected; nudged off a
   * node already there. With `wire`, connected to it as well, in the same edit.
   */
  addNodeAt(kind: string, clientX: number, clientY: number, wire?: WireEnd): void;
  /** Selects these nodes as soon as the document that holds them is shown. */
  selectWhenShown(ids: string[]): void;
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
  /** Frames, notes, collapsing and aligning (issue 20; layout-tools.ts). */
  readonly layout: LayoutTools;
  /** Grid snapping of node drags (a preference of this browser; grid-snap.ts). */
  readonly grid: GridSnap;
  /** The Rete editor and area, for tests and tools. */
  readonly editor: NodeEditor<Schemes>;
  readonly area: AreaPlugin<Schemes, AreaExtra>;
  destroy(): void;
}

/** Creates the editor in `container` (which it fills). */
export function createEditor(container: HTMLElement, host: EditorHost): SteerEditor {
  restyleReteElements();
  const state = createEditorState();
  const editor = new NodeEditor<Schemes>();
  const area = new AreaPlugin<Schemes, AreaExtra>(container);
  // (the culling, made once the area is set up, also culls when the view is resized)
  let cullSoon = (): void => {};
  const size = observedClientSize(container, () => cullSoon());
  const connection = new ConnectionPlugin<Schemes, AreaExtra>();
  cheaperSocketPicks(connection);
  const render = new LitPlugin<Schemes, AreaExtra>();
  const minimap = new MinimapPlugin<Schemes>({ boundViewport: true, ratio: MINIMAP_RATIO });
  const minimapFrames = drawOncePerFrame(minimap);
  const pendingMoves = new Map<string, [number, number]>();

  const nodeHost: NodeHost = {
    setParam: (nodeId: string, k: string, value: ParamValue | undefined, mergeKey?: string) =>
      host.apply(setParam(shownAt(state), nodeId, k, value), mergeKey),
    scene: () => state.doc!,
    typeId: () => state.typeId,
    expose: (nodeId, key, existing) => {
      if (state.group) {
        // inside a group: the group's uses set this parameter (a field on each use)
        const chosen = chooseGroupParam(state.doc!, state.group, nodeId, key, false);
        if (chosen.name) host.apply(chosen.edit);
        return void host.notify?.(`Every use of this group now sets “${chosen.name}” (a field on the group node); × takes it back.`);
      }
      const { edit, name } = exposeParam(state.doc!, shownAt(state), nodeId, key, existing);
      if (!name) return;
      host.apply(edit);
      host.notify?.(`${existing ? 'Reads' : 'Exposed as'} the parameter “${name}” of this agent type: the Parameters panel (Agent type) sets it live; Ctrl+Z takes it back.`);
    },
    unexpose: (nodeId, key) =>
      host.apply(state.group ? chooseGroupParam(state.doc!, state.group, nodeId, key, true).edit : unexposeParam(shownAt(state), nodeId, key)),
    showTypeParam: (name) => host.showTypeParam?.(state.typeId, name),
    toggleCollapsed: (nodeId) => {
      const n = shownGraph(state)?.nodes.find((x) => x.id === nodeId);
      if (n) host.apply(setCollapsed(shownAt(state), [nodeId], !n.collapsed));
    },
  };

  const selection = createSelection(editor, area, () => state.syncing > 0, host.selectionChanged);

  render.addPreset(
    Presets.classic.setup({
      socketPositionWatcher: new LaidOutSocketPosition<AreaExtra>((id) => editor.getNode(id)),
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
  installWiring(editor, connection, state, {
    apply: host.apply,
    notify: host.notify,
    // let go on a node's body is not let go on the canvas: only the empty canvas opens the search
    droppedOnNothing: (end) => {
      const at = pointer.at;
      if (!at || nodeAt(...clientToGraph(...at))) return;
      host.openMenu?.(at[0], at[1], end);
    },
  });

  /** The element drawing wire `id`, if it is drawn. */
  function wireElement(id: string): SteerConnection | null | undefined {
    const wrapper = area.connectionViews.get(id)?.element.querySelector('rete-connection-wrapper');
    return (wrapper?.shadowRoot ?? wrapper)?.querySelector('steer-connection');
  }

  /** The wires drawn, each as a polyline in graph coordinates. */
  function* drawnWires(): Generator<{ id: string; points: Point[] }> {
    for (const c of editor.getConnections()) {
      const path = wireElement(c.id)?.shadowRoot?.querySelector('path');
      if (path) yield { id: c.id, points: pathPoints(path) };
    }
  }

  const wireInsert = createWireInsert({
    editor,
    area,
    at: () => shownAt(state),
    wires: drawnWires,
    mark: (id, on) => {
      const el = wireElement(id);
      if (el) el.highlighted = on;
    },
  });

  const culling = createCulling(container, editor, area, size);
  cullSoon = culling.soon;

  area.addPipe((ctx) => {
    if (ctx.type === 'pointerdown') state.gesture++;
    if (ctx.type === 'nodetranslated' && !state.syncing) {
      pendingMoves.set(ctx.data.id, [ctx.data.position.x, ctx.data.position.y]);
      wireInsert.moved(ctx.data.id);
    }
    if (ctx.type === 'nodedragged' && pendingMoves.size && !state.syncing) {
      const moves = [...pendingMoves].map(([id, position]) => ({ id, position: [round(position[0]), round(position[1])] as [number, number] }));
      pendingMoves.clear();
      const move = moveNodes(shownAt(state), moves);
      const splice = wireInsert.dropped();
      host.apply(splice ? (doc) => splice(move(doc)) : move);
    }
    if (ctx.type === 'contextmenu') {
      ctx.data.event.preventDefault();
      ctx.data.event.stopPropagation();
      menus.close();
      // Ctrl+right-drag is the knife (knife.ts), not a menu
      if (ctx.data.event.ctrlKey) return;
      if (ctx.data.context === 'root') host.openMenu?.(ctx.data.event.clientX, ctx.data.event.clientY);
      else menus.open(ctx.data.event, ctx.data.context);
      return;
    }
    if (ctx.type === 'nodepicked' || ctx.type === 'pointerup') queueMicrotask(selection.report);
    return ctx;
  });

  const reconciler = createReconciler({ editor, area, state, nodeHost, selection, zoomToFit });
  const boxes = createBoxes({
    content: area.area.content.holder,
    state,
    zoom: () => area.area.transform.k,
    apply: (edit, key) => host.apply(edit, key),
    preview: async (moves) => {
      state.syncing++;
      try {
        await Promise.all(moves.map((m) => area.translate(m.id, { x: m.x, y: m.y })));
      } finally {
        state.syncing--;
      }
    },
    picked: () => void selection.unselectAll().then(selection.report),
  });
  // (a pointer down anywhere else on the canvas unselects the box: the boxes' own stop there)
  const onCanvasDown = (): void => boxes.unselect();
  container.addEventListener('pointerdown', onCanvasDown);

  async function zoomToFit(): Promise<void> {
    const nodes = editor.getNodes();
    if (!nodes.length) return;
    const b = AreaExtensions.getBoundingBox(area, nodes);
    const t = fitTransform(b, size.w, size.h);
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

  /** Frames these nodes in the view (at most at 1:1, so one node is not blown up). */
  async function frameNodes(nodes: readonly SteerNode[]): Promise<void> {
    if (!nodes.length || !size.w || !size.h) return;
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
    const k = Math.max(0.15, Math.min(1, (size.w * 0.9) / (x1 - x0), (size.h * 0.9) / (y1 - y0)));
    await area.area.zoom(k, 0, 0);
    const kk = area.area.transform.k;
    await area.area.translate(size.w / 2 - ((x0 + x1) / 2) * kk, size.h / 2 - ((y0 + y1) / 2) * kk);
  }

  // Where the pointer is over the canvas: Ctrl+V pastes there, Shift+A opens the menu there.
  const pointer = { at: null as [number, number] | null };
  const onPointerMove = (e: PointerEvent): void => {
    pointer.at = [e.clientX, e.clientY];
  };
  const onPointerLeave = (): void => {
    pointer.at = null;
  };
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerleave', onPointerLeave);

  const clipboard = createClipboard({
    state,
    apply: (edit) => host.apply(edit),
    selected: selection.selected,
    pointer: () => pointer.at,
    clientToGraph,
    selectWhenShown: reconciler.selectWhenShown,
  });

  function deleteSelected(): void {
    const ids = selection.selected();
    if (ids.length) host.apply(removeNodes(shownAt(state), ids));
  }

  const menus = createContextMenus({
    container,
    editor,
    state,
    selection,
    apply: (edit) => host.apply(edit),
    duplicate: clipboard.duplicate,
    deleteSelected,
    toggleMute: host.toggleMute?.bind(host),
    groupSelected: host.groupSelected?.bind(host),
    reroute: (c, event) => rerouteWire(c, event.clientX, event.clientY),
  });

  function addNodeAt(kind: string, clientX: number, clientY: number, wire?: WireEnd): void {
    // the Layout section's frame and sticky note: a box with its corner there, not a node
    if (kind === FRAME_KIND) return layout.addFrame(clientToGraph(clientX, clientY));
    if (kind === NOTE_KIND) return layout.addNote(clientToGraph(clientX, clientY));
    const g = shownGraph(state);
    const group = kind.startsWith(GROUP_USE_PREFIX);
    const def = getNodeDef(kind);
    if (!g || (!group && !def)) return;
    const at = clientToGraph(clientX, clientY);
    const [dx, dy] = freeOffset(g.nodes.map((n) => n.position), [at], [30, 30], 0);
    const position: [number, number] = [at[0] + dx, at[1] + dy];
    if (group) {
      // a group of the library, from the palette's Groups section: a use of it
      const use = addGroupUse(state.doc!, shownAt(state), kind.slice(GROUP_USE_PREFIX.length), position);
      if (!use.id) return;
      reconciler.selectWhenShown([use.id]);
      return host.apply(use.edit);
    }
    const id = freshNodeId(g.nodes);
    reconciler.selectWhenShown([id]);
    const node = { id, kind, params: {}, position };
    host.apply(wire && def ? addNodeWired(shownAt(state), node, def, wire) : addNode(shownAt(state), node));
  }

  /** The id of the node drawn at a graph position, or undefined. */
  function nodeAt(x: number, y: number): string | undefined {
    for (const n of editor.getNodes()) {
      const p = area.nodeViews.get(n.id)?.position;
      if (p && x >= p.x && x <= p.x + n.width && y >= p.y && y <= p.y + n.height) return n.id;
    }
    return undefined;
  }

  const grid = installGridSnap(area, container, state);
  const layout = createLayoutTools({
    editor,
    state,
    apply: (edit) => host.apply(edit),
    selected: selection.selected,
    placeAt: () => (pointer.at ? clientToGraph(...pointer.at) : clientToGraph(container.getBoundingClientRect().left + size.w / 2, container.getBoundingClientRect().top + size.h / 2)),
    notify: (m) => host.notify?.(m),
  });

  const removeBoxSelect = installBoxSelect(container, {
    clientToGraph,
    nodes: function* () {
      for (const n of editor.getNodes()) {
        const p = area.nodeViews.get(n.id)?.position;
        if (p) yield { id: n.id, x: p.x, y: p.y, width: n.width, height: n.height };
      }
    },
    select: (ids) => void selection.select(ids),
  });

  const removeKnife = installKnife(container, {
    clientToGraph,
    wires: drawnWires,
    cut: (ids) => host.apply(removeWires(shownAt(state), ids.flatMap((id) => editor.getConnection(id) ?? []).map(wireOf))),
  });

  /** Puts a reroute on wire `c`, centred at a client position, selected: one edit. */
  function rerouteWire(c: Connection, clientX: number, clientY: number): void {
    const [x, y] = clientToGraph(clientX, clientY);
    const made = insertReroute(state.doc!, shownAt(state), wireOf(c), [x - REROUTE_WIDTH / 2, y - ROW_HEIGHT / 2 - 1]);
    if (!made) return;
    reconciler.selectWhenShown([made.id]);
    host.apply(made.edit);
  }

  // A double-click on a wire puts a reroute there; on the empty canvas it opens the add menu there
  // (instead of Rete's zoom step).
  const holder = container.parentElement ?? container;
  const onDoubleClick = (e: MouseEvent): void => {
    const path = e.composedPath();
    if (!path.includes(container) || path.some((el) => el instanceof HTMLElement && (el.tagName === 'STEER-NODE' || el.tagName === 'RETE-MINIMAP' || el.dataset.box !== undefined))) return;
    e.stopPropagation();
    const wire = path.find((el): el is SteerConnection => el instanceof HTMLElement && el.tagName === 'STEER-CONNECTION');
    const c = wire && editor.getConnections().find((x) => wireElement(x.id) === wire);
    if (c) return rerouteWire(c, e.clientX, e.clientY);
    host.openMenu?.(e.clientX, e.clientY);
  };
  holder.addEventListener('dblclick', onDoubleClick, true);

  return {
    editor,
    area,
    layout,
    grid,
    show: async (doc, at, diagnostics) => {
      await reconciler.show(doc, at, diagnostics);
      boxes.show();
    },
    selected: selection.selected,
    select: selection.select,
    selectAll: () => selection.select(editor.getNodes().map((n) => n.id)),
    frame: () => {
      const nodes = editor.getNodes();
      const chosen = nodes.filter((n) => n.selected);
      return frameNodes(chosen.length ? chosen : nodes);
    },
    pointer: () => pointer.at,
    addNodeAt,
    selectWhenShown: reconciler.selectWhenShown,
    deleteSelected: () => {
      // (a frame or note picked last goes first; the node menu's Delete removes nodes)
      if (boxes.deleteSelected()) return;
      deleteSelected();
    },
    copy: clipboard.copy,
    paste: clipboard.paste,
    duplicate: clipboard.duplicate,
    zoomToFit,
    minimap: minimapFrames.element,
    showMinimap: minimapFrames.show,
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
      await selection.select([id]);
      await AreaExtensions.zoomAt(area, [n], { scale: 0.6 });
    },
    arrange: async () => {
      const { AutoArrangePlugin, Presets: ArrangePresets } = await import('rete-auto-arrange-plugin');
      const arrange = new AutoArrangePlugin<Schemes>();
      arrange.addPreset(ArrangePresets.classic.setup());
      area.use(arrange);
      state.syncing++;
      try {
        await arrange.layout({ options: { 'elk.direction': 'RIGHT', 'elk.spacing.nodeNode': '40', 'elk.layered.spacing.nodeNodeBetweenLayers': '70' } });
      } finally {
        state.syncing--;
      }
      const moves = editor.getNodes().map((n) => {
        const p = area.nodeViews.get(n.id)!.position;
        return { id: n.id, position: [round(p.x), round(p.y)] as [number, number] };
      });
      host.apply(moveNodes(shownAt(state), moves));
      await zoomToFit();
    },
    destroy: () => {
      minimapFrames.destroy();
      boxes.destroy();
      container.removeEventListener('pointerdown', onCanvasDown);
      culling.destroy();
      size.destroy();
      selection.destroy();
      removeBoxSelect();
      removeKnife();
      menus.destroy();
      holder.removeEventListener('dblclick', onDoubleClick, true);
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerleave', onPointerLeave);
      area.destroy();
    },
  };
}
