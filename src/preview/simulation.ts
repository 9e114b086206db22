/**
 * The preview's simulation, whichever thread runs it: the world (a WorldHost: loads, module swaps
 * that resume from a snapshot, resets), the recording of the run (replay.ts) with seeking in it,
 * live input through that recording, the steering forces of each tick for the force overlay, and
 * the agent the inspector follows with its probe reading. The page (simulation-host.ts,
 * LocalSimulation) and the worker (worker-simulation.ts) run this same object; they add only what
 * differs: the page's animation loop, the worker's clock and message codec. It never sees wall
 * time: callers decide how many ticks to run. Free of DOM and Lit.
 */
import type { ProbeReading } from '../../runtime/api';
import { readingNow } from './probe-now';
import { Recorder, give, type ReplayInput } from './replay';
import type { Carry, RecordedRange } from './sim-protocol';
import { WorldHost, errorMessage, type HostOutcome, type ModuleImporter } from './world-host';

/** An agent to follow: its type id and index. */
export interface FollowTarget {
  type: string;
  index: number;
}

/** How a seek went: `none` when there is nothing recorded (or no module), else the world was replaced. */
export type SeekOutcome = { kind: 'none' } | { kind: 'sought' } | { kind: 'error'; message: string };

/** See the file comment. */
export class Simulation {
  readonly host: WorldHost;
  /** The recording of the run: the timeline scrubs it. */
  readonly replay = new Recorder();
  /** The capped steering forces of the last tick run, by type id, while {@link forcesOn}. */
  readonly forces = new Map<string, Float64Array>();
  private forcesOn = false;
  private followed: FollowTarget | null = null;
  /** The world {@link followed} was last told to (a new world must be told again). */
  private followedIn: unknown = null;

  constructor(importer: ModuleImporter, options: { direct?: boolean } = {}) {
    this.host = new WorldHost(importer, options);
  }

  /** Whether each tick's forces are kept (the force overlay); off forgets them. */
  setForces(on: boolean): void {
    this.forcesOn = on;
    if (!on) this.forces.clear();
  }

  get forcesKept(): boolean {
    return this.forcesOn;
  }

  /** Loads module text, resuming `carry` first when given (a world coming from the other thread). */
  async load(source: string, scene: Parameters<WorldHost['load']>[1], carry: Carry | null = null): Promise<{ outcome: HostOutcome; carried: HostOutcome | null }> {
    let carried: HostOutcome | null = null;
    if (carry) carried = await this.host.restore(carry);
    const outcome = await this.host.load(source, scene);
    return { outcome, carried };
  }

  /**
   * After a load or a reset: a new world starts a recording (so does the first world here, one
   * carried from the other thread); a swapped-in module carries the recording on.
   */
  recordOutcome(outcome: HostOutcome): void {
    const { world, module } = this.host;
    if (outcome.kind === 'error' || outcome.kind === 'stale' || !world || !module) return;
    if (outcome.kind === 'fresh' || !this.replay.recording) this.replay.begin(world, module);
    else this.replay.adopt(world, module);
  }

  /** Starts the recording afresh at the current tick (nothing to record: forgets it). */
  restartRecording(): void {
    const { world, module } = this.host;
    if (world && module) this.replay.begin(world, module);
    else this.replay.clear();
  }

  /** Lets go of the world, its module and its recording (the other thread runs them now). */
  clear(): void {
    this.host.clear();
    this.replay.clear();
    this.forces.clear();
  }

  /** Gives the world live input, through the recording, which logs it. Throws what the world throws. */
  input(input: ReplayInput): void {
    const world = this.host.world;
    if (world) this.replay.input(world.tick, input, this.host);
    else give(input, this.host);
  }

  /** Puts the recorded run's state at `tick` in place, bit for bit (replay.ts). */
  seek(tick: number): SeekOutcome {
    const module = this.host.module;
    if (!module || !this.replay.recording) return { kind: 'none' };
    let world: ReturnType<Recorder['seek']>;
    try {
      world = this.replay.seek(tick, module);
    } catch (e) {
      return { kind: 'error', message: `The recording could not be replayed: ${errorMessage(e)}` };
    }
    if (!world) return { kind: 'none' };
    this.host.replaceWorld(world);
    this.forces.clear();
    return { kind: 'sought' };
  }

  /** The recorded range, or null while nothing is recorded. */
  get recording(): RecordedRange | null {
    const r = this.replay;
    return r.recording ? { start: r.start, end: r.end, inputEnd: r.inputEnd, interval: r.interval } : null;
  }

  /** True when the world stands in the recorded past (a recorded future lies ahead). */
  get ahead(): boolean {
    const world = this.host.world;
    return !!world && this.replay.hasFuture(world.tick);
  }

  /**
   * Runs `n` ticks: with a recording, each fed its logged input first and keyframed after; with
   * the force overlay, each tick's forces kept. The message of what the world threw, else null.
   */
  advance(n: number): string | null {
    const world = this.host.world;
    if (!world) return null;
    if (world !== this.followedIn) this.applyFollow();
    try {
      const module = this.host.module;
      const rec = this.replay.recording && module ? this.replay : null;
      if (this.forcesOn || rec) {
        // forces of the tick about to run, kept for the force overlay (computeForces then step = step alone)
        for (let k = 0; k < n; k++) {
          rec?.beforeStep(world, module!, this.host);
          if (this.forcesOn) for (const id of world.types) this.forces.set(id, world.computeForces(id));
          world.step(1);
          rec?.afterStep(world, module!);
        }
      } else {
        world.step(n);
      }
    } catch (e) {
      return `The simulation stopped: ${errorMessage(e)}`;
    }
    return null;
  }

  /** Follows an agent (null: none): from the next tick on, {@link probe} reads its node outputs. */
  follow(target: FollowTarget | null): void {
    this.followed = target ? { type: target.type, index: target.index } : null;
    this.applyFollow();
  }

  /** The followed agent's node outputs now; null when none is followed (or it is gone). */
  probe(): ProbeReading | null {
    const f = this.followed;
    const world = this.host.world as unknown as { probe?(type: string): ProbeReading | null; types: readonly string[] } | null;
    if (!f || !world?.probe || !world.types.includes(f.type)) return null;
    if (world !== this.followedIn) this.applyFollow();
    try {
      return readingNow(this.host.world!, this.host.module, f.type, f.index, world.probe(f.type));
    } catch {
      return null;
    }
  }

  /** Tells the world whom to follow (once per world: a new module, a reset or a seek gives a new one). */
  private applyFollow(): void {
    const world = this.host.world as unknown as { follow?(type: string, index: number): void; types: readonly string[] } | null;
    this.followedIn = world;
    if (!world?.follow) return;
    try {
      for (const t of world.types) world.follow(t, t === this.followed?.type ? this.followed.index : -1);
    } catch {
      // an agent index past the count: nothing to follow until it is back
    }
  }
}
