/**
 * Snapshots: a world's whole state as plain JSON (numbers packed so −0 survives), the checks a
 * snapshot passes before a world resumes it (every value against the loader's ranges, the world
 * it was taken in), and the restore itself. `createWorld({ snapshot })` in api.ts uses them.
 */
import { checkFlowField, flowFieldOf } from './flow-field';
import { restoreSmoother } from './orientation';
import { carryParams } from './params';
import { memoryKey, stateTable, type Program, type SceneLike } from './program';
import { pathOf, restoreRoutes, routePoints } from './routes';
import { LIMITS, MAX_AGENTS, World, checkCount, checkSeed, checkWalls, type Agents, type EdgeMode, type WallSpec } from './world';

/** A packed array of numbers; −0 (which JSON writes as 0) is listed separately so it survives. */
export type PackedNumbers = number[] | { values: number[]; negativeZero: number[] };

/** Per agent type state in a snapshot. */
export interface TypeSnapshot {
  count: number;
  pos: PackedNumbers;
  vel: PackedNumbers;
  head: PackedNumbers;
  maxSpeed: PackedNumbers;
  maxForce: PackedNumbers;
  /** Node memory by node id: `size` numbers per agent, agent-major. */
  memory: Record<string, PackedNumbers>;
  /**
   * This tick's raw forces (fx0, fy0, …), present only when the snapshot was taken between
   * `computeForces` and `step`: they stand for that tick, as they would have in the original world.
   */
  force?: PackedNumbers;
  /** Per agent its state and time in state (ticks), with the state names they index; present for a type with states. */
  states?: { names: string[]; index: number[]; time: number[] };
  /** Per agent its signal flags (bit k: names[k]); present for a type whose graphs read signals. */
  signals?: { names: string[]; flags: number[] };
  /** The heading smoother (runtime/orientation.ts): its k, k headings per agent (agent-major) and the drawn headings; present for a type with headingSmoothing. */
  smoother?: { slots: number; ring: PackedNumbers; drawn: PackedNumbers };
  /** The type's parameters: their names, type values and per-agent values (one packed array of `count` per name); present for a type with parameters. */
  params?: { names: string[]; values: PackedNumbers; agents: PackedNumbers[] };
  /** Per agent its own route (setRoute), x0, y0, x1, … or null; present when some agent has one. */
  routes?: (PackedNumbers | null)[];
}

/** The smoother part of a type's snapshot (none for a type without headingSmoothing). */
export function smootherSnapshot(a: Agents): Pick<TypeSnapshot, 'smoother'> {
  return a.smoothing === 0 ? {} : { smoother: { slots: a.smoothing, ring: pack(a.ring), drawn: pack(a.drawn) } };
}

/** The parameters part of a type's snapshot (none for a type without parameters). */
export function paramsSnapshot(a: Agents): Pick<TypeSnapshot, 'params'> {
  if (!a.params.length) return {};
  return { params: { names: a.params.map((p) => p.name), values: pack(a.parValue), agents: a.par.map((arr) => pack(arr.subarray(0, a.count))) } };
}

/** The routes part of a type's snapshot (none when no agent has a route). */
export function routesSnapshot(a: Agents): Pick<TypeSnapshot, 'routes'> {
  const r = routePoints(a);
  return r ? { routes: r.map((p) => (p ? pack(p) : null)) } : {};
}

/** The scene's paths as a game set them (setPath), for a snapshot; none while they are the scene's. */
export function pathsSnapshot(w: World): Pick<Snapshot, 'paths'> {
  return w.pathsChanged ? { paths: w.paths.map((p) => ({ id: p.id, points: pack(p.pts), loop: p.loop })) } : {};
}

/** The flow fields part of a snapshot: every field once a game replaced one (setFlowField). */
export function flowFieldsSnapshot(w: World): Pick<Snapshot, 'flowFields'> {
  if (!w.flowFieldsChanged) return {};
  return { flowFields: w.flowFields.map((f) => ({ id: f.id, x: f.x, y: f.y, cellSize: f.cellSize, cols: f.cols, rows: f.rows, vectors: pack(f.v) })) };
}

/** The states and signals part of a type's snapshot (none for a type without them). */
export function statesSnapshot(a: Agents, table: { names: string[]; signals: string[] }): Pick<TypeSnapshot, 'states' | 'signals'> {
  return {
    ...(a.stateful ? { states: { names: [...table.names], index: Array.from(a.state), time: Array.from(a.tis) } } : {}),
    ...(table.signals.length ? { signals: { names: [...table.signals], flags: Array.from(a.sig) } } : {}),
  };
}

/**
 * Carries agents' states, times in state and signals into `a` by name (the source's names may
 * differ from this program's, as after an edit): a state this program lacks is state 0 with τ 0, a
 * signal it lacks is dropped. `from` holds `count` agents' values.
 */
export function carryStates(
  a: Agents,
  table: { names: string[]; signals: string[] },
  from: { names: readonly string[]; index: ArrayLike<number>; time: ArrayLike<number> } | undefined,
  signals: { names: readonly string[]; flags: ArrayLike<number> } | undefined,
): void {
  const n = a.count;
  if (from) {
    const map = from.names.map((name) => table.names.indexOf(name));
    for (let i = 0; i < n && i < from.index.length; i++) {
      const s = map[from.index[i]] ?? -1;
      a.state[i] = s < 0 ? 0 : s;
      a.tis[i] = s < 0 ? 0 : from.time[i];
    }
  }
  if (signals) {
    const bits = signals.names.map((name) => table.signals.indexOf(name));
    for (let i = 0; i < n && i < signals.flags.length; i++) {
      let f = 0;
      for (let b = 0; b < bits.length; b++) if (bits[b] >= 0 && (signals.flags[i] >>> b) & 1) f |= 1 << bits[b];
      a.sig[i] = f;
    }
  }
}

/**
 * The scene a snapshot was taken in, as far as resuming it depends on it: the world's size and
 * edges (its agent types are the keys of `types`). A module refuses a snapshot of another world;
 * graph edits, counts, obstacles and targets may differ (the preview resumes across such edits).
 */
export interface SnapshotWorld {
  width: number;
  height: number;
  edges: EdgeMode;
}

/** A world's whole state as plain JSON; `createWorld({ snapshot })` resumes it bit-exactly. */
export interface Snapshot {
  format: 'steergraph-snapshot';
  version: 1;
  /** The world it was taken in (absent from snapshots of modules exported before it was added). */
  world?: SnapshotWorld;
  seed: number;
  tick: number;
  rng: [number, number, number, number];
  pointer: PackedNumbers;
  targets: Record<string, PackedNumbers>;
  /** x, y, r, vx, vy per circle. */
  obstacles: PackedNumbers;
  /** The walls, present when a game replaced the scene's (setWalls); absent: the scene's. */
  walls?: WallSpec[];
  /** The paths, present when a game replaced one (setPath): x0, y0, x1, … each; absent: the scene's. */
  paths?: { id: string; points: PackedNumbers; loop: boolean }[];
  /** The flow fields, present when a game replaced one (setFlowField): vectors vx, vy per cell, row by row; absent: the scene's. */
  flowFields?: { id: string; x: number; y: number; cellSize: number; cols: number; rows: number; vectors: PackedNumbers }[];
  types: Record<string, TypeSnapshot>;
}

/** A value for an error message (−0 as such). */
export function show(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  return v === undefined ? 'nothing' : v === null ? 'null' : typeof v;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Packs numbers as a plain array, listing −0 entries apart (JSON would turn them into 0). */
export function pack(a: ArrayLike<number>): PackedNumbers {
  // sized once: Array.from grows its array as it goes (about three times the allocation, and
  // twice the time for 200,000 numbers in Node 20)
  const n = a.length;
  const values: number[] = new Array<number>(n);
  let negativeZero: number[] | null = null;
  for (let k = 0; k < n; k++) {
    const v = a[k];
    if (Object.is(v, -0)) {
      (negativeZero ??= []).push(k);
      values[k] = 0;
    } else values[k] = v;
  }
  return negativeZero ? { values, negativeZero } : values;
}

/** The inverse of {@link pack}. */
export function unpack(p: PackedNumbers): Float64Array {
  if (Array.isArray(p)) return Float64Array.from(p);
  const out = Float64Array.from(p.values);
  for (const k of p.negativeZero) out[k] = -0;
  return out;
}

function packedLength(p: PackedNumbers): number {
  return Array.isArray(p) ? p.length : p.values.length;
}

/** Where a snapshot's numbers must lie: [min, max] and the unit named in the message. */
interface Bounds {
  min: number;
  max: number;
  unit?: string;
}

const C = LIMITS.coordinate;
/** Positions (agents, obstacles, targets, the pointer): the loader's coordinate range. */
const COORDINATE: Bounds = { min: -C, max: C, unit: 'px' };
/** Agent velocities: what `step` accepts from a game (integration caps them at maxSpeed). */
const VELOCITY: Bounds = { min: -C, max: C, unit: 'px/tick' };
/** Headings: unit vectors (a little room for rounding). */
const HEADING: Bounds = { min: -1.000001, max: 1.000001 };
/** Each agent's own limits: the type's (at most the loader's maximum) × up to 1 + variation (≤ 1). */
const AGENT_MAX_SPEED: Bounds = { min: 0, max: 2 * LIMITS.maxSpeed, unit: 'px/tick' };
const AGENT_MAX_FORCE: Bounds = { min: 0, max: 2 * LIMITS.maxForce, unit: 'px/tick²' };
/**
 * Node memory and this tick's raw forces: far beyond any value a node keeps (unit vectors, waypoint
 * indices) or a graph sums (maxSpeed × weights), far from where squaring overflows.
 */
const LARGE: Bounds = { min: -1e12, max: 1e12 };

function checkPacked(p: unknown, field: string, length?: number, bounds?: Bounds | readonly Bounds[]): void {
  const values = Array.isArray(p) ? p : isRecord(p) ? p.values : undefined;
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new Error(`createWorld: snapshot.${field}: expected an array of finite numbers`);
  }
  if (!Array.isArray(p)) {
    const nz = (p as { negativeZero?: unknown }).negativeZero;
    if (!Array.isArray(nz) || !nz.every((k) => Number.isInteger(k) && k >= 0 && k < values.length)) {
      throw new Error(`createWorld: snapshot.${field}.negativeZero: expected indices into values`);
    }
  }
  if (length !== undefined && values.length !== length) {
    throw new Error(`createWorld: snapshot.${field}: expected ${length} numbers, got ${values.length}`);
  }
  if (bounds === undefined) return;
  // one Bounds for every number, or one per position in a repeating group (x, y, r, vx, vy)
  const list = Array.isArray(bounds) ? (bounds as readonly Bounds[]) : [bounds as Bounds];
  for (let k = 0; k < values.length; k++) {
    const b = list[k % list.length];
    const v = values[k] as number;
    if (!(v >= b.min && v <= b.max)) {
      throw new Error(`createWorld: snapshot.${field}[${k}]: expected a number from ${b.min} to ${b.max}${b.unit ? ` ${b.unit}` : ''}, got ${show(v)}`);
    }
  }
}

/** A route's or path's packed points: coordinates, an even count, at most LIMITS.pointsPerPath points. */
function checkRoute(p: unknown, field: string): void {
  checkPacked(p, field, undefined, COORDINATE);
  const n = packedLength(p as PackedNumbers);
  if (n % 2 !== 0 || n > 2 * LIMITS.pointsPerPath) throw new Error(`createWorld: snapshot.${field}: expected x, y per point, at most ${LIMITS.pointsPerPath} points`);
}

/** Per circle x, y, r, vx, vy: the loader's obstacle ranges. */
const OBSTACLE: readonly Bounds[] = [
  COORDINATE,
  COORDINATE,
  { min: 0, max: LIMITS.obstacleRadius, unit: 'px' },
  { min: -LIMITS.obstacleVelocity, max: LIMITS.obstacleVelocity, unit: 'px/tick' },
  { min: -LIMITS.obstacleVelocity, max: LIMITS.obstacleVelocity, unit: 'px/tick' },
];

/** A scene's world as a snapshot names it: `a 2000 × 1250 px world with wrap edges`. */
function describeWorld(w: { width: unknown; height: unknown; edges: unknown }): string {
  return `a ${show(w.width)} × ${show(w.height)} px world with ${typeof w.edges === 'string' ? w.edges : show(w.edges)} edges`;
}

/**
 * Throws unless `s` is a snapshot this scene can resume: its shape, every number against the
 * ranges a loaded scene respects (positions, velocities, limits, obstacles), and its scene: a
 * snapshot names the world it was taken in (size and edges) and its agent types, and one of
 * another world, or with an agent type this scene does not have, is another scene's. A snapshot of
 * this scene with an edited graph, other counts, obstacles or targets resumes (types it lacks spawn
 * afresh, node memory is matched by node id).
 */
export function checkSnapshot(s: unknown, scene: SceneLike): asserts s is Snapshot {
  if (!isRecord(s) || s.format !== 'steergraph-snapshot') {
    throw new Error('createWorld: snapshot: not a Steergraph snapshot (expected format "steergraph-snapshot")');
  }
  if (s.version !== 1) throw new Error(`createWorld: snapshot: version ${String(s.version)} is not supported (this module reads 1)`);
  const here = scene.world;
  if (s.world !== undefined) {
    const w = s.world;
    if (!isRecord(w)) throw new Error('createWorld: snapshot.world: expected { width, height, edges }');
    if (w.width !== here.width || w.height !== here.height || w.edges !== here.edges) {
      throw new Error(`createWorld: snapshot: taken in another scene: ${describeWorld(w as never)}; this scene has ${describeWorld(here)}`);
    }
  }
  checkSeed(s.seed, 'createWorld: snapshot.seed');
  if (!Number.isSafeInteger(s.tick) || (s.tick as number) < 0) throw new Error('createWorld: snapshot.tick: expected a whole number ≥ 0');
  if (!Array.isArray(s.rng) || s.rng.length !== 4 || !s.rng.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff)) {
    throw new Error('createWorld: snapshot.rng: expected four 32-bit unsigned integers');
  }
  checkPacked(s.pointer, 'pointer', 2, COORDINATE);
  checkPacked(s.obstacles, 'obstacles', undefined, OBSTACLE);
  if (packedLength(s.obstacles as PackedNumbers) % 5 !== 0) throw new Error('createWorld: snapshot.obstacles: expected x, y, r, vx, vy per circle');
  if (s.walls !== undefined) checkWalls(s.walls, 'createWorld: snapshot.walls');
  if (s.paths !== undefined) {
    if (!Array.isArray(s.paths)) throw new Error('createWorld: snapshot.paths: expected an array of { id, points, loop }');
    s.paths.forEach((p: unknown, k) => {
      if (!isRecord(p) || typeof p.id !== 'string' || typeof p.loop !== 'boolean') throw new Error(`createWorld: snapshot.paths[${k}]: expected { id, points, loop }`);
      checkRoute(p.points, `paths[${k}].points`);
    });
  }
  if (s.flowFields !== undefined) {
    if (!Array.isArray(s.flowFields)) throw new Error('createWorld: snapshot.flowFields: expected an array of flow fields');
    s.flowFields.forEach((f: unknown, k) => {
      const vectors = isRecord(f) ? f.vectors : undefined;
      checkPacked(vectors, `flowFields[${k}].vectors`);
      checkFlowField(isRecord(f) ? { ...f, vectors: unpack(vectors as PackedNumbers) } : f, `createWorld: snapshot.flowFields[${k}]`);
    });
  }
  if (!isRecord(s.targets) || !isRecord(s.types)) throw new Error('createWorld: snapshot: targets and types must be objects');
  for (const [name, t] of Object.entries(s.targets)) checkPacked(t, `targets.${name}`, 2, COORDINATE);
  const ids = scene.agentTypes.map((t) => t.id);
  let total = 0;
  for (const [id, t] of Object.entries(s.types)) {
    if (!ids.includes(id)) {
      throw new Error(
        `createWorld: snapshot: taken in another scene: it has agent type ${JSON.stringify(id)}, which this scene does not ` +
          `(it has ${ids.map((x) => JSON.stringify(x)).join(', ') || 'none'})`,
      );
    }
    if (!isRecord(t)) throw new Error(`createWorld: snapshot.types.${id}: expected an object`);
    checkCount(t.count, `createWorld: snapshot.types.${id}.count`);
    const n = t.count as number;
    total += n;
    checkPacked(t.pos, `types.${id}.pos`, 2 * n, COORDINATE);
    checkPacked(t.vel, `types.${id}.vel`, 2 * n, VELOCITY);
    checkPacked(t.head, `types.${id}.head`, 2 * n, HEADING);
    checkPacked(t.maxSpeed, `types.${id}.maxSpeed`, n, AGENT_MAX_SPEED);
    checkPacked(t.maxForce, `types.${id}.maxForce`, n, AGENT_MAX_FORCE);
    if (!isRecord(t.memory)) throw new Error(`createWorld: snapshot.types.${id}.memory: expected an object`);
    for (const [node, m] of Object.entries(t.memory)) checkPacked(m, `types.${id}.memory.${node}`, undefined, LARGE);
    if (t.force !== undefined) checkPacked(t.force, `types.${id}.force`, 2 * n, LARGE);
    if (t.states !== undefined) {
      const st = t.states as Record<string, unknown>;
      const names = st.names;
      if (!isRecord(st) || !Array.isArray(names) || !names.every((x) => typeof x === 'string') || names.length === 0 || names.length > 255) {
        throw new Error(`createWorld: snapshot.types.${id}.states: expected { names, index, time } with 1 to 255 state names`);
      }
      const whole = (v: unknown, max: number) => Array.isArray(v) && v.length === n && v.every((x) => Number.isInteger(x) && x >= 0 && x <= max);
      if (!whole(st.index, names.length - 1)) throw new Error(`createWorld: snapshot.types.${id}.states.index: expected ${n} state indices from 0 to ${names.length - 1}`);
      if (!whole(st.time, 0xffffffff)) throw new Error(`createWorld: snapshot.types.${id}.states.time: expected ${n} whole numbers of ticks`);
    }
    if (t.smoother !== undefined) {
      const sm = t.smoother as Record<string, unknown>;
      const k = isRecord(sm) ? sm.slots : undefined;
      if (!Number.isInteger(k) || (k as number) < 2 || (k as number) > 64) {
        throw new Error(`createWorld: snapshot.types.${id}.smoother: expected { slots, ring, drawn } with slots a whole number from 2 to 64`);
      }
      checkPacked(sm.ring, `types.${id}.smoother.ring`, 2 * (k as number) * n, HEADING);
      checkPacked(sm.drawn, `types.${id}.smoother.drawn`, 2 * n, HEADING);
    }
    if (t.params !== undefined) checkParamsSnapshot(t.params, id, n);
    if (t.routes !== undefined) {
      if (!Array.isArray(t.routes) || t.routes.length !== n) throw new Error(`createWorld: snapshot.types.${id}.routes: expected ${n} routes (each null or x0, y0, x1, …)`);
      t.routes.forEach((r: unknown, i) => {
        if (r !== null) checkRoute(r, `types.${id}.routes[${i}]`);
      });
    }
    if (t.signals !== undefined) {
      const sg = t.signals as Record<string, unknown>;
      if (!isRecord(sg) || !Array.isArray(sg.names) || !sg.names.every((x) => typeof x === 'string') || sg.names.length > 32) {
        throw new Error(`createWorld: snapshot.types.${id}.signals: expected { names, flags } with at most 32 signal names`);
      }
      if (!Array.isArray(sg.flags) || sg.flags.length !== n || !sg.flags.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff)) {
        throw new Error(`createWorld: snapshot.types.${id}.signals.flags: expected ${n} whole numbers (32 flags each)`);
      }
    }
  }
  // types the snapshot lacks spawn at the scene's count
  for (const t of scene.agentTypes) if (!Object.hasOwn(s.types, t.id)) total += t.count;
  if (total > MAX_AGENTS) throw new Error(`createWorld: snapshot: expected at most ${MAX_AGENTS} agents in all types together, got ${total}`);
}

/** Throws unless `p` is a type's parameters part of a snapshot: names, and per name a finite type value and `n` finite per-agent values. */
function checkParamsSnapshot(p: unknown, id: string, n: number): void {
  const field = `types.${id}.params`;
  if (!isRecord(p) || !Array.isArray(p.names) || !p.names.every((x) => typeof x === 'string') || !Array.isArray(p.agents) || p.agents.length !== p.names.length) {
    throw new Error(`createWorld: snapshot.${field}: expected { names, values, agents } with one values entry and one agents array per name`);
  }
  checkPacked(p.values, `${field}.values`, p.names.length, LARGE);
  p.agents.forEach((arr, j) => checkPacked(arr, `${field}.agents[${j}]`, n, LARGE));
}

/**
 * Copies a checked snapshot's state into a freshly built world. Targets the scene no longer has
 * are dropped; types the snapshot lacks keep their fresh spawn; node memory is matched by node id (and size), so a
 * recompiled graph keeps what it can and starts new nodes from their defaults.
 */
export function restore(world: World, scene: SceneLike, program: Program, s: Snapshot): void {
  world.types.forEach((a, k) => {
    const t = s.types[a.id];
    if (t) carryStates(a, stateTable(scene, program, k), t.states, t.signals);
  });
  world.tick = s.tick;
  world.rng.setState(s.rng);
  world.pointer.set(unpack(s.pointer));
  world.targetNames.forEach((name, k) => {
    if (Object.hasOwn(s.targets, name)) world.targets.set(unpack(s.targets[name]), 2 * k);
  });
  const obs = unpack(s.obstacles);
  world.obstacles = obs;
  world.obstacleCount = obs.length / 5;
  if (s.walls !== undefined) {
    world.setWalls(s.walls);
    world.wallsChanged = true;
  }
  // paths a game set: by id (a path the scene no longer has is dropped)
  for (const p of s.paths ?? []) {
    const j = world.paths.findIndex((x) => x.id === p.id);
    if (j >= 0) world.paths[j] = pathOf(p.id, unpack(p.points), p.loop);
    world.pathsChanged = true;
  }
  // flow fields a game set: by id (a field the scene no longer has is dropped)
  for (const f of s.flowFields ?? []) {
    const j = world.flowFields.findIndex((x) => x.id === f.id);
    if (j >= 0) world.flowFields[j] = flowFieldOf({ ...f, vectors: unpack(f.vectors) });
    world.flowFieldsChanged = true;
  }
  // Forces computed before the snapshot stand for this tick (a type without them gets none).
  world.forcesReady = Object.values(s.types).some((t) => t.force !== undefined);
  world.types.forEach((a, k) => {
    if (!Object.hasOwn(s.types, a.id)) return;
    const t = s.types[a.id];
    if (t.force !== undefined) a.force.set(unpack(t.force));
    a.pos.set(unpack(t.pos));
    a.vel.set(unpack(t.vel));
    a.head.set(unpack(t.head));
    restoreSmoother(a, t.smoother && { slots: t.smoother.slots, ring: unpack(t.smoother.ring), drawn: unpack(t.smoother.drawn) });
    a.maxSpeed.set(unpack(t.maxSpeed));
    a.maxForce.set(unpack(t.maxForce));
    if (t.params) carryParams(a, { names: t.params.names, values: unpack(t.params.values), agents: t.params.agents.map(unpack) });
    if (t.routes !== undefined) restoreRoutes(a, t.routes.map((r) => (r === null ? null : unpack(r))));
    for (const m of program.memory[k] ?? []) {
      const id = memoryKey(scene.agentTypes[k], m);
      if (id === undefined || !Object.hasOwn(t.memory, id)) continue;
      const values = unpack(t.memory[id]);
      if (values.length !== a.count * m.size) continue;
      for (let i = 0; i < a.count; i++) {
        for (let c = 0; c < m.size; c++) a.mem[i * a.memStride + m.offset + c] = values[i * m.size + c];
      }
    }
  });
}
