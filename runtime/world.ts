import { dsincos } from './dsincos';
import { Grid } from './grid';
import { Rng, derivedRng, hashString } from './rng';
import { Walls, type WallSpec } from './walls';
import { checkFlowField, checkFlowFields, flowFieldOf, type FlowField, type FlowFieldSpec } from './flow-field';
import { EVENT_TRANSITION, EventLog } from './events';
import { HOLE, MAX_AGENTS, checkCount, checkObstacle, checkWalls, checkWorldSpec, fail } from './checks';
import { resizeOrientation, setupOrientation } from './orientation';
import { initParams, resizeParams, type ParamSpec } from './params';

export { LIMITS, MAX_COUNT, MAX_AGENTS, checkCount, checkSeed, checkWalls, checkWorldSpec } from './checks';

export type { WallSpec };
export type { FlowFieldSpec };

/** How agents meet the world's border. */
export type EdgeMode = 'wrap' | 'bounce';

/** A circular obstacle; `vx`, `vy` (px/tick, default 0) make it drift and bounce off the walls. */
export interface ObstacleSpec {
  x: number;
  y: number;
  r: number;
  vx?: number;
  vy?: number;
}

/** A named polyline; a looped path returns from its last point to its first. */
export interface PathSpec {
  id: string;
  points: ReadonlyArray<readonly [number, number]>;
  loop: boolean;
}

/** A point the host program moves by name at run time (`setTarget`). */
export interface TargetSpec {
  name: string;
  x: number;
  y: number;
}

/**
 * Where and how agents of a type appear: uniformly in the rectangle (default: the whole world),
 * facing a uniformly random direction, moving at `speed` × their maxSpeed (default 0.5).
 */
export interface SpawnSpec {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  speed?: number;
  /**
   * 'area' (absent): uniformly in the rectangle, facing a random direction. 'ring': evenly on the
   * ellipse inscribed in the rectangle, agent i at 360·i/count degrees (0: right of the centre,
   * then clockwise on screen), facing the centre; agents beyond the count (added by the game) go
   * round again. On a ring of size 0 (every agent at the centre) each faces out along its angle.
   */
  shape?: 'area' | 'ring';
}

/** Optional seeded per-agent variation: each agent's value is the type's × (1 ± up to this). */
export interface VariationSpec {
  maxSpeed?: number;
  maxForce?: number;
}

/** One agent type: how many, how they move, where they spawn. Units are px and ticks. */
export interface AgentTypeSpec {
  id: string;
  count: number;
  /** > 0; a force f changes the velocity by f / mass per tick. */
  mass: number;
  /** px/tick, ≥ 0. */
  maxSpeed: number;
  /** px/tick², ≥ 0. */
  maxForce: number;
  spawn?: SpawnSpec;
  variation?: VariationSpec;
  /** The type's parameters (runtime/params.ts), in document order; absent: none. */
  params?: ReadonlyArray<ParamSpec>;
  /** The agents' radius, px, ≥ 0 (Avoid Agents, Queue); absent: 0, point agents. */
  radius?: number;
}

/** Everything a world is built from: plain data, as the scene document carries it. */
export interface WorldSpec {
  width: number;
  height: number;
  edges: EdgeMode;
  seed: number;
  obstacles?: ReadonlyArray<ObstacleSpec>;
  paths?: ReadonlyArray<PathSpec>;
  targets?: ReadonlyArray<TargetSpec>;
  /** Polylines and closed polygons (BEHAVIORS.md, "Walls"). */
  walls?: ReadonlyArray<WallSpec>;
  /** Flow fields (BEHAVIORS.md, "Flow Field"), ids unique; absent: none. */
  flowFields?: ReadonlyArray<FlowFieldSpec>;
  agentTypes: ReadonlyArray<AgentTypeSpec>;
}

/**
 * What a compiled graph needs from the world for one agent type: per-agent memory slots with their
 * initial values, how many random numbers each agent draws per tick, and the largest radius at which
 * other graphs query this type (0 = no queries; Infinity = unbounded nearest-agent queries).
 */
export interface TypeLayout {
  memory?: ArrayLike<number>;
  draws?: number;
  queryRadius?: number;
  /** How many per-agent force buffers (2 numbers per agent) whole-type passes write. */
  passes?: number;
  /** The type has states (or reads the time in state): `step` counts each agent's time in state. */
  stateful?: boolean;
  /** The type's maxTurnRate as (cosMax, sinMax) = dsincos(maxTurnRate) (absent: no limit; runtime/orientation.ts). */
  turn?: readonly [number, number];
  /** The type's headingSmoothing k: 2 to 64 (absent or 0: off; runtime/orientation.ts). */
  smoothing?: number;
}

/** How many transitions the world keeps for `transitions()` between two calls; older ones are dropped (and counted). */
export const TRANSITION_LOG = 4096;

/** A named path as the tick path reads it. */
export class Path {
  /** Points (x0, y0, x1, y1, …). */
  readonly pts: Float64Array;
  /** Number of points. */
  readonly n: number;
  constructor(
    readonly id: string,
    points: ReadonlyArray<readonly [number, number]>,
    readonly loop: boolean,
  ) {
    this.n = points.length;
    this.pts = new Float64Array(2 * points.length);
    for (let i = 0; i < points.length; i++) {
      this.pts[2 * i] = points[i][0];
      this.pts[2 * i + 1] = points[i][1];
    }
  }
}

/**
 * The agents of one type, as structure-of-arrays typed arrays. `pos` and `vel` interleave x and y
 * (x0, y0, x1, y1, …) so a game reads them without copying. The arrays are replaced by `setCount`.
 */
export class Agents {
  count = 0;
  /** Positions, px. */
  pos: Float64Array = new Float64Array(0);
  /** Velocities, px/tick. */
  vel: Float64Array = new Float64Array(0);
  /** Unit headings: v/|v|, or the last non-zero heading while v is zero. */
  head: Float64Array = new Float64Array(0);
  /** This tick's steering forces (raw: the integrator caps them at maxForce). */
  force: Float64Array = new Float64Array(0);
  /** Per-agent maxSpeed, px/tick. */
  maxSpeed: Float64Array = new Float64Array(0);
  /** Per-agent maxForce, px/tick². */
  maxForce: Float64Array = new Float64Array(0);
  /** Per-agent memory for stateful nodes: `memStride` slots per agent. */
  mem: Float64Array = new Float64Array(0);
  memStride = 0;
  memDefaults: Float64Array = new Float64Array(0);
  /** This tick's random draws: `draws` per agent, in agent order. */
  rnd: Float64Array = new Float64Array(0);
  draws = 0;
  /** The agent whose node outputs a probing force function copies into `probeOut` (−1: none). */
  probe = -1;
  probeOut: Float64Array = new Float64Array(2);
  /** Per-agent force buffers written by whole-type passes (Flock …), fx0, fy0, … each. */
  passes: Float64Array[] = [];
  passCount = 0;
  /** Each agent's state index (0 for a type without states). */
  state: Uint8Array = new Uint8Array(0);
  /** Each agent's time in its state τ, whole ticks (counted only when `stateful`). */
  tis: Uint32Array = new Uint32Array(0);
  /** Each agent's signal flags: bit k is the type's k-th signal name. */
  sig: Uint32Array = new Uint32Array(0);
  /** The type has states or reads the time in state: `step` counts τ. */
  stateful = false;
  /** Orientation (runtime/orientation.ts): the turn limit (cosMax, sinMax), null for none. */
  turn: Float64Array | null = null;
  /** The heading smoother's k (0: off), its ring of k headings per agent and the drawn (smoothed) headings. */
  smoothing = 0;
  ring: Float64Array = new Float64Array(0);
  drawn: Float64Array = new Float64Array(0);
  /** Type parameters (runtime/params.ts): their specs, the type values, per-agent values (one array per parameter), which arrays a game was handed (`paramArray`; checked each step), and which hold the type value for every agent. */
  params: ReadonlyArray<ParamSpec> = [];
  parValue: Float64Array = new Float64Array(0);
  par: Float64Array[] = [];
  parWatch: Uint8Array = new Uint8Array(0);
  /** Per parameter 1 while every agent holds the type value (no paramArray handed out): whole-type passes then read the type value once. */
  parSame: Uint8Array = new Uint8Array(0);
  /** Each agent's own route (runtime/routes.ts; null: none), read by Own Route nodes; null until a game sets one. */
  routes: (Path | null)[] | null = null;
  /** The grid, when some graph queries this type (queryRadius > 0). */
  grid: Grid | null = null;
  queryRadius = 0;
  /** Mass (> 0). */
  readonly mass: number;
  /** The agents' radius, px (0: point agents); read by Avoid Agents and Queue. */
  readonly radius: number;
  /** FNV-1a hash of the id: the salt of each agent's spawn stream. */
  readonly salt: number;

  constructor(
    /** Index in the world's type list (scene order). */
    readonly index: number,
    readonly spec: AgentTypeSpec,
  ) {
    this.mass = spec.mass;
    this.radius = spec.radius ?? 0;
    this.salt = hashString(spec.id);
  }

  /** The type id. */
  get id(): string {
    return this.spec.id;
  }
}

const _spawnRng = new Rng(0);

/**
 * The simulation state. Build it from plain data; move it with `step()` (runtime/step.ts).
 * Throws an `Error` naming the field when the data cannot be simulated.
 */
export class World {
  readonly width: number;
  readonly height: number;
  /** True for wrap edges, false for bounce. */
  readonly wrap: boolean;
  readonly seed: number;
  /** The world's shared generator (Wander's draws). */
  readonly rng: Rng;
  /** Ticks simulated so far. */
  tick = 0;
  /** The pointer (px); the world's centre until set. */
  readonly pointer: Float64Array;
  /** Named target positions (x0, y0, …), in `targetNames` order. */
  readonly targets: Float64Array;
  readonly targetNames: readonly string[];
  /** Obstacles: x, y, r, vx, vy per circle. */
  obstacles: Float64Array;
  obstacleCount: number;
  /** The scene's paths by index (generated code reads `W.paths[j]`); `setPath` replaces entries. */
  readonly paths: Path[];
  /** The walls' segments (in bounce mode with the world's edges after them); replaced by `setWalls`. */
  walls: Walls;
  /** The scene's flow fields by index (generated code reads `W.flowFields[j]`); `setFlowField` replaces entries. */
  readonly flowFields: FlowField[];
  /** A game replaced a scene flow field (setFlowField), so snapshots carry the fields. */
  flowFieldsChanged = false;
  readonly types: readonly Agents[];
  /**
   * True when this tick's forces are already computed (computeForces before step). They stand
   * until the tick ends: the random numbers of a tick are drawn once, so changes made between
   * computeForces and step (pointer, targets, obstacles, counts) act from the next tick, and agents
   * added meanwhile get no force this tick.
   */
  forcesReady = false;
  /** The transitions since they were last read: tick, type, index, from, to per event, a ring of TRANSITION_LOG. */
  readonly transitionLog = new Float64Array(5 * TRANSITION_LOG);
  /** Where the oldest logged transition is, and how many are logged. */
  transitionStart = 0;
  transitionCount = 0;
  /** Transitions dropped from the full log since it was last read. */
  transitionsLost = 0;
  /**
   * Agent-ticks in which at least one solid wall stopped or turned the agent (BEHAVIORS.md,
   * Walls (a)): a measure, counted by the integrator and reset by nobody (not part of snapshots).
   */
  wallContacts = 0;
  /** The walls are no longer the scene's: a game replaced them (setWalls through the module API), so snapshots carry them. */
  wallsChanged = false;
  /** A game replaced a scene path (setPath), so snapshots carry the paths. */
  pathsChanged = false;
  /** Transitions, routes finished and Emit Event nodes' events since `events()` last read them (runtime/events.ts). */
  readonly events = new EventLog();

  constructor(spec: WorldSpec, layouts: ReadonlyArray<TypeLayout | undefined> = []) {
    checkWorldSpec(spec);
    this.width = spec.width;
    this.height = spec.height;
    this.wrap = spec.edges === 'wrap';
    this.seed = spec.seed;
    this.rng = new Rng(spec.seed);
    this.pointer = new Float64Array([spec.width / 2, spec.height / 2]);
    const targets = spec.targets ?? [];
    this.targetNames = targets.map((t) => t.name);
    this.targets = new Float64Array(2 * targets.length);
    targets.forEach((t, k) => {
      this.targets[2 * k] = t.x;
      this.targets[2 * k + 1] = t.y;
    });
    this.obstacles = new Float64Array(0);
    this.obstacleCount = 0;
    this.setObstacles(spec.obstacles ?? []);
    this.paths = (spec.paths ?? []).map((p) => new Path(p.id, p.points, p.loop));
    this.walls = new Walls([], spec.width, spec.height, !this.wrap);
    this.setWalls(spec.walls ?? []);
    if (spec.flowFields !== undefined) checkFlowFields(spec.flowFields, 'flowFields');
    this.flowFields = (spec.flowFields ?? []).map(flowFieldOf);
    this.types = spec.agentTypes.map((t, k) => new Agents(k, t));
    this.types.forEach((a, k) => {
      const layout = layouts[k] ?? {};
      a.memDefaults = Float64Array.from(layout.memory ?? []);
      a.memStride = a.memDefaults.length;
      a.draws = layout.draws ?? 0;
      a.queryRadius = layout.queryRadius ?? 0;
      a.passCount = layout.passes ?? 0;
      a.stateful = layout.stateful === true;
      setupOrientation(a, layout.turn, layout.smoothing);
      initParams(a, a.spec.params);
      this.setCount(k, a.spec.count);
    });
  }

  /** Logs a transition of agent `index` of type `type` from state `from` to `to`, this tick (the generated code calls it; no allocation). */
  noteTransition(type: number, index: number, from: number, to: number): void {
    const log = this.transitionLog;
    if (this.transitionCount === TRANSITION_LOG) {
      this.transitionStart = (this.transitionStart + 1) % TRANSITION_LOG;
      this.transitionCount--;
      this.transitionsLost++;
    }
    const o = 5 * ((this.transitionStart + this.transitionCount) % TRANSITION_LOG);
    log[o] = this.tick;
    log[o + 1] = type;
    log[o + 2] = index;
    log[o + 3] = from;
    log[o + 4] = to;
    this.transitionCount++;
    this.events.note(this.tick, EVENT_TRANSITION, type, index, from, to);
  }

  /** Logs an event of `kind` (runtime/events.ts) for agent `index` of type `type`, this tick (kernels call it; no allocation). */
  noteEvent(kind: number, type: number, index: number, a: number): void {
    this.events.note(this.tick, kind, type, index, a, 0);
  }

  /** The agent type with this id, or undefined. */
  type(id: string): Agents | undefined {
    return this.types.find((t) => t.spec.id === id);
  }

  /** Moves the pointer target. */
  setPointer(x: number, y: number): void {
    this.pointer[0] = x;
    this.pointer[1] = y;
  }

  /** Replaces the obstacles (x, y, r and optional drift vx, vy per circle). */
  setObstacles(circles: ReadonlyArray<ObstacleSpec>): void {
    if (!Array.isArray(circles)) fail('obstacles', 'an array of circles', circles);
    // (a for loop, not forEach: forEach skips the holes of a sparse array, which then read as 0)
    for (let k = 0; k < circles.length; k++) {
      if (!(k in circles)) fail(`obstacles[${k}]`, 'a circle { x, y, r }', HOLE);
      checkObstacle(circles[k], `obstacles[${k}]`);
    }
    const o = new Float64Array(5 * circles.length);
    circles.forEach((c, k) => {
      o[5 * k] = c.x;
      o[5 * k + 1] = c.y;
      o[5 * k + 2] = c.r;
      o[5 * k + 3] = c.vx ?? 0;
      o[5 * k + 4] = c.vy ?? 0;
    });
    this.obstacles = o;
    this.obstacleCount = circles.length;
  }

  /** Replaces the walls (BEHAVIORS.md, "Walls"): they act from the next step. */
  setWalls(walls: ReadonlyArray<WallSpec>): void {
    checkWalls(walls, 'walls');
    this.walls = new Walls(walls, this.width, this.height, !this.wrap);
  }

  /**
   * Replaces the vectors and placement of flow field `id` (one the scene has): Flow Field nodes on it
   * read the new field from the next forces computed. Throws naming the bad field, changing nothing.
   */
  setFlowField(id: string, field: Omit<FlowFieldSpec, 'id'>, name = 'field'): void {
    const j = this.flowFields.findIndex((f) => f.id === id);
    if (j < 0) {
      const ids = this.flowFields.map((f) => JSON.stringify(f.id)).join(', ');
      fail('id', this.flowFields.length ? `the id of one of the scene's flow fields (${ids})` : 'a flow field id, but the scene has no flow fields', id);
    }
    checkFlowField(field, name, false);
    this.flowFields[j] = flowFieldOf({ ...field, id });
  }

  /**
   * Sets the number of agents of type `k`. Agents beyond `n` are removed from the end; new agents
   * spawn from their own stream derived from (seed, type id, index), with node memory at its
   * defaults. Replaces that type's arrays.
   */
  setCount(k: number, n: number): void {
    const a = this.types[k];
    if (!a) fail('setCount: agent type', `an index from 0 to ${this.types.length - 1}`, k);
    checkCount(n, `agentTypes[${k}].count`);
    let others = 0;
    for (const t of this.types) if (t !== a) others += t.count;
    if (others + n > MAX_AGENTS) {
      fail(`agentTypes[${k}].count`, `at most ${MAX_AGENTS - others} (the other types have ${others} agents; ${MAX_AGENTS} in all is the limit)`, n);
    }
    const old = a.count;
    const keep = Math.min(old, n);
    const pos = new Float64Array(2 * n);
    const vel = new Float64Array(2 * n);
    const head = new Float64Array(2 * n);
    const maxSpeed = new Float64Array(n);
    const maxForce = new Float64Array(n);
    const stride = a.memStride;
    const mem = new Float64Array(n * stride);
    pos.set(a.pos.subarray(0, 2 * keep));
    vel.set(a.vel.subarray(0, 2 * keep));
    head.set(a.head.subarray(0, 2 * keep));
    maxSpeed.set(a.maxSpeed.subarray(0, keep));
    maxForce.set(a.maxForce.subarray(0, keep));
    mem.set(a.mem.subarray(0, keep * stride));
    // states: kept for the agents that stay; new agents start in state 0, τ 0, no signals
    const state = new Uint8Array(n);
    const tis = new Uint32Array(n);
    const sig = new Uint32Array(n);
    state.set(a.state.subarray(0, keep));
    tis.set(a.tis.subarray(0, keep));
    sig.set(a.sig.subarray(0, keep));
    a.state = state;
    a.tis = tis;
    a.sig = sig;
    for (let i = keep; i < n; i++) {
      spawnAgent(this, a, i, pos, vel, head, maxSpeed, maxForce);
      mem.set(a.memDefaults, i * stride);
    }
    a.pos = pos;
    a.vel = vel;
    a.head = head;
    a.maxSpeed = maxSpeed;
    a.maxForce = maxForce;
    a.mem = mem;
    resizeOrientation(a, keep, n);
    if (a.routes) {
      // routes: kept for the agents that stay; new agents have none
      const routes: (Path | null)[] = [];
      for (let i = 0; i < n; i++) routes.push(i < keep ? a.routes[i] : null);
      a.routes = routes;
    }
    // Forces already computed for this tick stand (they were drawn once); new agents get none.
    const force = new Float64Array(2 * n);
    force.set(a.force.subarray(0, 2 * keep));
    a.force = force;
    a.rnd = new Float64Array(n * a.draws);
    a.passes = [];
    for (let p = 0; p < a.passCount; p++) a.passes.push(new Float64Array(2 * n));
    resizeParams(a, keep, n);
    a.count = n;
    if (a.queryRadius > 0) {
      if (!a.grid) a.grid = new Grid();
      a.grid.resize(this.width, this.height, n, a.queryRadius);
    } else {
      a.grid = null;
    }
  }
}

/** Places agent i of a type from its own derived stream (no transcendental functions). */
function spawnAgent(
  world: World,
  a: Agents,
  i: number,
  pos: Float64Array,
  vel: Float64Array,
  head: Float64Array,
  maxSpeed: Float64Array,
  maxForce: Float64Array,
): void {
  const r = derivedRng(_spawnRng, world.seed, a.salt, i);
  const s = a.spec.spawn ?? {};
  const x0 = s.x ?? 0;
  const y0 = s.y ?? 0;
  const w = s.width ?? world.width - x0;
  const h = s.height ?? world.height - y0;
  const ring = s.shape === 'ring';
  let x = 0;
  let y = 0;
  let rc = 0;
  let rs = 0;
  if (ring) {
    const n = a.spec.count > 0 ? a.spec.count : 1;
    [rc, rs] = dsincos((360 * (i % n)) / n);
    x = x0 + w / 2 + (w / 2) * rc;
    y = y0 + h / 2 + (h / 2) * rs;
  } else {
    x = x0 + r.next() * w;
    y = y0 + r.next() * h;
  }
  // Keep inside the world: [0, W) with wrap edges, [0, W] with bounce.
  x = x < 0 ? 0 : x > world.width ? world.width : x;
  y = y < 0 ? 0 : y > world.height ? world.height : y;
  if (world.wrap) {
    if (x >= world.width) x = 0;
    if (y >= world.height) y = 0;
  }
  let dx = 0;
  let dy = 0;
  if (ring) {
    // toward the centre: −(w/2·c, h/2·s), normalised; out along the angle on a ring of size 0
    dx = -(w / 2) * rc;
    dy = -(h / 2) * rs;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 0) {
      dx /= d;
      dy /= d;
    } else {
      dx = rc;
      dy = rs;
    }
  } else {
    // A uniform direction by rejection from the unit disc (only + − × ÷ and sqrt).
    let d2 = 0;
    do {
      dx = 2 * r.next() - 1;
      dy = 2 * r.next() - 1;
      d2 = dx * dx + dy * dy;
    } while (d2 > 1 || d2 < 1e-6);
    const d = Math.sqrt(d2);
    dx /= d;
    dy /= d;
  }
  const vary = a.spec.variation ?? {};
  const ms = a.spec.maxSpeed * (1 + (vary.maxSpeed ?? 0) * (2 * r.next() - 1));
  const mf = a.spec.maxForce * (1 + (vary.maxForce ?? 0) * (2 * r.next() - 1));
  const speed = (s.speed ?? 0.5) * ms;
  pos[2 * i] = x;
  pos[2 * i + 1] = y;
  vel[2 * i] = dx * speed;
  vel[2 * i + 1] = dy * speed;
  head[2 * i] = dx;
  head[2 * i + 1] = dy;
  maxSpeed[i] = ms;
  maxForce[i] = mf;
}
