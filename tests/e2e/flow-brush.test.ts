/**
 * The Flow brush as a user meets it, with the mouse and keys only: a drag paints the flow field
 * along the stroke (drawn as arrows), agents with a Flow Field node follow what was painted, a
 * Shift-drag erases, each stroke one undo step (Ctrl+Z), and the River preset shows its field.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeFlowBytes } from '../../runtime/flow-field';
import type { SceneDocument } from '../../src/document/types';
import { watchErrors } from './chromium';
import { doc, openApp, openFile, positions, screenshot } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** Swimmers at rest in the middle of the world, on a flow field that is still everywhere (30 × 20 cells of 20 px). */
const SCENE: SceneDocument = {
  format: 'steergraph',
  version: 7,
  name: 'Flow test',
  description: 'Swimmers follow the flow field.',
  world: {
    width: 600,
    height: 400,
    edges: 'bounce',
    seed: 4,
    obstacles: [],
    paths: [],
    targets: [],
    flowFields: [{ id: 'flow', x: 0, y: 0, cellSize: 20, cols: 30, rows: 20, vectors: Buffer.alloc(2 * 600).toString('base64') }],
  },
  agentTypes: [
    {
      id: 'swimmer',
      name: 'Swimmer',
      color: '#7fd4ff',
      count: 12,
      mass: 1,
      maxSpeed: 2,
      maxForce: 0.2,
      spawn: { x: 285, y: 180, width: 30, height: 40, speed: 0 },
      states: [
        {
          name: 'default',
          graph: {
            nodes: [
              { id: 'f', kind: 'flow-field', params: { field: 'flow' }, position: [0, 0] },
              { id: 'out', kind: 'agent-output', params: {}, position: [260, 0] },
            ],
            connections: [{ from: ['f', 'force'], to: ['out', 'force'] }],
          },
        },
      ],
    },
  ],
};

/** The page point over world point (x, y) of the app's preview. */
async function overWorld(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('steer-preview canvas[role="img"]').first().boundingBox())!;
  const v = await page.evaluate(() => window.__steerPreview!.view);
  return { x: box.x + x * v.scale + v.x, y: box.y + y * v.scale + v.y };
}

/** A drag with the mouse through these world points. */
async function stroke(page: Page, points: [number, number][]): Promise<void> {
  const first = await overWorld(page, ...points[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of points.slice(1)) {
    const q = await overWorld(page, ...p);
    await page.mouse.move(q.x, q.y, { steps: 8 });
  }
  await page.mouse.up();
}

/** The document's field vx, vy of cell (i, j), as bytes. */
async function cell(page: Page, i: number, j: number): Promise<[number, number]> {
  const f = (await doc(page)).world.flowFields![0];
  const b = decodeFlowBytes(f.vectors, f.cols * f.rows);
  return [b[2 * (j * f.cols + i)], b[2 * (j * f.cols + i) + 1]];
}

async function meanY(page: Page): Promise<number> {
  const p = await positions(page, 'swimmer');
  let y = 0;
  for (let k = 1; k < p.length; k += 2) y += p[k];
  return y / (p.length / 2);
}

describe('the Flow brush', () => {
  it('paints the field along a stroke, the agents follow it, Shift erases, Ctrl+Z undoes a stroke', async () => {
    opened = await openApp();
    const { page } = opened;
    const errors = watchErrors(page);
    await openFile(page, 'flow-test.steer.json', SCENE);
    await page.waitForFunction(() => !!window.__steerPreview?.world?.types.includes('swimmer'));
    await page.click('steer-preview [data-test="flow-brush"]');
    expect(await page.getAttribute('steer-preview [data-test="flow-brush"]', 'aria-pressed')).toBe('true');

    // a stroke upward through the swimmers: the cells under the brush point up
    await stroke(page, [[300, 360], [300, 200], [300, 40]]);
    await expect.poll(() => cell(page, 15, 10)).toEqual([0, -127]);
    expect(await cell(page, 15, 2)).toEqual([0, -127]);
    // outside the brush's 30 px: still
    expect(await cell(page, 20, 10)).toEqual([0, 0]);
    await screenshot(page, 'flow-brush');

    // the swimmers, at rest, swim up the painted stream
    const y0 = await meanY(page);
    const t0 = await page.evaluate(() => window.__steerPreview!.world!.tick);
    await page.waitForFunction((t) => (window.__steerPreview?.world?.tick ?? 0) >= t + 60, t0, { polling: 50, timeout: 60_000 });
    expect(await meanY(page)).toBeLessThan(y0 - 40);

    // a second stroke, to the right, across the top
    await stroke(page, [[200, 100], [400, 100]]);
    await expect.poll(() => cell(page, 15, 4)).toEqual([127, 0]);
    // Shift-drag erases under the brush
    await page.keyboard.down('Shift');
    await stroke(page, [[300, 240], [300, 260]]);
    await page.keyboard.up('Shift');
    await expect.poll(() => cell(page, 15, 12)).toEqual([0, 0]);
    expect(await cell(page, 15, 2)).toEqual([0, -127]);

    // each stroke is one undo step: the erase, then the second stroke
    await page.locator('steer-preview canvas[role="img"]').first().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 15, 12)).toEqual([0, -127]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 15, 4)).toEqual([0, -127]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cell(page, 15, 10)).toEqual([0, 0]);
    expect(errors).toEqual([]);
  });

  it('the River preset: its field drawn as arrows, and its fish swim downstream in the page', async () => {
    opened = await openApp();
    const { page } = opened;
    const errors = watchErrors(page);
    page.once('dialog', (d) => void d.accept());
    await page.click('[data-test="presets"]');
    await page.click('[data-preset="river"]');
    await page.waitForFunction(() => !!window.__steerPreview?.world?.types.includes('fish'));
    const t0 = await page.evaluate(() => window.__steerPreview!.world!.tick);
    await page.waitForFunction((t) => (window.__steerPreview?.world?.tick ?? 0) >= t + 120, t0, { polling: 50, timeout: 60_000 });
    await screenshot(page, 'flow-river');
    const v = await page.evaluate(() => Array.from(window.__steerPreview!.world!.velocities('fish')));
    let vx = 0;
    for (let k = 0; k < v.length; k += 2) vx += v[k];
    expect(vx / (v.length / 2)).toBeGreaterThan(1.5);
    // the Flow field overlay is on by default, and a user can turn it off in the Overlays menu
    await page.click('steer-preview [data-test="overlays"]');
    expect(await page.isChecked('steer-preview [data-test="overlay-flow"]')).toBe(true);
    await page.uncheck('steer-preview [data-test="overlay-flow"]');
    await expect.poll(() => page.evaluate(() => [...window.__steerPreview!.overlays].includes('flow'))).toBe(false);
    expect(errors).toEqual([]);
  });
});
