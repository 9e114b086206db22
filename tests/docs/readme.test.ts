/**
 * The README's example runs as written: export the preset it names with the CLI's code path, run
 * the example in Node, and check what it prints. The example file and the README block are the same.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { moduleSource } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';

const root = path.resolve(import.meta.dirname, '../..');

function readmeExample(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const m = /<!-- example:node-game -->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README has no example:node-game block');
  // the README block starts with two comment lines saying how to produce and run it
  return m[1].split('\n').slice(2).join('\n');
}

describe('the README', () => {
  it('shows the same example as examples/node-game.mjs', () => {
    expect(readmeExample()).toBe(readFileSync(path.join(root, 'examples/node-game.mjs'), 'utf8'));
  });

  it('example runs against the exported sheep-and-wolves module and resumes bit-exactly', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'steer-readme-'));
    const loaded = loadScene(readFileSync(path.join(root, 'presets/sheep-and-wolves.steer.json'), 'utf8'));
    if (!loaded.ok) throw new Error('preset does not load');
    writeFileSync(path.join(dir, 'sheep.behavior.js'), moduleSource(loaded.doc, compile(loaded.doc)));
    writeFileSync(path.join(dir, 'game.mjs'), readmeExample());
    const out = execFileSync(process.execPath, [path.join(dir, 'game.mjs')], { encoding: 'utf8' });
    expect(out).toMatch(/^tick 120: 40 sheep, first at \(\d+\.\d, \d+\.\d\)/);
    expect(out).toContain('vx:');
    expect(out.trim().endsWith('resumed bit-exactly: true')).toBe(true);
  });
});
