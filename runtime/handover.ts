/**
 * The hand-over of a module world's state to a world of a recompiled module (the editor's preview,
 * src/preview/transfer.ts), without the snapshot round trip: out of api.ts, which re-exports it.
 */
import { carrySmoother, restoreSmoother } from './orientation';
import { carryParams } from './params';
import { carryStates } from './snapshot';
import { memoryKey, stateTable, type Program, type SceneLike } from './program';
import { Walls } from './walls';
import type { World } from './world';

/**
 * The key of a module world's hand-over (a `Symbol.for`, so that the copy of this core in every
 * module finds it): `world[HANDOVER]()` gives the {@link WorldHandover} through which the editor's
 * preview (src/preview/transfer.ts) moves a running world's state into a world of a recompiled
 * module without the snapshot round trip, and reads where the obstacles are now. Not part of the
 * module API a game relies on (docs/module.md).
 */
export const HANDOVER: unique symbol = Symbol.for('steergraph.handover');

/** What a world hands over; see {@link HANDOVER}. */
export interface WorldHandover {
  /** The world's seed. */
  readonly seed: number;
  /** The code of this runtime core's world classes: state passes only between worlds of equal code. */
  readonly core: string;
  /** The obstacles where they are now: x, y, r, vx, vy per circle (the world's own array, not to be written). */
  liveObstacles(): { data: Float64Array; count: number };
  /** Where the pointer, the named targets and the obstacles are now (copies). */
  places(): { pointer: [number, number]; targets: Map<string, [number, number]>; obstacles: number[] };
  /**
   * Makes this world (a fresh one of no agents) carry on `from`'s whole state, exactly as a world
   * restored from `from`'s snapshot would: tick, generator, pointer, targets, obstacles, walls a game set, this tick's
   * forces when computed, and per agent position, velocity, heading, limits and node memory matched
   * by node id and size. The types in `keepLimits` keep their own spawn's limits (an edited
   * maxSpeed or maxForce); types `from` lacks spawn afresh. False when `from` is of another core.
   */
  takeState(from: WorldHandover, keepLimits: ReadonlySet<string>): boolean;
}

const NO_FORCES = new Float64Array(0);

/** A module world's {@link WorldHandover}. */
export class Handover implements WorldHandover {
  constructor(
    readonly world: World,
    readonly scene: SceneLike,
    readonly program: Program,
    /** The code of the core's world classes (see {@link WorldHandover.core}). */
    private readonly coreCode: () => string,
  ) {}

  get seed(): number {
    return this.world.seed;
  }

  get core(): string {
    return this.coreCode();
  }

  liveObstacles(): { data: Float64Array; count: number } {
    return { data: this.world.obstacles, count: this.world.obstacleCount };
  }

  places(): { pointer: [number, number]; targets: Map<string, [number, number]>; obstacles: number[] } {
    const w = this.world;
    const targets = new Map<string, [number, number]>();
    w.targetNames.forEach((name, k) => targets.set(name, [w.targets[2 * k], w.targets[2 * k + 1]]));
    return { pointer: [w.pointer[0], w.pointer[1]], targets, obstacles: Array.from(w.obstacles.subarray(0, 5 * w.obstacleCount)) };
  }

  takeState(other: WorldHandover, keepLimits: ReadonlySet<string>): boolean {
    if (!(other instanceof Handover) && other.core !== this.core) return false;
    // a copy of this core in another module: its classes have this code, so its fields are these
    const from = other as Handover;
    const wa = from.world;
    const wb = this.world;
    const source = new Map(wa.types.map((t, k) => [t.id, { t, k }]));
    wb.tick = wa.tick;
    wb.rng.setState(wa.rng.getState());
    wb.pointer.set(wa.pointer);
    wb.targetNames.forEach((name, k) => {
      const j = wa.targetNames.indexOf(name);
      if (j >= 0) wb.targets.set(wa.targets.subarray(2 * j, 2 * j + 2), 2 * k);
    });
    wb.obstacles = wa.obstacles.slice(0, 5 * wa.obstacleCount);
    wb.obstacleCount = wa.obstacleCount;
    // the walls, as a snapshot carries them: a game's (setWalls) go along, else this world keeps its
    // scene's (an edit of the scene's walls applies); the same segments (shared, never written but
    // for the queries' stamps) in a world of the same size and edges, else rebuilt for this one
    if (wa.wallsChanged) {
      wb.walls = wa.width === wb.width && wa.height === wb.height && wa.wrap === wb.wrap ? wa.walls : new Walls(wa.walls.specs, wb.width, wb.height, !wb.wrap);
      wb.wallsChanged = true;
    }
    // the flow fields a game set (setFlowField) go along, by id
    if (wa.flowFieldsChanged) {
      wb.flowFields.forEach((f, j) => {
        const g = wa.flowFields.find((x) => x.id === f.id);
        if (g) wb.flowFields[j] = g;
      });
      wb.flowFieldsChanged = true;
    }
    // the paths a game set (setPath) go along, by id; routes go with their agents below
    if (wa.pathsChanged) {
      wb.paths.forEach((p, j) => {
        const q = wa.paths.find((x) => x.id === p.id);
        if (q) wb.paths[j] = q;
      });
      wb.pathsChanged = true;
    }
    // forces computed before the swap stand for this tick (as a snapshot taken then carries them)
    wb.forcesReady = wa.forcesReady && wa.types.length > 0;
    wb.types.forEach((t, k) => {
      const s = source.get(t.id);
      if (!s) {
        wb.setCount(k, t.spec.count);
        return;
      }
      const old = s.t;
      const n = old.count;
      const mem = this.carriedMemory(from, s.k, k);
      const a = stateTable(from.scene, from.program, s.k);
      const states = { names: a.names, index: old.state, time: old.tis };
      const signals = { names: a.signals, flags: old.sig };
      // parameters by name: a value the game (or the editor's panel) set survives the recompile
      const params = { names: old.params.map((p) => p.name), values: old.parValue, agents: old.par };
      if (keepLimits.has(t.id)) {
        // spawn for the new limits, then take everything else
        wb.setCount(k, n);
        t.pos.set(old.pos);
        t.vel.set(old.vel);
        t.head.set(old.head);
        t.mem.set(mem);
        if (wa.forcesReady) t.force.set(old.force);
        // the smoother, when both have the same k (else it starts again from the headings)
        restoreSmoother(t, { slots: old.smoothing, ring: old.ring, drawn: old.drawn });
        t.routes = old.routes ? old.routes.slice(0, n) : null;
        carryStates(t, stateTable(this.scene, this.program, k), states, signals);
        carryParams(t, params);
        return;
      }
      // setCount keeps the first `count` agents it has (copying them into arrays of its own) and
      // spawns only beyond: handed the old agents as its own, it spawns none
      t.pos = old.pos;
      t.vel = old.vel;
      t.head = old.head;
      t.maxSpeed = old.maxSpeed;
      t.maxForce = old.maxForce;
      t.mem = mem;
      // (no forces: setCount then starts from zeros, as a world restored from a snapshot without them)
      t.force = wa.forcesReady ? old.force : NO_FORCES;
      t.count = n;
      carrySmoother(t, old);
      // (setCount copies them for the agents it keeps)
      t.routes = old.routes;
      wb.setCount(k, n);
      carryStates(t, stateTable(this.scene, this.program, k), states, signals);
      carryParams(t, params);
    });
    return true;
  }

  /** The node memory of `from`'s agents of type `ka` in the layout of this world's type `kb`: the defaults, then what the old nodes of the same id and size held. */
  private carriedMemory(from: Handover, ka: number, kb: number): Float64Array {
    const old = from.world.types[ka];
    const t = this.world.types[kb];
    const n = old.count;
    const stride = t.memStride;
    const mem = new Float64Array(n * stride);
    const defaults = t.memDefaults;
    const before = from.memoryByNode(ka);
    // per slot of the new layout: where it comes from in the old one (−1: its default)
    const slots = new Int32Array(stride).fill(-1);
    for (const [id, m] of this.memoryByNode(kb)) {
      const o = before.get(id);
      if (o && o.size === m.size) for (let c = 0; c < m.size; c++) slots[m.offset + c] = o.offset + c;
    }
    const src = old.mem;
    const oldStride = old.memStride;
    for (let c = 0; c < stride; c++) {
      const f = slots[c];
      if (f < 0) {
        const d = defaults[c];
        if (d !== 0) for (let i = 0; i < n; i++) mem[i * stride + c] = d;
      } else {
        for (let i = 0; i < n; i++) mem[i * stride + c] = src[i * oldStride + f];
      }
    }
    return mem;
  }

  /** Where each node's per-agent memory sits in type `k`'s `mem`, by node id. */
  private memoryByNode(k: number): Map<string, { offset: number; size: number }> {
    const out = new Map<string, { offset: number; size: number }>();
    for (const m of this.program.memory[k] ?? []) {
      const key = memoryKey(this.scene.agentTypes[k], m);
      if (key !== undefined) out.set(key, { offset: m.offset, size: m.size });
    }
    return out;
  }
}

