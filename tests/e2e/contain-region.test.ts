/**
 * Contain's region, as a designer reaches it: a scene with a pen (a closed, non-solid wall) opens
 * with wanderers kept in the world's box; choosing the pen in the Contain node's Region list (only
 * closed walls are offered) keeps them inside the pen from then on. Deleting the pen's wall in the
 * World panel leaves the node naming a missing wall: an error on the node, and the preview runs on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { doc, openApp, openFile, positions, tick } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The pen: a square from (300, 150) to (500, 350), not solid (a region only). */
const PEN = { x0: 300, y0: 150, x1: 500, y1: 350 };

describe('Contain in a region', () => {
  it('lists the closed walls as regions, keeps the agents in the one chosen, and reports a region whose wall is gone', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [
        agentType(
          'w',
          [node('keep', 'contain', { margin: 40 }), node('wan', 'wander', { distance: 30, radius: 15, jitter: 1 }), node('pri', 'priority', { inputs: 2 }), node('out', 'agent-output')],
          [wire('keep.force', 'pri.in0'), wire('wan.force', 'pri.in1'), wire('pri.force', 'out.force')],
          { count: 12, maxSpeed: 3, maxForce: 0.3, spawn: { x: 320, y: 170, width: 160, height: 160 } },
        ),
      ],
      {
        edges: 'bounce',
        walls: [
          { id: 'pen', points: [[PEN.x0, PEN.y0], [PEN.x1, PEN.y0], [PEN.x1, PEN.y1], [PEN.x0, PEN.y1]], closed: true, solid: false },
          { id: 'fence', points: [[100, 500], [700, 500]], closed: false },
        ],
      },
      'A pen',
    );
    await openFile(page, 'pen.steer.json', JSON.stringify(d));

    const region = page.locator('steer-node[data-node-id="keep"] steer-param[data-param="region"] select');
    await expect.poll(() => region.count()).toBe(1);
    // the world's box and the closed wall; the open fence is no region
    expect(await region.locator('option').allTextContents()).toEqual(['The world’s box', 'pen']);
    expect(await region.inputValue()).toBe('world');

    await region.selectOption('pen');
    await expect.poll(async () => (await doc(page)).agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'keep')!.params.region).toBe('pen');
    expect(await page.locator('[data-test="problems-count"]').textContent()).toContain('No problems');

    // Once those that wandered out while the box held them are back (300 ticks), every wanderer
    // stays in the pen, give or take the distance it needs to turn (v²/a = 30 px at full speed).
    const start = await tick(page);
    const slack = 40;
    let worst = 0;
    await expect
      .poll(
        async () => {
          const now = await tick(page);
          const p = await positions(page, 'w');
          if (now < start + 300) return now;
          for (let i = 0; i < p.length; i += 2) {
            const out = Math.max(PEN.x0 - p[i], p[i] - PEN.x1, PEN.y0 - p[i + 1], p[i + 1] - PEN.y1, 0);
            worst = Math.max(worst, out);
          }
          return tick(page);
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBeGreaterThan(start + 900);
    expect(worst).toBeLessThan(slack);

    // Delete the pen's wall in the World panel: Contain now names a missing wall, an error on its node.
    await page.click('[data-panel="world"]');
    await page.getByRole('button', { name: 'Remove wall pen' }).click();
    await expect.poll(async () => ((await doc(page)).world.walls ?? []).map((w) => w.id)).toEqual(['fence']);
    await expect.poll(() => page.locator('[data-test="problems-count"]').textContent()).toContain('1 error');
    expect(await region.inputValue()).toBe('pen');
    expect(await region.locator('option:checked').textContent()).toContain('missing');
    const later = await tick(page);
    await expect.poll(() => tick(page)).toBeGreaterThan(later);
    expect(errors).toEqual([]);
  });
});
