/**
 * The panels and the path editor as a user meets them: number fields typed key by key (in the
 * Agent type and World panels, their table cells and the nodes' parameters), type ids, path points
 * dragged, inserted and deleted in the preview, one seed, obstacles added where there is room.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, screenshot } from './app';

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
    const w0 = () => read(page, (d) => d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'danger')!.params.w0);
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

/** Opens a preset (accepting the "discard changes?" prompt) and waits for its world. */
async function openPreset(page: Page, key: string, typeId: string): Promise<void> {
  page.once('dialog', (d) => void d.accept());
  await page.click('[data-test="presets"]');
  await page.click(`[data-preset="${key}"]`);
  await page.waitForFunction((id) => !!window.__steerPreview?.world?.types.includes(id), typeId);
}

/** The page point over world point (x, y) of the app's preview. */
async function overWorld(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('steer-preview canvas[role="img"]').first().boundingBox())!;
  const v = await page.evaluate(() => window.__steerPreview!.view);
  return { x: box.x + x * v.scale + v.x, y: box.y + y * v.scale + v.y };
}

/** The points of a path of the open document. */
function pathPoints(page: Page, id: string): Promise<[number, number][]> {
  return read(page, (d) => d.world.paths.find((p) => p.id === id)!.points);
}

describe('path points in Edit mode', () => {
  it('drags a point, inserts one with a click on a segment, removes one with Delete and one with Alt-click, each undoable', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openPreset(page, 'patrol', 'guard');
    await page.click('[data-test="play-pause"]');
    const start = await pathPoints(page, 'patrol');
    expect(start[2]).toEqual([650, 140]);
    const nodes = (await doc(page)).agentTypes[0].states[0].graph.nodes.length;
    await page.click('[data-panel="world"]');
    await page.click('steer-world-panel [data-path="patrol"] button:has-text("Edit")');

    // drag point 2 (650, 140) to (600, 200)
    const from = await overWorld(page, 650, 140);
    const to = await overWorld(page, 600, 200);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => pathPoints(page, 'patrol')).not.toEqual(start);
    let pts = await pathPoints(page, 'patrol');
    expect(pts).toHaveLength(7);
    expect(pts[2][0]).toBeCloseTo(600, 0);
    expect(pts[2][1]).toBeCloseTo(200, 0);
    expect(pts.filter((_, k) => k !== 2)).toEqual(start.filter((_, k) => k !== 2));

    // a click on the segment from point 0 (150, 120) to point 1 (400, 90) inserts a point there
    const mid = await overWorld(page, 275, 105);
    await page.mouse.click(mid.x, mid.y);
    pts = await pathPoints(page, 'patrol');
    expect(pts).toHaveLength(8);
    expect(pts[1][0]).toBeCloseTo(275, 0);
    expect(pts[1][1]).toBeCloseTo(105, 0);
    expect(pts[2]).toEqual(start[1]);
    await screenshot(page, 'path-edit-inserted');

    // select point 4 (690, 330) and press Delete: the point goes, the graph keeps its nodes
    const p4 = await overWorld(page, 690, 330);
    await page.mouse.click(p4.x, p4.y);
    await page.keyboard.press('Delete');
    pts = await pathPoints(page, 'patrol');
    expect(pts).toHaveLength(7);
    expect(pts.some(([x, y]) => x === 690 && y === 330)).toBe(false);
    expect((await doc(page)).agentTypes[0].states[0].graph.nodes).toHaveLength(nodes);

    // Alt-click removes point (300, 500)
    const p6 = await overWorld(page, 300, 500);
    await page.keyboard.down('Alt');
    await page.mouse.click(p6.x, p6.y);
    await page.keyboard.up('Alt');
    pts = await pathPoints(page, 'patrol');
    expect(pts).toHaveLength(6);
    expect(pts.some(([x, y]) => x === 300 && y === 500)).toBe(false);

    // four edits, four undo steps
    for (const n of [7, 8, 7]) {
      await page.click('[data-test="undo"]');
      expect(await pathPoints(page, 'patrol')).toHaveLength(n);
    }
    await page.click('[data-test="undo"]');
    expect(await pathPoints(page, 'patrol')).toEqual(start);
    expect(errors).toEqual([]);
  });

  it('outside Edit mode a click on a path point changes nothing', async () => {
    opened = await openApp();
    const { page } = opened;
    await openPreset(page, 'patrol', 'guard');
    const start = await pathPoints(page, 'patrol');
    const p = await overWorld(page, 400, 90);
    await page.mouse.click(p.x, p.y);
    await page.keyboard.press('Delete');
    expect(await pathPoints(page, 'patrol')).toEqual(start);
  });
});

describe('one seed, and obstacles added where there is room', () => {
  it("the preview's Reset with seed sets the World panel's seed, and the World panel's seed is the preview's", async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-panel="world"]');
    const previewSeed = page.locator('steer-preview [data-test="seed"]');
    await typeInto(page, previewSeed, '2024');
    await page.click('steer-preview [data-test="reset-seed"]');
    expect(await read(page, (d) => d.world.seed)).toBe(2024);
    await expect.poll(() => panelField(page, 'world', 'seed').inputValue()).toBe('2024');
    expect(await page.evaluate(() => window.__steerPreview!.seed)).toBe(2024);

    await typeInto(page, panelField(page, 'world', 'seed'), '77');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.__steerPreview!.seed)).toBe(77);
    await expect.poll(() => previewSeed.inputValue()).toBe('77');
    // one undo step brings the seed the preview set back
    await page.click('[data-test="undo"]');
    expect(await read(page, (d) => d.world.seed)).toBe(2024);
    expect(errors).toEqual([]);
  });

  it('Add obstacle puts each new obstacle on a free spot inside the world', async () => {
    opened = await openApp();
    const { page } = opened;
    await page.click('[data-panel="world"]');
    const before = await read(page, (d) => d.world.obstacles.length);
    for (let k = 0; k < 4; k++) await page.click('steer-world-panel button:has-text("Add obstacle")');
    const d = await doc(page);
    const all = d.world.obstacles;
    expect(all).toHaveLength(before + 4);
    for (const o of all.slice(before)) {
      expect(o.x - o.r).toBeGreaterThanOrEqual(0);
      expect(o.y - o.r).toBeGreaterThanOrEqual(0);
      expect(o.x + o.r).toBeLessThanOrEqual(d.world.width);
      expect(o.y + o.r).toBeLessThanOrEqual(d.world.height);
      // clear of every other obstacle
      for (const p of all) if (p !== o) expect(Math.hypot(p.x - o.x, p.y - o.y)).toBeGreaterThanOrEqual(p.r + o.r);
    }
  });
});

describe('agent type ids', () => {
  it('shows the id, renames it with every reference to it as one undo step, and refuses a bad or taken id', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const id = page.locator('steer-type-panel input[aria-label="Type id"]');
    expect(await id.inputValue()).toBe('sheep');
    await page.click('.tabs button[data-type="wolf"]');
    await expect.poll(() => id.inputValue()).toBe('wolf');

    // the rule, then a taken id: said at once, nothing changes
    await typeInto(page, id, '2 wolves');
    expect(await page.locator('steer-type-panel [role="alert"]').textContent()).toContain('a letter or _, then up to 63 letters, digits, _ or -');
    await page.keyboard.press('Enter');
    await typeInto(page, id, 'sheep');
    expect(await page.locator('steer-type-panel [role="alert"]').textContent()).toContain('“sheep” is the id of the type “Sheep”');
    await page.keyboard.press('Enter');
    expect(await read(page, (d) => d.agentTypes.map((t) => t.id))).toEqual(['sheep', 'wolf']);

    await typeInto(page, id, 'wolves');
    await page.keyboard.press('Enter');
    const d = await doc(page);
    expect(d.agentTypes.map((t) => t.id)).toEqual(['sheep', 'wolves']);
    // the sheep's Nearest Agent chose the wolves by id: it follows
    expect(d.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'wolf')!.params.agentType).toBe('wolves');
    expect(await page.locator('.tabs button[data-type="wolves"]').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('steer-type-panel .id-hint').textContent()).toContain("world.agents('wolves')");
    await expect.poll(() => page.evaluate(() => window.__steerPreview!.world!.types.join())).toBe('sheep,wolves');
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');

    await page.click('[data-test="undo"]');
    const back = await doc(page);
    expect(back.agentTypes.map((t) => t.id)).toEqual(['sheep', 'wolf']);
    expect(back.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'wolf')!.params.agentType).toBe('wolf');
    expect(errors).toEqual([]);
  });

  it("a new type's id follows its name until the id is edited, and a duplicate name is warned about", async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-test="add-type"]');
    const id = page.locator('steer-type-panel input[aria-label="Type id"]');
    await expect.poll(() => id.inputValue()).toBe('type-3');
    const name = page.locator('steer-type-panel input[aria-label="Type name"]');
    await typeInto(page, name, 'Wolves');
    await page.keyboard.press('Enter');
    await expect.poll(() => id.inputValue()).toBe('wolves');
    expect(await read(page, (d) => d.agentTypes.map((t) => `${t.id}:${t.name}`))).toEqual(['sheep:Sheep', 'wolf:Wolf', 'wolves:Wolves']);
    expect(await page.locator('steer-type-panel [data-test="duplicate-name"]').count()).toBe(0);

    // the same name as another type: warned, and the id stays unique
    await typeInto(page, name, 'wolf');
    await page.keyboard.press('Enter');
    await expect.poll(() => id.inputValue()).toBe('wolf-2');
    expect(await page.locator('steer-type-panel [data-test="duplicate-name"]').textContent()).toContain('Another agent type is also called “Wolf”');
    await screenshot(page, 'agent-type-panel');

    // once the id is edited it stays
    await typeInto(page, id, 'pack');
    await page.keyboard.press('Enter');
    await typeInto(page, name, 'Hunters');
    await page.keyboard.press('Enter');
    expect(await read(page, (d) => d.agentTypes.map((t) => `${t.id}:${t.name}`))).toEqual(['sheep:Sheep', 'wolf:Wolf', 'pack:Hunters']);
    // a renamed preset type keeps its id: a game may call it by it
    await page.click('.tabs button[data-type="sheep"]');
    await typeInto(page, name, 'Lambs');
    await page.keyboard.press('Enter');
    expect(await read(page, (d) => d.agentTypes[0].id)).toBe('sheep');
    expect(errors).toEqual([]);
  });
});
