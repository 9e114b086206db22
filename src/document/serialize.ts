/**
 * Writing a scene: pretty JSON with 2-space indents, keys in the order of types.ts (parameters in
 * their own order), short lists of plain values on one line (`"position": [120, 80]`, one point
 * per line) so files stay readable and diffs small, and a trailing newline; compact, on one line,
 * when the pretty text would pass the file size limit. `loadScene` of the result gives back an
 * equal document, -0 included.
 */
import { joinPath } from './errors';
import { LIMITS } from './schema';
import type { AgentType, Connection, Graph, GraphNode, NamedTarget, NodeGroup, Obstacle, SceneDocument, ScenePath, SceneWall } from './types';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Copies the keys of `source` listed in `keys`, in that order, leaving out absent ones. */
function pick<T extends object>(source: T, keys: readonly (keyof T & string)[]): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined) out[key] = value as Json;
  }
  return out;
}

function node(n: GraphNode): { [key: string]: Json } {
  const params: { [key: string]: Json } = {};
  for (const key of Object.keys(n.params)) {
    if (n.params[key] !== undefined) params[key] = n.params[key];
  }
  const node: { [key: string]: Json } = { id: n.id, kind: n.kind, params, position: [n.position[0], n.position[1]] };
  if (n.muted) node.muted = true;
  // (left out when empty, so a scene without exposed parameters saves as version 3 did but for the version)
  if (n.exposed && Object.keys(n.exposed).length > 0) node.exposed = { ...n.exposed };
  if (n.collapsed) node.collapsed = true;
  if (n.hideUnconnected) node.hideUnconnected = true;
  return node;
}

function connection(c: Connection): { [key: string]: Json } {
  return { from: [c.from[0], c.from[1]], to: [c.to[0], c.to[1]] };
}

function agentType(t: AgentType): { [key: string]: Json } {
  const out = pick(t, ['id', 'name', 'color', 'count', 'mass', 'maxSpeed', 'maxForce']);
  if (t.spawn) out.spawn = pick(t.spawn, ['x', 'y', 'width', 'height', 'speed', 'shape']);
  if (t.variation) out.variation = pick(t.variation, ['maxSpeed', 'maxForce']);
  out.states = t.states.map((s) => {
    const state: { [key: string]: Json } = { name: s.name, graph: graph(s.graph) };
    if (s.minTicks !== undefined) state.minTicks = s.minTicks;
    if (s.resetOnEnter !== undefined) state.resetOnEnter = s.resetOnEnter;
    return state;
  });
  if (t.anyState) out.anyState = graph(t.anyState);
  if (t.maxTurnRate !== undefined) out.maxTurnRate = t.maxTurnRate;
  if (t.headingSmoothing !== undefined && t.headingSmoothing !== 0) out.headingSmoothing = t.headingSmoothing;
  if (t.radius !== undefined && t.radius !== 0) out.radius = t.radius;
  if (t.params && t.params.length > 0) out.params = t.params.map((p) => pick(p, ['name', 'default', 'min', 'max', 'unit']));
  return out;
}

/** A wall: id, points, closed, and `solid` only when false (true is the default). */
function wall(w: SceneWall): { [key: string]: Json } {
  const out: { [key: string]: Json } = { id: w.id, points: w.points, closed: w.closed };
  if (w.solid === false) out.solid = false;
  return out;
}

function graph(g: Graph): { [key: string]: Json } {
  const out: { [key: string]: Json } = { nodes: g.nodes.map(node), connections: (g.connections ?? []).map(connection) };
  // (left out when empty, so a version-4 graph saves as it did)
  if (g.frames?.length) out.frames = g.frames.map((f) => pick(f, ['id', 'title', 'color', 'x', 'y', 'width', 'height']));
  if (g.notes?.length) out.notes = g.notes.map((n) => pick(n, ['id', 'text', 'x', 'y', 'width', 'height']));
  return out;
}

/** The document as plain JSON data with keys in the order of types.ts. */
export function canonicalScene(doc: SceneDocument): { [key: string]: Json } {
  const out = pick(doc, ['$schema', 'format', 'version', 'name', 'description']);
  const w = doc.world;
  out.world = {
    ...pick(w, ['width', 'height', 'edges', 'seed']),
    obstacles: (w.obstacles ?? []).map((o: Obstacle) => pick(o, ['x', 'y', 'r', 'vx', 'vy'])),
    // (Points are written as they are: a valid point is exactly [x, y], and a path can hold 10,000.)
    paths: (w.paths ?? []).map((p: ScenePath) => ({ id: p.id, points: p.points, loop: p.loop })),
    targets: (w.targets ?? []).map((t: NamedTarget) => pick(t, ['name', 'x', 'y'])),
  };
  // Left out when there are none, so a scene without walls saves as version 2 did (but for the version).
  if (w.walls && w.walls.length > 0) out.world.walls = w.walls.map(wall);
  // Likewise flow fields (version 5): a scene without them saves as version 4 did.
  if (w.flowFields && w.flowFields.length > 0) out.world.flowFields = w.flowFields.map((f) => pick(f, ['id', 'x', 'y', 'cellSize', 'cols', 'rows', 'vectors']));
  out.agentTypes = doc.agentTypes.map(agentType);
  // Left out when empty, so a scene without groups saves as version 4 did (but for the version).
  if (doc.groups && doc.groups.length > 0) out.groups = doc.groups.map(group);
  return out;
}

/** A group of the library, keys in the order of types.ts. */
export function group(g: NodeGroup): { [key: string]: Json } {
  const out: { [key: string]: Json } = {
    id: g.id,
    name: g.name,
    inputs: g.inputs.map((p) => pick(p, ['key', 'label', 'type'])),
    outputs: g.outputs.map((p) => pick(p, ['key', 'label', 'type'])),
  };
  if (g.params && g.params.length > 0) out.params = g.params.map((p) => pick(p, ['key', 'label', 'node', 'param']));
  out.graph = graph(g.graph);
  if (g.inputPosition) out.inputPosition = [g.inputPosition[0], g.inputPosition[1]];
  if (g.outputPosition) out.outputPosition = [g.outputPosition[0], g.outputPosition[1]];
  return out;
}

/** A number JSON cannot carry, found while writing; the path is filled in on the way out. */
class NotFinite {
  readonly keys: (string | number)[] = [];
  constructor(readonly value: number) {}
}

/**
 * `value` as JSON: pretty (2-space indents, short lists on one line) or, with `indent` null,
 * compact. (The path of a bad number is worked out only when there is one: a scene can hold
 * hundreds of thousands of values.)
 */
function write(value: Json, indent: string | null): string {
  if (typeof value === 'number') {
    // JSON has no NaN or Infinity (JSON.stringify would write null and the file would not load).
    if (!Number.isFinite(value)) throw new NotFinite(value);
    return Object.is(value, -0) ? '-0' : String(value);
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = indent === null ? null : `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = plainItems(value);
    if (flat !== null) return inner === null ? `[${flat.join(',')}]` : `[${flat.join(', ')}]`;
    const items = new Array<string>(value.length);
    for (let i = 0; i < value.length; i++) {
      try {
        items[i] = write(value[i], inner);
      } catch (e) {
        if (e instanceof NotFinite) e.keys.unshift(i);
        throw e;
      }
    }
    if (inner === null) return `[${items.join(',')}]`;
    return `[\n${inner}${items.join(`,\n${inner}`)}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const entries = new Array<string>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    try {
      entries[i] = `${JSON.stringify(key)}:${inner === null ? '' : ' '}${write(value[key], inner)}`;
    } catch (e) {
      if (e instanceof NotFinite) e.keys.unshift(key);
      throw e;
    }
  }
  if (inner === null) return `{${entries.join(',')}}`;
  return `{\n${inner}${entries.join(`,\n${inner}`)}\n${indent}}`;
}

/** The items of a list of plain values (numbers, texts, …) as JSON (such a list goes on one line), or null when one is a list or an object. */
function plainItems(list: Json[]): string[] | null {
  const out = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        const e = new NotFinite(v);
        e.keys.push(i);
        throw e;
      }
      out[i] = Object.is(v, -0) ? '-0' : String(v);
    } else if (typeof v === 'object' && v !== null) return null;
    else out[i] = JSON.stringify(v);
  }
  return out;
}

/** `write`, turning a bad number into an Error that names its field. */
function writeScene(value: Json, indent: string | null): string {
  try {
    return write(value, indent);
  } catch (e) {
    if (!(e instanceof NotFinite)) throw e;
    const path = e.keys.reduce<string>((p, k) => joinPath(p, k), '');
    throw new Error(`serializeScene: ${path || 'the scene'} is ${e.value}, not a finite number`);
  }
}

/**
 * The document as the text of a scene file. Throws (naming the field) only on a number JSON
 * cannot carry, which a document that passed the loader never has. A scene whose pretty text
 * would pass the file size limit (LIMITS.fileChars) is written compact, without line breaks, so
 * that what loaded saves to a file that loads again (contract 6).
 */
export function serializeScene(doc: SceneDocument): string {
  const canonical = canonicalScene(doc);
  const compact = compactText(canonical);
  if (compact.length > LIMITS.fileChars) return compact;
  const pretty = `${writeScene(canonical, '')}\n`;
  return pretty.length <= LIMITS.fileChars ? pretty : compact;
}

/** Whether every number in `value` is finite and not -0 (then JSON.stringify writes it as write() would). */
function plainNumbers(value: Json): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainNumbers(value[i])) return false;
    return true;
  }
  for (const key in value) if (!plainNumbers(value[key])) return false;
  return true;
}

/** The compact text: JSON.stringify's own (fast, and the same) unless a number needs write(). */
function compactText(canonical: Json): string {
  return `${plainNumbers(canonical) ? JSON.stringify(canonical) : writeScene(canonical, null)}\n`;
}

/**
 * The length of the compact text of `doc`, the shortest serializeScene writes: serializeScene(doc)
 * fits the file size limit exactly when this does.
 */
export function compactLength(doc: SceneDocument): number {
  return compactText(canonicalScene(doc)).length;
}
