/**
 * The state view's drawing, as data: the transitions of an agent type derived from the Go to State
 * nodes of its graphs, and where the boxes and arrows go. Deterministic: the boxes stand in a row
 * in state order (the "Any state" box first when the type shows one, boxes for missing states
 * last); an arrow to a state further right arcs above the row, one to a state further left arcs
 * below it, higher the further it goes, so no arrow crosses a box. The element is state-view.ts.
 */
import { getNodeDef, paramDefs } from '../../nodes/index';
import { ANY_STATE, graphsOf } from '../document/graphs';
import type { AgentType } from '../document/types';

/** The transitions from one state (or the any-state graph) to one target, gathered from its Go to State nodes. */
export interface StateArrow {
  /** The state index the arrow leaves, or ANY_STATE. */
  from: number;
  /** The state index it goes to, or null when no state has that name (a dangling arrow). */
  to: number | null;
  /** The target state's name as the nodes give it ('' when none is chosen). */
  target: string;
  /** The nodes' orders, lowest first (the label). */
  orders: number[];
}

/** The transitions of a type: one arrow per (from, target), in graph order (states in order, the any-state graph last). */
export function stateArrows(type: AgentType): StateArrow[] {
  const arrows: StateArrow[] = [];
  for (const { state, graph } of graphsOf(type, 0)) {
    for (const n of graph.nodes) {
      const def = getNodeDef(n.kind);
      if (!def?.transition) continue;
      const defs = paramDefs(def, n.params);
      const stateParam = defs.find((p) => p.type === 'state');
      const orderParam = defs.find((p) => p.key === 'order');
      const target = String(n.params[stateParam?.key ?? 'state'] ?? stateParam?.default ?? '');
      const order = Number(n.params.order ?? orderParam?.default ?? 1);
      let a = arrows.find((x) => x.from === state && x.target === target);
      if (!a) {
        const k = type.states.findIndex((s) => s.name === target);
        a = { from: state, to: k >= 0 ? k : null, target, orders: [] };
        arrows.push(a);
      }
      a.orders.push(order);
    }
  }
  for (const a of arrows) a.orders.sort((x, y) => x - y);
  return arrows;
}

/** A box of the diagram: its top-left corner and size. */
export interface DiagramBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An arrow laid out: an SVG path, where its label goes, and whether it dangles. */
export interface DiagramArrow extends StateArrow {
  path: string;
  labelX: number;
  labelY: number;
  missing: boolean;
}

/** The whole drawing: state boxes (by index), the any-state box, boxes of missing targets (by name), arrows, size. */
export interface Diagram {
  states: DiagramBox[];
  any: DiagramBox | null;
  missing: { name: string; box: DiagramBox }[];
  arrows: DiagramArrow[];
  width: number;
  height: number;
}

export const BOX_W = 160;
export const BOX_H = 56;
const GAP = 44;
const MARGIN = 24;
/** How high an arc between neighbours rises, and how much higher per box further. */
const ARC_BASE = 34;
const ARC_STEP = 26;

/** Lays out a type's states, its any-state box (when `withAny`) and its arrows. */
export function layoutDiagram(type: AgentType, withAny: boolean): Diagram {
  const arrows = stateArrows(type);
  const missingNames = [...new Set(arrows.filter((a) => a.to === null).map((a) => a.target))];
  // slots left to right: Any state, the states in order, the missing targets
  const slots = (withAny ? 1 : 0) + type.states.length + missingNames.length;
  const slotOf = (from: number): number => (from === ANY_STATE ? 0 : from + (withAny ? 1 : 0));
  const missingSlot = (name: string): number => (withAny ? 1 : 0) + type.states.length + missingNames.indexOf(name);
  let above = ARC_BASE;
  let below = ARC_BASE;
  const spans = arrows.map((a) => {
    const s = slotOf(a.from);
    const e = a.to === null ? missingSlot(a.target) : slotOf(a.to);
    const h = ARC_BASE + ARC_STEP * Math.max(0, Math.abs(e - s) - 1);
    if (e >= s) above = Math.max(above, h);
    else below = Math.max(below, h);
    return { s, e, h };
  });
  const top = MARGIN + above + 12;
  const box = (slot: number): DiagramBox => ({ x: MARGIN + slot * (BOX_W + GAP), y: top, w: BOX_W, h: BOX_H });
  const quarter = BOX_W / 4;
  return {
    states: type.states.map((_, k) => box(slotOf(k))),
    any: withAny ? box(0) : null,
    missing: missingNames.map((name) => ({ name, box: box(missingSlot(name)) })),
    arrows: arrows.map((a, k) => {
      const { s, e, h } = spans[k];
      const b0 = box(s);
      const cx0 = b0.x + BOX_W / 2;
      let path: string;
      let labelX: number;
      let labelY: number;
      if (s === e) {
        // back into the same state: a loop over its right end
        const x = b0.x + BOX_W - 18;
        path = `M ${x - 14} ${top} C ${x - 24} ${top - 44}, ${x + 30} ${top - 44}, ${x + 16} ${top}`;
        labelX = x;
        labelY = top - 36;
      } else if (e > s) {
        // to the right: leaves the top's right quarter, comes down into the target top's left quarter
        const x1 = cx0 + quarter;
        const x2 = box(e).x + BOX_W / 2 - quarter;
        path = `M ${x1} ${top} C ${x1} ${top - h * 1.33}, ${x2} ${top - h * 1.33}, ${x2} ${top}`;
        labelX = (x1 + x2) / 2;
        labelY = top - h;
      } else {
        // to the left: below the row, from the bottom's left quarter into the target bottom's right quarter
        const y = top + BOX_H;
        const x1 = cx0 - quarter;
        const x2 = box(e).x + BOX_W / 2 + quarter;
        path = `M ${x1} ${y} C ${x1} ${y + h * 1.33}, ${x2} ${y + h * 1.33}, ${x2} ${y}`;
        labelX = (x1 + x2) / 2;
        labelY = y + h;
      }
      return { ...a, path, labelX, labelY, missing: a.to === null };
    }),
    width: MARGIN * 2 + slots * BOX_W + Math.max(0, slots - 1) * GAP,
    height: top + BOX_H + below + 12 + MARGIN,
  };
}
