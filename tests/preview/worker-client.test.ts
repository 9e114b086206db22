import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import type { FrameWorld } from '../../src/preview/frame-world';
import type { FromWorker, ToWorker } from '../../src/preview/sim-protocol';
import { WorkerClient, type WorkerClientListener } from '../../src/preview/worker-client';
import { WorkerSimulation } from '../../src/preview/worker-simulation';
import type { BehaviorModule } from '../../src/preview/world-host';
import { previewScene, sourceOf } from './scene';

const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const scene = previewScene(40);
const source = sourceOf(scene);

/** A worker in this thread: a WorkerSimulation behind asynchronous messages, as in a real worker. */
class FakeWorker {
  static all: FakeWorker[] = [];
  terminated = false;
  received: ToWorker[] = [];
  private readonly listeners = new Map<string, ((e: unknown) => void)[]>();
  private readonly sim: WorkerSimulation;

  constructor() {
    FakeWorker.all.push(this);
    this.sim = new WorkerSimulation(
      {
        // what the worker posted before it closed still reaches the page
        post: (data: FromWorker) => {
          if (!this.terminated) setTimeout(() => this.emit('message', { data }));
        },
        now: () => performance.now(),
        origin: performance.timeOrigin,
        setTimer: (cb, ms) => setTimeout(cb, ms),
        clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
        close: () => (this.terminated = true),
      },
      importText,
    );
  }
  postMessage(msg: ToWorker): void {
    this.received.push(msg);
    setTimeout(() => !this.terminated && void this.sim.handle(msg));
  }
  addEventListener(type: string, fn: (e: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(type: string, e: unknown): void {
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
}

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  isConnected = true;
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(c: ReactiveController): void {
    this.controllers = this.controllers.filter((x) => x !== c);
  }
  requestUpdate(): void {}
  readonly updateComplete = Promise.resolve(true);
}

function setup() {
  const host = new FakeHost();
  const log = { frames: [] as { world: FrameWorld; fresh: boolean }[], errors: [] as string[], failed: [] as string[] };
  const listener: WorkerClientListener = {
    frame: (world, fresh) => log.frames.push({ world, fresh }),
    error: (m) => log.errors.push(m),
    failed: (m) => log.failed.push(m),
  };
  const client = new WorkerClient(host, () => new FakeWorker() as unknown as Worker, listener);
  return { host, client, log };
}

/** Waits until `ok()` holds (the fake worker answers on timers). */
async function until(ok: () => boolean): Promise<void> {
  for (let k = 0; k < 2000 && !ok(); k++) await new Promise((r) => setTimeout(r, 2));
  expect(ok()).toBe(true);
}

describe('WorkerClient', () => {
  it('loads a module in its worker and shows its world as a FrameWorld', async () => {
    const { client, log } = setup();
    expect(await client.load(source, scene)).toEqual({ kind: 'fresh', reason: 'first world' });
    expect(client.running).toBe(true);
    expect(client.seed).toBe(7);
    expect(log.frames[0].fresh).toBe(true);
    const mod = (await importText(source)) as BehaviorModule;
    expect(Array.from(client.world!.positions('boid'))).toEqual(Array.from(mod.createWorld().positions('boid')));
    expect(client.targets.get('home')).toEqual([650, 200]);
  });

  it('gives every frame’s buffer back to the worker', async () => {
    const { client } = setup();
    await client.load(source, scene);
    client.step(1);
    client.step(1);
    await until(() => client.world!.tick === 2);
    const worker = FakeWorker.all.at(-1)!;
    await until(() => worker.received.filter((m) => m.type === 'buffer').length === 3);
  });

  it('shows the page’s edits at once, before the worker’s frames have them', async () => {
    const { client } = setup();
    await client.load(source, scene);
    client.setObstacles([{ x: 1, y: 2, r: 3 }]);
    expect(Array.from(client.liveObstacles().data)).toEqual([1, 2, 3, 0, 0]);
    client.setTarget('home', 5, 6);
    expect(client.targets.get('home')).toEqual([5, 6]);
    client.setPointer(7, 8);
    expect(client.pointer).toEqual([7, 8]);
    // the worker's frame of the edits agrees
    client.step(1);
    await until(() => client.world!.tick === 1);
    expect(Array.from(client.world!.obstacles)).toEqual([1, 2, 3, 0, 0]);
    expect(client.world!.snapshot().pointer).toEqual([7, 8]);
    expect(client.targets.get('home')).toEqual([5, 6]);
    expect(() => client.setPointer(Number.NaN, 0)).toThrow(/finite/);
  });

  it('closes its worker when the host leaves and resumes the same world in a new one when it comes back', async () => {
    const { client, log } = setup();
    await client.load(source, scene);
    client.step(9);
    await until(() => client.world!.tick === 9);
    const first = FakeWorker.all.at(-1)!;
    const p = Array.from(client.world!.positions('boid'));
    client.hostDisconnected();
    await until(() => first.terminated);
    expect(client.running).toBe(false);
    client.hostConnected();
    await until(() => FakeWorker.all.at(-1) !== first && client.running && log.frames.at(-1)!.world !== log.frames[0].world);
    expect(client.world!.tick).toBe(9);
    expect(Array.from(client.world!.positions('boid'))).toEqual(p);
  });

  it('hands its world over (carry) for the main thread', async () => {
    const { client } = setup();
    await client.load(source, scene);
    client.step(4);
    await until(() => client.world!.tick === 4);
    const carry = await client.carry();
    expect(carry!.snapshot.tick).toBe(4);
    expect(carry!.source).toBe(source);
  });

  it('reports a worker that fails, answers what waited on it, and stops', async () => {
    const { client, log } = setup();
    await client.load(source, scene);
    const worker = FakeWorker.all.at(-1)!;
    const waiting = client.reset();
    worker.emit('error', { message: 'boom', preventDefault() {} });
    expect((await waiting).kind).toBe('error');
    expect(log.failed).toEqual(['The simulation worker failed: boom']);
    expect(client.running).toBe(false);
    expect(worker.terminated).toBe(true);
  });
});
