/**
 * The one interface the preview element talks to, whichever thread runs its simulation
 * ({@link SimulationHost}), and its page implementation ({@link LocalSimulation}: the
 * simulation.ts object ticked by the element's animation loop). The worker's implementation is
 * its client (worker-client.ts), which forwards the same calls to the same simulation object in
 * the worker (worker-simulation.ts). Free of DOM and Lit.
 */
import type { ProbeReading } from '../../runtime/api';
import type { PreviewWorld } from './frame-world';
import type { SceneShape } from './reconcile';
import type { ReplayInput } from './replay';
import type { Carry, RecordedRange } from './sim-protocol';
import { Simulation, type FollowTarget, type SeekOutcome } from './simulation';
import type { HostOutcome, ModuleImporter } from './world-host';

/** Tick timing as reported: wall ms per tick and ticks per second. */
export interface TickTiming {
  msPerTick: number;
  ticksPerSecond: number;
}

/** The simulation as the preview element sees it, on the page or in the worker. */
export interface SimulationHost {
  /** Where the simulation runs. */
  readonly thread: 'main' | 'worker';
  /** The live world (in the worker's case its state as of the last frame), or null before one ran. */
  readonly world: PreviewWorld | null;
  /** The scene the world was last synced to (the module's embedded scene). */
  readonly scene: SceneShape | null;
  /** The seed the world runs (the one chosen with `reset(seed)`, else the scene's). */
  readonly seed: number | null;
  /** The pointer as last set (world px), or null: never set. */
  readonly pointer: readonly [number, number] | null;
  /** Named target positions. */
  readonly targets: ReadonlyMap<string, readonly [number, number]>;
  /** The capped steering forces of the last tick, by type id (the force overlay; empty while it is off). */
  readonly forces: ReadonlyMap<string, Float64Array>;
  /** The recorded range, or null while nothing is recorded. */
  readonly recording: RecordedRange | null;
  /** True when the world stands in the recorded past (a recorded future lies ahead). */
  readonly ahead: boolean;
  /** The obstacles where they are now: x, y, r, vx, vy per circle. */
  liveObstacles(): { data: ArrayLike<number>; count: number };

  /** Loads module text (after {@link restore}, resuming that world first); a new module swaps in without resetting the world. */
  load(source: string, scene: SceneShape | null): Promise<HostOutcome>;
  /** A fresh world from the current module; with `seed`, that seed from now on (at once on the page, later from the worker). */
  reset(seed?: number): HostOutcome | Promise<HostOutcome>;
  /** The world's whole state, to resume on the other thread; null before a world ran. */
  carry(): Promise<Carry | null>;
  /** Takes a carried world to resume (the next {@link load} swaps its module in). */
  restore(carry: Carry): Promise<HostOutcome>;
  /** Lets go of the world (the other thread runs it now), and of anything started for it. */
  dispose(): void;

  setPlaying(playing: boolean): void;
  /** Ticks per second = 60 × speed. */
  setSpeed(speed: number): void;
  /** Whether each tick's forces are kept (the force overlay). */
  setForces(on: boolean): void;
  /** The agent the inspector follows (null: none). */
  follow(target: FollowTarget | null): void;
  /** The followed agent's node outputs now (from the worker: as of its last frame). */
  probe(): ProbeReading | null;
  /** Gives the world live input, which the recording logs. Throws what the world refuses. */
  input(input: ReplayInput): void;
  /** Runs `n` ticks now, the clock stopped (the worker's show with its next frame). */
  step(n: number): void;
  /** The recorded run's state at `tick`, the clock stopped (`pending`: it shows with the worker's next frame). */
  seek(tick: number): SeekOutcome | { kind: 'pending' };
  /** Starts the recording afresh at the current tick. */
  restartRecording(): void;

  /** The page's animation loop owes `n` ticks (the worker keeps its own clock and ignores this). */
  advance(n: number): void;
  /** The page's loop ran `ticks` ticks through {@link advance} in `ms`. */
  ticked(ms: number, ticks: number): void;
  /**
   * The page draws a frame while playing. True: the state moved with it (the page ticks it), so
   * it draws; false: the state comes in frames from elsewhere (told of this one now), which say
   * when there is something new.
   */
  animationFrame(): boolean;
  /** The timing to report, given the page loop's figures (which time the page's own ticks). */
  timing(loop: TickTiming, playing: boolean): TickTiming;
}

/** What the page's simulation tells the element. */
export interface LocalListener {
  /** Ticks measured on the page (for the cost rule, modes.ts). */
  measured(ms: number, ticks: number): void;
  /** The simulation threw while ticking and stopped. */
  stopped(message: string): void;
}

/** The simulation on the page: simulation.ts ticked by the element's loop (`runTicks` runs ticks through it, timed). */
export class LocalSimulation implements SimulationHost {
  readonly thread = 'main' as const;
  readonly sim: Simulation;

  constructor(
    importer: ModuleImporter,
    private readonly runTicks: (n: number) => void,
    private readonly listener: LocalListener,
  ) {
    this.sim = new Simulation(importer);
  }

  get world(): PreviewWorld | null {
    return this.sim.host.world;
  }
  get scene(): SceneShape | null {
    return this.sim.host.scene;
  }
  get seed(): number | null {
    return this.sim.host.seed;
  }
  get pointer(): readonly [number, number] | null {
    return this.sim.host.pointer;
  }
  get targets(): ReadonlyMap<string, readonly [number, number]> {
    return this.sim.host.targets;
  }
  get forces(): ReadonlyMap<string, Float64Array> {
    return this.sim.forces;
  }
  get recording(): RecordedRange | null {
    return this.sim.recording;
  }
  get ahead(): boolean {
    return this.sim.ahead;
  }
  liveObstacles(): { data: ArrayLike<number>; count: number } {
    return this.sim.host.liveObstacles();
  }

  async load(source: string, scene: SceneShape | null): Promise<HostOutcome> {
    const { outcome } = await this.sim.load(source, scene ?? undefined);
    this.recorded(outcome);
    return outcome;
  }

  reset(seed?: number): HostOutcome {
    const outcome = this.sim.host.reset(seed);
    this.recorded(outcome);
    return outcome;
  }

  carry(): Promise<Carry | null> {
    return Promise.resolve(this.sim.host.carry());
  }

  restore(carry: Carry): Promise<HostOutcome> {
    return this.sim.host.restore(carry);
  }

  dispose(): void {
    this.sim.clear();
  }

  setPlaying(): void {
    // the element's loop plays
  }

  setSpeed(): void {
    // the element's loop keeps the speed
  }

  setForces(on: boolean): void {
    this.sim.setForces(on);
  }

  follow(target: FollowTarget | null): void {
    this.sim.follow(target);
  }

  probe(): ProbeReading | null {
    return this.sim.probe();
  }

  input(input: ReplayInput): void {
    this.sim.input(input);
  }

  step(n: number): void {
    if (this.sim.host.world) this.runTicks(n);
  }

  seek(tick: number): SeekOutcome {
    return this.sim.seek(tick);
  }

  restartRecording(): void {
    this.sim.restartRecording();
  }

  advance(n: number): void {
    const failed = this.sim.advance(n);
    if (failed !== null) this.listener.stopped(failed);
  }

  ticked(ms: number, ticks: number): void {
    if (this.sim.host.world) this.listener.measured(ms, ticks);
  }

  animationFrame(): boolean {
    return true;
  }

  timing(loop: TickTiming, _playing: boolean): TickTiming {
    return loop;
  }

  /** Records a load's or reset's world (simulation.ts) and forgets the last world's forces. */
  private recorded(outcome: HostOutcome): void {
    this.sim.recordOutcome(outcome);
    if (outcome.kind === 'fresh' || outcome.kind === 'resumed') this.sim.forces.clear();
  }
}
