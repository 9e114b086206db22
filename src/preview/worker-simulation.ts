/**
 * The simulation as the preview's worker runs it (sim-worker.ts wires it to the worker's global
 * scope; tests drive it with a fake clock). The simulation itself (world, recording, forces,
 * follow and probe, seek, live input) is simulation.ts's, the page's too; this adds the worker's
 * clock, stepping fixed ticks 60 per second × speed, and its message codec: after each turn of
 * the clock it sends the page a frame whose agent data travels in a transferred buffer from a
 * small pool (see sim-protocol.ts). The simulation never sees wall time:
 * the clock only decides how many ticks to run, so the trajectories are those of the page's own
 * loop and of the exported module, bit for bit. Free of DOM and Lit.
 */
import type { BehaviorWorld } from '../../runtime/api';
import { frameBytes, frameFloatBytes, type FrameMessage, type FromWorker, type ToWorker } from './sim-protocol';
import { Simulation } from './simulation';
import { FixedTicker, TICKS_PER_SECOND, clampSpeed } from './ticker';
import { errorMessage, type HostOutcome, type ModuleImporter, type WorldHost } from './world-host';

/** What the worker's scope gives the simulation: messages out, a clock and timers. */
export interface WorkerEnv {
  post(message: FromWorker, transfer: Transferable[]): void;
  /** Milliseconds on the worker's clock. */
  now(): number;
  /** Where that clock's 0 is on the shared one (`performance.timeOrigin`): the page's frame times come on it. */
  readonly origin: number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Ends the worker (after a `close`). */
  close(): void;
}

/** The clock turns at most this often (ms): once per display frame, whatever the speed. */
export const TURN_MS = 1000 / TICKS_PER_SECOND;
/**
 * How long before one of the page's frames a turn's frame should be ready there (ms), beyond the
 * turn's own work: the page's frames then find one new state each, instead of none, then two.
 */
export const LEAD_MS = 7;
/**
 * The most ticks the clock owes at once (a quarter of a second at 1×): a stall shorter than that
 * (the worker's thread preempted on a busy machine, a long garbage collection) is caught up, in
 * slices that let the page's messages through; time beyond it is dropped, not owed, so a
 * simulation slower than real time slows down instead of spiralling.
 */
export const MAX_TICKS_BEHIND = 15;
/**
 * A turn that has run ticks for this long (ms) yields before the next one, so the page's messages
 * (an edit's new module above all) wait for at most about one tick, not for a turn of catching up.
 */
export const SLICE_MS = 8;
/** Frame buffers lent to the page at once; with none free the next frame waits for one to return. */
export const FRAME_BUFFERS = 3;
/** How often the tick timing is summed up, ms. */
const STATS_MS = 500;

/** See the file comment. */
export class WorkerSimulation {
  private readonly sim: Simulation;
  private readonly host: WorldHost;
  private readonly ticker = new FixedTicker(MAX_TICKS_BEHIND);
  private playing = false;
  private speed = 1;
  private timer: unknown = null;
  /** Ticks owed by the clock and not run yet (a turn yields between ticks after SLICE_MS). */
  private backlog = 0;
  /** Loads under way: the clock holds still meanwhile, so the new module is in as soon as it can be. */
  private loads = 0;
  private last = Number.NaN;
  private nextTurn = Number.NaN;
  /** A recent frame of the page, on this clock (NaN: none heard of); turns line up with the page's frames. */
  private vsync = Number.NaN;
  /** How long a turn's work takes, ms (a running average). */
  private turnCost = 0;
  private generation = 0;
  private lastWorld: BehaviorWorld | null = null;
  /** The indices of {@link lastWorld}'s types with more than one state (their states travel in frames). */
  private stateTypes: number[] = [];
  /** The types of the current world whose drawn headings frames carry (those with a heading smoother). */
  private headingTypes: number[] = [];
  private seq = 0;
  private readonly free: ArrayBuffer[] = [];
  private lent = 0;
  private framePending = false;
  private windowStart = Number.NaN;
  private windowTicks = 0;
  private windowTime = 0;
  private msPerTick = 0;
  private ticksPerSecond = 0;
  private closed = false;

  constructor(
    private readonly env: WorkerEnv,
    importer: ModuleImporter,
  ) {
    this.sim = new Simulation(importer);
    this.host = this.sim.host;
  }

  /** Handles one message from the page. */
  async handle(msg: ToWorker): Promise<void> {
    if (this.closed) return;
    try {
      switch (msg.type) {
        case 'load':
          return await this.load(msg.id, msg);
        case 'reset': {
          const outcome = this.host.reset(msg.seed);
          if (outcome.kind === 'fresh') this.restartClock();
          this.replyRecorded(outcome, () => this.reply(msg.id, { outcome, seed: this.host.seed }));
          return;
        }
        case 'play':
          return this.setPlaying(msg.playing);
        case 'speed':
          this.speed = clampSpeed(msg.speed);
          this.restartStats();
          return;
        case 'step':
          if (this.host.world) this.advance(msg.n);
          this.sendFrame(true);
          return;
        case 'forces':
          this.sim.setForces(msg.on);
          return;
        case 'follow':
          this.sim.follow(msg.target);
          return;
        case 'pointer':
          this.edit(msg.seq, () => this.sim.input({ kind: 'pointer', x: msg.x, y: msg.y }));
          return;
        case 'target':
          this.edit(msg.seq, () => this.sim.input({ kind: 'target', name: msg.name, x: msg.x, y: msg.y }));
          return;
        case 'obstacles':
          this.edit(msg.seq, () => this.sim.input({ kind: 'obstacles', obstacles: msg.obstacles }));
          return;
        case 'param':
          this.edit(msg.seq, () => this.sim.input({ kind: 'param', type: msg.typeId, name: msg.name, value: msg.value }));
          return;
        case 'seek':
          return this.seek(msg.tick);
        case 'record':
          if (this.host.world && this.host.module) this.sim.restartRecording();
          this.sendFrame(true);
          return;
        case 'count':
          this.edit(msg.seq, () => this.host.world?.setCount(msg.typeId, msg.n));
          return;
        case 'vsync':
          this.vsync = msg.at - this.env.origin;
          return;
        case 'buffer':
          this.lent = Math.max(0, this.lent - 1);
          if (this.free.length + this.lent < FRAME_BUFFERS) this.free.push(msg.buffer);
          if (this.framePending) this.sendFrame(false);
          return;
        case 'snapshot':
          this.reply(msg.id, { carry: this.host.carry() }, false);
          return;
        case 'close': {
          this.stopClock();
          const carry = this.host.carry();
          this.closed = true;
          this.reply(msg.id, { carry }, false);
          this.env.close();
          return;
        }
        default:
          return assertNever(msg);
      }
    } catch (e) {
      this.env.post({ type: 'error', message: errorMessage(e), stopped: false }, []);
    }
  }

  private async load(id: number, msg: Extract<ToWorker, { type: 'load' }>): Promise<void> {
    // the clock holds still meanwhile, so the new module is in as soon as it can be
    this.loads++;
    this.stopClock();
    try {
      const { outcome, carried } = await this.sim.load(msg.source, msg.scene ?? undefined, msg.carry);
      if (carried?.kind === 'error') this.env.post({ type: 'error', message: carried.message, stopped: false }, []);
      if (outcome.kind === 'fresh') this.restartClock();
      this.replyRecorded(outcome, () => this.reply(id, { outcome, seed: this.host.seed, scene: this.host.scene }));
    } finally {
      this.loads--;
      // the time the load took is owed, as after any slow turn
      if (this.playing && this.loads === 0 && this.timer === null) this.schedule(this.env.now());
    }
  }

  /**
   * Records a new world or module and sends the reply, in the order that shows the edit soonest:
   * playing, the reply first and the recording's keyframe right after, before any tick (the next
   * frame tells the page); stopped, the recording first, so that the reply's frame tells it. (The
   * keyframe of 20,000 agents took about 20 ms of each edit's time to the screen.)
   */
  private replyRecorded(outcome: HostOutcome, reply: () => void): void {
    if (this.playing) {
      reply();
      this.sim.recordOutcome(outcome);
    } else {
      this.sim.recordOutcome(outcome);
      reply();
    }
  }

  /** Stops the clock and puts the recorded run's state at `tick` in place, bit for bit (simulation.ts). */
  private seek(tick: number): void {
    if (!this.host.module || !this.sim.recording) return;
    this.setPlaying(false);
    const sought = this.sim.seek(tick);
    if (sought.kind === 'error') this.env.post({ type: 'error', message: sought.message, stopped: false }, []);
    if (sought.kind === 'sought') this.sendFrame(true);
  }

  /** Applies an edit of the page's; while stopped, the page gets the new state at once. */
  private edit(seq: number, apply: () => void): void {
    this.seq = Math.max(this.seq, seq);
    try {
      apply();
    } finally {
      if (!this.playing) this.sendFrame(false);
    }
  }

  private reply(id: number, body: Omit<Extract<FromWorker, { type: 'reply' }>, 'type' | 'id' | 'frame'>, withFrame = true): void {
    const frame = withFrame ? this.frame(true) : null;
    this.env.post({ type: 'reply', id, ...body, ...(frame ? { frame: frame.message } : {}) }, frame ? [frame.message.buffer] : []);
  }

  private setPlaying(playing: boolean): void {
    if (playing === this.playing) return;
    this.playing = playing;
    if (playing) {
      this.restartClock();
      if (this.loads === 0) this.schedule(this.env.now());
    } else {
      this.stopClock();
      this.ticksPerSecond = 0;
      this.sendFrame(true);
    }
  }

  /** Forgets owed time, so the next turn runs no catch-up ticks (a new world, or play after a pause). */
  private restartClock(): void {
    this.ticker.reset();
    this.backlog = 0;
    this.last = this.env.now();
    this.nextTurn = this.last;
    this.restartStats();
  }

  private restartStats(): void {
    this.windowStart = this.env.now();
    this.windowTicks = 0;
    this.windowTime = 0;
  }

  private stopClock(): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
  }

  /**
   * The next turn: one display frame after the last (so a timer's lateness does not add up; a
   * simulation slower than that goes on at once), lined up to end LEAD_MS before one of the page's
   * frames when the page tells when those are, and no sooner than a tick is owed.
   */
  private schedule(now: number): void {
    const untilTick = Math.max(0, this.ticker.msUntilNextTick(this.speed) - (now - this.last));
    let at: number;
    if (Number.isFinite(this.vsync)) {
      // the first frame slot after the last turn and after the next tick is owed
      const lead = this.turnCost + LEAD_MS;
      const earliest = Math.max(this.nextTurn + TURN_MS / 2, now + untilTick);
      const k = Math.ceil((earliest + lead - this.vsync) / TURN_MS);
      at = this.vsync + k * TURN_MS - lead;
    } else {
      at = Math.max(this.nextTurn + TURN_MS, now + untilTick);
    }
    if (at < now) at = now;
    this.nextTurn = at;
    this.timer = this.env.setTimer(this.turn, at - now);
  }

  private readonly turn = (): void => {
    this.timer = null;
    if (!this.playing || this.closed || this.loads > 0) return;
    const now = this.env.now();
    // the clock reads the time the turn was due when the timer came about then: a timer's jitter
    // must not turn a frame's one tick into none, then two
    const at = Math.abs(now - this.nextTurn) < TURN_MS / 2 ? this.nextTurn : now;
    this.backlog = Math.min(MAX_TICKS_BEHIND, this.backlog + this.ticker.advance(at - this.last, this.speed));
    this.last = at;
    let ran = 0;
    while (this.backlog > 0 && this.host.world) {
      this.advance(1);
      if (!this.playing) return;
      this.backlog--;
      ran++;
      if (this.env.now() - now >= SLICE_MS) break;
    }
    if (ran > 0) this.sendFrame(false);
    const end = this.env.now();
    if (ran > 0) this.turnCost += 0.2 * (Math.min(end - now, 4 * TURN_MS) - this.turnCost);
    if (end - this.windowStart >= STATS_MS) {
      if (this.windowTicks > 0) this.msPerTick = this.windowTime / this.windowTicks;
      this.ticksPerSecond = (this.windowTicks * 1000) / (end - this.windowStart);
      this.windowStart = end;
      this.windowTicks = 0;
      this.windowTime = 0;
    }
    // ticks still owed: yield to the page's messages, then carry on
    if (this.backlog > 0) this.timer = this.env.setTimer(this.turn, 0);
    else this.schedule(end);
  };

  /** Runs `n` ticks, timed; a simulation that throws stops the clock and tells the page. */
  private advance(n: number): void {
    if (!this.host.world) return;
    const t0 = this.env.now();
    const failed = this.sim.advance(n);
    if (failed !== null) {
      this.playing = false;
      this.stopClock();
      this.env.post({ type: 'error', message: failed, stopped: true }, []);
    }
    this.windowTime += this.env.now() - t0;
    this.windowTicks += n;
    if (this.windowTicks > 0) this.msPerTick = this.windowTime / this.windowTicks;
  }

  /** Sends a frame now, or when a buffer comes back (`force`: now, with a new buffer if need be). */
  private sendFrame(force: boolean): void {
    const frame = this.frame(force);
    if (frame) this.env.post(frame.message, [frame.message.buffer]);
  }

  private frame(force: boolean): { message: FrameMessage } | null {
    const world = this.host.world;
    if (!world) return null;
    if (world !== this.lastWorld) {
      this.lastWorld = world;
      this.generation++;
      this.stateTypes = statefulTypes(world);
      this.headingTypes = smoothedTypes(world);
    }
    const types = world.types.slice();
    const counts = types.map((id) => world.positions(id).length >> 1);
    const forces = this.sim.forcesKept;
    const stateTypes = this.stateTypes;
    const headingTypes = this.headingTypes;
    const floatBytes = frameFloatBytes(counts, forces, headingTypes);
    const bytes = frameBytes(counts, forces, stateTypes, headingTypes);
    const buffer = this.take(bytes, force);
    if (!buffer) {
      this.framePending = true;
      return null;
    }
    this.framePending = false;
    this.lent++;
    const out = new Float64Array(buffer, 0, floatBytes / 8);
    let o = 0;
    for (let k = 0; k < types.length; k++) {
      const n2 = 2 * counts[k];
      out.set(world.positions(types[k]), o);
      out.set(world.velocities(types[k]), o + n2);
      o += 2 * n2;
      if (forces) {
        const f = this.sim.forces.get(types[k]);
        if (f && f.length === n2) out.set(f, o);
        else out.fill(0, o, o + n2);
        o += n2;
      }
    }
    for (const k of headingTypes) {
      const n2 = 2 * counts[k];
      const d = world.drawnHeadings(types[k]);
      if (d.length === n2) out.set(d, o);
      else out.fill(0, o, o + n2);
      o += n2;
    }
    if (stateTypes.length) {
      const bytesOut = new Uint8Array(buffer, floatBytes);
      let b = 0;
      for (const k of stateTypes) {
        const st = world.states(types[k]);
        for (let i = 0; i < counts[k]; i++) bytesOut[b + i] = st[i];
        b += counts[k];
      }
    }
    const live = this.host.liveObstacles();
    const obstacles = Float64Array.from({ length: 5 * live.count }, (_, k) => live.data[k]);
    const scene = this.host.scene;
    const pointer: [number, number] = this.host.pointer ? [this.host.pointer[0], this.host.pointer[1]] : scene ? [scene.world.width / 2, scene.world.height / 2] : [0, 0];
    const params = paramValues(world);
    return {
      message: {
        type: 'frame',
        generation: this.generation,
        tick: world.tick,
        playing: this.playing,
        seq: this.seq,
        types,
        counts,
        forces,
        buffer,
        ...(stateTypes.length ? { stateTypes } : {}),
        ...(headingTypes.length ? { headingTypes } : {}),
        obstacles,
        pointer,
        targets: [...this.host.targets].map(([name, [x, y]]) => [name, x, y]),
        ...(params.length ? { params } : {}),
        msPerTick: this.msPerTick,
        ticksPerSecond: this.playing ? this.ticksPerSecond : 0,
        probe: this.sim.probe(),
        recording: this.sim.recording,
        ahead: this.sim.ahead,
      },
    };
  }

  /** A free buffer of at least `bytes`, or a new one while fewer than FRAME_BUFFERS are out (always, when `force`). */
  private take(bytes: number, force: boolean): ArrayBuffer | null {
    while (this.free.length) {
      const b = this.free.pop()!;
      if (b.byteLength >= bytes) return b;
    }
    if (this.lent < FRAME_BUFFERS || force) return new ArrayBuffer(Math.max(8, bytes));
    return null;
  }
}

/** Every type parameter's value as [type id, name, value] (none for a module of before parameters). */
function paramValues(world: BehaviorWorld): [string, string, number][] {
  const out: [string, string, number][] = [];
  if (typeof world.paramNames !== 'function') return out;
  for (const id of world.types) for (const name of world.paramNames(id)) out.push([id, name, world.param(id, name)]);
  return out;
}

/** The indices of a world's types with more than one state (none for a module of before states). */
function statefulTypes(world: BehaviorWorld): number[] {
  const out: number[] = [];
  if (typeof world.stateNames !== 'function') return out;
  world.types.forEach((id, k) => {
    if (world.stateNames(id).length > 1) out.push(k);
  });
  return out;
}

/** The types whose drawn headings are not their headings (a heading smoother): frames carry those. */
function smoothedTypes(world: BehaviorWorld): number[] {
  const out: number[] = [];
  if (typeof world.drawnHeadings !== 'function') return out;
  world.types.forEach((id, k) => {
    if (world.drawnHeadings(id) !== world.headings(id)) out.push(k);
  });
  return out;
}

function assertNever(x: never): never {
  throw new Error(`unknown message ${JSON.stringify(x)}`);
}
