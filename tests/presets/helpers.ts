/**
 * The presets shipped with the app (presets/*.steer.json), read from disk as the app reads them,
 * and run headless through the module API (the compiled program bound to runtime/).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { getNodeDef, inputPorts, isParamInput, paramDefs } from '../../nodes/index';
import { createBehaviorWorld, type BehaviorWorld, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { loadScene } from '../../src/document/load';
import type { GraphNode, SceneDocument } from '../../src/document/types';
import { HEADER_HEIGHT, NODE_WIDTH, PADDING, PARAM_HEIGHT, SLOT_PAD_HEIGHT, ROW_HEIGHT } from '../../src/editor/theme';

export const PRESETS_DIR = path.resolve(import.meta.dirname, '../../presets');

/** Every preset's key (file name without .steer.json), sorted. */
export const PRESET_KEYS: readonly string[] = readdirSync(PRESETS_DIR)
  .filter((f) => f.endsWith('.steer.json'))
  .map((f) => f.replace(/\.steer\.json$/, ''))
  .sort();

/** The text of a preset file. */
export function presetText(key: string): string {
  return readFileSync(path.join(PRESETS_DIR, `${key}.steer.json`), 'utf8');
}

/** A preset, loaded with the app's loader (throws when it does not load). */
export function preset(key: string): SceneDocument {
  const loaded = loadScene(presetText(key));
  if (!loaded.ok) throw new Error(`preset ${key} does not load: ${JSON.stringify(loaded.errors)}`);
  return loaded.doc;
}

/** A world of the scene, compiled and run in process (throws on any diagnostic). */
export function worldOf(doc: SceneDocument, options: WorldOptions = {}): BehaviorWorld {
  const compiled = compile(doc);
  if (compiled.diagnostics.length > 0) throw new Error(`${doc.name}: ${compiled.diagnostics.map((d) => d.message).join('; ')}`);
  return createBehaviorWorld(doc, instantiate(compiled), options);
}

/** A node's box in the editor, px: the editor's own size estimate (src/editor/schemes.ts estimateHeight). */
export function nodeBox(n: GraphNode): { x: number; y: number; width: number; height: number } {
  const def = getNodeDef(n.kind);
  if (!def) throw new Error(`unknown node kind ${n.kind}`);
  const defs = paramDefs(def, n.params);
  const visible = defs.filter((p) => {
    if ((p.type !== 'number' && p.type !== 'offsets') || !p.when) return true;
    const sw = defs.find((q) => q.key === p.when!.key);
    return (Object.hasOwn(n.params, p.when.key) ? n.params[p.when.key] : sw?.default) === p.when.value;
  });
  const params = visible.reduce((h, p) => h + (p.type === 'offsets' ? SLOT_PAD_HEIGHT : PARAM_HEIGHT), 0);
  const height = HEADER_HEIGHT + PADDING * 2 + (def.outputs.length + inputPorts(def, n.params).filter((p) => !isParamInput(def, n.params, p.key)).length) * ROW_HEIGHT + params;
  return { x: n.position[0], y: n.position[1], width: NODE_WIDTH, height };
}

/** Distance between agent i of `a` and point (x, y). */
export function distTo(a: Float64Array, i: number, x: number, y: number): number {
  const dx = a[2 * i] - x;
  const dy = a[2 * i + 1] - y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Distance between agent i of `a` and agent j of `b`. */
export function dist(a: Float64Array, i: number, b: Float64Array, j: number): number {
  return distTo(a, i, b[2 * j], b[2 * j + 1]);
}

/** Speed of agent i. */
export function speed(v: Float64Array, i: number): number {
  return Math.sqrt(v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]);
}

/** Mean over the agents of `from` of the distance to the nearest agent of `to`. */
export function meanNearest(from: Float64Array, to: Float64Array): number {
  let total = 0;
  for (let i = 0; i < from.length / 2; i++) {
    let m = Infinity;
    for (let j = 0; j < to.length / 2; j++) m = Math.min(m, dist(from, i, to, j));
    total += m;
  }
  return total / (from.length / 2);
}

/** The obstacles of a world now, as x, y, r per circle (read through snapshot(), the public API). */
export function circlesOf(w: BehaviorWorld): { x: number; y: number; r: number }[] {
  const packed = w.snapshot().obstacles;
  const v = Array.isArray(packed) ? packed : packed.values;
  const out: { x: number; y: number; r: number }[] = [];
  for (let k = 0; k < v.length; k += 5) out.push({ x: v[k], y: v[k + 1], r: v[k + 2] });
  return out;
}

/**
 * Mean local alignment: for each agent with another within `sight`, the length of the mean of the
 * unit velocities of itself and those neighbours (1: all heading the same way), averaged.
 */
export function localAlignment(p: Float64Array, v: Float64Array, sight: number): number {
  const n = p.length / 2;
  let sum = 0;
  let counted = 0;
  for (let i = 0; i < n; i++) {
    let ax = 0;
    let ay = 0;
    let k = 0;
    for (let j = 0; j < n; j++) {
      const s = speed(v, j);
      if (dist(p, i, p, j) >= sight || s === 0) continue;
      ax += v[2 * j] / s;
      ay += v[2 * j + 1] / s;
      k++;
    }
    if (k > 1) {
      sum += Math.sqrt(ax * ax + ay * ay) / k;
      counted++;
    }
  }
  return counted ? sum / counted : 0;
}

// ── Exported modules, imported by Node itself ─────────────────────────────────────────────────

/** What an exported behaviour module exports. */
export interface BehaviorModule {
  createWorld(options?: WorldOptions): BehaviorWorld;
  scene: unknown;
}

/**
 * Node's own `import()`, out of reach of Vitest's module runner (which offers code it evaluates no
 * dynamic import): a script compiled with Node's default loader.
 */
const nativeImport = new vm.Script('(url) => import(url)', {
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}).runInThisContext() as (url: string) => Promise<unknown>;

/** A fresh temporary folder whose .js files are ES modules. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'steergraph-presets-'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

/** Removes a folder made by {@link tempDir}. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes a module's text to `dir/name.behavior.js` and imports it with Node. */
export async function importModule(dir: string, name: string, js: string): Promise<BehaviorModule> {
  const file = path.join(dir, `${name}.behavior.js`);
  writeFileSync(file, js);
  return (await nativeImport(pathToFileURL(file).href)) as BehaviorModule;
}

/**
 * FNV-1a over the bits of every type's positions and velocities every 100 ticks of 1,500, the
 * pointer moving, of the exported module `js` (imported from `dir` as `name`): two modules that
 * run bit-identically give the same hash.
 */
export async function trajectoryHash(dir: string, name: string, js: string): Promise<string> {
  const m = await importModule(dir, name, js);
  const w = m.createWorld();
  let h = 0x811c9dc5 >>> 0;
  const mix = (a: Float64Array) => {
    const u = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
    for (let i = 0; i < u.length; i++) h = Math.imul(h ^ u[i], 16777619) >>> 0;
  };
  for (let t = 0; t < 1500; t++) {
    w.setPointer(400 + ((t * 7) % 300), 300 + ((t * 13) % 200));
    w.step();
    if (t % 100 === 99) for (const ty of w.types) (mix(w.positions(ty)), mix(w.velocities(ty)));
  }
  return h.toString(16);
}
