/**
 * Saving in place, as a user meets it in Chromium: Save asks once where to save, then Save and
 * Ctrl+S write that same file; a file opened with Open… is the one Ctrl+S writes; a write that fails
 * says so and loses nothing; without the pickers Save downloads as before.
 *
 * Headless Chromium cannot answer a real picker, so the page gets pickers that answer at once with
 * real file handles of the Origin Private File System (the same FileSystemFileHandle a picker
 * gives), counting how often each was shown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** What the test pickers hold: how often each was shown, and how the next one answers. */
interface Pickers {
  saves: number;
  opens: number;
  suggested: string[];
  /** The OPFS file Open… picks. */
  openName: string;
  /** The next picker is cancelled (AbortError), as by Escape. */
  cancel: boolean;
  /** Writes through the handles given fail with NotAllowedError, as when permission is revoked. */
  failWrites: boolean;
}

/** Installs pickers that answer with OPFS file handles (runs in the page before the app). */
function installPickers(): void {
  const state: Pickers = { saves: 0, opens: 0, suggested: [], openName: '', cancel: false, failWrites: false };
  const w = window as unknown as Record<string, unknown>;
  w.__pickers = state;
  const answer = async (name: string): Promise<FileSystemFileHandle> => {
    if (state.cancel) throw new DOMException('The user aborted a request.', 'AbortError');
    const handle = await (await navigator.storage.getDirectory()).getFileHandle(name, { create: true });
    const createWritable = handle.createWritable.bind(handle);
    // the real handle, whose writes can be made to fail as a revoked permission makes them
    handle.createWritable = (...a: Parameters<typeof createWritable>) =>
      state.failWrites ? Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) : createWritable(...a);
    return handle;
  };
  w.showSaveFilePicker = async (options: { suggestedName: string }) => {
    state.saves++;
    state.suggested.push(options.suggestedName);
    return answer(options.suggestedName);
  };
  w.showOpenFilePicker = async () => {
    state.opens++;
    return [await answer(state.openName)];
  };
}

const pickers = (page: Page): Promise<Pickers> => page.evaluate(() => (window as unknown as { __pickers: Pickers }).__pickers);
const setPickers = (page: Page, p: Partial<Pickers>) => page.evaluate((p) => Object.assign((window as unknown as { __pickers: Pickers }).__pickers, p), p);

/** The text of an OPFS file ('' when there is none). */
const opfsText = (page: Page, name: string): Promise<string> =>
  page.evaluate(async (n) => {
    const dir = await navigator.storage.getDirectory();
    try {
      return await (await (await dir.getFileHandle(n)).getFile()).text();
    } catch {
      return '';
    }
  }, name);

/** Writes an OPFS file, as a file on disk the user later picks. */
const writeOpfs = (page: Page, name: string, text: string) =>
  page.evaluate(
    async ([n, t]) => {
      const out = await (await (await navigator.storage.getDirectory()).getFileHandle(n, { create: true })).createWritable();
      await out.write(t);
      await out.close();
    },
    [name, text] as const,
  );

const header = (page: Page, test: string) => page.locator(`steer-app [data-test="${test}"]`);
const dirtyText = (page: Page) => header(page, 'dirty').textContent();
/** The file shown beside the scene name ('' when none is held). */
const fileText = async (page: Page) => ((await header(page, 'file').count()) ? ((await header(page, 'file').textContent()) ?? '').trim() : '');

/** Renames the scene in the toolbar's name field. */
async function rename(page: Page, name: string): Promise<void> {
  await page.click('header input.name', { clickCount: 3 });
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.name === n, name);
}

/** Types a new agent count key by key into the Agent type panel (the focus stays in the field). */
async function typeCount(page: Page, count: number): Promise<void> {
  await page.click('steer-type-panel steer-number-field[data-field="count"] input', { clickCount: 3 });
  await page.keyboard.type(String(count));
  await page.waitForFunction((n) => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].count === n, count);
}

const good = readFileSync(path.resolve(import.meta.dirname, '../fixtures/good.steer.json'), 'utf8');

describe('save in place (File System Access pickers)', () => {
  it('Save asks once, then Save and Ctrl+S write the same file; Open… holds the file it opens; New holds none', async () => {
    opened = await openApp({ init: installPickers });
    const { page, errors } = opened;
    await rename(page, 'Herd');
    expect(await dirtyText(page)).toBe('● unsaved');
    expect(await header(page, 'save-as').isVisible()).toBe(true);

    await page.click('[data-test="save"]');
    await expect.poll(() => fileText(page)).toBe('saved to herd.steer.json');
    expect(await dirtyText(page)).toBe('');
    expect((await pickers(page)).saves).toBe(1);
    expect((await pickers(page)).suggested).toEqual(['herd.steer.json']);
    expect(JSON.parse(await opfsText(page, 'herd.steer.json'))).toEqual(await doc(page));

    // an edit, typed key by key; Ctrl+S with the focus still in the field writes the same file
    await typeCount(page, 37);
    expect(await dirtyText(page)).toBe('● unsaved');
    expect(await fileText(page)).toBe('herd.steer.json');
    await page.keyboard.press('Control+S');
    await expect.poll(() => dirtyText(page)).toBe('');
    expect(JSON.parse(await opfsText(page, 'herd.steer.json')).agentTypes[0].count).toBe(37);
    expect(JSON.parse(await opfsText(page, 'herd.steer.json'))).toEqual(await doc(page));
    expect((await pickers(page)).saves).toBe(1);
    expect(await fileText(page)).toBe('saved to herd.steer.json');
    await expect.poll(() => header(page, 'notice').textContent()).toBe('Saved to herd.steer.json.');

    // the Save button too writes without asking
    await typeCount(page, 38);
    await page.click('[data-test="save"]');
    await expect.poll(async () => JSON.parse(await opfsText(page, 'herd.steer.json')).agentTypes[0].count).toBe(38);
    expect((await pickers(page)).saves).toBe(1);

    // Open… another file on disk: its scene shows, and Ctrl+S writes that file, not the first
    const herd = await opfsText(page, 'herd.steer.json');
    await writeOpfs(page, 'flock.steer.json', good);
    await setPickers(page, { openName: 'flock.steer.json' });
    await page.click('[data-test="open"]');
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.name === 'Sheep and dog');
    expect(await fileText(page)).toBe('saved to flock.steer.json');
    expect((await pickers(page)).opens).toBe(1);
    await typeCount(page, 5);
    await page.keyboard.press('Control+S');
    await expect.poll(() => dirtyText(page)).toBe('');
    const flock = JSON.parse(await opfsText(page, 'flock.steer.json')) as SceneDocument;
    expect(flock.name).toBe('Sheep and dog');
    expect(flock.agentTypes[0].count).toBe(5);
    expect(flock).toEqual(await doc(page));
    expect(await opfsText(page, 'herd.steer.json')).toBe(herd);
    expect((await pickers(page)).saves).toBe(1);
    await screenshot(page, 'save-in-place');

    // Save as… asks again, and then holds the new file
    await rename(page, 'Sheep copy');
    await page.keyboard.press('Control+Shift+S');
    await expect.poll(() => fileText(page)).toBe('saved to sheep-copy.steer.json');
    expect((await pickers(page)).saves).toBe(2);
    expect(JSON.parse(await opfsText(page, 'sheep-copy.steer.json')).name).toBe('Sheep copy');
    expect(JSON.parse(await opfsText(page, 'flock.steer.json')).name).toBe('Sheep and dog');

    // a file dropped on the window holds none: Ctrl+S asks where
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.steer.json', { type: 'application/json' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, good);
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.name === 'Sheep and dog');
    expect(await fileText(page)).toBe('');
    await page.keyboard.press('Control+S');
    await expect.poll(() => fileText(page)).toBe('saved to sheep-and-dog.steer.json');
    expect((await pickers(page)).saves).toBe(3);

    // New holds no file: Save asks again (cancelled here: nothing changes)
    await page.click('[data-test="new"]');
    await expect.poll(() => fileText(page)).toBe('');
    await setPickers(page, { cancel: true });
    await page.keyboard.press('Control+S');
    await expect.poll(async () => (await pickers(page)).saves).toBe(4);
    expect(await fileText(page)).toBe('');
    expect(errors).toEqual([]);
  });

  it('Ctrl+S while the scene name is still being typed saves the name typed, and the typing goes on', async () => {
    opened = await openApp({ init: installPickers });
    const { page, errors } = opened;
    await rename(page, 'Herd');
    await page.click('[data-test="save"]');
    await expect.poll(() => fileText(page)).toBe('saved to herd.steer.json');
    // type into the name field, no Enter, and save from the keyboard
    await page.click('header input.name');
    await page.keyboard.press('End');
    await page.keyboard.type(' two');
    await page.keyboard.press('Control+S');
    await expect.poll(async () => JSON.parse(await opfsText(page, 'herd.steer.json')).name).toBe('Herd two');
    expect(await dirtyText(page)).toBe('');
    // the focus is still in the field, at the end of what was typed
    await page.keyboard.type('!');
    expect(await page.inputValue('header input.name')).toBe('Herd two!');
    expect((await pickers(page)).saves).toBe(1);
    expect(errors).toEqual([]);
  });

  it('after a reload of the tab, Ctrl+S goes on writing the file it held, without asking', async () => {
    opened = await openApp({ init: installPickers });
    const { page, errors } = opened;
    await rename(page, 'Herd');
    await page.click('[data-test="save"]');
    await expect.poll(() => fileText(page)).toBe('saved to herd.steer.json');
    await typeCount(page, 23);
    await page.waitForFunction(() => Object.values(localStorage).some((v) => /"count": ?23\b/.test(v)));
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __steerApp?: { doc: SceneDocument } }).__steerApp?.doc.name === 'Herd');
    // the restored draft is unsaved, and the file it goes to is named
    await expect.poll(() => fileText(page)).toBe('herd.steer.json');
    expect(await dirtyText(page)).toBe('● unsaved');
    await page.click('steer-graph-editor, [data-test="graph"]');
    await page.keyboard.press('Control+S');
    await expect.poll(async () => JSON.parse(await opfsText(page, 'herd.steer.json')).agentTypes[0].count).toBe(23);
    expect(await dirtyText(page)).toBe('');
    // the pickers of the reloaded page were never shown
    expect((await pickers(page)).saves).toBe(0);
    // New forgets the file: after another reload nothing is held
    await page.click('[data-test="new"]');
    await expect.poll(() => fileText(page)).toBe('');
    await page.reload();
    await page.waitForFunction(() => !!(window as unknown as { __steerApp?: { doc: SceneDocument } }).__steerApp?.doc);
    await page.waitForFunction(() => !!document.querySelector('steer-app'));
    expect(await fileText(page)).toBe('');
    expect(errors).toEqual([]);
  });

  it('a cancelled picker changes nothing; a write that fails says so, keeps the edit and asks again', async () => {
    opened = await openApp({ init: installPickers });
    const { page, errors } = opened;
    await rename(page, 'Herd');

    // cancelled: no file held, still unsaved, nothing alarming shown
    await setPickers(page, { cancel: true });
    await page.click('[data-test="save"]');
    await expect.poll(async () => (await pickers(page)).saves).toBe(1);
    expect(await dirtyText(page)).toBe('● unsaved');
    expect(await fileText(page)).toBe('');
    expect(await header(page, 'notice').count()).toBe(0);
    expect(await page.locator('steer-app dialog').count()).toBe(0);

    await setPickers(page, { cancel: false });
    await page.click('[data-test="save"]');
    await expect.poll(() => fileText(page)).toBe('saved to herd.steer.json');
    const written = await opfsText(page, 'herd.steer.json');

    // the permission is gone: Ctrl+S says why, and the edit stays, unsaved
    await typeCount(page, 41);
    await setPickers(page, { failWrites: true });
    await page.keyboard.press('Control+S');
    const notice = header(page, 'notice');
    await expect.poll(() => notice.textContent()).toBe(
      'Not saved: herd.steer.json could not be written (permission to write it was denied). Your scene is still open and unsaved; Save again to choose where to save it.',
    );
    expect(await dirtyText(page)).toBe('● unsaved');
    expect(await fileText(page)).toBe('');
    expect((await doc(page)).agentTypes[0].count).toBe(41);
    expect(await opfsText(page, 'herd.steer.json')).toBe(written);

    // the next Save asks where again, and writes
    await setPickers(page, { failWrites: false });
    await page.keyboard.press('Control+S');
    await expect.poll(() => dirtyText(page)).toBe('');
    expect((await pickers(page)).saves).toBe(3);
    expect(JSON.parse(await opfsText(page, 'herd.steer.json')).agentTypes[0].count).toBe(41);
    expect(errors).toEqual([]);
  });

  it('without the pickers, Save downloads and Open… uses the file input, as before', async () => {
    opened = await openApp({
      init: () => {
        const w = window as unknown as Record<string, unknown>;
        delete w.showSaveFilePicker;
        delete w.showOpenFilePicker;
      },
    });
    const { page, errors } = opened;
    expect(await header(page, 'save-as').count()).toBe(0);
    await rename(page, 'Herd');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="save"]')]);
    expect(download.suggestedFilename()).toBe('herd.steer.json');
    await expect.poll(() => dirtyText(page)).toBe('');
    expect(await fileText(page)).toBe('');
    // Ctrl+S downloads again (and never opens the browser's Save page)
    await typeCount(page, 9);
    const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+S')]);
    expect(again.suggestedFilename()).toBe('herd.steer.json');
    await expect.poll(() => dirtyText(page)).toBe('');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
    await chooser.setFiles({ name: 'flock.steer.json', mimeType: 'application/json', buffer: Buffer.from(good) });
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.name === 'Sheep and dog');
    expect(await fileText(page)).toBe('');
    expect(errors).toEqual([]);
  });
});
