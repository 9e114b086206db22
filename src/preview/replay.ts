/**
 * The preview's recording of a run, pure (no DOM): keyframes (`world.snapshot()`, each kept as one
 * typed array: stored-snapshot.ts) every few ticks plus a log of the inputs the user gave by tick
 * (the Pointer, named targets and obstacles moved in the preview, type parameters set with the
 * Parameters panel's live sliders). The run is deterministic, so a
 * keyframe and the logged input reproduce any tick of the recorded range bit for bit:
 * {@link Recorder.seek} resumes the nearest keyframe at or before the tick and steps forward,
 * feeding the logged input as the run had it.
 *
 * Ticks and input: a keyframe of tick t is the state right after the step that reached t; input
 * logged at tick t was given while the world stood at t, so it acts on the step from t to t + 1.
 *
 * Graph edits: a keyframe remembers the module that ran from it. A module swap (a recompile that
 * keeps the world) at tick t adds a pinned keyframe at t and drops the states recorded beyond t
 * (they came from the old graph), but keeps the input log: playing on from t runs the new graph
 * with the same recorded input, and re-records the future. Live input given while a recorded
 * future exists cuts the future (states and input) at that tick.
 *
 * Memory: the interval between keyframes grows with the agent count ({@link keyframeInterval}),
 * and the keyframes are held to a byte budget and a count: past either, the keyframe whose removal
 * leaves the smallest gap goes (so the run thins evenly, and a seek never steps more than about two
 * gaps); pinned keyframes go only when nothing else can, from the oldest, moving the start of the
 * recording forward. The compiled modules the keyframes hold count too: each distinct module of
 * an earlier graph (every graph edit makes one) is charged {@link RecorderOptions.moduleBytes}
 * against the same budget (at most half of it goes to modules), and at most {@link RecorderOptions.maxModules} are held: past that the oldest spans go,
 * and with them the modules no recorded span uses any more (before this, ten minutes of editing
 * kept every edit's module alive, 99 MB of heap for 0.1 MB of undo history).
 */
import type { BehaviorWorld } from '../../runtime/api';
import type { Obstacle } from '../document/types';
import { loadSnapshot, storeSnapshot, storedBytes, type StoredSnapshot } from './stored-snapshot';
import type { BehaviorModule } from './world-host';

/** Where input goes: a world, or the host that drives one. */
export interface InputSink {
  setPointer(x: number, y: number): void;
  setTarget(name: string, x: number, y: number): void;
  setObstacles(obstacles: Obstacle[]): void;
  /** Sets a type parameter's value (`world.setParam`; throws what the world refuses). */
  setParam(typeId: string, name: string, value: number): void;
}

/** One input the user gave: the Pointer, a named target, all obstacles at once, or a type parameter's value (a live slider). */
export type ReplayInput =
  | { kind: 'pointer'; x: number; y: number }
  | { kind: 'target'; name: string; x: number; y: number }
  | { kind: 'obstacles'; obstacles: Obstacle[] }
  | { kind: 'param'; type: string; name: string; value: number };

/** The input of one tick; the last value of each thing counts (input replaces, it does not add up). */
interface TickInput {
  pointer?: [number, number];
  targets?: Map<string, [number, number]>;
  obstacles?: Obstacle[];
  /** Type parameters' values by type id, then name. */
  params?: Map<string, Map<string, number>>;
}

/** A recorded state, the module that ran on from it, and its estimated size. */
interface Keyframe {
  tick: number;
  /** The state (stored compactly: see stored-snapshot.ts). */
  state: StoredSnapshot;
  module: BehaviorModule;
  /** Taken at a module swap: the first state of the new graph, removed only from the front. */
  pinned: boolean;
  bytes: number;
}

/** Options of a {@link Recorder}. */
export interface RecorderOptions {
  /** Keyframes may hold about this many bytes in all (default 64 MiB). */
  budgetBytes?: number;
  /** At most this many keyframes (default 600). */
  maxKeyframes?: number;
  /** At most this many ticks with logged input (default 200,000, an hour of constant mouse movement). */
  maxInputTicks?: number;
  /**
   * What one compiled module is taken to hold, in bytes, against the budget (default 1 MiB: a
   * module's code, its embedded scene and its engine-compiled functions; measured at 0.27 MB for a
   * 200-node graph's, more for larger graphs).
   */
  moduleBytes?: number;
  /** At most this many distinct modules (default 32): the spans of older graphs go first. */
  maxModules?: number;
  /** Ticks between keyframes; default {@link keyframeInterval} of the agent count at `begin`. */
  interval?: number;
}

/**
 * Ticks between keyframes for a world of `agents` agents: 10 (a seek steps at most a few dozen
 * cheap ticks), and one more per 150 agents above 1,500, so that taking keyframes costs about
 * 1 MB per second of run at 60 ticks per second whatever the size (3,000 agents: every 20 ticks;
 * 20,000: every 134).
 */
export function keyframeInterval(agents: number): number {
  return Math.max(10, Math.ceil(agents / 150));
}

function agentsOf(world: BehaviorWorld): number {
  let n = 0;
  for (const id of world.types) n += world.positions(id).length >> 1;
  return n;
}

/** Gives one input to `sink`. */
export function give(input: ReplayInput, sink: InputSink): void {
  if (input.kind === 'pointer') sink.setPointer(input.x, input.y);
  else if (input.kind === 'target') sink.setTarget(input.name, input.x, input.y);
  else if (input.kind === 'obstacles') sink.setObstacles(input.obstacles);
  else sink.setParam(input.type, input.name, input.value);
}

function apply(input: TickInput, sink: InputSink): void {
  if (input.pointer) sink.setPointer(input.pointer[0], input.pointer[1]);
  if (input.targets) for (const [name, [x, y]] of input.targets) sink.setTarget(name, x, y);
  if (input.obstacles) sink.setObstacles(input.obstacles.map((o) => ({ ...o })));
  if (input.params) for (const [type, values] of input.params) for (const [name, v] of values) sink.setParam(type, name, v);
}

/** The recording of one run; see the file comment. */
export class Recorder {
  /** Ticks between keyframes. */
  interval = 10;
  private readonly budgetBytes: number;
  private readonly maxKeyframes: number;
  private readonly maxInputTicks: number;
  private readonly moduleBytes: number;
  private readonly maxModules: number;
  private readonly fixedInterval: number | undefined;
  /** The modules the keyframes hold, with how many keyframes hold each. */
  private readonly modules = new Map<BehaviorModule, number>();
  /** Keyframes by tick, ascending. */
  private frames: Keyframe[] = [];
  private bytes = 0;
  private readonly inputs = new Map<number, TickInput>();
  private lastInputTick = -1;
  private endTick = 0;
  /** The tick whose logged input the world has had (given live there), or −1. */
  private fedTick = -1;

  constructor(options: RecorderOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? 64 * 1024 * 1024;
    this.maxKeyframes = Math.max(2, options.maxKeyframes ?? 600);
    this.maxInputTicks = options.maxInputTicks ?? 200_000;
    this.moduleBytes = options.moduleBytes ?? 1024 * 1024;
    this.maxModules = Math.max(1, options.maxModules ?? 32);
    this.fixedInterval = options.interval;
  }

  /** True while there is a recording (after `begin`, until `clear`). */
  get recording(): boolean {
    return this.frames.length > 0;
  }

  /** The first recorded tick (0 without a recording). */
  get start(): number {
    return this.frames.length ? this.frames[0].tick : 0;
  }

  /** The last recorded tick: every tick from `start` to `end` can be sought. */
  get end(): number {
    return this.frames.length ? this.endTick : 0;
  }

  /** The ticks of the keyframes held (for tests and the timeline's marks). */
  get keyframeTicks(): number[] {
    return this.frames.map((f) => f.tick);
  }

  /** Bytes the keyframes hold, estimated by `storedBytes`. */
  get keyframeBytes(): number {
    return this.bytes;
  }

  /** How many distinct modules the recording holds. */
  get moduleCount(): number {
    return this.modules.size;
  }

  /** True when some keyframe holds `module` (a module no span uses is let go). */
  holds(module: BehaviorModule): boolean {
    return this.modules.has(module);
  }

  /**
   * What the recording is charged against its budget: keyframes, and the modules of earlier graphs
   * (the newest one runs the preview anyway).
   */
  get heldBytes(): number {
    return this.bytes + this.olderModuleBytes();
  }

  private olderModuleBytes(): number {
    return Math.max(0, this.modules.size - 1) * this.moduleBytes;
  }

  /** The last tick with logged input, or −1. */
  get inputEnd(): number {
    return this.lastInputTick;
  }

  /** True when the recording holds states or input beyond `tick`: playing from there replays. */
  hasFuture(tick: number): boolean {
    return this.recording && (this.endTick > tick || this.lastInputTick > tick);
  }

  /** Forgets everything. */
  clear(): void {
    this.frames = [];
    this.bytes = 0;
    this.modules.clear();
    this.inputs.clear();
    this.lastInputTick = -1;
    this.endTick = 0;
    this.fedTick = -1;
  }

  /** Starts a new recording at `world`'s tick (a fresh world, a reset, a world back from the worker). */
  begin(world: BehaviorWorld, module: BehaviorModule): void {
    this.clear();
    this.interval = this.fixedInterval ?? keyframeInterval(agentsOf(world));
    this.endTick = world.tick;
    this.push({ tick: world.tick, state: storeSnapshot(world.snapshot()), module, pinned: true, bytes: 0 });
  }

  /**
   * After a module swap that kept the world (or before the first step of a world carried into
   * another module by a seek): when `module` is not the one the recording ran at this tick, the
   * world's state becomes a pinned keyframe of `module` and the states beyond are dropped; the
   * input log stays. Starts a recording when there is none.
   */
  adopt(world: BehaviorWorld, module: BehaviorModule): void {
    if (!this.recording || world.tick < this.start) {
      this.begin(world, module);
      return;
    }
    const tick = world.tick;
    if (this.moduleAt(tick) === module) return;
    this.dropFramesAfter(tick - 1);
    this.endTick = tick;
    // input given live at this tick is in the world already, and so in the new keyframe
    if (this.fedTick === tick) this.inputs.delete(tick);
    this.push({ tick, state: storeSnapshot(world.snapshot()), module, pinned: true, bytes: 0 });
  }

  /**
   * Gives `sink` (the world, or its host) input the user gives live while the world stands at
   * `tick`, and logs it. Input the recording holds for `tick` itself is fed first (once), so the
   * world has all of this tick's input, the live one last. Input the sink refuses (it throws) is
   * not logged, so it cannot fail again on replay, and the recording stays as it was; taken, it
   * cuts a recorded future beyond `tick`: the user has taken over. Without a recording (or before
   * its start) the input is only given.
   */
  input(tick: number, input: ReplayInput, sink: InputSink): void {
    if (!this.recording || tick < this.start) {
      give(input, sink);
      return;
    }
    let at = this.inputs.get(tick);
    if (at && this.fedTick !== tick) apply(at, sink);
    this.fedTick = tick;
    give(input, sink);
    this.cut(tick);
    if (!at) this.inputs.set(tick, (at = {}));
    if (tick > this.lastInputTick) this.lastInputTick = tick;
    if (input.kind === 'pointer') at.pointer = [input.x, input.y];
    else if (input.kind === 'target') (at.targets ??= new Map()).set(input.name, [input.x, input.y]);
    else if (input.kind === 'obstacles') at.obstacles = input.obstacles.map((o) => ({ ...o }));
    else {
      const params = (at.params ??= new Map());
      let values = params.get(input.type);
      if (!values) params.set(input.type, (values = new Map()));
      values.set(input.name, input.value);
    }
    this.bound();
  }

  /** Cuts the recording's future: states beyond `tick` and input logged after it. */
  cut(tick: number): void {
    if (this.endTick > tick) {
      this.dropFramesAfter(tick);
      this.endTick = tick;
    }
    if (this.lastInputTick > tick) {
      for (const t of [...this.inputs.keys()]) if (t > tick) this.inputs.delete(t);
      this.lastInputTick = -1;
      for (const t of this.inputs.keys()) if (t > this.lastInputTick) this.lastInputTick = t;
    }
  }

  /**
   * Before the step from `world.tick`: feeds the input logged at this tick to `sink` (the world or
   * its host), and first {@link adopt}s `module` when the world runs another module than the
   * recording had here (a seek into the time before a graph edit).
   */
  beforeStep(world: BehaviorWorld, module: BehaviorModule, sink: InputSink): void {
    if (!this.recording) return;
    if (this.moduleAt(world.tick) !== module) this.adopt(world, module);
    const at = this.inputs.get(world.tick);
    if (at) apply(at, sink);
  }

  /** After a step: extends the recorded range and takes a keyframe every `interval` ticks. */
  afterStep(world: BehaviorWorld, module: BehaviorModule): void {
    if (!this.recording) return;
    const tick = world.tick;
    this.fedTick = -1;
    if (tick > this.endTick) this.endTick = tick;
    if (tick % this.interval !== 0) return;
    const last = this.frames[this.frames.length - 1];
    // replaying a recorded stretch with the same module gives the same state: keep the one held
    if (this.frameIndexAt(tick) >= 0) return;
    if (last.tick > tick) return;
    this.push({ tick, state: storeSnapshot(world.snapshot()), module, pinned: false, bytes: 0 });
  }

  /**
   * The world as the run had it at `tick` (clamped to the recorded range), a new object: the
   * nearest keyframe at or before it resumed in the module that ran it, stepped forward with the
   * logged input; then carried into `module` when that differs. Its input of `tick` itself is not
   * fed yet (the next `beforeStep` does). Null without a recording.
   */
  seek(tick: number, module: BehaviorModule): BehaviorWorld | null {
    if (!this.recording) return null;
    const target = Math.min(Math.max(Math.trunc(tick), this.start), this.endTick);
    let k = this.frames.length - 1;
    while (k > 0 && this.frames[k].tick > target) k--;
    const frame = this.frames[k];
    this.fedTick = -1;
    let world = frame.module.createWorld({ snapshot: loadSnapshot(frame.state) });
    while (world.tick < target) {
      const at = this.inputs.get(world.tick);
      if (at) apply(at, world);
      world.step(1);
    }
    if (frame.module !== module) world = module.createWorld({ snapshot: world.snapshot() });
    return world;
  }

  /** The module the recording ran from `tick` on (its keyframe's), or null. */
  moduleAt(tick: number): BehaviorModule | null {
    for (let k = this.frames.length - 1; k >= 0; k--) if (this.frames[k].tick <= tick) return this.frames[k].module;
    return null;
  }

  private frameIndexAt(tick: number): number {
    for (let k = this.frames.length - 1; k >= 0; k--) {
      if (this.frames[k].tick === tick) return k;
      if (this.frames[k].tick < tick) return -1;
    }
    return -1;
  }

  private dropFramesAfter(tick: number): void {
    while (this.frames.length > 1 && this.frames[this.frames.length - 1].tick > tick) this.release(this.frames.pop()!);
  }

  private push(frame: Keyframe): void {
    frame.bytes = storedBytes(frame.state);
    const k = this.frameIndexAt(frame.tick);
    if (k >= 0) {
      this.release(this.frames[k]);
      this.frames[k] = frame;
    } else {
      this.frames.push(frame);
      this.frames.sort((a, b) => a.tick - b.tick);
    }
    this.bytes += frame.bytes;
    this.modules.set(frame.module, (this.modules.get(frame.module) ?? 0) + 1);
    this.bound();
  }

  /** Accounts for a keyframe taken out of `frames`. */
  private release(frame: Keyframe): void {
    this.bytes -= frame.bytes;
    const held = (this.modules.get(frame.module) ?? 1) - 1;
    if (held > 0) this.modules.set(frame.module, held);
    else this.modules.delete(frame.module);
  }

  /** Holds the keyframes to the budget and count, and the input log to its tick count. */
  private bound(): void {
    // the oldest graphs' spans first: thinning keyframes frees no module
    while (this.frames.length > 1 && (this.modules.size > this.maxModules || this.olderModuleBytes() > this.budgetBytes / 2)) this.dropFirst();
    while (this.frames.length > 1 && (this.heldBytes > this.budgetBytes || this.frames.length > this.maxKeyframes)) {
      if (!this.thin()) this.dropFirst();
    }
    while (this.inputs.size > this.maxInputTicks && this.frames.length > 1) this.dropFirst();
  }

  /** Removes the unpinned keyframe (not the first or the last) whose gap would be smallest; false when none can go. */
  private thin(): boolean {
    let best = -1;
    let bestGap = Infinity;
    for (let k = 1; k < this.frames.length - 1; k++) {
      if (this.frames[k].pinned) continue;
      const gap = this.frames[k + 1].tick - this.frames[k - 1].tick;
      if (gap < bestGap) {
        bestGap = gap;
        best = k;
      }
    }
    if (best < 0) return false;
    this.release(this.frames[best]);
    this.frames.splice(best, 1);
    return true;
  }

  /** Drops the first keyframe and the input before the next one: the recording starts later. */
  private dropFirst(): void {
    this.release(this.frames.shift()!);
    const start = this.frames[0].tick;
    for (const t of [...this.inputs.keys()]) if (t < start) this.inputs.delete(t);
  }
}
