/**
 * Wiring gestures: dragging a wire from a socket. A typed connection that closes no cycle becomes
 * a document edit; one that would close a cycle is refused with a notice; a wire to a group
 * boundary's "+" adds a port to the group; a reroute with no wires takes the type of the socket
 * it is wired to (both in the same edit as the wire); any drop ends the drag;
 * a new wire dropped on nothing is handed to the host (wire-drop.ts: the add-node search opens
 * there); and a wire the user takes off becomes an edit too (every change to the graph comes from
 * the document).
 */
import type { NodeEditor } from 'rete';
import { ClassicFlow, getSourceTarget, type ConnectionPlugin, type SocketData } from 'rete-connection-plugin';
import { connect, disconnect, type Edit } from '../document/commands';
import { addPortWired } from '../document/group-commands';
import { isAddPort } from '../document/group-def';
import { connectRetyping, isFreeReroute } from '../document/reroute-commands';
import { LIMITS } from '../document/schema';
import { ANY_SOCKET, socketsFit, type FitEnd } from './socket-fit';
import { cycleThrough } from './cycles';
import { setDragState } from './drag-state';
import type { AreaExtra, Schemes } from './schemes';
import { shownAt, shownGraph, type EditorState } from './state';
import type { WireEnd } from './wire-drop';

/** What wiring needs from its editor's host. */
export interface WiringHost {
  apply(edit: Edit, mergeKey?: string): void;
  notify?(message: string): void;
  /** A wire dragged from `end` was let go on no socket (not one taken off an input: that one is just removed). */
  droppedOnNothing?(end: WireEnd): void;
}

/** Makes wires on `connection` edits of the document shown in `state` (call after the area uses `connection`). */
export function installWiring(editor: NodeEditor<Schemes>, connection: ConnectionPlugin<Schemes, AreaExtra>, state: EditorState, host: WiringHost): void {
  /** A socket as an end of a wire: its type, whether it is a group boundary's "+", whether its node is a reroute with no wires. */
  function fitEnd(socket: SocketData): FitEnd | null {
    const n = editor.getNode(socket.nodeId);
    const port = socket.side === 'output' ? n?.def?.outputs.find((p) => p.key === socket.key) : n?.inputDefs.find((p) => p.key === socket.key);
    if (!port) return null;
    return { type: port.type, adds: isAddPort(socket.nodeId, socket.key), free: !!state.doc && isFreeReroute(state.doc, shownAt(state), socket.nodeId) };
  }

  /**
   * The ends of a drag as [output, input], when they may connect (not the same node; the types,
   * or a "+" and a typed socket, or a reroute with no wires: socket-fit.ts).
   */
  function typedEnds(from: SocketData, to: SocketData): [SocketData, SocketData] | null {
    const st = getSourceTarget(from, to);
    if (!st) return null;
    const [source, target] = st;
    if (source.nodeId === target.nodeId) return null;
    const out = fitEnd(source);
    const inp = fitEnd(target);
    return out && inp && socketsFit(out, inp) ? [source, target] : null;
  }

  /** The cycle (node ids) a connection from `source` to `target` would close in the graph shown, or null. */
  function cycleOf(source: SocketData, target: SocketData): string[] | null {
    const g = shownGraph(state);
    return g ? cycleThrough(g, [source.nodeId, source.key], [target.nodeId, target.key]) : null;
  }

  /** Of a drag's ends [output, input], the socket wired to a group boundary's "+", or null when neither is a "+". */
  function plusPartner(source: SocketData, target: SocketData): SocketData | null {
    return isAddPort(source.nodeId, source.key) ? target : isAddPort(target.nodeId, target.key) ? source : null;
  }

  /** Whether a drop on a group boundary's "+" would add no port (the group has as many as it may). */
  function portsFull(source: SocketData, target: SocketData): boolean {
    const plus = plusPartner(source, target);
    return !!plus && !(state.doc && addPortWired(state.doc, shownAt(state), plus));
  }

  /**
   * Connections a refused drop must leave as they are. Before it asks to make a connection, the
   * flow takes the connection off the input dropped on (an input takes one); for a drop that is
   * refused that would lose a wire for nothing, so those removals are vetoed.
   */
  const keep = new Set<string>();

  /** The drag in progress: its socket, whether it was let go on a socket, whether it took a wire off an input. */
  const drag = { end: null as WireEnd | null, onSocket: false, tookOff: false };

  /**
   * Any drop ends the drag: a drop on a socket that cannot take the connection cancels it (the
   * socket was dimmed while dragging) instead of leaving the connection hanging on the pointer,
   * and leaves the wires there as they were.
   */
  function endDragOnAnySocket(from: SocketData, to: SocketData): boolean {
    drag.onSocket = true;
    const ends = typedEnds(from, to);
    if (!ends || cycleOf(...ends) || portsFull(...ends)) {
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
    const at = shownAt(state);
    const key = `gesture:${state.gesture}`;
    // a wire to a group boundary's "+": a new port of the group, wired (it closes no cycle: the boundary nodes have inputs or outputs only)
    const plus = plusPartner(source, target);
    if (plus) {
      const made = state.doc && addPortWired(state.doc, at, plus);
      if (!made) {
        host.notify?.(`Not added: a group has at most ${LIMITS.groupPorts} inputs and ${LIMITS.groupPorts} outputs.`);
        return false;
      }
      host.apply(made.edit, key);
      host.notify?.(`Added the ${made.side === 'inputs' ? 'input' : 'output'} ${made.label} to the group: every use of it has the new socket (× on its row removes it; Ctrl+Z takes it back).`);
      return true;
    }
    const cycle = cycleOf(source, target);
    if (cycle) {
      const names = [...cycle, cycle[0]].map((id) => editor.getNode(id)?.label ?? id).join(' → ');
      host.notify?.(`Not connected: that wire would close a cycle (${names}), and a force cannot depend on itself.`);
      return false;
    }
    // (a reroute with no wires takes the type of the socket it is wired to, in the same edit)
    const a: [string, string] = [source.nodeId, source.key];
    const b: [string, string] = [target.nodeId, target.key];
    host.apply(state.doc ? connectRetyping(state.doc, at, a, b) : connect(at, a, b), key);
    return true;
  }

  connection.addPreset(() => new ClassicFlow({ canMakeConnection: endDragOnAnySocket, makeConnection: makeConnectionIfAllowed }));

  editor.addPipe((ctx) => {
    if (state.syncing) return ctx;
    // Every change to the graph comes from the document; the user's removals become edits.
    if (ctx.type === 'connectionremove') {
      const c = ctx.data;
      if (keep.delete(c.id)) return;
      if (drag.end) drag.tookOff = true;
      host.apply(disconnect(shownAt(state), { from: [c.source, String(c.sourceOutput)], to: [c.target, String(c.targetInput)] }), `gesture:${state.gesture}`);
      return;
    }
    if (ctx.type === 'connectioncreate') return; // made through the document (makeConnectionIfAllowed)
    return ctx;
  });

  connection.addPipe((ctx) => {
    if (ctx.type === 'connectionpick') {
      // a drag from a socket is a gesture of its own: its edits (a wire taken off an input, the
      // one made) are one undo step, and the next drag's another (a socket's pointerdown never
      // reaches the area, so the area's count did not move)
      state.gesture++;
      keep.clear();
      const s = ctx.data.socket;
      const node = editor.getNode(s.nodeId);
      const type = s.side === 'output' ? node?.def?.outputs.find((p) => p.key === s.key)?.type : node?.inputDefs.find((p) => p.key === s.key)?.type;
      // from a "+" or a reroute with no wires, any typed socket lights up (socket-fit.ts)
      const adds = isAddPort(s.nodeId, s.key);
      const free = !adds && !!state.doc && isFreeReroute(state.doc, shownAt(state), s.nodeId);
      if (type) setDragState({ type: adds || free ? ANY_SOCKET : type, side: s.side, nodeId: s.nodeId });
      // (let go on the canvas: the search lists the kinds that fit the socket, every kind with a
      // socket on that side for a free reroute, which then takes the type wired; a "+" opens none)
      drag.end = type && !adds ? { nodeId: s.nodeId, key: s.key, side: s.side, type, ...(free ? { free } : {}) } : null;
      drag.onSocket = drag.tookOff = false;
    }
    if (ctx.type === 'connectiondrop') {
      setDragState(null);
      const { end, onSocket, tookOff } = drag;
      drag.end = null;
      if (end && !ctx.data.created && !onSocket && !tookOff) host.droppedOnNothing?.(end);
    }
    return ctx;
  });
}
