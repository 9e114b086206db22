import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { loadScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { handoverOf, transferWorld } from '../../src/preview/transfer';
import { WorldHost, type BehaviorModule } from '../../src/preview/world-host';
import { edited, previewScene, sourceOf } from './scene';

const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const PRESETS = path.resolve(import.meta.dirname, '../../presets');

function preset(file: string): SceneDocument {
  const r = loadScene(readFileSync(path.join(PRESETS, file), 'utf8'));
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.doc;
}

/** An edit that touches what a swap must carry: a node parameter, the count of the first type, a target, and with `limits` its maxSpeed. */
function edit(scene: SceneDocument, limits = true): SceneDocument {
  return edited(scene, (s) => {
    const t = s.agentTypes[0];
    const node = t.states[0].graph.nodes.find((n) => Object.values(n.params).some((v) => typeof v === 'number'));
    if (node) {
      const key = Object.keys(node.params).find((k) => typeof node.params[k] === 'number')!;
      node.params[key] = (node.params[key] as number) * 1.1;
    }
    if (limits) t.maxSpeed *= 1.25;
    t.count = Math.min(t.count + 3, 10_000);
    const target = s.world.targets[0];
    if (target) target.x = (target.x + 50) % s.world.width;
  });
}

/** A host's world run `ticks` ticks, the forces of the next one computed when `midTick` (the force overlay's state). */
async function running(scene: SceneDocument, direct: boolean, ticks: number, midTick: boolean): Promise<WorldHost> {
  const host = new WorldHost(importText, { direct });
  expect(await host.load(sourceOf(scene))).toMatchObject({ kind: 'fresh' });
  host.setPointer(scene.world.width * 0.3, scene.world.height * 0.6);
  host.world!.step(ticks);
  if (midTick) for (const id of host.world!.types) host.world!.computeForces(id);
  return host;
}

function state(world: BehaviorWorld): string {
  return JSON.stringify(world.snapshot());
}

describe('a swap that copies the world’s arrays (transfer.ts)', () => {
  const files = readdirSync(PRESETS).filter((f) => f.endsWith('.steer.json'));

  it.each(files)('carries %s exactly as the snapshot API does, and the runs go on the same', async (file) => {
    const scene = preset(file);
    for (const [next, midTick] of [
      [edit(scene, false), false],
      [edit(scene, false), true],
      [edit(scene, true), false],
    ] as const) {
      const direct = await running(scene, true, 23, midTick);
      const reference = await running(scene, false, 23, midTick);
      const text = sourceOf(next);
      expect(await direct.load(text)).toEqual({ kind: 'resumed' });
      expect(await reference.load(text)).toEqual({ kind: 'resumed' });
      expect(state(direct.world!)).toBe(state(reference.world!));
      expect(direct.targets).toEqual(reference.targets);
      expect(direct.obstacles).toEqual(reference.obstacles);
      direct.world!.step(40);
      reference.world!.step(40);
      expect(state(direct.world!)).toBe(state(reference.world!));
    }
  });

  it('carries a heading smoother and a turn limit as the snapshot API does: the same k kept, another k or none started afresh', async () => {
    const scene = edited(previewScene(), (s) => {
      s.agentTypes[0].maxTurnRate = 4;
      s.agentTypes[0].headingSmoothing = 5;
      s.agentTypes[1].headingSmoothing = 3;
    });
    for (const [next, midTick] of [
      [edit(scene, false), false],
      [edit(scene, true), true],
      [edited(edit(scene, false), (s) => ((s.agentTypes[0].headingSmoothing = 7), delete s.agentTypes[1].headingSmoothing, (s.agentTypes[1].maxTurnRate = 2))), false],
      [edited(edit(scene, true), (s) => ((s.agentTypes[0].headingSmoothing = 7), delete s.agentTypes[0].maxTurnRate)), false],
    ] as const) {
      const direct = await running(scene, true, 23, midTick);
      const reference = await running(scene, false, 23, midTick);
      const text = sourceOf(next);
      expect(await direct.load(text)).toEqual({ kind: 'resumed' });
      expect(await reference.load(text)).toEqual({ kind: 'resumed' });
      expect(state(direct.world!)).toBe(state(reference.world!));
      direct.world!.step(40);
      reference.world!.step(40);
      expect(state(direct.world!)).toBe(state(reference.world!));
      for (const id of direct.world!.types) expect(Array.from(direct.world!.drawnHeadings(id))).toEqual(Array.from(reference.world!.drawnHeadings(id)));
    }
  });

  it('carries the routes and paths a game set (every node: hounds on their own routes, the trail moved) as the snapshot API does', async () => {
    const scene = preset('every-node.steer.json');
    const [direct, reference] = [await running(scene, true, 23, false), await running(scene, false, 23, false)];
    for (const host of [direct, reference]) {
      host.world!.setRoute('hound', 0, [[100, 100], [300, 200]]);
      host.world!.setRoute('hound', 1, [[-0, 50]]);
      host.world!.setPath('trail', [[50, 50], [400, 300], [50, 300]]);
      host.world!.step(5);
    }
    const text = sourceOf(edit(scene, false));
    expect(await direct.load(text)).toEqual({ kind: 'resumed' });
    expect(await reference.load(text)).toEqual({ kind: 'resumed' });
    expect(direct.world!.route('hound', 1)).toEqual([[-0, 50]]);
    expect(state(direct.world!)).toBe(state(reference.world!));
    direct.world!.step(40);
    reference.world!.step(40);
    expect(state(direct.world!)).toBe(state(reference.world!));
  });

  it('takes no snapshot of the old world', async () => {
    const host = await running(previewScene(), true, 10, false);
    host.world!.snapshot = () => {
      throw new Error('snapshot taken');
    };
    expect(await host.load(sourceOf(edit(previewScene(), false)))).toEqual({ kind: 'resumed' });
    host.world!.snapshot = () => {
      throw new Error('snapshot taken');
    };
    expect(await host.load(sourceOf(edit(previewScene(), true)))).toEqual({ kind: 'resumed' });
  });

  it('leaves a world whose internals it does not know to the snapshot API', async () => {
    const mod = (await importText(sourceOf(previewScene()))) as BehaviorModule;
    const world = mod.createWorld();
    world.step(3);
    expect(handoverOf(world)).not.toBeNull();
    expect(handoverOf({ world: {} })).toBeNull();
    expect(transferWorld(mod, { ...world, program: undefined } as unknown as BehaviorWorld, ['boid', 'hunter'])).toBeNull();
    // a module of another runtime core (its world classes differ)
    const other: BehaviorModule = {
      createWorld: (o) => {
        const w = mod.createWorld(o);
        Object.setPrototypeOf(w, { constructor: class Other {} });
        return w;
      },
    };
    expect(transferWorld(other, world, ['boid', 'hunter'])).toBeNull();
    // and the old world is as it was
    const copy = transferWorld(mod, world, ['boid', 'hunter'])!;
    expect(copy.tick).toBe(3);
    expect(Array.from(copy.positions('boid'))).toEqual(Array.from(world.positions('boid')));
    expect(copy.positions('boid')).not.toBe(world.positions('boid'));
  });
});
