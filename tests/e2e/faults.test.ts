/**
 * The app under faults: browser storage full or disabled, a file that is not a scene dropped on the
 * window, an export while the graph has errors, closing the tab with unsaved changes, and a
 * 500-node graph pasted in. In each the app keeps working and nothing of the open scene is lost.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { APP_URL, doc, screenshot, tick, waitForApp } from './app';
import { launch } from './chromium';

type App = {
  doc: SceneDocument;
  typeId: string;
  history: { canUndo: boolean; canRedo: boolean };
  apply(edit: unknown): void;
  undo(): void;
  redo(): void;
  exportModule(what: 'js' | 'dts'): void;
};

let closeBrowser: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeBrowser?.();
  closeBrowser = undefined;
});

/** The app in a fresh browser, with `init` run in the page before any of the app's scripts. */
async function open(init?: () => void): Promise<{ page: Page; errors: string[] }> {
  const browser = await launch();
  closeBrowser = browser.close;
  if (init) await browser.context.addInitScript(init);
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(m.text());
  });
  await page.goto(APP_URL);
  await waitForApp(page);
  return { page, errors };
}

const notice = (page: Page) => page.locator('[data-test="notice"]');
const typeCount = (page: Page) => page.evaluate(() => (window as unknown as { __steerApp: App }).__steerApp.doc.agentTypes.length);
const nodeCount = (page: Page) => page.evaluate(() => document.querySelectorAll('steer-node').length);

/** Saves with the toolbar button; returns the downloaded text. */
async function save(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="save"]')]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'steergraph-faults-')), download.suggestedFilename());
  await download.saveAs(file);
  return readFileSync(file, 'utf8');
}

/** Edits with the toolbar, undoes, redoes, and saves: the saved file is the open document. */
async function editUndoSave(page: Page): Promise<void> {
  const before = await typeCount(page);
  await page.click('[data-test="add-type"]');
  await page.waitForFunction((n) => (window as unknown as { __steerApp: App }).__steerApp.doc.agentTypes.length === n + 1, before);
  await page.click('[data-test="undo"]');
  expect(await typeCount(page)).toBe(before);
  await page.click('[data-test="redo"]');
  expect(await typeCount(page)).toBe(before + 1);
  const text = await save(page);
  const loaded = loadScene(text);
  expect(loaded.ok).toBe(true);
  if (loaded.ok) expect(loaded.doc).toEqual(await doc(page));
}

describe('the app under faults', () => {
  it('browser storage full: a warning in the status line, and the app works and saves', async () => {
    const { page, errors } = await open(() => {
      Storage.prototype.setItem = function setItem(): void {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.click('[data-test="add-type"]');
    await notice(page).filter({ hasText: 'Autosave failed: browser storage is full' }).waitFor({ timeout: 10_000 });
    expect(await notice(page).textContent()).toMatch(/The previous draft is kept; save the scene to a file/);
    await editUndoSave(page);
    await screenshot(page, 'faults-storage-full');
    expect(errors).toEqual([]);
  });

  it('browser storage disabled: a warning in the status line, and the app works and saves', async () => {
    const { page, errors } = await open(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    await notice(page).filter({ hasText: 'The autosaved draft cannot be restored: browser storage is not available' }).waitFor();
    await page.click('[data-test="add-type"]');
    await notice(page).filter({ hasText: 'Autosave is off: browser storage is not available' }).waitFor({ timeout: 10_000 });
    await editUndoSave(page);
    expect(errors).toEqual([]);
  });

  it('a file that is not a scene dropped on the window: the error dialog, the scene untouched', async () => {
    const { page, errors } = await open();
    await page.click('[data-test="add-type"]'); // an unsaved edit, to be kept
    await page.evaluate(() => {
      (window as unknown as { __before: unknown }).__before = (window as unknown as { __steerApp: App }).__steerApp.doc;
    });
    const before = await doc(page);
    const files: [string, number[] | string, RegExp][] = [
      ['notes.txt', 'this is not JSON {', /not JSON: line 1, column 1: expected a value, found 'this'/],
      ['picture.steer.json', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], /not a text file: it has a NUL byte at byte offset 8/],
      ['list.steer.json', '[1, 2, 3]', /expected a scene: a JSON object, got a list of 3 items/],
      ['deep.steer.json', '['.repeat(100_000), /nested more than 32 deep/],
    ];
    for (const [name, content, message] of files) {
      await page.evaluate(
        ([name, content]) => {
          const dt = new DataTransfer();
          const body = typeof content === 'string' ? content : new Uint8Array(content);
          dt.items.add(new File([body], name, { type: 'application/octet-stream' }));
          window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        },
        [name, content] as const,
      );
      const dialog = page.locator('dialog[data-test="dialog"]');
      await dialog.waitFor();
      expect(await dialog.locator('h3').textContent()).toBe(`${name} could not be opened`);
      expect(await dialog.textContent()).toMatch(message);
      if (name === 'notes.txt') await screenshot(page, 'faults-dropped-file');
      await dialog.locator('button').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { __steerApp: App; __before: unknown }).__steerApp.doc === (window as unknown as { __before: unknown }).__before)).toBe(true);
      expect(await doc(page)).toEqual(before);
      expect(await page.locator('[data-test="dirty"]').textContent()).toContain('unsaved');
    }
    // … and the history is as it was: undo takes back the edit made before the drops.
    await page.click('[data-test="undo"]');
    expect((await doc(page)).agentTypes.length).toBe(before.agentTypes.length - 1);
    expect(errors).toEqual([]);
  });

  it('an export while the graph has errors is refused, with the list of problems', async () => {
    const { page, errors } = await open();
    // Two errors: the Agent Output loses its force, and a second Agent Output appears.
    await page.evaluate(() => {
      const app = (window as unknown as { __steerApp: App }).__steerApp;
      const c = (window as unknown as { __steerCommands: Record<string, (...a: unknown[]) => unknown> }).__steerCommands;
      const g = app.doc.agentTypes.find((t) => t.id === app.typeId)!.states[0].graph;
      const out = g.nodes.find((n) => n.kind === 'agent-output')!;
      const into = g.connections.find((x) => x.to[0] === out.id)!;
      app.apply(c.disconnect(app.typeId, into));
      app.apply(c.addNode(app.typeId, { id: 'second-output', kind: 'agent-output', params: {}, position: [0, 400] }));
    });
    await page.locator('[data-test="problems-count"]').filter({ hasText: /^\s*2 errors/ }).waitFor();
    let downloads = 0;
    page.on('download', () => downloads++);
    for (const item of ['export-js', 'export-dts']) {
      await page.click('[data-test="export"]');
      await page.click(`[data-test="${item}"]`);
      const dialog = page.locator('dialog[data-test="dialog"]');
      await dialog.waitFor();
      expect(await dialog.locator('h3').textContent()).toBe('Export refused: 2 problems to fix first');
      const lines = await dialog.locator('li').allTextContents();
      expect(lines).toHaveLength(2);
      expect(lines.join('\n')).toMatch(/Agent Output needs its Force input connected/);
      expect(lines.join('\n')).toMatch(/second-output: A graph takes exactly one Agent Output; remove this one/);
      if (item === 'export-js') await screenshot(page, 'faults-export-refused');
      await dialog.locator('button').click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.waitForTimeout(500);
    expect(downloads).toBe(0);
    expect(errors).toEqual([]);
  });

  it('closing the tab with unsaved changes: the browser asks first; after saving it does not', async () => {
    const first = await open();
    await first.page.click('[data-test="add-type"]');
    const asked = new Promise<string>((resolve) => first.page.once('dialog', (d) => void d.accept().then(() => resolve(d.type()))));
    await first.page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await closeBrowser?.();

    const second = await open();
    await second.page.click('[data-test="add-type"]');
    await save(second.page);
    await second.page.click('[data-panel="world"]'); // a gesture that changes nothing
    const dialogs: string[] = [];
    second.page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    const closed = new Promise<void>((resolve) => second.page.once('close', () => resolve()));
    await second.page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual([]);
  });

  it('a 500-node graph pasted in: drawn while the page stays responsive, and it undoes', async () => {
    const { page, errors } = await open();
    const before = await nodeCount(page);
    // Long tasks (over 50 ms of the main thread) from here on.
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    const longest = () => page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
    const t0 = Date.now();
    const applyMs = await page.evaluate(() => {
      const app = (window as unknown as { __steerApp: App }).__steerApp;
      const c = (window as unknown as { __steerCommands: { paste: (...a: unknown[]) => { edit: unknown; ids: string[] } } }).__steerCommands;
      // 100 groups of five: a Pointer that a Seek and a Flee aim at, a Wander, and a Sum of the three forces.
      const nodes = [];
      const connections = [];
      for (let g = 0; g < 100; g++) {
        const x = (g % 10) * 1400;
        const y = Math.floor(g / 10) * 700;
        const id = (k: number) => `g${g}n${k}`;
        nodes.push(
          { id: id(0), kind: 'pointer', params: {}, position: [x, y] },
          { id: id(1), kind: 'seek', params: {}, position: [x + 260, y] },
          { id: id(2), kind: 'flee', params: { panicDistance: 100 + g }, position: [x + 260, y + 220] },
          { id: id(3), kind: 'wander', params: {}, position: [x + 260, y + 440] },
          { id: id(4), kind: 'sum', params: { w1: 0.5 }, position: [x + 560, y + 100] },
        );
        connections.push(
          { from: [id(0), 'point'], to: [id(1), 'target'] },
          { from: [id(0), 'point'], to: [id(2), 'target'] },
          { from: [id(1), 'force'], to: [id(4), 'in0'] },
          { from: [id(2), 'force'], to: [id(4), 'in1'] },
          { from: [id(3), 'force'], to: [id(4), 'in2'] },
        );
      }
      const t = performance.now();
      const { edit } = c.paste(app.typeId, app.doc, nodes, connections, [0, 1200]);
      app.apply(edit);
      return performance.now() - t;
    });
    // While it is drawn, the page answers: a timer fires and the preview keeps running.
    const timer = await page.evaluate(() => new Promise<number>((resolve) => { const t = performance.now(); setTimeout(() => resolve(performance.now() - t), 0); }));
    const tick0 = await tick(page);
    await page.waitForFunction((t) => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick > t + 10, tick0, { timeout: 20_000 });
    await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n + 500, before, { timeout: 90_000 });
    const drawMs = Date.now() - t0;
    const typeId = await page.evaluate(() => (window as unknown as { __steerApp: App }).__steerApp.typeId);
    expect((await doc(page)).agentTypes.find((t) => t.id === typeId)!.states[0].graph.nodes.length).toBe(before + 500);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toMatch(/error|warning|No problems/);
    const longestDrawing = await longest();
    console.log(`500-node paste: applied in ${applyMs.toFixed(0)} ms, drawn in ${drawMs} ms; a 0 ms timer fired after ${timer.toFixed(0)} ms; the longest task took ${longestDrawing.toFixed(0)} ms`);
    // (Before: the page froze for 20 to 50 s, one task redrawing the minimap for every node added.)
    expect(longestDrawing).toBeLessThan(1000);
    expect(timer).toBeLessThan(1000);
    await screenshot(page, 'faults-500-nodes');
    // One undo takes the whole paste back; redo brings it again, and the page stays responsive.
    await page.click('[data-test="undo"]');
    await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, before, { timeout: 60_000 });
    await page.click('[data-test="redo"]');
    await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n + 500, before, { timeout: 90_000 });
    expect(await longest()).toBeLessThan(1000);
    expect(errors).toEqual([]);
  });
});
