/**
 * Warnings that know physics, as a designer meets them: a scene whose Arrive radius is too short
 * for its agents shows a warning badge on the node and the message in the problems list, each
 * with a one-click fix; the fix sets the parameter (one undoable edit), and Ctrl+Z brings the
 * warning back. Saves test-artifacts/warnings.png (the README's docs/warnings.png is a copy).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { doc, openApp, openFile } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const DOCS = path.resolve(import.meta.dirname, '../../test-artifacts');
const ARRIVE = 'steer-node[data-kind="arrive"]';
const RADIUS = `${ARRIVE} steer-param[data-param="slowingRadius"] input[role="spinbutton"]`;
const MESSAGE = 'Slowing radius 40 px is too short: at maxSpeed 4 px/tick and maxForce 0.1 this agent needs about 82 px to stop, so it passes the target and turns back.';
const FIX = 'Fix: set slowing radius to 85 px';

/** Cars that arrive at the pointer, with a slowing radius too short for their maxSpeed and maxForce. */
function shortRadiusScene() {
  const d = scene(
    [
      agentType(
        'car',
        [
          { ...node('ptr', 'pointer'), position: [40, 120] },
          { ...node('arr', 'arrive', { slowingRadius: 40 }), position: [300, 90] },
          { ...node('out', 'agent-output'), position: [560, 120] },
        ],
        [wire('ptr.point', 'arr.target'), wire('arr.force', 'out.force')],
        { count: 6, maxSpeed: 4, maxForce: 0.1, color: '#ff9f43' },
      ),
    ],
    {},
    'Cars that overshoot',
  );
  d.agentTypes[0].name = 'Car';
  d.description = 'Cars arrive at the pointer, but their slowing radius is too short to stop in.';
  return d;
}

/** The Arrive node's slowing radius in the document. */
async function radius(page: Page): Promise<unknown> {
  return (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'arr')!.params.slowingRadius;
}

/** Waits until the Arrive node shows this radius in its field, and the badge is there or gone. */
async function shows(page: Page, value: number, warned: boolean): Promise<void> {
  await expect.poll(() => page.locator(RADIUS).inputValue()).toBe(String(value));
  await expect.poll(() => page.locator(`${ARRIVE} [data-test="badge"]`).count()).toBe(warned ? 1 : 0);
  await expect.poll(() => page.locator(`${ARRIVE} [data-test="node-fix"]`).count()).toBe(warned ? 1 : 0);
}

describe('warnings that know physics', () => {
  it('shows a too-short Arrive radius on the node and in the problems list, fixes it in one click, and Ctrl+Z undoes the fix', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.setViewportSize({ width: 1360, height: 760 });
    const text = JSON.stringify(shortRadiusScene());
    await openFile(page, 'cars.steer.json', text);
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 3);
    await page.click('[data-test="fit"]');

    // On the node: the warning badge, the fix beside it, and on hover the message with the whole fix.
    const badge = page.locator(`${ARRIVE} [data-test="badge"]`);
    await expect.poll(() => badge.count()).toBe(1);
    expect(await badge.getAttribute('class')).toContain('warning');
    expect(await badge.getAttribute('aria-label')).toBe(`Warning: ${MESSAGE}`);
    const nodeFix = page.locator(`${ARRIVE} [data-test="node-fix"]`);
    expect(await nodeFix.getAttribute('aria-label')).toBe(FIX);
    const card = page.locator(`${ARRIVE} [data-test="node-problems"]`);
    expect(await card.isVisible()).toBe(false);
    await badge.hover();
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.locator('p').textContent()).toBe(MESSAGE);
    expect((await card.locator('[data-test="node-fix-full"]').textContent())?.trim()).toBe(FIX);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('0 errors, 1 warning');

    // In the problems list: the message and the same fix.
    await page.click('[data-panel="problems"]');
    const problem = page.locator('[data-test="problem"]');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toContain(MESSAGE);
    const listFix = page.locator('[data-test="problem-fix"]');
    expect((await listFix.textContent())?.trim()).toBe(FIX);
    await badge.hover();
    await expect.poll(() => card.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(DOCS, 'warnings.png') });
    await page.mouse.move(10, 10);
    await expect.poll(() => card.isVisible()).toBe(false);

    // Export is still allowed: only errors refuse it.
    await page.click('[data-test="export"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="export-js"]')]);
    expect(download.suggestedFilename()).toMatch(/\.js$/);
    expect(await page.locator('[data-test="dialog"]').count()).toBe(0);

    // Fix on the node: the field shows 85, the warning goes.
    await nodeFix.click();
    await shows(page, 85, false);
    expect(await radius(page)).toBe(85);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    await expect.poll(() => page.locator('[data-test="problem"]').count()).toBe(0);

    // One undo step brings the radius and the warning back.
    await page.keyboard.press('Control+z');
    await shows(page, 40, true);
    expect(await radius(page)).toBe(40);
    await expect.poll(() => page.locator('[data-test="problem-fix"]').count()).toBe(1);

    // The card's fix on the node does the same.
    await page.locator(`${ARRIVE} [data-test="badge"]`).hover();
    await page.locator(`${ARRIVE} [data-test="node-fix-full"]`).click();
    await shows(page, 85, false);
    await page.keyboard.press('Control+z');
    await shows(page, 40, true);

    // The problems list's fix does the same; redo after undo too.
    await page.locator('[data-test="problem-fix"]').click();
    await shows(page, 85, false);
    await page.keyboard.press('Control+z');
    await shows(page, 40, true);
    await page.keyboard.press('Control+Shift+z');
    await shows(page, 85, false);
    expect(errors).toEqual([]);
  });
});
