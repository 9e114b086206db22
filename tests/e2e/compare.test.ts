/**
 * A/B compare as a user meets it: the toolbar's Compare A/B shows the scene and a duplicate side by
 * side with a summary per agent type under each; unchanged, both run the same trajectories; an
 * edit to B makes them differ; the pointer is shared; Keep B leaves B as the open scene.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { doc, openApp, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

type V = 'A' | 'B';

/** The compare element's state as the page has it: ticks, positions, pointer and summary ticks of both variants. */
function state(page: Page) {
  return page.evaluate(() => {
    type W = { tick: number; types: string[]; positions(id: string): Float64Array; snapshot(): { pointer: number[] }; scene: { agentTypes: { id: string; maxSpeed: number }[] } };
    type P = { world: W | null; view: { scale: number; x: number; y: number }; playing: boolean };
    const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
    const c = app.shadowRoot!.querySelector('steer-compare') as unknown as
      | { previews: { A: P | null; B: P | null }; summaries: Record<'A' | 'B', { tick: number } | null> }
      | null;
    if (!c) return null;
    const one = (p: P | null) =>
      p?.world
        ? {
            tick: p.world.tick,
            positions: Object.fromEntries(p.world.types.map((id) => [id, Array.from(p.world!.positions(id))])),
            pointer: Array.from(p.world.snapshot().pointer),
            maxSpeed: Object.fromEntries(p.world.scene.agentTypes.map((t) => [t.id, t.maxSpeed])),
            view: p.view,
          }
        : null;
    return { A: one(c.previews.A), B: one(c.previews.B), summaryTick: { A: c.summaries.A?.tick ?? -1, B: c.summaries.B?.tick ?? -1 } };
  });
}

/** The summary table of a variant, as shown: one line per type. */
async function summary(page: Page, v: V): Promise<string[]> {
  return page.locator(`steer-compare section[data-variant="${v}"] [data-test="summary"] tbody tr`).allInnerTexts();
}

/** Waits until both previews are paused at the same tick and both summaries were sampled at it. */
async function pausedTogether(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
    const c = app.shadowRoot!.querySelector('steer-compare') as unknown as {
      previews: Record<'A' | 'B', { world: { tick: number } | null }>;
      summaries: Record<'A' | 'B', { tick: number } | null>;
    };
    const a = c.previews.A.world?.tick;
    return a !== undefined && a === c.previews.B.world?.tick && c.summaries.A?.tick === a && c.summaries.B?.tick === a;
  });
  return (await state(page))!.A!.tick;
}

/** Waits until both worlds passed `ticks`. */
async function pastTick(page: Page, ticks: number): Promise<void> {
  await page.waitForFunction((t) => {
    const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
    const c = app.shadowRoot!.querySelector('steer-compare') as unknown as { previews: Record<'A' | 'B', { world: { tick: number } | null }> };
    return (c.previews.A.world?.tick ?? 0) > t && (c.previews.B.world?.tick ?? 0) > t;
  }, ticks);
}

describe('A/B compare in a browser', () => {
  it('runs A and a duplicate B in lock step, shows their summaries, diverges on an edit to B, shares the pointer, keeps B', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await doc(page);
    const types = before.agentTypes.map((t) => t.id);
    expect(types).toEqual(['sheep', 'wolf']);

    // the modules carry the inspector's probes only while comparing (or following an agent); the
    // compare previews run every tick owed, so they stay together (no per-frame tick budget)
    const probed = () => page.evaluate(() => (window as unknown as { __steerApp: { source: string } }).__steerApp.source.includes('A.probeOut'));
    const variants = () =>
      page.evaluate(() => {
        const c = (window as unknown as { __steerApp: HTMLElement }).__steerApp.shadowRoot!.querySelector('steer-compare')!;
        return [...c.shadowRoot!.querySelectorAll('section steer-preview')].map((p) => {
          const v = p as unknown as { source: string; lockstep: boolean };
          return { probes: v.source.includes('A.probeOut'), lockstep: v.lockstep };
        });
      });
    expect(await probed()).toBe(false);
    await page.click('[data-test="compare"]');
    // two labelled previews, each with a summary line per agent type
    await page.waitForFunction(() => {
      const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
      const c = app.shadowRoot!.querySelector('steer-compare');
      return c?.shadowRoot?.querySelectorAll('section steer-preview').length === 2 && c.shadowRoot.querySelectorAll('[data-test="summary"] tbody tr').length === 4;
    });
    expect(await variants()).toEqual([
      { probes: true, lockstep: true },
      { probes: true, lockstep: true },
    ]);
    expect(await page.locator('steer-compare section[data-variant="A"] h3').innerText()).toContain('Original');
    expect(await page.locator('steer-compare section[data-variant="B"] h3').innerText()).toContain('Variant');
    expect(await page.locator('steer-compare section[data-variant="A"] tbody tr').first().innerText()).toContain('Sheep');
    // the right column's own preview is hidden meanwhile
    expect(await page.locator('.right > steer-preview').isVisible()).toBe(false);

    // B unchanged: after the same ticks the same positions, the same summaries
    await pastTick(page, 40);
    await page.click('[data-test="compare-play"]');
    const t1 = await pausedTogether(page);
    expect(t1).toBeGreaterThan(40);
    const s1 = (await state(page))!;
    for (const id of types) {
      expect(s1.A!.positions[id].length).toBeGreaterThan(0);
      expect(s1.B!.positions[id]).toEqual(s1.A!.positions[id]);
    }
    const sumA1 = await summary(page, 'A');
    expect(sumA1).toHaveLength(2);
    expect(await summary(page, 'B')).toEqual(sumA1);
    // the figures are numbers: speed, nearest-neighbour distance, agents in obstacles
    expect(sumA1[0]).toMatch(/Sheep\s+\d+\.\d\d\s+\d+\.\d\s+\d+/);
    expect(await page.locator('steer-compare section[data-variant="A"] th[title*="inside an obstacle circle"]').count()).toBe(1);

    // the pointer moved over A is B's pointer too, and the other way round
    const boxA = (await page.locator('steer-compare section[data-variant="A"] steer-preview').boundingBox())!;
    await page.mouse.move(boxA.x + boxA.width * 0.3, boxA.y + boxA.height * 0.4, { steps: 3 });
    let s = (await state(page))!;
    const expectedA = [(boxA.width * 0.3 - s.A!.view.x) / s.A!.view.scale, (boxA.height * 0.4 - s.A!.view.y) / s.A!.view.scale];
    expect(s.A!.pointer[0]).toBeCloseTo(expectedA[0], 1);
    expect(s.A!.pointer[1]).toBeCloseTo(expectedA[1], 1);
    expect(s.B!.pointer).toEqual(s.A!.pointer);
    const boxB = (await page.locator('steer-compare section[data-variant="B"] steer-preview').boundingBox())!;
    await page.mouse.move(boxB.x + boxB.width * 0.7, boxB.y + boxB.height * 0.6, { steps: 3 });
    s = (await state(page))!;
    expect(s.B!.pointer[0]).toBeCloseTo((boxB.width * 0.7 - s.B!.view.x) / s.B!.view.scale, 1);
    expect(s.A!.pointer).toEqual(s.B!.pointer);
    await page.mouse.move(5, 5);

    // edit B: the sheep's max speed, in the type panel
    await page.click('steer-compare [data-test="edit-B"]');
    expect(await page.locator('steer-compare [data-test="edit-B"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-test="undo"]').isDisabled()).toBe(true);
    const maxSpeed = page.locator('steer-type-panel steer-number-field[data-field="maxSpeed"] input');
    await maxSpeed.fill('0.8');
    await maxSpeed.press('Enter');
    expect((await doc(page)).agentTypes[0].maxSpeed).toBe(0.8);
    // B's world runs the edited module, A's the original
    await page.waitForFunction(() => {
      const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
      const c = app.shadowRoot!.querySelector('steer-compare') as unknown as { previews: Record<'A' | 'B', { world: { scene: { agentTypes: { maxSpeed: number }[] } } | null }> };
      return c.previews.B.world?.scene.agentTypes[0].maxSpeed === 0.8;
    });
    expect((await state(page))!.A!.maxSpeed.sheep).toBe(3);

    // undo is per variant: B's edit undoes and redoes in B; A has nothing to undo
    expect(await page.locator('[data-test="undo"]').isDisabled()).toBe(false);
    await page.click('[data-test="undo"]');
    expect((await doc(page)).agentTypes[0].maxSpeed).toBe(3);
    await page.click('[data-test="redo"]');
    expect((await doc(page)).agentTypes[0].maxSpeed).toBe(0.8);
    await page.click('steer-compare [data-test="edit-A"]');
    expect((await doc(page)).agentTypes[0].maxSpeed).toBe(3);
    expect(await page.locator('[data-test="undo"]').isDisabled()).toBe(true);
    await page.click('steer-compare [data-test="edit-B"]');
    expect((await doc(page)).agentTypes[0].maxSpeed).toBe(0.8);

    // restart both from tick 0, run, pause: the sheep's figures now differ
    await page.click('[data-test="compare-restart"]');
    await page.waitForFunction(() => {
      const app = (window as unknown as { __steerApp: HTMLElement }).__steerApp;
      const c = app.shadowRoot!.querySelector('steer-compare') as unknown as { previews: Record<'A' | 'B', { world: { tick: number } | null }> };
      return c.previews.A.world?.tick === 0 && c.previews.B.world?.tick === 0;
    });
    await page.click('[data-test="compare-play"]');
    await pastTick(page, 60);
    await page.click('[data-test="compare-play"]');
    await pausedTogether(page);
    const s2 = (await state(page))!;
    expect(s2.B!.positions.sheep).not.toEqual(s2.A!.positions.sheep);
    const [sheepA] = await summary(page, 'A');
    const [sheepB] = await summary(page, 'B');
    expect(sheepB).not.toBe(sheepA);
    const speedB = Number(await page.locator('steer-compare section[data-variant="B"] tr[data-type="sheep"] td[data-col="speed"]').innerText());
    const speedA = Number(await page.locator('steer-compare section[data-variant="A"] tr[data-type="sheep"] td[data-col="speed"]').innerText());
    expect(speedB).toBeLessThanOrEqual(0.8);
    expect(speedA).toBeGreaterThan(speedB);
    // B's differing figure is marked
    expect(await page.locator('steer-compare section[data-variant="B"] tr[data-type="sheep"] td[data-col="speed"]').getAttribute('class')).toContain('diff');

    await page.click('[data-test="compare-play"]');
    await pastTick(page, 150);
    await screenshot(page, 'compare');

    // Keep B: one preview, B's graph and parameters, unsaved
    await page.click('steer-compare [data-test="keep-B"]');
    await page.waitForFunction(() => !(window as unknown as { __steerApp: HTMLElement }).__steerApp.shadowRoot!.querySelector('steer-compare'));
    expect(await page.locator('steer-preview').count()).toBe(1);
    expect(await page.locator('.right > steer-preview').isVisible()).toBe(true);
    const kept = await doc(page);
    expect(kept.agentTypes[0].maxSpeed).toBe(0.8);
    expect(kept.agentTypes.map((t) => t.states[0].graph)).toEqual(before.agentTypes.map((t) => t.states[0].graph));
    expect(await page.locator('[data-test="dirty"]').innerText()).toContain('unsaved');
    expect(await probed()).toBe(false);
    // the remaining preview runs B's module
    await page.waitForFunction(() => {
      const p = (window as unknown as { __steerPreview?: { world: { tick: number; scene: { agentTypes: { maxSpeed: number }[] } } | null; playing: boolean } }).__steerPreview;
      return p?.playing && p.world?.scene.agentTypes[0].maxSpeed === 0.8;
    });
    expect(errors).toEqual([]);
  });

  it("takes an obstacle dragged on B's preview into B only; Keep A ends with A as it was", async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await doc(page);
    const o = before.world.obstacles[0];
    await page.click('[data-test="compare"]');
    await pastTick(page, 5);
    await page.click('[data-test="compare-play"]');
    await pausedTogether(page);

    // drag B's first obstacle 40 px to the right, on the canvas
    const box = (await page.locator('steer-compare section[data-variant="B"] steer-preview').boundingBox())!;
    const view = (await state(page))!.B!.view;
    const sx = box.x + view.x + o.x * view.scale;
    const sy = box.y + view.y + o.y * view.scale;
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    await page.mouse.move(sx + 40, sy, { steps: 6 });
    await page.mouse.up();
    const other = () =>
      page.evaluate(() => {
        const app = (window as unknown as { __steerApp: { compare: { editing: string; other: { session: { doc: { world: { obstacles: { x: number }[] } } } } } } }).__steerApp;
        return { editing: app.compare.editing, x: app.compare.other.session.doc.world.obstacles[0].x };
      });
    // A stays the one edited, and unchanged; B's document has the obstacle where it was dropped
    const b = await other();
    expect(b.editing).toBe('A');
    expect(b.x).toBeCloseTo(o.x + 40 / view.scale, 0);
    expect((await doc(page)).world.obstacles[0].x).toBe(o.x);
    expect(await page.locator('[data-test="undo"]').isDisabled()).toBe(true);
    // editing B: the drop is B's to undo
    await page.click('steer-compare [data-test="edit-B"]');
    expect((await doc(page)).world.obstacles[0].x).toBe(b.x);
    expect(await page.locator('[data-test="undo"]').isDisabled()).toBe(false);

    await page.click('steer-compare [data-test="keep-A"]');
    await page.waitForFunction(() => !(window as unknown as { __steerApp: HTMLElement }).__steerApp.shadowRoot!.querySelector('steer-compare'));
    expect((await doc(page)).world.obstacles[0].x).toBe(o.x);
    expect(await page.locator('[data-test="dirty"]').innerText()).toBe('');
    expect(await page.locator('[data-test="compare"]').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });
});
