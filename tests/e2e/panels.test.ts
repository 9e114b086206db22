/**
 * The panels and the path editor as a user meets them: number fields typed key by key (in the
 * Agent type and World panels, their table cells and the nodes' parameters), type ids, path points
 * dragged, inserted and deleted in the preview, one seed, obstacles added where there is room.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The open document, read in the page. */
function read<T>(page: Page, f: (d: SceneDocument) => T): Promise<T> {
  return doc(page).then(f);
}

/** Clicks into a field, selects what it holds, and types `text` key by key. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The number input of a labelled panel field. */
function panelField(page: Page, panel: 'type' | 'world', field: string): Locator {
  return page.locator(`steer-${panel}-panel steer-number-field[data-field="${field}"] input`);
}

/** What the number field of `input` (a locator `… steer-number-field input`) says is wrong, or null. */
async function message(input: Locator): Promise<string | null> {
  const text = await input.evaluate((el) => {
    const root = el.getRootNode() as ShadowRoot;
    return root.querySelector('[role="alert"]')?.textContent ?? null;
  });
  return text;
}

describe('number fields typed key by key', () => {
  it('the Agent type panel takes .5, 1e3 and 1e2 as typed, and refuses 1e400 with its range, keeping the value before', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const maxForce = panelField(page, 'type', 'maxForce');
    const before = await read(page, (d) => d.agentTypes[0].maxForce);

    await typeInto(page, maxForce, '.');
    // an unfinished number stays as typed, commits nothing and is not an error yet
    expect(await maxForce.inputValue()).toBe('.');
    expect(await read(page, (d) => d.agentTypes[0].maxForce)).toBe(before);
    expect(await message(maxForce)).toBeNull();
    await page.keyboard.type('5');
    expect(await maxForce.inputValue()).toBe('.5');
    expect(await read(page, (d) => d.agentTypes[0].maxForce)).toBe(0.5);

    await typeInto(page, maxForce, '1e');
    expect(await maxForce.inputValue()).toBe('1e');
    await page.keyboard.type('3');
    expect(await maxForce.inputValue()).toBe('1e3');
    expect(await read(page, (d) => d.agentTypes[0].maxForce)).toBe(1000);
    await maxForce.blur();

    await typeInto(page, maxForce, '1e400');
    expect(await maxForce.inputValue()).toBe('1e400');
    expect(await maxForce.getAttribute('aria-invalid')).toBe('true');
    expect(await message(maxForce)).toContain('expected a number from 0 to 10000');
    // nothing committed: not 1e4 (passed on the way), not 400: the value from before this edit
    expect(await read(page, (d) => d.agentTypes[0].maxForce)).toBe(1000);
    await maxForce.blur();
    expect(await maxForce.inputValue()).toBe('1000');
    expect(await message(maxForce)).toBeNull();

    const count = panelField(page, 'type', 'count');
    await typeInto(page, count, '1e2');
    expect(await read(page, (d) => d.agentTypes[0].count)).toBe(100);
    // Enter ends the edit
    await page.keyboard.press('Enter');
    expect(await count.inputValue()).toBe('100');
    await typeInto(page, count, '2.5');
    expect(await message(count)).toContain('expected a whole number from 0 to 100000');
    expect(await read(page, (d) => d.agentTypes[0].count)).toBe(100);
    await count.blur();
    expect(await count.inputValue()).toBe('100');
    expect(errors).toEqual([]);
  });

  it('a node parameter takes -1 in a Sum weight, and shows its range for what it cannot hold', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const host = 'steer-node[data-node-id="danger"] steer-param[data-param="w0"]';
    const weight = page.locator(`${host} input[role="spinbutton"]`);
    await typeInto(page, weight, '-');
    expect(await weight.inputValue()).toBe('-');
    await page.keyboard.type('1');
    expect(await weight.inputValue()).toBe('-1');
    const w0 = () => read(page, (d) => d.agentTypes[0].graph.nodes.find((n) => n.id === 'danger')!.params.w0);
    expect(await w0()).toBe(-1);
    await weight.blur();
    await typeInto(page, weight, '1.2.3');
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    expect(await message(weight)).toContain('expected a number from -1000 to 1000');
    expect(await w0()).toBe(-1);
    await weight.blur();
    expect(await weight.inputValue()).toBe('-1');
    // the edit is one undo step
    await page.click('[data-test="undo"]');
    expect(await w0()).not.toBe(-1);
    expect(errors).toEqual([]);
  });

  it('the World panel and its table cells keep what is typed, and refuse what is out of range', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-panel="world"]');
    const width = panelField(page, 'world', 'width');
    const before = await read(page, (d) => d.world.width);
    await typeInto(page, width, '-5');
    expect(await width.inputValue()).toBe('-5');
    expect(await message(width)).toContain('expected a number greater than 0');
    expect(await read(page, (d) => d.world.width)).toBe(before);
    await width.blur();
    expect(await width.inputValue()).toBe(String(before));

    const seed = panelField(page, 'world', 'seed');
    await typeInto(page, seed, '1e3');
    expect(await read(page, (d) => d.world.seed)).toBe(1000);
    await seed.blur();

    const r = page.locator('steer-world-panel [data-obstacle="0"] steer-number-field input[aria-label="Obstacle 1 radius"]');
    await typeInto(page, r, '.5e2');
    expect(await read(page, (d) => d.world.obstacles[0].r)).toBe(50);
    expect(await r.inputValue()).toBe('.5e2');
    await r.blur();
    expect(await r.inputValue()).toBe('50');
    expect(errors).toEqual([]);
  });
});
