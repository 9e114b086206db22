/**
 * Group files (`*.steergroup.json`): one group of a scene's library, with the groups it uses
 * (directly or not), to import into another scene:
 * `{ "format": "steergraph-group", "version": 1, "group": {…}, "groups": [{…}, …] }`.
 * Loaded with the scene loader's strictness (the same schema and checks, messages with a path);
 * a bad file changes nothing.
 */
import { freshId, type Edit } from './commands';
import type { LoadError } from './errors';
import { duplicateKeys, validateScene } from './load';
import { LIMITS } from './schema';
import { group as groupJson, type Json } from './serialize';
import { FORMAT, GROUP_KIND, VERSION, type Graph, type NodeGroup, type SceneDocument } from './types';

/** The value of `format` in a group file. */
export const GROUP_FORMAT = 'steergraph-group';
/** The newest group file version this code reads and writes. */
export const GROUP_FILE_VERSION = 1;

/** The groups `graph` uses, in the library, directly or not (each once, `skip` left out). */
function usedGroups(doc: SceneDocument, graph: Graph, skip: Set<string>): NodeGroup[] {
  const out: NodeGroup[] = [];
  for (const n of graph.nodes) {
    if (n.kind !== GROUP_KIND || typeof n.params.group !== 'string' || skip.has(n.params.group)) continue;
    const g = doc.groups?.find((x) => x.id === n.params.group);
    if (!g) continue;
    skip.add(g.id);
    out.push(g, ...usedGroups(doc, g.graph, skip));
  }
  return out;
}

/** The text of the group file of group `id` (empty when the scene has no such group). */
export function groupFileText(doc: SceneDocument, id: string): string {
  const group = doc.groups?.find((g) => g.id === id);
  if (!group) return '';
  const nested = usedGroups(doc, group.graph, new Set([id]));
  const file: { [key: string]: Json } = { format: GROUP_FORMAT, version: GROUP_FILE_VERSION, group: groupJson(group), groups: nested.map(groupJson) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The file name a group is exported under: `<name>.steergroup.json`. */
export function groupFileName(group: NodeGroup): string {
  const base = group.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'group';
  return `${base}.steergroup.json`;
}

/** What a group file holds, or why it cannot be read. */
export type GroupFileResult = { ok: true; group: NodeGroup; groups: NodeGroup[] } | { ok: false; errors: LoadError[] };

/** `groups[0]…` of the scene the file is checked as, back to the file's own paths (`group…`, `groups[k]…`). */
function filePath(path: string): string {
  const m = /^groups\[(\d+)\](.*)$/.exec(path);
  if (!m) return path;
  const k = Number(m[1]);
  return k === 0 ? `group${m[2]}` : `groups[${k - 1}]${m[2]}`;
}

/** Reads a group file's text, as strictly as a scene (the same schema and checks). */
export function loadGroupFile(text: string): GroupFileResult {
  const refuse = (path: string, message: string): GroupFileResult => ({ ok: false, errors: [{ path, message }] });
  if (text.length > LIMITS.fileChars) return refuse('', `the file is too large (the limit is ${LIMITS.fileChars / (1024 * 1024)} MB)`);
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return refuse('', `not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('', 'expected a group file: an object { format, version, group, groups }');
  const o = value as Record<string, unknown>;
  if (o.format !== GROUP_FORMAT) return refuse('format', `expected "${GROUP_FORMAT}", got ${JSON.stringify(o.format) ?? 'nothing'}`);
  if (o.version !== GROUP_FILE_VERSION) {
    return refuse('version', typeof o.version === 'number' && o.version > GROUP_FILE_VERSION ? `version ${o.version} is from a newer Steergraph (this one reads ${GROUP_FILE_VERSION})` : `expected ${GROUP_FILE_VERSION}`);
  }
  for (const key of Object.keys(o)) if (!['format', 'version', 'group', 'groups'].includes(key)) return refuse(key, 'unknown key');
  if (o.groups !== undefined && !Array.isArray(o.groups)) return refuse('groups', 'expected a list of groups');
  const dup = duplicateKeys(text);
  if (dup.length) return refuse('', `a key appears twice in one object: ${dup[0]}`);
  const scene = { format: FORMAT, version: VERSION, name: 'group file', description: '', world: { width: 1, height: 1, edges: 'wrap', seed: 0, obstacles: [], paths: [], targets: [] }, agentTypes: [], groups: [o.group, ...((o.groups as unknown[]) ?? [])] };
  const r = validateScene(scene);
  if (!r.ok) return { ok: false, errors: r.errors.map((e) => ({ ...e, path: filePath(e.path) })) };
  const [group, ...groups] = r.doc.groups!;
  return { ok: true, group, groups };
}

/**
 * Imports a group file's groups into the scene's library: a group whose id is taken by a different
 * group gets a fresh one (`id-2`), and the uses inside the imported groups follow; one already
 * there, the same, is not added twice. Returns the edit and the id the top group has in the scene.
 */
export function importGroups(doc: SceneDocument, file: { group: NodeGroup; groups: NodeGroup[] }): { edit: Edit; id: string } {
  const library = doc.groups ?? [];
  const taken = library.map((g) => g.id);
  const rename = new Map<string, string>();
  const incoming = [file.group, ...file.groups];
  const same = (a: NodeGroup, b: NodeGroup) => JSON.stringify(groupJson(a)) === JSON.stringify(groupJson(b));
  for (const g of incoming) {
    const there = library.find((x) => x.id === g.id);
    if (!there && !rename.has(g.id)) taken.push(g.id);
    else if (there && !same(there, g)) {
      const id = freshId(g.id, taken);
      taken.push(id);
      rename.set(g.id, id);
    }
  }
  const renamed = (g: NodeGroup): NodeGroup => {
    const nodes = g.graph.nodes.map((n) =>
      n.kind === GROUP_KIND && typeof n.params.group === 'string' && rename.has(n.params.group) ? { ...n, params: { ...n.params, group: rename.get(n.params.group)! } } : n,
    );
    return { ...g, id: rename.get(g.id) ?? g.id, graph: { ...g.graph, nodes } };
  };
  const added = incoming.filter((g) => rename.has(g.id) || !library.some((x) => x.id === g.id)).map(renamed);
  const id = rename.get(file.group.id) ?? file.group.id;
  const edit: Edit = (d) => {
    if (!added.length || (d.groups ?? []).some((g) => added.some((a) => a.id === g.id))) return d;
    if ((d.groups?.length ?? 0) + added.length > LIMITS.groups) return d;
    return { ...d, groups: [...(d.groups ?? []), ...added] };
  };
  return { edit, id };
}
