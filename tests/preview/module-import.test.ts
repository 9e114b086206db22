/**
 * Editing makes one module per edit, and the preview runs each (src/preview/module-import.ts).
 * V8 keeps the code it compiled from a string (new Function, eval) in its compilation cache, keyed
 * by the text, after the function is gone: an ordinary garbage collection frees none of it, only
 * one under memory pressure does. A module the preview no longer runs must leave nothing behind.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { BehaviorWorld, WorldOptions } from '../../runtime/api';
import { emitModule } from '../../src/compiler/module';
import { importModuleText } from '../../src/preview/module-import';
import { preset } from '../presets/helpers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Exports = { createWorld(options?: WorldOptions): BehaviorWorld };

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('importModuleText', () => {
  it('keeps nothing of a module nobody runs any more: 80 edits of the Wander preset, each run 20 ticks, hold under 2 MB', async () => {
    const doc = preset('wander');
    const module = (k: number) => {
      const type = doc.agentTypes[0]!;
      const w = type.states[0].graph.nodes.find((n) => n.kind === 'wander') ?? type.states[0].graph.nodes[0]!;
      const nodes = type.states[0].graph.nodes.map((n) => (n === w ? { ...n, params: { ...n.params, jitter: 0.5 + k / 1000 } } : n));
      return emitModule({ ...doc, agentTypes: [{ ...type, states: [{ name: 'default', graph: { ...type.states[0].graph, nodes } }] }, ...doc.agentTypes.slice(1)] }).js;
    };
    const run = async (k: number) => {
      const world = ((await importModuleText(module(k))) as Exports).createWorld({ seed: 1 });
      for (let t = 0; t < 20; t++) world.step();
      return world.tick;
    };
    // warm up: the compiler's and the runtime's own code, lazily compiled on first use
    for (let k = 0; k < 5; k++) await run(k);
    const before = heapAfterGc();
    for (let k = 5; k < 85; k++) expect(await run(k)).toBe(20);
    const held = heapAfterGc() - before;
    // each module V8 cached held about 0.2 MB (16 MB for 80): none is held now
    expect(held).toBeLessThan(2 * 2 ** 20);
  });
});
