/**
 * Moves a running world's state into a world of a recompiled module, as the preview does on every
 * edit, without the snapshot round trip. `snapshot()` then `createWorld({ snapshot })` packs about
 * ten numbers per agent into plain arrays, checks each one and unpacks them again, and before that
 * spawns every agent of the new world only to overwrite it: ~50–100 ms for 20,000 agents, most of
 * an edit's 100 ms budget. Here the new world starts empty and takes the old world's arrays
 * through its own `setCount`, which keeps the agents it has and spawns none: ~2 ms.
 *
 * It reads the worlds' internals (runtime/api.ts ModuleWorld: `world`, `scene`, `program`;
 * runtime/world.ts World and Agents), which both worlds share because the app compiles every
 * module with the same runtime core (checked: the world classes have the same code), and it does
 * exactly what `restore` in runtime/api.ts does with a snapshot of the old world
 * (tests/preview/transfer.test.ts holds the two to the same bits for every preset). A world whose
 * internals do not look like that gives null, and the caller takes the snapshot.
 */
import type { BehaviorWorld } from '../../runtime/api';

interface AgentsInternals {
  readonly id: string;
  count: number;
  pos: Float64Array;
  vel: Float64Array;
  head: Float64Array;
  force: Float64Array;
  maxSpeed: Float64Array;
  maxForce: Float64Array;
  mem: Float64Array;
  memStride: number;
}

interface WorldInternals {
  tick: number;
  readonly seed: number;
  readonly rng: { getState(): [number, number, number, number]; setState(s: [number, number, number, number]): void };
  readonly pointer: Float64Array;
  readonly targets: Float64Array;
  readonly targetNames: readonly string[];
  obstacles: Float64Array;
  obstacleCount: number;
  forcesReady: boolean;
  readonly types: readonly AgentsInternals[];
}

interface ModuleWorldInternals {
  readonly world: WorldInternals;
  readonly scene: { agentTypes: { id: string; graph: { nodes: { id: string }[] } }[] };
  readonly program: { memory: { node: number; offset: number; size: number }[][] };
}

const ARRAYS = ['pos', 'vel', 'head', 'force', 'maxSpeed', 'maxForce', 'mem'] as const;

/** The internals of a module's world, or null when they are not laid out as this file expects. */
export function internalsOf(w: unknown): ModuleWorldInternals | null {
  const m = w as Partial<ModuleWorldInternals> | null;
  const world = m?.world as Partial<WorldInternals> | undefined;
  if (!world || !m?.scene || !Array.isArray(m.scene.agentTypes) || !Array.isArray(m.program?.memory)) return null;
  if (typeof world.tick !== 'number' || typeof world.seed !== 'number' || typeof world.rng?.getState !== 'function' || typeof world.rng.setState !== 'function') return null;
  if (!(world.pointer instanceof Float64Array) || !(world.targets instanceof Float64Array) || !Array.isArray(world.targetNames)) return null;
  if (!(world.obstacles instanceof Float64Array) || typeof world.obstacleCount !== 'number' || typeof world.forcesReady !== 'boolean' || !Array.isArray(world.types)) return null;
  if (world.types.length !== m.scene.agentTypes.length) return null;
  for (const a of world.types) {
    if (typeof a?.id !== 'string' || typeof a.count !== 'number' || typeof a.memStride !== 'number') return null;
    for (const key of ARRAYS) if (!(a[key] instanceof Float64Array)) return null;
    if (a.pos.length !== 2 * a.count || a.maxSpeed.length !== a.count || a.mem.length !== a.count * a.memStride) return null;
  }
  return m as ModuleWorldInternals;
}

const EMPTY = new Float64Array(0);

/**
 * The node memory of `old`'s agents (type `ka` of `a`) in the layout of type `kb` of `b`: the
 * defaults, then what the old nodes of the same id and size held.
 */
function carriedMemory(a: ModuleWorldInternals, ka: number, old: AgentsInternals, b: ModuleWorldInternals, kb: number, t: AgentsInternals): Float64Array {
  const n = old.count;
  const stride = t.memStride;
  const mem = new Float64Array(n * stride);
  const defaults = (t as unknown as { memDefaults: Float64Array }).memDefaults;
  const before = memoryByNode(a, ka);
  // per slot of the new layout: where it comes from in the old one (−1: its default)
  const from = new Int32Array(stride).fill(-1);
  for (const [id, m] of memoryByNode(b, kb)) {
    const o = before.get(id);
    if (o && o.size === m.size) for (let c = 0; c < m.size; c++) from[m.offset + c] = o.offset + c;
  }
  const src = old.mem;
  const oldStride = old.memStride;
  for (let c = 0; c < stride; c++) {
    const f = from[c];
    if (f < 0) {
      const d = defaults[c];
      if (d !== 0) for (let i = 0; i < n; i++) mem[i * stride + c] = d;
    } else {
      for (let i = 0; i < n; i++) mem[i * stride + c] = src[i * oldStride + f];
    }
  }
  return mem;
}

/** Where each node's per-agent memory sits in a type's `mem`, by node id. */
function memoryByNode(m: ModuleWorldInternals, k: number): Map<string, { offset: number; size: number }> {
  const out = new Map<string, { offset: number; size: number }>();
  const nodes = m.scene.agentTypes[k]?.graph?.nodes ?? [];
  for (const mem of m.program.memory[k] ?? []) {
    const node = nodes[mem.node];
    if (node) out.set(node.id, { offset: mem.offset, size: mem.size });
  }
  return out;
}

/** True when two objects are of classes with the same code (two modules' copies of one runtime core). */
export function sameCode(a: object, b: object): boolean {
  const ca = Object.getPrototypeOf(a)?.constructor;
  const cb = Object.getPrototypeOf(b)?.constructor;
  return typeof ca === 'function' && typeof cb === 'function' && Function.prototype.toString.call(ca) === Function.prototype.toString.call(cb);
}

/**
 * A world of `mod` (whose scene has the agent types `ids`) with the whole state of `from`: tick,
 * generator, pointer, targets, obstacles, this tick's forces when computed, and per agent
 * position, velocity, heading, limits and node memory matched by node id and size. Types in
 * `keepLimits` take their limits from a fresh spawn (the edited type's new maxSpeed and maxForce);
 * types `from` lacks spawn fresh. Null, with `from` untouched, when either module's internals are
 * not as expected.
 */
export function transferWorld(
  mod: { createWorld(options?: { seed?: number; counts?: Record<string, number> }): BehaviorWorld },
  from: BehaviorWorld,
  ids: readonly string[],
  keepLimits: ReadonlySet<string> = new Set(),
): BehaviorWorld | null {
  const a = internalsOf(from);
  if (!a) return null;
  // an empty world: the agents come from `from`, not from spawning them only to overwrite them
  const zero: Record<string, number> = {};
  for (const id of ids) Object.defineProperty(zero, id, { value: 0, enumerable: true, writable: true, configurable: true });
  let to: BehaviorWorld;
  try {
    to = mod.createWorld({ seed: a.world.seed, counts: zero });
  } catch {
    return null;
  }
  const b = internalsOf(to);
  if (!b || !sameCode(from, to) || !sameCode(a.world, b.world) || typeof (b.world as unknown as { setCount?: unknown }).setCount !== 'function') return null;
  const wa = a.world;
  const wb = b.world as WorldInternals & { setCount(k: number, n: number): void };
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
  // forces computed before the swap stand for this tick (as a snapshot taken then carries them)
  wb.forcesReady = wa.forcesReady && wa.types.length > 0;
  wb.types.forEach((t, k) => {
    const s = source.get(t.id);
    const spec = (t as unknown as { spec?: { count?: unknown } }).spec;
    if (!s) {
      if (typeof spec?.count === 'number') wb.setCount(k, spec.count);
      return;
    }
    const old = s.t;
    const n = old.count;
    const mem = carriedMemory(a, s.k, old, b, k, t);
    if (keepLimits.has(t.id)) {
      // spawn for the new limits, then take everything else
      wb.setCount(k, n);
      t.pos.set(old.pos);
      t.vel.set(old.vel);
      t.head.set(old.head);
      t.mem.set(mem);
      if (wa.forcesReady) t.force.set(old.force);
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
    t.force = wa.forcesReady ? old.force : EMPTY;
    t.count = n;
    wb.setCount(k, n);
  });
  // the copies must be the new world's own
  for (const t of wb.types) {
    const s = source.get(t.id);
    if (s && (t.pos === s.t.pos || t.count !== s.t.count || t.mem.length !== t.count * t.memStride)) return null;
  }
  return to;
}

/** Pointer, targets and obstacles of a module's world (null when its internals are not as expected). */
export function placesOf(w: BehaviorWorld): { pointer: [number, number]; targets: Map<string, [number, number]>; obstacles: number[] } | null {
  const m = internalsOf(w);
  if (!m) return null;
  const world = m.world;
  const targets = new Map<string, [number, number]>();
  world.targetNames.forEach((name, k) => targets.set(name, [world.targets[2 * k], world.targets[2 * k + 1]]));
  return { pointer: [world.pointer[0], world.pointer[1]], targets, obstacles: Array.from(world.obstacles.subarray(0, 5 * world.obstacleCount)) };
}
