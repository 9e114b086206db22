/**
 * Frames and sticky notes (issue 20), as a user makes them: Ctrl+J frames the selected nodes; the
 * frame's title drags it with its nodes (one undo step), its corner resizes it, a double-click
 * renames it (typed key by key), its swatch recolours it, Delete removes it and keeps the nodes.
 * Shift+N adds a note that is typed into, moved, resized and deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { doc, openApp, openFile, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const graph = async (page: Page) => (await doc(page)).agentTypes[0].states[0].graph;
const zoom = (page: Page) => page.evaluate(() => (window as unknown as { __steerApp: { editor: { area: { area: { transform: { k: number } } } } } }).__steerApp.editor.area.area.transform.k);

/** Drags with the mouse from a point by (dx, dy), in steps. */
async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 6 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 6 });
  await page.mouse.up();
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not visible`);
  return b;
}

/** Opens New (two nodes), zoomed out a step so a frame around them is in view. */
async function openNew(page: Page): Promise<SceneDocument['agentTypes'][number]['states'][number]['graph']> {
  await page.click('[data-test="new"]');
  await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
  const g = await box(page, '[data-test="graph"]');
  await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
  const k = await zoom(page);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => zoom(page)).toBeLessThan(k);
  return graph(page);
}

describe('frames', () => {
  it('frame the selection, move it with its nodes, resize, rename, recolour and delete it; each one undo step', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const before = await openNew(page);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+j');
    await page.waitForSelector('[data-test="frame-title"]');
    const [frame] = (await graph(page)).frames!;
    expect(frame).toMatchObject({ title: 'Frame' });
    for (const n of before.nodes) {
      expect(n.position[0]).toBeGreaterThan(frame.x);
      expect(n.position[1]).toBeGreaterThan(frame.y);
    }
    await screenshot(page, 'layout-frame');

    // drag the title: the frame and its nodes move together
    const k = await zoom(page);
    const title = await box(page, '[data-test="frame-title"]');
    await dragBy(page, { x: title.x + 40, y: title.y + title.height / 2 }, -60, 40);
    await expect.poll(async () => (await graph(page)).frames?.[0].x).not.toBe(frame.x);
    const moved = await graph(page);
    const dx = moved.frames![0].x - frame.x;
    const dy = moved.frames![0].y - frame.y;
    expect(dx).toBeCloseTo(-60 / k, 0);
    expect(dy).toBeCloseTo(40 / k, 0);
    moved.nodes.forEach((n, i) => expect(n.position).toEqual([before.nodes[i].position[0] + dx, before.nodes[i].position[1] + dy]));
    // one undo takes frame and nodes back
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).frames?.[0].x).toBe(frame.x);
    expect((await graph(page)).nodes.map((n) => n.position)).toEqual(before.nodes.map((n) => n.position));
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await graph(page)).frames?.[0].x).toBe(frame.x + dx);

    // resize by the corner, taken where the redone frame is drawn (the canvas draws a frame after the document changes)
    await expect.poll(async () => (await box(page, '[data-test="frame-title"]')).x).toBeCloseTo(title.x - 60, 0);
    const corner = await box(page, '[data-test="frame-corner"]');
    await dragBy(page, { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, 80, 40);
    await expect.poll(async () => (await graph(page)).frames?.[0].width).toBeCloseTo(frame.width + 80 / k, 0);

    // rename: double-click the title, type key by key, Enter
    const t2 = await box(page, '[data-test="frame-title"]');
    await page.mouse.dblclick(t2.x + 40, t2.y + t2.height / 2);
    await page.waitForSelector('[data-test="frame-rename"]');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Keep away', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await graph(page)).frames?.[0].title).toBe('Keep away');
    expect(await page.locator('steer-node-menu').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).frames?.[0].title).toBe('Frame');
    await page.keyboard.press('Control+Shift+z');

    // recolour from the swatch
    await page.click('[data-test="frame-color"]');
    await page.click('.swatches [data-color="#a54a4a"]');
    await expect.poll(async () => (await graph(page)).frames?.[0].color).toBe('#a54a4a');
    await screenshot(page, 'layout-frame-edited');

    // pick it by its title and delete it: the nodes stay
    const t3 = await box(page, '[data-test="frame-title"]');
    await page.mouse.click(t3.x + 40, t3.y + t3.height / 2);
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await graph(page)).frames).toBeUndefined();
    expect((await graph(page)).nodes).toHaveLength(2);
    await expect.poll(() => page.locator('[data-test="frame-title"]').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await page.waitForSelector('[data-test="frame-title"]');
    expect(errors).toEqual([]);
  });
});

describe('sticky notes', () => {
  it('add a note, type into it, move, resize and delete it', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openNew(page);
    // (above the first node, clear of the nodes)
    const n1 = await box(page, 'steer-node');
    await page.mouse.move(n1.x, n1.y - 150);
    await page.keyboard.press('Shift+N');
    await page.waitForSelector('[data-test="note-text"]');
    await page.click('[data-test="note-text"]');
    await page.keyboard.type('Wolves come from the north', { delay: 10 });
    await expect.poll(async () => (await graph(page)).notes?.[0].text).toBe('Wolves come from the north');
    const note = (await graph(page)).notes![0];
    const k = await zoom(page);

    const strip = await box(page, '[data-test="note-strip"]');
    await dragBy(page, { x: strip.x + strip.width / 2, y: strip.y + strip.height / 2 }, 100, -20);
    await expect.poll(async () => (await graph(page)).notes?.[0].x).toBeCloseTo(note.x + 100 / k, 0);
    // the corner is taken where the moved note is drawn (the document changes a frame before the canvas)
    await expect.poll(async () => (await box(page, '[data-test="note-strip"]')).x).toBeCloseTo(strip.x + 100, 0);
    const corner = await box(page, '[data-test="note-corner"]');
    await dragBy(page, { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, 60, 30);
    await expect.poll(async () => (await graph(page)).notes?.[0].width).toBeCloseTo(note.width + 60 / k, 0);
    await screenshot(page, 'layout-note');

    // typing was one undo step: undo resize, move, then the text
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).notes?.[0].text).toBe('');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await graph(page)).notes?.[0].text).toBe('Wolves come from the north');
    await expect.poll(() => page.locator('[data-test="note-text"]').inputValue()).toBe('Wolves come from the north');

    const s2 = await box(page, '[data-test="note-strip"]');
    await page.mouse.click(s2.x + s2.width / 2, s2.y + s2.height / 2);
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await graph(page)).notes).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

describe('the Layout section', () => {
  it('a frame dragged from the palette lands where it is dropped; a sticky note picked from the add menu by typing lands at the right-click', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openNew(page);
    // the palette lists them under Layout, after Reroute
    const layout = await page.locator('steer-palette .item').evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')).filter((k) => k === 'reroute' || !!k?.startsWith('layout:')));
    expect(layout).toEqual(['reroute', 'layout:frame', 'layout:note']);
    expect(await page.locator('steer-palette .item[data-kind="layout:frame"] .label').textContent()).toBe('Frame');

    // drag Frame onto an empty spot, above the first node
    const n1 = await box(page, 'steer-node');
    const g = await box(page, '[data-test="graph"]');
    const drop = { x: n1.x, y: Math.max(g.y + 10, n1.y - 230) };
    await page.dragAndDrop('steer-palette .item[data-kind="layout:frame"]', '[data-test="graph"]', { targetPosition: { x: drop.x - g.x, y: drop.y - g.y } });
    await page.waitForSelector('[data-test="frame-title"]');
    expect((await graph(page)).frames).toMatchObject([{ title: 'Frame' }]);
    const f = await box(page, '.frame');
    expect(Math.abs(f.x - drop.x)).toBeLessThan(2);
    expect(Math.abs(f.y - drop.y)).toBeLessThan(2);
    expect((await graph(page)).nodes).toHaveLength(2);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).frames).toBeUndefined();
    // the canvas draws the undo a frame after the document has it
    await expect.poll(() => page.locator('[data-test="frame-title"]').count()).toBe(0);

    // right-click the same spot, type "note": the sticky note comes first, Enter adds it there
    await page.mouse.click(drop.x, drop.y, { button: 'right' });
    await page.locator('steer-node-menu input').waitFor();
    await page.keyboard.type('note', { delay: 10 });
    expect(await page.locator('steer-node-menu button.active').getAttribute('data-kind')).toBe('layout:note');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-test="note-text"]');
    expect(await page.locator('steer-node-menu').count()).toBe(0);
    const n = await box(page, '.note');
    expect(Math.abs(n.x - drop.x)).toBeLessThan(2);
    expect(Math.abs(n.y - drop.y)).toBeLessThan(2);
    await page.click('[data-test="note-text"]');
    await page.keyboard.type('Exit on the left', { delay: 10 });
    await expect.poll(async () => (await graph(page)).notes?.[0].text).toBe('Exit on the left');
    expect((await graph(page)).nodes).toHaveLength(2);
    await screenshot(page, 'layout-section');
    expect(errors).toEqual([]);
  });
});

/** The client box of the first wire's path. */
const wireBox = (page: Page) =>
  page.evaluate(() => {
    const wrapper = document.querySelector('rete-connection-wrapper')!;
    const path = (wrapper.shadowRoot ?? wrapper).querySelector('steer-connection')!.shadowRoot!.querySelector('path')!;
    const r = path.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });

describe('collapsed nodes and hidden inputs', () => {
  it('H collapses the selected node to its header and connected socket, the wire still on it; the header toggle expands it', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openNew(page);
    const wander = 'steer-node[data-kind="wander"]';
    const tall = (await box(page, wander)).height;
    const head = await box(page, `${wander}`);
    await page.mouse.click(head.x + 60, head.y + 10);
    await page.keyboard.press('h');
    await expect.poll(async () => (await graph(page)).nodes.find((n) => n.kind === 'wander')?.collapsed).toBe(true);
    await expect.poll(async () => (await box(page, wander)).height).toBeLessThan(tall / 2);
    // no parameter rows; the connected output still drawn, and the wire starts at its socket
    expect(await page.locator(`${wander} steer-param`).count()).toBe(0);
    const id = (await graph(page)).nodes.find((n) => n.kind === 'wander')!.id;
    const out = await box(page, `steer-node[data-node-id="${id}"] .row.output[data-port="force"] steer-socket`);
    await expect
      .poll(async () => {
        const w = await wireBox(page);
        return Math.abs(w.left - (out.x + out.width / 2)) < 16 && Math.min(Math.abs(w.top - (out.y + out.height / 2)), Math.abs(w.bottom - (out.y + out.height / 2))) < 4;
      })
      .toBe(true);
    await screenshot(page, 'layout-collapsed');
    await page.click(`${wander} [data-test="node-collapse"]`);
    await expect.poll(async () => (await graph(page)).nodes.find((n) => n.kind === 'wander')?.collapsed).toBeUndefined();
    await expect.poll(async () => (await box(page, wander)).height).toBeCloseTo(tall, 0);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).nodes.find((n) => n.kind === 'wander')?.collapsed).toBe(true);
    expect(errors).toEqual([]);
  });

  it('Ctrl+H on a Sum shows only its connected inputs and one free one', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openNew(page);
    const d = await doc(page);
    const g = d.agentTypes[0].states[0].graph;
    const [w, out] = g.nodes;
    g.nodes.push({ id: 's1', kind: 'sum', params: { inputs: 5 }, position: [w.position[0] + 120, w.position[1] + 200] });
    g.connections = [{ from: [w.id, 'force'], to: ['s1', 'in2'] }, { from: ['s1', 'force'], to: [out.id, 'force'] }];
    d.name = 'Sum scene';
    await openFile(page, 'sum.steer.json', d);
    const sum = 'steer-node[data-node-id="s1"]';
    await page.waitForSelector(sum);
    const ports = () => page.$$eval(`${sum} .row.input`, (rows) => rows.map((r) => r.getAttribute('data-port')));
    expect(await ports()).toEqual(['in0', 'in1', 'in2', 'in3', 'in4']);
    const head = await box(page, sum);
    await page.mouse.click(head.x + 60, head.y + 10);
    await page.keyboard.press('Control+h');
    await expect.poll(ports).toEqual(['in0', 'in2']);
    expect((await graph(page)).nodes.find((n) => n.id === 's1')?.hideUnconnected).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(ports).toEqual(['in0', 'in1', 'in2', 'in3', 'in4']);
    expect(errors).toEqual([]);
  });
});

describe('aligning', () => {
  it('Alt+T lines up the selected nodes’ tops and Alt+S straightens the chain, each one undo step', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const before = await openNew(page);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+t');
    await expect.poll(async () => new Set((await graph(page)).nodes.map((n) => n.position[1])).size).toBe(1);
    expect((await graph(page)).nodes.map((n) => n.position[0])).toEqual(before.nodes.map((n) => n.position[0]));
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).nodes.map((n) => n.position)).toEqual(before.nodes.map((n) => n.position));
    // straighten: the output's socket level with Wander's, so the wire runs flat
    await page.keyboard.press('Alt+s');
    const [w, out] = before.nodes;
    const level = async () => {
      const a = await box(page, `steer-node[data-node-id="${w.id}"] .row.output[data-port="force"] steer-socket`);
      const b = await box(page, `steer-node[data-node-id="${out.id}"] .row.input[data-port="force"] steer-socket`);
      return Math.abs(a.y + a.height / 2 - (b.y + b.height / 2));
    };
    await expect.poll(level).toBeLessThan(2);
    await screenshot(page, 'layout-straightened');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await graph(page)).nodes.map((n) => n.position)).toEqual(before.nodes.map((n) => n.position));
    expect(errors).toEqual([]);
  });
});

describe('aligning selected nodes', () => {
  it('Alt+S moves only the node it straightens: Wander, first in the chain, stays where it was on screen', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const before = await openNew(page);
    const [w, out] = before.nodes;
    const wander = `steer-node[data-node-id="${w.id}"]`;
    const output = `steer-node[data-node-id="${out.id}"]`;
    const wanderAt = await box(page, wander);
    const outputAt = await box(page, output);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+s');
    // the output moves in the document; Wander keeps its place there and on screen (it once went
    // along with the output, which the selection had picked, on screen only)
    await expect.poll(async () => (await graph(page)).nodes.find((n) => n.id === out.id)?.position).not.toEqual(out.position);
    expect((await graph(page)).nodes.find((n) => n.id === w.id)?.position).toEqual(w.position);
    await expect.poll(async () => (await box(page, output)).y).not.toBe(outputAt.y);
    expect(await box(page, wander)).toEqual(wanderAt);
    expect(errors).toEqual([]);
  });
});

describe('grid snapping', () => {
  it('the Grid button snaps dragged nodes to 20 px and shows the dots; the choice is kept after a reload', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openNew(page);
    await page.click('[data-test="grid-toggle"]');
    expect(await page.getAttribute('[data-test="grid-toggle"]', 'aria-pressed')).toBe('true');
    const head = await box(page, 'steer-node[data-kind="wander"]');
    await dragBy(page, { x: head.x + 60, y: head.y + 10 }, 37, 23);
    await expect.poll(async () => (await graph(page)).nodes.find((n) => n.kind === 'wander')!.position.every((v) => v % 20 === 0)).toBe(true);
    expect((await graph(page)).nodes.find((n) => n.kind === 'wander')!.position).not.toEqual([0, 0]);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-grid]')?.dataset.grid)).toBe('on');
    await screenshot(page, 'layout-grid');
    await page.reload();
    await page.waitForSelector('steer-node');
    await expect.poll(() => page.getAttribute('[data-test="grid-toggle"]', 'aria-pressed')).toBe('true');
    await page.click('[data-test="grid-toggle"]');
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-grid]')?.dataset.grid)).toBe('off');
    expect(errors).toEqual([]);
  });
});
