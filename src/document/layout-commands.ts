/**
 * Layout edits of a graph (issue 20, "Wiring and layout habits"): frames, sticky notes, collapsed
 * nodes, hidden unconnected inputs, and aligning nodes. None of them changes what the graph
 * compiles to; each is one undo step, and one that does not apply returns the same document.
 */
import { coordinate, freshId, updateGraph, type Edit } from './commands';
import type { GraphAt } from './graphs';
import { LENGTHS, RANGES } from './schema';
import type { Graph, GraphFrame, GraphNode, GraphNote } from './types';

/** The colours a frame may be given from the editor (any `#rrggbb` loads). */
export const FRAME_COLORS = ['#4a6fa5', '#5a8f5a', '#a5764a', '#8f5a8f', '#a54a4a', '#6b6b6b'] as const;

/** The smallest frame or note, px: a corner handle stops there. */
export const MIN_BOX = { width: 80, height: 40 } as const;

/** A box's size kept at least MIN_BOX and its coordinates inside RANGES.coordinate. */
function box<T extends { x: number; y: number; width: number; height: number }>(b: T): T {
  return {
    ...b,
    x: coordinate(b.x),
    y: coordinate(b.y),
    width: Math.min(RANGES.boxSize.max, Math.max(MIN_BOX.width, Number.isNaN(b.width) ? 0 : b.width)),
    height: Math.min(RANGES.boxSize.max, Math.max(MIN_BOX.height, Number.isNaN(b.height) ? 0 : b.height)),
  };
}

/** A frame or note id not used in this graph: "frame", "frame-2", … (notes: "note", …). */
export function freshBoxId(g: Graph, base: 'frame' | 'note'): string {
  return freshId(base, [...(g.frames ?? []), ...(g.notes ?? [])].map((b) => b.id));
}

/** A graph with `key`'s list replaced; an empty list is left out (absent means none). */
function withList<K extends 'frames' | 'notes'>(g: Graph, key: K, list: NonNullable<Graph[K]>): Graph {
  const next = { ...g };
  if (list.length) next[key] = list;
  else delete next[key];
  return next;
}

/** Applies `f` to the box `id` of the list `key`; the same graph when it is not there or `f` changed nothing. */
function updateBox<K extends 'frames' | 'notes'>(g: Graph, key: K, id: string, f: (b: NonNullable<Graph[K]>[number]) => NonNullable<Graph[K]>[number]): Graph {
  const list = (g[key] ?? []) as NonNullable<Graph[K]>[number][];
  const k = list.findIndex((b) => b.id === id);
  if (k < 0) return g;
  const next = f(list[k]);
  if ((Object.keys(next) as (keyof typeof next)[]).every((p) => Object.is(next[p], list[k][p]))) return g;
  const copy = list.slice();
  copy[k] = next;
  return withList(g, key, copy as NonNullable<Graph[K]>);
}

/** The box around these nodes (their top-left corners and sizes), with a margin and room for a title. */
export function frameAround(nodes: readonly { x: number; y: number; width: number; height: number }[], pad = 30, title = 34): { x: number; y: number; width: number; height: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const n of nodes) {
    x0 = Math.min(x0, n.x);
    y0 = Math.min(y0, n.y);
    x1 = Math.max(x1, n.x + n.width);
    y1 = Math.max(y1, n.y + n.height);
  }
  if (!(x1 >= x0)) return { x: 0, y: 0, width: 300, height: 200 };
  return { x: Math.round(x0 - pad), y: Math.round(y0 - pad - title), width: Math.round(x1 - x0 + 2 * pad), height: Math.round(y1 - y0 + 2 * pad + title) };
}

/** Adds a frame or note to the list `key` (an id already used by a frame or note changes nothing). */
function addBox<K extends 'frames' | 'notes'>(at: GraphAt, key: K, item: NonNullable<Graph[K]>[number]): Edit {
  return (doc) =>
    updateGraph(doc, at, (g) => ([...(g.frames ?? []), ...(g.notes ?? [])].some((b) => b.id === item.id) ? g : withList(g, key, [...(g[key] ?? []), box(item)] as NonNullable<Graph[K]>)));
}

/** Adds a frame (an id already used in the graph changes nothing). */
export const addFrame = (at: GraphAt, frame: GraphFrame): Edit => addBox(at, 'frames', { ...frame, title: frame.title.slice(0, LENGTHS.frameTitle) });

/** Changes a frame's title, colour, position or size. */
export const updateFrame =
  (at: GraphAt, id: string, patch: Partial<Omit<GraphFrame, 'id'>>): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => updateBox(g, 'frames', id, (f) => box({ ...f, ...patch, title: (patch.title ?? f.title).slice(0, LENGTHS.frameTitle) })));

/**
 * Moves a frame by (dx, dy) and these nodes with it (those inside it when the drag started): one
 * edit, so one undo step.
 */
export const moveFrame =
  (at: GraphAt, id: string, dx: number, dy: number, nodeIds: readonly string[]): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const moved = updateBox(g, 'frames', id, (f) => box({ ...f, x: f.x + dx, y: f.y + dy }));
      if (moved === g) return g;
      const ids = new Set(nodeIds);
      const nodes = g.nodes.map((n) => (ids.has(n.id) ? { ...n, position: [coordinate(n.position[0] + dx), coordinate(n.position[1] + dy)] as [number, number] } : n));
      return { ...moved, nodes };
    });

/** Removes frames or notes by id; their nodes stay where they are. */
export const removeBoxes =
  (at: GraphAt, ids: readonly string[]): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => {
      const gone = new Set(ids);
      const frames = (g.frames ?? []).filter((f) => !gone.has(f.id));
      const notes = (g.notes ?? []).filter((n) => !gone.has(n.id));
      if (frames.length === (g.frames ?? []).length && notes.length === (g.notes ?? []).length) return g;
      return withList(withList(g, 'frames', frames), 'notes', notes);
    });

/** Adds a sticky note (an id already used in the graph changes nothing). */
export const addNote = (at: GraphAt, note: GraphNote): Edit => addBox(at, 'notes', { ...note, text: note.text.slice(0, LENGTHS.noteText) });

/** Changes a note's text, position or size. */
export const updateNote =
  (at: GraphAt, id: string, patch: Partial<Omit<GraphNote, 'id'>>): Edit =>
  (doc) =>
    updateGraph(doc, at, (g) => updateBox(g, 'notes', id, (n) => box({ ...n, ...patch, text: (patch.text ?? n.text).slice(0, LENGTHS.noteText) })));

/** Sets or clears a `true`-or-absent flag of nodes. */
function setFlag(at: GraphAt, nodeIds: readonly string[], key: 'collapsed' | 'hideUnconnected', on: boolean): Edit {
  return (doc) =>
    updateGraph(doc, at, (g) => {
      const ids = new Set(nodeIds);
      let changed = false;
      const nodes = g.nodes.map((n): GraphNode => {
        if (!ids.has(n.id) || (n[key] === true) === on) return n;
        changed = true;
        const next = { ...n };
        if (on) next[key] = true;
        else delete next[key];
        return next;
      });
      return changed ? { ...g, nodes } : g;
    });
}

/** Collapses nodes to their header and connected sockets, or expands them. */
export const setCollapsed = (at: GraphAt, nodeIds: readonly string[], collapsed: boolean): Edit => setFlag(at, nodeIds, 'collapsed', collapsed);

/** Hides (or shows again) the unconnected inputs of variadic nodes (Sum), all but one free one. */
export const setHideUnconnected = (at: GraphAt, nodeIds: readonly string[], hide: boolean): Edit => setFlag(at, nodeIds, 'hideUnconnected', hide);

/** How selected nodes are aligned. */
export type Alignment = 'left' | 'top' | 'center-x' | 'center-y' | 'distribute-x' | 'distribute-y' | 'straighten';

/** A node's box on the canvas, with the node's id. */
export interface NodeBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A wire between two nodes, for straightening: the offsets of its sockets below each node's top (absent: the node's middle). */
export interface Wire {
  from: string;
  to: string;
  fromY?: number;
  toY?: number;
}

/**
 * Where aligning these nodes puts them (only those that move). Left and top line up the edges;
 * centre lines up the middles; distribute spaces them evenly between the outermost two (by their
 * left or top edges, in order); straighten follows the wires among them from left to right and puts
 * each node's input socket at the height of the output socket feeding it, so a chain's wires run level.
 */
export function alignment(boxes: readonly NodeBox[], how: Alignment, wires: readonly Wire[] = []): { id: string; position: [number, number] }[] {
  if (boxes.length < 2) return [];
  const out: { id: string; position: [number, number] }[] = [];
  const put = (b: NodeBox, x: number, y: number): void => {
    const p: [number, number] = [Math.round(x), Math.round(y)];
    if (p[0] !== b.x || p[1] !== b.y) out.push({ id: b.id, position: p });
  };
  const minX = Math.min(...boxes.map((b) => b.x));
  const minY = Math.min(...boxes.map((b) => b.y));
  const mid = (b: NodeBox, axis: 'x' | 'y'): number => (axis === 'x' ? b.x + b.width / 2 : b.y + b.height / 2);
  switch (how) {
    case 'left':
      for (const b of boxes) put(b, minX, b.y);
      break;
    case 'top':
      for (const b of boxes) put(b, b.x, minY);
      break;
    case 'center-x': {
      const c = boxes.reduce((s, b) => s + mid(b, 'x'), 0) / boxes.length;
      for (const b of boxes) put(b, c - b.width / 2, b.y);
      break;
    }
    case 'center-y': {
      const c = boxes.reduce((s, b) => s + mid(b, 'y'), 0) / boxes.length;
      for (const b of boxes) put(b, b.x, c - b.height / 2);
      break;
    }
    case 'distribute-x':
    case 'distribute-y': {
      const axis = how === 'distribute-x' ? 'x' : 'y';
      const sorted = boxes.slice().sort((a, b) => a[axis] - b[axis] || (a.id < b.id ? -1 : 1));
      const first = sorted[0][axis];
      const step = (sorted[sorted.length - 1][axis] - first) / (sorted.length - 1);
      sorted.forEach((b, k) => (axis === 'x' ? put(b, first + k * step, b.y) : put(b, b.x, first + k * step)));
      break;
    }
    case 'straighten': {
      // a node's top = its feeder's new top + the feeder's socket offset − its own socket offset
      const byId = new Map(boxes.map((b) => [b.id, b]));
      const feeder = new Map<string, Wire>();
      for (const w of wires) if (byId.has(w.from) && byId.has(w.to) && !feeder.has(w.to)) feeder.set(w.to, w);
      const top = new Map<string, number>();
      const topOf = (id: string, seen: Set<string>): number => {
        const known = top.get(id);
        if (known !== undefined) return known;
        const b = byId.get(id)!;
        const w = feeder.get(id);
        const f = w && byId.get(w.from)!;
        const y = w && f && !seen.has(w.from) ? topOf(w.from, seen.add(id)) + (w.fromY ?? f.height / 2) - (w.toY ?? b.height / 2) : b.y;
        top.set(id, y);
        return y;
      };
      for (const b of boxes.slice().sort((a, c) => a.x - c.x)) put(b, b.x, topOf(b.id, new Set()));
      break;
    }
  }
  return out;
}
