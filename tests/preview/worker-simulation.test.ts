import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import type { SceneDocument } from '../../src/document/types';
import { FrameWorld } from '../../src/preview/frame-world';
import type { Carry, FrameMessage, FromWorker, ToWorker } from '../../src/preview/sim-protocol';
import { FRAME_BUFFERS, LEAD_MS, MAX_TICKS_BEHIND, TURN_MS, WorkerSimulation, type WorkerEnv } from '../../src/preview/worker-simulation';
import type { BehaviorModule } from '../../src/preview/world-host';
import { edited, previewScene, sourceOf, timerScene } from './scene';
import { frameBytes } from '../../src/preview/sim-protocol';

const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const base = previewScene(40);
const sources = new Map<SceneDocument, string>();
function source(scene: SceneDocument): string {
  let s = sources.get(scene);
  if (!s) sources.set(scene, (s = sourceOf(scene)));
  return s;
}

/** The worker's scope on a fake clock: timers run when the test moves time on. */
class FakeScope implements WorkerEnv {
  time = 1000;
  readonly origin = 0;
  posted: FromWorker[] = [];
  closed = false;
  private timers: { at: number; cb: () => void; id: number }[] = [];
  private ids = 0;
  post(message: FromWorker): void {
    this.posted.push(message);
  }
  now(): number {
    return this.time;
  }
  setTimer(cb: () => void, ms: number): unknown {
    const id = ++this.ids;
    this.timers.push({ at: this.time + ms, cb, id });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  close(): void {
    this.closed = true;
  }
  get pending(): number {
    return this.timers.length;
  }
  /** Moves time on by `ms`, running the timers due on the way, each at its time. */
  run(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const t = this.timers[0];
      if (!t || t.at > end) break;
      this.timers.shift();
      this.time = Math.max(this.time, t.at);
      t.cb();
    }
    this.time = end;
  }
  frames(): FrameMessage[] {
    return this.posted.flatMap((m) => (m.type === 'frame' ? [m] : m.type === 'reply' && m.frame ? [m.frame] : []));
  }
  lastFrame(): FrameMessage {
    const f = this.frames().at(-1);
    if (!f) throw new Error('no frame yet');
    return f;
  }
  replies(): Extract<FromWorker, { type: 'reply' }>[] {
    return this.posted.filter((m): m is Extract<FromWorker, { type: 'reply' }> => m.type === 'reply');
  }
}

const NO_COMMANDS = { setPointer() {}, setTarget() {}, setObstacles() {}, setCount() {}, setParam() {}, step() {} };

/** A frame read the way the page reads it. */
function read(frame: FrameMessage): FrameWorld {
  const w = new FrameWorld(frame.generation, null, NO_COMMANDS);
  w.apply(frame);
  return w;
}

/** The scene's world as the module makes it, stepped `ticks` ticks: what every frame must match. */
async function reference(scene: SceneDocument, ticks: number): Promise<BehaviorWorld> {
  const mod = (await importText(source(scene))) as BehaviorModule;
  const world = mod.createWorld();
  world.step(ticks);
  return world;
}

async function started(scene = base): Promise<{ scope: FakeScope; sim: WorkerSimulation }> {
  const scope = new FakeScope();
  const sim = new WorkerSimulation(scope, importText);
  await sim.handle({ type: 'load', id: 1, source: source(scene), scene: null, carry: null });
  return { scope, sim };
}

/** Gives every buffer lent since frame `from` back, as the page does on each frame; returns the number of frames so far. */
async function giveBack(scope: FakeScope, sim: WorkerSimulation, from = 0): Promise<number> {
  const frames = scope.frames();
  for (const f of frames.slice(from)) await sim.handle({ type: 'buffer', buffer: f.buffer });
  return frames.length;
}

/** A page that gives each frame's buffer back at once: handles `msg`, then returns what was lent. */
async function send(scope: FakeScope, sim: WorkerSimulation, msg: ToWorker): Promise<void> {
  const from = scope.frames().length;
  await sim.handle(msg);
  await giveBack(scope, sim, from);
}

/** Runs the clock for `ms`, the page giving buffers back every few ms. */
async function play(scope: FakeScope, sim: WorkerSimulation, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 4) {
    const from = scope.frames().length;
    scope.run(Math.min(4, ms - t));
    await giveBack(scope, sim, from);
  }
}

describe('WorkerSimulation', () => {
  it('loads a module and answers with the outcome and a frame of its world at tick 0', async () => {
    const { scope } = await started();
    const [reply] = scope.replies();
    expect(reply.id).toBe(1);
    expect(reply.outcome).toEqual({ kind: 'fresh', reason: 'first world' });
    expect(reply.seed).toBe(7);
    const frame = read(reply.frame!);
    const world = await reference(base, 0);
    expect(frame.tick).toBe(0);
    expect(frame.types).toEqual(['boid', 'hunter']);
    expect(frame.positions('boid')).toEqual(world.positions('boid'));
    expect(frame.velocities('hunter')).toEqual(world.velocities('hunter'));
    expect(reply.frame!.playing).toBe(false);
  });

  it('runs 60 ticks per second on its own clock and sends a frame per turn, bit-identical to the module run directly', async () => {
    const { scope, sim } = await started();
    await send(scope, sim, { type: 'play', playing: true });
    await play(scope, sim, 1000);
    const last = scope.lastFrame();
    expect(Math.abs(last.tick - 60)).toBeLessThanOrEqual(1);
    // about one frame per tick at 1×
    expect(scope.frames().length).toBeGreaterThanOrEqual(55);
    const world = await reference(base, last.tick);
    expect(read(last).positions('boid')).toEqual(world.positions('boid'));
    expect(read(last).velocities('boid')).toEqual(world.velocities('boid'));
  });

  it('runs 60 × speed ticks per second', async () => {
    for (const [speed, expected] of [
      [2, 120],
      [0.25, 15],
      [4, 240],
    ]) {
      const { scope, sim } = await started();
      await send(scope, sim, { type: 'speed', speed });
      await send(scope, sim, { type: 'play', playing: true });
      await play(scope, sim, 1000);
      // within one turn's ticks
      expect(Math.abs(scope.lastFrame().tick - expected), `speed ${speed}`).toBeLessThanOrEqual(Math.max(1, speed));
    }
  });

  it('reports ms per tick and ticks per second as it runs', async () => {
    const { scope, sim } = await started();
    await send(scope, sim, { type: 'play', playing: true });
    await play(scope, sim, 1500);
    expect(scope.lastFrame().ticksPerSecond).toBeGreaterThan(55);
    expect(scope.lastFrame().ticksPerSecond).toBeLessThan(65);
  });

  it('drops the time it cannot keep up with instead of owing it', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'play', playing: true });
    scope.run(20);
    const t = scope.lastFrame().tick;
    // a stall of a second (the tab in the background, the thread preempted): the next turn catches up MAX_TICKS_BEHIND ticks and drops the rest
    scope.time += 1000;
    scope.run(1);
    expect(scope.lastFrame().tick).toBe(t + MAX_TICKS_BEHIND);
  });

  it('stops its clock on pause, sends the state it stopped at, and steps exactly', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'play', playing: true });
    scope.run(300);
    await giveBack(scope, sim);
    await sim.handle({ type: 'play', playing: false });
    const paused = scope.lastFrame();
    expect(paused.playing).toBe(false);
    expect(scope.pending).toBe(0);
    scope.run(1000);
    expect(scope.lastFrame().tick).toBe(paused.tick);
    await sim.handle({ type: 'step', n: 1 });
    await sim.handle({ type: 'step', n: 2 });
    expect(scope.lastFrame().tick).toBe(paused.tick + 3);
    const world = await reference(base, paused.tick + 3);
    expect(read(scope.lastFrame()).positions('boid')).toEqual(world.positions('boid'));
  });

  it('lends at most FRAME_BUFFERS buffers; a returned one is reused and carries the latest state', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'buffer', buffer: scope.lastFrame().buffer });
    const before = scope.frames().length;
    await sim.handle({ type: 'play', playing: true });
    // the page gives nothing back for a while
    scope.run(500);
    const lent = scope.frames().slice(before);
    expect(lent).toHaveLength(FRAME_BUFFERS);
    expect(new Set(lent.map((f) => f.buffer)).size).toBe(FRAME_BUFFERS);
    // one comes back: the frame that was waiting goes out at once in it, with the latest tick
    await sim.handle({ type: 'buffer', buffer: lent[0].buffer });
    const next = scope.lastFrame();
    expect(scope.frames()).toHaveLength(before + FRAME_BUFFERS + 1);
    expect(next.buffer).toBe(lent[0].buffer);
    expect(next.tick).toBeGreaterThan(lent[FRAME_BUFFERS - 1].tick);
  });

  it('swaps a recompiled module in without a reset: same tick, same agents, and the run goes on', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'play', playing: true });
    scope.run(200);
    await sim.handle({ type: 'play', playing: false });
    const before = scope.lastFrame();
    const next = edited(base, (s) => {
      s.agentTypes[0].color = '#00ff00';
      s.agentTypes[1].count = 8;
    });
    await sim.handle({ type: 'load', id: 2, source: source(next), scene: null, carry: null });
    const reply = scope.replies().at(-1)!;
    expect(reply.outcome).toEqual({ kind: 'resumed' });
    expect(reply.frame!.generation).toBe(before.generation + 1);
    expect(reply.frame!.tick).toBe(before.tick);
    const w = read(reply.frame!);
    expect(w.positions('boid')).toEqual(read(before).positions('boid'));
    expect(w.positions('hunter')).toHaveLength(16);
  });

  it('resets to tick 0, with a seed when asked', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'step', n: 10 });
    await sim.handle({ type: 'reset', id: 5, seed: 2024 });
    const reply = scope.replies().at(-1)!;
    expect(reply.outcome).toEqual({ kind: 'fresh', reason: 'reset' });
    expect(reply.seed).toBe(2024);
    expect(reply.frame!.tick).toBe(0);
  });

  it('closes with its world carried: a new worker resumes it and runs on bit-identically', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'pointer', seq: 1, x: 100, y: 100 });
    await sim.handle({ type: 'step', n: 25 });
    await sim.handle({ type: 'close', id: 9 });
    expect(scope.closed).toBe(true);
    const carry = scope.replies().at(-1)!.carry as Carry;
    expect(carry.snapshot.tick).toBe(25);
    expect(carry.pointer).toEqual([100, 100]);
    // nothing more from a closed worker
    await sim.handle({ type: 'step', n: 1 });
    expect(scope.posted.at(-1)).toBe(scope.replies().at(-1));

    const scope2 = new FakeScope();
    const sim2 = new WorkerSimulation(scope2, importText);
    await sim2.handle({ type: 'load', id: 1, source: carry.source, scene: null, carry });
    expect(scope2.replies()[0].outcome).toEqual({ kind: 'resumed' });
    await sim2.handle({ type: 'step', n: 30 });

    const mod = (await importText(source(base))) as BehaviorModule;
    const world = mod.createWorld();
    world.setPointer(100, 100);
    world.step(55);
    expect(read(scope2.lastFrame()).positions('boid')).toEqual(world.positions('boid'));
    expect(scope2.lastFrame().pointer).toEqual([100, 100]);
  });

  it('records its run: seeks back bit for bit, replays the recorded pointer from there, and live input cuts the future', async () => {
    const { scope, sim } = await started();
    await send(scope, sim, { type: 'play', playing: true });
    await play(scope, sim, 200);
    await send(scope, sim, { type: 'play', playing: false });
    const from = scope.lastFrame().tick;
    expect(from).toBeGreaterThan(5);
    // on from there by steps, the pointer moved at from + 22
    await send(scope, sim, { type: 'step', n: 20 });
    const at20 = read(scope.lastFrame()).positions('boid').slice();
    await send(scope, sim, { type: 'step', n: 2 });
    await send(scope, sim, { type: 'pointer', seq: 1, x: 30, y: 40 });
    await send(scope, sim, { type: 'step', n: 8 });
    const end = scope.lastFrame();
    expect(end.tick).toBe(from + 30);
    const at30 = read(end).positions('boid').slice();
    expect(end.recording).toMatchObject({ start: 0, end: from + 30, inputEnd: from + 22 });
    expect(end.ahead).toBe(false);

    // back to from + 20: the state the run had there, bit for bit, with the future still recorded
    await send(scope, sim, { type: 'play', playing: true });
    await send(scope, sim, { type: 'seek', tick: from + 20 });
    const back = scope.lastFrame();
    expect(back).toMatchObject({ tick: from + 20, playing: false, ahead: true });
    expect(back.recording!.end).toBe(from + 30);
    expect(read(back).positions('boid')).toEqual(at20);
    expect(scope.pending).toBe(0);
    // stepped on, the recorded pointer acts as it did: the same state at from + 30
    await send(scope, sim, { type: 'step', n: 10 });
    expect(scope.lastFrame().tick).toBe(from + 30);
    expect(read(scope.lastFrame()).positions('boid')).toEqual(at30);
    // and as the module itself runs with that input
    const direct = await reference(base, from + 22);
    direct.setPointer(30, 40);
    direct.step(8);
    expect(read(scope.lastFrame()).positions('boid')).toEqual(direct.positions('boid'));

    // live input back in the past takes over: the recorded future is cut there
    await send(scope, sim, { type: 'seek', tick: from + 10 });
    await send(scope, sim, { type: 'pointer', seq: 2, x: 70, y: 10 });
    expect(scope.lastFrame().recording).toMatchObject({ end: from + 10, inputEnd: from + 10 });
    expect(scope.lastFrame().ahead).toBe(false);
  });

  it('carries its recording through a module swapped in while playing: the run before the swap seeks back bit for bit', async () => {
    const { scope, sim } = await started();
    await send(scope, sim, { type: 'play', playing: true });
    await play(scope, sim, 200);
    const swapAt = scope.lastFrame().tick;
    const old = read(scope.lastFrame()).positions('boid').slice();
    const next = edited(base, (s) => {
      s.agentTypes[0].color = '#00ff00';
    });
    await send(scope, sim, { type: 'load', id: 2, source: source(next), scene: null, carry: null });
    expect(scope.replies().at(-1)!.outcome).toEqual({ kind: 'resumed' });
    await play(scope, sim, 100);
    await send(scope, sim, { type: 'play', playing: false });
    const after = scope.lastFrame();
    expect(after.tick).toBeGreaterThan(swapAt);
    expect(after.recording).toMatchObject({ start: 0, end: after.tick });
    await send(scope, sim, { type: 'seek', tick: swapAt });
    expect(scope.lastFrame().tick).toBe(swapAt);
    expect(read(scope.lastFrame()).positions('boid')).toEqual(old);
    await send(scope, sim, { type: 'seek', tick: 5 });
    expect(read(scope.lastFrame()).positions('boid')).toEqual((await reference(base, 5)).positions('boid'));
  });

  it('applies the page’s edits and, while stopped, sends their result at once with their number', async () => {
    const { scope, sim } = await started();
    await giveBack(scope, sim);
    await send(scope, sim, { type: 'obstacles', seq: 3, obstacles: [{ x: 10, y: 20, r: 5, vx: 0, vy: 0 }] });
    expect(Array.from(scope.lastFrame().obstacles)).toEqual([10, 20, 5, 0, 0]);
    expect(scope.lastFrame().seq).toBe(3);
    await send(scope, sim, { type: 'target', seq: 4, name: 'home', x: 1, y: 2 });
    expect(scope.lastFrame().targets).toContainEqual(['home', 1, 2]);
    await send(scope, sim, { type: 'count', seq: 5, typeId: 'hunter', n: 2 });
    expect(scope.lastFrame().counts).toEqual([40, 2]);
    await send(scope, sim, { type: 'pointer', seq: 6, x: 5, y: 6 });
    expect(scope.lastFrame().pointer).toEqual([5, 6]);
    // a bad edit is reported, and the world runs on
    await send(scope, sim, { type: 'target', seq: 7, name: 'nowhere', x: 1, y: 2 });
    expect(scope.posted.some((m) => m.type === 'error' && /unknown target "nowhere"/.test(m.message) && !m.stopped)).toBe(true);
    expect(scope.lastFrame().seq).toBe(7);
    await send(scope, sim, { type: 'step', n: 1 });
    expect(scope.lastFrame().tick).toBe(1);
  });

  it('sends each tick’s capped forces while the force overlay is on', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'forces', on: true });
    await sim.handle({ type: 'step', n: 3 });
    const frame = read(scope.lastFrame());
    const world = await reference(base, 2);
    expect(frame.forces.get('boid')).toEqual(world.computeForces('boid'));
    await sim.handle({ type: 'forces', on: false });
    await sim.handle({ type: 'step', n: 1 });
    expect(read(scope.lastFrame()).forces.size).toBe(0);
  });

  it('answers a snapshot request with the world’s carry, and reports a module that does not load', async () => {
    const { scope, sim } = await started();
    await sim.handle({ type: 'snapshot', id: 4 } satisfies ToWorker);
    expect(scope.replies().at(-1)!.carry!.snapshot.tick).toBe(0);
    await sim.handle({ type: 'load', id: 6, source: 'export const = ;', scene: null, carry: null });
    const reply = scope.replies().at(-1)!;
    expect(reply.outcome?.kind).toBe('error');
    // the last good world runs on, and the page still gets its state
    expect(reply.frame!.tick).toBe(0);
  });

  it('holds its clock while a module loads, then catches up the time the load took', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const scope = new FakeScope();
    const slow = async (text: string): Promise<unknown> => {
      if (text.endsWith('// slow')) await gate;
      return importText(text);
    };
    const sim = new WorkerSimulation(scope, slow);
    await sim.handle({ type: 'load', id: 1, source: source(base), scene: null, carry: null });
    await send(scope, sim, { type: 'play', playing: true });
    await play(scope, sim, 100);
    const before = scope.lastFrame().tick;
    const loading = sim.handle({ type: 'load', id: 2, source: `${source(base)}\n// slow`, scene: null, carry: null });
    scope.run(100);
    // no ticks while the module loads
    expect(scope.pending).toBe(0);
    expect(scope.lastFrame().tick).toBe(before);
    release();
    await loading;
    expect(scope.replies().at(-1)!.outcome).toEqual({ kind: 'resumed' });
    await play(scope, sim, 50);
    // 100 ms of load and 50 more: about 9 ticks, caught up
    expect(Math.abs(scope.lastFrame().tick - (before + 9))).toBeLessThanOrEqual(1);
  });

  it('lines its turns up with the page’s frames: each frame’s state is ready a little before the next page frame', async () => {
    const { scope, sim } = await started();
    await giveBack(scope, sim);
    // the page draws at 1003, 1019.67, …
    await sim.handle({ type: 'vsync', at: 1003 });
    await send(scope, sim, { type: 'play', playing: true });
    const times: number[] = [];
    const post = scope.post.bind(scope);
    scope.post = (m) => {
      if (m.type === 'frame') times.push(scope.time);
      post(m);
    };
    await play(scope, sim, 500);
    expect(times.length).toBeGreaterThanOrEqual(29);
    for (const t of times) {
      const phase = (((t - 1003) % TURN_MS) + TURN_MS) % TURN_MS;
      // LEAD_MS (plus the turn's own cost, 0 on this clock) before a page frame
      expect(TURN_MS - phase).toBeCloseTo(LEAD_MS, 6);
    }
    // and one tick per frame at 1×
    const frames = scope.frames().slice(-20);
    for (let k = 1; k < frames.length; k++) expect(frames[k].tick - frames[k - 1].tick).toBe(1);
  });

  it('carries each agent’s state in its frames for the types with states only, and none for a scene without states', async () => {
    const timer = timerScene(43);
    const { scope, sim } = await started(timer);
    const first = scope.lastFrame();
    expect(first.stateTypes).toEqual([0]);
    // 43 state bytes, rounded up to whole float64s
    expect(frameBytes(first.counts, false, [0])).toBe(frameBytes(first.counts, false) + 48);
    expect(first.buffer.byteLength).toBeGreaterThanOrEqual(frameBytes(first.counts, false, [0]));
    expect(Array.from(read(first).states('boid'))).toEqual(new Array(43).fill(0));
    await sim.handle({ type: 'step', n: 61 });
    const page = read(scope.lastFrame());
    const world = await reference(timer, 61);
    expect(Array.from(page.states('boid'))).toEqual(Array.from(world.states('boid')));
    expect(Array.from(page.states('boid'))).toEqual(new Array(43).fill(1));
    expect(Array.from(page.states('hunter'))).toEqual([0, 0, 0, 0, 0]);
    expect(page.positions('boid')).toEqual(world.positions('boid'));
    // the page's copy is reused frame after frame, and so are the frames' buffers
    const states = page.states('boid');
    await sim.handle({ type: 'buffer', buffer: scope.lastFrame().buffer });
    await sim.handle({ type: 'step', n: 120 });
    page.apply(scope.lastFrame());
    expect(page.states('boid')).toBe(states);
    expect(Array.from(states)).toEqual(new Array(43).fill(0));

    const plain = await started(base);
    const frame = plain.scope.lastFrame();
    expect(frame.stateTypes).toBeUndefined();
    expect(frameBytes(frame.counts, false)).toBe(frameBytes(frame.counts, false, frame.stateTypes));
    expect(Array.from(read(frame).states('boid'))).toEqual(new Array(40).fill(0));
  });

  it('carries the drawn headings of the types with a heading smoother, with their states after them, and the page reads them', async () => {
    const smooth = edited(timerScene(43), (d) => {
      d.agentTypes[0].headingSmoothing = 6;
      d.agentTypes[0].maxTurnRate = 5;
    });
    const { scope, sim } = await started(smooth);
    const first = scope.lastFrame();
    expect(first.headingTypes).toEqual([0]);
    expect(first.buffer.byteLength).toBeGreaterThanOrEqual(frameBytes(first.counts, false, [0], [0]));
    await sim.handle({ type: 'step', n: 61 });
    const page = read(scope.lastFrame());
    const world = await reference(smooth, 61);
    expect(Array.from(page.drawnHeadings('boid')!)).toEqual(Array.from(world.drawnHeadings('boid')));
    expect(Array.from(page.drawnHeadings('boid')!)).not.toEqual(Array.from(world.headings('boid')));
    expect(page.drawnHeadings('hunter')).toBeNull();
    // the states still read right after the headings
    expect(Array.from(page.states('boid'))).toEqual(Array.from(world.states('boid')));
    // and the page's copy is reused
    const drawn = page.drawnHeadings('boid');
    await sim.handle({ type: 'buffer', buffer: scope.lastFrame().buffer });
    await sim.handle({ type: 'step', n: 5 });
    page.apply(scope.lastFrame());
    expect(page.drawnHeadings('boid')).toBe(drawn);

    const plain = await started(base);
    expect(plain.scope.lastFrame().headingTypes).toBeUndefined();
  });
});
