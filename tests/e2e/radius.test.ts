/**
 * Agent radius as a designer reaches it (issue 21): typed key by key into the Agent type panel,
 * it goes into the document and into the world the preview runs, the agents are drawn with their
 * circles, a negative radius is refused with the file format's words, and undo takes it back.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { doc, openApp, openFile, screenshot } from './app';
import { message, typeInto } from './fields';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The radius of the first type of the scene the preview's world runs (undefined: none). */
function runningRadius(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __steerPreview: { world: { scene: { agentTypes: { radius?: number }[] } } | null } }).__steerPreview.world?.scene?.agentTypes[0]?.radius);
}

describe('Agent radius', () => {
  it('typed key by key reaches the document and the running world, is drawn, refuses −3, and undo takes it back', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType('walker', [node('goal', 'point', { x: 400, y: 300 }), node('seek', 'seek'), node('sep', 'avoid-agents'), node('sum', 'sum'), node('out', 'agent-output')], [
          wire('goal.point', 'seek.target'),
          wire('seek.force', 'sum.in0'),
          wire('sep.force', 'sum.in1'),
          wire('sum.force', 'out.force'),
        ], { count: 12, maxSpeed: 1, spawn: { speed: 0.5 } }),
      ],
      {},
      'Walkers',
    );
    await openFile(page, 'walkers.steer.json', JSON.stringify(d));
    const radius = page.locator('steer-type-panel steer-number-field[data-field="radius"] input');
    expect(await radius.inputValue()).toBe('0');
    await typeInto(page, radius, '-3');
    expect(await message(radius)).toMatch(/^expected a number from 0 to 10000 px, got "-3"$/);
    expect((await doc(page)).agentTypes[0].radius).toBeUndefined();
    await typeInto(page, radius, '14');
    expect(await message(radius)).toBeNull();
    await page.keyboard.press('Enter');
    expect((await doc(page)).agentTypes[0].radius).toBe(14);
    await expect.poll(() => runningRadius(page)).toBe(14);
    await screenshot(page, 'radius');

    await page.click('[data-test="undo"]');
    await expect.poll(async () => (await doc(page)).agentTypes[0].radius).toBeUndefined();
    expect(await radius.inputValue()).toBe('0');
    await expect.poll(() => runningRadius(page)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
