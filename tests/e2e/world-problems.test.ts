/**
 * Problems of the world, as a designer meets them: a scene file with a wall whose points all
 * repeat (so it has no segment, and agents ignore it) opens with a warning in the footer's count and
 * in the Problems list, named as the world's wall; the scene still runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { openApp, openFile, tick } from './app';

type Opened = Awaited<ReturnType<typeof openApp>>;
let opened: Opened | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('problems of the world', () => {
  it('lists a wall with no segment as a warning of the world, naming the wall, and the scene runs', async () => {
    opened = await openApp();
    const { page, errors } = opened;
    const d = scene(
      [agentType('w', [node('wan', 'wander'), node('out', 'agent-output')], [wire('wan.force', 'out.force')], { count: 5 })],
      {
        walls: [
          { id: 'box', points: [[100, 100], [300, 100], [300, 300], [100, 300]], closed: true },
          { id: 'speck', points: [[400, 400], [400, 400], [400.0005, 400]], closed: false },
        ],
      },
      'A speck of a wall',
    );
    await openFile(page, 'speck.steer.json', JSON.stringify(d));

    await expect.poll(() => page.locator('[data-test="problems-count"]').textContent()).toContain('0 errors, 1 warning');
    await page.click('[data-panel="problems"]');
    const problem = page.locator('[data-test="problem"]');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toContain('Wall "speck" is ignored: it has no segment, every point repeating the one before it (within 0.001 px)');
    expect(await problem.locator('.where').textContent()).toBe('World › wall speck');
    // Clicking it leaves the app as it was (it names no agent type to show).
    await problem.click();
    expect(await page.locator('[data-panel="problems"]').getAttribute('aria-selected')).toBe('true');

    // A warning, not an error: the agents move.
    const start = await tick(page);
    await expect.poll(() => tick(page)).toBeGreaterThan(start);
    expect(errors).toEqual([]);
  });
});
