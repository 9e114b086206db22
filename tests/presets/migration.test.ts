/**
 * Version 1 → 2 on every preset: the presets as version 1 saved them (tests/fixtures/v1/, copied
 * before states existed) load with one state each, and their exported modules run the trajectories
 * recorded with the code before states (commit 64260a2, tests/fixtures/v1/trajectories.json), bit
 * for bit.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitModule } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';
import { MIGRATIONS } from '../../src/document/migrate';
import { importModule, removeDir, tempDir } from './helpers';

const V1 = path.resolve(import.meta.dirname, '../fixtures/v1');
const FILES = readdirSync(V1).filter((f) => f.endsWith('.steer.json')).sort();
const RECORDED = JSON.parse(readFileSync(path.join(V1, 'trajectories.json'), 'utf8')) as Record<string, string>;
const dir = tempDir();
afterAll(() => removeDir(dir));

/** FNV-1a over the bits of every type's positions and velocities every 100 ticks of 1,500, the pointer moving. */
async function trajectoryHash(name: string, js: string): Promise<string> {
  const m = await importModule(dir, name, js);
  const w = m.createWorld();
  let h = 0x811c9dc5 >>> 0;
  const mix = (a: Float64Array) => {
    const u = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
    for (let i = 0; i < u.length; i++) h = Math.imul(h ^ u[i], 16777619) >>> 0;
  };
  for (let t = 0; t < 1500; t++) {
    w.setPointer(400 + ((t * 7) % 300), 300 + ((t * 13) % 200));
    w.step();
    if (t % 100 === 99) for (const ty of w.types) (mix(w.positions(ty)), mix(w.velocities(ty)));
  }
  return h.toString(16);
}

describe('every version-1 preset, upgraded to version 2', () => {
  it('is every preset of that version', () => {
    expect(FILES.length).toBe(16);
    expect(Object.keys(RECORDED).sort()).toEqual(FILES);
  });

  it.each(FILES)('%s loads with each graph as the one state "default", and says it was upgraded', (f) => {
    const text = readFileSync(path.join(V1, f), 'utf8');
    const old = JSON.parse(text) as { agentTypes: { graph: unknown }[] };
    const r = loadScene(text);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.doc.version).toBe(2);
    expect(r.warnings).toEqual([`made by an older Steergraph (version 1), upgraded to version 2: ${MIGRATIONS[0].description}`]);
    expect(r.doc.agentTypes.map((t) => t.states.map((s) => s.name))).toEqual(old.agentTypes.map(() => ['default']));
    expect(r.doc.agentTypes.map((t) => t.states[0].graph)).toEqual(old.agentTypes.map((t) => t.graph));
  });

  it.each(FILES)('%s runs bit-identically to before states', async (f) => {
    const r = loadScene(readFileSync(path.join(V1, f), 'utf8'));
    if (!r.ok) throw new Error(f);
    expect(await trajectoryHash(f.replace('.steer.json', ''), emitModule(r.doc).js)).toBe(RECORDED[f]);
  });
});
