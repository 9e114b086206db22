/**
 * The editor's basic gestures, as a user makes them: wiring with undo per gesture, paste and
 * duplicate, the keyboard path (add menu, palette, select all, frame, the shortcut sheet), the
 * box-select rectangle, and wires refused because they would close a cycle.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneDocument } from '../../src/document/types';
import { centre, doc, drag, openApp, screenshot, socket } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

type Hooks = { __steerApp: { doc: SceneDocument; selection: string[]; notice: string | null } };

/** Opens a scene whose first type has this graph as a user does: New, then Open… with a file of it. */
async function openGraph(page: Page, graph: SceneDocument['agentTypes'][number]['states'][number]['graph']): Promise<string> {
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

const connections = (page: Page) => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.connections.map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort());
const nodes = (page: Page) => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.nodes);
const selection = (page: Page) => page.evaluate(() => [...(window as unknown as Hooks).__steerApp.selection].sort());
const graphBox = async (page: Page) => (await page.locator('[data-test="graph"]').boundingBox())!;

/** Drags from a point to a point with the mouse, in steps. */
async function dragFromTo(page: Page, a: { x: number; y: number }, b: { x: number; y: number }): Promise<void> {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** The id of the node drawn in front at a point of the page (what a click there would reach). */
function nodeInFront(page: Page, at: { x: number; y: number }): Promise<string | undefined> {
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

/** Each wire's drawn ends and the centres of its sockets, measured in the page (graph coordinates). */
function wireEnds(page: Page): Promise<{ id: string; path: number[]; sockets: number[] }[]> {
  return page.evaluate(() => {
    type View = { element: HTMLElement; position: { x: number; y: number } };
    const ed = (window as unknown as { __steerApp: { editor: { editor: { getConnections(): { id: string; source: string; sourceOutput: string; target: string; targetInput: string }[] }; area: { nodeViews: Map<string, View>; connectionViews: Map<string, { element: HTMLElement }> } } } }).__steerApp.editor;
    const at = (nodeId: string, side: string, key: string): [number, number] => {
      const view = ed.area.nodeViews.get(nodeId)!;
      const node = view.element.querySelector('steer-node')!;
      const ref = [...node.shadowRoot!.querySelectorAll('rete-ref')].find((r) => {
        const d = (r as unknown as { data: { type: string; side: string; key: string } }).data;
        return d.type === 'socket' && d.side === side && d.key === key;
      }) as HTMLElement;
      let x = ref.offsetWidth / 2;
      let y = ref.offsetHeight / 2;
      for (let el: HTMLElement | null = ref; el && el !== view.element; el = el.offsetParent as HTMLElement | null) {
        x += el.offsetLeft + el.clientLeft;
        y += el.offsetTop + el.clientTop;
      }
      return [view.position.x + x, view.position.y + y];
    };
    return ed.editor.getConnections().map((c) => {
      const wrapper = ed.area.connectionViews.get(c.id)!.element.querySelector('rete-connection-wrapper')!;
      const d = ((wrapper.shadowRoot ?? wrapper).querySelector('steer-connection') as unknown as { path: string }).path;
      const nums = d.match(/-?[\d.]+(?:e-?\d+)?/g)!.map(Number);
      const [sx, sy] = at(c.source, 'output', c.sourceOutput);
      const [tx, ty] = at(c.target, 'input', c.targetInput);
      return { id: `${c.source}.${c.sourceOutput}->${c.target}.${c.targetInput}`, path: [nums[0], nums[1], nums[nums.length - 2], nums[nums.length - 1]], sockets: [sx + 12, sy, tx - 12, ty] };
    });
  });
}

/** Whether every wire is drawn between its own two sockets (within a pixel). */
async function wiresMeetTheirSockets(page: Page): Promise<string[]> {
  const wrong: string[] = [];
  for (const e of await wireEnds(page)) if (e.path.some((v, k) => Math.abs(v - e.sockets[k]) > 1)) wrong.push(`${e.id}: drawn ${e.path.join(',')}, sockets ${e.sockets.join(',')}`);
  return wrong;
}

const WANDER_OUT = {
  nodes: [
    { id: 'w', kind: 'wander', params: {}, position: [0, 0] as [number, number] },
    { id: 'o', kind: 'agent-output', params: {}, position: [320, 0] as [number, number] },
  ],
  connections: [{ from: ['w', 'force'] as [string, string], to: ['o', 'force'] as [string, string] }],
};

describe('wiring gestures in a browser', () => {
  it('every wire gesture is its own undo step', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const away = async () => {
      const g = await graphBox(page);
      return { x: g.x + g.width / 2, y: g.y + g.height - 30 };
    };
    const history: string[][] = [await connections(page)];
    // four gestures from sockets, no click on the canvas between them: pull the wire off the
    // output's input, wire it again, pull it off again, wire it again
    for (let k = 0; k < 2; k++) {
      await dragFromTo(page, await centre(page, socket('o', 'input', 'force')), await away());
      await expect.poll(() => connections(page)).toEqual([]);
      history.push(await connections(page));
      await drag(page, socket('w', 'output', 'force'), socket('o', 'input', 'force'));
      await expect.poll(() => connections(page)).toEqual(['w.force->o.force']);
      history.push(await connections(page));
    }
    // one Ctrl+Z per gesture, each undoing exactly one
    for (let k = history.length - 2; k >= 0; k--) {
      await page.keyboard.press('Control+z');
      await expect.poll(() => connections(page)).toEqual(history[k]);
    }
    expect(await page.locator('[data-test="undo"]').isEnabled()).toBe(false);
  });

  it('paste lands at the pointer, selected and in front; Delete removes the copies; every wire meets its sockets', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    await openGraph(page, WANDER_OUT);
    const g = await graphBox(page);
    // select both with a box, copy
    await page.keyboard.down('Shift');
    await dragFromTo(page, { x: g.x + 5, y: g.y + 5 }, { x: g.x + g.width - 5, y: g.y + g.height - 5 });
    await page.keyboard.up('Shift');
    await expect.poll(() => selection(page)).toEqual(['o', 'w']);
    await page.keyboard.press('Control+c');
    // the pointer over the middle of the Wander node: the copies' top-left corner lands there
    const wanderBox = (await page.locator('steer-node[data-node-id="w"]').boundingBox())!;
    const at = { x: wanderBox.x + wanderBox.width / 2, y: wanderBox.y + wanderBox.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('Control+v');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    const copies = (await nodes(page)).filter((n) => n.id !== 'w' && n.id !== 'o');
    const wanderCopy = copies.find((n) => n.kind === 'wander')!.id;
    // the copies are selected, and the Wander copy is drawn in front of the original
    await expect.poll(() => selection(page)).toEqual(copies.map((n) => n.id).sort());
    const copyBox = (await page.locator(`steer-node[data-node-id="${wanderCopy}"]`).boundingBox())!;
    expect(Math.abs(copyBox.x - at.x)).toBeLessThan(2);
    expect(Math.abs(copyBox.y - at.y)).toBeLessThan(2);
    expect(await nodeInFront(page, { x: at.x + 20, y: at.y + 10 })).toBe(wanderCopy);
    // right after the paste (nothing moved), each wire is drawn between its own sockets
    await expect.poll(() => wireEnds(page).then((e) => e.length)).toBe(2);
    expect(await wiresMeetTheirSockets(page)).toEqual([]);
    // Delete right away deletes the copies, and only them
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 2);
    expect((await nodes(page)).map((n) => n.id).sort()).toEqual(['o', 'w']);
    expect(await connections(page)).toEqual(['w.force->o.force']);
    expect(errors).toEqual([]);
  });

  it('Ctrl+D duplicates next to the original, selected; repeated duplicates never stack on one spot', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const spots = new Set<string>();
    for (let k = 0; k < 3; k++) {
      // (the original's header, left of where any copy could cover it)
      const head = (await page.locator('steer-node[data-node-id="w"] header').boundingBox())!;
      await page.mouse.click(head.x + 8, head.y + 6);
      await expect.poll(() => selection(page)).toEqual(['w']);
      await page.keyboard.press('Control+d');
      await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, 3 + k);
      const all = await nodes(page);
      const copy = all[all.length - 1];
      await expect.poll(() => selection(page)).toEqual([copy.id]);
      spots.add(copy.position.join(','));
    }
    // duplicating the copy itself moves on from the copy
    await page.keyboard.press('Control+d');
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 6);
    const all = await nodes(page);
    const wanders = all.filter((n) => n.kind === 'wander').map((n) => n.position.join(','));
    expect(new Set(wanders).size).toBe(wanders.length);
    expect(spots.size).toBe(3);
    // the new nodes are offset from the original, not pasted on it
    expect(wanders.filter((p) => p === '0,0')).toHaveLength(1);
  });

  it('Shift+A and a double-click on the empty canvas open the add menu at the pointer; Enter adds the node there, selected', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const g = await graphBox(page);
    const at = { x: g.x + 60, y: g.y + 40 };
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('Shift+A');
    const menu = page.locator('steer-node-menu');
    await menu.waitFor();
    let box = (await menu.boundingBox())!;
    expect(Math.abs(box.x - at.x)).toBeLessThan(2);
    expect(Math.abs(box.y - at.y)).toBeLessThan(2);
    // the search field has the focus: type, Enter
    await page.keyboard.type('seek');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="seek"]'));
    expect(await menu.count()).toBe(0);
    const seek = (await nodes(page)).find((n) => n.kind === 'seek')!.id;
    await expect.poll(() => selection(page)).toEqual([seek]);
    const seekBox = (await page.locator(`steer-node[data-node-id="${seek}"]`).boundingBox())!;
    expect(Math.abs(seekBox.x - at.x)).toBeLessThan(2);
    expect(Math.abs(seekBox.y - at.y)).toBeLessThan(2);
    // a double-click on empty canvas: the menu at that point
    const at2 = { x: g.x + g.width - 300, y: g.y + 40 };
    expect(await nodeInFront(page, at2)).toBeUndefined();
    await page.mouse.dblclick(at2.x, at2.y);
    await menu.waitFor();
    box = (await menu.boundingBox())!;
    expect(Math.abs(box.x - at2.x)).toBeLessThan(2);
    expect(Math.abs(box.y - at2.y)).toBeLessThan(2);
    await page.keyboard.type('pointer');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="pointer"]'));
    // a double-click on a node opens no menu
    const head = await centre(page, `steer-node[data-node-id="${seek}"] header`);
    await page.mouse.dblclick(head.x, head.y);
    await page.waitForFunction(() => document.querySelectorAll('steer-node').length === 4);
    expect(await menu.count()).toBe(0);
  });

  it('palette entries take the focus from the keyboard and Enter adds one, selected', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    await page.click('steer-palette input');
    await page.keyboard.type('flee');
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return (el as HTMLElement | null)?.dataset.kind ?? null;
      });
    // the first entry the search shows has the focus
    const first = await page.locator('steer-palette .item').first().getAttribute('data-kind');
    expect(await page.locator('steer-palette .item[data-kind="flee"]').count()).toBe(1);
    expect(await focused()).toBe(first);
    // ↓ and ↑ move between the entries; on Flee, Enter adds one
    const kinds = await page.locator('steer-palette .item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind));
    for (let k = 0; k < kinds.indexOf('flee'); k++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('flee');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="flee"]'));
    const flee = (await nodes(page)).find((n) => n.kind === 'flee')!.id;
    await expect.poll(() => selection(page)).toEqual([flee]);
    // the focus is still on the entry: Enter again adds another, beside the first, selected
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('steer-node[data-kind="flee"]').length === 2);
    const flees = (await nodes(page)).filter((n) => n.kind === 'flee');
    expect(flees[0].position).not.toEqual(flees[1].position);
    await expect.poll(() => selection(page)).toEqual([flees[1].id]);
  });

  it('Ctrl+A selects every node; F frames the selection, or everything when nothing is selected', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, {
      nodes: [...WANDER_OUT.nodes, { id: 'far', kind: 'seek', params: {}, position: [2400, 1400] }],
      connections: WANDER_OUT.connections,
    });
    await page.mouse.click((await graphBox(page)).x + 10, (await graphBox(page)).y + 10);
    await page.keyboard.press('Control+a');
    await expect.poll(() => selection(page)).toEqual(['far', 'o', 'w']);
    const g = await graphBox(page);
    const inView = async (id: string) => {
      const b = (await page.locator(`steer-node[data-node-id="${id}"]`).boundingBox())!;
      return b.x >= g.x && b.y >= g.y && b.x + b.width <= g.x + g.width && b.y + b.height <= g.y + g.height;
    };
    // one node selected: F brings it to the middle of the view
    const wander = await centre(page, 'steer-node[data-node-id="w"] header');
    await page.mouse.click(wander.x, wander.y);
    await expect.poll(() => selection(page)).toEqual(['w']);
    await page.keyboard.press('f');
    await expect.poll(async () => {
      const b = (await page.locator('steer-node[data-node-id="far"]').boundingBox()) ?? { x: 1e9, y: 1e9, width: 0, height: 0 };
      const w = (await page.locator('steer-node[data-node-id="w"]').boundingBox())!;
      return { wCentred: Math.abs(w.x + w.width / 2 - (g.x + g.width / 2)) < 3 && Math.abs(w.y + w.height / 2 - (g.y + g.height / 2)) < 3, farOut: b.x > g.x + g.width || b.y > g.y + g.height };
    }).toEqual({ wCentred: true, farOut: true });
    // nothing selected (a click on empty canvas): F shows every node
    await page.mouse.click(g.x + 10, g.y + g.height - 10);
    await expect.poll(() => selection(page)).toEqual([]);
    await page.keyboard.press('f');
    await expect.poll(async () => [await inView('w'), await inView('o'), await inView('far')]).toEqual([true, true, true]);
  });

  it('? opens a sheet of every shortcut; Escape and its button close it', async () => {
    opened = await openApp();
    const { page } = opened;
    const sheet = page.locator('[data-test="shortcuts"]');
    expect(await sheet.count()).toBe(0);
    await page.keyboard.press('?');
    await sheet.waitFor();
    const text = (await sheet.locator('.sheet').textContent())!;
    for (const k of ['Shift+A', 'Ctrl+Z', 'Ctrl+Shift+Z', 'Ctrl+C', 'Ctrl+V', 'Ctrl+D', 'Ctrl+A', 'Delete', 'M', 'F', '?', 'Space', ',', '.']) expect(text).toContain(k);
    await screenshot(page, 'shortcut-sheet');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await page.keyboard.press('?');
    await sheet.waitFor();
    await sheet.locator('button', { hasText: 'Close' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    // while the sheet is open, graph shortcuts do nothing
    await page.keyboard.press('?');
    await sheet.waitFor();
    const before = (await nodes(page)).length;
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    expect((await nodes(page)).length).toBe(before);
  });

  it('Shift-drag on the empty canvas draws the box while dragging, and it is gone after', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const g = await graphBox(page);
    const box = async () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-test="select-box"]') as HTMLElement | null;
        if (!el) return null;
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return s.display === 'none' || s.visibility === 'hidden' || !r.width ? null : { x: r.x, y: r.y, w: r.width, h: r.height };
      });
    const a = { x: g.x + 8, y: g.y + 8 };
    const b = { x: g.x + g.width / 2, y: g.y + g.height / 2 };
    await page.keyboard.down('Shift');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    const drawn = await box();
    expect(drawn).not.toBeNull();
    expect(Math.abs(drawn!.x - a.x)).toBeLessThan(2);
    expect(Math.abs(drawn!.y - a.y)).toBeLessThan(2);
    expect(Math.abs(drawn!.w - (b.x - a.x))).toBeLessThan(2);
    expect(Math.abs(drawn!.h - (b.y - a.y))).toBeLessThan(2);
    await screenshot(page, 'box-select');
    await page.mouse.up();
    await page.keyboard.up('Shift');
    expect(await box()).toBeNull();
  });

  it('a wire let go on the empty canvas opens the search there, only kinds that fit; the pick comes connected, one undo step; Escape adds nothing', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const g = await graphBox(page);
    const at = { x: g.x + g.width / 2, y: g.y + 40 };
    expect(await nodeInFront(page, at)).toBeUndefined();
    const menu = page.locator('steer-node-menu');
    const kinds = () => menu.locator('button[data-kind]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-kind')));
    const before = await nodes(page);
    // from Wander's force output: the menu at the drop point, only kinds with a force input
    await dragFromTo(page, await centre(page, socket('w', 'output', 'force')), at);
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(Math.abs(box.x - at.x)).toBeLessThan(2);
    expect(Math.abs(box.y - at.y)).toBeLessThan(2);
    await screenshot(page, 'wire-drop-menu');
    const listed = await kinds();
    expect(listed).toContain('sum');
    expect(listed).toContain('truncate');
    expect(listed).not.toContain('pointer');
    expect(listed).not.toContain('wander');
    // Escape: closed, nothing added, the wire there was not touched
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await nodes(page)).toEqual(before);
    expect(await connections(page)).toEqual(['w.force->o.force']);
    // again, and pick Sum by typing: it lands at the drop point, wired from Wander
    await dragFromTo(page, await centre(page, socket('w', 'output', 'force')), at);
    await menu.waitFor();
    await page.keyboard.type('sum');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="sum"]'));
    const sum = (await nodes(page)).find((n) => n.kind === 'sum')!;
    expect(await connections(page)).toEqual(['w.force->o.force', `w.force->${sum.id}.in0`].sort());
    const sumBox = (await page.locator(`steer-node[data-node-id="${sum.id}"]`).boundingBox())!;
    expect(Math.abs(sumBox.x - at.x)).toBeLessThan(2);
    expect(Math.abs(sumBox.y - at.y)).toBeLessThan(2);
    await expect.poll(() => selection(page)).toEqual([sum.id]);
    await screenshot(page, 'wire-drop-added');
    // one Ctrl+Z takes back the node and its wire
    await page.keyboard.press('Control+z');
    await expect.poll(() => nodes(page)).toEqual(before);
    expect(await connections(page)).toEqual(['w.force->o.force']);
    // a wire taken off an input and let go on the canvas is removed, and opens no search
    await dragFromTo(page, await centre(page, socket('o', 'input', 'force')), at);
    await expect.poll(() => connections(page)).toEqual([]);
    expect(await menu.count()).toBe(0);
    // from the now empty input: the kinds that give a force; Wander picked comes wired into it
    await dragFromTo(page, await centre(page, socket('o', 'input', 'force')), at);
    await menu.waitFor();
    expect(await kinds()).toContain('seek');
    expect(await kinds()).not.toContain('agent-output');
    await page.keyboard.type('wander');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await nodes(page)).length).toBe(3);
    const w2 = (await nodes(page)).find((n) => !before.some((b) => b.id === n.id))!;
    expect(w2.kind).toBe('wander');
    expect(await connections(page)).toEqual([`${w2.id}.force->o.force`]);
  });

  it('Ctrl+right-drag draws a red dashed knife; the wires it crosses are cut in one undo step; a plain right-click still opens the menu', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, {
      nodes: [
        { id: 'w', kind: 'wander', params: {}, position: [0, 0] },
        { id: 's', kind: 'sum', params: {}, position: [300, 0] },
        { id: 'o', kind: 'agent-output', params: {}, position: [600, 0] },
      ],
      connections: [
        { from: ['w', 'force'], to: ['s', 'in0'] },
        { from: ['s', 'force'], to: ['o', 'force'] },
      ],
    });
    const all = ['s.force->o.force', 'w.force->s.in0'];
    expect(await connections(page)).toEqual(all);
    const a = await centre(page, socket('w', 'output', 'force'));
    const b = await centre(page, socket('s', 'input', 'in0'));
    const c = await centre(page, socket('s', 'output', 'force'));
    const d = await centre(page, socket('o', 'input', 'force'));
    const knife = page.locator('[data-test="knife"]');
    /** Holds Ctrl and drags with the right button through these points. */
    const cut = async (points: { x: number; y: number }[], shot?: string) => {
      await page.keyboard.down('Control');
      await page.mouse.move(points[0].x, points[0].y);
      await page.mouse.down({ button: 'right' });
      for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 8 });
      // the line is drawn while cutting
      await expect.poll(() => knife.evaluate((el) => getComputedStyle(el).display)).toBe('block');
      expect(await knife.locator('polyline').getAttribute('stroke-dasharray')).toBeTruthy();
      if (shot) await screenshot(page, shot);
      await page.mouse.up({ button: 'right' });
      await page.keyboard.up('Control');
      await expect.poll(() => knife.evaluate((el) => getComputedStyle(el).display)).toBe('none');
    };
    // across the first wire only
    const x1 = (a.x + b.x) / 2;
    await cut([{ x: x1, y: Math.min(a.y, b.y) - 60 }, { x: x1, y: Math.max(a.y, b.y) + 60 }], 'knife');
    await expect.poll(() => connections(page)).toEqual(['s.force->o.force']);
    expect(await page.locator('steer-node-menu').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).toEqual(all);
    // across both, in one stroke with a bend: one undo step brings both back
    const x2 = (c.x + d.x) / 2;
    await cut([{ x: x1, y: a.y - 60 }, { x: x1, y: a.y + 80 }, { x: x2, y: d.y - 60 }, { x: x2, y: d.y + 60 }]);
    await expect.poll(() => connections(page)).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).toEqual(all);
    // a stroke that crosses no wire cuts nothing and adds no undo step
    const g = await graphBox(page);
    await cut([{ x: g.x + 40, y: g.y + 30 }, { x: g.x + 200, y: g.y + 30 }]);
    expect(await connections(page)).toEqual(all);
    // a right-click without Ctrl on the canvas opens the add menu
    await page.mouse.click(g.x + 40, g.y + 30, { button: 'right' });
    await page.locator('steer-node-menu').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('steer-node-menu').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).toEqual(all);
    expect(await page.locator('[data-test="undo"]').isEnabled()).toBe(false);
  });

  it('right-click a node: Duplicate, Mute/Unmute, Help, Delete, by mouse or by the arrow keys and Enter; right-click a wire: Delete; Escape and a click outside close', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, WANDER_OUT);
    const menu = page.locator('[data-test="context-menu"]');
    const items = () => menu.locator('button[data-item]').evaluateAll((bs) => bs.map((b) => [...b.querySelectorAll('span')].map((x) => x.textContent).join(' ')));
    const head = await centre(page, 'steer-node[data-node-id="w"] header');
    const rightClick = async (at: { x: number; y: number }) => {
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await menu.waitFor();
    };
    const muted = () => page.evaluate(() => !!(window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'w')!.muted);
    // the node is selected by the right-click, and the menu lists its actions (no Group: this app has no groups)
    await rightClick(head);
    await expect.poll(() => selection(page)).toEqual(['w']);
    expect(await items()).toEqual(['Duplicate Ctrl+D', 'Mute M', 'Help', 'Delete Del']);
    expect(await page.locator('steer-node-menu').count()).toBe(0);
    await screenshot(page, 'node-context-menu');
    // arrow down to Mute, Enter
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(muted).toBe(true);
    await expect.poll(() => menu.count()).toBe(0);
    await page.locator('steer-node[data-node-id="w"].muted').waitFor();
    // now it says Unmute; Escape closes, changing nothing
    await rightClick(head);
    expect(await items()).toContain('Unmute M');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await muted()).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(muted).toBe(false);
    // a click outside closes it
    const g = await graphBox(page);
    await rightClick(head);
    await page.mouse.click(g.x + 30, g.y + 30);
    await expect.poll(() => menu.count()).toBe(0);
    // Duplicate, clicked
    await rightClick(head);
    await menu.locator('button[data-item="duplicate"]').click();
    await expect.poll(async () => (await nodes(page)).length).toBe(3);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await nodes(page)).length).toBe(2);
    // Help: the node's help opens
    await rightClick(head);
    await menu.locator('button[data-item="help"]').click();
    await page.locator('steer-node-help').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('steer-node-help').count()).toBe(0);
    // Delete, from the keyboard: up from the first goes round to the last
    await rightClick(head);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await nodes(page)).map((n) => n.id)).toEqual(['o']);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await nodes(page)).map((n) => n.id)).toEqual(['w', 'o']);
    await expect.poll(() => connections(page)).toEqual(['w.force->o.force']);
    // right-click the wire (its middle): Delete
    const a = await centre(page, socket('w', 'output', 'force'));
    const b = await centre(page, socket('o', 'input', 'force'));
    await rightClick({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    expect(await items()).toEqual(['Delete']);
    await screenshot(page, 'wire-context-menu');
    await page.keyboard.press('Enter');
    await expect.poll(() => connections(page)).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).toEqual(['w.force->o.force']);
  });

  it('a node without wires dragged onto a wire its sockets fit lights it up, and dropped there goes into it, one undo step; one that does not fit is only moved', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, {
      nodes: [
        { id: 'w', kind: 'wander', params: {}, position: [0, 0] },
        { id: 'o', kind: 'agent-output', params: {}, position: [700, 0] },
        { id: 't', kind: 'truncate', params: {}, position: [120, 260] },
        { id: 'p', kind: 'pointer', params: {}, position: [450, 260] },
      ],
      connections: [{ from: ['w', 'force'], to: ['o', 'force'] }],
    });
    const a = await centre(page, socket('w', 'output', 'force'));
    const b = await centre(page, socket('o', 'input', 'force'));
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const lit = () => page.locator('steer-connection[highlighted]').count();
    /** Drags a node by its header so that the header's centre ends `dy` px below `to` (above, negative), holding it there for `whileHeld`. */
    const dragNode = async (id: string, to: { x: number; y: number }, dy: number, whileHeld: () => Promise<void>) => {
      const head = await centre(page, `steer-node[data-node-id="${id}"] header`);
      await page.mouse.move(head.x, head.y);
      await page.mouse.down();
      await page.mouse.move((head.x + to.x) / 2, (head.y + to.y + dy) / 2, { steps: 6 });
      await page.mouse.move(to.x, to.y + dy, { steps: 6 });
      await whileHeld();
      await page.mouse.up();
    };
    const positionOf = async (id: string) => (await nodes(page)).find((n) => n.id === id)!.position;
    const tAt = await positionOf('t');
    // Pointer gives a point and takes no force: over the wire nothing lights up, and the drop only moves it
    // (the header's centre 40 px above the wire: the wire runs across the node's body)
    await dragNode('p', mid, -40, async () => {
      await page.mouse.move(mid.x + 1, mid.y - 39);
      expect(await lit()).toBe(0);
    });
    await expect.poll(async () => (await positionOf('p'))[1]).toBeLessThan(200);
    expect(await connections(page)).toEqual(['w.force->o.force']);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await positionOf('p'))[1]).toBe(260);
    // Truncate takes a force and gives one: the wire lights up under it, and the drop splices it in
    await dragNode('t', mid, -40, async () => {
      await expect.poll(lit).toBe(1);
      await screenshot(page, 'wire-insert');
    });
    await expect.poll(() => connections(page)).toEqual(['t.force->o.force', 'w.force->t.in']);
    expect(await lit()).toBe(0);
    // one Ctrl+Z: the wire as it was and the node back where it was
    await page.keyboard.press('Control+z');
    await expect.poll(() => connections(page)).toEqual(['w.force->o.force']);
    expect(await positionOf('t')).toEqual(tAt);
  });

  it('refuses a wire that would close a cycle, with a notice; a file with a cycle still opens and shows it', async () => {
    opened = await openApp();
    const { page } = opened;
    await openGraph(page, {
      nodes: [
        { id: 'w', kind: 'wander', params: {}, position: [0, 0] },
        { id: 's1', kind: 'sum', params: {}, position: [260, 0] },
        { id: 's2', kind: 'sum', params: {}, position: [520, 0] },
        { id: 'o', kind: 'agent-output', params: {}, position: [780, 0] },
      ],
      connections: [
        { from: ['w', 'force'], to: ['s1', 'in0'] },
        { from: ['s1', 'force'], to: ['s2', 'in0'] },
        { from: ['s2', 'force'], to: ['o', 'force'] },
      ],
    });
    const before = await connections(page);
    // s2's output into s1's second input: s1 → s2 → s1
    await drag(page, socket('s2', 'output', 'force'), socket('s1', 'input', 'in1'));
    await expect.poll(() => page.locator('[data-test="notice"]').textContent()).toMatch(/cycle/i);
    expect(await connections(page)).toEqual(before);
    expect(await page.locator('rete-connection-wrapper').count()).toBe(3);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    // onto an input that is already wired, a refused wire leaves that one as it was
    await drag(page, socket('s2', 'output', 'force'), socket('s1', 'input', 'in0'));
    expect(await connections(page)).toEqual(before);
    // and nothing was added to undo
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.nodes.length)).toBe(4);
    expect(await connections(page)).toEqual(before);
    // a file that holds a cycle opens, and the problem is shown
    await openGraph(page, {
      nodes: [
        { id: 's1', kind: 'sum', params: {}, position: [0, 0] },
        { id: 's2', kind: 'sum', params: {}, position: [300, 0] },
        { id: 'o', kind: 'agent-output', params: {}, position: [600, 0] },
      ],
      connections: [
        { from: ['s1', 'force'], to: ['s2', 'in0'] },
        { from: ['s2', 'force'], to: ['s1', 'in0'] },
        { from: ['s2', 'force'], to: ['o', 'force'] },
      ],
    });
    await expect.poll(() => page.locator('[data-test="problems-count"]').textContent()).toMatch(/[1-9] error/);
    await page.click('[data-panel="problems"]');
    await expect.poll(() => page.locator('steer-problems [data-test="problem"]').allTextContents().then((t) => t.join(' '))).toMatch(/cycle/i);
  });
});
