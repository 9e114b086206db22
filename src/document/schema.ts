/**
 * The scene document's schema, written once with valibot: the loader validates with it
 * (src/document/load.ts) and presets/steergraph.schema.json is generated from it
 * (src/document/json-schema.ts), so the two cannot disagree.
 *
 * What the schema checks: shapes, types, unknown keys, value ranges (RANGES) and text lengths.
 * What it leaves to src/document/checks.ts, because JSON Schema cannot say it: the size limits
 * that add up across the document (LIMITS), duplicate ids and reserved parameter names.
 * What it deliberately does not check (DESIGN.md contract 6; the compiler diagnoses these on the
 * nodes, so a half-finished scene always reopens): unknown node kinds, parameters a kind does not
 * have or values out of a parameter's range, connections to missing nodes or ports.
 *
 * Every check on a field carries the same message (`expected …`); the loader adds the path and
 * what it got: `agentTypes[1].count: expected a whole number from 0 to 100000, got -5`.
 *
 * (Over 600 lines, on purpose: the schema is one description of the whole format, in the order of
 * types.ts, with its ranges, limits and fast paths beside the fields they bound; walls added the
 * last 60, frames and notes (version 5) 45 more, list parameters (version 7: Formation's slots) 25 more. Split by part of the document, a field's range would sit apart from its limit.)
 */
import * as v from 'valibot';
import { FORMAT, ID_PATTERN, VERSION } from './types';
import type { SceneDocument } from './types';
import type { SocketType } from '../../nodes/types';

/** A closed range of numbers (or half-open when `exclusiveMin`), with how to name it to a user. */
export interface Range {
  readonly min: number;
  readonly max: number;
  /** The minimum itself is refused (mass > 0). */
  readonly exclusiveMin?: boolean;
  /** Whole numbers only. */
  readonly whole?: boolean;
  /** Unit shown after the range in messages (`px/tick`). */
  readonly unit?: string;
  /** What the value is, when "a number" says too little (`a fraction`). */
  readonly what?: string;
}

/**
 * The value ranges a loaded document is guaranteed to respect: the contract the compiler and the
 * runtime rely on (every number the validator admits is finite and inside these bounds).
 */
export const RANGES = {
  /** `world.width`, `world.height`, px: > 0. Large enough for any game level, small enough that
   *  a spatial grid over it stays reasonable. */
  worldSize: { min: 0, max: 1_000_000, exclusiveMin: true, unit: 'px' },
  /** `world.seed`: the sfc32 generator's 32-bit unsigned seed. */
  seed: { min: 0, max: 4_294_967_295, whole: true },
  /** Positions anywhere in the document (obstacle x/y, path points, targets, node positions),
   *  px: outside the world is allowed (a target off-screen, a node far on the canvas); the
   *  bound keeps squared distances (at most 8e14) far from overflow. */
  coordinate: { min: -10_000_000, max: 10_000_000, unit: 'px' },
  /** `spawn.x`, `.y`, `.width`, `.height`, px. ≥ 0: the runtime (runtime/checks.ts,
   *  checkWorldSpec) refuses negative spawn values, and clamps the rectangle into the world. */
  spawnRect: { min: 0, max: 10_000_000, unit: 'px' },
  /** `spawn.speed`: starting speed as a fraction of maxSpeed. */
  spawnSpeed: { min: 0, max: 1, what: 'a fraction' },
  /** Obstacle radius `r`, px. */
  obstacleRadius: { min: 0, max: 1_000_000, unit: 'px' },
  /** Obstacle drift `vx`, `vy`, px/tick. */
  obstacleVelocity: { min: -10_000, max: 10_000, unit: 'px/tick' },
  /** `count` of one agent type (the total over all types is LIMITS.agentsTotal). */
  count: { min: 0, max: 100_000, whole: true },
  /** `mass`: > 0; a force f changes the velocity by f / mass per tick. */
  mass: { min: 0, max: 1_000_000, exclusiveMin: true },
  /** `maxSpeed`, px/tick. */
  maxSpeed: { min: 0, max: 10_000, unit: 'px/tick' },
  /** `maxForce`, px/tick². */
  maxForce: { min: 0, max: 10_000, unit: 'px/tick²' },
  /** `variation.maxSpeed`, `variation.maxForce`: each agent's value is the type's × (1 ± up to this). */
  variation: { min: 0, max: 1, what: 'a fraction' },
  /** A state's `minTicks`: whole ticks, up to about 46 hours at 60 ticks per second. */
  minTicks: { min: 0, max: 10_000_000, whole: true, unit: 'ticks' },
  /** `maxTurnRate`, degrees per tick: > 0, at most half a turn (180 never limits). */
  maxTurnRate: { min: 0, max: 180, exclusiveMin: true, unit: 'degrees per tick' },
  /** `headingSmoothing`: headings averaged for drawing (0 off; 1 is refused by checks.ts: a mean of one is no smoothing). */
  headingSmoothing: { min: 0, max: 64, whole: true },
  /** An agent type's `radius`, px (0: point agents). */
  radius: { min: 0, max: 10_000, unit: 'px' },
  /** A type parameter's `default`, `min` and `max`: finite and far from overflow. */
  paramValue: { min: -1_000_000_000, max: 1_000_000_000 },
  /** A frame's or note's `width`, `height`, px (since version 5). */
  boxSize: { min: 0, max: 1_000_000, exclusiveMin: true, unit: 'px' },
} as const satisfies Record<string, Range>;

/** Lengths of texts, in UTF-16 code units (JavaScript's `length`). */
export const LENGTHS = {
  /** Scene and agent type `name`: 1 to 200 characters. */
  name: { min: 1, max: 200 },
  /** Scene `description`: up to 5,000 characters. */
  description: 5_000,
  /** Node `kind`: 1 to 64 characters (an unknown kind is the compiler's diagnostic, not a load error). */
  kind: 64,
  /** A string parameter value: up to 200 characters. */
  paramText: 200,
  /** Each half of a connection end, [node id, port]: up to 64 characters. */
  connectionEnd: 64,
  /** A type parameter's `unit`: up to 16 characters. */
  unit: 16,
  /** The top-level `$schema` reference: up to 2,000 characters. */
  schemaRef: 2_000,
  /** A frame's `title`: up to 200 characters (since version 5). */
  frameTitle: 200,
  /** A sticky note's `text`: up to 5,000 characters (since version 5). */
  noteText: 5_000,
} as const;

/**
 * Size limits. A file over one of them is refused with a message naming the limit
 * (src/document/checks.ts); the per-array ones are also in the JSON Schema (maxItems).
 */
export const LIMITS = {
  /** The text of a scene file, in characters, checked before JSON.parse: 5 MB. */
  fileChars: 5 * 1024 * 1024,
  /** Agent types in a scene. */
  agentTypes: 32,
  /** States of one agent type (the runtime keeps an agent's state in a byte). */
  statesPerType: 64,
  /** Nodes in one agent type's graph. */
  nodesPerGraph: 2_000,
  /** Nodes in all graphs together. */
  nodesTotal: 10_000,
  /** Connections in one graph. */
  connectionsPerGraph: 10_000,
  /**
   * Connections in all graphs together: two per node at the node limit (an input takes one, and
   * most nodes have one or two). 50,000 dangling connections took over 200 ms to load.
   */
  connectionsTotal: 20_000,
  /** Parameters on one node (node kinds have a handful; this only bounds the work); also its exposed ones. */
  paramsPerNode: 100,
  /** Parameters of one agent type (`params`). */
  paramsPerType: 100,
  /** Frames in one graph (since version 5). */
  framesPerGraph: 500,
  /** Sticky notes in one graph (since version 5). */
  notesPerGraph: 500,
  /** Agents of all types together (the sum of `count`). */
  agentsTotal: 200_000,
  /** Obstacles in the world. */
  obstacles: 1_000,
  /** Named paths in the world. */
  paths: 100,
  /** Points in one path. */
  pointsPerPath: 10_000,
  /**
   * Points in all paths together. A scene's paths are drawn every frame, and JSON.parse of 400,000
   * points (what 5 MB could hold) cost 100 ms of garbage collection alone.
   */
  pointsTotal: 100_000,
  /** Named targets in the world. */
  targets: 100,
  /** Walls in the world (runtime/checks.ts LIMITS.walls says the same for `setWalls`). */
  walls: 2_000,
  /** Points in one wall. */
  pointsPerWall: 10_000,
  /**
   * Points in all walls together: every one is a segment the runtime builds, the preview draws and
   * the integrator may test; a maze of a few thousand segments is a large level.
   */
  wallPoints: 50_000,
  /** Groups in the scene's library (their nodes count in nodesTotal). */
  groups: 500,
  /** Inputs (or outputs) of one group. */
  groupPorts: 100,
  /** Flow fields in the world (runtime/flow-field.ts FLOW_LIMITS says the same for `setFlowField`). */
  flowFields: 16,
  /** Columns or rows of one flow field. */
  flowSide: 1_024,
  /** Cells of one flow field (cols × rows): 175 KB of base64 at most. */
  flowCells: 65_536,
  /** Offsets in one list parameter (Formation's custom slots; since version 7). */
  offsetsPerParam: 256,
} as const;

/** `#rrggbb`. */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * Parameter names: a letter, then up to 31 letters, digits or `_`. `constructor` and `prototype`
 * are refused too: valibot (like most code that copies objects) skips them, so they would be
 * dropped silently, and neither is a parameter of any node kind. `__proto__` fails the first letter.
 */
export const PARAM_NAME_PATTERN = /^(?!(?:constructor|prototype)$)[A-Za-z][A-Za-z0-9_]{0,31}$/;

/** The message of every check on a value in range `r`: `expected a whole number from 0 to 100000`. */
export function rangeMessage(r: Range): string {
  const what = r.what ?? (r.whole ? 'a whole number' : 'a number');
  const unit = r.unit ? ` ${r.unit}` : '';
  return r.exclusiveMin
    ? `expected ${what} greater than ${r.min} and at most ${r.max}${unit}`
    : `expected ${what} from ${r.min} to ${r.max}${unit}`;
}

// ── One validation run ─────────────────────────────────────────────────────────────────────────
// The schema is built by `build`: once without a run, as the description of the document (the JSON
// Schema, the loader's field messages), and once per validation with its own Run, which adds what
// only validating needs: arrays refused where an object belongs, fast paths and the issue budget.
// Each run's state lives in its own Run, so validations cannot disturb one another (re-entrant),
// and all of it goes through valibot's public API (lazy, custom, transform, message functions).

/** The state of one validateWithSchema call. */
interface Run {
  /** Issues collected so far (each message function counts the issue it words). */
  issues: number;
  /** Some list items were not looked at because the budget was spent. */
  skipped: boolean;
  /** The value was just parsed and nobody else holds it: accepted items are kept, not copied. */
  readonly owned: boolean;
}

/** A message as a schema takes it: the text, or (in a run) a function that also counts the issue. */
type Message = string | (() => string);

/** How many issues validateWithSchema collects before it stops looking at further list items. */
export const ISSUE_BUDGET = 1_000;

// ── Fast paths ─────────────────────────────────────────────────────────────────────────────────
// valibot spends about a microsecond on each value; a file within the limits can hold 400,000 path
// points or 100,000 connections. The items of those lists are first tried with a plain predicate
// that accepts only what the item's schema accepts, and copied as the schema would copy them; an
// item it does not accept goes through the schema, which finds the problem and words it.
// (tests/hardening/schema-fast-paths.test.ts checks that each predicate agrees with its schema.)

/** An item schema with a fast path: `test(x)` true means the schema accepts x and outputs `copy(x)`. */
export interface FastPath {
  test(x: unknown): boolean;
  copy(x: never): unknown;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const C_MIN = RANGES.coordinate.min;
const C_MAX = RANGES.coordinate.max;

const isPoint = (p: unknown): p is [number, number] => {
  if (!Array.isArray(p) || p.length !== 2) return false;
  const x: unknown = p[0];
  const y: unknown = p[1];
  return typeof x === 'number' && x >= C_MIN && x <= C_MAX && typeof y === 'number' && y >= C_MIN && y <= C_MAX;
};

const isEnd = (e: unknown): e is [string, string] =>
  Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && e[0].length <= LENGTHS.connectionEnd && typeof e[1] === 'string' && e[1].length <= LENGTHS.connectionEnd;

/** Whether an object's own keys are exactly `keys` (in any order). */
function hasKeys(o: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(o);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(o, k));
}

/** (A list value, Formation's custom slots, takes the schema.) */
const isParamValue = (x: unknown): boolean =>
  (typeof x === 'number' && Number.isFinite(x)) || typeof x === 'boolean' || (typeof x === 'string' && x.length <= LENGTHS.paramText);

/** The fast paths of points, connections and nodes. */
export const FAST_PATHS = {
  point: { test: isPoint, copy: (p: [number, number]) => [p[0], p[1]] },
  connection: {
    test: (c: unknown) => isObject(c) && hasKeys(c, ['from', 'to']) && isEnd(c.from) && isEnd(c.to),
    copy: (c: { from: [string, string]; to: [string, string] }) => ({ from: [c.from[0], c.from[1]], to: [c.to[0], c.to[1]] }),
  },
  node: {
    test: (n: unknown) => {
      if (!isObject(n)) return false;
      // (a node with exposed parameters, rare, takes the schema)
      if (Object.hasOwn(n, 'muted') ? typeof n.muted !== 'boolean' || !hasKeys(n, ['id', 'kind', 'params', 'position', 'muted']) : !hasKeys(n, ['id', 'kind', 'params', 'position'])) return false;
      if (typeof n.id !== 'string' || !ID_PATTERN.test(n.id)) return false;
      if (typeof n.kind !== 'string' || n.kind.length < 1 || n.kind.length > LENGTHS.kind) return false;
      if (!isPoint(n.position) || !isObject(n.params)) return false;
      const keys = Object.keys(n.params);
      if (keys.length > LIMITS.paramsPerNode) return false;
      for (const k of keys) if (!PARAM_NAME_PATTERN.test(k) || !isParamValue(n.params[k])) return false;
      return true;
    },
    copy: (n: { id: string; kind: string; params: Record<string, unknown>; position: [number, number]; muted?: boolean }) => {
      const params: Record<string, unknown> = {};
      for (const k of Object.keys(n.params)) params[k] = n.params[k];
      const node = { id: n.id, kind: n.kind, params, position: [n.position[0], n.position[1]] };
      return n.muted === undefined ? node : { ...node, muted: n.muted };
    },
  },
} satisfies Record<string, FastPath>;

/**
 * Whether every item of `items` takes the fast path, holes included: a sparse list (a value, not
 * parsed JSON) has holes that `every` would skip, and the saver would write them as `[1,,2]`; here a
 * hole is undefined, which no fast path accepts, so the schema reports it.
 */
function everyItem(items: readonly unknown[], path: FastPath): boolean {
  for (let i = 0; i < items.length; i++) if (!path.test(items[i])) return false;
  return true;
}

// ── The document ───────────────────────────────────────────────────────────────────────────────

/** The scene's schemas: the description of the document without `run`, the validating ones with it. */
function build(run?: Run) {
  /** `m` as the schemas take it: counted in a run. */
  const say = (m: string): Message =>
    run
      ? () => {
          run.issues++;
          return m;
        }
      : m;

  /** A number in `r`. NaN fails `number()`, ±Infinity fails the bounds. */
  function num(r: Range, doc: string): v.GenericSchema<number> {
    const m = say(rangeMessage(r));
    const lower = r.exclusiveMin ? v.gtValue<number, number, Message>(r.min, m) : v.minValue<number, number, Message>(r.min, m);
    const upper = v.maxValue<number, number, Message>(r.max, m);
    return r.whole
      ? v.pipe(v.number(m), v.integer(m), lower, upper, v.description<number, string>(doc))
      : v.pipe(v.number(m), lower, upper, v.description<number, string>(doc));
  }

  /** A text matching `pattern`. */
  function matching(pattern: RegExp, message: string, doc: string): v.GenericSchema<string> {
    const m = say(message);
    return v.pipe(v.string(m), v.regex(pattern, m), v.description(doc));
  }

  /** A text of `min` to `max` characters. */
  function text(min: number, max: number, message: string, doc: string): v.GenericSchema<string> {
    const m = say(message);
    return min > 0
      ? v.pipe(v.string(m), v.minLength(min, m), v.maxLength(max, m), v.description(doc))
      : v.pipe(v.string(m), v.maxLength(max, m), v.description(doc));
  }

  /**
   * valibot's object and record schemas accept arrays (an array is an object); a scene never has
   * an array where an object belongs, so a run refuses it with the schema's own message. (The
   * description needs no such rule: JSON Schema's `"type": "object"` excludes arrays.)
   */
  function noArrays<T extends v.GenericSchema>(schema: T, message: string): T {
    if (!run) return schema;
    const refused = v.custom(() => false, say(message));
    return v.lazy((x) => (Array.isArray(x) ? refused : schema)) as unknown as T;
  }

  /** A strict object (unknown keys are errors) that is not an array. */
  function obj<const E extends v.ObjectEntries>(entries: E, message: string, doc: string) {
    return v.pipe(noArrays(v.strictObject(entries, say(message)), message), v.description(doc));
  }

  /**
   * `item`, skipped once the run's issue budget is spent. A garbage file can hold hundreds of
   * thousands of bad values within the size limit; collecting an issue for each would take seconds
   * and hundreds of MB, and nobody reads past the first fifty. (A skipped item passes unchecked: the
   * run has failed already.)
   */
  function budgeted<T extends v.GenericSchema>(item: T): T {
    if (!run) return item;
    const skip = v.unknown();
    return v.lazy(() => {
      if (run.issues < ISSUE_BUDGET) return item;
      run.skipped = true;
      return skip;
    }) as unknown as T;
  }

  /** `item`, taking `path` for a value it accepts (copied unless the run owns the value). */
  function fast<T extends v.GenericSchema>(item: T, path: FastPath): T {
    if (!run) return item;
    const accepted = v.pipe(
      v.unknown(),
      v.transform((x) => (run.owned ? x : path.copy(x as never))),
    );
    return v.lazy((x) => (path.test(x) ? accepted : item)) as unknown as T;
  }

  /** A list of at most `max` items (the limit itself is reported by checks.ts, before the schema runs). */
  function list<T extends v.GenericSchema>(item: T, max: number, message: string, doc: string, path?: FastPath) {
    const m = say(message);
    const schema = v.pipe(v.array(budgeted(path ? fast(item, path) : item), m), v.maxLength(max, m), v.description(doc));
    if (!path || !run) return schema;
    // The whole list at once when every item takes the fast path (no dataset per item).
    const accepted = v.pipe(
      v.unknown(),
      v.transform((items) => (run.owned ? items : (items as unknown[]).map((x) => path.copy(x as never)))),
    );
    return v.lazy((items) => (Array.isArray(items) && items.length <= max && everyItem(items, path) ? accepted : schema)) as unknown as typeof schema;
  }

  /** A list that may be left out of a hand-written file: the loader fills in []. */
  function optionalList<T extends v.GenericSchema>(item: T, max: number, message: string, doc: string, path?: FastPath) {
    return v.optional(list(item, max, message, doc, path), () => []);
  }

  const idMessage = 'expected an id: a letter or _, then up to 63 letters, digits, _ or -';
  const id = (doc: string) => matching(ID_PATTERN, idMessage, doc);
  const nameMessage = `expected a name of ${LENGTHS.name.min} to ${LENGTHS.name.max} characters`;
  const name = (doc: string) => text(LENGTHS.name.min, LENGTHS.name.max, nameMessage, doc);
  const coordinate = (doc: string) => num(RANGES.coordinate, doc);

  /** [x, y] in px. */
  function point(message: string, doc: string) {
    return v.pipe(
      v.strictTuple([coordinate('x, px'), coordinate('y, px')], say(message)),
      v.description(doc),
    );
  }

  const paramMessage = `expected a finite number, true, false, a text of at most ${LENGTHS.paramText} characters or a list of offsets [ox, oy]`;
  const paramNameMessage = 'expected a parameter name: a letter, then up to 31 letters, digits or _';
  const param = say(paramMessage);

  const offsetsMessage = `expected a list of at most ${LIMITS.offsetsPerParam} offsets [ox, oy], px`;
  const offsetMessage = `expected an offset [ox, oy]: two numbers from ${C_MIN} to ${C_MAX} px`;
  /** A list parameter's value (Formation's custom slots, since version 7): [ox, oy] pairs in px. */
  const OffsetsSchema = v.pipe(
    v.array(
      v.pipe(
        v.strictTuple([num(RANGES.coordinate, 'ox, px: ahead of the leader.'), num(RANGES.coordinate, 'oy, px: on the leader’s right.')], say(offsetMessage)),
        v.description('An offset [ox, oy] in the leader’s frame, px.'),
      ),
      say(offsetsMessage),
    ),
    v.maxLength(LIMITS.offsetsPerParam, say(offsetsMessage)),
    v.description(`Offsets [ox, oy] in px (Formation’s custom slots), at most ${LIMITS.offsetsPerParam}. Since version 7.`),
  );
  const scalarParam = [
    v.pipe(v.number(param), v.finite(param)),
    v.boolean(param),
    v.pipe(v.string(param), v.maxLength(LENGTHS.paramText, param)),
  ] as const;

  /** A node parameter's value. Numbers are only required to be finite here: a parameter's own
   *  range is in its node definition, and out of range is a compiler diagnostic (contract 6). A
   *  list is checked item by item in a run, so a bad offset is named by its index. */
  const ParamValueSchema = run
    ? (v.lazy((x) => (Array.isArray(x) ? OffsetsSchema : v.union(scalarParam, param))) as unknown as v.UnionSchema<[...typeof scalarParam, typeof OffsetsSchema], Message>)
    : v.union([...scalarParam, OffsetsSchema], param);

  const endMessage = `expected [node id, port], each a text of at most ${LENGTHS.connectionEnd} characters`;
  const end = say(endMessage);
  const connectionEnd = (doc: string) =>
    v.pipe(
      v.strictTuple(
        [
          v.pipe(v.string(end), v.maxLength(LENGTHS.connectionEnd, end)),
          v.pipe(v.string(end), v.maxLength(LENGTHS.connectionEnd, end)),
        ],
        end,
      ),
      v.description(doc),
    );

  const paramsMessage = 'expected the parameters: an object';
  const exposedMessage = 'expected the exposed parameters: an object { parameter: type parameter name }';
  const NodeSchema = obj(
    {
      id: id('Unique within its graph.'),
      kind: text(1, LENGTHS.kind, `expected a node kind of 1 to ${LENGTHS.kind} characters`, 'A kind from the node registry, e.g. "seek".'),
      params: v.pipe(
        noArrays(v.record(matching(PARAM_NAME_PATTERN, paramNameMessage, 'A parameter name.'), ParamValueSchema, say(paramsMessage)), paramsMessage),
        v.maxEntries(LIMITS.paramsPerNode, say(`expected at most ${LIMITS.paramsPerNode} parameters`)),
        v.description('Parameter values by name; a parameter left out takes its default.'),
      ),
      position: point('expected a position [x, y]', 'Position on the graph canvas, px.'),
      muted: v.optional(
        v.pipe(
          v.boolean(say('expected true or false')),
          v.description('Bypassed: a muted behaviour adds no force; a muted Truncate or Scale passes its input through. Absent: false.'),
        ),
      ),
      exposed: v.optional(
        v.pipe(
          noArrays(v.record(matching(PARAM_NAME_PATTERN, paramNameMessage, 'A number parameter of the node.'), id('The agent type parameter it reads.'), say(exposedMessage)), exposedMessage),
          v.maxEntries(LIMITS.paramsPerNode, say(`expected at most ${LIMITS.paramsPerNode} exposed parameters`)),
          v.description('Exposed parameters: node parameter → the name of the agent type parameter read at run time instead of the value in params. Absent: none.'),
        ),
      ),
      collapsed: v.optional(v.pipe(v.literal(true, say('expected true')), v.description('Drawn collapsed: its header and connected sockets only. Absent: false. Since version 5.'))),
      hideUnconnected: v.optional(
        v.pipe(v.literal(true, say('expected true')), v.description('A Sum shows only its connected inputs and one free one. Absent: false. Since version 5.')),
      ),
    },
    'expected a node: an object { id, kind, params, position }',
    'One node of a graph.',
  );

  const ConnectionSchema = obj(
    {
      from: connectionEnd('The output: [node id, port].'),
      to: connectionEnd('The input: [node id, port].'),
    },
    'expected a connection: an object { from, to }',
    'A connection from an output port to an input port. A connection to a missing node or port is a compiler diagnostic, not a load error.',
  );

  const boxSize = (doc: string) => num(RANGES.boxSize, doc);
  const boxEntries = {
    x: coordinate('Left edge, px of the graph canvas.'),
    y: coordinate('Top edge, px of the graph canvas.'),
    width: boxSize('Width, px.'),
    height: boxSize('Height, px.'),
  };
  const FrameSchema = obj(
    {
      id: id('Unique among the graph’s frames and notes.'),
      title: text(0, LENGTHS.frameTitle, `expected a title of at most ${LENGTHS.frameTitle} characters`, 'Shown on the frame’s header.'),
      color: matching(COLOR_PATTERN, 'expected a color "#rrggbb"', 'The frame’s colour, #rrggbb.'),
      ...boxEntries,
    },
    'expected a frame: an object { id, title, color, x, y, width, height }',
    'A titled, coloured box behind the nodes; it moves the nodes whose top-left corner lies in it. Since version 5.',
  );
  const NoteSchema = obj(
    {
      id: id('Unique among the graph’s frames and notes.'),
      text: text(0, LENGTHS.noteText, `expected a text of at most ${LENGTHS.noteText} characters`, 'The note’s text.'),
      ...boxEntries,
    },
    'expected a note: an object { id, text, x, y, width, height }',
    'A sticky note on the graph canvas. Since version 5.',
  );

  const GraphSchema = obj(
    {
      nodes: list(NodeSchema, LIMITS.nodesPerGraph, 'expected a list of nodes', 'The nodes; ids unique within the graph.', FAST_PATHS.node),
      connections: optionalList(ConnectionSchema, LIMITS.connectionsPerGraph, 'expected a list of connections', 'The connections.', FAST_PATHS.connection),
      frames: v.optional(list(FrameSchema, LIMITS.framesPerGraph, 'expected a list of frames', 'Frames behind the nodes, drawn in order. Absent: none. Since version 5.')),
      notes: v.optional(list(NoteSchema, LIMITS.notesPerGraph, 'expected a list of notes', 'Sticky notes. Absent: none. Since version 5.')),
    },
    'expected a graph: an object { nodes, connections }',
    "A behaviour graph: one state's, or a type's any-state transitions.",
  );

  // Node groups (since version 5): the library's groups, their ports and the parameters a use sets.
  const socketTypes = ['force', 'point', 'agent', 'path', 'obstacles', 'number', 'condition'] as const satisfies readonly SocketType[];
  const GroupPortSchema = obj(
    {
      key: id('Unique among the group’s inputs (or outputs): the port key of a use’s socket.'),
      label: text(0, LENGTHS.name.max, `expected a text of at most ${LENGTHS.name.max} characters`, 'Shown beside the socket.'),
      type: v.pipe(v.picklist(socketTypes, say(`expected a socket type: ${socketTypes.join(', ')}`)), v.description('What the socket carries.')),
    },
    'expected a group port: an object { key, label, type }',
    'A socket of the group’s uses.',
  );
  const GroupParamSchema = obj(
    {
      key: matching(PARAM_NAME_PATTERN, paramNameMessage, 'The key in a use’s params.'),
      label: text(0, LENGTHS.name.max, `expected a text of at most ${LENGTHS.name.max} characters`, 'Shown on the use node.'),
      node: id('The inner node’s id.'),
      param: matching(PARAM_NAME_PATTERN, paramNameMessage, 'The inner node’s parameter.'),
    },
    'expected a group parameter: an object { key, label, node, param }',
    'A parameter a use sets: it overrides the inner node’s parameter.',
  );
  const GroupSchema = obj(
    {
      id: id('Unique in the library; a use’s params.group.'),
      name: name('Shown on the group’s nodes.'),
      inputs: list(GroupPortSchema, LIMITS.groupPorts, 'expected a list of ports', 'The input sockets of a use.'),
      outputs: list(GroupPortSchema, LIMITS.groupPorts, 'expected a list of ports', 'The output sockets of a use.'),
      params: v.optional(list(GroupParamSchema, LIMITS.paramsPerNode, 'expected a list of group parameters', 'The parameters a use sets. Absent: none.')),
      graph: GraphSchema,
      inputPosition: v.optional(point('expected a position [x, y]', 'Where the Group Input node is drawn inside, px.')),
      outputPosition: v.optional(point('expected a position [x, y]', 'Where the Group Output node is drawn inside, px.')),
    },
    'expected a group: an object { id, name, inputs, outputs, graph }',
    'A node group: inner nodes and wires used as one node of kind "group"; the boundary is the node ids "@in" and "@out".',
  );

  const StateSchema = obj(
    {
      name: id('Unique within the agent type; what Go to State nodes and the module’s API name.'),
      graph: GraphSchema,
      minTicks: v.optional(num(RANGES.minTicks, 'No transition out before the agent spent this many ticks in the state (default 0).')),
      resetOnEnter: v.optional(
        v.pipe(v.boolean(say('expected true or false')), v.description('Entering the state returns its nodes’ memory to the defaults. Absent: false.')),
      ),
    },
    'expected a state: an object { name, graph }',
    'One state of an agent type: its name and the graph that steers its agents while they are in it.',
  );

  const SpawnSchema = obj(
    {
      x: v.optional(num(RANGES.spawnRect, 'Left of the spawn rectangle, px (default 0).')),
      y: v.optional(num(RANGES.spawnRect, 'Top of the spawn rectangle, px (default 0).')),
      width: v.optional(num(RANGES.spawnRect, 'Width, px (default: to the right edge of the world).')),
      height: v.optional(num(RANGES.spawnRect, 'Height, px (default: to the bottom edge of the world).')),
      speed: v.optional(num(RANGES.spawnSpeed, 'Starting speed as a fraction of maxSpeed (default 0.5).')),
      shape: v.optional(
        v.pipe(
          v.picklist(['area', 'ring'], say('expected "area" or "ring"')),
          v.description('"area" (default): uniformly in the rectangle, facing a random direction. "ring" (version 6): evenly on the ellipse inscribed in the rectangle, agent i at 360·i/count degrees from the right of the centre, facing the centre.'),
        ),
      ),
    },
    'expected a spawn rectangle: an object { x, y, width, height, speed, shape }',
    'Where agents appear: in the rectangle (or on the ellipse inscribed in it), and how fast.',
  );

  const VariationSchema = obj(
    {
      maxSpeed: v.optional(num(RANGES.variation, 'Each agent’s maxSpeed is the type’s × (1 ± up to this).')),
      maxForce: v.optional(num(RANGES.variation, 'Each agent’s maxForce is the type’s × (1 ± up to this).')),
    },
    'expected a variation: an object { maxSpeed, maxForce }',
    'Seeded per-agent variation.',
  );

  const TypeParamSchema = obj(
    {
      name: id('Unique within the agent type; what the game’s code names.'),
      default: num(RANGES.paramValue, 'The value every agent starts with (from min to max).'),
      min: num(RANGES.paramValue, 'The smallest value the game may set.'),
      max: num(RANGES.paramValue, 'The largest value the game may set (at least min).'),
      unit: v.optional(text(0, LENGTHS.unit, `expected a text of at most ${LENGTHS.unit} characters`, 'Shown after the value, e.g. "px".')),
    },
    'expected a parameter: an object { name, default, min, max }',
    'A parameter of the agent type: a number the game sets at run time, per type and per agent.',
  );

  const AgentTypeSchema = obj(
    {
      id: id('Unique among agent types; how a game names the type.'),
      name: name('Shown in the editor.'),
      color: matching(COLOR_PATTERN, 'expected a color "#rrggbb"', 'Colour of the agents in the preview, #rrggbb.'),
      count: num(RANGES.count, 'How many agents of this type.'),
      mass: num(RANGES.mass, 'A force f changes the velocity by f / mass per tick.'),
      maxSpeed: num(RANGES.maxSpeed, 'Top speed, px/tick.'),
      maxForce: num(RANGES.maxForce, 'Largest steering force, px/tick².'),
      spawn: v.optional(SpawnSchema),
      variation: v.optional(VariationSchema),
      states: v.pipe(
        list(StateSchema, LIMITS.statesPerType, 'expected a list of states', 'The states; names unique. Agents start in the first.'),
        v.minLength(1, say('expected at least one state')),
      ),
      anyState: v.optional(GraphSchema),
      maxTurnRate: v.optional(num(RANGES.maxTurnRate, 'Largest turn of the heading per tick, degrees (absent: no limit); the velocity turns with it.')),
      headingSmoothing: v.optional(num(RANGES.headingSmoothing, 'Headings drawn as the mean of the last k: 0 off, or 2 to 64 (drawing only).')),
      radius: v.optional(num(RANGES.radius, 'The agents’ radius, px (absent: 0, point agents); used by Avoid Agents and Queue, drawn in the preview.')),
      params: v.optional(list(TypeParamSchema, LIMITS.paramsPerType, 'expected a list of parameters', 'The type’s parameters (what the game sets at run time); names unique.')),
    },
    'expected an agent type: an object { id, name, color, count, mass, maxSpeed, maxForce, states }',
    'One agent type: its agents and their states’ graphs.',
  );

  const ObstacleSchema = obj(
    {
      x: coordinate('Centre x, px.'),
      y: coordinate('Centre y, px.'),
      r: num(RANGES.obstacleRadius, 'Radius, px.'),
      vx: v.optional(num(RANGES.obstacleVelocity, 'Drift x, px/tick (default 0).')),
      vy: v.optional(num(RANGES.obstacleVelocity, 'Drift y, px/tick (default 0).')),
    },
    'expected an obstacle: an object { x, y, r }',
    'A circular obstacle; vx, vy make it drift and bounce off the walls.',
  );

  const PointItem = point('expected a point [x, y]', 'A point [x, y], px.');

  const PathSchema = obj(
    {
      id: id('Unique among paths.'),
      points: list(PointItem, LIMITS.pointsPerPath, 'expected a list of points [x, y]', 'The points of the polyline.', FAST_PATHS.point),
      loop: v.boolean(say('expected true or false')),
    },
    'expected a path: an object { id, points, loop }',
    'A named polyline. A looped path returns from its last point to its first.',
  );

  const TargetSchema = obj(
    {
      name: id('Unique among targets; the game moves the target by this name.'),
      x: coordinate('Starting x, px.'),
      y: coordinate('Starting y, px.'),
    },
    'expected a target: an object { name, x, y }',
    'A point the host program moves by name at run time.',
  );

  const WallSchema = obj(
    {
      id: id('Unique among walls.'),
      points: v.pipe(
        list(PointItem, LIMITS.pointsPerWall, 'expected a list of points [x, y]', 'The points of the polyline, or the corners of the polygon (at least 3 when closed).', FAST_PATHS.point),
        v.minLength(2, say('expected at least 2 points')),
      ),
      closed: v.pipe(v.boolean(say('expected true or false')), v.description('The last point joins the first: a polygon, solid inside.')),
      solid: v.optional(
        v.pipe(
          v.boolean(say('expected true or false')),
          v.description('Stops agents, feeds Wall Avoid and blocks sight. Absent: true. A closed wall that is not solid is only a region (for Contain).'),
        ),
      ),
    },
    'expected a wall: an object { id, points, closed }',
    'A wall: a polyline, or with closed a polygon.',
  );

  const side = { min: 0, max: LIMITS.flowSide, whole: true } as const;
  const FlowFieldSchema = obj(
    {
      id: id('Unique among flow fields.'),
      x: coordinate('Left edge of the grid, px.'),
      y: coordinate('Top edge of the grid, px.'),
      cellSize: num({ min: 0, max: RANGES.coordinate.max, exclusiveMin: true, unit: 'px' }, 'The side of a cell, px.'),
      cols: num(side, 'Columns of cells (0: the field is everywhere off-field).'),
      rows: num(side, 'Rows of cells.'),
      vectors: text(0, 4 * Math.ceil((2 * LIMITS.flowCells) / 3), 'expected the vectors as base64 text', 'Base64 of two signed bytes per cell (vx, vy; byte k is k/127 of maxSpeed), row by row.'),
    },
    'expected a flow field: an object { id, x, y, cellSize, cols, rows, vectors }',
    'A flow field: a grid of vectors agents with a Flow Field node move along.',
  );

  const WorldSchema = obj(
    {
      width: num(RANGES.worldSize, 'Width, px.'),
      height: num(RANGES.worldSize, 'Height, px.'),
      edges: v.pipe(v.picklist(['wrap', 'bounce'], say('expected "wrap" or "bounce"')), v.description('How agents meet the border.')),
      seed: num(RANGES.seed, 'Seed of the world’s random generator.'),
      obstacles: optionalList(ObstacleSchema, LIMITS.obstacles, 'expected a list of obstacles', 'Circular obstacles.'),
      paths: optionalList(PathSchema, LIMITS.paths, 'expected a list of paths', 'Named paths; ids unique.'),
      targets: optionalList(TargetSchema, LIMITS.targets, 'expected a list of targets', 'Named targets; names unique.'),
      walls: v.optional(list(WallSchema, LIMITS.walls, 'expected a list of walls', 'Walls; ids unique. Absent: none.')),
      flowFields: v.optional(list(FlowFieldSchema, LIMITS.flowFields, 'expected a list of flow fields', 'Flow fields; ids unique. Absent: none.')),
    },
    'expected the world: an object { width, height, edges, seed }',
    'The world every agent type shares.',
  );

  const SceneSchema = v.pipe(
    obj(
      {
        $schema: v.optional(text(0, LENGTHS.schemaRef, `expected a text of at most ${LENGTHS.schemaRef} characters`, 'JSON Schema reference for editors; ignored by the loader.')),
        format: v.pipe(v.literal(FORMAT, say(`expected "${FORMAT}"`)), v.description('Always "steergraph".')),
        version: v.pipe(v.literal(VERSION, say(`expected ${VERSION}`)), v.description('The document format version.')),
        name: name('The scene’s name.'),
        description: text(0, LENGTHS.description, `expected a text of at most ${LENGTHS.description} characters`, 'What the scene shows.'),
        world: WorldSchema,
        agentTypes: list(AgentTypeSchema, LIMITS.agentTypes, 'expected a list of agent types', 'The agent types; ids unique.'),
        groups: v.optional(list(GroupSchema, LIMITS.groups, 'expected a list of groups', 'The group library; ids unique. Absent: none.')),
      },
      'expected a scene: an object { format, version, name, description, world, agentTypes }',
      'A whole scene.',
    ),
    v.title('Steergraph scene'),
  );

  return { SceneSchema, NodeSchema, ConnectionSchema, PointItem };
}

const described = build();

/**
 * The whole scene document (after migration to VERSION), as the JSON Schema and the loader's
 * messages describe it. The loader validates with validateWithSchema, which also refuses arrays
 * where an object belongs.
 */
export const SceneSchema = described.SceneSchema;

/**
 * Each fast path with the schema it stands in for (for the test that they agree): the validating
 * item schemas, which a list tries after the fast path.
 */
export const FAST_PATH_SCHEMAS = (() => {
  const validating = build({ issues: 0, skipped: false, owned: false });
  return [
    ['point', FAST_PATHS.point, validating.PointItem],
    ['connection', FAST_PATHS.connection, validating.ConnectionSchema],
    ['node', FAST_PATHS.node, validating.NodeSchema],
  ] as const;
})();

/**
 * Validates `value` as a scene. Stops looking at further list items once ISSUE_BUDGET issues are
 * collected (`complete: false`): the issues then are some, not all. `owned`: the value was just
 * parsed and nobody else holds it, so the output may share its nodes, connections and points.
 * Each call builds its own validating schema, so calls cannot disturb one another.
 */
export function validateWithSchema(value: unknown, owned = false): { result: v.SafeParseResult<typeof SceneSchema>; complete: boolean } {
  const run: Run = { issues: 0, skipped: false, owned };
  const result = v.safeParse(build(run).SceneSchema, value);
  return { result, complete: !run.skipped };
}

/** The schema's output is exactly the document type of types.ts (checked at compile time). */
type Output = v.InferOutput<typeof SceneSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _outputIsSceneDocument: Same<Output, SceneDocument> = true;
void _outputIsSceneDocument;
