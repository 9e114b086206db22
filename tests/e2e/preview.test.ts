/**
 * <steer-preview> in a real Chromium against the built app. Each test mounts its own preview of a
 * known scene (module text compiled here in Node, as the app does in the page) in place of the app
 * shell, and drives it like a user: the control bar, the mouse and the wheel.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { edited, previewScene, sourceOf } from '../preview/scene';
import { launch } from './chromium';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}/`;
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
/** Where the preview sits in the page (CSS px): the page around it is "outside". */
const BOX = { left: 40, top: 40, width: 1000, height: 700 };

const scene = previewScene();
const source = sourceOf(scene);

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

/**
 * Opens the app, replaces the shell with a preview of `doc` (paused when `playing` is false) and
 * waits for its first world. Events the preview dispatches are collected in `window.__events`.
 */
async function mount(doc: SceneDocument = scene, text = source, opts: { playing?: boolean } = {}): Promise<void> {
  await page.goto(BASE);
  await page.waitForFunction(() => !!customElements.get('steer-preview'));
  await page.evaluate(
    ({ doc, text, box, playing }) => {
      document.querySelector('steer-app')?.remove();
      const events = { edits: [] as unknown[], errors: [] as unknown[], stats: [] as unknown[] };
      (window as unknown as { __events: typeof events }).__events = events;
      const p = document.createElement('steer-preview');
      p.id = 'under-test';
      p.style.cssText = `position: fixed; left: ${box.left}px; top: ${box.top}px; width: ${box.width}px; height: ${box.height}px`;
      p.playing = playing;
      p.scene = doc;
      p.source = text;
      p.addEventListener('scene-edit', (e) => events.edits.push((e as CustomEvent).detail));
      p.addEventListener('preview-error', (e) => events.errors.push((e as CustomEvent).detail));
      p.addEventListener('preview-stats', (e) => events.stats.push((e as CustomEvent).detail));
      document.body.append(p);
    },
    { doc, text, box: BOX, playing: opts.playing ?? true },
  );
  await page.waitForFunction(() => window.__steerPreview?.id === 'under-test' && window.__steerPreview.world !== null);
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

async function waitForTick(predicate: string): Promise<void> {
  await page.waitForFunction(`(() => { const t = window.__steerPreview.world.tick; return ${predicate}; })()`);
}

/** The page point (CSS px) where world point (x, y) shows. */
async function pagePoint(x: number, y: number): Promise<[number, number]> {
  const v = await page.evaluate(() => window.__steerPreview!.view);
  return [BOX.left + x * v.scale + v.x, BOX.top + y * v.scale + v.y];
}

/** The world point (px) under page point (x, y). */
async function worldPoint(x: number, y: number): Promise<[number, number]> {
  const v = await page.evaluate(() => window.__steerPreview!.view);
  return [(x - BOX.left - v.x) / v.scale, (y - BOX.top - v.y) / v.scale];
}

function control(name: string) {
  return page.locator('#under-test').locator(`[data-test="${name}"]`);
}

async function canvasShot(file?: string): Promise<Buffer> {
  return page.locator('#under-test').locator('canvas').screenshot(file ? { path: path.join(ARTIFACTS, file) } : {});
}

async function events<T>(kind: 'edits' | 'errors' | 'stats'): Promise<T[]> {
  return page.evaluate((kind) => (window as unknown as { __events: Record<string, unknown[]> }).__events[kind], kind) as Promise<T[]>;
}

/** Asserts two points agree to `digits` decimals. */
function expectNear(actual: readonly number[], expected: readonly number[], digits = 6): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, k) => expect(v).toBeCloseTo(expected[k], digits));
}

describe('<steer-preview>', () => {
  it('runs the scene: agents move, and the picture changes', async () => {
    await mount();
    const before = await positions();
    const t0 = await tick();
    const shot1 = await canvasShot('preview-running-1.png');
    await waitForTick(`t >= ${t0 + 10}`);
    expect(await positions()).not.toEqual(before);
    const shot2 = await canvasShot('preview-running-2.png');
    expect(shot2.equals(shot1)).toBe(false);
    const size = await page.evaluate(() => {
      const c = window.__steerPreview!.shadowRoot!.querySelector('canvas')!;
      return [c.width, c.height, c.clientWidth, c.clientHeight];
    });
    expect(size).toEqual([BOX.width, BOX.height, BOX.width, BOX.height]);
  });

  it('pauses: the agents stay put frame after frame, and play resumes them', async () => {
    await mount();
    await waitForTick('t >= 5');
    await control('play-pause').click();
    await expect.poll(() => control('play-pause').getAttribute('aria-label')).toBe('Play');
    const t = await tick();
    const p = await positions();
    await frames(15);
    expect(await tick()).toBe(t);
    expect(await positions()).toEqual(p);
    await control('play-pause').click();
    await waitForTick(`t > ${t + 5}`);
    expect(await positions()).not.toEqual(p);
  });

  it('steps exactly one tick and stays paused', async () => {
    await mount();
    await waitForTick('t >= 3');
    await control('step').click();
    const t = await tick();
    expect(await control('play-pause').getAttribute('aria-label')).toBe('Play');
    await control('step').click();
    await frames(10);
    expect(await tick()).toBe(t + 1);
    await expect.poll(() => control('tick').textContent()).toBe(`tick ${t + 1}`);
  });

  it('resets to tick 0 and the starting positions', async () => {
    await mount(scene, source, { playing: false });
    expect(await tick()).toBe(0);
    const start = await positions();
    await control('play-pause').click();
    await waitForTick('t >= 30');
    await control('play-pause').click();
    expect(await positions()).not.toEqual(start);
    await control('reset').click();
    expect(await tick()).toBe(0);
    expect(await positions()).toEqual(start);
  });

  it('resets with a seed: other starting positions, and the same ones again for the same seed', async () => {
    await mount(scene, source, { playing: false });
    const start7 = await positions();
    await control('seed').fill('2024');
    await control('reset-seed').click();
    expect(await page.evaluate(() => window.__steerPreview!.seed)).toBe(2024);
    const start2024 = await positions();
    expect(start2024).not.toEqual(start7);
    await control('step').click();
    await control('reset').click();
    expect(await positions()).toEqual(start2024);
    await control('seed').fill('7');
    await control('reset-seed').click();
    expect(await positions()).toEqual(start7);
  });

  it('runs about twice the ticks per second at 2× as at 1×', async () => {
    await mount();
    const rate = (): Promise<number> =>
      page.evaluate(async () => {
        const world = (): { tick: number } => window.__steerPreview!.world!;
        const t0 = world().tick;
        const s = performance.now();
        // a fixed wait: this measures a rate
        await new Promise((r) => setTimeout(r, 1500));
        return (world().tick - t0) / ((performance.now() - s) / 1000);
      });
    await control('speed').selectOption('1');
    const one = await rate();
    await control('speed').selectOption('2');
    const two = await rate();
    await control('speed').selectOption('0.25');
    const quarter = await rate();
    expect(one).toBeGreaterThan(40);
    expect(one).toBeLessThan(65);
    expect(two / one).toBeGreaterThan(1.6);
    expect(two / one).toBeLessThan(2.4);
    expect(quarter / one).toBeGreaterThan(0.15);
    expect(quarter / one).toBeLessThan(0.35);
  });

  it('moves the Pointer target with the mouse, and leaves it where the mouse left', async () => {
    await mount();
    const pointer = (): Promise<number[]> => page.evaluate(() => Array.from(window.__steerPreview!.world!.snapshot().pointer as number[]));
    await page.mouse.move(700, 400);
    const expected = await worldPoint(700, 400);
    await expect.poll(async () => (await pointer())[0]).toBeCloseTo(expected[0], 6);
    expectNear(await pointer(), expected);
    await page.mouse.move(650, 300, { steps: 4 });
    const last = await worldPoint(650, 300);
    await expect.poll(async () => (await pointer())[0]).toBeCloseTo(last[0], 6);
    expectNear(await pointer(), last);
    // straight out of the preview: the pointer stays put
    await page.mouse.move(10, 10);
    await frames(5);
    expectNear(await pointer(), last);
  });

  it('drags a named target: it follows the mouse, and the drop is a scene edit', async () => {
    await mount();
    const [gx, gy] = await pagePoint(120, 60);
    await page.mouse.move(gx, gy);
    await page.mouse.down();
    await page.mouse.move(gx + 60, gy + 40, { steps: 6 });
    const held = await worldPoint(gx + 60, gy + 40);
    // the live world has the target under the mouse already
    const live = await page.evaluate(() => {
      const t = window.__steerPreview!.world!.snapshot().targets.gate;
      return Array.isArray(t) ? t : t.values;
    });
    expect(live[0]).toBeCloseTo(held[0], 0);
    expect(live[1]).toBeCloseTo(held[1], 0);
    expect(await events('edits')).toEqual([]);
    await page.mouse.move(gx + 100, gy + 150, { steps: 6 });
    await page.mouse.up();
    const [x, y] = await worldPoint(gx + 100, gy + 150);
    const edits = await events<{ kind: string; name: string; x: number; y: number }>('edits');
    expect(edits).toHaveLength(1);
    expect(edits[0].kind).toBe('move-target');
    expect(edits[0].name).toBe('gate');
    expect(edits[0].x).toBeCloseTo(x, 0);
    expect(edits[0].y).toBeCloseTo(y, 0);
  });

  it('drags an obstacle: the world has it where it was dropped, and the drop is a scene edit', async () => {
    await mount();
    // grab the first obstacle (200, 200, r 40) off-centre: it keeps the offset
    const [ox, oy] = await pagePoint(210, 190);
    await page.mouse.move(ox, oy);
    await page.mouse.down();
    await page.mouse.move(ox + 80, oy + 120, { steps: 8 });
    await page.mouse.up();
    const [wx, wy] = await worldPoint(ox + 80, oy + 120);
    const edits = await events<{ kind: string; index: number; x: number; y: number }>('edits');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ kind: 'move-obstacle', index: 0 });
    expect(edits[0].x).toBeCloseTo(wx - 10, 0);
    expect(edits[0].y).toBeCloseTo(wy + 10, 0);
    const obstacles = await page.evaluate(() => {
      const o = window.__steerPreview!.world!.snapshot().obstacles;
      return Array.isArray(o) ? o : o.values;
    });
    expect(obstacles.slice(0, 3)).toEqual([edits[0].x, edits[0].y, 40]);
    await canvasShot('preview-obstacle-dropped.png');
  });

  it('adds a point to the edited path on a click, and not without a path being edited', async () => {
    await mount();
    await page.mouse.click(600, 500);
    expect(await events('edits')).toEqual([]);
    await page.evaluate(() => (window.__steerPreview!.editPath = 'open'));
    await page.mouse.click(600, 500);
    const [x, y] = await worldPoint(600, 500);
    const edits = await events<{ kind: string; path: string; x: number; y: number }>('edits');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ kind: 'add-path-point', path: 'open' });
    expect(edits[0].x).toBeCloseTo(x, 0);
    expect(edits[0].y).toBeCloseTo(y, 0);
  });

  it('zooms around the mouse with the wheel, pans with the middle button or Space, and fits', async () => {
    await mount();
    const fitted = await page.evaluate(() => window.__steerPreview!.view);
    await page.mouse.move(500, 300);
    const under = await worldPoint(500, 300);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await page.evaluate(() => window.__steerPreview!.view)).scale).toBeGreaterThan(fitted.scale * 1.2);
    const after = await worldPoint(500, 300);
    expect(after[0]).toBeCloseTo(under[0], 3);
    expect(after[1]).toBeCloseTo(under[1], 3);

    const v1 = await page.evaluate(() => window.__steerPreview!.view);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(560, 340, { steps: 4 });
    await page.mouse.up({ button: 'middle' });
    const v2 = await page.evaluate(() => window.__steerPreview!.view);
    expectNear([v2.x - v1.x, v2.y - v1.y], [60, 40]);

    await page.keyboard.down('Space');
    await page.mouse.down();
    await page.mouse.move(500, 300, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    const v3 = await page.evaluate(() => window.__steerPreview!.view);
    expectNear([v3.x - v2.x, v3.y - v2.y], [-60, -40]);
    expect(await events('edits')).toEqual([]);

    await control('fit').click();
    // (the fit is applied on the next frame: wait for it rather than read the view at once)
    await expect.poll(() => page.evaluate(() => window.__steerPreview!.view)).toEqual(fitted);
  });

  it('swaps in a recompiled module without a reset: the tick and the agents carry on', async () => {
    await mount();
    await waitForTick('t >= 10');
    await control('play-pause').click();
    const t = await tick();
    const boids = await positions('boid');
    const hunters = await positions('hunter');
    const next = edited(scene, (s) => {
      s.agentTypes[0].color = '#9cff57';
      s.agentTypes[0].states[0].graph.nodes[1].params.radius = 20;
      s.agentTypes[1].count = 8;
    });
    await page.evaluate(() => ((window as unknown as { __old: unknown }).__old = window.__steerPreview!.world));
    await page.evaluate(
      ({ doc, text }) => {
        const p = window.__steerPreview!;
        p.scene = doc;
        p.source = text;
      },
      { doc: next, text: sourceOf(next) },
    );
    await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __old: unknown }).__old);
    expect(await tick()).toBe(t);
    expect(await positions('boid')).toEqual(boids);
    const h = await positions('hunter');
    expect(h).toHaveLength(16);
    expect(h.slice(0, 10)).toEqual(hunters);
    await canvasShot('preview-swapped.png');
    // and on playing, the run goes on from there
    await control('play-pause').click();
    await waitForTick(`t >= ${t + 10}`);
    expect(await events('errors')).toEqual([]);
  });

  it('swaps while playing without the tick going back', async () => {
    await mount();
    await waitForTick('t >= 20');
    const next = edited(scene, (s) => (s.agentTypes[0].states[0].graph.nodes[0].params.sight = 60));
    const before = await page.evaluate(
      ({ doc, text }) => {
        const p = window.__steerPreview!;
        (window as unknown as { __old: unknown }).__old = p.world;
        p.scene = doc;
        p.source = text;
        return p.world!.tick;
      },
      { doc: next, text: sourceOf(next) },
    );
    await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __old: unknown }).__old);
    expect(await tick()).toBeGreaterThanOrEqual(before);
  });

  it('reports a source that does not load, and keeps running the last good world', async () => {
    await mount();
    await waitForTick('t >= 5');
    await page.evaluate(() => {
      const p = window.__steerPreview!;
      (window as unknown as { __old: unknown }).__old = p.world;
      p.source = 'export const = ;';
    });
    await page.waitForFunction(() => (window as unknown as { __events: { errors: unknown[] } }).__events.errors.length > 0);
    const errors = await events<{ message: string }>('errors');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/^The compiled scene did not load: SyntaxError/);
    const t = await tick();
    await waitForTick(`t >= ${t + 10}`);
    expect(await page.evaluate(() => window.__steerPreview!.world === (window as unknown as { __old: unknown }).__old)).toBe(true);
    // and the next good source swaps in as usual
    const fixed = edited(scene, (s) => (s.agentTypes[0].color = '#ffffff'));
    await page.evaluate((text) => (window.__steerPreview!.source = text), sourceOf(fixed));
    await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __old: unknown }).__old);
    expect(await tick()).toBeGreaterThan(t);
  });

  it('reports tick, agents, ms per tick and frames per second about twice a second', async () => {
    await mount();
    await page.waitForFunction(() => (window as unknown as { __events: { stats: unknown[] } }).__events.stats.length >= 3);
    const stats = await events<{ tick: number; agents: number; msPerTick: number; fps: number }>('stats');
    const last = stats[stats.length - 1];
    expect(last.agents).toBe(65);
    expect(last.tick).toBeGreaterThan(0);
    expect(last.fps).toBeGreaterThan(20);
    expect(last.msPerTick).toBeGreaterThan(0);
  });

  it('draws sharp on a high-density screen', async () => {
    await mount();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 2, mobile: false });
    await page.waitForFunction(() => {
      const c = window.__steerPreview!.shadowRoot!.querySelector('canvas')!;
      return c.width === 2 * c.clientWidth && c.height === 2 * c.clientHeight;
    });
    await page.evaluate(() => (window.__steerPreview!.overlays = new Set(['velocity', 'force', 'wander', 'feelers', 'neighbours', 'paths', 'pointer', 'obstacles', 'targets'])));
    await frames(5);
    // the backing store itself, 2 device pixels per CSS px
    const png = await page.evaluate(() => window.__steerPreview!.shadowRoot!.querySelector('canvas')!.toDataURL('image/png'));
    writeFileSync(path.join(ARTIFACTS, 'preview-overlays-2x.png'), Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
  });

  it('turns overlays on from its own menu and tells the app', async () => {
    await mount();
    const changes: string[][] = [];
    await page.exposeFunction('__overlaysChanged', (o: string[]) => changes.push(o));
    await page.evaluate(() =>
      window.__steerPreview!.addEventListener('overlays-change', (e) =>
        (window as unknown as { __overlaysChanged: (o: string[]) => void }).__overlaysChanged((e as CustomEvent).detail.overlays),
      ),
    );
    await control('overlays').click();
    await control('overlay-velocity').check();
    await control('overlay-paths').uncheck();
    await canvasShot('preview-overlay-menu.png');
    expect(await page.evaluate(() => [...window.__steerPreview!.overlays].sort())).toEqual(['flow', 'obstacles', 'pointer', 'targets', 'velocity']);
    await expect.poll(() => changes.length).toBe(2);
    // a press on the canvas closes the menu
    await page.mouse.click(600, 300);
    await expect.poll(() => control('overlay-velocity').count()).toBe(0);
  });

  it('stops its loop and its test hook when removed from the page', async () => {
    await mount();
    await waitForTick('t >= 3');
    const t = await page.evaluate(() => {
      const p = window.__steerPreview!;
      (window as unknown as { __gone: unknown }).__gone = p;
      p.remove();
      return p.world!.tick;
    });
    expect(await page.evaluate(() => window.__steerPreview)).toBeUndefined();
    await frames(10);
    expect(await page.evaluate(() => (window as unknown as { __gone: { world: { tick: number } } }).__gone.world.tick)).toBe(t);
  });
});
