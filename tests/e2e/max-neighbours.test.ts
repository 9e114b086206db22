/**
 * Max neighbours (issue 22, item 19) as a designer meets it: a parameter of the neighbour nodes,
 * shown on the node like the others, its range (a whole number from 1 to 100,000) enforced as it
 * is typed.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { doc, openApp } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

function alertOf(input: Locator): Promise<string | null> {
  return input.evaluate((el) => (el.getRootNode() as ShadowRoot).querySelector('[role="alert"]')?.textContent ?? null);
}

describe('Max neighbours on the Flock node', () => {
  it('shows with its default, takes a whole number in range, and refuses 0 and 2.5 with the range', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const param = page.locator('steer-node[data-node-id="flock"] steer-param[data-param="maxNeighbors"]');
    await expect.poll(() => param.count()).toBe(1);
    expect(await param.getByText('Max neighbours').count()).toBeGreaterThan(0);
    const input = param.locator('input[role="spinbutton"]');
    expect(await input.inputValue()).toBe('1000');
    const stored = () => doc(page).then((d) => d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'flock')!.params.maxNeighbors);
    // an old scene does not store it: the default applies
    expect(await stored()).toBeUndefined();

    await typeInto(page, input, '64');
    expect(await stored()).toBe(64);
    await input.blur();

    await typeInto(page, input, '0');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await alertOf(input)).toContain('expected a whole number from 1 to 100000');
    expect(await stored()).toBe(64);
    await input.blur();
    expect(await input.inputValue()).toBe('64');

    await typeInto(page, input, '2.5');
    expect(await alertOf(input)).toContain('expected a whole number from 1 to 100000');
    expect(await stored()).toBe(64);
    expect(errors).toEqual([]);
  });
});
