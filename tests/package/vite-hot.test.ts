/**
 * The dev wrapper's swap (src/package/vite-hot.ts) against the editor preview's own steps
 * (src/preview/reconcile.ts and transfer.ts): a world carried across an edited scene by the wrapper
 * holds the same state, bit for bit, as one carried by transferWorld with sceneEdits applied; an
 * edit the preview starts afresh on starts afresh here with the same reason; what the game set
 * (a parameter, a count, the pointer) survives. Run twice: the function itself and the text the
 * page gets (`hotBehavior.toString()`), which must refer to nothing outside itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import type { SceneDocument } from '../../src/document/types';
import { compileModule, loadScene } from '../../src/package/index';
import { hotBehavior, type HotModule } from '../../src/package/vite-hot';
import { freshReason, sceneEdits } from '../../src/preview/reconcile';
import { transferWorld } from '../../src/preview/transfer';
import { importModule, removeDir, tempDir, type BehaviorModule } from '../fixtures/module-files';

const dir = tempDir('steergraph-vite-hot-');
afterAll(() => removeDir(dir));

const preset = (name: string): SceneDocument => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../presets', `${name}.steer.json`), 'utf8')) as SceneDocument;

async function moduleOf(doc: SceneDocument): Promise<BehaviorModule> {
  const loaded = loadScene(JSON.stringify(doc));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const m = compileModule(loaded.doc);
  if (m.hasErrors) throw new Error('the scene has errors');
  return importModule(dir, m.js);
}

/** The preview's way (world-host.ts resume), with a game's counts: edits against the old scene. */
function previewSwap(mod: BehaviorModule, old: BehaviorWorld, prev: SceneDocument, next: SceneDocument): BehaviorWorld {
  const sceneCounts = Object.fromEntries(prev.agentTypes.map((t) => [t.id, t.count]));
  const edits = sceneEdits(prev, next, sceneCounts);
  const world = transferWorld(mod, old, next.agentTypes.map((t) => t.id), new Set(edits.limits));
  if (!world) throw new Error('no hand-over');
  for (const [id, n] of edits.counts) world.setCount(id, n);
  if (edits.obstacles) world.setObstacles(edits.obstacles);
  for (const t of edits.targets) world.setTarget(t.name, t.x, t.y);
  return world;
}

const variants: [string, typeof hotBehavior][] = [
  ['hotBehavior', hotBehavior],
  ['hotBehavior.toString()', new Function(`return (${hotBehavior.toString()});`)() as typeof hotBehavior],
];

for (const [name, hot] of variants) {
  describe(name, () => {
    it('carries a world across an edit exactly as the preview does: limits, counts, obstacles, targets, node parameters', async () => {
      const prev = preset('every-node');
      const next = structuredClone(prev);
      next.agentTypes[1].maxSpeed = 5; // limits from a fresh spawn
      next.agentTypes[3].count = 7; // a count the scene changed
      next.world.obstacles = [...next.world.obstacles, { x: 100, y: 100, r: 30 }];
      next.world.targets[0] = { ...next.world.targets[0], x: 700 };
      const [a, b] = [await moduleOf(prev), await moduleOf(next)];
      const h = hot(a as unknown as HotModule, 'every-node.steer.json');
      const w = h.createWorld({ seed: 4 }) as unknown as BehaviorWorld;
      const r = a.createWorld({ seed: 4 });
      for (const x of [w, r]) {
        x.setPointer(300, 200);
        x.setParam('hare', 'wanderlust', 1.5);
        x.setCount('hawk', 2); // the game's count, which the edit does not touch
        x.step(90);
      }
      const outcomes = h.swap(b as unknown as HotModule);
      expect(outcomes).toEqual([{ kind: 'resumed' }]);
      const rr = previewSwap(b, r, prev, next);
      expect(JSON.stringify(w.snapshot())).toBe(JSON.stringify(rr.snapshot()));
      expect(w.tick).toBe(90);
      expect(w.param('hare', 'wanderlust')).toBe(1.5);
      expect(w.positions('hawk').length).toBe(4);
      expect(w.positions('deer').length).toBe(14);
      w.step(60);
      rr.step(60);
      expect(JSON.stringify(w.snapshot())).toBe(JSON.stringify(rr.snapshot()));
      expect(h.reloads).toBe(1);
      expect((w as unknown as { reloads: number }).reloads).toBe(1);
    });

    it('starts afresh when the preview would, with its reason; tells onReload listeners; forwarders follow the new world', async () => {
      const prev = preset('flocking');
      const pairs: [string, (d: SceneDocument) => void][] = [
        ['world size', (d) => (d.world.width = 900)],
        ['edges', (d) => (d.world.edges = 'wrap')],
        ['seed', (d) => (d.world.seed = 99)],
      ];
      for (const [, edit] of pairs) {
        const next = structuredClone(prev);
        edit(next);
        const [a, b] = [await moduleOf(prev), await moduleOf(next)];
        const h = hot(a as unknown as HotModule, 'flocking.steer.json');
        const w = h.createWorld() as unknown as BehaviorWorld & { onReload(f: (e: unknown) => void): () => void };
        const { step, positions } = w;
        step(20);
        const seen: unknown[] = [];
        w.onReload((e) => seen.push(e));
        const outcomes = h.swap(b as unknown as HotModule);
        expect(outcomes).toEqual([{ kind: 'fresh', reason: freshReason(prev, next) }]);
        expect(seen).toEqual([{ kind: 'fresh', reason: freshReason(prev, next), reloads: 1, file: 'flocking.steer.json' }]);
        expect(w.tick).toBe(0);
        step(5);
        expect(w.tick).toBe(5);
        const fresh = b.createWorld();
        fresh.step(5);
        expect(Array.from(positions('boid'))).toEqual(Array.from(fresh.positions('boid')));
      }
    });

    it('a new module that cannot start leaves the old behaviour running, and the world keeps its tick', async () => {
      const prev = preset('flocking');
      const a = await moduleOf(prev);
      const h = hot(a as unknown as HotModule, 'flocking.steer.json');
      const w = h.createWorld() as unknown as BehaviorWorld;
      w.step(3);
      const broken = { scene: { ...prev, world: { ...prev.world, width: 1 } }, createWorld: () => { throw new Error('no'); } } as unknown as HotModule;
      const outcomes = h.swap(broken);
      expect(outcomes[0].kind).toBe('kept');
      expect(outcomes[0].reason).toContain('the world size changed');
      expect(w.tick).toBe(3);
      w.step(1);
      expect(w.tick).toBe(4);
    });
  });
}
