/**
 * What the app says about a file and a typed value, as a user meets it: a chosen file is read as
 * bytes through the loader (a UTF-16 file is named as such), text from the file and its name are
 * shown escaped in the error dialog and the problems list, and a number field's message reads once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const good = readFileSync(path.resolve(import.meta.dirname, '../fixtures/good.steer.json'), 'utf8');

describe('files and messages in the app', () => {
  it('a number field out of range says "expected …" once', async () => {
    opened = await openApp();
    const { page } = opened;
    const input = page.locator('steer-type-panel steer-number-field[data-field="count"] input');
    await input.click({ clickCount: 3 });
    await page.keyboard.type('200000');
    const err = page.locator('steer-type-panel steer-number-field[data-field="count"] .err');
    await err.waitFor();
    expect(await err.textContent()).toBe('expected a whole number from 0 to 100000, got "200000"');
  });

  it('a UTF-16 file is refused naming UTF-16; its name and the file’s text show escaped', async () => {
    opened = await openApp();
    const { page } = opened;
    page.on('dialog', (d) => void d.accept());
    const dialog = page.locator('dialog[data-test="dialog"]');

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good, 'utf16le')]);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
    await chooser.setFiles({ name: 'evil\u202enosj.steer.json', mimeType: 'application/json', buffer: utf16 });
    await dialog.waitFor();
    expect(await dialog.locator('h3').textContent()).toBe('evil\\u202enosj.steer.json could not be opened');
    expect(await dialog.locator('li').allTextContents()).toEqual(['the file is UTF-16 (little-endian) text; Steergraph reads scene files as UTF-8: save it as UTF-8']);
    await dialog.locator('button').click();
    await dialog.waitFor({ state: 'detached' });

    // A file that loads, with a node kind and a port that carry a bidirectional override.
    const doc = JSON.parse(good);
    doc.agentTypes[0].states[0].graph.nodes[1].kind = 'kind\u202eabc';
    const [chooser2] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
    await chooser2.setFiles({ name: 'crafted.steer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: { name: string } } }).__steerApp.doc.name === 'Sheep and dog');
    await page.click('[data-panel="problems"]');
    const problem = page.locator('[data-test="problem"]').first();
    await problem.waitFor();
    const text = (await page.locator('[data-test="problem"]').allTextContents()).join('\n');
    expect(text).toContain('Unknown node kind "kind\\u202eabc"');
    expect(text).toContain('Sheep › kind\\u202eabc (contain)');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
