/**
 * Replay in the app (issue 8): the preview records the run of the default scene, the timeline
 * scrubs back to an earlier tick bit for bit, step back and forward move one tick, and a graph
 * edit made back there re-runs from that tick.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, positions, tick } from './app';

type Session = Awaited<ReturnType<typeof openApp>>;
let session: Session;
let page: Page;

const DOCS = path.resolve(import.meta.dirname, '../../test-artifacts');

beforeAll(async () => {
  session = await openApp();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

/** Both types' positions, sheep then wolves. */
async function all(): Promise<number[]> {
  return [...(await positions(page, 'sheep')), ...(await positions(page, 'wolf'))];
}

/** Bit for bit: Object.is per number. */
function same(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((v, k) => Object.is(v, b[k]));
}

/** Runs `n` ticks with the preview's step button logic (one tick each, as the run goes). */
async function steps(n: number): Promise<void> {
  await page.evaluate((n) => {
    for (let k = 0; k < n; k++) window.__steerPreview!.stepOnce();
  }, n);
}

/** The tick shown in the control bar. */
async function shownTick(): Promise<number> {
  const text = await page.locator('steer-preview [data-test="tick"]').textContent();
  return Number(/tick (\d+)/.exec(text ?? '')?.[1]);
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

/** Pauses and starts over at tick 0, with the buttons (in worker mode the state shows when the worker's frame arrives). */
async function startOver(): Promise<void> {
  if (await page.evaluate(() => window.__steerPreview!.playing)) await page.click('steer-preview [data-test="play-pause"]');
  await page.click('steer-preview [data-test="reset"]');
  await page.waitForFunction(() => window.__steerPreview?.world?.tick === 0 && window.__steerPreview.recording?.end === 0);
}

/**
 * Steps the run from tick 0 to `ticks`, ten ticks at a time with the mouse moving over the preview
 * (the sheep flee the Pointer); returns all positions at ticks 100 and 150. Each ten ticks show
 * before the next (in worker mode they come in the worker's frame).
 */
async function runWithTheMouse(ticks: number): Promise<Record<number, number[]>> {
  const preview = (await page.locator('steer-preview').boundingBox())!;
  const at: Record<number, number[]> = {};
  for (let t = 0; t < ticks; t += 10) {
    await page.mouse.move(preview.x + preview.width * (0.2 + ((t * 7) % 60) / 100), preview.y + preview.height * (0.15 + ((t * 3) % 40) / 100));
    await steps(10);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, t + 10);
    if (t + 10 === 100 || t + 10 === 150) at[t + 10] = await all();
  }
  return at;
}

describe('replay', () => {
  it('records the run, scrubs back bit for bit, steps one tick each way, and re-runs a graph edit from there', async () => {
    // the page's recording is the one followed here (the next test has the worker's): kept on the
    // page, since on a loaded machine the auto rule moves a world whose ticks measure slow to the
    // worker, whose recording starts where it arrives
    await page.evaluate(() => (window.__steerPreview!.threading = 'main'));
    await page.waitForFunction(() => window.__steerPreview!.mode === 'main');
    await startOver();
    // the run: 200 ticks, the mouse moving over the preview (the sheep flee the Pointer)
    const at = await runWithTheMouse(200);
    expect(await tick(page)).toBe(200);
    expect(await page.evaluate(() => window.__steerPreview!.recording)).toMatchObject({ start: 0, end: 200 });

    // scrub back to 100: exactly the positions the run had there
    await scrubTo(100);
    expect(await tick(page)).toBe(100);
    expect(same(await all(), at[100])).toBe(true);
    await page.waitForFunction(() => /tick 100\b/.test(window.__steerPreview!.shadowRoot!.querySelector('[data-test="tick"]')!.textContent!));
    expect(await shownTick()).toBe(100);
    expect(await page.evaluate(() => window.__steerPreview!.playing)).toBe(false);

    // step back and forward: one tick each, back to the same state
    await page.click('steer-preview [data-test="step-back"]');
    expect(await tick(page)).toBe(99);
    const at99 = await all();
    expect(same(at99, at[100])).toBe(false);
    await page.click('steer-preview [data-test="step"]');
    expect(await tick(page)).toBe(100);
    expect(same(await all(), at[100])).toBe(true);
    // and with , and . while the preview has focus
    await page.focus('steer-preview [data-test="step"]');
    await page.keyboard.press(',');
    expect(await tick(page)).toBe(99);
    expect(same(await all(), at99)).toBe(true);
    await page.keyboard.press('.');
    expect(await tick(page)).toBe(100);
    expect(same(await all(), at[100])).toBe(true);
    // the recording is untouched by moving around in it
    expect(await page.evaluate(() => window.__steerPreview!.recording!.end)).toBe(200);

    // scrubbing on to 150 replays the recorded mouse input: the run's positions again
    await scrubTo(150);
    expect(await tick(page)).toBe(150);
    expect(same(await all(), at[150])).toBe(true);

    // back to 100, a graph edit there (the sheep keep a wider separation), then on from 100
    await scrubTo(100);
    expect(await tick(page)).toBe(100);
    await page.evaluate(() => {
      (window as unknown as { __old: unknown }).__old = window.__steerPreview!.world;
      const app = (window as unknown as { __steerApp: { apply(e: unknown): void } }).__steerApp;
      const c = (window as unknown as { __steerCommands: { setParam(...a: unknown[]): unknown } }).__steerCommands;
      app.apply(c.setParam('sheep', 'flock', 'separation', 90));
    });
    await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __old: unknown }).__old);
    // the same state at 100, in the new graph; the old future is gone, its input kept for the re-run
    expect(await tick(page)).toBe(100);
    expect(same(await all(), at[100])).toBe(true);
    const rec = await page.evaluate(() => window.__steerPreview!.recording!);
    expect(rec.end).toBe(100);
    expect(rec.inputEnd).toBeGreaterThan(100);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.__steerPreview!.shadowRoot!.activeElement && (window.__steerPreview!.shadowRoot!.activeElement as HTMLElement).blur());
    await page.locator('steer-preview').screenshot({ path: (mkdirSync(DOCS, { recursive: true }), path.join(DOCS, 'replay.png')) });

    await steps(50);
    expect(await tick(page)).toBe(150);
    const rerun150 = await all();
    expect(same(rerun150, at[150])).toBe(false);
    expect(await page.evaluate(() => window.__steerPreview!.recording!.end)).toBe(150);

    // the re-run is what the timeline holds now; tick 100 is still as it was
    await scrubTo(100);
    expect(same(await all(), at[100])).toBe(true);
    await scrubTo(150);
    expect(same(await all(), rerun150)).toBe(true);

    expect(session.errors).toEqual([]);
  });

  it('in worker mode the worker records: the timeline scrubs its run back bit for bit; back on the page it records again', async () => {
    await page.evaluate(() => (window.__steerPreview!.threading = 'worker'));
    await page.waitForFunction(() => window.__steerPreview!.mode === 'worker' && window.__steerPreview!.recording !== null);
    expect(await page.locator('steer-preview [data-test="timeline"]').count()).toBe(1);
    await startOver();
    const at = await runWithTheMouse(150);
    await page.waitForFunction(() => window.__steerPreview!.recording?.end === 150);
    expect(await page.evaluate(() => window.__steerPreview!.mode)).toBe('worker');

    // scrub back to 100: the worker's run there, bit for bit
    await scrubTo(100);
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 100);
    expect(same(await all(), at[100])).toBe(true);
    expect(await page.evaluate(() => window.__steerPreview!.recording!.end)).toBe(150);
    // step back and forward
    expect(await page.locator('steer-preview [data-test="step-back"]').isDisabled()).toBe(false);
    await page.click('steer-preview [data-test="step-back"]');
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 99);
    expect(same(await all(), at[100])).toBe(false);
    await page.click('steer-preview [data-test="step"]');
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 100);
    expect(same(await all(), at[100])).toBe(true);
    // stepped on to 150, the recorded mouse input acts as it did
    await steps(50);
    await page.waitForFunction(() => window.__steerPreview!.world!.tick === 150);
    expect(same(await all(), at[150])).toBe(true);

    // back on the page: a new recording from where the worker was
    await page.evaluate(() => (window.__steerPreview!.threading = 'main'));
    await page.waitForFunction(() => window.__steerPreview!.mode === 'main' && window.__steerPreview!.recording !== null);
    const from = await tick(page);
    expect(await page.evaluate(() => window.__steerPreview!.recording!.start)).toBe(from);
    await steps(30);
    await page.click('steer-preview [data-test="step-back"]');
    expect(await tick(page)).toBe(from + 29);
    expect(await page.locator('steer-preview [data-test="timeline"]').count()).toBe(1);
    expect(session.errors).toEqual([]);
  });

  it('follows the run on the timeline a few times a second while playing, and every step while paused', async () => {
    // the tick the timeline shows (its slider value), each time it changes
    await page.evaluate(() => {
      const track = window.__steerPreview!.shadowRoot!.querySelector('steer-timeline')!.shadowRoot!.querySelector('[data-test="timeline"]')!;
      const w = window as unknown as { __shown: number[]; __shownObs?: MutationObserver };
      w.__shown = [];
      w.__shownObs?.disconnect();
      w.__shownObs = new MutationObserver(() => w.__shown.push(Number(track.getAttribute('aria-valuenow'))));
      w.__shownObs.observe(track, { attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    const shown = () => page.evaluate(() => (window as unknown as { __shown: number[] }).__shown);
    const t0 = await tick(page);
    if (!(await page.evaluate(() => window.__steerPreview!.playing))) await page.click('steer-preview [data-test="play-pause"]');
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick >= t + 180, t0, { timeout: 30_000 });
    await page.click('steer-preview [data-test="play-pause"]');
    const ran = (await tick(page)) - t0;
    const playing = await shown();
    // it kept up (the value moved on, in order) without changing with every tick or every frame:
    // at most 4 times a second of a run at 60 ticks a second, with room for a slow frame
    expect(playing.length).toBeGreaterThanOrEqual(2);
    expect(playing).toEqual([...playing].sort((a, b) => a - b));
    expect(playing.length).toBeLessThanOrEqual(Math.ceil(ran / 10));
    // paused, each step shows at once
    const at = await tick(page);
    for (let k = 1; k <= 3; k++) {
      await page.click('steer-preview [data-test="step"]');
      await page.waitForFunction((t) => (window as unknown as { __shown: number[] }).__shown.at(-1) === t, at + k);
    }
    expect(session.errors).toEqual([]);
  });
});
