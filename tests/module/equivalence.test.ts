/**
 * Contract 3, what you preview is what you export: the same scene run in process (the compiled
 * program bound to runtime/) and through the exported module imported by Node gives bit-identical
 * trajectories, with the same scripted inputs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { richScene } from '../fixtures/scenes';
import { walledScene } from '../fixtures/walled-scene';

const dir = tempDir('steergraph-equivalence-');
afterAll(() => removeDir(dir));

/** 1,000 ticks with a pointer that sweeps the world and a target that jumps every 250 ticks. */
function script(w: BehaviorWorld): void {
  for (let t = 0; t < 1000; t++) {
    if (t % 7 === 0) w.setPointer((t * 53) % 800, (t * 29) % 600);
    if (t % 250 === 0) w.setTarget('goal', 100 + (t % 500), 500 - (t % 400));
    w.step();
  }
}

/** The bytes of every type's positions and velocities, as hex. */
function bits(w: BehaviorWorld): Record<string, string> {
  const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  return Object.fromEntries(w.types.map((id) => [id, hex(w.positions(id)) + hex(w.velocities(id))]));
}

const bounce = (): SceneDocument => {
  const doc = richScene();
  doc.world.edges = 'bounce';
  doc.world.seed = 4242;
  return doc;
};

describe.each([
  ['a wrap world', richScene],
  ['a bounce world', bounce],
  ['a bounce world with walls (Seek, Wander)', walledScene],
])('%s', (_, make) => {
  it('runs bit-identically in process and through the imported module for 1,000 ticks', async () => {
    const doc = make();
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([]);
    const local = createBehaviorWorld(doc, instantiate(compiled));
    const mod = await importModule(dir, emitModule(doc).js);
    const exported = mod.createWorld();
    script(local);
    script(exported);
    expect(exported.tick).toBe(1000);
    expect(bits(exported)).toEqual(bits(local));
    expect(exported.snapshot()).toEqual(local.snapshot());
    // With walls, agents met them (the in-process world counts the contacts).
    if (doc.world.walls?.length) expect((local as unknown as { world: { wallContacts: number } }).world.wallContacts).toBeGreaterThan(100);
    // The run went somewhere: the boids did not all stay where they spawned.
    expect(bits(mod.createWorld())).not.toEqual(bits(exported));
  });
});
