/**
 * (Over 600 lines, about 710, knowingly: it is the world a game drives, one method per documented
 * call of docs/module.md with the checks of its arguments, so that the API reads in one place;
 * the work behind the calls is elsewhere: snapshots snapshot.ts, parameters params.ts, routes
 * routes.ts, events events.ts, the hand-over handover.ts, the program's shape program.ts.)
 *
 * The API of an exported behaviour module (and of the editor's preview, which runs the same code):
 * a world built from the embedded scene and the compiled program. See docs/module.md, "The exported
 * module", for the contract a game relies on.
 */
import { computeForces as computeAllForces, step as stepWorld } from './step';
import { resetMemory } from './behaviors/states';
import { HANDOVER, Handover, type WorldHandover } from './handover';
import { memoryKey, stateTable, type Program, type SceneLike } from './program';
import { checkParamArrays, inRange, paramIndex, rangeText, setTypeValue, watchParam } from './params';
import { checkSnapshot, isRecord, pack, paramsSnapshot, pathsSnapshot, flowFieldsSnapshot, restore, routesSnapshot, show, smootherSnapshot, statesSnapshot, type PackedNumbers, type Snapshot, type TypeSnapshot } from './snapshot';
import { assignRoute, checkPoints, routeOf, setPath } from './routes';
import { readEvents, type SteerEvent } from './events';
import { flowFieldSpecs, type FlowFieldSpec } from './flow-field';
import { LIMITS, MAX_AGENTS, TRANSITION_LOG, World, checkCount, checkSeed, type ObstacleSpec, type WallSpec, type WorldSpec } from './world';

export type { NodeMemory, Program, SceneLike } from './program';
export type { WallSpec } from './world';
export type { FlowFieldSpec } from './flow-field';
export type { SteerEvent } from './events';
export { pack, unpack } from './snapshot';
export type { PackedNumbers, Snapshot, SnapshotWorld, TypeSnapshot } from './snapshot';

/** One node output the inspector reads for the followed agent. */
export interface ProbeValue {
  /** The node's id. */
  node: string;
  /** In a type with states: the index of the state whose graph holds the node (its value is current only while the agent is in it). */
  state?: number;
  /** The output's index in the node kind's outputs. */
  output: number;
  /** A number is x (y 0); a condition is x = 1 when it holds, 0 when not (NaN: not evaluated this tick). */
  type: 'force' | 'point' | 'agent' | 'number' | 'condition';
  /** The value as of the last computed forces (NaN when the point was absent). */
  x: number;
  y: number;
}

/** What a probing world tells about the followed agent of a type. */
export interface ProbeReading {
  index: number;
  /** The agent's state index (its graph is the one whose values are current). */
  state: number;
  /** The agent's time in that state, whole ticks (0 in a type without states). */
  time: number;
  maxSpeed: number;
  maxForce: number;
  values: ProbeValue[];
}

/** Options of `createWorld`. */
export interface WorldOptions {
  /** Overrides the scene's seed (whole number from 0 to 4294967295). */
  seed?: number;
  /** Overrides agent counts by type id. */
  counts?: Record<string, number>;
  /** Resumes a `snapshot()`; not together with seed or counts. */
  snapshot?: Snapshot;
}

/** A wall as `walls()` gives it (a WallSpec of fresh, writable arrays). */
export interface Wall {
  id: string;
  points: [number, number][];
  closed: boolean;
  solid?: boolean;
}

/** One agent as a plain object. */
export interface AgentState {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/** The world a game drives. */
export interface BehaviorWorld {
  readonly tick: number;
  /** Agent type ids, in scene order. */
  readonly types: readonly string[];
  /** The embedded scene (plain JSON data, frozen). */
  readonly scene: unknown;
  setPointer(x: number, y: number): void;
  setTarget(name: string, x: number, y: number): void;
  step(n?: number): void;
  agents(typeId: string): AgentState[];
  positions(typeId: string): Float64Array;
  velocities(typeId: string): Float64Array;
  computeForces(typeId: string): Float64Array;
  snapshot(): Snapshot;
  setCount(typeId: string, n: number): void;
  setObstacles(circles: ObstacleSpec[]): void;
  /** Replaces the walls (polylines and closed polygons, BEHAVIORS.md "Walls"): they act from the next step. */
  setWalls(walls: WallSpec[]): void;
  /** The walls now: a fresh copy of them as given (solid filled in: true unless given false). */
  walls(): Wall[];
  /** Follows agent `index` of a type (−1: none): the next forces computed record its every node output. */
  follow(typeId: string, index: number): void;
  /** The followed agent's node outputs as of the last computed forces; null when none is followed or the module has no probes. */
  probe(typeId: string): ProbeReading | null;
  /** Each agent's state index (into `stateNames`): the world's live array, valid until `setCount` replaces it. */
  states(typeId: string): Uint8Array;
  /** The type's state names, in order; agents start in the first. */
  stateNames(typeId: string): string[];
  /** Puts agent `index` into state `name` (time in state 0; its memory reset when the state resets on enter). Not logged as a transition. */
  setState(typeId: string, index: number, name: string): void;
  /** Raises (or, with `on` false, clears) signal `name` for agent `index` (−1: every agent of the type now). A Signal node reads it. */
  signal(typeId: string, index: number, name: string, on?: boolean): void;
  /** The transitions taken since the last call, oldest first (at most TRANSITION_LOG; see `transitionsLost`). */
  transitions(): TransitionEvent[];
  /** How many transitions the last `transitions()` call could not return: dropped from the full log before it. */
  readonly transitionsLost: number;
  /** Each agent's unit heading (hx0, hy0, …): the world's live array, valid until `setCount` replaces it. */
  headings(typeId: string): Float64Array;
  /** The headings to draw: smoothed (the mean of the last k) for a type with headingSmoothing k, else the same array as `headings`. Live, valid until `setCount`. */
  drawnHeadings(typeId: string): Float64Array;
  /** The type value of parameter `name` of a type (docs/module.md, "Parameters"). */
  param(typeId: string, name: string): number;
  /** Sets the type value of a parameter and every agent's value (a number from its min to its max); acts from the next forces computed. */
  setParam(typeId: string, name: string, value: number): void;
  /** Each agent's value of a parameter: the world's live array, writable within the parameter's range (checked by `step`), valid until `setCount` replaces it. */
  paramArray(typeId: string, name: string): Float64Array;
  /** The type's parameter names, in document order. */
  paramNames(typeId: string): string[];
  // Routes and events (docs/module.md, "Routes" and "Events"; runtime/routes.ts, runtime/events.ts)
  /** Replaces scene path `id` (loop omitted: the path's own); Follow Path nodes on it follow the new points from the next forces computed. */
  setPath(id: string, points: [number, number][], loop?: boolean): void;
  /** Gives agent `index` its own route (an Own Route node reads it); a Follow Path on it starts again at the first waypoint. */
  setRoute(typeId: string, index: number, points: [number, number][]): void;
  /** Takes agent `index`'s route away (Own Route then gives its fallback); a Follow Path on it starts again. */
  clearRoute(typeId: string, index: number): void;
  /** Agent `index`'s route (a fresh copy), or null when it has none. */
  route(typeId: string, index: number): [number, number][] | null;
  /** The events since the last call, in tick order (at most EVENT_LOG; see `eventsLost`). */
  events(): SteerEvent[];
  /** Replaces scene flow field `id` (BEHAVIORS.md, "Flow Field"): Flow Field nodes on it read the new field from the next forces computed; a snapshot carries it. Throws naming the bad argument, changing nothing. */
  setFlowField(id: string, field: Omit<FlowFieldSpec, 'id'>): void;
  /** Scene flow field `id` now (a fresh copy, vectors truncated to length 1), or null when the scene has none of that id. */
  flowField(id: string): { id: string; x: number; y: number; cellSize: number; cols: number; rows: number; vectors: number[] } | null;
  /** How many events the last `events()` call could not return: dropped from the full log before them. */
  readonly eventsLost: number;
}

/** One transition an agent took. */
export interface TransitionEvent {
  /** The tick whose forces it preceded. */
  tick: number;
  type: string;
  index: number;
  from: string;
  to: string;
}

export { HANDOVER, type WorldHandover } from './handover';

/** The world spec of a scene, with optional seed and count overrides. */
export function worldSpecOf(scene: SceneLike, seed?: number, counts?: Record<string, number>): WorldSpec {
  const w = scene.world;
  return {
    width: w.width,
    height: w.height,
    edges: w.edges,
    seed: seed ?? w.seed,
    obstacles: w.obstacles,
    paths: w.paths,
    walls: w.walls,
    flowFields: flowFieldSpecs(w.flowFields),
    targets: w.targets,
    agentTypes: scene.agentTypes.map((t) => ({
      id: t.id,
      count: counts && Object.hasOwn(counts, t.id) ? counts[t.id] : t.count,
      mass: t.mass,
      maxSpeed: t.maxSpeed,
      maxForce: t.maxForce,
      spawn: t.spawn,
      variation: t.variation,
      params: t.params,
      ...(t.radius ? { radius: t.radius } : {}),
    })),
  };
}

function fail(message: string): never {
  throw new Error(`createWorld: ${message}`);
}

/**
 * The most ticks one `step(n)` call runs: almost three minutes of game time at 60 ticks per second.
 * A loop of calls runs longer; a typo (`step(1e9)`) throws instead of hanging the game for hours.
 */
export const MAX_TICKS_PER_STEP = 10_000;

/** The methods of a world, bound to it: `const { step } = world; step()` works. */
const METHODS = ['setPointer', 'setTarget', 'step', 'agents', 'positions', 'velocities', 'computeForces', 'snapshot', 'setCount', 'setObstacles', 'setWalls', 'walls', 'follow', 'probe', 'states', 'stateNames', 'setState', 'signal', 'transitions', 'headings', 'drawnHeadings', 'param', 'setParam', 'paramArray', 'paramNames', 'setPath', 'setRoute', 'clearRoute', 'route', 'events', 'setFlowField', 'flowField'] as const;


/** Throws unless `index` is an agent of the type (or −1, every agent, when `all`). */
function checkAgentIndex(method: string, typeId: string, index: unknown, count: number, all: boolean): asserts index is number {
  if (Number.isInteger(index) && (index as number) < count && (index as number) >= (all ? -1 : 0)) return;
  const range = count === 0 ? `${typeId} has no agents` : `0 to ${count - 1}`;
  throw new Error(`${method}: index: expected an agent index ${count === 0 ? `(${range})` : `from ${range}`}${all ? ' or −1 for every agent' : ''}, got ${show(index)}`);
}

/** Throws unless x and y are numbers within the loader's coordinate range. */
function checkPoint(method: string, x: unknown, y: unknown): void {
  const C = LIMITS.coordinate;
  const ok = (v: unknown) => typeof v === 'number' && v >= -C && v <= C;
  if (!ok(x) || !ok(y)) throw new Error(`${method}: expected x and y from -${C} to ${C} px, got ${show(x)}, ${show(y)}`);
}

/** The first index of `a` (of `n` numbers) outside [−limit, limit] (NaN included), or −1. */
function firstOutside(a: Float64Array, n: number, limit: number): number {
  for (let i = 0; i < n; i++) {
    const v = a[i];
    if (!(v >= -limit && v <= limit)) return i;
  }
  return -1;
}

/**
 * Throws, naming the type, the agent and the field, when a position or velocity (the live arrays a
 * game may write) is NaN, ±Infinity or beyond the loader's coordinate range. Run once per `step`
 * and `computeForces` call, before anything moves, so a bad value leaves the world as it was.
 * The simulation itself never writes such values (it cannot overflow within the limits), so
 * only a game can have written them since the last call.
 */
function checkLive(world: World, method: string): void {
  const C = LIMITS.coordinate;
  for (const a of world.types) {
    for (const [field, arr] of [['position', a.pos], ['velocity', a.vel]] as const) {
      const k = firstOutside(arr, 2 * a.count, C);
      if (k < 0) continue;
      const name = field === 'position' ? `positions("${a.id}")` : `velocities("${a.id}")`;
      throw new Error(
        `${method}: agent ${k >> 1} of "${a.id}" has ${field} ${k & 1 ? 'y' : 'x'} = ${show(arr[k])} ` +
          `(${name}[${k}]); expected a number from -${C} to ${C}. Nothing moved: fix the value, or setCount to drop the agent.`,
      );
    }
  }
}

/**
 * obj[key] = value as an own property, for every key: ids may be "__proto__" (a valid id), which a
 * plain assignment would take as the object's prototype, losing that entry of a snapshot.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A name a caller passed, for an error message: quoted when a text, else described. */
function describeKey(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : `${v === null ? 'null' : typeof v} ${String(v)}`;
}


/** Builds a world from the scene and program, checking the options; throws a clear error on bad ones. */
export function createBehaviorWorld(scene: SceneLike, program: Program, opts: WorldOptions = {}): BehaviorWorld {
  if (!isRecord(opts)) fail(`options must be an object, got ${opts === null ? 'null' : typeof opts}`);
  const options = opts as WorldOptions;
  for (const key of Object.keys(options)) {
    if (key !== 'seed' && key !== 'counts' && key !== 'snapshot') fail(`unknown option ${describeKey(key)} (expected seed, counts or snapshot)`);
  }
  const ids = scene.agentTypes.map((t) => t.id);
  if (options.snapshot !== undefined) {
    if (options.seed !== undefined || options.counts !== undefined) {
      fail('a snapshot carries its own seed and counts; pass either snapshot, or seed and counts');
    }
    checkSnapshot(options.snapshot, scene);
    return new ModuleWorld(scene, program, undefined, undefined, options.snapshot);
  }
  if (options.seed !== undefined) checkSeed(options.seed, 'createWorld: seed');
  if (options.counts !== undefined) {
    if (!isRecord(options.counts)) fail('counts must be an object of agent type id → count');
    for (const [id, n] of Object.entries(options.counts)) {
      if (!ids.includes(id)) fail(`counts: unknown agent type ${describeKey(id)}; this scene has ${ids.map((x) => `"${x}"`).join(', ') || 'none'}`);
      checkCount(n, `createWorld: counts.${id}`);
    }
    let total = 0;
    for (const t of scene.agentTypes) total += Object.hasOwn(options.counts, t.id) ? (options.counts[t.id] as number) : t.count;
    if (total > MAX_AGENTS) fail(`counts: expected at most ${MAX_AGENTS} agents in all types together, got ${total}`);
  }
  return new ModuleWorld(scene, program, options.seed, options.counts, undefined);
}

class ModuleWorld implements BehaviorWorld {
  readonly world: World;
  readonly scene: SceneLike;
  private readonly program: Program;
  private readonly capped: Float64Array[];
  private handover: Handover | null = null;

  constructor(scene: SceneLike, program: Program, seed?: number, counts?: Record<string, number>, snap?: Snapshot) {
    this.scene = scene;
    this.program = program;
    if (snap !== undefined) {
      const snapCounts: Record<string, number> = {};
      for (const t of scene.agentTypes) if (Object.hasOwn(snap.types, t.id)) setOwn(snapCounts, t.id, snap.types[t.id].count);
      this.world = new World(worldSpecOf(scene, snap.seed, snapCounts), program.layouts);
      restore(this.world, scene, program, snap);
    } else {
      this.world = new World(worldSpecOf(scene, seed, counts), program.layouts);
    }
    this.capped = this.world.types.map(() => new Float64Array(0));
    // bound, so a method taken off the world still acts on it (non-enumerable, like the prototype's)
    const self = this as unknown as Record<string, unknown>;
    for (const name of METHODS) {
      Object.defineProperty(this, name, { value: (self[name] as (...args: unknown[]) => unknown).bind(this), writable: true, configurable: true });
    }
  }

  get tick(): number {
    return this.world.tick;
  }

  /** Dropped before the events the last transitions() returned. */
  private lost = 0;

  get transitionsLost(): number {
    return this.lost;
  }

  states(typeId: string): Uint8Array {
    return this.world.types[this.index(typeId, 'states')].state;
  }

  stateNames(typeId: string): string[] {
    return [...stateTable(this.scene, this.program, this.index(typeId, 'stateNames')).names];
  }

  setState(typeId: string, index: number, name: string): void {
    const k = this.index(typeId, 'setState');
    const a = this.world.types[k];
    checkAgentIndex('setState', typeId, index, a.count, false);
    const table = stateTable(this.scene, this.program, k);
    const s = table.names.indexOf(name);
    if (s < 0) throw new Error(`setState: ${typeId} has no state ${describeKey(name)}; its states: ${table.names.map((x) => JSON.stringify(x)).join(', ')}`);
    a.state[index] = s;
    a.tis[index] = 0;
    const reset = table.reset[s];
    if (reset?.length) resetMemory(a, index, reset);
  }

  signal(typeId: string, index: number, name: string, on = true): void {
    const k = this.index(typeId, 'signal');
    const a = this.world.types[k];
    checkAgentIndex('signal', typeId, index, a.count, true);
    if (typeof on !== 'boolean') throw new Error(`signal: on: expected true or false, got ${describeKey(on)}`);
    const signals = stateTable(this.scene, this.program, k).signals;
    const bit = signals.indexOf(name);
    if (bit < 0) {
      throw new Error(
        `signal: ${typeId} has no signal ${describeKey(name)}; ${signals.length ? `its Signal nodes read ${signals.map((x) => JSON.stringify(x)).join(', ')}` : 'its graphs have no Signal node'}`,
      );
    }
    const mask = 1 << bit;
    const from = index < 0 ? 0 : index;
    const to = index < 0 ? a.count : index + 1;
    for (let i = from; i < to; i++) a.sig[i] = on ? a.sig[i] | mask : a.sig[i] & ~mask;
  }

  transitions(): TransitionEvent[] {
    const w = this.world;
    const out: TransitionEvent[] = new Array<TransitionEvent>(w.transitionCount);
    const names = w.types.map((_, k) => stateTable(this.scene, this.program, k).names);
    for (let e = 0; e < w.transitionCount; e++) {
      const o = 5 * ((w.transitionStart + e) % TRANSITION_LOG);
      const log = w.transitionLog;
      const k = log[o + 1];
      out[e] = { tick: log[o], type: w.types[k].id, index: log[o + 2], from: names[k][log[o + 3]], to: names[k][log[o + 4]] };
    }
    this.lost = w.transitionsLost;
    w.transitionStart = 0;
    w.transitionCount = 0;
    w.transitionsLost = 0;
    return out;
  }

  get types(): readonly string[] {
    return this.world.types.map((t) => t.id);
  }

  /** The index of a type id; `method` names the call in the error. */
  private index(typeId: string, method: string): number {
    const k = this.world.types.findIndex((t) => t.id === typeId);
    if (k < 0) {
      const ids = this.types.map((x) => `"${x}"`).join(', ') || 'none';
      throw new Error(`${method}: unknown agent type ${describeKey(typeId)}; this scene has ${ids}`);
    }
    return k;
  }

  setPointer(x: number, y: number): void {
    checkPoint('setPointer', x, y);
    this.world.setPointer(x, y);
  }

  setTarget(name: string, x: number, y: number): void {
    const k = this.world.targetNames.indexOf(name);
    if (k < 0) {
      const names = this.world.targetNames.map((t) => `"${t}"`).join(', ') || 'none';
      throw new Error(`setTarget: unknown target ${describeKey(name)}; this scene has ${names}`);
    }
    checkPoint('setTarget', x, y);
    this.world.targets[2 * k] = x;
    this.world.targets[2 * k + 1] = y;
  }

  step(n = 1): void {
    if (!Number.isInteger(n) || n < 0 || n > MAX_TICKS_PER_STEP) {
      throw new Error(`step: expected a whole number of ticks from 0 to ${MAX_TICKS_PER_STEP}, got ${show(n)} (call step again for more)`);
    }
    if (n === 0) return;
    checkLive(this.world, 'step');
    checkParamArrays(this.world.types, 'step');
    stepWorld(this.world, this.program.forces, n);
  }

  agents(typeId: string): AgentState[] {
    const a = this.world.types[this.index(typeId, 'agents')];
    const out: AgentState[] = [];
    for (let i = 0; i < a.count; i++) {
      out.push({ x: a.pos[2 * i], y: a.pos[2 * i + 1], vx: a.vel[2 * i], vy: a.vel[2 * i + 1] });
    }
    return out;
  }

  positions(typeId: string): Float64Array {
    return this.world.types[this.index(typeId, 'positions')].pos;
  }

  velocities(typeId: string): Float64Array {
    return this.world.types[this.index(typeId, 'velocities')].vel;
  }

  computeForces(typeId: string): Float64Array {
    const k = this.index(typeId, 'computeForces');
    if (!this.world.forcesReady) {
      checkLive(this.world, 'computeForces');
      checkParamArrays(this.world.types, 'computeForces');
    }
    computeAllForces(this.world, this.program.forces);
    const a = this.world.types[k];
    let out = this.capped[k];
    if (out.length !== 2 * a.count) out = this.capped[k] = new Float64Array(2 * a.count);
    for (let i = 0; i < a.count; i++) {
      const fx = a.force[2 * i];
      const fy = a.force[2 * i + 1];
      const F = a.maxForce[i];
      const f2 = fx * fx + fy * fy;
      const q = f2 > F * F ? F / Math.sqrt(f2) : 1;
      out[2 * i] = f2 > F * F ? fx * q : fx;
      out[2 * i + 1] = f2 > F * F ? fy * q : fy;
    }
    return out;
  }

  snapshot(): Snapshot {
    const w = this.world;
    const targets: Record<string, PackedNumbers> = {};
    w.targetNames.forEach((name, k) => {
      setOwn(targets, name, pack(w.targets.subarray(2 * k, 2 * k + 2)));
    });
    const types: Record<string, TypeSnapshot> = {};
    w.types.forEach((a, k) => {
      const memory: Record<string, PackedNumbers> = {};
      for (const m of this.program.memory[k] ?? []) {
        const key = memoryKey(this.scene.agentTypes[k], m);
        if (key === undefined) continue;
        const values = new Float64Array(a.count * m.size);
        for (let i = 0; i < a.count; i++) {
          for (let c = 0; c < m.size; c++) values[i * m.size + c] = a.mem[i * a.memStride + m.offset + c];
        }
        setOwn(memory, key, pack(values));
      }
      setOwn(types, a.id, {
        count: a.count,
        pos: pack(a.pos),
        vel: pack(a.vel),
        head: pack(a.head),
        maxSpeed: pack(a.maxSpeed),
        maxForce: pack(a.maxForce),
        memory,
        // The tick's draws and memory updates are spent once its forces are computed, so they travel too.
        ...(w.forcesReady ? { force: pack(a.force) } : {}),
        ...statesSnapshot(a, stateTable(this.scene, this.program, k)),
        ...smootherSnapshot(a),
        ...paramsSnapshot(a),
        ...routesSnapshot(a),
      });
    });
    return {
      format: 'steergraph-snapshot',
      version: 1,
      world: { width: w.width, height: w.height, edges: w.wrap ? 'wrap' : 'bounce' },
      seed: w.seed,
      tick: w.tick,
      rng: w.rng.getState(),
      pointer: pack(w.pointer),
      targets,
      obstacles: pack(w.obstacles.subarray(0, 5 * w.obstacleCount)),
      // the walls travel only once a game replaced the scene's (a resumed world starts from the scene's)
      ...(w.wallsChanged ? { walls: copyWalls(w.walls.specs) } : {}),
      ...pathsSnapshot(w),
      ...flowFieldsSnapshot(w),
      types,
    };
  }

  setCount(typeId: string, n: number): void {
    const k = this.index(typeId, 'setCount');
    checkCount(n, `setCount: ${typeId}`);
    try {
      this.world.setCount(k, n);
    } catch (e) {
      throw new Error(`setCount: ${typeId}: ${(e as Error).message.replace(/^agentTypes\[\d+\]\.count: /, '')}`);
    }
  }

  follow(typeId: string, index: number): void {
    const k = this.index(typeId, 'follow');
    if (!Number.isInteger(index) || index < -1) throw new Error(`follow: expected an agent index ≥ 0 (or −1 for none), got ${index}`);
    const a = this.world.types[k];
    const size = this.program.probes?.[k]?.size ?? 2;
    if (a.probeOut.length !== size) a.probeOut = new Float64Array(size);
    a.probeOut.fill(NaN);
    a.probe = index;
  }

  probe(typeId: string): ProbeReading | null {
    const k = this.index(typeId, 'probe');
    const a = this.world.types[k];
    const layout = this.program.probes?.[k];
    if (a.probe < 0 || a.probe >= a.count || !layout) return null;
    const scened = this.scene.agentTypes[k];
    const out = a.probeOut;
    const types = ['force', 'point', 'agent', 'number', 'condition'] as const;
    return {
      index: a.probe,
      state: a.state[a.probe],
      time: a.tis[a.probe],
      maxSpeed: out[0],
      maxForce: out[1],
      values: layout.sites.map(([node, output, type, offset, state]) => ({
        node: ((state ?? 0) < 0 ? scened.anyState : scened.states[state ?? 0].graph)?.nodes[node]?.id ?? '',
        ...(state !== undefined ? { state } : {}),
        output,
        type: types[type],
        x: out[offset],
        y: out[offset + 1],
      })),
    };
  }

  setObstacles(circles: ObstacleSpec[]): void {
    if (!Array.isArray(circles)) throw new Error('setObstacles: expected an array of { x, y, r, vx?, vy? }');
    try {
      this.world.setObstacles(circles);
    } catch (e) {
      throw new Error(`setObstacles: ${(e as Error).message}`);
    }
  }

  setWalls(walls: WallSpec[]): void {
    try {
      this.world.setWalls(walls);
    } catch (e) {
      throw new Error(`setWalls: ${(e as Error).message}`);
    }
    this.world.wallsChanged = true;
  }

  walls(): Wall[] {
    return copyWalls(this.world.walls.specs);
  }

  setFlowField(id: string, field: Omit<FlowFieldSpec, 'id'>): void {
    if (typeof id !== 'string') throw new Error(`setFlowField: id: expected a flow field id (a string), got ${show(id)}`);
    try {
      this.world.setFlowField(id, field);
    } catch (e) {
      throw new Error(`setFlowField: ${(e as Error).message}`);
    }
    this.world.flowFieldsChanged = true;
  }

  flowField(id: string): ReturnType<BehaviorWorld['flowField']> {
    return this.world.flowFields.find((f) => f.id === id)?.spec() ?? null;
  }

  headings(typeId: string): Float64Array {
    return this.world.types[this.index(typeId, 'headings')].head;
  }

  drawnHeadings(typeId: string): Float64Array {
    const a = this.world.types[this.index(typeId, 'drawnHeadings')];
    return a.smoothing > 0 ? a.drawn : a.head;
  }

  // ── Parameters (runtime/params.ts; docs/module.md, "Parameters") ──

  /** The type and parameter index of (typeId, name); `method` names the call in the error. */
  private paramOf(method: string, typeId: string, name: unknown): [number, number] {
    const k = this.index(typeId, method);
    const a = this.world.types[k];
    const j = paramIndex(a, name);
    if (j < 0) {
      const names = a.params.map((p) => JSON.stringify(p.name)).join(', ');
      throw new Error(`${method}: ${typeId} has no parameter ${describeKey(name)}; ${names ? `its parameters: ${names}` : 'it has no parameters'}`);
    }
    return [k, j];
  }

  param(typeId: string, name: string): number {
    const [k, j] = this.paramOf('param', typeId, name);
    return this.world.types[k].parValue[j];
  }

  setParam(typeId: string, name: string, value: number): void {
    const [k, j] = this.paramOf('setParam', typeId, name);
    const a = this.world.types[k];
    const p = a.params[j];
    if (!inRange(p, value)) {
      const got = typeof value === 'number' ? show(value) : typeof value === 'string' ? JSON.stringify(value) : value === null || value === undefined || typeof value === 'boolean' ? String(value) : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
      throw new Error(`setParam(${JSON.stringify(typeId)}, ${JSON.stringify(p.name)}, ${got}): expected a number ${rangeText(p)}`);
    }
    setTypeValue(a, j, value);
  }

  paramArray(typeId: string, name: string): Float64Array {
    const [k, j] = this.paramOf('paramArray', typeId, name);
    return watchParam(this.world.types[k], j);
  }

  paramNames(typeId: string): string[] {
    return this.world.types[this.index(typeId, 'paramNames')].params.map((p) => p.name);
  }

  // ── Routes and events (runtime/routes.ts, runtime/events.ts) ──

  setPath(id: string, points: [number, number][], loop?: boolean): void {
    setPath(this.world, id, points, loop);
  }

  setRoute(typeId: string, index: number, points: [number, number][]): void {
    const k = this.index(typeId, 'setRoute');
    const a = this.world.types[k];
    checkAgentIndex('setRoute', typeId, index, a.count, false);
    checkPoints('setRoute', points);
    assignRoute(a, index, points, this.program.routes?.[k]);
  }

  clearRoute(typeId: string, index: number): void {
    const k = this.index(typeId, 'clearRoute');
    const a = this.world.types[k];
    checkAgentIndex('clearRoute', typeId, index, a.count, false);
    assignRoute(a, index, null, this.program.routes?.[k]);
  }

  route(typeId: string, index: number): [number, number][] | null {
    const a = this.world.types[this.index(typeId, 'route')];
    checkAgentIndex('route', typeId, index, a.count, false);
    return routeOf(a, index);
  }

  /** Dropped before the events the last events() returned. */
  private eventsDropped = 0;

  get eventsLost(): number {
    return this.eventsDropped;
  }

  events(): SteerEvent[] {
    const { events, lost } = readEvents(
      this.world.events,
      this.types,
      (k) => stateTable(this.scene, this.program, k).names,
      (k) => this.program.events?.[k] ?? [],
    );
    this.eventsDropped = lost;
    return events;
  }

  [HANDOVER](): WorldHandover {
    return (this.handover ??= new Handover(this.world, this.scene, this.program, thisCore));
  }
}

/** A fresh copy of walls (new arrays throughout: a game may change what it gets). */
function copyWalls(specs: readonly WallSpec[]): Wall[] {
  return specs.map((w) => ({ id: w.id, points: w.points.map((p) => [p[0], p[1]] as [number, number]), closed: w.closed, solid: w.solid !== false }));
}

let coreCode: string | null = null;

/** The code of this core's world classes and hand-over (two modules' copies of one core have equal code). */
function thisCore(): string {
  return (coreCode ??= [ModuleWorld, World, Handover].map((c) => Function.prototype.toString.call(c)).join("\n"));
}

/** Freezes a plain-data value and everything in it (the embedded scene of a module is read-only). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

