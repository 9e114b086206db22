/**
 * The app never loses a user's work: two tabs keep their own drafts, an edit made just before a
 * reload or a close is kept, drafts that no longer load are kept until the user discards them, and
 * the tab title marks unsaved work. Edits are made as a user makes them: the Presets menu with the
 * mouse, the scene name typed key by key.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { DRAFT_PREFIX, encodeDraft } from '../../src/document/storage';
import type { SceneDocument } from '../../src/document/types';
import { APP_URL, doc, screenshot, waitForApp } from './app';
import { launch } from './chromium';

let closeBrowser: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeBrowser?.();
  closeBrowser = undefined;
});

/** A browser with a fresh profile (its storage empty). */
async function browser(): Promise<BrowserContext> {
  const b = await launch();
  closeBrowser = b.close;
  return b.context;
}

/** A new tab on the app; every dialog (the leave-page prompt, "discard your changes?") is accepted; page errors are collected. */
async function newTab(context: BrowserContext, errors: string[] = []): Promise<Page> {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(m.text());
  });
  await page.goto(APP_URL);
  await waitForApp(page);
  return page;
}

function preset(key: string): SceneDocument {
  const r = loadScene(readFileSync(path.resolve(import.meta.dirname, `../../presets/${key}.steer.json`), 'utf8'));
  if (!r.ok) throw new Error(`preset ${key} does not load`);
  return r.doc;
}

/** Opens a preset from the Presets menu with the mouse. */
async function pickPreset(page: Page, key: string): Promise<void> {
  await page.click('[data-test="presets"]');
  await page.click(`[data-preset="${key}"]`);
  await page.waitForFunction((name) => (window as unknown as { __steerApp: { doc: { name: string } } }).__steerApp.doc.name === name, preset(key).name);
}

/** Renames the scene: selects the name field's text, types the new name key by key, presses Enter. */
async function rename(page: Page, name: string): Promise<void> {
  await page.click('header input.name', { clickCount: 3 });
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
}

/** Waits until an autosaved draft holds `text` (the tab's autosave is written). */
async function autosaved(page: Page, text: string): Promise<void> {
  await page.waitForFunction((text) => Object.keys(localStorage).some((k) => k.startsWith('steergraph.draft') && (localStorage.getItem(k) ?? '').includes(text)), text, {
    timeout: 10_000,
  });
}

const agentTypes = (d: SceneDocument) => d.agentTypes.map((t) => t.id);

describe('drafts', () => {
  it('two tabs keep their own work: neither autosave replaces the other’s draft', async () => {
    const context = await browser();
    const errors: string[] = [];
    const a = await newTab(context, errors);
    await pickPreset(a, 'seek');
    await rename(a, 'Work of A');
    await autosaved(a, 'Work of A');

    // Tab B opens: it starts from the most recent draft (A's), then works on another scene.
    const b = await newTab(context, errors);
    expect((await doc(b)).name).toBe('Work of A');
    await pickPreset(b, 'flee');
    await rename(b, 'Work of B');
    await autosaved(b, 'Work of B');

    // A edits again, after B: its autosave is the newest.
    await rename(a, 'More work of A');
    await autosaved(a, 'More work of A');

    // Each tab reloads to its own work.
    await b.reload();
    await waitForApp(b);
    const inB = await doc(b);
    expect(inB.name).toBe('Work of B');
    expect(agentTypes(inB)).toEqual(agentTypes(preset('flee')));
    expect(await b.locator('[data-test="dirty"]').textContent()).toContain('unsaved');
    await a.reload();
    await waitForApp(a);
    const inA = await doc(a);
    expect(inA.name).toBe('More work of A');
    expect(agentTypes(inA)).toEqual(agentTypes(preset('seek')));

    // A third tab starts from the most recent draft.
    const c = await newTab(context, errors);
    expect((await doc(c)).name).toBe('More work of A');
    expect(errors).toEqual([]);
  });

  it('an edit made just before a reload or a close is kept (0, 100 and 250 ms after it)', async () => {
    const context = await browser();
    const errors: string[] = [];
    let page = await newTab(context, errors);
    for (const delay of [0, 100, 250]) {
      await rename(page, `Reloaded ${delay} ms after`);
      // The delay between the edit and the reload is the scenario itself (autosave waits 300 ms
      // for its debounce), not a wait for a condition.
      if (delay) await page.waitForTimeout(delay);
      await page.reload();
      await waitForApp(page);
      expect((await doc(page)).name, `reload ${delay} ms after the edit`).toBe(`Reloaded ${delay} ms after`);

      await rename(page, `Closed ${delay} ms after`);
      if (delay) await page.waitForTimeout(delay); // the scenario's delay, as above
      const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
      await page.close({ runBeforeUnload: true });
      await closed;
      // The next tab opened starts from the most recent draft: the closed tab's.
      page = await newTab(context, errors);
      expect((await doc(page)).name, `close ${delay} ms after the edit`).toBe(`Closed ${delay} ms after`);
      expect(await page.locator('[data-test="dirty"]').textContent()).toContain('unsaved');
    }
    expect(errors).toEqual([]);
  });

  it('every draft that does not load is kept until discarded, and can be downloaded', async () => {
    const context = await browser();
    const first = await newTab(context);
    // Two drafts written by a newer Steergraph (version 8), found one after the other.
    const newer = (name: string) => serializeScene({ ...preset('seek'), name }).replace('"version": 7', '"version": 8');
    const texts = [newer('From a newer version, 1'), newer('From a newer version, 2')];
    const plant = (p: Page, k: number) =>
      p.evaluate(([key, value]) => localStorage.setItem(key, value), [`${DRAFT_PREFIX}elsewhere-${k}`, encodeDraft(texts[k], Date.now() + 3_600_000 * (k + 1), true)] as const);
    await plant(first, 0);
    const second = await newTab(context);
    await second.locator('[data-test="notice"]').filter({ hasText: 'The autosaved draft could not be restored (version: made by a newer Steergraph' }).waitFor();
    expect(await second.locator('[data-test="unreadable"]').textContent()).toMatch(/An unreadable draft is kept/);
    await plant(second, 1);
    const page = await newTab(context);
    const kept = page.locator('[data-test="unreadable"]');
    await kept.filter({ hasText: '2 unreadable drafts are kept' }).waitFor();
    // The first is still there: both download as they were stored.
    await kept.click();
    const rows = page.locator('[data-test="unreadable-draft"]');
    expect(await rows.count()).toBe(2);
    await screenshot(page, 'drafts-unreadable');
    const dir = mkdtempSync(path.join(tmpdir(), 'steergraph-drafts-'));
    for (let k = 0; k < 2; k++) {
      const [download] = await Promise.all([page.waitForEvent('download'), rows.nth(k).locator('[data-test="unreadable-download"]').click()]);
      const file = path.join(dir, `${k}-${download.suggestedFilename()}`);
      await download.saveAs(file);
      expect(readFileSync(file, 'utf8')).toBe(texts[k]);
    }
    // Kept across reloads until discarded; Discard asks first (the dialog is accepted).
    await page.reload();
    await waitForApp(page);
    await kept.filter({ hasText: '2 unreadable drafts are kept' }).waitFor();
    await kept.click();
    await rows.first().locator('[data-test="unreadable-discard"]').click();
    await kept.filter({ hasText: 'An unreadable draft is kept' }).waitFor();
    await page.reload();
    await waitForApp(page);
    await kept.filter({ hasText: 'An unreadable draft is kept' }).waitFor();
    await kept.click();
    const [download] = await Promise.all([page.waitForEvent('download'), rows.first().locator('[data-test="unreadable-download"]').click()]);
    const file = path.join(dir, `last-${download.suggestedFilename()}`);
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8')).toBe(texts[1]);
    await rows.first().locator('[data-test="unreadable-discard"]').click();
    await kept.waitFor({ state: 'detached' });
    await page.reload();
    await waitForApp(page);
    expect(await kept.count()).toBe(0);
  });

  it('the tab title marks unsaved work, and Save clears the mark', async () => {
    const context = await browser();
    const page = await newTab(context);
    const name = (await doc(page)).name;
    expect(await page.title()).toBe(`${name} — Steergraph`);
    await rename(page, 'My flock');
    await expect.poll(() => page.title()).toBe('• My flock — Steergraph');
    await Promise.all([page.waitForEvent('download'), page.click('[data-test="save"]')]);
    await expect.poll(() => page.title()).toBe('My flock — Steergraph');
    // Undo makes it differ from the saved file again.
    await page.click('[data-test="undo"]');
    await expect.poll(() => page.title()).toBe(`• ${name} — Steergraph`);
  });
});
