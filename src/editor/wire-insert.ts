/**
 * Dragging a node onto a wire splices it in: while a node with no wires of its own is dragged
 * over a wire its sockets fit (an input that takes the wire's type and an output its far end
 * takes), the wire is highlighted; dropped there, A→B becomes A→N→B, with the move in one edit.
 */
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { canConnect, inputPorts } from '../../nodes/index';
import type { NodeDef, PortDef } from '../../nodes/types';
import { splice, type Edit } from '../document/commands';
import type { GraphAt } from '../document/graphs';
import type { Connection as DocConnection, ParamValue } from '../document/types';
import { wireOf } from './context-menus';
import type { Point } from './knife';
import type { AreaExtra, Connection, Schemes } from './schemes';

/** The ports by which a node of kind `def` goes into a wire from an output of type `from` to an input of type `to`, or null. */
export function splicePorts(def: NodeDef, params: Readonly<Record<string, ParamValue>>, from: PortDef['type'], to: PortDef['type']): { input: PortDef; output: PortDef } | null {
  const input = inputPorts(def, params).find((p) => canConnect(from, p.type));
  const output = def.outputs.find((p) => canConnect(p.type, to));
  return input && output ? { input, output } : null;
}

/** The edit that splices node `id` into the wire `from`→`to` by its ports `input` and `output`. */
export function spliceInto(at: GraphAt, wire: DocConnection, id: string, ports: { input: PortDef; output: PortDef }): Edit {
  return splice(at, wire, id, ports.input.key, ports.output.key);
}

/** What the splicing needs from its editor. */
export interface WireInsertDeps {
  editor: NodeEditor<Schemes>;
  area: AreaPlugin<Schemes, AreaExtra>;
  at(): GraphAt;
  /** The wires drawn, each as a polyline in graph coordinates. */
  wires(): Iterable<{ id: string; points: Point[] }>;
  /** Shows a wire as the one a drop would splice into, or not. */
  mark(id: string, on: boolean): void;
}

/** Splicing a dragged node into a wire: call `moved` as it is dragged and `dropped` when it is let go. */
export interface WireInsert {
  /** Node `id` was moved by a drag: marks the wire it would go into. */
  moved(id: string): void;
  /** The drag ended: the edit that splices the node into the wire marked, or null. */
  dropped(): Edit | null;
}

/** The splicing of nodes dragged onto wires of `deps.editor`. */
export function createWireInsert(deps: WireInsertDeps): WireInsert {
  const { editor, area } = deps;
  /** The wires as they were when the drag began (a node without wires moves none of them). */
  let wires: { id: string; points: Point[] }[] | null = null;
  let target: { wire: Connection; node: string; ports: { input: PortDef; output: PortDef } } | null = null;

  function setTarget(t: typeof target): void {
    if (target?.wire.id === t?.wire.id) {
      target = t;
      return;
    }
    if (target) deps.mark(target.wire.id, false);
    target = t;
    if (target) deps.mark(target.wire.id, true);
  }

  /** The wire under node `id` whose sockets it fits, nearest its centre, or null. */
  function under(id: string): typeof target {
    const n = editor.getNode(id);
    const p = area.nodeViews.get(id)?.position;
    if (!n?.def || !p) return null;
    if (editor.getNodes().filter((x) => x.selected).length > 1) return null;
    if (editor.getConnections().some((c) => c.source === id || c.target === id)) return null;
    wires ??= [...deps.wires()];
    const [cx, cy] = [p.x + n.width / 2, p.y + n.height / 2];
    let best: typeof target = null;
    let bestD = Infinity;
    for (const w of wires) {
      const c = editor.getConnection(w.id);
      const s = c && editor.getNode(c.source);
      const t = c && editor.getNode(c.target);
      const from = s?.def?.outputs.find((o) => o.key === c!.sourceOutput)?.type;
      const to = t?.inputDefs.find((i) => i.key === c!.targetInput)?.type;
      if (!c || !from || !to) continue;
      let d = Infinity;
      for (const [x, y] of w.points) if (x >= p.x && x <= p.x + n.width && y >= p.y && y <= p.y + n.height) d = Math.min(d, (x - cx) ** 2 + (y - cy) ** 2);
      if (d >= bestD) continue;
      const ports = splicePorts(n.def, n.params, from, to);
      if (!ports) continue;
      bestD = d;
      best = { wire: c, node: id, ports };
    }
    return best;
  }

  return {
    moved: (id) => setTarget(under(id)),
    dropped: () => {
      const t = target;
      setTarget(null);
      wires = null;
      if (!t) return null;
      return spliceInto(deps.at(), wireOf(t.wire), t.node, t.ports);
    },
  };
}
