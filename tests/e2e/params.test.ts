/**
 * Exposed parameters as a user meets them (issue 18): the ◇ on a node's number exposes it as a
 * parameter of the agent type, the node shows a chip with its name, the Agent type panel's
 * Parameters list it (default typed key by key, validation where the field is), the live slider
 * acts on the running simulation at once without resetting it and is recorded (seeking back and
 * playing on gives the same positions), undo and redo, and save and open again.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, openFile, positions, screenshot, tick } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

type Hooks = { __steerApp: { doc: SceneDocument } };

const ROW = 'steer-node[data-node-id="arrive"] steer-param[data-param="slowingRadius"]';
const CARD = 'steer-params-panel .param[data-param="slowingRadius"]';

/** The preview's live value of the arrivers' slowingRadius (null: none). */
function live(page: Page): Promise<number | null> {
  return page.evaluate(() => window.__steerPreview!.paramValue('arriver', 'slowingRadius'));
}

/** Waits until the running world's value is `v`. */
async function liveIs(page: Page, v: number): Promise<void> {
  await page.waitForFunction((v) => window.__steerPreview!.paramValue('arriver', 'slowingRadius') === v, v);
}

/** Waits until the document's first type satisfies `f` (given as the text of a function of the type). */
async function typeIs(page: Page, test: string): Promise<void> {
  await page.waitForFunction((test) => new Function('t', `return ${test}`)((window as unknown as Hooks).__steerApp.doc.agentTypes[0]), test);
}

/** Drags the live slider with the mouse from its thumb to the far right (`to` 1) or left (0). */
async function dragSlider(page: Page, to: 0 | 1): Promise<void> {
  const slider = page.locator(`${CARD} [data-test="live-slider"]`);
  const box = (await slider.boundingBox())!;
  const [min, max, value] = await slider.evaluate((el: HTMLInputElement) => [Number(el.min), Number(el.max), Number(el.value)]);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 8 + ((value - min) / (max - min)) * (box.width - 16), y);
  await page.mouse.down();
  await page.mouse.move(to ? box.x + box.width + 30 : box.x - 30, y, { steps: 12 });
  await page.mouse.up();
}

/** Steps `n` ticks, one at a time as the step button does. */
async function steps(page: Page, n: number): Promise<void> {
  await page.evaluate((n) => {
    for (let k = 0; k < n; k++) window.__steerPreview!.stepOnce();
  }, n);
}

describe('exposed parameters', () => {
  it('exposes a node parameter with the mouse, edits it in the Parameters panel, drives the running simulation live, and keeps it through undo, save and open', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="arrive"]');
    await page.waitForSelector(ROW);

    // ◇ on the row exposes it: the chip names the new parameter, the field is gone
    await page.click(`${ROW} [data-test="expose"]`);
    const chip = page.locator(`${ROW} [data-test="exposed-chip"]`);
    await chip.waitFor();
    expect((await chip.textContent())?.trim()).toContain('slowingRadius');
    expect(await page.locator(`${ROW} steer-number-field`).count()).toBe(0);
    let d = await doc(page);
    expect(d.agentTypes[0].params).toEqual([{ name: 'slowingRadius', default: 120, min: 5, max: 500, unit: 'px' }]);
    expect(d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'arrive')!.exposed).toEqual({ slowingRadius: 'slowingRadius' });

    // one undo step, and redo brings it back
    await page.keyboard.press('Control+z');
    await page.locator(`${ROW} steer-number-field`).waitFor();
    expect((await doc(page)).agentTypes[0].params).toBeUndefined();
    await page.keyboard.press('Control+Shift+z');
    await chip.waitFor();

    // the chip shows the parameter in the Agent type panel's Parameters, its name field focused
    await chip.click();
    await page.waitForSelector(CARD);
    await page.waitForFunction(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el instanceof HTMLInputElement && el.dataset.field === 'name';
    });
    await liveIs(page, 120);
    await screenshot(page, 'params-panel');

    // once the type has a parameter, ◇ offers it: Separation's distance reads slowingRadius too (one undo step)
    const sep = 'steer-node[data-node-id="separation"] steer-param[data-param="distance"]';
    await page.selectOption(`${sep} [data-test="expose"]`, 'slowingRadius');
    await page.locator(`${sep} [data-test="exposed-chip"]`).waitFor();
    expect((await doc(page)).agentTypes[0].params).toHaveLength(1);
    expect(await page.locator(`${CARD} [data-test="uses"]`).textContent()).toContain('Read by 2 exposed node parameters');
    await page.click('[data-test="undo"]');
    await page.locator(`${sep} steer-number-field`).waitFor();

    // a new default typed key by key: the document's default, and the running value too
    const def = page.locator(`${CARD} steer-number-field[data-field="default"] input`);
    await def.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('150', { delay: 20 });
    await typeIs(page, `t.params[0].default === 150`);
    await liveIs(page, 150);
    await page.keyboard.press('Enter');

    // a min above the default is refused where it is typed, and the document keeps its min
    const min = page.locator(`${CARD} steer-number-field[data-field="min"] input`);
    await min.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('300', { delay: 20 });
    const alert = page.locator(`${CARD} steer-number-field[data-field="min"] [role="alert"]`);
    expect(await alert.textContent()).toContain('min must be at most the default (150)');
    expect((await doc(page)).agentTypes[0].params![0].min).toBe(5);
    await page.keyboard.press('Escape');

    // a second parameter: a taken name is refused at once; a good one renames it
    await page.click('steer-params-panel [data-test="add-param"]');
    await page.waitForSelector('steer-params-panel .param[data-param="param"] input.name');
    await page.keyboard.type('slowingRadius', { delay: 10 });
    expect(await page.locator('steer-params-panel .param[data-param="param"] [data-test="name-error"]').textContent()).toContain('already');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('fear', { delay: 10 });
    await page.keyboard.press('Enter');
    await typeIs(page, `t.params.map((p) => p.name).join() === 'slowingRadius,fear'`);
    await page.click('steer-params-panel .param[data-param="fear"] [data-test="delete-param"]');
    await typeIs(page, `t.params.length === 1`);

    // the live slider, while it plays: the world's value at once, the tick runs on, the document keeps its default
    const before = await tick(page);
    await dragSlider(page, 1);
    await liveIs(page, 500);
    expect(await tick(page)).toBeGreaterThanOrEqual(before);
    expect((await doc(page)).agentTypes[0].params![0].default).toBe(150);
    expect(await page.locator(`${CARD} [data-test="live-value"]`).textContent()).toBe('500');
    await screenshot(page, 'params-live');

    // a graph edit recompiles: the module swapped in keeps the live value and the tick
    await page.evaluate(() => ((window as unknown as { __before: unknown }).__before = window.__steerPreview!.world));
    const edited = await tick(page);
    const dist = page.locator('steer-node[data-node-id="separation"] steer-param[data-param="distance"] steer-number-field input');
    await dist.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('40', { delay: 20 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__steerPreview!.world !== (window as unknown as { __before: unknown }).__before);
    expect(await live(page)).toBe(500);
    expect(await tick(page)).toBeGreaterThanOrEqual(edited);

    // paused at tick T: 40 ticks at 500, then from T again with the slider at the far left
    await page.click('steer-preview [data-test="play-pause"]');
    const T = await tick(page);
    expect(T).toBeGreaterThan(0);
    await steps(page, 40);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, T + 40);
    const wide = await positions(page, 'arriver');
    await page.evaluate((t) => window.__steerPreview!.seek(t), T);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, T);
    await dragSlider(page, 0);
    await liveIs(page, 5);
    await steps(page, 40);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, T + 40);
    const narrow = await positions(page, 'arriver');
    expect(narrow).not.toEqual(wide);
    // the slider's value is recorded: back to T and on again, the same positions as the first time
    await page.evaluate((t) => window.__steerPreview!.seek(t), T + 3);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, T + 3);
    await steps(page, 37);
    await page.waitForFunction((t) => window.__steerPreview!.world!.tick === t, T + 40);
    expect(await positions(page, 'arriver')).toEqual(narrow);
    expect(await live(page)).toBe(5);

    // Set as default writes the live value into the document (one undo step)
    await page.click(`${CARD} [data-test="set-default"]`);
    await typeIs(page, `t.params[0].default === 5`);
    await page.keyboard.press('Control+z');
    await typeIs(page, `t.params[0].default === 150`);

    // saved and opened again: the parameter and the exposure are there
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="save"]')]);
    const text = readFileSync((await download.path())!, 'utf8');
    const saved = JSON.parse(text) as SceneDocument;
    expect(saved.agentTypes[0].params).toEqual([{ name: 'slowingRadius', default: 150, min: 5, max: 500, unit: 'px' }]);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector('steer-node');
    await openFile(page, 'arrive.steer.json', text);
    await page.locator(`${ROW} [data-test="exposed-chip"]`).waitFor();
    d = await doc(page);
    expect(d.agentTypes[0].params).toEqual(saved.agentTypes[0].params);
    expect(d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'arrive')!.exposed).toEqual({ slowingRadius: 'slowingRadius' });
    await liveIs(page, 150);

    // un-expose from the chip: the literal is the default again, the parameter stays
    await page.click(`${ROW} [data-test="unexpose"]`);
    await page.locator(`${ROW} steer-number-field`).waitFor();
    d = await doc(page);
    expect(d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'arrive')!.params.slowingRadius).toBe(150);
    expect(d.agentTypes[0].params).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('in worker mode (5,000 agents) the live slider sets the worker’s world, and its frames show the value, without a reset', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="large-flock"]');
    await page.waitForFunction(() => window.__steerPreview!.mode === 'worker' && window.__steerPreview!.world!.tick > 0);
    const row = 'steer-node[data-node-id="flock"] steer-param[data-param="cohesionWeight"]';
    await page.click(`${row} [data-test="expose"]`);
    await page.click(`${row} [data-test="exposed-chip"]`);
    const card = 'steer-params-panel .param[data-param="cohesionWeight"]';
    await page.waitForSelector(`${card} [data-test="live-slider"]`);
    await page.waitForFunction(() => window.__steerPreview!.paramValue('boid', 'cohesionWeight') === 1);
    const before = await tick(page);
    const slider = page.locator(`${card} [data-test="live-slider"]`);
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + 8 + 0.1 * (box.width - 16), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 30, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    await page.waitForFunction(() => window.__steerPreview!.paramValue('boid', 'cohesionWeight') === 10);
    expect(await tick(page)).toBeGreaterThan(before);
    expect(await page.evaluate(() => window.__steerPreview!.mode)).toBe('worker');
    expect((await doc(page)).agentTypes[0].params).toEqual([{ name: 'cohesionWeight', default: 1, min: 0, max: 10 }]);
    expect(errors).toEqual([]);
  });

  it('while comparing A/B, the live slider sets the value in both previews, as the Pointer is shared', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="arrive"]');
    await page.click(`${ROW} [data-test="expose"]`);
    await page.click('[data-test="compare"]');
    const both = () =>
      page.evaluate(() => {
        const c = document.querySelector('steer-app')!.shadowRoot!.querySelector('steer-compare') as unknown as { previews: Record<'A' | 'B', { paramValue(t: string, n: string): number | null } | null> };
        return [c.previews.A?.paramValue('arriver', 'slowingRadius') ?? null, c.previews.B?.paramValue('arriver', 'slowingRadius') ?? null];
      });
    await page.waitForFunction(() => !!document.querySelector('steer-app')!.shadowRoot!.querySelector('steer-compare'));
    await page.click(`${ROW} [data-test="exposed-chip"]`);
    await page.waitForSelector(`${CARD} [data-test="live-slider"]`);
    await expect.poll(both).toEqual([120, 120]);
    await dragSlider(page, 1);
    await expect.poll(both).toEqual([500, 500]);
    expect(errors).toEqual([]);
  });
});
