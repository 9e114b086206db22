/**
 * The preview runs a module the compiler wrote as a function body (src/compiler/module-format.ts,
 * src/preview/module-import.ts): the same text without its two `export` keywords. It must run
 * exactly as the module does (DESIGN.md contract 3).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BehaviorWorld, WorldOptions } from '../../runtime/api';
import { emitModule } from '../../src/compiler/module';
import { moduleFunctionBody } from '../../src/compiler/module-format';
import { importModuleText } from '../../src/preview/module-import';
import { PRESET_KEYS, importModule, preset, removeDir, tempDir } from '../presets/helpers';

const dir = tempDir();
afterAll(() => removeDir(dir));

type Exports = { createWorld(options?: WorldOptions): BehaviorWorld; scene: unknown };

function bits(w: BehaviorWorld): string {
  const hex = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
  return w.types.map((id) => hex(w.positions(id)) + hex(w.velocities(id))).join('|');
}

describe('moduleFunctionBody', () => {
  it('is the module text with only its two export keywords taken off, in strict mode, returning the exports', () => {
    const js = emitModule(preset(PRESET_KEYS[0])).js;
    const body = moduleFunctionBody(js)!;
    expect(body.startsWith("'use strict';\n")).toBe(true);
    const back = body
      .slice("'use strict';\n".length)
      .replace('return { createWorld, scene };\n', '')
      .replace('\nfunction createWorld(', '\nexport function createWorld(')
      .replace('\nconst scene = SCENE;', '\nexport const scene = SCENE;');
    expect(back).toBe(js);
  });

  it('is null for text the compiler did not write (the preview imports that as a module)', () => {
    const js = emitModule(preset(PRESET_KEYS[0])).js;
    expect(moduleFunctionBody('export const createWorld = () => null;\n')).toBeNull();
    expect(moduleFunctionBody(`${js}export const extra = 1;\n`)).toBeNull();
    expect(moduleFunctionBody(`// another header\n${js}`)).toBeNull();
  });

  it.each(PRESET_KEYS)('%s: runs bit-identically to the module imported by Node (300 ticks, moving pointer)', async (key) => {
    const js = emitModule(preset(key)).js;
    const fromModule = (await importModule(dir, `${key}-fn`, js)) as Exports;
    const fromBody = (await importModuleText(js)) as Exports;
    expect(fromBody.scene).toEqual(fromModule.scene);
    expect(Object.isFrozen(fromBody.scene)).toBe(true);
    const ticks = key === 'large-flock' ? 30 : 300;
    const a = fromModule.createWorld({ seed: 7 });
    const b = fromBody.createWorld({ seed: 7 });
    for (let t = 0; t < ticks; t++) {
      if (t % 50 === 0) {
        a.setPointer(100 + t, 300 - t / 2);
        b.setPointer(100 + t, 300 - t / 2);
      }
      a.step();
      b.step();
    }
    expect(bits(b)).toBe(bits(a));
  });
});
