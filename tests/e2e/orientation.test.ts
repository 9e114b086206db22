/**
 * Orientation as a designer reaches it (BEHAVIORS.md, "Orientation"): tanks that seek a point turn
 * at once until a Max turn rate is typed into the Agent type panel, key by key; then the preview's
 * agents turn at most that much per tick, and undo gives the instant turn back. The fields refuse
 * what the file format refuses, with its words.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { doc, openApp, openFile, tick } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** Clicks into a field, selects what it holds, and types `text` key by key. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** What the number field of `input` says is wrong, or null. */
function message(input: Locator): Promise<string | null> {
  return input.evaluate((el) => (el.getRootNode() as ShadowRoot).querySelector('[role="alert"]')?.textContent ?? null);
}

/** The preview world's velocities of a type. */
function velocities(page: Page, id: string): Promise<number[]> {
  return page.evaluate((t) => Array.from((window as unknown as { __steerPreview: { world: { velocities(id: string): Float64Array } } }).__steerPreview.world.velocities(t)), id);
}

/** The maxTurnRate of the scene the preview's world runs (undefined: none). */
function runningRate(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __steerPreview: { world: { scene: { agentTypes: { maxTurnRate?: number }[] } } | null } }).__steerPreview.world?.scene?.agentTypes[0]?.maxTurnRate);
}

/** The largest turn of any agent's velocity in one tick, degrees. */
function largestTurn(a: number[], b: number[]): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 2) {
    const s = Math.hypot(a[i], a[i + 1]) * Math.hypot(b[i], b[i + 1]);
    if (s < 1e-12) continue;
    const c = Math.min(1, Math.max(-1, (a[i] * b[i] + a[i + 1] * b[i + 1]) / s));
    worst = Math.max(worst, (Math.acos(c) * 180) / Math.PI);
  }
  return worst;
}

/** Resets the preview (a fresh spawn, facing every way) and steps `n` ticks with the Step button; the largest turn of each tick. */
async function turnsAfterReset(page: Page, n: number): Promise<number[]> {
  await page.click('steer-preview [data-test="reset"]');
  await page.waitForFunction(() => (window as unknown as { __steerPreview: { world: { tick: number } | null } }).__steerPreview.world?.tick === 0);
  const turns: number[] = [];
  let before = await velocities(page, 'tank');
  for (let k = 1; k <= n; k++) {
    await page.click('steer-preview [data-test="step"]');
    await page.waitForFunction((t) => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick === t, k);
    const after = await velocities(page, 'tank');
    turns.push(largestTurn(before, after));
    before = after;
  }
  return turns;
}

describe('Max turn rate', () => {
  it('typed key by key makes the tanks turn at most 3° per tick, refuses 0 and 200 with the range, and undo gives the instant turn back', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType('tank', [node('goal', 'point', { x: 400, y: 300 }), node('seek', 'seek'), node('out', 'agent-output')], [wire('goal.point', 'seek.target'), wire('seek.force', 'out.force')], {
          count: 16,
          maxSpeed: 2,
          maxForce: 4,
          spawn: { speed: 1 },
        }),
      ],
      {},
      'Tanks',
    );
    await openFile(page, 'tanks.steer.json', JSON.stringify(d));
    // paused: every tick is a Step
    const play = page.locator('steer-preview [data-test="play-pause"]');
    if ((await play.getAttribute('aria-label')) === 'Pause') await play.click();
    await expect.poll(() => play.getAttribute('aria-label')).toBe('Play');

    // no limit: some tank turns toward the point at once (spawned facing every way)
    expect(Math.max(...(await turnsAfterReset(page, 1)))).toBeGreaterThan(30);

    const rate = page.locator('steer-type-panel steer-number-field[data-field="maxTurnRate"] input');
    expect(await rate.inputValue()).toBe('');
    expect(await rate.getAttribute('placeholder')).toBe('no limit');
    await typeInto(page, rate, '0');
    expect(await message(rate)).toBe('expected a number greater than 0 and at most 180 degrees per tick, got "0"');
    await typeInto(page, rate, '200');
    expect(await message(rate)).toBe('expected a number greater than 0 and at most 180 degrees per tick, got "200"');
    expect((await doc(page)).agentTypes[0].maxTurnRate).toBeUndefined();
    await typeInto(page, rate, '3');
    expect(await message(rate)).toBeNull();
    await page.keyboard.press('Enter');
    expect((await doc(page)).agentTypes[0].maxTurnRate).toBe(3);
    await expect.poll(() => runningRate(page)).toBe(3);

    // Heading smoothing refuses 1 as the loader does, and keeps 0
    const smoothing = page.locator('steer-type-panel steer-number-field[data-field="headingSmoothing"] input');
    await typeInto(page, smoothing, '1');
    expect(await message(smoothing)).toBe('expected 0 (off) or a whole number from 2 to 64, got "1"');
    await smoothing.blur();
    expect(await smoothing.inputValue()).toBe('0');
    expect((await doc(page)).agentTypes[0].headingSmoothing).toBeUndefined();

    // limited: every tank turns gradually, at most 3° per tick, and some at exactly the limit
    const turns = await turnsAfterReset(page, 8);
    for (const t of turns) expect(t).toBeLessThan(3 + 1e-6);
    expect(Math.max(...turns)).toBeGreaterThan(2.99);
    expect(await tick(page)).toBe(8);

    // undo: the field is empty again, the document has no limit, and the tanks turn at once again
    await page.click('[data-test="undo"]');
    await expect.poll(async () => (await doc(page)).agentTypes[0].maxTurnRate).toBeUndefined();
    expect(await rate.inputValue()).toBe('');
    await expect.poll(() => runningRate(page)).toBeUndefined();
    expect(Math.max(...(await turnsAfterReset(page, 1)))).toBeGreaterThan(30);
    expect(errors).toEqual([]);
  });
});
