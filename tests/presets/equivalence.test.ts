/**
 * What you preview is what you export (DESIGN.md contract 3), for every preset: the scene run in
 * process (the compiled program bound to runtime/) and through its exported module, written to a
 * file and imported by Node, give bit-identical positions and velocities under the same scripted
 * pointer and named-target moves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { PRESET_KEYS, importModule, preset, removeDir, tempDir, worldOf } from './helpers';

const dir = tempDir();
afterAll(() => removeDir(dir));

/** Ticks per preset: 1,000, but 100 for the 5,000 boids of large-flock. */
const TICKS: Record<string, number> = { 'large-flock': 100 };

/**
 * The script: every 50 ticks the pointer jumps to the next point of a fixed tour of the world;
 * every 250 ticks each named target jumps too.
 */
function script(doc: SceneDocument, w: BehaviorWorld, ticks: number, checkpoint: (t: number) => void): void {
  const { width, height } = doc.world;
  for (let t = 0; t < ticks; t++) {
    if (t % 50 === 0) {
      const k = t / 50;
      w.setPointer(width * (0.1 + 0.8 * (((k * 7) % 11) / 10)), height * (0.1 + 0.8 * (((k * 3) % 7) / 6)));
    }
    if (t % 250 === 0) doc.world.targets.forEach((g, k) => w.setTarget(g.name, width * (0.2 + 0.15 * ((t / 250 + k) % 5)), height * (0.8 - 0.15 * ((t / 250) % 4))));
    w.step();
    checkpoint(t + 1);
  }
}

/** The bytes of every type's positions then velocities, hex. */
function bits(w: BehaviorWorld): Record<string, string> {
  const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  return Object.fromEntries(w.types.map((id) => [id, hex(w.positions(id)) + hex(w.velocities(id))]));
}

describe.each(PRESET_KEYS)('%s', (key) => {
  it(`runs bit-identically in process and through its exported module (${TICKS[key] ?? 1000} ticks, scripted pointer)`, async () => {
    const doc = preset(key);
    const ticks = TICKS[key] ?? 1000;
    const module = emitModule(doc);
    expect(module.diagnostics).toEqual([]);
    const exported = (await importModule(dir, key, module.js)).createWorld();
    const local = worldOf(doc);
    const start = bits(local);
    expect(bits(exported)).toEqual(start);
    const seen: Record<string, string>[] = [];
    script(doc, local, ticks, (t) => {
      if (t % 250 === 0 || t === ticks) seen.push(bits(local));
    });
    let k = 0;
    script(doc, exported, ticks, (t) => {
      if (t % 250 === 0 || t === ticks) expect(bits(exported), `tick ${t}`).toEqual(seen[k++]);
    });
    expect(k).toBe(seen.length);
    expect(exported.tick).toBe(ticks);
    expect(exported.snapshot()).toEqual(local.snapshot());
    // the run went somewhere
    expect(bits(local)).not.toEqual(start);
  });
});
