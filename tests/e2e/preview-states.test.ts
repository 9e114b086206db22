/**
 * The preview shows states (issue 16), as a designer sees them: a scene whose boids switch between
 * two states on a timer (graze for 60 ticks, run for 120, and again), opened with Open…; the
 * legend's live count per state, the agents ringed by their state, the inspector's state, time in
 * state and transitions of a followed agent, the counts of a tick scrubbed back to on the
 * timeline, and the same legend when a large scene runs in the worker. Every wait is for a
 * condition, never a fixed time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { timerScene } from '../preview/scene';
import { openApp, tick } from './app';

let app: Awaited<ReturnType<typeof openApp>>;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(async () => {
  await app?.close();
});

/** Opens a scene as a user does: Open…, then a file of it; resolves once its world runs. */
async function openScene(scene: SceneDocument, name: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scene)) });
  await page.waitForFunction(
    (n) => {
      const w = window.__steerPreview?.world;
      return !!w && w.types.includes('boid') && w.positions('boid').length === 2 * n;
    },
    scene.agentTypes[0].count,
    { timeout: 60_000 },
  );
  expect(await page.locator('dialog[data-test="dialog"]').count()).toBe(0);
}

/** The legend's counts of a type, by state name, as the preview shows them. */
async function legend(type = 'boid'): Promise<Record<string, number>> {
  const states = page.locator(`steer-preview [data-test="state-legend"] .legend-type[data-type="${type}"] .legend-state`);
  const out: Record<string, number> = {};
  for (const s of await states.all()) out[(await s.getAttribute('data-state'))!] = Number(await s.locator('[data-test="state-count"]').textContent());
  return out;
}

/** Waits until the legend shows these counts. */
async function legendShows(counts: Record<string, number>): Promise<void> {
  await expect.poll(() => legend(), { timeout: 30_000 }).toEqual(counts);
}

/** Pauses and starts over at tick 0 with the buttons. */
async function startOver(): Promise<void> {
  if (await page.evaluate(() => window.__steerPreview!.playing)) await page.click('steer-preview [data-test="play-pause"]');
  await page.click('steer-preview [data-test="reset"]');
  await page.waitForFunction(() => window.__steerPreview?.world?.tick === 0 && window.__steerPreview.recording?.end === 0);
}

/** Steps to tick `t` (paused), and waits until it shows. */
async function stepTo(t: number): Promise<void> {
  const now = await tick(page);
  await page.evaluate((n) => {
    for (let k = 0; k < n; k++) window.__steerPreview!.stepOnce();
  }, t - now);
  await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, t, { timeout: 60_000 });
}

/** Each boid's state index now. */
function states(): Promise<number[]> {
  return page.evaluate(() => Array.from(window.__steerPreview!.world!.states('boid')));
}

/** Drags on the timeline like a user: press near its start, move in steps to tick `t`, release. */
async function scrubTo(t: number): Promise<void> {
  const track = page.locator('steer-preview steer-timeline [data-test="timeline"]');
  const box = (await track.boundingBox())!;
  const rec = await page.evaluate(() => window.__steerPreview!.recording!);
  const last = Math.max(rec.end, rec.inputEnd, await tick(page));
  const xOf = (tick: number): number => box.x + ((tick - rec.start) / (last - rec.start)) * box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(xOf(rec.start + 5), y);
  await page.mouse.down();
  await page.mouse.move(xOf(t), y, { steps: 10 });
  await page.mouse.up();
}

/** Clicks agent `index` of the boids in the preview (paused). */
async function clickAgent(index: number): Promise<void> {
  const at = await page.evaluate((i) => {
    const p = window.__steerPreview!;
    const c = p.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
    const pos = p.world!.positions('boid');
    return { x: c.left + pos[2 * i] * p.view.scale + p.view.x, y: c.top + pos[2 * i + 1] * p.view.scale + p.view.y };
  }, index);
  await page.mouse.click(at.x, at.y);
}

describe('the preview shows states', () => {
  it('counts the agents per state live, marks them, and the inspector tells the followed agent’s state', async () => {
    await openScene(timerScene(60), 'timer.steer.json');
    await startOver();
    // all graze; the hunters have one state and no row in the legend
    await legendShows({ graze: 60, run: 0 });
    expect(await page.locator('steer-preview .legend-type').count()).toBe(1);
    await expect.poll(() => page.locator('steer-preview .legend-type b').textContent()).toBe('Boid');
    const seen: Record<number, { counts: Record<string, number>; states: number[] }> = {};
    const note = async (t: number) => (seen[t] = { counts: await legend(), states: await states() });
    await stepTo(30);
    await legendShows({ graze: 60, run: 0 });
    await note(30);
    await stepTo(60);
    await legendShows({ graze: 60, run: 0 });
    await note(60);
    // the 61st tick switches them all
    await stepTo(61);
    await legendShows({ graze: 0, run: 60 });
    await note(61);
    await stepTo(100);
    await legendShows({ graze: 0, run: 60 });
    await note(100);
    await page.screenshot({ path: '/tmp/preview-states-run.png' });

    // follow a boid: its state, time in state, and the state's transitions
    await page.click('[data-panel="inspect"]');
    await clickAgent(7);
    await expect.poll(() => page.locator('[data-test="inspect-agent"]').textContent()).toBe('Boid #8');
    await expect.poll(() => page.locator('[data-test="state-name"]').textContent()).toBe('run');
    // in run since the step to tick 61: 40 ticks at tick 100
    await expect.poll(() => page.locator('[data-test="time-in-state"]').textContent()).toMatch(/^for 40 ticks \(0\.67 s\), at least 120$/);
    const rows = page.locator('steer-inspector [data-test="transition"]');
    expect(await rows.count()).toBe(1);
    expect((await rows.first().textContent())!.replace(/\s+/g, ' ').trim()).toBe('→ graze order 1 always');
    await stepTo(101);
    await expect.poll(() => page.locator('[data-test="time-in-state"]').textContent()).toMatch(/^for 41 ticks \(0\.68 s\)/);
    await page.screenshot({ path: '/tmp/preview-states-inspector.png' });

    // playing on, they graze again after 120 ticks of running
    await page.click('steer-preview [data-test="play-pause"]');
    await legendShows({ graze: 60, run: 0 });
    await page.click('steer-preview [data-test="play-pause"]');
    expect(await tick(page)).toBeGreaterThan(180);
    // paused (where, depends on the machine's speed): the inspector names the followed boid's state as the world has it
    const now = ['graze', 'run'][(await states())[7]];
    await expect.poll(() => page.locator('[data-test="state-name"]').textContent()).toBe(now);
    await legendShows(now === 'graze' ? { graze: 60, run: 0 } : { graze: 0, run: 60 });

    // scrub back: each tick's counts and states as they were live
    for (const t of [100, 30, 61, 60]) {
      await scrubTo(t);
      await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, t);
      await legendShows(seen[t].counts);
      expect(await states()).toEqual(seen[t].states);
    }
    // one tick back over the switch, with the step-back button
    await scrubTo(61);
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 61);
    await legendShows({ graze: 0, run: 60 });
    await page.click('steer-preview [data-test="step-back"]');
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 60);
    await legendShows(seen[60].counts);
    expect(await states()).toEqual(seen[60].states);
    // the followed boid grazes there, as the legend says, for its 60th tick
    await expect.poll(() => page.locator('[data-test="state-name"]').textContent()).toBe('graze');
    await expect.poll(() => page.locator('[data-test="time-in-state"]').textContent()).toMatch(/^for 60 ticks \(1\.00 s\), at least 60$/);
    await page.screenshot({ path: '/tmp/preview-states-scrubbed.png' });
    // the state view marks the followed boid's state; stepping over the switch moves the mark
    await page.click('steer-state-bar [data-test="state-view"]');
    const followed = () => page.locator('steer-state-view g.box.followed').getAttribute('data-state-box');
    await expect.poll(followed).toBe('graze');
    await scrubTo(61);
    await expect.poll(followed).toBe('run');
  });

  it('shows the same legend when a large scene runs in the worker', async () => {
    await page.click('[data-test="unfollow"]').catch(() => undefined);
    await openScene(timerScene(3500), 'timer-large.steer.json');
    await page.waitForFunction(() => window.__steerPreview!.mode === 'worker', null, { timeout: 60_000 });
    await startOver();
    await legendShows({ graze: 3500, run: 0 });
    await stepTo(60);
    await legendShows({ graze: 3500, run: 0 });
    await stepTo(61);
    await legendShows({ graze: 0, run: 3500 });
    expect(new Set(await states())).toEqual(new Set([1]));
    await page.screenshot({ path: '/tmp/preview-states-worker.png' });
    // scrubbed back in the worker's recording
    await scrubTo(30);
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 30, null, { timeout: 60_000 });
    await legendShows({ graze: 3500, run: 0 });
  });

  it('A/B compare shows each side’s legend, counting as its run goes', async () => {
    await openScene(timerScene(60), 'timer.steer.json');
    await page.click('[data-test="compare"]');
    const side = (v: 'A' | 'B') => page.locator(`steer-compare section[data-variant="${v}"] steer-preview [data-test="state-legend"] .legend-state`);
    const counts = async (v: 'A' | 'B') => Object.fromEntries(await Promise.all((await side(v).all()).map(async (s) => [await s.getAttribute('data-state'), Number(await s.locator('[data-test="state-count"]').textContent())])));
    await expect.poll(() => side('A').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => side('B').count()).toBe(2);
    // both play from tick 0, grazing; past tick 60 both run
    await expect.poll(() => counts('A'), { timeout: 30_000 }).toEqual({ graze: 0, run: 60 });
    await expect.poll(() => counts('B'), { timeout: 30_000 }).toEqual({ graze: 0, run: 60 });
    await page.screenshot({ path: '/tmp/preview-states-compare.png' });
  });
});
