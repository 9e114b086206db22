/**
 * The page's side of the simulation worker, as a Lit ReactiveController and the preview's
 * {@link SimulationHost} in worker mode: it starts the worker, forwards the preview's commands, turns the worker's frames into a {@link FrameWorld}, and stops
 * what it starts: when the host disconnects it closes the worker, keeping the world's state, and
 * a reconnected host gets a new worker that resumes it. Edits the page makes (pointer, targets,
 * obstacles) show at once, before the worker has them: frames that predate an edit do not undo it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Obstacle } from '../document/types';
import { FrameWorld } from './frame-world';
import type { SceneShape } from './reconcile';
import { give, type ReplayInput } from './replay';
import type { Carry, FromWorker, FrameMessage, RecordedRange, ToWorker } from './sim-protocol';
import type { SimulationHost, TickTiming } from './simulation-host';
import type { FollowTarget } from './simulation';
import type { HostOutcome } from './world-host';
import type { ProbeReading } from '../../runtime/api';

/** What the client tells the preview. */
export interface WorkerClientListener {
  /** A frame arrived and `world` has its state (`fresh`: a new world, generation, replaced the last). */
  frame(world: FrameWorld, fresh: boolean): void;
  /** A message for the user; `stopped`: the simulation threw and the worker's clock stopped. */
  error(message: string, stopped: boolean): void;
  /** The worker itself failed (it did not start, or crashed) and is gone; its world is lost. */
  failed(message: string): void;
  /** `ticks` ticks ran in the worker in about `ms` (for the cost rule, modes.ts). */
  measured?(ms: number, ticks: number): void;
}

/** Starts a worker (the preview passes `new Worker(new URL(…), { type: 'module' })`). */
export type WorkerFactory = () => Worker;

type Reply = Extract<FromWorker, { type: 'reply' }>;

const NO_FORCES: ReadonlyMap<string, Float64Array> = new Map();

/** See the file comment. */
export class WorkerClient implements ReactiveController, SimulationHost {
  readonly thread = 'worker' as const;
  /** The worker's world as of its last frame, or null before one arrived. */
  world: FrameWorld | null = null;
  /** The scene of the module the worker runs. */
  scene: SceneShape | null = null;
  /** The seed the world runs (the scene's, or the one chosen with reset(seed)). */
  seed: number | null = null;
  /** The pointer as last set here, or null: never set. */
  pointer: [number, number] | null = null;
  /** Named targets: as last set here, else as the worker has them. */
  readonly targets = new Map<string, [number, number]>();
  /** The worker's tick timing, from its last frame. */
  msPerTick = 0;
  ticksPerSecond = 0;
  /** Whether the worker's clock ran at its last frame. */
  workerPlaying = false;
  /** The worker's recorded range as of its last frame (null: nothing recorded). */
  recording: RecordedRange | null = null;
  /** Whether the worker's world stood in the recorded past at its last frame. */
  ahead = false;
  private worker: Worker | null = null;
  private connected = false;
  private nextId = 1;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private seq = 0;
  private obstacleSeq = -1;
  private obstacleList: Float64Array | null = null;
  private targetSeq = -1;
  private pointerSeq = -1;
  private generation = -1;
  private playing = false;
  private speed = 1;
  private forcesOn = false;
  private source: string | null = null;
  private sourceScene: SceneShape | null = null;
  /** A world to resume in the next load (see restore). */
  private carried: Carry | null = null;
  private followed: FollowTarget | null = null;
  /** The worker's tick as of the last frame measured (−1: none since the last load or reset). */
  private costTick = -1;
  /** The followed agent's probe reading from the last frame. */
  private probeReading: ProbeReading | null = null;
  /** The state of the closed worker, for the next one (while the host is away). */
  private parked: Promise<Carry | null> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly factory: WorkerFactory,
    private readonly listener: WorkerClientListener,
  ) {
    // a client starts on a connected host (Lit tells a controller added then nothing more)
    this.connected = (host as Partial<Pick<Element, 'isConnected'>>).isConnected ?? true;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.connected) return;
    this.connected = true;
    // the state of the worker closed when the host left goes on in a new one
    const parked = this.parked;
    this.parked = null;
    if (parked && this.source) {
      const source = this.source;
      const scene = this.sourceScene;
      void parked.then((carry) => {
        if (this.connected && !this.worker && carry) void this.load(source, scene, carry);
      });
    }
  }

  hostDisconnected(): void {
    this.connected = false;
    if (this.worker) this.parked = this.close();
  }

  /** True while a worker runs. */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * Loads module text in the worker (starting it when needed); with `carry`, the worker first
   * resumes that world (the main thread's, when the preview moves it here), then swaps the new
   * module in as the page would.
   */
  async load(source: string, scene: SceneShape | null, carry: Carry | null = null): Promise<HostOutcome> {
    this.source = source;
    this.sourceScene = scene;
    carry ??= this.carried;
    this.carried = null;
    if (!this.worker) this.start();
    const reply = await this.request({ type: 'load', id: 0, source, scene, carry });
    if (reply.scene !== undefined) this.scene = reply.scene;
    if (reply.seed !== undefined) this.seed = reply.seed;
    return this.outcomeOf(reply);
  }

  /** Takes a world (the page's) for the worker to resume first, on the next load (where it tells if it could not). */
  restore(carry: Carry): Promise<HostOutcome> {
    this.carried = carry;
    return Promise.resolve({ kind: 'resumed' });
  }

  /** A fresh world from the current module; with `seed`, that seed from now on. */
  async reset(seed?: number): Promise<HostOutcome> {
    if (!this.worker) return { kind: 'error', message: 'Nothing to reset: no scene has loaded yet' };
    const reply = await this.request(seed === undefined ? { type: 'reset', id: 0 } : { type: 'reset', id: 0, seed });
    if (reply.seed !== undefined) this.seed = reply.seed;
    return this.outcomeOf(reply);
  }

  private outcomeOf(reply: Reply): HostOutcome {
    const outcome = reply.outcome ?? { kind: 'error', message: 'The simulation worker did not answer' };
    if (outcome.kind === 'fresh' || outcome.kind === 'resumed') this.costTick = -1;
    return outcome;
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.send({ type: 'play', playing });
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    this.send({ type: 'speed', speed });
  }

  /** The followed agent's probe reading from the last frame. */
  probe(): ProbeReading | null {
    return this.probeReading;
  }

  /** The agent the inspector follows (null: none). */
  follow(target: FollowTarget | null): void {
    this.followed = target ? { type: target.type, index: target.index } : null;
    this.send({ type: 'follow', target: this.followed });
  }

  /** The capped steering forces of the last frame, by type id (empty while the force overlay is off). */
  get forces(): ReadonlyMap<string, Float64Array> {
    return this.world?.forces ?? NO_FORCES;
  }

  /** Whether frames carry the steering forces (the force overlay). */
  setForces(on: boolean): void {
    if (on === this.forcesOn) return;
    this.forcesOn = on;
    this.send({ type: 'forces', on });
  }

  step(n: number): void {
    this.send({ type: 'step', n });
  }

  /** Stops the clock and shows the recorded run at `tick` (the worker answers with a frame). */
  seek(tick: number): { kind: 'pending' } {
    this.playing = false;
    this.send({ type: 'seek', tick });
    return { kind: 'pending' };
  }

  /** Starts the worker's recording afresh at its current tick. */
  restartRecording(): void {
    this.send({ type: 'record' });
  }

  /** Tells the worker the page is drawing a frame now, so it can have the next state ready for the next one. */
  vsync(): void {
    this.send({ type: 'vsync', at: performance.timeOrigin + performance.now() });
  }

  /** Gives the worker's world live input (its recording logs it there); it shows at once here. */
  input(input: ReplayInput): void {
    give(input, this);
  }

  advance(): void {
    // the worker ticks on its own clock
  }

  ticked(): void {
    // the worker's frames tell its tick timing
  }

  /** Tells the worker of the page's frame; the state comes with the worker's frames. */
  animationFrame(): boolean {
    this.vsync();
    return false;
  }

  timing(_loop: TickTiming, playing: boolean): TickTiming {
    return { msPerTick: this.msPerTick, ticksPerSecond: playing ? this.ticksPerSecond : 0 };
  }

  setPointer(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`setPointer: expected finite numbers, got ${x}, ${y}`);
    this.pointer = [x, y];
    this.pointerSeq = ++this.seq;
    this.send({ type: 'pointer', seq: this.seq, x, y });
  }

  setTarget(name: string, x: number, y: number): void {
    this.targets.set(name, [x, y]);
    this.targetSeq = ++this.seq;
    this.send({ type: 'target', seq: this.seq, name, x, y });
  }

  setObstacles(obstacles: Obstacle[]): void {
    const list = obstacles.map((o) => ({ x: o.x, y: o.y, r: o.r, vx: o.vx ?? 0, vy: o.vy ?? 0 }));
    this.obstacleList = Float64Array.from(list.flatMap((o) => [o.x, o.y, o.r, o.vx, o.vy]));
    this.obstacleSeq = ++this.seq;
    this.send({ type: 'obstacles', seq: this.seq, obstacles: list });
  }

  setParam(typeId: string, name: string, value: number): void {
    if (!Number.isFinite(value)) throw new Error(`setParam: expected a finite number, got ${value}`);
    this.send({ type: 'param', seq: ++this.seq, typeId, name, value });
  }

  setCount(typeId: string, n: number): void {
    this.send({ type: 'count', seq: ++this.seq, typeId, n });
  }

  /** The obstacles where they are now (as last set here, until the worker's frames show them). */
  liveObstacles(): { data: ArrayLike<number>; count: number } {
    const data = this.obstacleList ?? this.world?.obstacles ?? new Float64Array(0);
    return { data, count: Math.floor(data.length / 5) };
  }

  /** The worker's world state, to resume on another thread; null before a world ran. */
  async carry(): Promise<Carry | null> {
    if (!this.worker) return null;
    return (await this.request({ type: 'snapshot', id: 0 })).carry ?? null;
  }

  /** Closes the worker, resolving to its world's state (null when it had none, or did not answer). */
  close(): Promise<Carry | null> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(null);
    const answer = this.request({ type: 'close', id: 0 }).then(
      (r) => r.carry ?? null,
      () => null,
    );
    this.worker = null;
    return answer.finally(() => worker.terminate());
  }

  /** Ends the worker at once, its state lost, and detaches from the host (the preview went back to the main thread). */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.parked = null;
    for (const resolve of this.pending.values()) resolve({ type: 'reply', id: 0 });
    this.pending.clear();
    this.host.removeController(this);
  }

  private start(): void {
    const worker = this.factory();
    this.worker = worker;
    this.generation = -1;
    worker.addEventListener('message', (e: MessageEvent<FromWorker>) => this.receive(worker, e.data));
    worker.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      if (worker !== this.worker) return;
      // the simulation catches its own errors: one that gets here is the worker's end
      worker.terminate();
      this.worker = null;
      this.world = null;
      for (const resolve of this.pending.values()) resolve({ type: 'reply', id: 0 });
      this.pending.clear();
      this.listener.failed(`The simulation worker failed: ${e.message || 'it could not start'}`);
    });
    if (this.speed !== 1) worker.postMessage({ type: 'speed', speed: this.speed } satisfies ToWorker);
    if (this.forcesOn) worker.postMessage({ type: 'forces', on: true } satisfies ToWorker);
    if (this.playing) worker.postMessage({ type: 'play', playing: true } satisfies ToWorker);
    if (this.pointer) worker.postMessage({ type: 'pointer', seq: this.seq, x: this.pointer[0], y: this.pointer[1] } satisfies ToWorker);
    if (this.followed) worker.postMessage({ type: 'follow', target: this.followed } satisfies ToWorker);
  }

  private send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private request(msg: Extract<ToWorker, { id: number }>): Promise<Reply> {
    const worker = this.worker;
    if (!worker) return Promise.resolve({ type: 'reply', id: 0 });
    const id = this.nextId++;
    return new Promise<Reply>((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ ...msg, id });
    });
  }

  private receive(worker: Worker, msg: FromWorker): void {
    if (msg.type === 'reply') {
      if (msg.frame) this.takeFrame(worker, msg.frame);
      const resolve = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      resolve?.(msg);
      return;
    }
    if (worker !== this.worker || !this.connected) {
      if (msg.type === 'frame') worker.postMessage({ type: 'buffer', buffer: msg.buffer } satisfies ToWorker, [msg.buffer]);
      return;
    }
    if (msg.type === 'error') this.listener.error(msg.message, msg.stopped);
    else this.takeFrame(worker, msg);
  }

  private takeFrame(worker: Worker, frame: FrameMessage): void {
    const fresh = frame.generation !== this.generation || !this.world;
    if (fresh) {
      this.generation = frame.generation;
      this.world = new FrameWorld(frame.generation, this.scene, this);
    }
    const world = this.world!;
    world.apply(frame);
    world.seed = this.seed ?? 0;
    // the buffer goes straight back: the frame is copied out
    worker.postMessage({ type: 'buffer', buffer: frame.buffer } satisfies ToWorker, [frame.buffer]);
    if (frame.seq >= this.obstacleSeq) this.obstacleList = null;
    if (frame.seq >= this.targetSeq) {
      this.targets.clear();
      for (const [name, x, y] of frame.targets) this.targets.set(name, [x, y]);
    }
    if (frame.seq >= this.pointerSeq && this.pointer) this.pointer = [frame.pointer[0], frame.pointer[1]];
    this.msPerTick = frame.msPerTick;
    this.ticksPerSecond = frame.ticksPerSecond;
    this.probeReading = frame.probe ?? null;
    this.workerPlaying = frame.playing;
    this.recording = frame.recording ?? null;
    this.ahead = frame.ahead ?? false;
    const dt = this.costTick >= 0 ? frame.tick - this.costTick : 0;
    this.costTick = frame.tick;
    if (this.connected && worker === this.worker) {
      if (dt > 0 && this.msPerTick > 0) this.listener.measured?.(this.msPerTick * dt, dt);
      this.listener.frame(world, fresh);
    }
  }
}
