/**
 * Random edit sequences, model-based: thousands of sequences of the edits the editor, the panels
 * and the preview make (add, remove, connect, disconnect, change a parameter, move, paste, add and
 * remove agent types, world edits, walls drawn and edited, reroutes put on wires, wired (a reroute
 * with no wires taking the other socket's type) and deleted, group ports added by a wire to "+",
 * removed and renamed, undo, redo), each resolved against the document of the moment the way the
 * app resolves a user's gesture, and applied through History.
 * After every step:
 *
 * - the document is valid (validateScene), and saving it and loading the text gives it back;
 * - the compiler never throws, its program parses, and a few agents of it run two finite ticks;
 * - History behaves like its model: every undo and redo gives back the identical document object;
 * - no edit mutates a document (every document is deep-frozen, so a mutation throws).
 *
 * Then undoing every step gives back the identical starting document, still equal to a copy made
 * before the first edit. HARDENING_EDIT_RUNS sets the number of sequences (default 2000).
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NODE_DEFS, getNodeDef, inputPorts, paramDefs } from '../../nodes/index';
import { createBehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import { History } from '../../src/document/history';
import {
  addAgentType,
  addNode,
  connect,
  disconnect,
  freshId,
  freshNodeId,
  moveNodes,
  paste,
  removeAgentType,
  removeNodes,
  setObstacles,
  setParam,
  setPaths,
  setTargets,
  updateAgentType,
  updateScene,
  updateWorld,
  type Edit,
} from '../../src/document/commands';
import { FRAME_COLORS, addFrame, addNote, alignment, freshBoxId, moveFrame, removeBoxes, setCollapsed, setHideUnconnected, updateFrame, updateNote } from '../../src/document/layout-commands';
import { loadScene, validateScene } from '../../src/document/load';
import { LIMITS, RANGES } from '../../src/document/schema';
import { serializeScene } from '../../src/document/serialize';
import { ANY_STATE, graphIn, graphOf, type GraphAt } from '../../src/document/graphs';
import { addGroupUse, addPortWired, groupParamFor, makeGroup, removeGroup, removeGroupPort, renameGroup, renameGroupPort, setGroupParams, ungroup } from '../../src/document/group-commands';
import { nodeDefIn } from '../../src/document/group-def';
import { addState, freshStateName, moveState, removeState, renameState, updateState } from '../../src/document/state-commands';
import { ID_PATTERN, VERSION, type AgentType, type Graph, type GraphNode, type ParamValue, type SceneDocument } from '../../src/document/types';
import { paintFlow } from '../../src/document/flow-commands';
import { addWall, insertWallPoint, moveWallPoint, removeWall, removeWallPoint, updateWall } from '../../src/document/wall-commands';
import { guardScene } from '../../bench/guard-scene';
import { removeWires } from '../../src/editor/context-menus';
import { addNodeWired, fittingPort, type WireEnd } from '../../src/editor/wire-drop';
import { spliceInto, splicePorts } from '../../src/editor/wire-insert';
import { connectRetyping, insertReroute, isFreeReroute } from '../../src/document/reroute-commands';
import { deepFreeze, preset } from './shared';

const RUNS = Number(process.env.HARDENING_EDIT_RUNS ?? 2000);
const SEED = process.env.HARDENING_SEED === undefined ? undefined : Number(process.env.HARDENING_SEED);

// ── Starting documents ───────────────────────────────────────────────────────────────────────

/** A valid scene a user could have loaded that is hostile to the edits: odd ids, broken graph. */
function awkwardScene(): SceneDocument {
  const big = `n${'9'.repeat(63)}`;
  const doc: SceneDocument = {
    format: 'steergraph',
    version: VERSION,
    name: 'Awkward',
    description: '',
    world: {
      width: 1_000_000,
      height: 1,
      edges: 'bounce',
      seed: 4294967295,
      obstacles: [{ x: -10_000_000, y: 10_000_000, r: 1_000_000, vx: -10_000, vy: 10_000 }],
      paths: [{ id: 'p', points: [], loop: false }],
      targets: [{ name: '__proto__', x: 9_999_990, y: -9_999_990 }],
    },
    agentTypes: [
      {
        id: 'constructor',
        name: 'x',
        color: '#000000',
        count: 100_000,
        mass: 1e-300,
        maxSpeed: 10_000,
        maxForce: 0,
        spawn: { x: 10_000_000, y: 0, width: 0, height: 10_000_000, speed: 1 },
        variation: { maxSpeed: 1 },
        states: [{ name: 'default', graph: {
          nodes: [
            { id: big, kind: 'sum', params: { inputs: 32, w31: -1e308 }, position: [9_999_990, -9_999_990] },
            { id: 'n9007199254740993', kind: 'seek', params: { enabled: 'yes' }, position: [0, 0] },
            { id: 'n9007199254740992', kind: 'no-such-kind', params: { x: 1 }, position: [-0, 0] },
            { id: 'out', kind: 'agent-output', params: {}, position: [10, 10] },
            { id: 'out2', kind: 'agent-output', params: {}, position: [10, 10] },
          ],
          connections: [
            { from: [big, 'force'], to: [big, 'in0'] },
            { from: ['ghost', 'force'], to: ['out', 'force'] },
            { from: ['n9007199254740993', 'force'], to: [big, 'in31'] },
            { from: [big, 'force'], to: ['n9007199254740993', 'target'] },
          ],
        } }],
      },
      {
        id: '__proto__',
        name: 'y',
        color: '#ffffff',
        count: 0,
        mass: 1_000_000,
        maxSpeed: 0,
        maxForce: 10_000,
        states: [{ name: 'default', graph: { nodes: [], connections: [] } }],
      },
    ],
  };
  const r = validateScene(doc);
  if (!r.ok) throw new Error(`fixture: ${JSON.stringify(r.errors)}`);
  return r.doc;
}

/** A scene with no agent type at all. */
function emptyScene(): SceneDocument {
  return {
    format: 'steergraph',
    version: VERSION,
    name: 'Empty',
    description: '',
    world: { width: 800, height: 600, edges: 'wrap', seed: 0, obstacles: [], paths: [], targets: [] },
    agentTypes: [],
  };
}

const STARTS: readonly SceneDocument[] = [
  preset('default'),
  preset('every-node'),
  preset('sheep-and-wolves'),
  preset('pursuit'),
  preset('patrol'),
  awkwardScene(),
  emptyScene(),
  // three states, four conditions in each, Go to State nodes (the states benchmark's guards)
  validateScene(guardScene(400)).ok ? guardScene(400) : emptyScene(),
];

// ── Abstract actions, resolved against the document of the moment ──────────────────────────────

const KINDS = NODE_DEFS.map((d) => d.kind);
const unique = <T,>(xs: T[]): T[] => [...new Set(xs)];
const PORTS = unique([
  ...NODE_DEFS.flatMap((d) => [...d.inputs, ...d.outputs].map((p) => p.key)),
  ...Array.from({ length: 34 }, (_, k) => `in${k}`),
  'bogus',
  '',
  'x'.repeat(64),
]);
const PARAM_KEYS = unique([...NODE_DEFS.flatMap((d) => paramDefs(d, {}).map((p) => p.key)), 'inputs', ...Array.from({ length: 34 }, (_, k) => `w${k}`), 'zzExtra']);

/** A value in `r`, rounded to 0.1 sometimes, as a field would commit it. */
function inRange(r: { min: number; max: number; whole?: boolean; exclusiveMin?: boolean }): fc.Arbitrary<number> {
  const lo = r.exclusiveMin ? Math.max(r.min + 1e-9, Number.MIN_VALUE) : r.min;
  if (r.whole) return fc.oneof(fc.integer({ min: lo, max: Math.min(r.max, 2 ** 31 - 1) }), fc.constantFrom(r.min, r.max));
  return fc.oneof(fc.double({ min: lo, max: r.max, noNaN: true }), fc.constantFrom(lo, r.max), fc.integer({ min: Math.ceil(lo), max: Math.min(100, r.max) }));
}

const coordinate = fc.oneof(
  { arbitrary: fc.integer({ min: -2000, max: 2000 }), weight: 4 },
  { arbitrary: fc.double({ min: -1e7, max: 1e7, noNaN: true }).map((v) => Math.round(v * 10) / 10), weight: 1 },
  { arbitrary: fc.constantFrom(1e7, -1e7, 9_999_990, -9_999_990, -0), weight: 1 },
);
const position = fc.tuple(coordinate, coordinate);

/** A parameter value the editor (or a loaded file) could hold; `{ ref }` picks an id of the scene. */
type ValueSpec = { v: ParamValue | undefined } | { ref: number };
const paramValue: fc.Arbitrary<ValueSpec> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ v })),
  fc.integer({ min: -3, max: 40 }).map((v) => ({ v })),
  fc.constantFrom(0, -0, 0.5, 1e308, -1e308, 5e-324, 10_000, 1e7).map((v) => ({ v })),
  fc.boolean().map((v) => ({ v })),
  fc.constantFrom('', 'nope', 'zq', 'y'.repeat(200)).map((v) => ({ v })),
  fc.nat().map((ref) => ({ ref })),
  fc.constant({ v: undefined }),
);

type Action =
  | { a: 'addNode'; type: number; state: number; kind: number; pos: [number, number]; taken: number }
  | { a: 'removeNodes'; type: number; state: number; picks: number[] }
  | { a: 'connect'; type: number; state: number; from: number; fromPort: number; to: number; toPort: number; typed: boolean }
  | { a: 'disconnect'; type: number; state: number; pick: number; stranger: boolean }
  | { a: 'addWired'; type: number; state: number; kind: number; node: number; port: number; output: boolean; pos: [number, number] }
  | { a: 'cutWires'; type: number; state: number; picks: number[] }
  | { a: 'splice'; type: number; state: number; node: number; pick: number }
  | { a: 'reroute'; type: number; state: number; pick: number; pos: [number, number]; del: boolean; wire: number }
  | { a: 'setParam'; type: number; state: number; node: number; key: number; own: boolean; value: ValueSpec; merge: boolean }
  | { a: 'move'; type: number; state: number; picks: number[]; to: [number, number][]; dragged: boolean }
  | { a: 'paste'; from: number; fromState: number; type: number; state: number; picks: number[]; offset: [number, number] | null; times: number }
  | { a: 'addType' }
  | { a: 'removeType'; type: number }
  | { a: 'updateType'; type: number; patch: Partial<Omit<AgentType, 'id' | 'graph'>>; merge: boolean }
  | { a: 'updateWorld'; patch: Partial<Pick<SceneDocument['world'], 'width' | 'height' | 'edges' | 'seed'>>; merge: boolean }
  | { a: 'rename'; name: string }
  | { a: 'obstacle'; op: number; pick: number; field: number; value: number }
  | { a: 'path'; op: number; pick: number; point: [number, number] }
  | { a: 'target'; op: number; pick: number; name: string; value: number }
  | { a: 'wall'; op: number; pick: number; index: number; point: [number, number]; points: [number, number][]; flag: boolean }
  | { a: 'flow'; points: [number, number][]; radius: number; erase: boolean }
  | { a: 'addState'; type: number; name: number; copy: number; minTicks: number; reset: boolean }
  | { a: 'removeState'; type: number; state: number }
  | { a: 'moveState'; type: number; from: number; to: number }
  | { a: 'renameState'; type: number; state: number; name: number }
  | { a: 'updateState'; type: number; state: number; minTicks: number | undefined; reset: boolean | undefined }
  | { a: 'typeParams'; type: number; op: number; pick: number; name: number; lo: number; span: number; at: number }
  | { a: 'expose'; type: number; state: number; node: number; key: number; param: number; off: boolean }
  | { a: 'makeGroup'; type: number; state: number; picks: number[] }
  | { a: 'ungroup'; type: number; state: number; node: number }
  | { a: 'groupUse'; type: number; state: number; group: number; pos: [number, number] }
  | { a: 'groupLibrary'; op: number; group: number; node: number; key: number; name: string }
  | { a: 'layout'; type: number; state: number; op: number; pick: number; picks: number[]; box: [number, number, number, number]; text: string; on: boolean; merge: boolean }
  | { a: 'undo' }
  | { a: 'redo' }
  | { a: 'seal' };

const nat = fc.nat({ max: 1000 });
const picks = fc.array(nat, { maxLength: 6 });
const name = fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }).filter((s) => s.trim().length > 0).map((s) => s.trim());
const typePatch = fc.oneof(
  name.map((v) => ({ name: v })),
  fc.integer({ min: 0, max: 0xffffff }).map((v) => ({ color: `#${v.toString(16).padStart(6, '0')}` })),
  inRange(RANGES.count).map((v) => ({ count: v })),
  fc.constantFrom(100_000, 99_999, 50_000).map((v) => ({ count: v })),
  inRange(RANGES.mass).map((v) => ({ mass: v })),
  inRange(RANGES.maxSpeed).map((v) => ({ maxSpeed: v })),
  inRange(RANGES.maxForce).map((v) => ({ maxForce: v })),
  inRange(RANGES.spawnSpeed).map((v) => ({ spawn: { speed: v } })),
  fc.record({ x: inRange(RANGES.spawnRect), y: inRange(RANGES.spawnRect), width: inRange(RANGES.spawnRect), height: inRange(RANGES.spawnRect) }).map((spawn) => ({ spawn })),
  fc.constant({ spawn: undefined }),
  inRange(RANGES.variation).map((v) => ({ variation: v ? { maxSpeed: v, maxForce: v } : undefined })),
  // orientation, as the type panel commits it: a turn rate or none (the field emptied), smoothing 0 (none) or 2 to 64
  inRange(RANGES.maxTurnRate).map((v) => ({ maxTurnRate: v })),
  fc.constantFrom(180, 1e-9, 3, undefined).map((v) => ({ maxTurnRate: v })),
  fc.oneof(fc.integer({ min: 2, max: 64 }), fc.constant(0)).map((v) => ({ headingSmoothing: v === 0 ? undefined : v })),
  fc.oneof(inRange(RANGES.radius), fc.constant(0)).map((v) => ({ radius: v === 0 ? undefined : v })),
);
const worldPatch = fc.oneof(
  inRange(RANGES.worldSize).map((v) => ({ width: v })),
  inRange(RANGES.worldSize).map((v) => ({ height: v })),
  fc.constantFrom<'wrap' | 'bounce'>('wrap', 'bounce').map((v) => ({ edges: v })),
  inRange(RANGES.seed).map((v) => ({ seed: v })),
  fc.constantFrom(4294967295, 0).map((v) => ({ seed: v })),
);

/** A state's minimum time as the state menu commits it, and values it must refuse (fractions, negatives, past the range). */
const minTicks = fc.oneof(inRange(RANGES.minTicks), fc.constantFrom(-1, 0.5, RANGES.minTicks.max + 1, 1e9, -0));
/** State names: the type's own (taken), fresh ones, and names ID_PATTERN refuses. */
const STATE_NAMES = ['patrol', 'chase', 'search', 'default', 'state', 'flee', 'x'.repeat(64), 'x'.repeat(65), '', '1st', 'has space', '__proto__', 'constructor'];

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ a: fc.constant('addNode' as const), type: nat, state: nat, kind: nat, pos: position, taken: fc.nat({ max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('removeNodes' as const), type: nat, state: nat, picks }) },
  { weight: 8, arbitrary: fc.record({ a: fc.constant('connect' as const), type: nat, state: nat, from: nat, fromPort: nat, to: nat, toPort: nat, typed: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('disconnect' as const), type: nat, state: nat, pick: nat, stranger: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('addWired' as const), type: nat, state: nat, kind: nat, node: nat, port: nat, output: fc.boolean(), pos: position }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('cutWires' as const), type: nat, state: nat, picks }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('splice' as const), type: nat, state: nat, node: nat, pick: nat }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('reroute' as const), type: nat, state: nat, pick: nat, pos: position, del: fc.boolean(), wire: nat }) },
  { weight: 8, arbitrary: fc.record({ a: fc.constant('setParam' as const), type: nat, state: nat, node: nat, key: nat, own: fc.boolean(), value: paramValue, merge: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('move' as const), type: nat, state: nat, picks, to: fc.array(position, { maxLength: 6 }), dragged: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('paste' as const), from: nat, fromState: nat, type: nat, state: nat, picks, offset: fc.option(position), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ a: 'addType' as const }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('removeType' as const), type: nat }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('updateType' as const), type: nat, patch: typePatch, merge: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('updateWorld' as const), patch: worldPatch, merge: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('rename' as const), name }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('obstacle' as const), op: fc.nat({ max: 2 }), pick: nat, field: fc.nat({ max: 4 }), value: fc.double({ min: -1e7, max: 1e7, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('path' as const), op: fc.nat({ max: 4 }), pick: nat, point: position }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('target' as const), op: fc.nat({ max: 3 }), pick: nat, name: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/), value: fc.double({ min: -1e7, max: 1e7, noNaN: true }) }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('wall' as const), op: fc.nat({ max: 6 }), pick: nat, index: fc.integer({ min: -1, max: 8 }), point: position, points: fc.array(position, { maxLength: 6 }), flag: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('flow' as const), points: fc.array(position, { maxLength: 5 }), radius: fc.constantFrom(0, 5, 30, 200), erase: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('addState' as const), type: nat, name: nat, copy: nat, minTicks: minTicks, reset: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('removeState' as const), type: nat, state: nat }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('moveState' as const), type: nat, from: nat, to: nat }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('renameState' as const), type: nat, state: nat, name: nat }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('updateState' as const), type: nat, state: nat, minTicks: fc.option(minTicks, { nil: undefined }), reset: fc.option(fc.boolean(), { nil: undefined }) }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('typeParams' as const), type: nat, op: fc.nat({ max: 3 }), pick: nat, name: nat, lo: fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, -1e9, 1e9, 0.5, -0)), span: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, 1e9)), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 4, arbitrary: fc.record({ a: fc.constant('expose' as const), type: nat, state: nat, node: nat, key: nat, param: nat, off: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('makeGroup' as const), type: nat, state: nat, picks }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('ungroup' as const), type: nat, state: nat, node: nat }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('groupUse' as const), type: nat, state: nat, group: nat, pos: position }) },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('groupLibrary' as const), op: fc.nat({ max: 7 }), group: nat, node: nat, key: nat, name }) },
  {
    weight: 4,
    arbitrary: fc.record({
      a: fc.constant('layout' as const),
      type: nat,
      state: nat,
      op: fc.nat({ max: 9 }),
      pick: nat,
      picks,
      box: fc.tuple(coordinate, coordinate, fc.oneof(fc.double({ min: -10, max: 2e6, noNaN: true }), fc.constantFrom(0, 80, 1e6)), fc.oneof(fc.double({ min: -10, max: 2e6, noNaN: true }), fc.constantFrom(0, 40, 1e6))),
      text: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'x'.repeat(5001))),
      on: fc.boolean(),
      merge: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.constant({ a: 'undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ a: 'redo' as const }) },
  { weight: 1, arbitrary: fc.constant({ a: 'seal' as const }) },
);

/** Type parameter names the edits use: ids, one of them a name JavaScript holds dear. */
const PARAM_NAMES = ['fear', 'speed', 'glue', '__proto__', 'constructor', 'p-1'];

/** The agent type the action addresses: one of the scene's, or (one time in n + 1) one that does not exist. */
function typeAt(doc: SceneDocument, k: number): AgentType | { id: string; states: AgentType['states'] } {
  const types = doc.agentTypes;
  return k % (types.length + 1) < types.length ? types[k % (types.length + 1)] : { id: 'no-such-type', states: [{ name: 'default', graph: { nodes: [], connections: [] } }] };
}

/**
 * The graph an action addresses in a type: one of its states' (`state` picks, the first most
 * often), its any-state graph, or (rarely) a state index past the end, which no edit may touch.
 */
function graphAt(t: AgentType | { id: string; states: AgentType['states'] }, state: number): { at: GraphAt; graph: Graph } {
  const n = t.states.length;
  const k = state % (n + 4);
  const s = k < n ? k : k === n ? ANY_STATE : k === n + 1 ? n : 0;
  const graph = ('anyState' in t ? graphOf(t as AgentType, s) : t.states[s]?.graph) ?? { nodes: [], connections: [] };
  return { at: s === 0 && k % 2 === 0 ? t.id : { type: t.id, state: s }, graph };
}

/** The ids the scene's reference parameters may hold (Go to State's target: the state names). */
function refs(doc: SceneDocument): string[] {
  return [...doc.agentTypes.map((t) => t.id), ...doc.world.paths.map((p) => p.id), ...doc.world.targets.map((t) => t.name), ...doc.agentTypes.flatMap((t) => t.states.map((s) => s.name)), ''];
}

/** A new agent type as the app's "+ Type" button makes it. */
function newType(doc: SceneDocument): AgentType {
  const n = doc.agentTypes.length + 1;
  const id = freshId(`type-${n}`, doc.agentTypes.map((t) => t.id));
  return {
    id,
    name: `Type ${n}`,
    color: '#5ec8ff',
    count: 20,
    mass: 1,
    maxSpeed: 3,
    maxForce: 0.15,
    states: [{ name: 'default', graph: {
      nodes: [
        { id: 'n1', kind: 'wander', params: {}, position: [0, 0] },
        { id: 'n2', kind: 'agent-output', params: {}, position: [320, 20] },
      ],
      connections: [{ from: ['n1', 'force'], to: ['n2', 'force'] }],
    } }],
  };
}

/** The edit an action stands for (with its merge key), or a history operation. */
function resolve(doc: SceneDocument, x: Action): { edit: Edit; key?: string } | 'undo' | 'redo' | 'seal' {
  switch (x.a) {
    case 'undo':
    case 'redo':
    case 'seal':
      return x.a;
    case 'addNode': {
      // As the editor: a known kind under a fresh id (or, `taken` = 0, an id already there: nothing happens).
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const nodes = graph.nodes;
      const id = x.taken === 0 && nodes.length ? nodes[x.kind % nodes.length].id : freshNodeId(nodes);
      return { edit: addNode(at, { id, kind: KINDS[x.kind % KINDS.length], params: {}, position: x.pos }) };
    }
    case 'removeNodes': {
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const nodes = graph.nodes;
      const ids = x.picks.map((p) => (nodes.length && p % 7 !== 6 ? nodes[p % nodes.length].id : `gone${p}`));
      return { edit: removeNodes(at, ids) };
    }
    case 'connect': {
      // `typed`: ports the nodes have (what a drag can make); else any port key at all.
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const nodes = graph.nodes;
      const from = nodes.length ? nodes[x.from % nodes.length] : { id: 'ghost', kind: 'seek', params: {} };
      const to = nodes.length ? nodes[x.to % nodes.length] : { id: 'ghost2', kind: 'sum', params: {} };
      const fd = getNodeDef(from.kind);
      const td = getNodeDef(to.kind);
      const outs = x.typed && fd ? fd.outputs.map((p) => p.key) : PORTS;
      const ins = x.typed && td ? inputPorts(td, to.params).map((p) => p.key) : PORTS;
      return { edit: connect(at, [from.id, outs[x.fromPort % outs.length] ?? 'force'], [to.id, ins[x.toPort % ins.length] ?? 'in0']), key: x.typed ? undefined : `gesture:${x.from}` };
    }
    case 'disconnect': {
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const cs = graph.connections;
      const c = cs.length && !x.stranger ? cs[x.pick % cs.length] : { from: ['a', 'force'] as [string, string], to: ['b', 'in0'] as [string, string] };
      return { edit: disconnect(at, c) };
    }
    case 'addWired': {
      // As a wire let go on the canvas (wire-drop.ts): from a port a node has, a kind the search lists, a fresh id.
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const from = graph.nodes[x.node % Math.max(1, graph.nodes.length)];
      const fd = from && getNodeDef(from.kind);
      const ports = fd ? (x.output ? fd.outputs : inputPorts(fd, from.params)) : [];
      const port = ports[x.port % Math.max(1, ports.length)];
      if (!from || !port) return { edit: (d) => d };
      const end: WireEnd = { nodeId: from.id, key: port.key, side: x.output ? 'output' : 'input', type: port.type };
      const fits = NODE_DEFS.filter((d) => fittingPort(d, end));
      const def = fits[x.kind % Math.max(1, fits.length)];
      if (!def) return { edit: (d) => d };
      return { edit: addNodeWired(at, { id: freshNodeId(graph.nodes), kind: def.kind, params: {}, position: x.pos }, def, end) };
    }
    case 'cutWires': {
      // As the knife: some of the wires there (and one that is not, for a pick ≡ 6 mod 7), one edit.
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const cs = graph.connections;
      const wires = x.picks.map((p) => (cs.length && p % 7 !== 6 ? cs[p % cs.length] : { from: ['gone', 'force'] as [string, string], to: ['b', 'in0'] as [string, string] }));
      return { edit: removeWires(at, wires) };
    }
    case 'splice': {
      // As a node without wires dropped onto a wire its sockets fit (wire-insert.ts).
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const free = graph.nodes.filter((n) => !graph.connections.some((c) => c.from[0] === n.id || c.to[0] === n.id));
      const node = free[x.node % Math.max(1, free.length)];
      const wire = graph.connections[x.pick % Math.max(1, graph.connections.length)];
      const def = node && getNodeDef(node.kind);
      const src = wire && graph.nodes.find((n) => n.id === wire.from[0]);
      const dst = wire && graph.nodes.find((n) => n.id === wire.to[0]);
      const sd = src && getNodeDef(src.kind);
      const dd = dst && getNodeDef(dst.kind);
      const fromType = sd?.outputs.find((p) => p.key === wire.from[1])?.type;
      const toType = dd && dst ? inputPorts(dd, dst.params).find((p) => p.key === wire.to[1])?.type : undefined;
      const ports = def && fromType && toType ? splicePorts(def, node.params, fromType, toType) : null;
      return { edit: ports ? spliceInto(at, wire, node.id, ports) : (d) => d };
    }
    case 'reroute': {
      // As a double-click on a wire (or its menu's Insert reroute), or Delete on a reroute (its wires join).
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const rs = graph.nodes.filter((n) => n.kind === 'reroute');
      if (x.del && x.wire % 2 === 0) {
        const r = rs[x.pick % Math.max(1, rs.length)];
        return { edit: r ? removeNodes(at, [r.id]) : (d) => d };
      }
      if (x.del) {
        // As a drag between a reroute and another node's socket: a reroute with no wires takes that
        // socket's type. With none such, one from the palette (a reroute carrying a force) first.
        const free = rs.filter((n) => isFreeReroute(doc, at, n.id));
        const fresh: GraphNode | null = free.length ? null : { id: freshNodeId(graph.nodes), kind: 'reroute', params: {}, position: x.pos };
        const add = fresh ? addNode(at, fresh) : (d: SceneDocument) => d;
        const before = add(doc);
        const r = fresh ?? (x.pick % 3 ? free[x.pick % free.length] : rs[x.pick % rs.length]);
        const other = graph.nodes[x.wire % Math.max(1, graph.nodes.length)];
        const def = other && nodeDefIn(doc, other);
        const into = x.wire % 3 === 0;
        const ports = def ? (into ? def.outputs : inputPorts(def, other.params)) : [];
        const port = ports[x.wire % Math.max(1, ports.length)];
        if (!port || other.id === r.id) return { edit: add };
        const from: [string, string] = into ? [other.id, port.key] : [r.id, 'out'];
        const to: [string, string] = into ? [r.id, 'in'] : [other.id, port.key];
        // (two free reroutes: the one wired to takes the other's type)
        const retyped = isFreeReroute(before, at, r.id) && (into || !isFreeReroute(before, at, other.id));
        const link = connectRetyping(before, at, from, to);
        const edit: Edit = (d) => link(add(d));
        const after = graphIn(edit(doc), at)?.nodes.find((n) => n.id === r.id);
        if (after) expect(after.params.type ?? 'force').toBe(retyped ? port.type : (r.params.type ?? 'force'));
        if (retyped && after) reroutesRetyped++;
        return { edit };
      }
      const wire = graph.connections[x.pick % Math.max(1, graph.connections.length)];
      const made = wire ? insertReroute(doc, at, wire, x.pos) : null;
      if (!made) return { edit: (d) => d };
      // A reroute changes nothing the agents do: the same program (unless the wire shared its input
      // with another, which the reroute's wire then replaces, as any wire into that input would).
      if (graph.connections.filter((c) => c.to[0] === wire.to[0] && c.to[1] === wire.to[1]).length === 1) {
        expect(compile(made.edit(doc)).programSource).toBe(compile(doc).programSource);
        reroutesChecked++;
      }
      return { edit: made.edit };
    }
    case 'setParam': {
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const nodes = graph.nodes;
      const node = nodes.length ? nodes[x.node % nodes.length] : { id: 'ghost', kind: 'seek', params: {} };
      const def = getNodeDef(node.kind);
      const own = def ? paramDefs(def, node.params).map((p) => p.key) : [];
      const keys = x.own && own.length ? own : PARAM_KEYS;
      const key = keys[x.key % keys.length];
      const r = refs(doc);
      const value = 'ref' in x.value ? r[x.value.ref % r.length] : x.value.v;
      return { edit: setParam(at, node.id, key, value), key: x.merge ? `param:${node.id}:${key}` : undefined };
    }
    case 'move': {
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const nodes = graph.nodes;
      const moves = x.picks.map((p, k) => ({ id: nodes.length ? nodes[p % nodes.length].id : 'ghost', position: x.to[k % Math.max(1, x.to.length)] ?? [0, 0] }));
      return { edit: moveNodes(at, moves), key: x.dragged ? 'drag' : undefined };
    }
    case 'paste': {
      // Copy from one type (the selected nodes and the connections among them), paste `times` into another.
      const src = graphAt(typeAt(doc, x.from), x.fromState).graph;
      const dst = graphAt(typeAt(doc, x.type), x.state).at;
      const nodes = src.nodes;
      const chosen = new Set(x.picks.map((p) => (nodes.length ? nodes[p % nodes.length].id : '')));
      const clip = nodes.filter((n) => chosen.has(n.id));
      const conns = src.connections.filter((c) => chosen.has(c.from[0]) && chosen.has(c.to[0]));
      const edit: Edit = (d) => {
        let out = d;
        for (let k = 0; k < x.times; k++) out = paste(dst, out, clip, conns, x.offset ?? undefined).edit(out);
        return out;
      };
      return { edit };
    }
    case 'addType':
      return { edit: addAgentType(newType(doc)) };
    case 'addState': {
      // As the state bar's "+": a fresh name (or one of STATE_NAMES, taken or refused), the graph
      // of another state copied (or a new one), sometimes a minimum time and reset on enter.
      const t = typeAt(doc, x.type);
      const name = x.name % 3 === 0 && 'name' in t ? freshStateName(t as AgentType) : STATE_NAMES[x.name % STATE_NAMES.length];
      const graph = x.copy % 2 ? graphAt(t, x.copy).graph : newType(doc).states[0].graph;
      return { edit: addState(t.id, { name, graph, ...(x.name % 2 && Number.isInteger(x.minTicks) && x.minTicks > 0 && x.minTicks <= RANGES.minTicks.max ? { minTicks: x.minTicks } : {}), ...(x.reset ? { resetOnEnter: true } : {}) }) };
    }
    case 'removeState':
      return { edit: removeState(typeAt(doc, x.type).id, x.state % 5) };
    case 'moveState':
      return { edit: moveState(typeAt(doc, x.type).id, x.from % 5, (x.to % 6) - 1) };
    case 'renameState': {
      const t = typeAt(doc, x.type);
      const name = x.name % 3 === 0 && 'name' in t ? freshStateName(t as AgentType, 'renamed') : STATE_NAMES[x.name % STATE_NAMES.length];
      return { edit: renameState(t.id, x.state % 5, name) };
    }
    case 'updateState': {
      const t = typeAt(doc, x.type);
      return { edit: updateState(t.id, x.state % 5, { minTicks: x.minTicks, resetOnEnter: x.reset }), key: `state:${t.id}:${x.state % 5}` };
    }
    case 'removeType':
      return { edit: removeAgentType(typeAt(doc, x.type).id) };
    case 'updateType': {
      const t = typeAt(doc, x.type);
      const field = Object.keys(x.patch)[0];
      const patch = { ...x.patch };
      // The spawn speed field keeps the rest of the spawn rectangle, as the type panel does.
      if (patch.spawn && Object.keys(patch.spawn).length === 1 && 'spawn' in t) patch.spawn = { ...(t.spawn ?? {}), ...patch.spawn };
      return { edit: updateAgentType(t.id, patch), key: x.merge ? `type:${t.id}:${field}` : undefined };
    }
    case 'typeParams': {
      // As a Parameters panel: a parameter added (a fresh name, or one taken: refused), removed, or
      // its range and default changed (min ≤ default ≤ max, within the loader's ±1e9)
      const t = typeAt(doc, x.type);
      const params = 'params' in t ? [...(t.params ?? [])] : [];
      const lo = Math.max(-1e9, Math.min(1e9, x.lo));
      const hi = Math.min(1e9, lo + x.span);
      const def = Math.min(hi, Math.max(lo, lo + (hi - lo) * x.at));
      const k = params.length ? x.pick % params.length : -1;
      if (x.op === 0 || k < 0) {
        const pname = x.name % 3 === 0 && params.length ? params[0].name : PARAM_NAMES[x.name % PARAM_NAMES.length];
        if (params.some((p) => p.name === pname)) return { edit: (d) => d };
        params.push({ name: pname, default: def, min: lo, max: hi, ...(x.name % 2 ? { unit: 'px' } : {}) });
      } else if (x.op === 1) params.splice(k, 1);
      else params[k] = { ...params[k], min: lo, max: hi, default: def };
      return { edit: updateAgentType(t.id, { params: params.length ? params : undefined }), key: x.op >= 2 ? `params:${t.id}:${k}` : undefined };
    }
    case 'layout': {
      // As the editor's frames, notes, collapse, hidden inputs and aligning (layout-commands.ts)
      const t = typeAt(doc, x.type);
      const { at, graph } = graphAt(t, x.state);
      const boxes = [...(graph.frames ?? []), ...(graph.notes ?? [])];
      const boxId = boxes.length && x.pick % 5 !== 4 ? boxes[x.pick % boxes.length].id : `frame-${x.pick}`;
      const ids = x.picks.map((p) => (graph.nodes.length ? graph.nodes[p % graph.nodes.length].id : 'ghost'));
      const [bx, by, bw, bh] = x.box;
      const color = FRAME_COLORS[x.pick % FRAME_COLORS.length];
      switch (x.op) {
        case 0:
          return { edit: addFrame(at, { id: freshBoxId(graph, 'frame'), title: x.text, color, x: bx, y: by, width: bw, height: bh }) };
        case 1:
          return { edit: updateFrame(at, boxId, x.on ? { title: x.text, color } : { x: bx, y: by, width: bw, height: bh }), key: x.merge ? `frame:${boxId}` : undefined };
        case 2:
          return { edit: moveFrame(at, boxId, bx, by, ids) };
        case 3:
          return { edit: removeBoxes(at, [boxId]) };
        case 4:
          return { edit: addNote(at, { id: freshBoxId(graph, 'note'), text: x.text, x: bx, y: by, width: bw, height: bh }) };
        case 5:
          return { edit: updateNote(at, boxId, x.on ? { text: x.text } : { x: bx, y: by, width: bw, height: bh }), key: x.merge ? `note-text:${boxId}` : undefined };
        case 6:
          return { edit: setCollapsed(at, ids, x.on) };
        case 7:
          return { edit: setHideUnconnected(at, ids, x.on) };
        default: {
          const hows = ['left', 'top', 'center-x', 'center-y', 'distribute-x', 'distribute-y', 'straighten'] as const;
          const chosen = graph.nodes.filter((n) => ids.includes(n.id)).map((n) => ({ id: n.id, x: n.position[0], y: n.position[1], width: 220, height: 80 + (x.pick % 50) }));
          const wires = graph.connections.map((c) => ({ from: c.from[0], to: c.to[0] }));
          return { edit: moveNodes(at, alignment(chosen, hows[x.pick % hows.length], wires)) };
        }
      }
    }
    case 'expose': {
      // As the command on a node's parameter: expose one of its number parameters (or, rarely,
      // another key) as a type parameter the type has, lacks, or take the exposure back
      const t = typeAt(doc, x.type);
      const { graph } = graphAt(t, x.state);
      if (!graph.nodes.length) return { edit: (d) => d };
      const n = graph.nodes[x.node % graph.nodes.length];
      const def = getNodeDef(n.kind);
      const keys = [...(def ? paramDefs(def, n.params).filter((p) => p.type === 'number').map((p) => p.key) : []), 'target', 'zqKey'];
      const key = keys[x.key % keys.length];
      const names = [...('params' in t ? (t.params ?? []).map((p) => p.name) : []), 'missing'];
      const exposed = { ...(n.exposed ?? {}) };
      if (x.off) delete exposed[key];
      else exposed[key] = names[x.param % names.length];
      const next = { ...n, exposed };
      if (!Object.keys(exposed).length) delete (next as { exposed?: unknown }).exposed;
      const edit: Edit = (d) => ({
        ...d,
        agentTypes: d.agentTypes.map((a) =>
          a.id !== t.id
            ? a
            : {
                ...a,
                states: a.states.map((st) => (st.graph === graph ? { ...st, graph: { ...st.graph, nodes: st.graph.nodes.map((m) => (m === n ? next : m)) } } : st)),
                ...(a.anyState === graph ? { anyState: { ...graph, nodes: graph.nodes.map((m) => (m === n ? next : m)) } } : {}),
              },
        ),
      });
      return { edit };
    }
    case 'makeGroup': {
      // As Ctrl+G on a selection (a stranger id, or the Agent Output, among them sometimes)
      const { at, graph } = graphAt(typeAt(doc, x.type), x.state);
      const ids = x.picks.map((p) => (graph.nodes.length && p % 7 !== 6 ? graph.nodes[p % graph.nodes.length].id : `gone${p}`));
      return { edit: makeGroup(doc, at, ids).edit };
    }
    case 'ungroup': {
      const { at, graph } = graphAt(typeAt(doc, x.type), x.state);
      const uses = graph.nodes.filter((n) => n.kind === 'group');
      return { edit: ungroup(doc, at, uses.length ? uses[x.node % uses.length].id : 'none').edit };
    }
    case 'groupUse': {
      const { at } = graphAt(typeAt(doc, x.type), x.state);
      const groups = doc.groups ?? [];
      return { edit: addGroupUse(doc, at, groups.length ? groups[x.group % groups.length].id : 'no-such-group', x.pos).edit };
    }
    case 'groupLibrary': {
      // rename a group, choose one inner parameter for its uses (or none), or delete it (refused while used)
      const groups = doc.groups ?? [];
      if (!groups.length) return { edit: (d) => d };
      const g = groups[x.group % groups.length];
      if (x.op === 0) return { edit: renameGroup(g.id, x.name) };
      if (x.op === 2) return { edit: removeGroup(g.id) };
      const inside: GraphAt = { type: doc.agentTypes[0]?.id ?? 'none', state: 0, group: g.id };
      if (x.op === 3 || x.op > 5) {
        // As a wire from a socket inside the group (an inner node's, or the boundary's) to Group Input's or Group Output's "+"
        const ends = [...g.graph.nodes.map((n) => n.id), '@in', '@out'];
        const nodeId = ends[x.node % ends.length];
        const n = g.graph.nodes.find((m) => m.id === nodeId);
        const def = n && nodeDefIn(doc, n);
        const ins = def ? inputPorts(def, n.params) : [];
        const input = x.key % 2 === 0 ? ins.length > 0 : !def?.outputs.length;
        const keys = def ? (input ? ins : def.outputs).map((p) => p.key) : (nodeId === '@in' ? g.inputs : g.outputs).map((p) => p.key);
        const made = addPortWired(doc, inside, { nodeId, key: keys[x.key % Math.max(1, keys.length)] ?? 'none', side: n ? (input ? 'input' : 'output') : nodeId === '@in' ? 'output' : 'input' });
        if (!made) return { edit: (d) => d };
        const after = made.edit(doc).groups!.find((y) => y.id === g.id)!;
        expect(after[made.side].length).toBe(g[made.side].length + 1);
        portsAdded++;
        return { edit: made.edit };
      }
      if (x.op === 4 || x.op === 5) {
        // the × on a port's row (its wires inside and on every use go), or a double-click renaming it
        const side = x.key % 2 === 0 ? 'inputs' : 'outputs';
        const port = g[side][x.node % Math.max(1, g[side].length)];
        if (!port) return { edit: (d) => d };
        if (x.op === 5) return { edit: renameGroupPort(g.id, side, port.key, x.name) };
        const edit = removeGroupPort(g.id, side, port.key);
        const after = edit(doc);
        const graphs = [...after.agentTypes.flatMap((t) => [...t.states.map((st) => st.graph), ...(t.anyState ? [t.anyState] : [])]), ...(after.groups ?? []).map((y) => y.graph)];
        for (const gr of graphs) {
          const uses = new Set(gr.nodes.filter((n) => n.kind === 'group' && n.params.group === g.id).map((n) => n.id));
          expect(gr.connections.some((c) => (side === 'inputs' ? uses.has(c.to[0]) && c.to[1] === port.key : uses.has(c.from[0]) && c.from[1] === port.key))).toBe(false);
        }
        return { edit };
      }
      const inner = g.graph.nodes.length ? g.graph.nodes[x.node % g.graph.nodes.length] : undefined;
      const def = inner && getNodeDef(inner.kind);
      const keys = def ? paramDefs(def, inner.params).map((p) => p.key) : [];
      if (!inner || !keys.length || x.key % 3 === 0) return { edit: setGroupParams(g.id, []) };
      const param = keys[x.key % keys.length];
      return { edit: setGroupParams(g.id, [groupParamFor(g, inner.id, param, param)]) };
    }
    case 'updateWorld':
      return { edit: updateWorld(x.patch), key: x.merge ? `world:${Object.keys(x.patch)[0]}` : undefined };
    case 'rename':
      return { edit: updateScene({ name: x.name }) };
    case 'obstacle': {
      const w = doc.world;
      const os = w.obstacles;
      if (x.op === 0 || os.length === 0) return { edit: setObstacles([...os, { x: Math.round(w.width / 2), y: Math.round(w.height / 2), r: 30 }]) };
      const k = x.pick % os.length;
      if (x.op === 1) return { edit: setObstacles(os.filter((_, j) => j !== k)) };
      const field = (['x', 'y', 'r', 'vx', 'vy'] as const)[x.field];
      const range = field === 'r' ? RANGES.obstacleRadius : field === 'vx' || field === 'vy' ? RANGES.obstacleVelocity : RANGES.coordinate;
      const v = Math.min(range.max, Math.max(range.min, x.value));
      return { edit: setObstacles(os.map((o, j) => (j === k ? { ...o, [field]: v } : o))), key: `obstacle:${k}:${field}` };
    }
    case 'path': {
      const w = doc.world;
      const ps = w.paths;
      if (x.op === 0 || ps.length === 0) return { edit: setPaths([...ps, { id: freshId('path', ps.map((p) => p.id)), points: [], loop: true }]) };
      const k = x.pick % ps.length;
      if (x.op === 1) return { edit: setPaths(ps.filter((_, j) => j !== k)) };
      if (x.op === 2) return { edit: setPaths(ps.map((p, j) => (j === k ? { ...p, points: [] } : p))) };
      if (x.op === 3) return { edit: setPaths(ps.map((p, j) => (j === k ? { ...p, loop: !p.loop } : p))) };
      // A click in the preview: a point inside the world, rounded to 0.1 px.
      const pt: [number, number] = [Math.round(Math.abs(x.point[0] % w.width) * 10) / 10, Math.round(Math.abs(x.point[1] % w.height) * 10) / 10];
      return { edit: setPaths(ps.map((p, j) => (j === k ? { ...p, points: [...p.points, pt] } : p))) };
    }
    case 'wall': {
      // As the Walls tool and the World panel: a wall drawn (closed or not), removed, closed or
      // opened, made solid or a region, a vertex dragged, inserted or removed; now and then an
      // id that is not there.
      const ws = doc.world.walls ?? [];
      if (x.op === 0 || ws.length === 0) return { edit: addWall(doc, x.points, x.flag).edit };
      const k = x.pick % (ws.length + 1);
      const id = k < ws.length ? ws[k].id : 'no-such-wall';
      if (x.op === 1) return { edit: removeWall(id) };
      if (x.op === 2) return { edit: updateWall(id, { closed: x.flag }) };
      if (x.op === 3) return { edit: updateWall(id, { solid: x.flag }) };
      if (x.op === 4) return { edit: moveWallPoint(id, x.index, x.point) };
      if (x.op === 5) return { edit: insertWallPoint(id, x.index, x.point) };
      return { edit: removeWallPoint(id, x.index) };
    }
    case 'flow': {
      // As the Flow brush: a stroke (points anywhere, and in the world as the mouse gives them), painting or erasing
      const w = doc.world;
      const inWorld = x.points.map(([px, py]) => [Math.round(Math.abs(px % w.width) * 10) / 10, Math.round(Math.abs(py % w.height) * 10) / 10] as [number, number]);
      return { edit: paintFlow(x.points.length % 2 ? x.points : inWorld, x.radius, x.erase) };
    }
    case 'target': {
      const w = doc.world;
      const ts = w.targets;
      if (x.op === 0 || ts.length === 0) {
        return { edit: setTargets([...ts, { name: freshId('target', ts.map((t) => t.name)), x: Math.round(w.width / 2), y: Math.round(w.height / 2) }]) };
      }
      const k = x.pick % ts.length;
      if (x.op === 1) return { edit: setTargets(ts.filter((_, j) => j !== k)) };
      if (x.op === 2) {
        // Renaming, as the panel allows it: a valid id no other target has.
        const ok = ID_PATTERN.test(x.name) && !ts.some((t, j) => j !== k && t.name === x.name);
        return { edit: ok ? setTargets(ts.map((t, j) => (j === k ? { ...t, name: x.name } : t))) : (d) => d };
      }
      return { edit: setTargets(ts.map((t, j) => (j === k ? { ...t, x: x.value } : t))), key: `target:${k}:x` };
    }
  }
}

// ── The checks ──────────────────────────────────────────────────────────────────────────────

const checked = new WeakSet<SceneDocument>();
let steps = 0;
let emitted = 0;
let worldsRun = 0;
/** Documents checked with a type of several states, with an any-state graph, and with a state's minimum time or reset on enter. */
const stateful = { states: 0, anyState: 0, options: 0, walls: 0, params: 0, flowFields: 0 };

/** A copy of `v` with every −0 made 0 (and nothing else changed). */
function withoutNegativeZero<T>(v: T): T {
  if (Object.is(v, -0)) return 0 as T;
  if (Array.isArray(v)) return v.map(withoutNegativeZero) as T;
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutNegativeZero(x)])) as T;
  return v;
}

/** Everything that must hold of a document the history holds. */
function checkDocument(doc: SceneDocument): void {
  if (checked.has(doc)) return;
  steps++;
  const v = validateScene(doc);
  if (!v.ok) throw new Error(`invalid document: ${JSON.stringify(v.errors.slice(0, 3))}`);
  // (isDeepStrictEqual is the fast test, stricter than toEqual: -0 is not 0, undefined fields count; toEqual says how they differ.)
  if (!isDeepStrictEqual(v.doc, doc)) expect(v.doc).toEqual(doc);
  const text = serializeScene(doc);
  const back = loadScene(text);
  if (!back.ok) throw new Error(`the saved text does not load: ${JSON.stringify(back.errors.slice(0, 3))}`);
  // the loader reads −0 as 0 (docs/scene-format.md): the same document but for that
  const saved = withoutNegativeZero(doc);
  if (!isDeepStrictEqual(back.doc, saved)) expect(back.doc).toEqual(saved);
  if (doc.agentTypes.some((t) => t.states.length > 1)) stateful.states++;
  if (doc.agentTypes.some((t) => t.anyState && t.anyState.nodes.length)) stateful.anyState++;
  if (doc.agentTypes.some((t) => t.states.some((s) => s.minTicks !== undefined || s.resetOnEnter))) stateful.options++;
  if (doc.world.walls?.length) stateful.walls++;
  if (doc.world.flowFields?.length) stateful.flowFields++;
  if (doc.agentTypes.some((t) => t.params?.length && [...t.states.map((x) => x.graph), ...(t.anyState ? [t.anyState] : [])].some((g) => g.nodes.some((n) => n.exposed)))) stateful.params++;
  const compiled = compile(doc);
  const program = instantiate(compiled);
  // Every few steps: the whole module text, and a few agents of each type for two ticks.
  if (steps % 4 === 0) {
    emitted++;
    emitModule(doc);
    const counts = Object.fromEntries(doc.agentTypes.map((t) => [t.id, 3]));
    const world = createBehaviorWorld(doc, program, { counts });
    world.step(2);
    // every type parameter at its max, then two more ticks
    for (const t of doc.agentTypes) for (const p of t.params ?? []) world.setParam(t.id, p.name, p.max);
    world.step(2);
    for (const t of doc.agentTypes) {
      expect(world.positions(t.id).every(Number.isFinite)).toBe(true);
      expect(world.velocities(t.id).every(Number.isFinite)).toBe(true);
    }
    worldsRun++;
  }
  checked.add(doc);
}

/** Reroutes put on wires whose program was checked unchanged (the 'reroute' action). */
let reroutesChecked = 0;
/** Reroutes with no wires wired (taking the other socket's type), and group ports added by a wire to "+". */
let reroutesRetyped = 0;
let portsAdded = 0;

/** Runs one sequence through History and a model of it; returns how many edits changed the document. */
function runSequence(start: SceneDocument, actions: Action[]): number {
  const copy = structuredClone(start);
  const history = new History(start);
  const model = { past: [] as SceneDocument[], cur: start, future: [] as SceneDocument[], lastKey: undefined as string | undefined };
  let changed = 0;
  checkDocument(start);
  for (const x of actions) {
    const r = resolve(model.cur, x);
    if (r === 'undo') {
      const did = history.undo();
      expect(did).toBe(model.past.length > 0);
      if (did) {
        model.future.push(model.cur);
        model.cur = model.past.pop()!;
        model.lastKey = undefined;
      }
    } else if (r === 'redo') {
      const did = history.redo();
      expect(did).toBe(model.future.length > 0);
      if (did) {
        model.past.push(model.cur);
        model.cur = model.future.pop()!;
        model.lastKey = undefined;
      }
    } else if (r === 'seal') {
      history.seal();
      model.lastKey = undefined;
    } else {
      const did = history.apply(r.edit, r.key);
      expect(did).toBe(history.doc !== model.cur);
      if (did) {
        changed++;
        if (!(r.key !== undefined && r.key === model.lastKey && model.past.length)) model.past.push(model.cur);
        model.future = [];
        model.cur = deepFreeze(history.doc);
        model.lastKey = r.key;
      }
    }
    expect(history.doc).toBe(model.cur);
    expect(history.canUndo).toBe(model.past.length > 0);
    expect(history.canRedo).toBe(model.future.length > 0);
    checkDocument(history.doc);
  }
  // Undo every step: the very same starting document, unchanged.
  while (history.undo()) expect(history.doc).toBe(model.past.pop());
  expect(history.doc).toBe(start);
  if (!isDeepStrictEqual(start, copy)) expect(start).toEqual(copy);
  return changed;
}

describe('random edit sequences', () => {
  it(`${RUNS} sequences keep the document valid, compilable and fully undoable`, () => {
    for (const s of STARTS) deepFreeze(s);
    let sequences = 0;
    let edits = 0;
    const t0 = performance.now();
    fc.assert(
      fc.property(fc.nat({ max: STARTS.length - 1 }), fc.array(action, { minLength: 1, maxLength: 50, size: 'max' }), (k, actions) => {
        sequences++;
        edits += runSequence(STARTS[k], actions);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`random edits: ${sequences} sequences, ${edits} effective edits, ${steps} documents checked, ${emitted} modules emitted, ${worldsRun} worlds run, ${reroutesChecked} reroutes checked, ${reroutesRetyped} reroutes retyped, ${portsAdded} group ports added, ${s} s`);
    console.log(`  of the documents: ${stateful.states} with several states, ${stateful.anyState} with any-state nodes, ${stateful.options} with a minimum time or reset on enter, ${stateful.walls} with walls, ${stateful.params} with exposed parameters, ${stateful.flowFields} with flow fields`);
    // The sequences reach states (documents of several states, any-state graphs and state options) and walls.
    expect(Math.min(stateful.states, stateful.anyState, stateful.options, stateful.walls, stateful.params, stateful.flowFields)).toBeGreaterThan(steps / 100);
    // and reroutes go on wires, each leaving the program as it was
    expect(reroutesChecked).toBeGreaterThan(RUNS / 20);
    // and the group ports and the reroutes' types change through the gestures that change them
    expect(Math.min(reroutesRetyped, portsAdded)).toBeGreaterThan(RUNS / 200);
  }, Math.max(60_000, RUNS * 200));

  it('a graph pasted until it is full stays loadable: the edit that would pass a limit does nothing', () => {
    const start = deepFreeze(preset('default'));
    const t = start.agentTypes[0];
    const history = new History(start);
    for (let k = 0; k < 300; k++) history.apply(paste(t.id, history.doc, history.doc.agentTypes[0].states[0].graph.nodes.slice(0, 40), [], [30, 30]).edit);
    const nodes = history.doc.agentTypes[0].states[0].graph.nodes.length;
    expect(nodes).toBeLessThanOrEqual(LIMITS.nodesPerGraph);
    expect(nodes).toBeGreaterThan(LIMITS.nodesPerGraph - 40);
    expect(loadScene(serializeScene(history.doc)).ok).toBe(true);
  });
});
