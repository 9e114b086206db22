/**
 * Hostile and broken scene files: a generator of files (mutated presets, mangled text, random JSON,
 * and a few enormous ones) and the checks every file must pass through loadScene, compile and
 * emitModule:
 *
 * - nothing throws (the loader and the compiler report problems, they never throw);
 * - a refused file gets at most MAX_ERRORS + 1 short errors, each with a path and a message;
 * - a loaded file validates again, saves and reloads as the same document, and its diagnostics are
 *   one line each;
 * - the module text carries document text only inside its one scene literal (every string the
 *   generator plants carries the marker "zq", which no generated or core code contains);
 * - no global changes (the built-in prototypes and the global object keep their properties);
 * - a file takes at most SLOW_MS (see `stopwatch`; a slower one is re-timed twice, keeping the
 *   fastest, so a busy machine does not count).
 *
 * States are in every part of it: the bases include the presets with states (every graph of them
 * marked, state names too), `addStates` gives a type more states, an any-state graph, minimum times
 * and reset on enter (in and out of range), Go to State nodes (to a state, to a missing one, to
 * none, unconnected, wired to conditions) and the number and condition node kinds, and the damage
 * reaches any graph of a type.
 *
 * Walls too: about a third of the files built on a preset get walls (wallsFor: valid ones of
 * every shape, and in a third of them one broken thing: holes, NaN, too many points or walls,
 * duplicate ids…), the value mutations and the text mutations reach them, and the enormous files
 * include a scene at the wall limits and 2,000 walls of bad points.
 *
 * Every file is reproducible from (seed, index): `npx tsx tests/hardening/fuzz-files.ts --only N`.
 */
import { isDeepStrictEqual } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { NODE_DEFS, inputPorts, paramDefs } from '../../nodes/index';
import { compile } from '../../src/compiler/index';
import { emitModule } from '../../src/compiler/module';
import { MAX_ERRORS } from '../../src/document/errors';
import { loadScene, validateScene } from '../../src/document/load';
import { LIMITS } from '../../src/document/schema';
import { serializeScene } from '../../src/document/serialize';
import type { Graph, GraphNode, SceneDocument, TypeParam } from '../../src/document/types';
import { PRESET_KEYS, Rng, globalDifference, globalState, literalProblem, preset } from './shared';

/** The marker every planted string carries. */
export const MARKER = 'zq';
/** A file slower than this (through loadScene and emitModule) is a bug. */
export const SLOW_MS = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ── Base documents: every preset with every id, name and reference marked ─────────────────────

/** Texts that try to escape a JSON literal, a comment, a template or a script element; all marked. */
export const PAYLOADS = [
  'zq"double"',
  "zq'single'",
  'zq`back`tick',
  'zq${globalThis.zqPwned = 1}',
  'zq*/ globalThis.zqPwned = 2; /*',
  'zq</script><script>globalThis.zqPwned = 3</script>',
  'zq<!-- comment',
  'zq\u2028line\u2029paragraph',
  'zq\nnew\r\nline',
  'zq\\back\\slash',
  'zq"); globalThis.zqPwned = 4; ("',
  'zq\u0000nul\u001fus\u007fdel\u0085nel',
  'zq\ud800lone\udfffsurrogates',
  'zq🦀astral',
  'zq__proto__',
];

/** A preset with every id, name and reference marked, so text of the file can be recognised anywhere. */
export function markedPreset(key: string): SceneDocument {
  const doc = structuredClone(preset(key));
  const m = (s: string): string => (s === '' ? s : `zq${s}`.slice(0, 64));
  const refs = new Set([...doc.agentTypes.map((t) => t.id), ...doc.world.paths.map((p) => p.id), ...doc.world.targets.map((t) => t.name)]);
  doc.name = `zq ${doc.name}`.slice(0, 200);
  doc.description = `zq ${doc.description}`.slice(0, 5000);
  for (const p of doc.world.paths) p.id = m(p.id);
  for (const t of doc.world.targets) t.name = m(t.name);
  doc.agentTypes.forEach((t, k) => {
    t.id = m(t.id);
    t.name = PAYLOADS[k % PAYLOADS.length];
    // (State names are left unmarked: the compiled program's states table carries them, outside
    // the scene literal. They are ID_PATTERN names, so they cannot escape a string there.)
    for (const g of [...t.states.map((s) => s.graph), ...(t.anyState ? [t.anyState] : [])]) {
      for (const n of g.nodes) {
        n.id = m(n.id);
        for (const [p, v] of Object.entries(n.params)) if (typeof v === 'string' && refs.has(v)) n.params[p] = m(v);
      }
      for (const c of g.connections) {
        c.from[0] = m(c.from[0]);
        c.to[0] = m(c.to[0]);
      }
    }
  });
  const r = validateScene(doc);
  if (!r.ok) throw new Error(`marked preset ${key} does not validate: ${JSON.stringify(r.errors)}`);
  return r.doc;
}

let BASES: SceneDocument[] | undefined;
let BASE_TEXTS: string[] | undefined;

function bases(): SceneDocument[] {
  return (BASES ??= PRESET_KEYS.map(markedPreset));
}

function baseTexts(): string[] {
  return (BASE_TEXTS ??= bases().map((d) => serializeScene(d)));
}

// ── Mutations of the value ─────────────────────────────────────────────────────────────────────

/** Values that are wrong somewhere, or everywhere. */
function hostileValue(r: Rng): Json {
  switch (r.int(16)) {
    case 0:
      return r.pick([NaN, Infinity, -Infinity]) as number; // JSON.stringify writes null
    case 1:
      return r.pick(['1', '0', '-1', '1e3', 'NaN', 'Infinity', '-Infinity', '-0', '0x10', '', ' 5 ', 'true', 'null']);
    case 2:
      return r.pick([-1, -0, 0, 0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 2, 4294967296, 100_001, 1e-7, 0.1 + 0.2, 1_000_000.5]);
    case 3:
      return r.chance(0.5);
    case 4:
      return null;
    case 5:
      return [];
    case 6:
      return {};
    case 7:
      return r.pick(PAYLOADS);
    case 8: {
      // deep nesting
      let v: Json = r.pick(PAYLOADS);
      const depth = 5 + r.int(200);
      for (let d = 0; d < depth; d++) v = r.chance(0.5) ? [v] : { zq: v };
      return v;
    }
    case 9: {
      // a long list
      // (fresh items: a later mutation of one shared item would grow every one of them)
      const n = r.pick([100, 1000, 10_000, 50_000]);
      const item: Json = r.pick<Json>([0, 'zq', null, [0, 0], { id: 'zq' }]);
      return Array.from({ length: n }, () => structuredClone(item));
    }
    case 10:
      return `zq${'x'.repeat(r.pick([61, 64, 65, 200, 201, 5000, 5001, 100_000]))}`;
    case 11: {
      // prototype-pollution keys
      const key = r.pick(['__proto__', 'constructor', 'prototype']);
      return JSON.parse(`{"${key}":{"polluted":"zq","toString":"zq"},"zq":1}`) as Json;
    }
    case 12:
      return r.pick([[1, 2, 3], [1], ['1', '2'], [NaN, 0], [1e308, 1e308]]) as Json;
    case 13:
      return { id: 'zqX', kind: r.pick(['seek', 'sum', 'zqUnknown', '', 'agent-output']), params: {}, position: [0, 0] };
    case 14:
      return { from: ['zqX', 'force'], to: ['zqX', 'in0'] };
    default:
      return r.pick(['wrap', 'bounce', 'steergraph', '#ffffff', 'zq-id', 'sum', 'in0', 'force']);
  }
}

/** Every (container, key) slot of a value. */
function slots(root: Json): { parent: Json[] | { [k: string]: Json }; key: string | number }[] {
  const out: { parent: Json[] | { [k: string]: Json }; key: string | number }[] = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        out.push({ parent: v, key: i });
        if (typeof x === 'object' && x !== null) stack.push(x);
      });
    } else if (typeof v === 'object' && v !== null) {
      for (const k of Object.keys(v)) {
        out.push({ parent: v, key: k });
        const x = v[k];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
    }
  }
  return out;
}

function objects(root: Json): { [k: string]: Json }[] {
  const out: { [k: string]: Json }[] = [];
  if (typeof root === 'object' && root !== null && !Array.isArray(root)) out.push(root);
  for (const s of slots(root)) {
    const v = (s.parent as Record<string | number, Json>)[s.key];
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(v);
  }
  return out;
}

/** Sets an own property, even `__proto__`. */
function setOwn(o: { [k: string]: Json }, k: string, v: Json): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

const TYPOS: Record<string, string> = { width: 'widht', nodes: 'node', connections: 'conections', params: 'parms', maxSpeed: 'maxspeed', agentTypes: 'agenttypes' };

/** One structural change to a document value. */
function mutateValue(r: Rng, doc: Json): void {
  const all = slots(doc);
  if (!all.length) return;
  const graphs = objects(doc).filter((o) => Array.isArray(o.nodes) && Array.isArray(o.connections));
  switch (r.int(10)) {
    case 0:
    case 1:
    case 2: {
      const s = r.pick(all);
      (s.parent as Record<string | number, Json>)[s.key] = hostileValue(r);
      return;
    }
    case 3: {
      const s = r.pick(all);
      if (Array.isArray(s.parent)) s.parent.splice(s.key as number, 1);
      else delete s.parent[s.key as string];
      return;
    }
    case 4: {
      const o = r.pick(objects(doc));
      if (o) setOwn(o, r.pick(['__proto__', 'constructor', 'prototype', 'zqExtra', 'toString', 'hasOwnProperty', 'valueOf', '$schema']), hostileValue(r));
      return;
    }
    case 5: {
      // duplicate an item of a list (duplicate ids)
      const lists = all.filter((s) => Array.isArray((s.parent as Record<string | number, Json>)[s.key]));
      const s = lists.length ? r.pick(lists) : undefined;
      const list = s && ((s.parent as Record<string | number, Json>)[s.key] as Json[]);
      if (list && list.length) list.push(structuredClone(list[r.int(list.length)]));
      return;
    }
    case 6: {
      // graph damage: self-connections, cycles, dangling ends, unknown kinds
      const g = graphs.length ? r.pick(graphs) : undefined;
      if (!g) return;
      const nodes = (g.nodes as Json[]).filter((n): n is { [k: string]: Json } => typeof n === 'object' && n !== null && !Array.isArray(n));
      const conns = g.connections as Json[];
      const id = (k: number) => (nodes.length ? (nodes[k % nodes.length].id ?? 'zqGhost') : 'zqGhost');
      const a = r.int(100);
      const b = r.int(100);
      switch (r.int(5)) {
        case 0:
          conns.push({ from: [id(a), 'force'], to: [id(a), r.pick(['in0', 'in', 'force'])] });
          break;
        case 1:
          conns.push({ from: [id(a), 'force'], to: [id(b), 'in0'] }, { from: [id(b), 'force'], to: [id(a), 'in1'] });
          break;
        case 2:
          conns.push({ from: ['zqGhost', 'force'], to: [id(a), 'zqPort'] });
          break;
        case 3:
          if (nodes.length) nodes[a % nodes.length].kind = r.pick(['zqUnknown', 'Seek', 'seek ', 'agent-output', 'sum']);
          break;
        default:
          if (nodes.length) (nodes[a % nodes.length].params as { [k: string]: Json }) = { inputs: r.pick([0, 3, 33, 1e9, -1, 2.5, '4']), w0: r.pick([1e308, '1', true]), zqOther: 1 };
      }
      return;
    }
    case 7: {
      // a misspelt or re-cased field
      const o = r.pick(objects(doc));
      const k = o && r.pick(Object.keys(o));
      if (o && k !== undefined) {
        const v = o[k];
        delete o[k];
        setOwn(o, TYPOS[k] ?? (r.chance(0.5) ? k.toUpperCase() : `${k} `), v);
      }
      return;
    }
    case 8: {
      // a number as a string, or a string as a number
      const s = r.pick(all);
      const v = (s.parent as Record<string | number, Json>)[s.key];
      (s.parent as Record<string | number, Json>)[s.key] = typeof v === 'number' ? String(v) : typeof v === 'string' ? Number(v) : v;
      return;
    }
    default: {
      // a list where an object belongs, or the other way round
      const s = r.pick(all);
      const v = (s.parent as Record<string | number, Json>)[s.key];
      (s.parent as Record<string | number, Json>)[s.key] = Array.isArray(v) ? { ...v } : typeof v === 'object' && v !== null ? Object.values(v) : [v];
    }
  }
}

/**
 * Damage that the loader lets through (contract 6: problems inside a graph are the compiler's):
 * unknown kinds, hostile texts as kinds, ports and parameter values, parameters out of range or of
 * the wrong type, dangling and self connections, cycles, missing or extra outputs, odd ids.
 */
function damageGraph(r: Rng, doc: SceneDocument): void {
  const types = doc.agentTypes;
  if (!types.length) return;
  const t = r.pick(types);
  const g = r.chance(0.3) && t.anyState ? t.anyState : r.pick(t.states).graph;
  const node = () => (g.nodes.length ? r.pick(g.nodes) : undefined);
  const text = (max: number) => r.pick(PAYLOADS).slice(0, max);
  const id = () => (g.nodes.length ? r.pick(g.nodes).id : 'zqGhost');
  switch (r.int(12)) {
    case 0: {
      const n = node();
      if (n) n.kind = r.chance(0.5) ? text(64) : r.pick(['zqkind', 'Seek', 'agent-output', 'sum', 'priority', 'flock']);
      return;
    }
    case 1: {
      const n = node();
      if (n) n.params[r.pick(['target', 'agentType', 'path', 'radius', 'weight', 'inputs', 'w0', 'w31', 'enabled', 'factor', 'margin', 'zqExtra'])] = r.pick<number | boolean | string>([1e308, -1e308, -0, 5e-324, 0, -1, 1e7, 2.5, 33, true, false, '', 'zq', text(200), '__proto__', 'constructor']);
      return;
    }
    case 2:
      g.connections.push({ from: [id(), r.chance(0.5) ? 'force' : text(64)], to: [id(), r.chance(0.5) ? r.pick(['in0', 'in1', 'force', 'target', 'in31', 'in32']) : text(64)] });
      return;
    case 3: {
      const a = id();
      g.connections.push({ from: [a, 'force'], to: [a, 'in0'] });
      return;
    }
    case 4: {
      const a = id();
      const b = id();
      g.connections.push({ from: [a, 'force'], to: [b, 'in0'] }, { from: [b, 'force'], to: [a, 'in1'] }, { from: [b, 'force'], to: [a, 'force'] });
      return;
    }
    case 5:
      g.connections.push({ from: ['zqGhost', 'force'], to: [id(), 'in0'] }, { from: [id(), 'force'], to: ['zqGhost2', 'force'] });
      return;
    case 6:
      g.nodes = g.nodes.filter((n) => n.kind !== 'agent-output');
      return;
    case 7:
      g.nodes.push({ id: `zqOut${g.nodes.length}`, kind: 'agent-output', params: {}, position: [0, 0] });
      return;
    case 8: {
      // the node ids and names JavaScript holds dear, where they are still unique
      const n = node();
      const name = r.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
      if (n && !g.nodes.some((x) => x.id === name)) {
        for (const c of g.connections) {
          if (c.from[0] === n.id) c.from[0] = name;
          if (c.to[0] === n.id) c.to[0] = name;
        }
        n.id = name;
      }
      return;
    }
    case 9:
      g.nodes.push({ id: `zqN${g.nodes.length}`, kind: r.pick(['nearest-agent', 'named-target', 'path', 'follow-path', 'flock', 'contain', 'sum', 'priority']), params: { agentType: 'zqNope', target: 'zqNope', path: 'zqNope', inputs: 32 }, position: [1e7, -1e7] });
      return;
    case 10:
      doc.world.width = r.pick([5e-324, 1e-9, 1, 1_000_000]);
      doc.world.height = r.pick([5e-324, 1, 1_000_000]);
      return;
    default:
      t.count = r.pick([0, 1, 100_000]);
      t.maxSpeed = r.pick([0, 10_000]);
      t.mass = r.pick([5e-324, 1_000_000]);
  }
}

/** Turn rates and smoothing (BEHAVIORS.md, "Orientation"): in range, at its ends, and every way out of it. */
const TURN_RATES = [1e-9, 0.5, 3, 45, 179.999, 180, 0, -0, -1, 180.0001, 1e308, '5', null, true];
const SMOOTHINGS = [0, 2, 3, 64, 1, 65, 2.5, -2, '8', null];

/** Gives some agent types a maxTurnRate and a headingSmoothing, mostly valid ones. */
function orientationFor(r: Rng, doc: SceneDocument): void {
  for (const t of doc.agentTypes) {
    const o = t as unknown as Record<string, unknown>;
    if (r.chance(0.6)) o.maxTurnRate = r.chance(0.95) ? r.pick(TURN_RATES.slice(0, 6)) : r.pick(TURN_RATES);
    if (r.chance(0.4)) o.headingSmoothing = r.chance(0.95) ? r.pick(SMOOTHINGS.slice(0, 4)) : r.pick(SMOOTHINGS);
  }
}

// ── States ─────────────────────────────────────────────────────────────────────────────────────

/** The node kinds of numbers and conditions (and Go to State): what states are made of. */
const STATE_KINDS = NODE_DEFS.filter((d) => d.kind === 'go-to-state' || d.outputs.some((o) => o.type === 'number' || o.type === 'condition')).map((d) => d.kind);

/** Minimum times: in range, at its ends, and every way out of it. */
const MIN_TICKS = [0, 1, 30, 600, 10_000_000, 10_000_001, -1, 0.5, -0, 1e308, NaN, '5', true, null];

/** A node of a number or condition kind (or Go to State) with its parameters in range, at their ends or hostile. */
function stateNode(r: Rng, id: string, states: string[]): GraphNode {
  const kind = r.chance(0.25) ? 'go-to-state' : r.pick(STATE_KINDS);
  const def = NODE_DEFS.find((d) => d.kind === kind)!;
  const params: GraphNode['params'] = {};
  for (const p of paramDefs(def, {})) {
    if (!r.chance(0.6)) continue;
    if (p.type === 'number') params[p.key] = r.pick([p.default, p.min, p.max, p.min - 1, p.max + 1, 0.5, -0, 1e308]);
    else if (p.type === 'state') params[p.key] = r.chance(0.7) && states.length ? r.pick(states) : r.pick(['', 'zqMissing', 'zq nope']);
    else if (p.type === 'choice') params[p.key] = r.chance(0.8) ? r.pick(p.options).value : 'zqChoice';
    else if (p.type === 'boolean') params[p.key] = r.chance(0.5);
    else params[p.key] = r.pick(['', 'zqRef', ...states]);
  }
  return { id, kind, params, position: [r.int(800), r.int(600)] };
}

/** Wires: mostly from a node's output to an input of its type, sometimes to any port. */
function stateWires(r: Rng, g: Graph, count: number): void {
  const defs = (n: GraphNode) => NODE_DEFS.find((d) => d.kind === n.kind);
  for (let k = 0; k < count && g.nodes.length > 1; k++) {
    const a = r.pick(g.nodes);
    const b = r.pick(g.nodes);
    const out = defs(a)?.outputs ?? [];
    const ins = defs(b)?.inputs ?? [];
    const o = out.length ? r.pick(out) : undefined;
    const typed = ins.filter((i) => i.type === o?.type || (o?.type === 'agent' && i.type === 'point'));
    const i = typed.length && r.chance(0.8) ? r.pick(typed) : ins.length ? r.pick(ins) : undefined;
    g.connections.push({ from: [a.id, o?.key ?? 'holds'], to: [b.id, i?.key ?? r.pick(['when', 'a', 'in0', 'zqPort'])] });
  }
}

/**
 * Gives a type more states (copies of its graphs, or graphs of number, condition and Go to State
 * nodes wired among themselves and into its nodes), an any-state graph, minimum times and reset on
 * enter in and out of range, and Go to State nodes into its existing graphs.
 */
function addStates(r: Rng, doc: SceneDocument): void {
  if (!doc.agentTypes.length) return;
  const t = r.pick(doc.agentTypes);
  const extra = r.pick([1, 1, 2, 3, 8]);
  const names = t.states.map((s) => s.name);
  // Most files are valid documents (their problems are the compiler's); one in four has one value the loader refuses.
  const hostile = r.chance(0.25) ? r.int(3) : -1;
  for (let k = 0; k < extra; k++) {
    const name = hostile === 0 && k === 0 ? r.pick(['', 'zq bad name', names[0] ?? 's', `s${'s'.repeat(70)}`]) : `s${names.length}`;
    names.push(name);
    const graph: Graph = r.chance(0.5) ? structuredClone(r.pick(t.states).graph) : { nodes: [{ id: 'zqout', kind: 'agent-output', params: {}, position: [0, 0] }, { id: 'zqw', kind: 'wander', params: {}, position: [0, 0] }], connections: [{ from: ['zqw', 'force'], to: ['zqout', 'force'] }] };
    t.states.push({ name, graph });
  }
  for (const s of t.states) {
    if (r.chance(0.4)) s.minTicks = r.pick(MIN_TICKS.slice(0, 5) as number[]);
    if (r.chance(0.3)) s.resetOnEnter = r.chance(0.5);
    // Go to State nodes and the conditions and numbers they read
    const nodes = r.int(8);
    for (let j = 0; j < nodes; j++) s.graph.nodes.push(stateNode(r, `zqst${s.graph.nodes.length}`, names));
    stateWires(r, s.graph, r.int(2 * nodes + 1));
  }
  const s = r.pick(t.states) as { minTicks?: unknown; resetOnEnter?: unknown };
  if (hostile === 1) s.minTicks = r.pick(MIN_TICKS.slice(5));
  if (hostile === 2) s.resetOnEnter = r.pick<unknown>(['yes', 1, null, 0]);
  if (r.chance(0.5)) {
    const g: Graph = { nodes: [], connections: [] };
    for (let j = 1 + r.int(6); j > 0; j--) g.nodes.push(stateNode(r, `zqany${g.nodes.length}`, names));
    if (r.chance(0.1)) g.nodes.push({ id: 'zqforce', kind: r.pick(['seek', 'wander', 'agent-output']), params: {}, position: [0, 0] });
    stateWires(r, g, r.int(8));
    t.anyState = g;
  }
}

// ── Type parameters ────────────────────────────────────────────────────────────────────────────

/**
 * Gives a type parameters (ranges of every width, at and beyond the node parameters' ends; one in
 * twenty files one the loader refuses) and exposes its nodes' number parameters under them: mostly
 * names it has, some it lacks, keys that are no number parameter, whole numbers and constants the
 * compiler must refuse; and Parameter nodes wired into number inputs.
 */
function addParams(r: Rng, doc: SceneDocument): void {
  if (!doc.agentTypes.length) return;
  const t = r.pick(doc.agentTypes);
  const params: TypeParam[] = [];
  for (let k = r.int(4); k >= 0; k--) {
    const min = r.pick([0, -1, 0.5, 10, -1e6, 5e-324]);
    const max = r.chance(0.1) ? 1e9 : min + r.pick([0, 1, 4, 100, 1e6]);
    params.push({ name: `zqp${k}`, default: r.pick([min, max, (min + max) / 2]), min, max, ...(r.chance(0.3) ? { unit: 'px' } : {}) });
  }
  if (r.chance(0.05)) {
    const p = params[0] as unknown as Record<string, unknown>;
    const bad = r.int(4);
    if (bad === 0) p.default = p.max as number + 1;
    else if (bad === 1) p.min = NaN;
    else if (bad === 2) p.name = r.pick(['', 'zq bad', '1zq']);
    else params.push({ ...params[0] });
  }
  t.params = params;
  const names = params.map((p) => p.name);
  const graphs = [...t.states.map((s) => s.graph), ...(t.anyState ? [t.anyState] : [])];
  for (const g of graphs) {
    for (const n of g.nodes) {
      const def = NODE_DEFS.find((d) => d.kind === n.kind);
      if (!def || !r.chance(0.4)) continue;
      const exposed: Record<string, string> = {};
      const put = (k: string, v: string) => Object.defineProperty(exposed, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const p of paramDefs(def, n.params)) if (p.type === 'number' && r.chance(0.5)) put(p.key, r.chance(0.85) ? r.pick(names) : 'zqMissing');
      if (r.chance(0.1)) put(r.pick(['target', 'zqKey', '__proto__', 'agentType']), names[0]);
      if (Object.keys(exposed).length) n.exposed = exposed;
    }
  }
  const g = r.pick(graphs);
  for (let k = r.int(3); k > 0; k--) {
    const id = `zqpar${g.nodes.length}`;
    const targets = g.nodes.flatMap((n) => {
      const def = NODE_DEFS.find((d) => d.kind === n.kind);
      return def ? inputPorts(def, n.params).filter((p) => p.type === 'number').map((p): [string, string] => [n.id, p.key]) : [];
    });
    g.nodes.push({ id, kind: 'parameter', params: { name: r.chance(0.85) ? r.pick(names) : 'zqMissing' }, position: [0, 0] });
    if (targets.length) g.connections.push({ from: [id, 'value'], to: r.pick(targets) });
  }
}

// ── Walls ──────────────────────────────────────────────────────────────────────────────────────

/** A coordinate for a wall's point: mostly inside the world, sometimes on the range's very edge. */
function wallCoordinate(r: Rng, size: number): number {
  return r.chance(0.05) ? r.pick([-10_000_000, 10_000_000, -0, 0, 5e-324]) : Math.round(r.float() * size * 100) / 100;
}

/**
 * Walls for a document (valid ones: polylines, polygons, regions that are not solid, points that
 * repeat, walls with no segment left, walls on the coordinate range's edge, ids that are
 * marked or that JavaScript holds dear), and in one call in three one thing the loader refuses:
 * a hole in the points (a missing item or coordinate), NaN or ±Infinity (JSON writes null), a
 * coordinate out of range, too few points, too many points in a wall or in all, too many walls, a
 * duplicate or malformed id, a wrong `closed` or `solid`, an unknown key, a wall that is no object.
 * The value may hold NaN and sparse lists: written as JSON they become null.
 */
export function wallsFor(r: Rng, world: { width: number; height: number }): unknown[] {
  const walls: { [k: string]: unknown }[] = [];
  const n = r.pick([1, 1, 2, 3, 5, 12, 40]);
  for (let k = 0; k < n; k++) {
    const closed = r.chance(0.4);
    const points: unknown[] = [];
    const count = (closed ? 3 : 2) + r.int(r.chance(0.1) ? 200 : 6);
    for (let j = 0; j < count; j++) {
      const prev = points[j - 1] as [number, number] | undefined;
      // a repeated point, or one within ε of the one before
      if (prev && r.chance(0.15)) points.push(r.chance(0.5) ? [prev[0], prev[1]] : [prev[0] + 0.0005, prev[1]]);
      else points.push([wallCoordinate(r, world.width), wallCoordinate(r, world.height)]);
    }
    // a wall with no segment at all: every point the same
    if (r.chance(0.1)) for (let j = 1; j < points.length; j++) points[j] = [...(points[0] as number[])];
    const id = r.chance(0.1) ? r.pick(['__proto__', 'constructor', 'toString', 'zq-wall', `zq${'w'.repeat(62)}`]) : `zqw${k}`;
    const wall: { [k: string]: unknown } = { id, points, closed };
    if (r.chance(0.3)) wall.solid = r.chance(0.5);
    if (!walls.some((w) => w.id === id)) walls.push(wall);
  }
  if (!r.chance(1 / 3)) return walls;
  const w = r.pick(walls);
  const points = w.points as unknown[];
  const line = (m: number, y = 0) => Array.from({ length: m }, (_, j) => [j % 800, y]);
  switch (r.int(14)) {
    case 0:
      // a hole: a missing point, or a sparse list
      if (r.chance(0.5)) points[r.int(points.length)] = null;
      else delete points[r.int(points.length)];
      break;
    case 1:
      (points[r.int(points.length)] as unknown[])[r.int(2)] = r.pick([NaN, Infinity, -Infinity]);
      break;
    case 2:
      (points[r.int(points.length)] as unknown[]).length = r.pick([0, 1, 3]);
      break;
    case 3:
      (points[r.int(points.length)] as unknown[])[r.int(2)] = r.pick([10_000_001, -10_000_001, 1e308, '5', null, true]);
      break;
    case 4:
      points.length = w.closed ? r.int(3) : r.int(2);
      break;
    case 5:
      w.points = line(LIMITS.pointsPerWall + r.pick([1, 2, 1000]));
      break;
    case 6:
      // 50,001 points in all, each wall within its own limit
      walls.push(...Array.from({ length: LIMITS.wallPoints / LIMITS.pointsPerWall }, (_, k) => ({ id: `zqfull${k}`, points: line(LIMITS.pointsPerWall, k), closed: false })), { id: 'zqone', points: line(1), closed: false });
      break;
    case 7:
      walls.push(...Array.from({ length: LIMITS.walls + 1 - walls.length }, (_, k) => ({ id: `zqmany${k}`, points: line(2, k), closed: false })));
      break;
    case 8:
      walls.push(structuredClone(w));
      break;
    case 9:
      w.id = r.pick(['', '1st', 'zq wall', `zq${'w'.repeat(70)}`, 7, null, PAYLOADS[r.int(PAYLOADS.length)]]);
      break;
    case 10:
      w.closed = r.pick(['yes', 1, null, undefined, 'true']);
      break;
    case 11:
      w.solid = r.pick(['no', 0, null, 'false']);
      break;
    case 12:
      Object.defineProperty(w, r.pick(['loop', 'zqExtra', 'Points', 'solid ', '__proto__']), { value: true, enumerable: true, writable: true, configurable: true });
      break;
    default:
      walls[walls.indexOf(w)] = r.pick([[], 'zq', 5, null, [w.id, w.points, w.closed]]) as never;
  }
  return walls;
}

// ── Mutations of the text ─────────────────────────────────────────────────────────────────────

/** Number spellings: some JSON permits (and JSON.parse reads as ±Infinity or 0), most it does not. */
const NUMBER_SPELLINGS = [
  '1e999', '-1e999', '1E400', '-1e+999', '1e-999', '-0', '0e0', '0.0e-0', '1.0E+2', // JSON
  'NaN', '-NaN', 'Infinity', '-Infinity', '+Infinity', '0x10', '.5', '+1', '1.', '01', '00', '-', '1e', '1e+', '1_000', '0b1', '1n', '١', '１', '--1', '1..2', '"1"', '"NaN"', '"Infinity"',
];

const JUNK = ['{', '}', '[', ']', ',', ':', '"', '\\', "'", ' ', '\n', '\t', '\u0000', '\u0001', '\u001f', '\u007f', '\ufeff', '\u00a0', '\u2028', '\ud800', '\udc00', 'zq', 'null', 'true', '//', '/*', '*/', 'é', '🦀'];

function mutateText(r: Rng, text: string): string {
  const at = r.int(text.length + 1);
  switch (r.int(12)) {
    case 0:
      return text.slice(0, at); // truncated
    case 1: {
      // a number spelt another way
      const nums = [...text.matchAll(/(?<=[:,[\s])-?\d+(\.\d+)?([eE][+-]?\d+)?(?=[,\]}\s])/g)];
      if (!nums.length) return text;
      const m = r.pick(nums);
      return text.slice(0, m.index) + r.pick(NUMBER_SPELLINGS) + text.slice(m.index! + m[0].length);
    }
    case 2: {
      // a few bytes of junk somewhere
      let t = text;
      for (let k = 1 + r.int(3); k > 0; k--) {
        const i = r.int(t.length + 1);
        t = t.slice(0, i) + r.pick(JUNK) + t.slice(i + (r.chance(0.5) ? 1 : 0));
      }
      return t;
    }
    case 3:
      return r.pick(['\ufeff', '\ufeff\ufeff', ' \ufeff', '\u00a0', '\r\n', '\u0000']) + text;
    case 4:
      return text + r.pick(['\n', '\u0000', ',', '}', ' zq', '\ufeff', '\n{}', '//zq']);
    case 5:
      // a trailing comma, a comment, single quotes
      return r.pick([text.replace(/\]\s*\}\s*$/, '],}'), text.replace('{', '{ // zq\n'), text.replace('{', '{ /* zq */'), text.replace(/"/g, "'")]);
    case 6: {
      // a duplicate key: JSON.parse keeps the last one
      const key = r.pick(['format', 'version', 'world', 'agentTypes', '__proto__', 'constructor', 'id', 'count', 'params', 'zq']);
      const value = r.pick(['"steergraph"', '1', '2', 'null', '{"polluted":"zq"}', '[]', '"zq"', '1e999', '{}']);
      const braces = [...text.matchAll(/\{/g)];
      if (!braces.length) return text;
      const b = r.pick(braces).index! + 1;
      return `${text.slice(0, b)}"${key}": ${value},${text.slice(b)}`;
    }
    case 7: {
      // a string made hostile, keeping the JSON valid
      const strs = [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)];
      if (!strs.length) return text;
      const m = r.pick(strs);
      return text.slice(0, m.index) + JSON.stringify(r.pick(PAYLOADS)) + text.slice(m.index! + m[0].length);
    }
    case 8:
      // raw control characters or escapes inside strings
      return text.replace(/"name": "/, `"name": "${r.pick(['\t', '\n', '\u0000', '\\u0000', '\\ud800', '\\x41', '\\u12', '\\'])}`);
    case 9:
      return `[${text}]`;
    case 10: {
      // a swapped byte pair
      if (text.length < 2) return text;
      const i = r.int(text.length - 1);
      return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
    }
    default:
      return text.slice(0, at) + text.slice(at + 1 + r.int(50));
  }
}

// ── Whole files ──────────────────────────────────────────────────────────────────────────────

/** A random JSON value. */
function randomJson(r: Rng, depth = 0): Json {
  const k = r.int(depth > 4 ? 5 : 8);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -0, 42]);
    case 3:
      return r.pick(PAYLOADS);
    case 4:
      return r.pick(['steergraph', 'wrap', '1']);
    case 5:
    case 6: {
      const o: { [k: string]: Json } = {};
      for (let i = r.int(6); i > 0; i--) setOwn(o, r.pick(['format', 'version', 'name', 'world', 'agentTypes', 'graph', 'nodes', '__proto__', 'zq', 'id']), randomJson(r, depth + 1));
      return o;
    }
    default:
      return Array.from({ length: r.int(5) }, () => randomJson(r, depth + 1));
  }
}

/** A valid document as big as the limits allow in some direction, for the slow paths. */
function atTheLimits(r: Rng, which: number): SceneDocument {
  const doc = structuredClone(bases()[r.int(bases().length)]);
  const type = doc.agentTypes[0];
  const kinds = ['sum', 'seek', 'zqUnknown', 'wander', 'priority', 'flock'];
  switch (which % 7) {
    case 0: {
      // 2,000 nodes, each with 100 parameters (mostly unknown ones)
      type.states[0].graph.nodes = Array.from({ length: LIMITS.nodesPerGraph }, (_, j) => ({
        id: `zqn${j}`,
        kind: kinds[j % kinds.length],
        params: Object.fromEntries(Array.from({ length: LIMITS.paramsPerNode }, (_, k) => [`zqp${k}`, k % 3 ? k : 'zq'])),
        position: [j, j] as [number, number],
      }));
      type.states[0].graph.connections = [];
      break;
    }
    case 1: {
      // 5 graphs of 2,000 Sums and all the connections allowed, most of them in conflict
      doc.agentTypes = Array.from({ length: 5 }, (_, k) => ({
        ...structuredClone(type),
        id: `zqt${k}`,
        states: [{ name: 'default', graph: {
          nodes: Array.from({ length: LIMITS.nodesPerGraph }, (_, j) => ({ id: `zqn${j}`, kind: j === 0 ? 'agent-output' : 'sum', params: {}, position: [0, 0] as [number, number] })),
          connections: Array.from({ length: LIMITS.connectionsTotal / 5 }, (_, j) => ({ from: [`zqn${(j + 1) % 2000}`, 'force'] as [string, string], to: [`zqn${j % 2000}`, `in${j % 5}`] as [string, string] })),
        } }],
      }));
      break;
    }
    case 2: {
      // a chain of 2,000 Sums into the output
      const n = LIMITS.nodesPerGraph;
      type.states[0].graph.nodes = [{ id: 'zqout', kind: 'agent-output', params: {}, position: [0, 0] }, ...Array.from({ length: n - 2 }, (_, j) => ({ id: `zqn${j}`, kind: 'sum', params: {}, position: [0, 0] as [number, number] })), { id: 'zqw', kind: 'wander', params: {}, position: [0, 0] }];
      type.states[0].graph.connections = [
        { from: ['zqn0', 'force'], to: ['zqout', 'force'] },
        ...Array.from({ length: n - 3 }, (_, j) => ({ from: [`zqn${j + 1}`, 'force'] as [string, string], to: [`zqn${j}`, 'in0'] as [string, string] })),
        { from: ['zqw', 'force'], to: [`zqn${n - 3}`, 'in0'] },
      ];
      break;
    }
    case 3: {
      // all the connections allowed, dangling, in 5 graphs of 2,000 unknown nodes
      doc.agentTypes = Array.from({ length: 5 }, (_, k) => ({
        ...structuredClone(type),
        id: `zqt${k}`,
        states: [{ name: 'default', graph: {
          nodes: Array.from({ length: LIMITS.nodesPerGraph }, (_, j) => ({ id: `zqn${j}`, kind: `zqkind${j}`, params: {}, position: [0, 0] as [number, number] })),
          connections: Array.from({ length: LIMITS.connectionsTotal / 5 }, (_, j) => ({ from: [`zqx${j}`, 'force'] as [string, string], to: [`zqy${j}`, `zqin${j}`] as [string, string] })),
        } }],
      }));
      break;
    }
    case 4: {
      // every path, path point, obstacle and target allowed: full paths, then the rest of the points shared
      const full = LIMITS.pointsTotal / LIMITS.pointsPerPath - 1;
      const rest = Math.floor((LIMITS.pointsTotal - full * LIMITS.pointsPerPath) / (LIMITS.paths - full));
      doc.world.paths = Array.from({ length: LIMITS.paths }, (_, k) => ({ id: `zqp${k}`, points: Array.from({ length: k < full ? LIMITS.pointsPerPath : rest }, (_, j) => [j % 800, (j * 7) % 600] as [number, number]), loop: k % 2 === 0 }));
      doc.world.obstacles = Array.from({ length: LIMITS.obstacles }, (_, j) => ({ x: j % 800, y: j % 600, r: 5 }));
      doc.world.targets = Array.from({ length: LIMITS.targets }, (_, j) => ({ name: `zqt${j}`, x: j, y: j }));
      break;
    }
    case 5: {
      // every wall and wall point allowed: 2,000 walls of 25 points, polylines and polygons, some not solid
      const per = LIMITS.wallPoints / LIMITS.walls;
      doc.world.walls = Array.from({ length: LIMITS.walls }, (_, k) => ({
        id: `zqw${k}`,
        points: Array.from({ length: per }, (_, j) => [(k * 7 + j * 31) % 800, (k * 3 + j * j) % 600] as [number, number]),
        closed: k % 3 === 0,
        ...(k % 5 === 0 ? { solid: false } : {}),
      }));
      break;
    }
    default: {
      // 32 agent types, 10,000 nodes in all, every one a Flock reading another type
      doc.agentTypes = Array.from({ length: LIMITS.agentTypes }, (_, k) => ({
        ...structuredClone(type),
        id: `zqt${k}`,
        count: 6000,
        states: [{ name: 'default', graph: {
          nodes: Array.from({ length: Math.floor(LIMITS.nodesTotal / LIMITS.agentTypes) }, (_, j) => ({ id: `zqn${j}`, kind: j === 0 ? 'agent-output' : 'nearest-agent', params: { agentType: `zqt${(k + j) % 32}`, radius: j }, position: [0, 0] as [number, number] })),
          connections: [],
        } }],
      }));
    }
  }
  return doc;
}

/** The enormous files: over and just over the size limit, deeply nested, long, at the limits. */
function bigFile(r: Rng, which: number): { name: string; text: string } {
  const base = baseTexts()[r.int(baseTexts().length)];
  switch (which % 15) {
    case 0:
      return { name: '10 MB string', text: JSON.stringify(`zq${'x'.repeat(10 * 1024 * 1024)}`) };
    case 1:
      return { name: 'a valid scene padded to just over 5 MB', text: base + ' '.repeat(LIMITS.fileChars + 1 - base.length) };
    case 2:
      return { name: 'a valid scene padded to just under 5 MB', text: base.replace('{', `{${' '.repeat(LIMITS.fileChars - base.length - 1)}`) };
    case 3: {
      const d = JSON.parse(base) as { description: string };
      d.description = `zq${'d'.repeat(LIMITS.fileChars - base.length - 100)}`;
      return { name: 'a 5 MB description', text: JSON.stringify(d) };
    }
    case 4:
      return { name: 'nested 1,000,000 deep', text: '['.repeat(1_000_000) + ']'.repeat(1_000_000) };
    case 5:
      return { name: 'objects nested 500,000 deep', text: '{"a":'.repeat(500_000) + '1' + '}'.repeat(500_000) };
    case 6:
      return { name: 'unclosed nesting 2,000,000 deep', text: '['.repeat(2_000_000) };
    case 7:
      return { name: 'a million numbers', text: `[${Array.from({ length: 1_000_000 }, (_, i) => i % 10).join(',')}]` };
    case 8:
      return { name: '4 million line breaks, then junk', text: `${'\n'.repeat(4_000_000)}zq` };
    case 9:
      return { name: 'a text never closed, 4 MB', text: `{"name": "zq${'x'.repeat(4_000_000)}` };
    case 10: {
      const d = JSON.parse(base) as { agentTypes: unknown[] };
      d.agentTypes = Array.from({ length: 200_000 }, () => ({ id: 1 }));
      return { name: '200,000 bad agent types', text: JSON.stringify(d) };
    }
    case 11: {
      const d = JSON.parse(base) as { world: { paths: unknown[] } };
      d.world.paths = Array.from({ length: 100 }, (_, k) => ({ id: `zqp${k}`, points: Array.from({ length: 3000 }, () => ['zq', null]), loop: 1 }));
      return { name: '300,000 bad path points', text: JSON.stringify(d) };
    }
    case 12: {
      const d = JSON.parse(base) as { agentTypes: { states: { graph: { nodes: unknown[] } }[] }[] };
      d.agentTypes[0].states[0].graph.nodes = Array.from({ length: 2000 }, (_, j) => ({ id: `zqn${j}`, kind: 'sum', params: Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`p${k}`, {}])), position: [0, 0] }));
      return { name: '200,000 bad parameters', text: JSON.stringify(d) };
    }
    case 13: {
      const d = JSON.parse(base) as { world: { walls?: unknown[] } };
      d.world.walls = Array.from({ length: LIMITS.walls }, (_, k) => ({ id: `zqw${k}`, points: Array.from({ length: LIMITS.wallPoints / LIMITS.walls }, () => [null, 'zq']), closed: 'yes', solid: 0 }));
      return { name: '50,000 bad wall points in 2,000 bad walls', text: JSON.stringify(d) };
    }
    default: {
      const k = r.int(7);
      return { name: `a valid scene at the limits (${k})`, text: JSON.stringify(atTheLimits(r, k)) };
    }
  }
}

/** The number of distinct enormous files (bigFile's cases, at-the-limits counted each). */
export const BIG_FILES = 14 + 7;

/** File number `index` of run `seed`. */
export function fuzzFile(seed: number, index: number): { name: string; text: string; big?: boolean } {
  const r = new Rng((seed * 1_000_003 + index) >>> 0);
  const kind = r.int(1000);
  if (kind < 2) return { ...bigFile(r, r.int(15)), big: true };
  if (kind < 60) {
    const text = JSON.stringify(randomJson(r));
    return { name: 'random JSON', text: r.chance(0.3) ? mutateText(r, text) : text };
  }
  const k = r.int(bases().length);
  /** A base document, with walls in about a third of the files. */
  const base = (): SceneDocument => {
    const d = structuredClone(bases()[k]);
    if (r.chance(0.35)) (d.world as { walls?: unknown }).walls = wallsFor(r, d.world);
    if (r.chance(0.3)) orientationFor(r, d);
    return d;
  };
  // (type parameters from a generator of their own, so the other files stay what they were)
  const rp = new Rng(((seed * 1_000_003 + index) ^ 0x5f3759df) >>> 0);
  const withParams = (d: SceneDocument): void => {
    if (rp.chance(0.35)) addParams(rp, d);
  };
  if (kind < 250) {
    const d = base();
    withParams(d);
    addStates(r, d);
    if (r.chance(0.3)) addStates(r, d);
    const n = r.int(3);
    for (let i = 0; i < n; i++) damageGraph(r, d);
    let text = JSON.stringify(d, null, r.pick([0, 2]));
    if (r.chance(0.2)) {
      const v = JSON.parse(text) as Json;
      mutateValue(r, v);
      text = JSON.stringify(v);
    }
    return { name: `preset ${PRESET_KEYS[k]} with states, ${n} graph damage(s)`, text };
  }
  if (kind < 400) {
    const d = base();
    withParams(d);
    const n = 1 + r.int(6);
    for (let i = 0; i < n; i++) damageGraph(r, d);
    return { name: `preset ${PRESET_KEYS[k]}, ${n} graph damage(s)`, text: JSON.stringify(d, null, r.pick([0, 2])) };
  }
  if (kind < 700) {
    const v = base() as unknown as Json;
    const n = 1 + r.int(4);
    for (let i = 0; i < n; i++) mutateValue(r, v);
    let text: string;
    try {
      text = JSON.stringify(v, null, r.pick([0, 2, '\t']));
    } catch {
      text = `"zq: the mutated value is too large to write"`; // (a string past V8's longest)
    }
    return { name: `preset ${PRESET_KEYS[k]}, ${n} value mutation(s)`, text: r.chance(0.15) ? mutateText(r, text) : text };
  }
  let text = r.chance(0.35) ? JSON.stringify(base(), null, 2) : baseTexts()[k];
  const n = 1 + r.int(3);
  for (let i = 0; i < n; i++) text = mutateText(r, text);
  return { name: `preset ${PRESET_KEYS[k]}, ${n} text mutation(s)`, text };
}

/** The enormous files, each once (for the vitest sample). */
export function bigFiles(seed: number): { name: string; text: string }[] {
  const r = new Rng(seed);
  return [...Array.from({ length: 14 }, (_, k) => bigFile(r, k)), ...Array.from({ length: 7 }, (_, k) => ({ name: `a valid scene at the limits (${k})`, text: JSON.stringify(atTheLimits(r, k)) }))];
}

// ── Running a file ───────────────────────────────────────────────────────────────────────────

/** What one file did. */
export interface FileResult {
  loaded: boolean;
  /** Loaded, with a type of several states or an any-state graph. */
  stateful?: boolean;
  /** Loaded, with walls. */
  walled?: boolean;
  /** Loaded, with a type parameter that a node exposes or a Parameter node reads. */
  parameterised?: boolean;
  ms: number;
  problems: string[];
}

/**
 * A stopwatch for a machine shared with other work: the smaller of the wall-clock time and the
 * process's CPU time. Waiting for a core another process holds counts in the first, not in the
 * second; garbage collection on helper threads counts in the second, not in the first.
 */
function stopwatch(): () => number {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return () => {
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    return Math.min(wall, (c.user + c.system) / 1000);
  };
}

/** loadScene and (when it loads) emitModule: the work a file costs the app. Returns the time and results. */
function work(text: string): { ms: number; loaded: ReturnType<typeof loadScene>; module?: ReturnType<typeof emitModule>; thrown?: string } {
  const elapsed = stopwatch();
  let loaded: ReturnType<typeof loadScene>;
  try {
    loaded = loadScene(text);
  } catch (e) {
    return { ms: elapsed(), loaded: { ok: false, errors: [] }, thrown: `loadScene threw: ${String(e)}` };
  }
  if (!loaded.ok) return { ms: elapsed(), loaded };
  try {
    const module = emitModule(loaded.doc);
    return { ms: elapsed(), loaded, module };
  } catch (e) {
    return { ms: elapsed(), loaded, thrown: `emitModule threw: ${(e as Error).stack ?? String(e)}` };
  }
}

/** A full garbage collection (V8's, exposed at run time), so a big file does not pay for the garbage of the one before. */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/** Runs one file through the loader and the compiler, and checks everything above. */
export function runFile(text: string): FileResult {
  const problems: string[] = [];
  const before = globalState();
  if (text.length > 100_000) collectGarbage();
  const w = work(text);
  let ms = w.ms;
  if (w.thrown) problems.push(w.thrown);
  const loaded = w.loaded;
  if (!loaded.ok) {
    if (!w.thrown) {
      if (!Array.isArray(loaded.errors) || loaded.errors.length === 0) problems.push('refused without an error');
      if (loaded.errors.length > MAX_ERRORS + 1) problems.push(`${loaded.errors.length} errors (at most ${MAX_ERRORS + 1})`);
      for (const e of loaded.errors) {
        if (typeof e.path !== 'string' || typeof e.message !== 'string' || !e.message) problems.push(`a malformed error: ${JSON.stringify(e).slice(0, 200)}`);
        else if (e.path.length + e.message.length > 1000) problems.push(`an error of ${e.path.length + e.message.length} characters`);
      }
    }
  } else if (w.module) {
    const doc = loaded.doc;
    const again = validateScene(doc);
    if (!again.ok) problems.push(`loaded, but does not validate again: ${JSON.stringify(again.errors.slice(0, 2))}`);
    try {
      const back = loadScene(serializeScene(doc));
      if (!back.ok) problems.push(`loaded, but its saved text does not load: ${JSON.stringify(back.errors.slice(0, 2))}`);
      else if (!isDeepStrictEqual(back.doc, doc)) problems.push('loaded, but saving and loading it changes it');
    } catch (e) {
      problems.push(`loaded, but saving it threw: ${String(e)}`);
    }
    const p = literalProblem(w.module.js, doc, MARKER);
    if (p) problems.push(p);
    for (const d of w.module.diagnostics) {
      if (/[\n\r\u2028\u2029]/.test(d.message)) problems.push(`a diagnostic of more than one line: ${JSON.stringify(d.message).slice(0, 200)}`);
    }
    if (compile(doc).programSource.toLowerCase().includes(MARKER)) problems.push('document text in the compiled program');
  }
  const diff = globalDifference(before, globalState());
  if (diff) problems.push(`global state changed: ${diff}`);
  if (ms > SLOW_MS) {
    // Re-time twice and keep the fastest: another process on the machine is not the file's fault.
    for (let k = 0; k < 2; k++) {
      collectGarbage();
      ms = Math.min(ms, work(text).ms);
    }
  }
  const stateful = loaded.ok && loaded.doc.agentTypes.some((t) => t.states.length > 1 || t.anyState !== undefined);
  const walled = loaded.ok && (loaded.doc.world.walls?.length ?? 0) > 0;
  const parameterised = loaded.ok && loaded.doc.agentTypes.some((t) => (t.params?.length ?? 0) > 0 && graphsUse(t));
  return { loaded: loaded.ok, stateful, walled, parameterised, ms, problems };
}

/** Whether a type's graphs expose a parameter or hold a Parameter node. */
function graphsUse(t: SceneDocument['agentTypes'][number]): boolean {
  return [...t.states.map((s) => s.graph), ...(t.anyState ? [t.anyState] : [])].some((g) => g.nodes.some((n) => n.exposed !== undefined || n.kind === 'parameter'));
}

/** A fuzzing run's figures. */
export interface FuzzSummary {
  tried: number;
  loaded: number;
  /** Loaded files with states (several, or an any-state graph). */
  stateful: number;
  /** Loaded files with walls. */
  walled: number;
  /** Loaded files with type parameters in use. */
  parameterised: number;
  failures: { index: number; name: string; problems: string[] }[];
  slowest: { index: number; name: string; ms: number; chars: number }[];
  overSlow: number;
  seconds: number;
}

/**
 * Runs files `from` … `from + count − 1` of run `seed` (index −1 − k is big file k, see bigFiles),
 * and, when `big`, every enormous file once first.
 */
export function runFuzz(options: {
  seed: number;
  count: number;
  from?: number;
  /** Also every enormous file once, first. */
  big?: boolean;
  /** The time limit of an enormous file (default SLOW_MS). */
  bigMs?: number;
  progress?: (s: FuzzSummary) => void;
}): FuzzSummary {
  const t0 = performance.now();
  const s: FuzzSummary = { tried: 0, loaded: 0, stateful: 0, walled: 0, parameterised: 0, failures: [], slowest: [], overSlow: 0, seconds: 0 };
  const one = (index: number, name: string, text: string, big: boolean) => {
    const r = runFile(text);
    s.tried++;
    if (r.loaded) s.loaded++;
    if (r.stateful) s.stateful++;
    if (r.walled) s.walled++;
    if (r.parameterised) s.parameterised++;
    const limit = big ? (options.bigMs ?? SLOW_MS) : SLOW_MS;
    if (r.ms > limit) {
      s.overSlow++;
      r.problems.push(`took ${r.ms.toFixed(0)} ms (over ${limit} ms)`);
    }
    if (r.problems.length) s.failures.push({ index, name, problems: r.problems });
    s.slowest.push({ index, name, ms: r.ms, chars: text.length });
    s.slowest.sort((a, b) => b.ms - a.ms);
    s.slowest.length = Math.min(s.slowest.length, 5);
  };
  if (options.big) bigFiles(options.seed).forEach((f, k) => one(-1 - k, f.name, f.text, true));
  const from = options.from ?? 0;
  for (let i = from; i < from + options.count; i++) {
    const f = fuzzFile(options.seed, i);
    one(i, f.name, f.text, f.big === true);
    if (options.progress && s.tried % 5000 === 0) {
      s.seconds = (performance.now() - t0) / 1000;
      options.progress(s);
    }
  }
  s.seconds = (performance.now() - t0) / 1000;
  return s;
}
