/**
 * Helpers of the browser tests of the graph editor's gestures: open a graph as a user does, and
 * read what the document holds and where things are drawn.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { doc } from './app';

export type Hooks = { __steerApp: { doc: SceneDocument; selection: string[]; notice: string | null } };

/** Opens a scene whose first type has this graph as a user does: New, then Open… with a file of it. */
export async function openGraph(page: Page, graph: SceneDocument['agentTypes'][number]['states'][number]['graph']): Promise<string> {
  await page.click('[data-test="new"]');
  await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
  const d = await doc(page);
  d.agentTypes[0].states[0].graph = graph;
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
  await chooser.setFiles({ name: 'wiring.steer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(d)) });
  // the file's nodes, by id: New's two nodes may have the same count as the file's
  await page.waitForFunction(
    (ids) => JSON.stringify([...document.querySelectorAll('steer-node')].map((n) => n.getAttribute('data-node-id')).sort()) === ids,
    JSON.stringify(graph.nodes.map((n) => n.id).sort()),
  );
  // it opened (no dialog saying it could not be), and the graph shown is the file's
  expect(await page.locator('dialog[data-test="dialog"]').count()).toBe(0);
  expect((await nodes(page)).map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id));
  // (the wires drawn too, before the test takes hold of one)
  await page.waitForFunction((n) => document.querySelectorAll('rete-connection-wrapper').length === n, graph.connections.length);
  // F with nothing selected frames every node (Fit keeps text legible, so a wide graph would
  // extend beyond the view)
  const allInView = () =>
    page.evaluate(() => {
      const g = document.querySelector('[data-test="graph"]')!.getBoundingClientRect();
      return [...document.querySelectorAll('steer-node')].every((n) => {
        const r = n.getBoundingClientRect();
        return r.left >= g.left && r.top >= g.top && r.right <= g.right && r.bottom <= g.bottom;
      });
    });
  await page.keyboard.press('f');
  await expect.poll(allInView).toBe(true);
  return d.agentTypes[0].id;
}

export const connections = (page: Page) => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.connections.map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort());
export const nodes = (page: Page) => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.nodes);
export const selection = (page: Page) => page.evaluate(() => [...(window as unknown as Hooks).__steerApp.selection].sort());
export const graphBox = async (page: Page) => (await page.locator('[data-test="graph"]').boundingBox())!;

/** Drags from a point to a point with the mouse, in steps. */
export async function dragFromTo(page: Page, a: { x: number; y: number }, b: { x: number; y: number }): Promise<void> {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** The id of the node drawn in front at a point of the page (what a click there would reach). */
export function nodeInFront(page: Page, at: { x: number; y: number }): Promise<string | undefined> {
  return page.evaluate(({ x, y }) => {
    let el = document.elementFromPoint(x, y);
    for (;;) {
      if (el instanceof HTMLElement && el.tagName === 'STEER-NODE') return el.dataset.nodeId;
      const inner = el?.shadowRoot?.elementFromPoint(x, y);
      if (!inner || inner === el) return undefined;
      el = inner;
    }
  }, at);
}

/** Wander into the Agent Output. */
export const WANDER_OUT = {
  nodes: [
    { id: 'w', kind: 'wander', params: {}, position: [0, 0] as [number, number] },
    { id: 'o', kind: 'agent-output', params: {}, position: [320, 0] as [number, number] },
  ],
  connections: [{ from: ['w', 'force'] as [string, string], to: ['o', 'force'] as [string, string] }],
};
