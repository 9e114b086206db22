/**
 * Node groups as a user meets them: select nodes (click, Shift+click), Ctrl+G makes a group node
 * with the group's name and sockets, wired as before; undo and redo; Ungroup with the node's
 * button and with Ctrl+Alt+G.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, screenshot, socket } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const nodesOf = (d: SceneDocument) => d.agentTypes[0].states[0].graph.nodes;

/** Clicks a node's title (with Shift to add it to the selection). */
async function pick(page: Page, id: string, shift = false): Promise<void> {
  const title = page.locator(`steer-node[data-node-id="${id}"] header .title`);
  const box = (await title.boundingBox())!;
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (shift) await page.keyboard.up('Shift');
}

/** Waits until the open document's first graph satisfies `f` (given its node ids and group count). */
function waitDoc(page: Page, want: { has?: string[]; lacks?: string[]; groups: number; groupNodes: number }): Promise<unknown> {
  return page.waitForFunction((w) => {
    const d = (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc;
    const ids = d.agentTypes[0].states[0].graph.nodes.map((n) => n.id);
    const drawn = document.querySelectorAll('steer-node[data-kind="group"]').length;
    return (w.has ?? []).every((id) => ids.includes(id)) && (w.lacks ?? []).every((id) => !ids.includes(id)) && (d.groups?.length ?? 0) === w.groups && drawn === w.groupNodes;
  }, want);
}

/** Opens the app on the default scene and groups two of the sheep's nodes with clicks and Ctrl+G; returns the page, its errors and the use's id. */
async function openAndGroup(first: string, second: string): Promise<{ page: Page; errors: string[]; useId: string }> {
  opened = await openApp();
  const { page, errors } = opened;
  const before = await doc(page);
  await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, nodesOf(before).length);
  await pick(page, first);
  await pick(page, second, true);
  await page.waitForFunction(() => (window as unknown as { __steerApp: { selection: string[] } }).__steerApp.selection.length === 2);
  await page.keyboard.press('Control+g');
  await waitDoc(page, { lacks: [first, second], groups: 1, groupNodes: 1 });
  return { page, errors, useId: nodesOf(await doc(page)).find((n) => n.kind === 'group')!.id };
}

describe('node groups in the editor', () => {
  it('Ctrl+G groups the selected nodes into one node; undo, redo; the node’s button and Ctrl+Alt+G ungroup', async () => {
    const { page, errors } = await openAndGroup('wolf', 'evade');
    let d = await doc(page);
    const use = nodesOf(d).find((n) => n.kind === 'group')!;
    expect(d.groups![0].graph.nodes.map((n) => n.id)).toEqual(['wolf', 'evade']);
    // wired as before: the group's output feeds the Sum where Evade did
    expect(d.agentTypes[0].states[0].graph.connections).toContainEqual({ from: [use.id, 'out1'], to: ['danger', 'in0'] });
    const node = page.locator(`steer-node[data-node-id="${use.id}"]`);
    expect(await node.locator('header .title').textContent()).toBe('Group 1');
    expect(await node.locator('.row.output[data-port="out1"]').count()).toBe(1);
    await page.locator(socket(use.id, 'output', 'out1')).waitFor();
    await expect.poll(() => page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    await screenshot(page, 'group-made');

    await page.keyboard.press('Control+z');
    await waitDoc(page, { has: ['wolf', 'evade'], groups: 0, groupNodes: 0 });
    await page.keyboard.press('Control+Shift+Z');
    await waitDoc(page, { lacks: ['wolf', 'evade'], groups: 1, groupNodes: 1 });

    // the node's Ungroup button
    await page.locator(`steer-node[data-node-id="${use.id}"] [data-test="ungroup-button"]`).click();
    await waitDoc(page, { has: ['wolf', 'evade'], lacks: [use.id], groups: 1, groupNodes: 0 });
    d = await doc(page);
    expect(d.agentTypes[0].states[0].graph.connections).toContainEqual({ from: ['evade', 'force'], to: ['danger', 'in0'] });
    expect(d.agentTypes[0].states[0].graph.connections).toContainEqual({ from: ['wolf', 'agent'], to: ['evade', 'target'] });

    // back, then Ctrl+Alt+G on the selected group node
    await page.keyboard.press('Control+z');
    await waitDoc(page, { lacks: ['wolf', 'evade'], groups: 1, groupNodes: 1 });
    await pick(page, use.id);
    await page.keyboard.press('Control+Alt+g');
    await waitDoc(page, { has: ['wolf', 'evade'], lacks: [use.id], groups: 1, groupNodes: 0 });
    expect(errors).toEqual([]);
  });

  it('the palette lists the groups: a double-click adds a use in any type; export a group to a file and import it into a new scene', async () => {
    const { page, errors } = await openAndGroup('flee', 'pointer');
    const item = page.locator('steer-palette .item[data-group]');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.locator('.label').textContent()).toBe('Group 1');
    await item.dblclick();
    await waitDoc(page, { groups: 1, groupNodes: 2 });
    // in the wolf's graph too
    await page.locator('button[role="tab"][data-type="wolf"]').click();
    await page.waitForFunction(() => (window as unknown as { __steerApp: { typeId: string } }).__steerApp.typeId === 'wolf');
    await item.dblclick();
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[1].states[0].graph.nodes.some((n) => n.kind === 'group'));
    await page.locator('steer-node[data-kind="group"]').first().waitFor();
    await screenshot(page, 'group-palette');

    // export from the group node's button
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('steer-node[data-kind="group"] [data-test="group-export-button"]').first().click()]);
    expect(download.suggestedFilename()).toBe('group-1.steergroup.json');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'steergraph-group', version: 1, group: { name: 'Group 1' } });

    // a new scene: a bad file changes nothing and says why; the good one imports
    page.once('dialog', (d) => void d.accept()); // discard the unsaved scene
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => !(window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups);
    const empty = await doc(page);
    const bad = JSON.parse(text);
    bad.group.inputs = [{ key: 'in1', label: 'x', type: 'colour' }];
    let [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('[data-test="group-import"]').click()]);
    await chooser.setFiles({ name: 'bad.steergroup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const dialog = page.locator('dialog[data-test="dialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('group.inputs[0].type');
    expect(await doc(page)).toEqual(empty);
    await dialog.locator('button', { hasText: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('[data-test="group-import"]').click()]);
    await chooser.setFiles({ name: 'group-1.steergroup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups?.length === 1);
    await item.dblclick();
    await page.locator('steer-node[data-kind="group"]').first().waitFor();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => !(window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups);
    expect(errors).toEqual([]);
  });

  it('Tab enters a group: its inner nodes with Group Input and Output, a breadcrumb; edits inside change the group; Tab and the breadcrumb leave', async () => {
    const { page, errors, useId } = await openAndGroup('wolf', 'evade');
    const use = { id: useId };
    await page.waitForFunction(() => (window as unknown as { __steerApp: { selection: string[] } }).__steerApp.selection.length === 1);
    await page.keyboard.press('Tab');
    const crumb = page.locator('[data-test="group-breadcrumb"]');
    await crumb.waitFor();
    expect((await crumb.textContent())!.replace(/\s+/g, '')).toBe('Sheep›default›1use');
    expect(await crumb.locator('[data-test="group-name"]').inputValue()).toBe('Group 1');
    expect(await crumb.locator('[data-test="group-uses"]').getAttribute('title')).toContain('its one use');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    expect(await page.locator('steer-node[data-kind="@out"] header .title').textContent()).toBe('Group Output');
    await page.locator(socket('@out', 'input', 'out1')).waitFor();
    await screenshot(page, 'group-inside');
    // delete Nearest Agent inside: the group changes, and the use says what is wrong inside
    await pick(page, 'wolf');
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => !(window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups![0].graph.nodes.some((n) => n.id === 'wolf'));
    expect(nodesOf(await doc(page)).some((n) => n.id === 'wolf')).toBe(false);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups![0].graph.nodes.some((n) => n.id === 'wolf'));
    // ◇ on an inner parameter: every use of the group sets it
    await page.click('steer-node[data-node-id="evade"] steer-param[data-param="threatDistance"] [data-test="expose"]');
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups![0].params?.length === 1);
    await page.locator('steer-node[data-node-id="evade"] steer-param[data-param="threatDistance"] [data-test="exposed-chip"]').waitFor();
    // a click on the empty canvas selects nothing; Tab leaves
    const graph = (await page.locator('[data-test="graph"]').boundingBox())!;
    await page.mouse.click(graph.x + graph.width - 20, graph.y + graph.height / 2);
    await page.waitForFunction(() => (window as unknown as { __steerApp: { selection: string[] } }).__steerApp.selection.length === 0);
    await page.keyboard.press('Tab');
    await crumb.waitFor({ state: 'detached' });
    await page.locator(`steer-node[data-node-id="${use.id}"]`).waitFor();
    // the use shows the group's parameter as a field: typed key by key, it overrides the inner value
    const field = page.locator(`steer-node[data-node-id="${use.id}"] steer-param[data-param="threatDistance"] input[type="number"], steer-node[data-node-id="${use.id}"] steer-param[data-param="threatDistance"] input:not([type="range"])`).first();
    await field.click({ clickCount: 3 });
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].states[0].graph.nodes.find((n) => n.id === id)?.params.threatDistance === 150, use.id);
    await screenshot(page, 'group-param');
    // a second use from the palette; in again: the breadcrumb counts both; out with the breadcrumb
    await page.locator('steer-palette .item[data-group]').dblclick();
    await page.waitForFunction(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.agentTypes[0].states[0].graph.nodes.filter((n) => n.kind === 'group').length === 2);
    await pick(page, use.id);
    await page.keyboard.press('Tab');
    await crumb.waitFor();
    expect(await crumb.locator('[data-test="group-uses"]').textContent()).toBe('2 uses');
    expect(await crumb.locator('[data-test="group-uses"]').getAttribute('title')).toContain('all 2 of its uses');
    await crumb.locator('button[data-depth="0"]').click();
    await crumb.waitFor({ state: 'detached' });
    await page.locator(`steer-node[data-node-id="${use.id}"]`).waitFor();
    expect(errors).toEqual([]);
  });

  it('the breadcrumb’s name field renames the group, typed key by key (Escape puts it back); the palette’s × deletes an unused group and says where a used one is used', async () => {
    const { page, errors, useId } = await openAndGroup('wolf', 'evade');
    const title = page.locator(`steer-node[data-node-id="${useId}"] header .title`);
    const groupName = () => page.evaluate(() => (window as unknown as { __steerApp: { doc: SceneDocument } }).__steerApp.doc.groups?.[0]?.name);
    await page.waitForFunction(() => (window as unknown as { __steerApp: { selection: string[] } }).__steerApp.selection.length === 1);
    await page.keyboard.press('Tab');
    const name = page.locator('[data-test="group-breadcrumb"] [data-test="group-name"]');
    await name.waitFor();
    // Escape: nothing changes
    await name.click({ clickCount: 3 });
    await page.keyboard.type('Oops');
    await page.keyboard.press('Escape');
    await expect.poll(() => name.inputValue()).toBe('Group 1');
    expect(await groupName()).toBe('Group 1');
    // typed and Enter: renamed, one undo step
    await name.click({ clickCount: 3 });
    await page.keyboard.type('Keep away');
    await page.keyboard.press('Enter');
    await expect.poll(groupName).toBe('Keep away');
    await page.keyboard.press('Tab');
    await page.locator('[data-test="group-breadcrumb"]').waitFor({ state: 'detached' });
    await expect.poll(() => title.textContent()).toBe('Keep away');
    await page.keyboard.press('Control+z');
    await expect.poll(groupName).toBe('Group 1');
    await expect.poll(() => title.textContent()).toBe('Group 1');
    // × on a used group: it stays, and the notice says where it is used
    const del = page.locator('steer-palette [data-test="group-delete"]');
    await del.click();
    await page.locator('[data-test="notice"]').filter({ hasText: 'Group 1 is used in sheep › default' }).waitFor();
    expect(await groupName()).toBe('Group 1');
    // ungrouped, it is unused: × deletes it; Ctrl+Z brings it back
    await pick(page, useId);
    await page.keyboard.press('Control+Alt+g');
    await waitDoc(page, { has: ['wolf', 'evade'], groups: 1, groupNodes: 0 });
    await del.click();
    await expect.poll(groupName).toBe(undefined);
    await expect.poll(() => del.count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(groupName).toBe('Group 1');
    expect(errors).toEqual([]);
  });
});
