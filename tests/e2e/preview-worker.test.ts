/**
 * <steer-preview> with large scenes, in a real Chromium against the built app: the simulation in
 * a worker (continuous across module swaps, pause, step, reset, moves between threads, removal
 * from the page), the same trajectories as on the main thread and in Node, the renderers for
 * large scenes (the bitmap one, and WebGL2 where asked for), and a page that stays responsive
 * while 20,000 agents run. Every wait is for a condition, never a fixed time.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BehaviorModule } from '../../src/preview/world-host';
import type { SceneDocument } from '../../src/document/types';
import { largeGraph } from '../../bench/large-graph';
import { sceneOf } from '../../bench/scene';
import { benchFlockScene, edited, previewScene, sourceOf } from '../preview/scene';
import { APP_URL as BASE, ARTIFACTS } from './app';
import { launch } from './chromium';

const BOX = { left: 40, top: 40, width: 900, height: 640 };

/** 3,500 boids and 5 hunters: over the 3,000 agents that move the simulation to a worker. */
const large = previewScene(3500);
const largeSource = sourceOf(large);

let session: Awaited<ReturnType<typeof launch>>;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  session = await launch({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  await page?.close();
  page = await session.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  return () => {
    expect(problems, 'errors in the page').toEqual([]);
  };
});

interface MountOptions {
  playing?: boolean;
  threading?: 'auto' | 'main' | 'worker';
  drawing?: 'auto' | 'canvas' | 'bitmap' | 'webgl';
}

/** Opens the app, replaces the shell with a preview of `doc` and waits for its first world. */
async function mount(doc: SceneDocument = large, text = largeSource, opts: MountOptions = {}): Promise<void> {
  await page.goto(BASE);
  await page.waitForFunction(() => !!customElements.get('steer-preview'));
  await page.evaluate(
    ({ doc, text, box, opts }) => {
      document.querySelector('steer-app')?.remove();
      const events = { errors: [] as unknown[], stats: [] as unknown[], loads: [] as unknown[] };
      (window as unknown as { __events: typeof events }).__events = events;
      const p = document.createElement('steer-preview');
      p.id = 'under-test';
      p.style.cssText = `position: fixed; left: ${box.left}px; top: ${box.top}px; width: ${box.width}px; height: ${box.height}px`;
      p.playing = opts.playing ?? true;
      if (opts.threading) p.threading = opts.threading;
      if (opts.drawing) p.drawing = opts.drawing;
      p.scene = doc;
      p.source = text;
      p.addEventListener('preview-error', (e) => events.errors.push((e as CustomEvent).detail));
      p.addEventListener('preview-stats', (e) => events.stats.push((e as CustomEvent).detail));
      p.addEventListener('preview-load', (e) => events.loads.push((e as CustomEvent).detail));
      document.body.append(p);
    },
    { doc, text, box: BOX, opts },
  );
  await page.waitForFunction(() => window.__steerPreview?.id === 'under-test' && window.__steerPreview.world !== null, null, { timeout: 60_000 });
}

/** Resolves after `n` animation frames of the page. */
async function frames(n: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let k = 0;
        const next = (): void => {
          if (++k >= n) resolve();
          else requestAnimationFrame(next);
        };
        requestAnimationFrame(next);
      }),
    n,
  );
}

async function tick(): Promise<number> {
  return page.evaluate(() => window.__steerPreview!.world!.tick);
}

async function positions(type = 'boid'): Promise<number[]> {
  return page.evaluate((type) => Array.from(window.__steerPreview!.world!.positions(type)), type);
}

async function mode(): Promise<[string, string]> {
  return page.evaluate(() => [window.__steerPreview!.mode, window.__steerPreview!.drawMode]);
}

async function waitForTick(predicate: string): Promise<void> {
  await page.waitForFunction(`(() => { const t = window.__steerPreview.world.tick; return ${predicate}; })()`, null, { timeout: 60_000 });
}

/** Waits until the worker's frames stop moving the tick: the tick is the same after 10 animation frames. */
async function settled(): Promise<number> {
  for (;;) {
    const t = await tick();
    await frames(10);
    if ((await tick()) === t) return t;
  }
}

/** Marks the current world, then sets `doc` and `text`; resolves once a new world (a swap's) is in. */
async function swap(doc: SceneDocument, text = sourceOf(doc)): Promise<void> {
  await page.evaluate(
    ({ doc, text }) => {
      const p = window.__steerPreview!;
      (window as unknown as { __old: unknown }).__old = p.world;
      p.scene = doc;
      p.source = text;
    },
    { doc, text },
  );
  await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __old: unknown }).__old, null, { timeout: 60_000 });
}

function control(name: string) {
  return page.locator('#under-test').locator(`[data-test="${name}"]`);
}

async function events<T>(kind: 'errors' | 'stats' | 'loads'): Promise<T[]> {
  return page.evaluate((kind) => (window as unknown as { __events: Record<string, unknown[]> }).__events[kind], kind) as Promise<T[]>;
}

/** The module's world in Node, stepped `ticks` ticks: what the page's worker must match bit for bit. */
async function inNode(text: string, ticks: number): Promise<{ boid: number[]; hunter: number[] }> {
  const mod = (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as BehaviorModule;
  const world = mod.createWorld();
  world.step(ticks);
  return { boid: Array.from(world.positions('boid')), hunter: Array.from(world.positions('hunter')) };
}

describe('<steer-preview> with a large scene', () => {
  it('runs the simulation in a worker and draws with the large-scene renderer: agents move, the picture changes', async () => {
    await mount();
    expect(await mode()).toEqual(['worker', expect.stringMatching(/^(bitmap|webgl)$/)]);
    const before = await positions();
    const t0 = await tick();
    const shot1 = await page.locator('#under-test canvas:not(.gl)').screenshot({ path: path.join(ARTIFACTS, 'preview-worker-1.png') });
    await waitForTick(`t >= ${t0 + 20}`);
    expect(await positions()).not.toEqual(before);
    const shot2 = await page.locator('#under-test canvas:not(.gl)').screenshot({ path: path.join(ARTIFACTS, 'preview-worker-2.png') });
    expect(shot2.equals(shot1)).toBe(false);
    // the status reports the worker's figures (how many ticks a second depends on the machine's load)
    await page.waitForFunction(() =>
      (window as unknown as { __events: { stats: { fps: number; ticksPerSecond: number }[] } }).__events.stats.some((s) => s.fps > 0 && s.ticksPerSecond > 0),
    );
    const stats = await events<{ thread: string; agents: number; ticksPerSecond: number; fps: number }>('stats');
    const last = stats.filter((s) => s.fps > 0 && s.ticksPerSecond > 0).at(-1)!;
    expect(last.thread).toBe('worker');
    expect(last.agents).toBe(3505);
    expect(await events('errors')).toEqual([]);
  });

  it('runs the same trajectories in the worker as the exported module does in Node, bit for bit', async () => {
    await mount(large, largeSource, { playing: false });
    expect(await mode()).toEqual(['worker', expect.any(String)]);
    await page.evaluate(() => window.__steerPreview!.world!.step(30));
    await waitForTick('t === 30');
    const expected = await inNode(largeSource, 30);
    expect(await positions('boid')).toEqual(expected.boid);
    expect(await positions('hunter')).toEqual(expected.hunter);
  });

  it('pauses: the tick holds frame after frame; steps exactly one tick; plays on', async () => {
    await mount();
    await waitForTick('t >= 10');
    await control('play-pause').click();
    await expect.poll(() => control('play-pause').getAttribute('aria-label')).toBe('Play');
    const t = await settled();
    const p = await positions();
    await frames(20);
    expect(await tick()).toBe(t);
    expect(await positions()).toEqual(p);
    await control('step').click();
    await waitForTick(`t === ${t + 1}`);
    await control('step').click();
    await waitForTick(`t === ${t + 2}`);
    await frames(15);
    expect(await tick()).toBe(t + 2);
    await expect.poll(() => control('tick').textContent()).toBe(`tick ${t + 2}`);
    await control('play-pause').click();
    await waitForTick(`t > ${t + 10}`);
  });

  it('swaps a recompiled module in without a reset: the tick and the agents carry on', async () => {
    await mount(large, largeSource, { playing: false });
    await page.evaluate(() => window.__steerPreview!.world!.step(12));
    await waitForTick('t === 12');
    const boids = await positions('boid');
    const hunters = await positions('hunter');
    const next = edited(large, (s) => {
      s.agentTypes[0].color = '#9cff57';
      s.agentTypes[0].states[0].graph.nodes[1].params.radius = 20;
      s.agentTypes[1].count = 8;
    });
    await swap(next);
    expect(await mode()).toEqual(['worker', expect.any(String)]);
    expect(await tick()).toBe(12);
    expect(await positions('boid')).toEqual(boids);
    const h = await positions('hunter');
    expect(h).toHaveLength(16);
    expect(h.slice(0, 10)).toEqual(hunters);
    const loads = await events<{ kind: string; thread: string }>('loads');
    expect(loads.at(-1)).toMatchObject({ kind: 'resumed', thread: 'worker' });
    // and while playing, swaps never take the tick back
    await control('play-pause').click();
    await waitForTick('t >= 40');
    for (const sight of [60, 70]) {
      const before = await tick();
      await swap(edited(large, (s) => (s.agentTypes[0].states[0].graph.nodes[0].params.sight = sight)));
      expect(await tick()).toBeGreaterThanOrEqual(before);
    }
    expect(await events('errors')).toEqual([]);
  });

  it('resets to tick 0 and the starting positions, in the worker', async () => {
    await mount(large, largeSource, { playing: false });
    const start = await positions();
    await control('play-pause').click();
    await waitForTick('t >= 20');
    await control('reset').click();
    await waitForTick('t < 20');
    await control('play-pause').click();
    await settled();
    await control('reset').click();
    await waitForTick('t === 0');
    expect(await positions()).toEqual(start);
  });

  it('moves the world between the threads as the scene grows and shrinks, without losing a tick', async () => {
    const small = previewScene(60);
    await mount(small, sourceOf(small), { playing: false });
    expect((await mode())[0]).toBe('main');
    await page.evaluate(() => window.__steerPreview!.world!.step(7));
    const boids = await positions('boid');
    await swap(edited(small, (s) => (s.agentTypes[0].count = 3500)));
    expect((await mode())[0]).toBe('worker');
    expect(await tick()).toBe(7);
    expect((await positions('boid')).slice(0, 120)).toEqual(boids);
    await page.evaluate(() => window.__steerPreview!.world!.step(3));
    await waitForTick('t === 10');
    const moved = await positions('boid');
    await swap(small);
    expect((await mode())[0]).toBe('main');
    expect(await tick()).toBe(10);
    expect(await positions('boid')).toEqual(moved.slice(0, 120));
    // and the choice can be forced either way
    await page.evaluate(() => (window.__steerPreview!.threading = 'worker'));
    await page.waitForFunction(() => window.__steerPreview!.mode === 'worker');
    expect(await tick()).toBe(10);
  });

  it('moves a scene of few agents but a heavy graph to the worker, by the measured cost of its ticks, not a tick lost', async () => {
    // 1,000 agents (under the agent count that picks the worker) running a graph of 2,000 nodes
    const heavy = sceneOf(1000, largeGraph(2000), {}, 'heavy graph');
    await mount(heavy, sourceOf(heavy));
    expect((await mode())[0]).toBe('main');
    await page.waitForFunction(() => window.__steerPreview!.mode === 'worker', null, { timeout: 120_000 });
    const loads = await page.evaluate(() => (window as unknown as { __events: { loads: { kind: string; thread: string; tick: number }[] } }).__events.loads);
    // the first world on the page, then the same world resumed in the worker
    expect(loads[0]).toMatchObject({ kind: 'fresh', thread: 'main' });
    expect(loads[loads.length - 1]).toMatchObject({ kind: 'resumed', thread: 'worker' });
    expect(loads[loads.length - 1].tick).toBeGreaterThan(10);
    // and it stays there while it runs
    const at = await tick();
    await waitForTick(`t > ${at + 30}`);
    expect((await mode())[0]).toBe('worker');
  });

  it('stops its worker when removed from the page, and resumes the same world when put back', async () => {
    await mount();
    await waitForTick('t >= 5');
    const t = await page.evaluate(() => {
      const p = window.__steerPreview!;
      (window as unknown as { __gone: unknown }).__gone = p;
      p.remove();
      return p.world!.tick;
    });
    await frames(20);
    const gone = (): Promise<number> => page.evaluate(() => (window as unknown as { __gone: { world: { tick: number } } }).__gone.world.tick);
    // a frame already on its way may land; then nothing more
    const held = await gone();
    expect(held - t).toBeLessThanOrEqual(8);
    await frames(20);
    expect(await gone()).toBe(held);
    await page.evaluate(() => document.body.append((window as unknown as { __gone: HTMLElement }).__gone));
    await page.waitForFunction((held) => window.__steerPreview?.world && window.__steerPreview.world.tick > held + 5, held, { timeout: 60_000 });
    expect(await mode()).toEqual(['worker', expect.any(String)]);
    expect(await events('errors')).toEqual([]);
  });

  it('draws the agents with WebGL2 when asked: the picture changes from frame to frame', async () => {
    const scene = previewScene(1500);
    await mount(scene, sourceOf(scene), { drawing: 'webgl' });
    await page.waitForFunction(() => window.__steerPreview!.drawMode === 'webgl');
    const gl = page.locator('#under-test canvas.gl');
    await expect.poll(() => gl.count()).toBe(1);
    const t0 = await tick();
    const shot1 = await gl.screenshot({ path: path.join(ARTIFACTS, 'preview-webgl-1.png') });
    await waitForTick(`t >= ${t0 + 5}`);
    await frames(2);
    const shot2 = await gl.screenshot({ path: path.join(ARTIFACTS, 'preview-webgl-2.png') });
    expect(shot2.equals(shot1)).toBe(false);
    // the agents' colour is in the picture, and the overlays are drawn over it on a canvas that lets it through
    const colours = await page.evaluate(async (png) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const probe = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = probe.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let boid = 0;
      for (let k = 0; k < data.length; k += 4) if (Math.abs(data[k] - 0x5e) < 8 && Math.abs(data[k + 1] - 0xc8) < 8 && Math.abs(data[k + 2] - 0xff) < 8) boid++;
      const top = window.__steerPreview!.shadowRoot!.querySelector<HTMLCanvasElement>('canvas:not(.gl)')!;
      const corner = top.getContext('2d')!.getImageData(2, 2, 1, 1).data[3];
      return { boid, corner };
    }, shot2.toString('base64'));
    expect(colours.boid).toBeGreaterThan(200);
    expect(colours.corner).toBe(0);
    await page.locator('#under-test').screenshot({ path: path.join(ARTIFACTS, 'preview-webgl-composite.png') });
  });

  it('draws a large scene’s overlays over the bitmap, and keeps the page responsive while 20,000 agents run', async () => {
    const scene = benchFlockScene(20000);
    await mount(scene, sourceOf(scene));
    expect(await mode()).toEqual(['worker', expect.stringMatching(/^(bitmap|webgl)$/)]);
    await page.evaluate(() => (window.__steerPreview!.overlays = new Set(['velocity', 'wander', 'neighbours', 'pointer'])));
    await waitForTick('t >= 30');
    await page.locator('#under-test').screenshot({ path: path.join(ARTIFACTS, 'preview-20000.png') });
    // a button of the page: how long after the click does its handler run?
    await page.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'probe';
      b.textContent = 'Probe';
      b.style.cssText = 'position: fixed; right: 10px; bottom: 10px; z-index: 10';
      (window as unknown as { __late: number[] }).__late = [];
      b.addEventListener('click', (e) => (window as unknown as { __late: number[] }).__late.push(performance.now() - e.timeStamp));
      document.body.append(b);
    });
    for (let k = 0; k < 7; k++) {
      await page.click('#probe');
      await frames(3);
    }
    const late = await page.evaluate(() => (window as unknown as { __late: number[] }).__late);
    expect(late).toHaveLength(7);
    late.sort((a, b) => a - b);
    // the median click is handled within 50 ms, every one within 150 ms
    expect(late[3]).toBeLessThan(50);
    expect(late[6]).toBeLessThan(150);
    // and the simulation runs on meanwhile
    const t = await tick();
    await waitForTick(`t > ${t + 10}`);
  });
});
