/**
 * A group's ports edited from inside it, with the mouse (issue 20): a wire from an inner Seek's
 * Target to Group Input's "+" adds an input to the group; outside, its node has the new socket
 * and a Point wired into it by mouse steers with no problem; a drag from Group Output's "+" to an
 * inner output adds an output; a double-click renames a port; its × removes it, with the wires to
 * it on the use; Ctrl+Z takes back each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GroupPort, SceneDocument } from '../../src/document/types';
import { centre, doc, openApp, screenshot, socket, tick } from './app';
import { connections, dragFromTo, graphBox, openGraph, selection, type Hooks } from './graph';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** A Pointer, and a Seek into the Agent Output whose Target is not wired yet. */
const SEEK = {
  nodes: [
    { id: 'p', kind: 'pointer', params: {}, position: [0, 0] as [number, number] },
    { id: 's', kind: 'seek', params: {}, position: [300, 120] as [number, number] },
    { id: 'o', kind: 'agent-output', params: {}, position: [620, 0] as [number, number] },
  ],
  connections: [{ from: ['s', 'force'] as [string, string], to: ['o', 'force'] as [string, string] }],
};

/** The first group's inputs and outputs. */
const ports = (page: Page) => page.evaluate(() => {
  const g = (window as unknown as Hooks).__steerApp.doc.groups?.[0];
  return g ? { inputs: g.inputs, outputs: g.outputs } : undefined;
}) as Promise<{ inputs: GroupPort[]; outputs: GroupPort[] } | undefined>;

/** The first group's inner wires, as "a.x->b.y". */
const innerWires = (page: Page) => page.evaluate(() => ((window as unknown as Hooks).__steerApp.doc.groups?.[0]?.graph.connections ?? []).map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort());

const problems = (page: Page) => page.locator('[data-test="problems-count"]').textContent();

/** Clicks a node's title. */
async function pick(page: Page, id: string): Promise<void> {
  const box = (await page.locator(`steer-node[data-node-id="${id}"] header .title`).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** With nothing selected (a click on the empty canvas), Tab leaves the group. */
async function leave(page: Page): Promise<void> {
  const g = await graphBox(page);
  await page.mouse.click(g.x + g.width - 15, g.y + 15);
  await expect.poll(() => selection(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await page.locator('[data-test="group-breadcrumb"]').waitFor({ state: 'detached' });
}

/** Opens SEEK, groups the Seek (click, Ctrl+G) and enters the group (Tab); returns the use's id. */
async function groupSeek(page: Page): Promise<string> {
  await openGraph(page, SEEK);
  await pick(page, 's');
  await expect.poll(() => selection(page)).toEqual(['s']);
  await page.keyboard.press('Control+g');
  await page.waitForFunction(() => (window as unknown as Hooks).__steerApp.doc.groups?.length === 1);
  const use = (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.kind === 'group')!.id;
  await expect.poll(() => selection(page)).toEqual([use]);
  await page.keyboard.press('Tab');
  await page.locator('[data-test="group-breadcrumb"]').waitFor();
  await page.locator(socket('@in', 'output', '@add')).waitFor();
  return use;
}

describe('a group’s ports, edited inside it', () => {
  it('a wire from Seek’s Target to Group Input’s "+" adds an input; outside, a Point wired into it by mouse steers with no problem; Ctrl+Z', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const use = await groupSeek(page);
    expect(await ports(page)).toEqual({ inputs: [], outputs: [{ key: 'out1', label: 'Force', type: 'force' }] });
    // the "+" sockets: last on Group Input and on Group Output
    expect(await page.locator('steer-node[data-node-id="@in"] [data-test="add-port"]').count()).toBe(1);
    expect(await page.locator('steer-node[data-node-id="@out"] [data-test="add-port"]').count()).toBe(1);
    await screenshot(page, 'group-ports-plus');

    // Seek's Target → Group Input's "+": while dragged, the "+" lights up (Group Output's does not:
    // it takes outputs); let go there, an input Target (a point), wired to the Seek
    const from = await centre(page, socket('s', 'input', 'target'));
    const plus = await centre(page, socket('@in', 'output', '@add'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + plus.x) / 2, from.y + 40, { steps: 6 });
    await expect.poll(() => page.locator(socket('@in', 'output', '@add')).getAttribute('data-state')).toBe('compatible');
    expect(await page.locator(socket('@out', 'input', '@add')).getAttribute('data-state')).toBe('incompatible');
    await page.mouse.move(plus.x, plus.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await ports(page))?.inputs).toEqual([{ key: 'in1', label: 'Target', type: 'point' }]);
    expect(await innerWires(page)).toEqual(['@in.in1->s.target', 's.force->@out.out1']);
    const row = page.locator(socket('@in', 'output', 'in1'));
    await row.waitFor();
    expect(await row.getAttribute('type')).toBe('point');
    await expect.poll(() => page.locator('rete-connection-wrapper').count()).toBe(2);
    await screenshot(page, 'group-ports-added');
    // one undo step takes back the port and its wire; redo puts them back
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await ports(page))?.inputs).toEqual([]);
    expect(await innerWires(page)).toEqual(['s.force->@out.out1']);
    await expect.poll(() => row.count()).toBe(0);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(async () => (await ports(page))?.inputs).toEqual([{ key: 'in1', label: 'Target', type: 'point' }]);

    // outside: the group's node has the socket, unconnected (the Seek needs its Target)
    await leave(page);
    const input = page.locator(socket(use, 'input', 'in1'));
    await input.waitFor();
    expect((await page.locator(`steer-node[data-node-id="${use}"] .row.input[data-port="in1"] .label`).textContent())!.trim()).toBe('Target');
    await expect.poll(() => problems(page)).not.toContain('No problems');
    // the Pointer's Point wired into it with the mouse: no problems, and the preview runs
    await dragFromTo(page, await centre(page, socket('p', 'output', 'point')), await centre(page, socket(use, 'input', 'in1')));
    await expect.poll(() => connections(page)).toEqual([`${use}.out1->o.force`, `p.point->${use}.in1`].sort());
    await expect.poll(() => problems(page)).toContain('No problems');
    const t0 = await tick(page);
    await expect.poll(() => tick(page)).toBeGreaterThan(t0);
    await screenshot(page, 'group-ports-wired-outside');
    expect(errors).toEqual([]);
  });

  it('a drag from Group Output’s "+" to an inner output adds an output; a double-click renames a port; × removes one with its wires on the use; Ctrl+Z each', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const use = await groupSeek(page);
    await dragFromTo(page, await centre(page, socket('s', 'input', 'target')), await centre(page, socket('@in', 'output', '@add')));
    await expect.poll(async () => (await ports(page))?.inputs.length).toBe(1);

    // from Group Input's "+" onto Seek's wired Target: a second input takes the wire's place (one undo step)
    await dragFromTo(page, await centre(page, socket('@in', 'output', '@add')), await centre(page, socket('s', 'input', 'target')));
    await expect.poll(async () => (await ports(page))?.inputs.map((p) => p.label)).toEqual(['Target', 'Target 2']);
    expect(await innerWires(page)).toEqual(['@in.in2->s.target', 's.force->@out.out1']);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await ports(page))?.inputs.length).toBe(1);
    expect(await innerWires(page)).toEqual(['@in.in1->s.target', 's.force->@out.out1']);
    await expect.poll(() => page.locator(socket('@in', 'output', 'in2')).count()).toBe(0);

    // from the "+" of Group Output to Seek's Force: a second output
    await page.locator(socket('@out', 'input', '@add')).waitFor();
    await dragFromTo(page, await centre(page, socket('@out', 'input', '@add')), await centre(page, socket('s', 'output', 'force')));
    await expect.poll(async () => (await ports(page))?.outputs).toEqual([
      { key: 'out1', label: 'Force', type: 'force' },
      { key: 'out2', label: 'Force 2', type: 'force' },
    ]);
    expect(await innerWires(page)).toContain('s.force->@out.out2');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await ports(page))?.outputs.length).toBe(1);

    // double-click Group Output's Force: typed key by key, Enter renames it (Escape would put it back)
    const label = page.locator('steer-node[data-node-id="@out"] .row.input[data-port="out1"] steer-port-label');
    await label.locator('[data-test="port-label"]').dblclick();
    const field = label.locator('[data-test="port-name"]');
    await field.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Oops');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.count()).toBe(0);
    expect((await ports(page))?.outputs[0].label).toBe('Force');
    await label.locator('[data-test="port-label"]').dblclick();
    await field.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Homing');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await ports(page))?.outputs[0]).toEqual({ key: 'out1', label: 'Homing', type: 'force' });
    await expect.poll(() => label.locator('[data-test="port-label"]').textContent()).toBe('Homing');
    await screenshot(page, 'group-ports-renamed');

    // outside, wire the Pointer into the new input; the node shows the renamed output
    await leave(page);
    await expect.poll(() => page.locator(`steer-node[data-node-id="${use}"] .row.output[data-port="out1"] .label`).textContent()).toBe('Homing');
    await dragFromTo(page, await centre(page, socket('p', 'output', 'point')), await centre(page, socket(use, 'input', 'in1')));
    await expect.poll(() => connections(page)).toContain(`p.point->${use}.in1`);

    // back inside: × on Group Input's Target removes the input, its wire inside and the Pointer's wire to the use
    await pick(page, use);
    await expect.poll(() => selection(page)).toEqual([use]);
    await page.keyboard.press('Tab');
    await page.locator('[data-test="group-breadcrumb"]').waitFor();
    await page.locator('steer-node[data-node-id="@in"] .row.output[data-port="in1"] [data-test="remove-port"]').click();
    await expect.poll(async () => (await ports(page))?.inputs).toEqual([]);
    expect(await innerWires(page)).toEqual(['s.force->@out.out1']);
    expect(await connections(page)).toEqual([`${use}.out1->o.force`]);
    await expect.poll(() => page.locator(socket('@in', 'output', 'in1')).count()).toBe(0);
    await screenshot(page, 'group-ports-removed');
    // Ctrl+Z: the input, its wires inside and on the use; again: the old name
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await ports(page))?.inputs).toEqual([{ key: 'in1', label: 'Target', type: 'point' }]);
    expect(await innerWires(page)).toEqual(['@in.in1->s.target', 's.force->@out.out1']);
    expect(await connections(page)).toEqual([`${use}.out1->o.force`, `p.point->${use}.in1`].sort());
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await ports(page))?.outputs[0].label).toBe('Force');
    const d: SceneDocument = await doc(page);
    expect(d.groups).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
