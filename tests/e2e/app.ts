/**
 * Shared steps of the app's browser tests: open the built app in a fresh profile, read its state
 * through the test hooks (window.__steerApp, window.__steerPreview), find nodes and sockets.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { launch } from './chromium';
import { PORT } from './global-setup';

export const APP_URL = `http://127.0.0.1:${PORT}/`;
export const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');

/**
 * A fresh browser on the app; `page.errors` collects page errors (a test asserts none). The page has
 * no file pickers (Save downloads, Open… uses the file input: chromium.ts) unless `init` is given: a
 * script run in the page before the app's, with the browser's pickers left in place for it.
 */
export async function openApp(options: { clearStorage?: boolean; init?: () => void } = {}) {
  const browser = await launch({ filePickers: !!options.init });
  if (options.init) await browser.context.addInitScript(options.init);
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(m.text());
  });
  await page.goto(APP_URL);
  if (options.clearStorage !== false) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
  }
  await waitForApp(page);
  return { page, errors, close: browser.close, context: browser.context };
}

/** Waits until the app has drawn its graph and the preview runs. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = (window as unknown as { __steerApp?: { editor?: unknown } }).__steerApp;
    return !!app?.editor && document.querySelectorAll('steer-node').length > 0 && !!(window as unknown as { __steerPreview?: unknown }).__steerPreview;
  });
}

/** The open document. */
export function doc(page: Page): Promise<SceneDocument> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __steerApp: { doc: unknown } }).__steerApp.doc)));
}

/** The preview world's tick. */
export function tick(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __steerPreview: { world: { tick: number } } }).__steerPreview.world.tick);
}

/** A copy of the preview world's positions of a type. */
export function positions(page: Page, typeId: string): Promise<number[]> {
  return page.evaluate((id) => Array.from((window as unknown as { __steerPreview: { world: { positions(id: string): Float64Array } } }).__steerPreview.world.positions(id)), typeId);
}

/** The centre of an element (client coordinates). */
export async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from one element's centre to another's, in small steps. */
export async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** The selector of a node's socket. */
export function socket(nodeId: string, side: 'input' | 'output', port: string): string {
  return `steer-node[data-node-id="${nodeId}"] .row.${side}[data-port="${port}"] steer-socket`;
}

/** Saves a screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The graph of a type, in a comparable form. */
export function graphOf(d: SceneDocument, typeId: string) {
  const t = d.agentTypes.find((x) => x.id === typeId)!;
  return {
    nodes: t.states[0].graph.nodes.map((n) => ({ id: n.id, kind: n.kind, params: n.params })),
    connections: t.states[0].graph.connections.map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort(),
  };
}

/**
 * Opens a scene as a user does: Open…, then a file of it (the text, or a document to write as
 * JSON). Resolves once the app shows that scene (its name and agent types); a file the app refuses
 * fails here with the dialog's text.
 */
export async function openFile(page: Page, name: string, scene: SceneDocument | string): Promise<void> {
  const text = typeof scene === 'string' ? scene : JSON.stringify(scene);
  const d = JSON.parse(text) as SceneDocument;
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const shown = page.waitForFunction(
    ([n, ids]) => {
      const a = (window as unknown as { __steerApp?: { doc: SceneDocument } }).__steerApp?.doc;
      return !!a && a.name === n && JSON.stringify(a.agentTypes.map((t) => t.id)) === ids;
    },
    [d.name, JSON.stringify(d.agentTypes.map((t) => t.id))] as const,
  );
  const refused = page.waitForSelector('dialog[data-test="dialog"]').then(async (el) => {
    throw new Error(`Open… refused ${name}: ${await el.textContent()}`);
  });
  await Promise.race([shown, refused]);
}
