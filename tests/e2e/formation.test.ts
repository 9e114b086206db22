/**
 * Formations as a designer builds one (issue 21): the Formation node added from the add menu, its
 * leader picked from the search a wire dropped on the canvas opens (the Agent source, set to the
 * captain's type), wired to the output with the mouse; the preview's soldiers then line up in their
 * slots behind the moving captain, and a change of Shape in the node re-forms them as a column.
 * Then the Custom shape: picked from Shape, its slot pad starts from the wedge's first slots, the
 * mouse adds, drags and removes slots on the pad, Ctrl+Z takes edits back one gesture at a time,
 * and the soldiers take the drawn places (the one past the last slot, the pattern repeated behind).
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import path from 'node:path';
import { ARTIFACTS, centre, doc, drag, openApp, openFile, positions, screenshot, socket } from './app';
import { dragFromTo, graphBox, nodeInFront, nodes } from './graph';
import { PAD_HEIGHT, PAD_WIDTH } from '../../src/editor/slot-pad';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

function velocities(page: Page, typeId: string): Promise<number[]> {
  return page.evaluate((id) => Array.from((window as unknown as { __steerPreview: { world: { velocities(id: string): Float64Array } } }).__steerPreview.world.velocities(id)), typeId);
}

/** Each soldier's place in the captain's frame: [along its heading, to its right], px. */
async function inCaptainFrame(page: Page): Promise<[number, number][]> {
  const [L, V, P] = [await positions(page, 'captain'), await velocities(page, 'captain'), await positions(page, 'soldier')];
  const s = Math.hypot(V[0], V[1]);
  const [hx, hy] = [V[0] / s, V[1] / s];
  const out: [number, number][] = [];
  for (let k = 0; 2 * k < P.length; k++) {
    const [rx, ry] = [P[2 * k] - L[0], P[2 * k + 1] - L[1]];
    out.push([rx * hx + ry * hy, rx * -hy + ry * hx]);
  }
  return out;
}

const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol;

/** expect.poll with room for a busy machine: an edit recompiles the scene and redraws the node before the page shows it. */
const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

describe('Formation', () => {
  it('added from the add menu, fed the captain through a dropped wire and wired to the output, lines the soldiers up behind the captain; Shape → Column re-forms them', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType('soldier', [node('out', 'agent-output')], [], { count: 3, spawn: { x: 150, y: 500, width: 100, height: 100, speed: 0 } }),
        agentType('captain', [node('goal', 'point', { x: 1500, y: 300 }), node('seek', 'seek'), node('out', 'agent-output')], [wire('goal.point', 'seek.target'), wire('seek.force', 'out.force')], {
          count: 1,
          maxSpeed: 0.6,
          spawn: { x: 300, y: 290, width: 20, height: 20 },
        }),
      ],
      { width: 1600, height: 600, edges: 'bounce' },
      'Squad',
    );
    await openFile(page, 'squad.steer.json', JSON.stringify(d));
    await page.keyboard.press('f');
    const g = await graphBox(page);
    // the Output out of the way, to the right: dragged by its header
    const head = await centre(page, 'steer-node[data-node-id="out"] header');
    await dragFromTo(page, head, { x: g.x + g.width - 140, y: head.y });

    // Shift+A on the empty canvas, "formation", Enter
    const at = { x: g.x + 20, y: g.y + 30 };
    expect(await nodeInFront(page, at)).toBeUndefined();
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('Shift+A');
    const menu = page.locator('steer-node-menu');
    await menu.waitFor();
    await page.keyboard.type('formation');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="formation"]'));
    const fm = (await nodes(page)).find((n) => n.kind === 'formation')!.id;

    // a wire from its Leader input let go on the canvas: the search offers the agent sources only
    const drop = { x: g.x + 20, y: g.y + g.height - 150 };
    expect(await nodeInFront(page, drop)).toBeUndefined();
    await dragFromTo(page, await centre(page, socket(fm, 'input', 'leader')), drop);
    await menu.waitFor();
    const kinds = await menu.locator('button[data-kind]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-kind')));
    expect(kinds).toContain('agent');
    expect(kinds).toContain('nearest-agent');
    expect(kinds).not.toContain('seek');
    await menu.locator('button[data-kind="agent"]').click();
    await page.waitForFunction(() => !!document.querySelector('steer-node[data-kind="agent"]'));
    const ag = (await nodes(page)).find((n) => n.kind === 'agent')!.id;
    const ofType = page.locator(`steer-node[data-node-id="${ag}"] steer-param[data-param="agentType"] select`);
    await ofType.selectOption('captain');
    const shape = page.locator(`steer-node[data-node-id="${fm}"] steer-param[data-param="shape"] select`);
    expect(await shape.inputValue()).toBe('wedge');
    await shape.selectOption('line');
    await drag(page, socket(fm, 'output', 'force'), socket('out', 'input', 'force'));

    const soldier = async () => (await doc(page)).agentTypes[0].states[0].graph;
    await expect.poll(async () => (await soldier()).connections.map((c) => `${c.from.join('.')}->${c.to.join('.')}`).sort()).toEqual([`${ag}.agent->${fm}.leader`, `${fm}.force->out.force`].sort());
    const params = (await soldier()).nodes;
    expect(params.find((n) => n.id === ag)!.params).toMatchObject({ agentType: 'captain' });
    expect(params.find((n) => n.id === fm)!.params).toMatchObject({ shape: 'line' });
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');

    // Line: slots 0, 1, 2 abreast at 0, +30 and −30 px to the captain's right, all equally far behind it
    const line = async () => {
      const f = await inCaptainFrame(page);
      return f.every(([along, lat], k) => near(lat, [0, 30, -30][k], 3) && near(along, f[0][0], 3) && along < -20);
    };
    await expect.poll(line, { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'formation-line');

    // Column: one behind the other, 30 px apart, on the captain's track
    await shape.selectOption('column');
    const column = async () => {
      const f = await inCaptainFrame(page);
      return f.every(([along, lat], k) => near(lat, 0, 3) && (k === 0 || near(f[k - 1][0] - along, 30, 3)));
    };
    await expect.poll(column, { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'formation-column');
    expect(errors).toEqual([]);
  });

  it('Custom: picked from Shape, slots clicked onto the pad, one dragged, one removed with Alt+click, undone with Ctrl+Z; the soldiers take the drawn places', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType(
          'soldier',
          [{ ...node('ag', 'agent', { agentType: 'captain' }), position: [20, 40] }, { ...node('fm', 'formation'), position: [300, 40] }, { ...node('out', 'agent-output'), position: [600, 40] }],
          [wire('ag.agent', 'fm.leader'), wire('fm.force', 'out.force')],
          { count: 8, spawn: { x: 150, y: 250, width: 100, height: 100, speed: 0 } },
        ),
        agentType('captain', [node('goal', 'point', { x: 1500, y: 300 }), node('seek', 'seek'), node('out', 'agent-output')], [wire('goal.point', 'seek.target'), wire('seek.force', 'out.force')], {
          count: 1,
          maxSpeed: 0.6,
          spawn: { x: 400, y: 290, width: 20, height: 20 },
        }),
      ],
      { width: 1600, height: 600, edges: 'bounce' },
      'Custom squad',
    );
    await openFile(page, 'custom-squad.steer.json', JSON.stringify(d));
    const slotsOf = async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'fm')!.params.slots;

    // Shape → Custom: the pad appears, started from the wedge's first five slots (one undo step)
    const fm = 'steer-node[data-node-id="fm"]';
    await page.locator(`${fm} steer-param[data-param="shape"] select`).selectOption('custom');
    const pad = page.locator(`${fm} steer-slot-pad svg`);
    await pad.waitFor();
    const wedge = [[-30, 0], [-60, 30], [-60, -30], [-90, 60], [-90, -60]];
    await soon(slotsOf).toEqual(wedge);
    // the pick and the slots it started from are one undo step
    const shapeOf = async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'fm')!.params.shape;
    const shape = page.locator(`${fm} steer-param[data-param="shape"] select`);
    await page.keyboard.press('Control+z');
    await soon(async () => [await shapeOf(), await slotsOf()]).toEqual([undefined, undefined]);
    await pad.waitFor({ state: 'detached' });
    await soon(() => shape.inputValue()).toBe('wedge');
    await page.keyboard.press('Control+Shift+z');
    await soon(async () => [await shapeOf(), await slotsOf()]).toEqual(['custom', wedge]);
    await soon(() => shape.inputValue()).toBe('custom');
    await page.keyboard.press('f');
    await soon(() => pad.locator('[data-slot]').count()).toBe(5);
    // the node is as tall as the editor reckons (its minimap, layout and socket places use that),
    // give or take its border, as the Agent node is
    const overEstimate = (id: string) =>
      page.evaluate((nodeId) => {
        const ed = (window as unknown as { __steerApp: { editor: { editor: { getNode(id: string): { height: number } } } } }).__steerApp.editor;
        return (document.querySelector(`steer-node[data-node-id="${nodeId}"]`) as HTMLElement).offsetHeight - ed.editor.getNode(nodeId).height;
      }, id);
    expect(await overEstimate('fm')).toBe(await overEstimate('ag'));

    // A place on the pad: the leader at its centre heading right, ½ pad px per px (the pad's scale for these slots)
    const at = async ([ox, oy]: number[]) => {
      const box = (await pad.boundingBox())!;
      return { x: box.x + ((PAD_WIDTH / 2 + ox / 2) * box.width) / PAD_WIDTH, y: box.y + ((PAD_HEIGHT / 2 + oy / 2) * box.height) / PAD_HEIGHT };
    };
    const click = async (o: number[], alt = false) => {
      const p = await at(o);
      if (alt) await page.keyboard.down('Alt');
      await page.mouse.click(p.x, p.y);
      if (alt) await page.keyboard.up('Alt');
    };
    // two clicks on empty pad: slots 6 and 7
    await click([-120, 0]);
    await soon(slotsOf).toEqual([...wedge, [-120, 0]]);
    await soon(() => pad.locator('[data-slot]').count()).toBe(6);
    await click([-20, -70]);
    await soon(slotsOf).toEqual([...wedge, [-120, 0], [-20, -70]]);
    // (the dot drawn before the mouse goes down on it: a press on empty pad would add one)
    await soon(() => pad.locator('[data-slot]').count()).toBe(7);
    // slot 7 dragged behind, to the right
    const from = await at([-20, -70]);
    const to = await at([-150, 30]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 6 });
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    const drawn = [...wedge, [-120, 0], [-150, 30]];
    await soon(slotsOf).toEqual(drawn);
    // Alt+click on slot 4 removes it; the later slots move up one
    await click([-90, 60], true);
    await soon(slotsOf).toEqual(drawn.filter((_, k) => k !== 3));
    await soon(() => pad.locator('[data-slot]').count()).toBe(6);
    await screenshot(page, 'formation-slot-pad-removed');

    // Ctrl+Z brings slot 4 back, and again takes the whole drag back
    await page.keyboard.press('Control+z');
    await soon(slotsOf).toEqual(drawn);
    await page.keyboard.press('Control+z');
    await soon(slotsOf).toEqual([...wedge, [-120, 0], [-20, -70]]);
    await page.keyboard.press('Control+Shift+z');
    await soon(slotsOf).toEqual(drawn);
    await soon(() => pad.locator('[data-slot]').count()).toBe(7);

    // from tick 0 (Reset: the captain walked on meanwhile), the preview's soldiers take the drawn
    // places; the eighth, past the last, takes slot 1 moved back by the pattern's depth
    // (−30 − (−150) = 120) plus the spacing (30). All trail their places alike: Arrive slows
    // within its radius, so a follower keeping pace with the captain stays a few px behind.
    await page.locator('[data-test="reset"]').click();
    const want = [...drawn, [-30 - 150, 0]];
    const formed = async () => {
      const f = await inCaptainFrame(page);
      const lag = want[0][0] - f[0][0];
      return lag >= 0 && lag < 20 && f.every(([along, lat], k) => near(along + lag, want[k][0], 3) && near(lat, want[k][1], 3));
    };
    await expect.poll(formed, { timeout: 30_000 }).toBe(true);
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');
    await screenshot(page, 'formation-slot-pad');
    await page.locator(`${fm} steer-slot-pad`).screenshot({ path: path.join(ARTIFACTS, 'formation-slot-pad-close.png') });
    expect(errors).toEqual([]);
  });
});
