/**
 * A ring spawn as a designer reaches it (issue 21, the circle swap): the Agent type panel's
 * "Start on" picks "A ring, facing in"; the document keeps the spawn rectangle and gains the
 * shape, the preview's Reset starts the agents evenly on the ring inscribed in the rectangle, and
 * undo puts the area back.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { doc, openApp, openFile, positions, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/**
 * Pauses the preview (with its button) and resets it, then waits for its fresh world at tick 0
 * (paused, so it stays there: a playing preview could step past 0 before the wait looks).
 */
async function reset(page: Page): Promise<void> {
  if (await page.evaluate(() => (window as unknown as { __steerPreview: { playing: boolean } }).__steerPreview.playing)) await page.click('steer-preview [data-test="play-pause"]');
  await page.click('steer-preview [data-test="reset"]');
  await page.waitForFunction(() => (window as unknown as { __steerPreview: { world: { tick: number } | null } }).__steerPreview.world?.tick === 0);
}

/** Distances of the agents from (cx, cy), rounded to 0.001 px. */
const radii = (p: number[], cx: number, cy: number) => Array.from({ length: p.length / 2 }, (_, i) => Math.round(Math.hypot(p[2 * i] - cx, p[2 * i + 1] - cy) * 1000) / 1000);

describe('Start on a ring', () => {
  it('chosen in the type panel, keeps the rectangle, starts the agents evenly on its ring after Reset, and undo takes it back', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType('walker', [node('goal', 'point', { x: 400, y: 300 }), node('go', 'arrive'), node('out', 'agent-output')], [wire('goal.point', 'go.target'), wire('go.force', 'out.force')], {
          count: 12,
          maxSpeed: 1,
          spawn: { x: 200, y: 100, width: 400, height: 400, speed: 0 },
        }),
      ],
      {},
      'Walkers',
    );
    await openFile(page, 'walkers.steer.json', JSON.stringify(d));
    const startOn = page.locator('steer-type-panel select#spawn-shape');
    expect(await startOn.inputValue()).toBe('area');
    // scattered over the rectangle: not all at one distance from its centre
    await reset(page);
    expect(new Set(radii(await positions(page, 'walker'), 400, 300)).size).toBeGreaterThan(1);

    await startOn.selectOption('ring');
    await expect.poll(async () => (await doc(page)).agentTypes[0].spawn).toEqual({ x: 200, y: 100, width: 400, height: 400, speed: 0, shape: 'ring' });
    await reset(page);
    const p = await positions(page, 'walker');
    expect(radii(p, 400, 300)).toEqual(new Array(12).fill(200));
    // agent 0 to the right of the centre, agent 3 a quarter turn on (below it, on screen)
    expect([p[0], p[1], Math.round(p[6]), Math.round(p[7])]).toEqual([600, 300, 400, 500]);
    await screenshot(page, 'spawn-ring');

    await page.click('[data-test="undo"]');
    await expect.poll(async () => (await doc(page)).agentTypes[0].spawn).toEqual({ x: 200, y: 100, width: 400, height: 400, speed: 0 });
    expect(await startOn.inputValue()).toBe('area');
    expect(errors).toEqual([]);
  });
});
