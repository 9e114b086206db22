import { describe, expect, it } from 'vitest';
import { StateCounts, countStates } from '../../src/preview/state-counts';
import type { BehaviorModule } from '../../src/preview/world-host';
import { previewScene, sourceOf, timerScene } from './scene';

const importText = async (source: string): Promise<BehaviorModule> =>
  (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as BehaviorModule;

describe('the legend’s counts of agents per state', () => {
  it('counts the first n agents by state and says when a count changed', () => {
    const out = new Uint32Array(3);
    const scratch = new Uint32Array(3);
    expect(countStates([0, 2, 2, 1, 0, 2], 6, out, scratch)).toBe(true);
    expect(Array.from(out)).toEqual([2, 1, 3]);
    expect(countStates([0, 2, 2, 1, 0, 2], 6, out, scratch)).toBe(false);
    // agents past n (a live array longer than the count) are not counted
    expect(countStates([1, 1, 0, 0, 0], 2, out, scratch)).toBe(true);
    expect(Array.from(out)).toEqual([0, 2, 0]);
  });

  it('lists the types with more than one state, and counts them live as the agents switch', async () => {
    const world = (await importText(sourceOf(timerScene(30)))).createWorld();
    const counts = new StateCounts();
    expect(counts.update(world)).toBe(true);
    expect(counts.types.map((t) => [t.id, t.names, Array.from(t.counts)])).toEqual([['boid', ['graze', 'run'], [30, 0]]]);
    const v = counts.version;
    world.step(10);
    expect(counts.update(world)).toBe(false);
    expect(counts.version).toBe(v);
    world.step(51);
    expect(counts.update(world)).toBe(true);
    expect(Array.from(counts.types[0].counts)).toEqual([0, 30]);
    world.setState('boid', 3, 'graze');
    counts.update(world);
    expect(Array.from(counts.types[0].counts)).toEqual([1, 29]);
    world.setCount('boid', 40);
    counts.update(world);
    expect(Array.from(counts.types[0].counts)).toEqual([11, 29]);
  });

  it('has nothing to count in a scene without states', async () => {
    const world = (await importText(sourceOf(previewScene(20)))).createWorld();
    const counts = new StateCounts();
    expect(counts.update(world)).toBe(false);
    expect(counts.types).toEqual([]);
    expect(counts.update(null)).toBe(false);
  });
});
