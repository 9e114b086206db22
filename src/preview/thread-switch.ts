/**
 * Which thread the preview's simulation runs on, and the hand-over between them: the page's
 * simulation (simulation-host.ts) or the worker's client (worker-client.ts), chosen by the
 * `threading` setting, the scene's size and the measured tick cost (modes.ts). Loads come one
 * after another (a superseded one is skipped); a load on the other thread carries the running
 * world over, not a tick lost. A plain object: the element gives it a {@link ThreadsHost}.
 */
import type { ReactiveControllerHost } from 'lit';
import type { SceneDocument } from '../document/types';
import type { Followed } from './inspect';
import { TickCostRule, threadFor, totalAgents, type Threading } from './modes';
import { importModuleText } from './module-import';
import type { SceneShape } from './reconcile';
import { LocalSimulation, type SimulationHost } from './simulation-host';
import { WorkerClient } from './worker-client';
import { errorMessage, type HostOutcome } from './world-host';

/** What the threads need of the preview. */
export interface ThreadsHost {
  /** The element the worker's client lives on (it ends with it). */
  element: ReactiveControllerHost;
  threading(): Threading;
  /** The module text the preview runs now (what a thread change loads again); '' for none. */
  source(): string;
  /** The scene the app gave, if any. */
  scene(): SceneDocument | undefined;
  /** What a simulation is told when it becomes the current one. */
  shown(): { speed: number; forces: boolean; playing: boolean; followed: Followed | null };
  /** Runs `n` ticks of the page's world now (the loop's step). */
  step(n: number): void;
  /** The page's world stopped on an error (the preview pauses). */
  stopped(message: string): void;
  /** A worker's frame came (`current`: of the current simulation; `fresh`: a new world's first). */
  frame(current: boolean, fresh: boolean): void;
  /** A message for the user (a `preview-error`); `stopped`: the world stopped with it. */
  error(message: string, stopped?: boolean): void;
  /** Another simulation became the current one. */
  switched(): void;
  /** A load's outcome (not a stale one). */
  outcome(outcome: HostOutcome): void;
}

/** See the file comment. */
export class ThreadSwitch {
  /** The simulation on the page (it runs there, or waits to). */
  readonly page: LocalSimulation;
  /** The simulation worker's client, in worker mode (and while moving to it). */
  private client: WorkerClient | null = null;
  private current: SimulationHost;
  /** Whether the ticks measured cost too much for the page: with `auto`, the worker runs them. */
  private readonly cost = new TickCostRule();
  private handing = false;
  private workerFailed = false;
  private loadGeneration = 0;
  private loading: Promise<void> = Promise.resolve();

  constructor(private readonly host: ThreadsHost) {
    this.page = new LocalSimulation(importModuleText, (n) => host.step(n), {
      measured: (ms, n) => this.measured(ms, n),
      stopped: (message) => host.stopped(message),
    });
    this.current = this.page;
  }

  /** The simulation the preview talks to: the page's or the worker's client. */
  get sim(): SimulationHost {
    return this.current;
  }

  /** True while the world is on its way to the other thread: the one it leaves must not tick meanwhile. */
  get handingOver(): boolean {
    return this.handing;
  }

  /** A new world runs: the tick cost is measured afresh. */
  restartCost(): void {
    this.cost.restart();
  }

  /** Loads module text after the loads before it; a source superseded while it waited is skipped. */
  load(source: string): void {
    const generation = ++this.loadGeneration;
    this.loading = this.loading
      .then(() => (generation === this.loadGeneration ? this.loadSource(source) : undefined))
      .catch((e: unknown) => this.host.error(`The compiled scene did not load: ${errorMessage(e)}`));
  }

  /** The thread for a scene. */
  private threadWanted(scene: SceneShape | null | undefined): 'main' | 'worker' {
    return threadFor(this.host.threading(), totalAgents(scene), !this.workerFailed && typeof Worker === 'function', this.cost.heavy);
  }

  /**
   * Ticks measured on the page or in the worker: when the cost rule changes its mind (and the
   * thread is `auto`), the module loads again on the other thread, the world carried along.
   */
  private measured(ms: number, ticks: number): void {
    const source = this.host.source();
    if (!this.cost.report(ms, ticks) || this.host.threading() !== 'auto' || !source) return;
    if (this.threadWanted(this.host.scene() ?? this.current.scene) !== this.current.thread) this.load(source);
  }

  private async loadSource(source: string): Promise<void> {
    const scene = this.host.scene();
    const next = this.hostFor(this.threadWanted(scene ?? this.current.scene));
    let outcome: HostOutcome;
    if (next === this.current) {
      outcome = await next.load(source, this.host.scene() ?? null);
    } else {
      // to the other thread: the world goes along and resumes there, not a tick lost (the thread
      // it leaves stops ticking it; the new one takes over once it has the world)
      this.handing = true;
      try {
        const carry = await this.current.carry();
        if (carry) {
          const back = await next.restore(carry);
          if (back.kind === 'error') this.host.error(back.message);
        }
        if (next.world) this.switchTo(next);
        outcome = await next.load(source, this.host.scene() ?? null);
      } finally {
        this.handing = false;
      }
      // the worker failed meanwhile
      if (next !== this.page && next !== this.client) return;
      if (next.world) this.switchTo(next);
    }
    if (outcome.kind === 'stale') return;
    this.host.outcome(outcome);
    // a module without a scene: its own scene may want the other thread
    if (!this.host.scene() && outcome.kind !== 'error' && this.threadWanted(this.current.scene) !== this.current.thread && !this.workerFailed) this.load(source);
  }

  /** The simulation for a thread: the page's, or the worker's client (started on first use; the page's where workers cannot start). */
  private hostFor(thread: 'main' | 'worker'): SimulationHost {
    if (thread === 'main') return this.page;
    if (this.client) return this.client;
    try {
      const client: WorkerClient = new WorkerClient(this.host.element, () => new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module' }), {
        frame: (_world, fresh) => this.host.frame(client === this.current, fresh),
        measured: (ms, ticks) => {
          if (client === this.current) this.measured(ms, ticks);
        },
        error: (message, stopped) => this.host.error(message, stopped),
        failed: (message) => {
          // back to the main thread for good, from the current module (the worker's world is lost)
          this.workerFailed = true;
          this.host.error(`${message}; the simulation runs on the page instead`);
          if (this.current === client) this.switchTo(this.page);
          else this.dropClient();
          const source = this.host.source();
          if (source) this.load(source);
        },
      });
      this.configure(client);
      this.client = client;
      return client;
    } catch (e) {
      this.workerFailed = true;
      this.host.error(`The simulation stays on the page: a worker could not start (${errorMessage(e)})`);
      return this.page;
    }
  }

  /** Tells a simulation what the preview shows: speed, force overlay, playing, the followed agent. */
  private configure(sim: SimulationHost): void {
    const shown = this.host.shown();
    sim.setSpeed(shown.speed);
    sim.setForces(shown.forces);
    sim.setPlaying(shown.playing);
    sim.follow(shown.followed);
  }

  /** Makes `next` the simulation the preview talks to; the last one lets go of its world. */
  private switchTo(next: SimulationHost): void {
    const from = this.current;
    if (from === next) return;
    this.current = next;
    this.handing = false;
    this.configure(next);
    if (from === this.client) this.dropClient();
    else from.dispose();
    this.host.switched();
  }

  private dropClient(): void {
    this.client?.dispose();
    this.client = null;
  }
}
