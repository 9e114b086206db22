/**
 * The exported module's hot objects stay fast in V8: the world and each agent type's arrays must
 * not fall into dictionary mode (a property store the engine cannot optimise), which made every
 * tick of a small scene 3× slower once `Agents` grew its state arrays (scripts/core-bundle.mjs).
 * Checked in a child Node with --allow-natives-syntax, on every preset's module.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { emitModule } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';
import { removeDir, tempDir } from '../fixtures/module-files';

const PRESETS = path.resolve(import.meta.dirname, '../../presets');
const dir = tempDir('steergraph-shapes-');
afterAll(() => removeDir(dir));

describe('the exported module’s objects', () => {
  it('keep fast properties: the world and every agent type, for every preset', async () => {
    const keys = readdirSync(PRESETS).filter((f) => f.endsWith('.steer.json'));
    for (const f of keys) {
      const r = loadScene(readFileSync(path.join(PRESETS, f), 'utf8'));
      if (!r.ok) throw new Error(f);
      writeFileSync(path.join(dir, `${f}.mjs`), emitModule(r.doc).js);
    }
    writeFileSync(
      path.join(dir, 'check.mjs'),
      `const out = {};
for (const f of process.argv.slice(2)) {
  const m = await import('./' + f);
  const w = m.createWorld();
  w.step(2);
  const inner = w.world;
  out[f] = [%HasFastProperties(inner), ...inner.types.map((a) => %HasFastProperties(a))];
}
console.log(JSON.stringify(out));
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', 'check.mjs', ...keys.map((f) => `${f}.mjs`)], { cwd: dir });
    const fast = JSON.parse(stdout) as Record<string, boolean[]>;
    expect(Object.keys(fast)).toHaveLength(keys.length);
    expect(Object.entries(fast).filter(([, v]) => v.some((x) => !x))).toEqual([]);
  });
});
