/**
 * Agent-type states in the editor, as a user meets them: the state bar above the graph (add,
 * rename in place key by key, switch graphs, delete, minimum time, reset on enter, undo, autosave)
 * and the state view (boxes for the states, arrows for the Go to State nodes, double-click a box to
 * edit its graph).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, waitForApp } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

type Hooks = { __steerApp: { doc: SceneDocument } };

/** The first type's states' names. */
async function stateNames(page: Page): Promise<string[]> {
  return (await doc(page)).agentTypes[0].states.map((s) => s.name);
}

/** Waits until the first type's states are these names. */
async function statesAre(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (names) => JSON.stringify((window as unknown as Hooks).__steerApp.doc.agentTypes[0].states.map((s) => s.name)) === JSON.stringify(names),
    names,
  );
}

/** Waits until the graph canvas draws `n` nodes. */
async function nodesShown(page: Page, n: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, n);
}

const tab = (name: string) => `steer-state-bar button[data-state-tab="${name}"]`;

/** Renames a state by double-clicking its tab and typing the name key by key, then a key (Enter or Escape). */
async function typeName(page: Page, from: string, to: string, end: 'Enter' | 'Escape' = 'Enter'): Promise<void> {
  await page.dblclick(tab(from));
  const input = page.locator('steer-state-bar input[data-test="state-name"]');
  await input.waitFor();
  // the field opens with the name selected: typing replaces it
  await page.keyboard.type(to, { delay: 15 });
  await page.keyboard.press(end);
}

/** A two-state scene file: Go to State nodes default → flee (order 1), flee → default (order 2), default → ghost (no such state). */
function twoStateScene(base: SceneDocument): SceneDocument {
  const d = structuredClone(base);
  const t = d.agentTypes[0];
  d.agentTypes = [t];
  const g0 = t.states[0].graph;
  g0.nodes.push(
    { id: 'to-flee', kind: 'go-to-state', params: { state: 'flee', order: 1 }, position: [60, 420] },
    { id: 'to-ghost', kind: 'go-to-state', params: { state: 'ghost', order: 3 }, position: [300, 420] },
  );
  t.states.push({
    name: 'flee',
    minTicks: 90,
    resetOnEnter: true,
    graph: {
      nodes: [
        { id: 'out', kind: 'agent-output', params: {}, position: [400, 200] },
        { id: 'wander', kind: 'wander', params: {}, position: [100, 200] },
        { id: 'back', kind: 'go-to-state', params: { state: 'default', order: 2 }, position: [100, 400] },
      ],
      connections: [{ from: ['wander', 'force'], to: ['out', 'force'] }],
    },
  });
  return d;
}

/** Opens a scene file the way a user does: Open…, then the file. */
async function openScene(page: Page, d: SceneDocument): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-test="open"]')]);
  await chooser.setFiles({ name: 'states.steer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(d)) });
  await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states.length === 2);
}

describe('states in the editor', () => {
  it('adds a state with +, renames it key by key, shows each state’s own graph, and undoes it all', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const start = await doc(page);
    const first = start.agentTypes[0].states[0];
    // a one-state type: one tab and +, no "Any state"
    expect(await page.locator('steer-state-bar button[role="tab"]').allTextContents()).toEqual([expect.stringContaining('default')]);
    expect(await page.locator(tab('*any')).count()).toBe(0);
    expect(await page.locator('steer-state-bar [data-test="state-problems"]').count()).toBe(0);

    await page.click('steer-state-bar [data-test="add-state"]');
    await statesAre(page, ['default', 'state']);
    // the new state shows: its graph holds just an Agent Output
    await page.waitForFunction(() => document.querySelector('steer-app')!.shadowRoot!.querySelector('steer-state-bar')!.shadowRoot!.querySelector('button[data-state-tab="state"]')?.getAttribute('aria-selected') === 'true');
    await nodesShown(page, 1);
    expect(await page.locator('steer-node').getAttribute('data-kind')).toBe('agent-output');
    await page.locator(tab('*any')).waitFor();
    // its Agent Output has no force yet, and no Go to State leads to it: its tab says so, the first state's does not
    await page.locator(`${tab('state')} [data-test="state-problems"]`).waitFor();
    expect(await page.locator(`${tab('state')} [data-test="state-problems"]`).getAttribute('title')).toBe('1 error, 1 warning in this graph');
    expect(await page.locator(`${tab('default')} [data-test="state-problems"]`).count()).toBe(0);

    await typeName(page, 'state', 'flee');
    await statesAre(page, ['default', 'flee']);
    await page.locator(tab('flee')).waitFor();

    // a taken name and a name that is no id say why, and change nothing
    await typeName(page, 'flee', 'default');
    const problem = page.locator('steer-state-bar [data-test="state-name-problem"]');
    expect(await problem.textContent()).toContain('“default” is already a state of this type');
    const bar = (await page.locator('steer-state-bar').boundingBox())!;
    await page.screenshot({ path: '/tmp/ui-state-rename.png', clip: { x: bar.x, y: bar.y, width: bar.width, height: bar.height + 40 } });
    await page.keyboard.press('Escape');
    await problem.waitFor({ state: 'detached' });
    await typeName(page, 'flee', '2 fast');
    expect(await problem.textContent()).toContain('Not a state name');
    await page.keyboard.press('Escape');
    expect(await stateNames(page)).toEqual(['default', 'flee']);

    // a node added in state 2 is in state 2 only
    await page.dblclick('steer-palette .item[data-kind="seek"]');
    await nodesShown(page, 2);
    let d = await doc(page);
    expect(d.agentTypes[0].states[1].graph.nodes.map((n) => n.kind).sort()).toEqual(['agent-output', 'seek']);
    expect(d.agentTypes[0].states[0]).toEqual(first);
    await page.click(tab('default'));
    await nodesShown(page, first.graph.nodes.length);
    expect(await page.locator('steer-node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId).sort())).toEqual(first.graph.nodes.map((n) => n.id).sort());
    await page.click(tab('flee'));
    await nodesShown(page, 2);

    // Ctrl+Z: the node, then the name, then the state
    await page.keyboard.press('Control+z');
    await nodesShown(page, 1);
    await page.keyboard.press('Control+z');
    await statesAre(page, ['default', 'state']);
    await page.keyboard.press('Control+z');
    await statesAre(page, ['default']);
    await nodesShown(page, first.graph.nodes.length);
    d = await doc(page);
    expect(d.agentTypes[0]).toEqual(start.agentTypes[0]);
    expect(errors).toEqual([]);
  });

  it('asks before deleting a state with nodes; stores the minimum time in ticks; keeps the states over a reload', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const dialogs: string[] = [];
    let answer = false;
    page.on('dialog', (dlg) => {
      dialogs.push(dlg.message());
      void (answer ? dlg.accept() : dlg.dismiss());
    });
    await page.click('steer-state-bar [data-test="add-state"]');
    await statesAre(page, ['default', 'state']);
    await page.dblclick('steer-palette .item[data-kind="wander"]');
    await nodesShown(page, 2);

    const menu = page.locator('steer-state-bar [data-test="state-menu"]');
    await page.click('steer-state-bar [data-test="state-more"]');
    await menu.waitFor();
    // declined: the state stays
    await menu.locator('[data-action="delete"]').click();
    expect(dialogs).toEqual([expect.stringContaining('Delete the state “state” and its graph of 2 nodes?')]);
    expect(await stateNames(page)).toEqual(['default', 'state']);
    // accepted: it goes, and the first state shows
    answer = true;
    await page.click('steer-state-bar [data-test="state-more"]');
    await menu.locator('[data-action="delete"]').click();
    await statesAre(page, ['default']);
    expect(dialogs).toHaveLength(2);
    // a state holding only its Agent Output goes without asking
    await page.click('steer-state-bar [data-test="add-state"]');
    await statesAre(page, ['default', 'state']);
    await page.click('steer-state-bar [data-test="state-more"]');
    await menu.locator('[data-action="delete"]').click();
    await statesAre(page, ['default']);
    expect(dialogs).toHaveLength(2);
    // the last state cannot be deleted; "⋯" again closes the menu, so does Escape
    await page.click('steer-state-bar [data-test="state-more"]');
    expect(await menu.locator('[data-action="delete"]').isDisabled()).toBe(true);
    await page.click('steer-state-bar [data-test="state-more"]');
    await menu.waitFor({ state: 'detached' });
    await page.click('steer-state-bar [data-test="state-more"]');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // minimum time, typed key by key in ticks; reset memory on enter
    await page.click('steer-state-bar [data-test="add-state"]');
    await statesAre(page, ['default', 'state']);
    await page.click('steer-state-bar [data-test="state-more"]');
    const field = menu.locator('steer-number-field[data-field="min-ticks"] input');
    await field.click({ clickCount: 3 });
    await page.keyboard.type('90', { delay: 15 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[1].minTicks === 90);
    expect(await menu.locator('[data-test="min-seconds"]').textContent()).toContain('90 ticks = 1.5 s');
    await menu.locator('input[data-field="reset-on-enter"]').check();
    await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[1].resetOnEnter === true);
    await page.screenshot({ path: '/tmp/ui-state-menu.png' });
    await page.keyboard.press('Escape');
    // the tab tells the minimum time
    expect(await page.locator(tab('state')).textContent()).toContain('≥90t');
    // one undo step each: reset on enter, then the whole typed minimum time
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => !(window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[1].resetOnEnter);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[1].minTicks === undefined);
    await page.keyboard.press('Control+Shift+z');
    await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[1].minTicks === 90);

    // the autosave keeps the states over a reload
    // F2 on the focused tab renames it too
    await page.focus(tab('state'));
    await page.keyboard.press('F2');
    await page.locator('steer-state-bar input[data-test="state-name"]').waitFor();
    await page.keyboard.type('rest', { delay: 15 });
    await page.keyboard.press('Enter');
    await statesAre(page, ['default', 'rest']);
    // the focus is back on the tab; ← and → go from tab to tab, each showing its graph
    const focused = () => page.evaluate(() => document.querySelector('steer-app')!.shadowRoot!.querySelector('steer-state-bar')!.shadowRoot!.activeElement?.getAttribute('data-state-tab'));
    await expect.poll(focused).toBe('rest');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focused).toBe('default');
    await nodesShown(page, (await doc(page)).agentTypes[0].states[0].graph.nodes.length);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focused).toBe('*any');
    await nodesShown(page, 0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('default');
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('steergraph.draft') && (localStorage.getItem(k) ?? '').includes('"rest"')), undefined, { timeout: 10_000 });
    await page.reload();
    await waitForApp(page);
    const d = await doc(page);
    expect(d.agentTypes[0].states.map((s) => [s.name, s.minTicks])).toEqual([['default', undefined], ['rest', 90]]);
    expect(await page.locator('steer-state-bar button[role="tab"]').allTextContents()).toEqual([
      expect.stringContaining('default'),
      expect.stringContaining('rest'),
      'Any state',
    ]);
    expect(errors).toEqual([]);
  });

  it('the state view draws a box per state and an arrow per Go to State; double-click a box to edit its graph', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const scene = twoStateScene(await doc(page));
    await openScene(page, scene);
    await page.locator(tab('flee')).waitFor();
    await page.locator('steer-state-bar').screenshot({ path: '/tmp/ui-state-bar.png' });

    await page.click('steer-state-bar [data-test="state-view"]');
    const view = page.locator('steer-state-view');
    await view.waitFor();
    expect(await view.locator('[data-state-box]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state-box')))).toEqual(['*any', 'default', 'flee']);
    const arrows = view.locator('[data-test="state-arrow"]');
    expect(await arrows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-arrow'), e.querySelector('text')!.textContent, e.classList.contains('missing')]))).toEqual([
      ['default->flee', '1', false],
      ['default->ghost', '3', true],
      ['flee->default', '2', false],
    ]);
    expect(await view.locator('[data-state-box="flee"] text.sub').textContent()).toBe('min 1.5 s · resets');
    // the missing state is a box flagged as such
    expect(await view.locator('[data-missing-box="ghost"]').textContent()).toContain('no such state');
    // the view covers the nodes
    const covered = await page.evaluate(() => {
      const g = document.querySelector('[data-test="graph"]')!.getBoundingClientRect();
      return document.querySelector('steer-app')!.shadowRoot!.elementFromPoint(g.left + g.width / 2, g.top + g.height / 2)?.tagName;
    });
    expect(covered).toBe('STEER-STATE-VIEW');
    await page.screenshot({ path: '/tmp/ui-state-view.png' });

    // the view's own actions: add a state, then move it before "flee"
    await view.locator('[data-action="add"]').click();
    await statesAre(page, ['default', 'flee', 'state']);
    await view.locator('[data-state-box="state"]').waitFor();
    await view.locator('[data-action="move-left"]').click();
    await statesAre(page, ['default', 'state', 'flee']);
    expect(await view.locator('[data-state-box="state"]').getAttribute('aria-selected')).toBe('true');
    // rename from the view: the state's tab becomes the field
    await view.locator('[data-action="rename"]').click();
    await page.locator('steer-state-bar input[data-test="state-name"]').waitFor();
    await page.keyboard.type('search', { delay: 15 });
    await page.keyboard.press('Enter');
    await statesAre(page, ['default', 'search', 'flee']);
    await view.locator('[data-state-box="search"]').waitFor();

    // double-click a box: the nodes of that state
    await view.locator('[data-state-box="flee"]').dblclick();
    await view.waitFor({ state: 'detached' });
    expect(await page.locator(tab('flee')).getAttribute('aria-selected')).toBe('true');
    await nodesShown(page, 3);
    expect(await page.locator('steer-node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId).sort())).toEqual(['back', 'out', 'wander']);

    // the any-state graph: empty at first, a Go to State added there is an arrow from "Any state"
    await page.click(tab('*any'));
    await nodesShown(page, 0);
    await page.dblclick('steer-palette .item[data-kind="go-to-state"]');
    await nodesShown(page, 1);
    const any = (await doc(page)).agentTypes[0].anyState!;
    expect(any.nodes.map((n) => n.kind)).toEqual(['go-to-state']);
    await page.click('steer-state-bar [data-test="state-view"]');
    expect(await view.locator('[data-state-box="*any"]').getAttribute('aria-selected')).toBe('true');
    expect(await view.locator('[data-arrow="*any->"]').getAttribute('class')).toContain('missing');
    expect(await view.locator('[data-missing-box=""]').textContent()).toContain('(none chosen)');
    expect(errors).toEqual([]);
  });
});
