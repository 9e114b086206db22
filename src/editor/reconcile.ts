/**
 * Reconciliation: the Rete graph is made to match the document (DESIGN.md contract 1). `show()`
 * queues the latest document; each reconcile removes what went away, adds and updates nodes, then
 * adds the connections, letting the page breathe during a long one.
 */
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import type { Diagnostic } from '../compiler/diagnostics';
import { graphOf, groupOfGraph, stateOfGraph, typeOfGraph, type GraphAt } from '../document/graphs';
import { innerDiagnostics, withBoundary } from './group-view';
import type { Connection as DocConnection, SceneDocument } from '../document/types';
import { nodeDefIn } from '../document/group-def';
import { nextTask } from '../next-task';
import { Connection, SteerNode, hasOwnDef, setLayout, setWired, type NodeHost, type Schemes } from './schemes';
import type { Selection } from './selection';
import type { EditorState } from './state';

/** A connection's identity: its two ends. */
export const connectionKey = (c: DocConnection): string => `${c.from[0]}\u0000${c.from[1]}\u0000${c.to[0]}\u0000${c.to[1]}`;

/** The Rete side of the view that reconciliation drives. */
export interface ReconcileDeps<A> {
  readonly editor: NodeEditor<Schemes>;
  readonly area: AreaPlugin<Schemes, A>;
  readonly state: EditorState;
  /** What a node element asks of the editor. */
  readonly nodeHost: NodeHost;
  readonly selection: Selection;
  /** Fits the graph in view (after switching to another agent type's graph). */
  zoomToFit(): Promise<void>;
}

/** One editor's reconciliation. */
export interface Reconciler {
  /** Shows (and reconciles to) the graph of `typeId` in `doc`, with these diagnostics; only the latest one asked for is drawn. */
  show(doc: SceneDocument, at: GraphAt, diagnostics: readonly Diagnostic[]): Promise<void>;
  /** Selects these nodes as soon as the document that holds them is shown. */
  selectWhenShown(ids: string[]): void;
}

/** Reconciliation for one editor. */
export function createReconciler<A>({ editor, area, state, nodeHost, selection, zoomToFit }: ReconcileDeps<A>): Reconciler {
  let queue: Promise<void> = Promise.resolve();
  let wanted: { doc: SceneDocument; at: GraphAt; diagnostics: readonly Diagnostic[] } | null = null;
  /** Nodes to select as soon as the document that holds them is shown (see `reconcile`). */
  let toSelect: string[] | null = null;
  /** The shown type's parameter names as last drawn (a node's ◇ and a Parameter node's choice list them). */
  let paramNames = '';

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

  async function reconcile(d: SceneDocument, at: GraphAt, diagnostics: readonly Diagnostic[]): Promise<void> {
    sliceStart = performance.now();
    const t = typeOfGraph(at);
    const s = stateOfGraph(at);
    const group = groupOfGraph(at) ?? '';
    const type = d.agentTypes.find((x) => x.id === t);
    // inside a group: its inner nodes and its Group Input and Group Output (group-view.ts)
    const graph = group ? withBoundary(d, group) : type ? graphOf(type, s) : undefined;
    const switched = t !== state.typeId || s !== state.stateIndex || group !== state.group;
    const names = (type?.params ?? []).map((p) => p.name).join('\u0000');
    const namesChanged = names !== paramNames;
    paramNames = names;
    state.doc = d;
    state.typeId = t;
    state.stateIndex = s;
    state.group = group;
    state.syncing++;
    try {
      if (switched) {
        await selection.unselectAll();
        for (const c of editor.getConnections()) await editor.removeConnection(c.id);
        for (const n of editor.getNodes()) await editor.removeNode(n.id);
      }
      const nodes = graph?.nodes ?? [];
      const ids = new Set(nodes.map((n) => n.id));
      const wantedConnections = new Map((graph?.connections ?? []).map((c) => [connectionKey(c), c]));
      // connections that go away (or whose node goes away) first
      for (const c of editor.getConnections()) {
        const k = connectionKey({ from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] });
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
      for (const g of group ? innerDiagnostics(d, at, diagnostics) : diagnostics) {
        if (g.agentType !== t || !g.nodeId || (g.state ?? 0) !== s) continue;
        const list = byNode.get(g.nodeId) ?? [];
        list.push(g);
        byNode.set(g.nodeId, list);
      }
      // each node's connected inputs (a parameter driven by a wire shows it)
      const wired = new Map<string, Set<string>>();
      const wiredOut = new Map<string, Set<string>>();
      for (const c of wantedConnections.values()) {
        let keys = wired.get(c.to[0]);
        if (!keys) wired.set(c.to[0], (keys = new Set()));
        keys.add(c.to[1]);
        let outs = wiredOut.get(c.from[0]);
        if (!outs) wiredOut.set(c.from[0], (outs = new Set()));
        outs.add(c.from[1]);
      }
      const none: ReadonlySet<string> = new Set();
      for (const n of nodes) {
        let view = editor.getNode(n.id);
        const diags = byNode.get(n.id) ?? [];
        // (a group use is redrawn when its group changed: its name, sockets or parameters)
        if (!view || view.kind !== n.kind || (hasOwnDef(n.kind) && view.def !== nodeDefIn(d, n))) {
          if (view) {
            const gone = view.id;
            for (const c of editor.getConnections()) if (c.source === gone || c.target === gone) await editor.removeConnection(c.id);
            await editor.removeNode(gone);
          }
          view = new SteerNode(n, nodeHost);
          view.diagnostics = diags;
          setWired(view, wired.get(n.id) ?? none);
          setLayout(view, n, wiredOut.get(n.id) ?? none);
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
        const wiredChanged = setWired(view, wired.get(n.id) ?? none);
        const exposedChanged = view.setExposed(n.exposed);
        const layoutChanged = setLayout(view, n, wiredOut.get(n.id) ?? none);
        if (changed || diagChanged || mutedChanged || wiredChanged || exposedChanged || namesChanged || layoutChanged) await area.update('node', view.id);
        const pos = area.nodeViews.get(view.id)?.position;
        if (pos && (pos.x !== n.position[0] || pos.y !== n.position[1])) {
          await area.translate(view.id, { x: n.position[0], y: n.position[1] });
        }
      }
      const have = new Set(
        editor.getConnections().map((c) => connectionKey({ from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] })),
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
      state.syncing--;
    }
    if (switched) toSelect = null;
    // nodes just pasted, duplicated or added are selected once they are drawn
    if (toSelect && toSelect.every((id) => editor.getNode(id))) {
      const ids = toSelect;
      toSelect = null;
      await selection.select(ids);
    }
    selection.report();
  }

  return {
    show(d, at, diagnostics) {
      wanted = { doc: d, at, diagnostics };
      queue = queue.then(async () => {
        // in a task after the edit's: the edit's own work (compiling, the app's panels) and drawing
        // the graph's change then fit a frame each on a 200-node graph, where together they did not
        await nextTask();
        const w = wanted;
        if (!w) return;
        wanted = null;
        await reconcile(w.doc, w.at, w.diagnostics);
      });
      return queue;
    },
    selectWhenShown(ids) {
      toSelect = ids;
    },
  };
}
