/**
 * The wiring habits of Blender and Unreal (issue 20), as a user makes them: a wire let go on the
 * empty canvas opens the add-node search, the knife cuts wires, context menus on nodes and wires,
 * and a node dragged onto a wire goes into it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { centre, openApp, screenshot, socket } from './app';
import { openGraph, connections, nodes, selection, graphBox, dragFromTo, nodeInFront, WANDER_OUT, type Hooks } from './graph';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('wiring habits in a browser', () => {
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
    // nor the Layout section's frame and note, which take no wire
    expect(listed).not.toContain('layout:frame');
    expect(listed).not.toContain('layout:note');
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

  it('right-click a node: Duplicate, Mute/Unmute, Group, Help, Delete, by mouse or by the arrow keys and Enter; right-click a wire: Insert reroute, Delete; Escape and a click outside close', async () => {
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
    // the node is selected by the right-click, and the menu lists its actions
    await rightClick(head);
    await expect.poll(() => selection(page)).toEqual(['w']);
    expect(await items()).toEqual(['Duplicate Ctrl+D', 'Mute M', 'Group Ctrl+G', 'Help', 'Delete Del']);
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
    // Group: the node becomes a group node, wired as before; Ctrl+Z takes it back
    const kinds = () => page.evaluate(() => (window as unknown as Hooks).__steerApp.doc.agentTypes[0].states[0].graph.nodes.map((n) => n.kind));
    await rightClick(head);
    await menu.locator('button[data-item="group"]').click();
    await expect.poll(kinds).toEqual(['agent-output', 'group']);
    await page.keyboard.press('Control+z');
    await expect.poll(kinds).toEqual(['wander', 'agent-output']);
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
    // right-click the wire (its middle): Insert reroute (tests/e2e/reroutes.test.ts), Delete
    const a = await centre(page, socket('w', 'output', 'force'));
    const b = await centre(page, socket('o', 'input', 'force'));
    await rightClick({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    expect(await items()).toEqual(['Insert reroute', 'Delete']);
    await screenshot(page, 'wire-context-menu');
    await page.keyboard.press('ArrowUp');
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
});
