/**
 * Writing a scene: pretty JSON with 2-space indents, keys in the order of types.ts (parameters in
 * their own order), short lists of plain values on one line (`"position": [120, 80]`, one point
 * per line) so files stay readable and diffs small, and a trailing newline. `loadScene` of the
 * result gives back an equal document, -0 included.
 */
import { joinPath } from './errors';
import type { AgentType, Connection, GraphNode, NamedTarget, Obstacle, SceneDocument, ScenePath } from './types';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

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
  return { id: n.id, kind: n.kind, params, position: [n.position[0], n.position[1]] };
}

function connection(c: Connection): { [key: string]: Json } {
  return { from: [c.from[0], c.from[1]], to: [c.to[0], c.to[1]] };
}

function agentType(t: AgentType): { [key: string]: Json } {
  const out = pick(t, ['id', 'name', 'color', 'count', 'mass', 'maxSpeed', 'maxForce']);
  if (t.spawn) out.spawn = pick(t.spawn, ['x', 'y', 'width', 'height', 'speed']);
  if (t.variation) out.variation = pick(t.variation, ['maxSpeed', 'maxForce']);
  out.graph = { nodes: t.graph.nodes.map(node), connections: (t.graph.connections ?? []).map(connection) };
  return out;
}

/** The document as plain JSON data with keys in the order of types.ts. */
export function canonicalScene(doc: SceneDocument): { [key: string]: Json } {
  const out = pick(doc, ['$schema', 'format', 'version', 'name', 'description']);
  const w = doc.world;
  out.world = {
    ...pick(w, ['width', 'height', 'edges', 'seed']),
    obstacles: (w.obstacles ?? []).map((o: Obstacle) => pick(o, ['x', 'y', 'r', 'vx', 'vy'])),
    paths: (w.paths ?? []).map((p: ScenePath) => ({ id: p.id, points: p.points.map((pt) => [pt[0], pt[1]]), loop: p.loop })),
    targets: (w.targets ?? []).map((t: NamedTarget) => pick(t, ['name', 'x', 'y'])),
  };
  out.agentTypes = doc.agentTypes.map(agentType);
  return out;
}

function isPlain(value: Json): boolean {
  return typeof value !== 'object' || value === null;
}

function write(value: Json, indent: string, path: string): string {
  if (typeof value === 'number') {
    // JSON has no NaN or Infinity (JSON.stringify would write null and the file would not load).
    if (!Number.isFinite(value)) throw new Error(`serializeScene: ${path || 'the scene'} is ${value}, not a finite number`);
    return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item, i) => write(item, inner, joinPath(path, i)));
    if (value.every(isPlain)) return `[${items.join(', ')}]`;
    return `[\n${inner}${items.join(`,\n${inner}`)}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const entries = keys.map((key) => `${JSON.stringify(key)}: ${write(value[key], inner, joinPath(path, key))}`);
  return `{\n${inner}${entries.join(`,\n${inner}`)}\n${indent}}`;
}

/**
 * The document as the text of a scene file. Throws (naming the field) only on a number JSON
 * cannot carry, which a document that passed the loader never has.
 */
export function serializeScene(doc: SceneDocument): string {
  return `${write(canonicalScene(doc), '', '')}\n`;
}
