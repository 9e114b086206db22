/**
 * The editor's basic gestures, as a user makes them: wiring with undo per gesture, paste and
 * duplicate, the keyboard path (add menu, palette, select all, frame, the shortcut sheet), the
 * box-select rectangle, and wires refused because they would close a cycle.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { centre, drag, openApp, screenshot, socket } from './app';
import { openGraph, connections, nodes, selection, graphBox, dragFromTo, nodeInFront, WANDER_OUT, type Hooks } from './graph';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

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
