/**
 * A newcomer's first minutes: the open scene says what it is, a first-visit hint says how to start,
 * and every node's help (what it computes, its parameters and units) is one click away, from the
 * node and from the palette.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('onboarding', () => {
  it("shows the open scene's name and description, and a first-visit hint until it is dismissed", async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await expect.poll(() => page.locator('[data-test="scene-card-name"]').textContent()).toBe('Sheep, wolves and you');
    expect(await page.locator('[data-test="scene-card-description"]').textContent()).toMatch(/^Welcome to Steergraph/);
    const hint = page.locator('[data-test="first-hint"]');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toMatch(/right-click the canvas/);
    await screenshot(page, 'onboarding');

    await page.click('[data-test="first-hint-dismiss"]');
    await expect.poll(() => hint.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('[data-test="scene-card-name"]').count()).toBe(1);
    expect(await hint.count()).toBe(0);

    // another scene opened from the Presets menu shows its own name and description
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="path-to-end"]');
    await expect.poll(() => page.locator('[data-test="scene-card-name"]').textContent()).toBe('Path to end');
    expect((await page.locator('[data-test="scene-card-description"]').textContent())!.length).toBeGreaterThan(10);
    // one agent in the scene: the status line says "1 agent"
    await expect.poll(() => page.locator('steer-app footer [data-test="agents"]').textContent()).toBe('1 agent');

    // × folds the card to a button that brings it back
    await page.click('[data-test="scene-card-hide"]');
    await expect.poll(() => page.locator('[data-test="scene-card"]').count()).toBe(0);
    await page.click('[data-test="scene-card-show"]');
    await expect.poll(() => page.locator('[data-test="scene-card-name"]').textContent()).toBe('Path to end');
    expect(errors).toEqual([]);
  });

  it("opens a node's help from the node and from the palette: what it computes, its parameters, units and ranges", async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const help = page.locator('steer-node-help [data-test="node-help"]');

    await page.locator('steer-node[data-kind="flee"] [data-test="node-help-button"]').click();
    await expect.poll(() => help.isVisible()).toBe(true);
    expect(await page.locator('[data-test="help-title"]').textContent()).toBe('Flee');
    expect(await page.locator('[data-test="help-formula"]').textContent()).toMatch(/normalize\(p − t\)/);
    const params = await page.locator('[data-test="help-params"]').textContent();
    expect(params).toMatch(/Panic distance/);
    expect(params).toMatch(/px/);
    // the help is a view: keys do not reach the graph, and Escape closes it
    const nodes = await page.locator('steer-node').count();
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    expect(await page.locator('steer-node').count()).toBe(nodes);

    await page.locator('steer-palette .item[data-kind="arrive"] [data-test="palette-help"]').click();
    await expect.poll(() => page.locator('[data-test="help-title"]').textContent()).toBe('Arrive');
    expect(await page.locator('[data-test="help-params"]').textContent()).toMatch(/Slowing radius.*100 px.*0 < x ≤ 100000 px/s);
    await screenshot(page, 'node-help');
    // a click outside the card closes it
    await page.mouse.click(8, 450);
    await expect.poll(() => help.count()).toBe(0);
    // and the palette's "?" added no node
    expect(await page.locator('steer-node').count()).toBe(nodes);
    expect(errors).toEqual([]);
  });
});
