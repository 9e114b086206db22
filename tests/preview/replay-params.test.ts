import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { exposeParam } from '../../src/document/param-commands';
import { Recorder, type ReplayInput } from '../../src/preview/replay';
import { Simulation } from '../../src/preview/simulation';
import type { BehaviorModule } from '../../src/preview/world-host';
import { previewScene, sourceOf } from './scene';

const importText = async (source: string): Promise<unknown> =>
  await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

/** The preview's scene with the hunters' slowing radius exposed as "slowingRadius" (5 to 500 px). */
const base = previewScene(20);
const scene = exposeParam(base, 'hunter', 'arrive', 'slowingRadius').edit(base);

function state(world: BehaviorWorld): number[] {
  return world.types.flatMap((id) => [...world.positions(id), ...world.velocities(id)]);
}

/** The live slider moved by the "user": the hunters' slowing radius at a few ticks. */
function inputAt(tick: number): ReplayInput[] {
  if (tick === 10) return [{ kind: 'param', type: 'hunter', name: 'slowingRadius', value: 400 }];
  if (tick === 25) return [{ kind: 'param', type: 'hunter', name: 'slowingRadius', value: 20 }, { kind: 'param', type: 'hunter', name: 'slowingRadius', value: 300 }];
  return [];
}

describe('a live parameter value as recorded input', () => {
  it('changes the run, and seeking back then playing on gives the run bit for bit', async () => {
    expect(scene.agentTypes[1].params).toEqual([{ name: 'slowingRadius', default: 100, min: 5, max: 500, unit: 'px' }]);
    const mod = (await importText(sourceOf(scene))) as BehaviorModule;
    const world = mod.createWorld();
    const rec = new Recorder({ interval: 10 });
    rec.begin(world, mod);
    const states: number[][] = [state(world)];
    for (let t = 0; t < 60; t++) {
      for (const i of inputAt(t)) rec.input(world.tick, i, world);
      rec.beforeStep(world, mod, world);
      world.step(1);
      rec.afterStep(world, mod);
      states.push(state(world));
    }
    expect(world.param('hunter', 'slowingRadius')).toBe(300);
    // without the slider the hunters move otherwise
    const untouched = mod.createWorld();
    untouched.step(60);
    expect(state(untouched)).not.toEqual(states[60]);
    // sought to any tick, the world is the run's; played on, it replays the recorded values
    for (const t of [0, 5, 10, 11, 24, 26, 60]) {
      const w = rec.seek(t, mod)!;
      expect([t, state(w)]).toEqual([t, states[t]]);
      for (let k = t; k < 60; k++) {
        rec.beforeStep(w, mod, w);
        w.step(1);
        rec.afterStep(w, mod);
      }
      expect(state(w)).toEqual(states[60]);
      expect(w.param('hunter', 'slowingRadius')).toBe(300);
    }
  });

  it('goes through the simulation the preview runs, and a value out of range is refused and not recorded', async () => {
    const sim = new Simulation(importText);
    await sim.load(sourceOf(scene), scene).then(({ outcome }) => sim.recordOutcome(outcome));
    sim.advance(5);
    sim.input({ kind: 'param', type: 'hunter', name: 'slowingRadius', value: 250 });
    expect(sim.host.world!.param('hunter', 'slowingRadius')).toBe(250);
    expect(() => sim.input({ kind: 'param', type: 'hunter', name: 'slowingRadius', value: 9000 })).toThrow(/setParam.*slowingRadius.*from 5 to 500/);
    expect(sim.recording!.inputEnd).toBe(5);
    sim.advance(10);
    const after = state(sim.host.world!);
    expect(sim.seek(2).kind).toBe('sought');
    expect(sim.host.world!.param('hunter', 'slowingRadius')).toBe(100);
    sim.advance(13);
    expect(state(sim.host.world!)).toEqual(after);
    expect(sim.host.world!.param('hunter', 'slowingRadius')).toBe(250);
  });
});
