/**
 * The preview's world and the compiled module it came from. Loads module text, swaps a new module
 * in without resetting the world (snapshot the old world, resume it in the new module, then apply
 * the scene's edits), resets, and remembers what it last told the world (pointer, targets,
 * obstacles) so the preview can draw them. Free of DOM and Lit: the importer is passed in
 * (module-import.ts in the page and the worker, a data: URL import in Node tests).
 */
import type { BehaviorWorld, PackedNumbers, Snapshot, WorldOptions } from '../../runtime/api';
import type { Obstacle } from '../document/types';
import { nextTask } from '../next-task';
import { freshReason, sceneEdits, type SceneShape } from './reconcile';
import { handoverOf, placesOf, transferWorld } from './transfer';

/** What a compiled scene module exports (src/compiler/module.ts). */
export interface BehaviorModule {
  createWorld(options?: WorldOptions): BehaviorWorld;
  /** The embedded scene document. */
  scene?: unknown;
}

/** Evaluates module text and resolves to its namespace. */
export type ModuleImporter = (source: string) => Promise<unknown>;

/** A running world's state carried to another thread (or to the next worker): it resumes bit-exactly. */
export interface Carry {
  /** The text of the module the world runs. */
  source: string;
  /** Its scene, for a module without an embedded one. */
  scene: SceneShape | null;
  snapshot: Snapshot;
  /** The seed chosen with `reset(seed)`, or null: the scene's. */
  seedOverride: number | null;
  /** The pointer as last set, or null: never set. */
  pointer: [number, number] | null;
}

/** How a load or a reset went. */
export type HostOutcome =
  /** A new world from scratch: the first one, a reset, or an edit a snapshot cannot carry (`reason`). */
  | { kind: 'fresh'; reason: string }
  /** The old world's state carried into the new module. */
  | { kind: 'resumed' }
  /** Nothing changed: the last good world runs on. `message` is for the user. */
  | { kind: 'error'; message: string }
  /** A newer source arrived while this one loaded; it was dropped. */
  | { kind: 'stale' };

/** A readable one-line message of anything thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message;
  return String(e);
}

function isSceneShape(v: unknown): v is SceneShape {
  const s = v as SceneShape | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.world === 'object' &&
    s.world !== null &&
    Array.isArray(s.world.obstacles) &&
    Array.isArray(s.world.targets) &&
    Array.isArray(s.agentTypes)
  );
}

function values(p: PackedNumbers): number[] {
  return Array.isArray(p) ? p : p.values;
}

/** Pointer, targets and obstacles of a snapshot. */
function placesOfSnapshot(snap: Snapshot): { pointer: [number, number]; targets: Map<string, [number, number]>; obstacles: number[] } {
  const p = values(snap.pointer);
  const targets = new Map<string, [number, number]>();
  for (const [name, t] of Object.entries(snap.targets)) {
    const v = values(t);
    targets.set(name, [v[0], v[1]]);
  }
  return { pointer: [p[0], p[1]], targets, obstacles: values(snap.obstacles) };
}

/** Agents per type, ticks and milliseconds (at most) of {@link warmUp}. */
export const WARM_UP = { agents: 4, ticks: 30, ms: 8 } as const;

/**
 * Runs a freshly imported module's code on a throwaway world of a few agents for a few ticks, so
 * the engine has compiled its hot functions before the real world runs them. Measured in Chromium
 * on a 200-node graph with 200 agents: a cold module's first ten ticks took 6–16 ms each (against
 * 0.6 ms warm), and the frames that ran them, catching up, took 50–70 ms; after 20 ticks of 4
 * agents (about 10 ms) its first ticks took 2 ms. Worlds share no state, so this changes no
 * trajectory; anything it throws, the real world will report.
 */
export function warmUp(mod: BehaviorModule, scene: SceneShape, now: () => number = () => performance.now()): void {
  const start = now();
  try {
    const counts: Record<string, number> = {};
    for (const t of scene.agentTypes) counts[t.id] = Math.min(t.count, WARM_UP.agents);
    const world = mod.createWorld({ counts });
    for (let k = 0; k < WARM_UP.ticks && now() - start < WARM_UP.ms; k++) world.step(1);
  } catch {
    // the real world tells (adopt)
  }
}

/** Drives one world at a time; see the file comment. */
export class WorldHost {
  /** The running world, or null before the first module loaded. */
  world: BehaviorWorld | null = null;
  /** The module the world runs. */
  module: BehaviorModule | null = null;
  /** That module's text. */
  source: string | null = null;
  /** The scene the world was last synced to (the module's embedded scene). */
  scene: SceneShape | null = null;
  /** The seed chosen with `reset(seed)`; null: the scene's seed. */
  seedOverride: number | null = null;
  /** The pointer as last set (world px), or null: never set (the world keeps its centre). */
  pointer: [number, number] | null = null;
  /** Named target positions as the world has them. */
  readonly targets = new Map<string, [number, number]>();
  /** The obstacles as last set (x, y, r, vx, vy); drifting ones have moved on since, see `liveObstacles`. */
  obstacles: Obstacle[] = [];
  private generation = 0;
  /**
   * The modules this host imported that are still alive, by their text's length, with that text:
   * text seen before (an undo, a parameter dragged back) gets the same module, so the recording
   * holds one module per distinct graph. Weak: nothing here keeps a module alive.
   */
  private readonly imported = new Map<number, WeakRef<BehaviorModule>[]>();
  private readonly texts = new WeakMap<BehaviorModule, string>();

  /**
   * @param importer evaluates module text
   * @param options `direct: false` resumes every swap through the module's snapshot API (the
   *   reference the direct copy of transfer.ts is tested against)
   */
  constructor(
    private readonly importer: ModuleImporter,
    private readonly options: { direct?: boolean } = {},
  ) {}

  /**
   * Imports module text and swaps it in. The world resumes from a snapshot when the scene's edits
   * allow (see reconcile.ts), else starts afresh. A module that fails to import or to create a
   * world changes nothing and gives an `error` outcome. `fallbackScene` stands in for a module
   * without an embedded scene.
   */
  async load(source: string, fallbackScene?: SceneShape): Promise<HostOutcome> {
    const generation = ++this.generation;
    let ns: unknown;
    const known = this.known(source);
    try {
      ns = known ?? (await this.importer(source));
    } catch (e) {
      if (generation !== this.generation) return { kind: 'stale' };
      return { kind: 'error', message: `The compiled scene did not load: ${errorMessage(e)}` };
    }
    if (generation !== this.generation) return { kind: 'stale' };
    const mod = ns as BehaviorModule;
    if (typeof mod?.createWorld !== 'function') {
      return { kind: 'error', message: 'The compiled scene did not load: the module exports no createWorld function' };
    }
    const scene = isSceneShape(mod.scene) ? mod.scene : fallbackScene;
    if (!scene) return { kind: 'error', message: 'The compiled scene did not load: the module embeds no scene' };
    // warming up and swapping in take a task of their own (up to 8 ms, then a few), after the import's
    await nextTask();
    if (generation !== this.generation) return { kind: 'stale' };
    if (!known) {
      warmUp(mod, scene);
      this.remember(source, mod);
    }
    const outcome = this.adopt(mod, scene);
    if (outcome.kind !== 'error') this.source = source;
    return outcome;
  }

  /**
   * The running world's whole state, to resume elsewhere (another thread) with {@link restore};
   * null before a module loaded.
   */
  carry(): Carry | null {
    if (!this.world || !this.source) return null;
    return {
      source: this.source,
      scene: this.scene,
      snapshot: this.world.snapshot(),
      seedOverride: this.seedOverride,
      pointer: this.pointer ? [this.pointer[0], this.pointer[1]] : null,
    };
  }

  /**
   * Resumes a carried world (from {@link carry}) in place of this host's: the same module text,
   * state, seed choice and pointer, bit-exactly. A carry that does not load changes nothing and
   * gives an `error` outcome.
   */
  async restore(carry: Carry): Promise<HostOutcome> {
    const generation = ++this.generation;
    let mod: BehaviorModule;
    let world: BehaviorWorld;
    let scene: SceneShape | null;
    try {
      const known = this.known(carry.source);
      mod = known ?? ((await this.importer(carry.source)) as BehaviorModule);
      if (generation !== this.generation) return { kind: 'stale' };
      if (typeof mod?.createWorld !== 'function') throw new Error('the module exports no createWorld function');
      scene = isSceneShape(mod.scene) ? mod.scene : carry.scene;
      if (scene && !known) {
        warmUp(mod, scene);
        this.remember(carry.source, mod);
      }
      world = mod.createWorld({ snapshot: carry.snapshot });
    } catch (e) {
      if (generation !== this.generation) return { kind: 'stale' };
      return { kind: 'error', message: `The running world could not be carried over: ${errorMessage(e)}` };
    }
    if (!scene) return { kind: 'error', message: 'The running world could not be carried over: the module embeds no scene' };
    this.world = world;
    this.module = mod;
    this.source = carry.source;
    this.scene = scene;
    this.seedOverride = carry.seedOverride;
    this.pointer = carry.pointer ? [carry.pointer[0], carry.pointer[1]] : null;
    const snap = carry.snapshot;
    this.targets.clear();
    for (const t of scene.world.targets) {
      const v = Object.hasOwn(snap.targets, t.name) ? values(snap.targets[t.name]) : [t.x, t.y];
      this.targets.set(t.name, [v[0], v[1]]);
    }
    const o = values(snap.obstacles);
    this.obstacles = [];
    for (let k = 0; k + 4 < o.length; k += 5) this.obstacles.push({ x: o[k], y: o[k + 1], r: o[k + 2], vx: o[k + 3], vy: o[k + 4] });
    return { kind: 'resumed' };
  }

  /**
   * Puts `world` (a world of this host's module, e.g. one a replay sought) in place of the running
   * one, and takes its pointer, targets and obstacles as the ones last set.
   */
  replaceWorld(world: BehaviorWorld): void {
    const places = placesOf(world) ?? placesOfSnapshot(world.snapshot());
    this.world = world;
    this.pointer = places.pointer;
    this.targets.clear();
    for (const [name, at] of places.targets) this.targets.set(name, at);
    const o = places.obstacles;
    this.obstacles = [];
    for (let k = 0; k + 4 < o.length; k += 5) this.obstacles.push({ x: o[k], y: o[k + 1], r: o[k + 2], vx: o[k + 3], vy: o[k + 4] });
  }

  /** Starts a fresh world from the current module; with `seed`, that seed from now on. */
  reset(seed?: number): HostOutcome {
    if (!this.module || !this.scene) return { kind: 'error', message: 'Nothing to reset: no scene has loaded yet' };
    return this.fresh(this.module, this.scene, 'reset', seed ?? this.seedOverride ?? undefined);
  }

  /** Lets go of the world and its module (another thread runs them now). */
  clear(): void {
    this.generation++;
    this.world = null;
    this.module = null;
    this.source = null;
  }

  /** The seed the world runs: the one chosen with `reset(seed)`, else the scene's. */
  get seed(): number | null {
    return this.seedOverride ?? this.scene?.world.seed ?? null;
  }

  /** Moves the world's Pointer target (world px) and remembers it for the next world. */
  setPointer(x: number, y: number): void {
    this.pointer = [x, y];
    this.world?.setPointer(x, y);
  }

  /** Moves a named target in the running world. */
  setTarget(name: string, x: number, y: number): void {
    this.world?.setTarget(name, x, y);
    this.targets.set(name, [x, y]);
  }

  /** Replaces the running world's obstacles. */
  setObstacles(obstacles: Obstacle[]): void {
    this.world?.setObstacles(obstacles);
    this.obstacles = obstacles.map((o) => ({ ...o }));
  }

  /** Sets a type parameter's value in the running world (throws what the world refuses: an unknown name, a value out of range). */
  setParam(typeId: string, name: string, value: number): void {
    this.world?.setParam(typeId, name, value);
  }

  /**
   * The obstacles where they are now, x, y, r, vx, vy per circle. A module world tells through its
   * hand-over (runtime/api.ts; drifting ones move every tick); a world without one gives the
   * obstacles as last set.
   */
  liveObstacles(): { data: ArrayLike<number>; count: number } {
    const live = this.world ? handoverOf(this.world)?.liveObstacles() : undefined;
    if (live) return live;
    const data: number[] = [];
    for (const o of this.obstacles) data.push(o.x, o.y, o.r, o.vx ?? 0, o.vy ?? 0);
    return { data, count: this.obstacles.length };
  }

  /** A live module imported from exactly this text, or null; forgets the modules collected since. */
  private known(source: string): BehaviorModule | null {
    const refs = this.imported.get(source.length);
    if (!refs) return null;
    let hit: BehaviorModule | null = null;
    const live = refs.filter((r) => {
      const m = r.deref();
      if (m && !hit && this.texts.get(m) === source) hit = m;
      return m !== undefined;
    });
    if (live.length) this.imported.set(source.length, live);
    else this.imported.delete(source.length);
    return hit;
  }

  private remember(source: string, mod: BehaviorModule): void {
    if (typeof mod !== 'object' || mod === null) return;
    for (const [len, refs] of this.imported) {
      const live = refs.filter((r) => r.deref() !== undefined);
      if (live.length) this.imported.set(len, live);
      else this.imported.delete(len);
    }
    this.texts.set(mod, source);
    const refs = this.imported.get(source.length) ?? [];
    refs.push(new WeakRef(mod));
    this.imported.set(source.length, refs);
  }

  private adopt(mod: BehaviorModule, next: SceneShape): HostOutcome {
    const old = this.world;
    const prev = this.scene;
    if (!old || !prev) return this.fresh(mod, next, 'first world', this.seedOverride ?? undefined);
    if (prev.world.seed !== next.world.seed) this.seedOverride = null;
    let reason = freshReason(prev, next);
    if (reason === null) {
      try {
        this.resume(mod, old, prev, next);
        return { kind: 'resumed' };
      } catch (e) {
        reason = `the running world could not be resumed (${errorMessage(e)})`;
      }
    }
    return this.fresh(mod, next, reason, this.seedOverride ?? undefined);
  }

  /** Resumes `old` in `mod` and applies the edits from `prev` to `next`; throws, changing nothing, when it cannot. */
  private resume(mod: BehaviorModule, old: BehaviorWorld, prev: SceneShape, next: SceneShape): void {
    const counts: Record<string, number> = {};
    for (const id of old.types) counts[id] = old.positions(id).length >> 1;
    const edits = sceneEdits(prev, next, counts);
    const world = (this.options.direct !== false && this.resumeDirect(mod, old, next, edits.limits)) || this.resumeFromSnapshot(mod, old, counts, edits.limits);
    // where the pointer, targets and obstacles are, before the edits
    const places = placesOf(world) ?? placesOfSnapshot(world.snapshot());
    for (const [id, n] of edits.counts) world.setCount(id, n);
    if (edits.obstacles) world.setObstacles(edits.obstacles);
    for (const t of edits.targets) world.setTarget(t.name, t.x, t.y);

    // commit
    this.world = world;
    this.module = mod;
    this.scene = next;
    this.pointer = this.pointer ?? places.pointer;
    this.targets.clear();
    for (const t of next.world.targets) this.targets.set(t.name, places.targets.get(t.name) ?? [t.x, t.y]);
    for (const t of edits.targets) this.targets.set(t.name, [t.x, t.y]);
    if (edits.obstacles) {
      this.obstacles = edits.obstacles;
    } else {
      const o = places.obstacles;
      this.obstacles = [];
      for (let k = 0; k + 4 < o.length; k += 5) this.obstacles.push({ x: o[k], y: o[k + 1], r: o[k + 2], vx: o[k + 3], vy: o[k + 4] });
    }
  }

  /**
   * `old`'s state in a world of `mod` by handing it the arrays (transfer.ts), when both modules
   * run the same runtime core; null otherwise. The types in `limits` keep a fresh spawn's
   * per-agent limits.
   */
  private resumeDirect(mod: BehaviorModule, old: BehaviorWorld, next: SceneShape, limits: string[]): BehaviorWorld | null {
    return transferWorld(
      mod,
      old,
      next.agentTypes.map((t) => t.id),
      new Set(limits),
    );
  }

  /** `old`'s state in a world of `mod` through `snapshot()` and `createWorld({ snapshot })`, the module API. */
  private resumeFromSnapshot(mod: BehaviorModule, old: BehaviorWorld, counts: Record<string, number>, limits: string[]): BehaviorWorld {
    const snap: Snapshot = old.snapshot();
    if (limits.length) {
      // each agent's own maxSpeed and maxForce as a fresh spawn of the edited type would draw them
      const spawned = mod.createWorld({ seed: snap.seed, counts }).snapshot();
      for (const id of limits) {
        if (!snap.types[id] || !spawned.types[id]) continue;
        snap.types[id] = { ...snap.types[id], maxSpeed: spawned.types[id].maxSpeed, maxForce: spawned.types[id].maxForce };
      }
    }
    return mod.createWorld({ snapshot: snap });
  }

  private fresh(mod: BehaviorModule, next: SceneShape, reason: string, seed?: number): HostOutcome {
    let world: BehaviorWorld;
    try {
      world = mod.createWorld(seed === undefined ? {} : { seed });
      if (this.pointer) world.setPointer(this.pointer[0], this.pointer[1]);
    } catch (e) {
      return { kind: 'error', message: `The preview could not start the scene: ${errorMessage(e)}` };
    }
    this.world = world;
    this.module = mod;
    this.scene = next;
    if (seed !== undefined) this.seedOverride = seed === next.world.seed ? null : seed;
    this.targets.clear();
    for (const t of next.world.targets) this.targets.set(t.name, [t.x, t.y]);
    this.obstacles = next.world.obstacles.map((o) => ({ ...o }));
    return { kind: 'fresh', reason };
  }
}
