/**
 * A number wired into a parameter, as a designer does it: drag a wire with the mouse from a
 * Distance node's number output onto Scale's factor socket; the factor's field gives way to "driven
 * by the wire", the wire meets the socket on the parameter's row, and the agents, which had no
 * force (factor 0), now close in on the pointer. Undo gives the typed factor back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { centre, doc, drag, openApp, openFile, screenshot, socket } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

type Hooks = { __steerApp: { doc: SceneDocument } };
type Preview = { __steerPreview: { world: { tick: number; positions(id: string): Float64Array; velocities(id: string): Float64Array; snapshot(): { pointer: number[] }; types: string[] } } };

const at = (x: number, y: number): [number, number] => [x, y];
const GRAPH: SceneDocument['agentTypes'][number]['states'][number]['graph'] = {
  nodes: [
    { id: 'p', kind: 'pointer', params: {}, position: at(0, 0) },
    { id: 'seek', kind: 'seek', params: {}, position: at(280, 0) },
    { id: 'd', kind: 'distance', params: {}, position: at(280, 160) },
    { id: 'k', kind: 'scale', params: { factor: 0 }, position: at(560, 40) },
    { id: 'out', kind: 'agent-output', params: {}, position: at(840, 40) },
  ],
  connections: [
    { from: ['p', 'point'] as [string, string], to: ['seek', 'target'] as [string, string] },
    { from: ['p', 'point'] as [string, string], to: ['d', 'to'] as [string, string] },
    { from: ['seek', 'force'] as [string, string], to: ['k', 'in'] as [string, string] },
    { from: ['k', 'force'] as [string, string], to: ['out', 'force'] as [string, string] },
  ],
};

const FACTOR = 'steer-node[data-node-id="k"] steer-param[data-param="factor"]';
const FACTOR_SOCKET = 'steer-node[data-node-id="k"] .driven[data-port="factor"] steer-socket';

const connections = (page: Page) => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.connections.map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort());

/** The mean distance of the agents to the pointer, in the preview's world. */
const meanDistance = (page: Page) =>
  page.evaluate(() => {
    const w = (window as unknown as Preview).__steerPreview.world;
    const p = w.positions(w.types[0]);
    const [px, py] = w.snapshot().pointer;
    let s = 0;
    for (let i = 0; i < p.length; i += 2) s += Math.hypot(p[i] - px, p[i + 1] - py);
    return s / (p.length / 2);
  });

/** The wire into Scale's factor: its drawn end, and the centre of the factor's socket in the page (graph coordinates). */
function factorWire(page: Page): Promise<{ end: number[]; socket: number[] } | null> {
  return page.evaluate(() => {
    type View = { element: HTMLElement; position: { x: number; y: number } };
    const ed = (window as unknown as { __steerApp: { editor: { editor: { getConnections(): { id: string; target: string; targetInput: string }[] }; area: { nodeViews: Map<string, View>; connectionViews: Map<string, { element: HTMLElement }> } } } }).__steerApp.editor;
    const c = ed.editor.getConnections().find((x) => x.target === 'k' && x.targetInput === 'factor');
    if (!c) return null;
    const view = ed.area.nodeViews.get('k')!;
    const node = view.element.querySelector('steer-node')!;
    const ref = [...node.shadowRoot!.querySelectorAll('rete-ref')].find((r) => {
      const d = (r as unknown as { data: { type: string; side: string; key: string } }).data;
      return d.type === 'socket' && d.side === 'input' && d.key === 'factor';
    }) as HTMLElement;
    let x = ref.offsetWidth / 2;
    let y = ref.offsetHeight / 2;
    for (let el: HTMLElement | null = ref; el && el !== view.element; el = el.offsetParent as HTMLElement | null) {
      x += el.offsetLeft + el.clientLeft;
      y += el.offsetTop + el.clientTop;
    }
    const wrapper = ed.area.connectionViews.get(c.id)!.element.querySelector('rete-connection-wrapper')!;
    const d = ((wrapper.shadowRoot ?? wrapper).querySelector('steer-connection') as unknown as { path: string }).path;
    const nums = d.match(/-?[\d.]+(?:e-?\d+)?/g)!.map(Number);
    // Rete ends a wire 12 px left of the input socket's centre
    return { end: [nums[nums.length - 2], nums[nums.length - 1]], socket: [view.position.x + x - 12, view.position.y + y] };
  });
}

describe('a number wired into a parameter', () => {
  it('dragging Distance onto Scale’s factor disables the field and makes the agents steer', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await page.click('[data-test="new"]');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    const d = await doc(page);
    d.agentTypes = [{ ...d.agentTypes[0], count: 40, maxSpeed: 2, maxForce: 0.1, states: [{ name: 'default', graph: GRAPH }] }];
    await openFile(page, 'number-inputs.steer.json', d);
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 5);
    await page.waitForFunction(() => document.querySelectorAll('rete-connection-wrapper').length === 4);
    await page.keyboard.press('f');
    // the pointer sits in the middle of the preview
    const canvas = await centre(page, 'steer-preview canvas');
    await page.mouse.move(canvas.x, canvas.y);

    // factor 0: the field is there, and no agent steers (their velocities stay as they spawned)
    await expect.poll(() => page.locator(`${FACTOR} steer-number-field`).count()).toBe(1);
    const typeId = d.agentTypes[0].id;
    const v0 = await page.evaluate((id) => Array.from((window as unknown as Preview).__steerPreview.world.velocities(id)), typeId);
    const t0 = await page.evaluate(() => (window as unknown as Preview).__steerPreview.world.tick);
    await page.waitForFunction((t) => (window as unknown as Preview).__steerPreview.world.tick > t + 10, t0);
    expect(await page.evaluate((id) => Array.from((window as unknown as Preview).__steerPreview.world.velocities(id)), typeId)).toEqual(v0);

    // the wire, with the mouse, from Distance's number output onto the factor's socket
    await drag(page, socket('d', 'output', 'value'), FACTOR_SOCKET);
    await expect.poll(() => connections(page)).toContain('d.value->k.factor');
    await expect.poll(() => page.locator(`${FACTOR} [data-test="driven"]`).textContent()).toBe('driven by the wire');
    expect(await page.locator(`${FACTOR} steer-number-field`).count()).toBe(0);
    // the wire meets the socket on the factor's row
    await expect.poll(() => factorWire(page).then((w) => w !== null)).toBe(true);
    const w = (await factorWire(page))!;
    for (let k = 0; k < 2; k++) expect(w.end[k]).toBeCloseTo(w.socket[k], 6);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    await screenshot(page, 'number-input-wired');

    // the agents now steer to the pointer: they close in on it
    const before = await meanDistance(page);
    await page.waitForFunction(
      (b) => {
        const world = (window as unknown as Preview).__steerPreview.world;
        const p = world.positions(world.types[0]);
        const [px, py] = world.snapshot().pointer;
        let s = 0;
        for (let i = 0; i < p.length; i += 2) s += Math.hypot(p[i] - px, p[i + 1] - py);
        return s / (p.length / 2) < b / 3;
      },
      before,
      { timeout: 20_000 },
    );

    // undo takes the wire off: the typed factor is back
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).not.toContain('d.value->k.factor');
    await expect.poll(() => page.locator(`${FACTOR} steer-number-field`).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
