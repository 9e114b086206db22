/**
 * The browser half of the Vite plugin's hot reload (src/package/vite.ts, docs/vite.md): a game's
 * worlds keep running across an edit of their scene file. In `vite` (dev) a `?behavior` import is
 * a small wrapper around the compiled module; its `createWorld` returns a forwarding world, and when
 * Vite hands it the recompiled module it moves each world's state into a world of the new module,
 * as the editor's preview does on every edit (src/preview/world-host.ts `resume`): the hand-over of
 * runtime/handover.ts, else `snapshot()` then `createWorld({ snapshot })`; a new maxSpeed or
 * maxForce takes each agent's limits from a fresh spawn; edited counts, obstacles and targets apply.
 * A change of the world's size, edges, seed or agent types starts the world afresh (the preview's
 * src/preview/reconcile.ts `freshReason`).
 *
 * {@link hotBehavior} is served to the page as its own source text (`hotBehavior.toString()`), so
 * it refers to nothing outside itself: the copies of reconcile.ts's and transfer.ts's steps below
 * are checked against those files by tests/package/vite-hot.test.ts.
 */

/** What a behaviour module exports (src/compiler/module.ts). */
export interface HotModule {
  createWorld(options?: Record<string, unknown>): HotWorldLike;
  scene: HotScene;
}

/** The parts of a world the swap uses (runtime/api.ts `BehaviorWorld`). */
export interface HotWorldLike {
  readonly types: readonly string[];
  positions(typeId: string): Float64Array;
  snapshot(): { seed: number; types: Record<string, Record<string, unknown>> };
  setCount(typeId: string, n: number): void;
  setObstacles(circles: readonly HotObstacle[]): void;
  setTarget(name: string, x: number, y: number): void;
  [key: string | symbol]: unknown;
}

/** A circle of a scene. */
export interface HotObstacle {
  x: number;
  y: number;
  r: number;
  vx?: number;
  vy?: number;
}

/** The parts of a scene the swap compares (src/preview/reconcile.ts `SceneShape`). */
export interface HotScene {
  world: { width: number; height: number; edges: string; seed: number; obstacles: readonly HotObstacle[]; targets: readonly { name: string; x: number; y: number }[] };
  agentTypes: readonly { id: string; count: number; maxSpeed: number; maxForce: number; variation?: { maxSpeed?: number; maxForce?: number } }[];
}

/** How one world came through a reload. */
export interface ReloadOutcome {
  /** `resumed`: the world carried on (tick, agents, parameters, routes); `fresh`: it started again (`reason`). `kept`: the new module could not run, the old behaviour stays (`reason`). */
  kind: 'resumed' | 'fresh' | 'kept';
  reason?: string;
}

/** The hot half of a `?behavior` module in dev. */
export interface HotBehavior {
  /** The module's `createWorld`, returning forwarding worlds (with `onReload` and `reloads`). */
  createWorld(options?: Record<string, unknown>): HotWorldLike;
  /** Moves every live world into a world of `next`; returns how each came through. */
  swap(next: HotModule): ReloadOutcome[];
  /** How many times the module was swapped. */
  readonly reloads: number;
}

/**
 * The hot half of the `?behavior` module of scene `file`, first running `first`. Self-contained: it
 * runs in the page as `(${hotBehavior})(module, file)`.
 */
export function hotBehavior(first: HotModule, file: string): HotBehavior {
  const HANDOVER = Symbol.for('steergraph.handover');
  type Entry = { world: HotWorldLike; scene: HotScene; options: Record<string, unknown>; listeners: ((e: unknown) => void)[]; reloads: number };
  type Handover = { seed: number; core: string; takeState(from: Handover, keep: ReadonlySet<string>): boolean };
  let mod = first;
  let reloads = 0;
  const live = new Set<WeakRef<Entry>>();

  // ── src/preview/reconcile.ts (freshReason, sceneEdits, sameObstacles) ──
  function freshReason(prev: HotScene, next: HotScene): string | null {
    const a = prev.world;
    const b = next.world;
    if (a.width !== b.width || a.height !== b.height) return 'the world size changed';
    if (a.edges !== b.edges) return 'the edges changed';
    if (a.seed !== b.seed) return 'the seed changed';
    const ids = (s: HotScene): string => JSON.stringify(s.agentTypes.map((t) => t.id));
    if (ids(prev) !== ids(next)) return 'the agent types changed';
    return null;
  }
  function sameObstacles(a: readonly HotObstacle[], b: readonly HotObstacle[]): boolean {
    if (a.length !== b.length) return false;
    return a.every((o, k) => {
      const p = b[k];
      return o.x === p.x && o.y === p.y && o.r === p.r && (o.vx ?? 0) === (p.vx ?? 0) && (o.vy ?? 0) === (p.vy ?? 0);
    });
  }
  function sceneEdits(prev: HotScene, next: HotScene, counts: Readonly<Record<string, number>>) {
    const edits = { counts: [] as [string, number][], obstacles: null as HotObstacle[] | null, targets: [] as { name: string; x: number; y: number }[], limits: [] as string[] };
    for (const t of next.agentTypes) {
      if (Object.hasOwn(counts, t.id) && counts[t.id] !== t.count) edits.counts.push([t.id, t.count]);
      const before = prev.agentTypes.find((p) => p.id === t.id);
      if (
        before &&
        (before.maxSpeed !== t.maxSpeed ||
          before.maxForce !== t.maxForce ||
          (before.variation?.maxSpeed ?? 0) !== (t.variation?.maxSpeed ?? 0) ||
          (before.variation?.maxForce ?? 0) !== (t.variation?.maxForce ?? 0))
      ) {
        edits.limits.push(t.id);
      }
    }
    if (!sameObstacles(prev.world.obstacles, next.world.obstacles)) edits.obstacles = next.world.obstacles.map((o) => ({ ...o }));
    for (const t of next.world.targets) {
      const before = prev.world.targets.find((p) => p.name === t.name);
      if (!before || before.x !== t.x || before.y !== t.y) edits.targets.push({ name: t.name, x: t.x, y: t.y });
    }
    return edits;
  }

  // ── src/preview/transfer.ts (handoverOf, transferWorld) ──
  function handoverOf(w: unknown): Handover | null {
    const get = (w as Record<symbol, unknown> | null)?.[HANDOVER];
    if (typeof get !== 'function') return null;
    try {
      const h = get.call(w) as Partial<Handover> | null;
      return h && typeof h.takeState === 'function' && typeof h.core === 'string' ? (h as Handover) : null;
    } catch {
      return null;
    }
  }
  function transferWorld(to: HotModule, from: HotWorldLike, ids: readonly string[], keep: ReadonlySet<string>): HotWorldLike | null {
    const a = handoverOf(from);
    if (!a) return null;
    const zero: Record<string, number> = {};
    for (const id of ids) Object.defineProperty(zero, id, { value: 0, enumerable: true, writable: true, configurable: true });
    let w: HotWorldLike;
    try {
      w = to.createWorld({ seed: a.seed, counts: zero });
    } catch {
      return null;
    }
    const b = handoverOf(w);
    if (!b || b.core !== a.core) return null;
    return b.takeState(a, keep) ? w : null;
  }
  function fromSnapshot(to: HotModule, from: HotWorldLike, counts: Record<string, number>, limits: string[]): HotWorldLike {
    const snap = from.snapshot();
    if (limits.length) {
      const spawned = to.createWorld({ seed: snap.seed, counts }).snapshot();
      for (const id of limits) {
        if (!snap.types[id] || !spawned.types[id]) continue;
        snap.types[id] = { ...snap.types[id], maxSpeed: spawned.types[id].maxSpeed, maxForce: spawned.types[id].maxForce };
      }
    }
    return to.createWorld({ snapshot: snap });
  }

  // ── src/preview/world-host.ts (resume): the state moves, then the scene's edits apply ──
  function resume(to: HotModule, old: HotWorldLike, prev: HotScene, next: HotScene): HotWorldLike {
    const counts: Record<string, number> = {};
    for (const id of old.types) counts[id] = old.positions(id).length >> 1;
    // A game sets its own counts (setCount): only a count the scene file changed applies, so the
    // edits are taken against the old scene's counts, not the world's (the preview's world has the scene's).
    const sceneCounts: Record<string, number> = {};
    for (const t of prev.agentTypes) sceneCounts[t.id] = t.count;
    const edits = sceneEdits(prev, next, sceneCounts);
    const world = transferWorld(to, old, next.agentTypes.map((t) => t.id), new Set(edits.limits)) ?? fromSnapshot(to, old, counts, edits.limits);
    for (const [id, n] of edits.counts) world.setCount(id, n);
    if (edits.obstacles) world.setObstacles(edits.obstacles);
    for (const t of edits.targets) world.setTarget(t.name, t.x, t.y);
    return world;
  }

  function message(e: unknown): string {
    return e instanceof Error ? e.message : String(e);
  }

  function swapOne(entry: Entry, next: HotModule): ReloadOutcome {
    // the scene this world last took (a world that kept its behaviour through a failed swap has the older one)
    let reason = freshReason(entry.scene, next.scene);
    if (reason === null) {
      try {
        entry.world = resume(next, entry.world, entry.scene, next.scene);
        entry.scene = next.scene;
        return { kind: 'resumed' };
      } catch (e) {
        reason = `the running world could not be resumed (${message(e)})`;
      }
    }
    try {
      const { snapshot: _, ...options } = entry.options;
      entry.world = next.createWorld(options);
      entry.scene = next.scene;
      return { kind: 'fresh', reason };
    } catch (e) {
      return { kind: 'kept', reason: `${reason}, and the new behaviour could not start (${message(e)}): the old one runs on` };
    }
  }

  function swap(next: HotModule): ReloadOutcome[] {
    const outcomes: ReloadOutcome[] = [];
    const reloaded: { entry: Entry; outcome: ReloadOutcome }[] = [];
    for (const ref of live) {
      const entry = ref.deref();
      if (!entry) {
        live.delete(ref);
        continue;
      }
      const outcome = swapOne(entry, next);
      if (outcome.kind !== 'kept') entry.reloads++;
      outcomes.push(outcome);
      reloaded.push({ entry, outcome });
    }
    mod = next;
    reloads++;
    for (const { entry, outcome } of reloaded) {
      for (const listener of entry.listeners.slice()) {
        try {
          listener({ ...outcome, reloads: entry.reloads, file });
        } catch (e) {
          console.error(e);
        }
      }
    }
    const g = globalThis as { dispatchEvent?: (e: unknown) => void; CustomEvent?: new (type: string, init: unknown) => unknown };
    if (typeof g.dispatchEvent === 'function' && typeof g.CustomEvent === 'function') {
      g.dispatchEvent(new g.CustomEvent('steergraph:reload', { detail: { file, reloads, outcomes } }));
    }
    for (const o of outcomes) {
      if (o.kind === 'resumed') console.info(`[steergraph] ${file}: new behaviour swapped in, the world carries on`);
      else if (o.kind === 'fresh') console.info(`[steergraph] ${file}: new behaviour, the world starts afresh: ${o.reason}`);
      else console.error(`[steergraph] ${file}: ${o.reason}`);
    }
    return outcomes;
  }

  function createWorld(options: Record<string, unknown> = {}): HotWorldLike {
    const entry: Entry = { world: mod.createWorld(options), scene: mod.scene, options, listeners: [], reloads: 0 };
    live.add(new WeakRef(entry));
    const forwarders = new Map<string | symbol, (...args: unknown[]) => unknown>();
    const extras: Record<string, unknown> = {
      onReload(listener: (e: unknown) => void): () => void {
        if (typeof listener !== 'function') throw new Error('onReload: expected a function');
        entry.listeners.push(listener);
        return () => {
          const k = entry.listeners.indexOf(listener);
          if (k >= 0) entry.listeners.splice(k, 1);
        };
      },
    };
    function read(key: string | symbol): unknown {
      if (key === 'reloads') return entry.reloads;
      if (typeof key === 'string' && Object.hasOwn(extras, key)) return extras[key];
      const value = (entry.world as Record<string | symbol, unknown>)[key];
      if (typeof value !== 'function') return value;
      // one forwarder per method, to whichever world runs now: `const { step } = world` survives a reload
      let f = forwarders.get(key);
      if (!f) {
        f = (...args: unknown[]) => (entry.world[key] as (...a: unknown[]) => unknown)(...args);
        forwarders.set(key, f);
      }
      return f;
    }
    return new Proxy({} as HotWorldLike, {
      get: (_, key) => read(key),
      has: (_, key) => key === 'reloads' || (typeof key === 'string' && Object.hasOwn(extras, key)) || key in entry.world,
      set: (_, key, value) => Reflect.set(entry.world, key, value),
      ownKeys: () => [...Reflect.ownKeys(entry.world), ...Object.keys(extras)],
      getOwnPropertyDescriptor: (_, key) => (key === 'reloads' || (typeof key === 'string' && Object.hasOwn(extras, key)) || Object.hasOwn(entry.world, key) ? { value: read(key), writable: true, enumerable: true, configurable: true } : undefined),
    });
  }

  return {
    createWorld,
    swap,
    get reloads() {
      return reloads;
    },
  };
}
