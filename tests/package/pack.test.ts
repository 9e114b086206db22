/**
 * The npm package as a user gets it: `npm pack` (which builds lib/ through `prepack`), the tarball
 * installed offline into an empty folder with nothing else from this repository, then its
 * `steergraph` command, the module it exports, and the library (`steergraph`, `steergraph/vite`)
 * used from that folder by Node and by TypeScript.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../fixtures/module-files';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const dir = tempDir('steergraph-pack-');
const app = path.join(dir, 'app');
const installed = path.join(app, 'node_modules/steergraph');
const PRESET = 'flocking.steer.json';

/** `node <args>` in the app's folder; its stdout. */
async function node(...args: string[]): Promise<string> {
  return (await run(process.execPath, args, { cwd: app })).stdout;
}

/** Every file under `d`, relative to it. */
function files(d: string): string[] {
  return readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(d, path.join(e.parentPath, e.name)));
}

/** Whether the app's node_modules holds `name`. */
function hasModule(name: string): boolean {
  return readdirSync(path.join(app, 'node_modules')).includes(name);
}

let topLevel: string[] = [];
let installLog = '';

beforeAll(async () => {
  const out = path.join(dir, 'out');
  mkdirSync(out);
  const packed = await run('npm', ['pack', '--pack-destination', out, '--json'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[];
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
  // --offline: the package must need nothing from the registry (no runtime dependencies; vite
  // is an optional peer, so npm does not fetch it).
  const inst = await run('npm', ['install', path.join(out, filename), '--offline', '--no-audit', '--no-fund'], { cwd: app });
  installLog = inst.stdout + inst.stderr;
  topLevel = readdirSync(path.join(app, 'node_modules')).filter((n) => !n.startsWith('.'));
  copyFileSync(path.join(root, 'presets', PRESET), path.join(app, PRESET));
}, 300_000);

afterAll(() => removeDir(dir));

describe('the installed package', () => {
  it('installs alone and quietly: no dependency came with it, no install script, no TypeScript source, no tsx', () => {
    expect(topLevel).toEqual(['steergraph']);
    expect(installLog).not.toMatch(/warn/i);
    const all = files(installed);
    expect(all.filter((f) => /\.[mc]?tsx?$/.test(f) && !/\.d\.[mc]?ts$/.test(f))).toEqual([]);
    expect(all.filter((f) => f.includes('tsx'))).toEqual([]);
    expect(all).toContain('lib/cli.mjs');
    expect(all).toContain('lib/index.d.ts');
  });

  it('steergraph --version prints the version; check --help its usage', async () => {
    expect(await node('node_modules/.bin/steergraph', '--version')).toBe(`${version}\n`);
    expect((await node('node_modules/.bin/steergraph', 'check', '--help')).split('\n')[0]).toBe('Usage: steergraph check <scene.json>');
  }, 60_000);

  it('steergraph export writes a module that Node runs', async () => {
    expect(await node('node_modules/.bin/steergraph', 'export', PRESET, '-o', 'm.mjs')).toBe('wrote m.mjs and m.d.mts\n');
    expect(await node('-e', "import('./m.mjs').then((m) => { const w = m.createWorld({ seed: 1 }); w.step(10); console.log(w.tick); })")).toBe('10\n');
  }, 60_000);

  it('import("steergraph"): loadScene, checkScene, compileModule (the text the command wrote), createWorld', async () => {
    // After the export test: m.mjs is there.
    const script = `
      import { readFileSync } from 'node:fs';
      import { checkScene, compileModule, createWorld, loadScene } from 'steergraph';
      const loaded = loadScene(readFileSync(${JSON.stringify(PRESET)}));
      if (!loaded.ok) throw new Error('the preset must load');
      const m = compileModule(loaded.doc);
      const world = createWorld(loaded.doc, { seed: 1 });
      world.step(10);
      const bad = loadScene('{}');
      console.log(JSON.stringify({
        sameJs: m.js === readFileSync('m.mjs', 'utf8'),
        sameDts: m.dts === readFileSync('m.d.mts', 'utf8'),
        errors: m.hasErrors || checkScene(loaded.doc).some((d) => d.severity === 'error'),
        tick: world.tick,
        agents: world.types.map((t) => world.positions(t).length / 2),
        badOk: bad.ok,
      }));`;
    writeFileSync(path.join(app, 'library.mjs'), script);
    const result = JSON.parse(await node('library.mjs'));
    const scene = JSON.parse(readFileSync(path.join(root, 'presets', PRESET), 'utf8')) as { agentTypes: { count: number }[] };
    expect(result).toEqual({ sameJs: true, sameDts: true, errors: false, tick: 10, agents: scene.agentTypes.map((t) => t.count), badOk: false });
    expect(await node('-e', "import('steergraph/vite').then((m) => console.log(m.default().name))")).toBe('steergraph\n');
  }, 60_000);

  it('a TypeScript file importing steergraph, steergraph/vite and a ?behavior scene (steergraph/client) typechecks against it (nodenext, strict, lib checked)', async () => {
    // The consumer brings vite (the optional peer) for the plugin's types.
    if (!hasModule('vite')) symlinkSync(path.join(root, 'node_modules/vite'), path.join(app, 'node_modules/vite'));
    writeFileSync(
      path.join(app, 'consumer.ts'),
      `/// <reference types="steergraph/client" />
import { compileModule, createWorld, loadScene, type CompiledModule, type Diagnostic } from 'steergraph';
import * as herd from './${PRESET}?behavior';
import steergraph from 'steergraph/vite';
import type { Plugin } from 'vite';

const loaded = loadScene('{}');
if (loaded.ok) {
  const m: CompiledModule = compileModule(loaded.doc);
  const first: Diagnostic | undefined = m.diagnostics[0];
  const world = createWorld(loaded.doc, { seed: 1 });
  world.step(1);
  const tick: number = world.tick;
  console.log(first?.message, tick);
} else {
  for (const e of loaded.errors) console.log(e.path, e.message);
}
export const plugin: Plugin = steergraph();
// a ?behavior import (steergraph/client): its world is the package's, its scene a document
const game = herd.createWorld({ seed: 2 });
game.step(1);
export const named: string = herd.scene.name;
export const reloads: number | undefined = game.reloads;
// @ts-expect-error createWorld takes options, not a number
herd.createWorld(3);
// @ts-expect-error a LoadResult is not a string: the types are the package's, not any
export const wrong: string = loadScene('');
`,
    );
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['consumer.ts'] }),
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    expect(checked).toBe('');
  }, 120_000);

  it('builds the plain-canvas example with the installed package: its vite.config.js loads steergraph/vite from there', async () => {
    if (!hasModule('vite')) symlinkSync(path.join(root, 'node_modules/vite'), path.join(app, 'node_modules/vite'));
    const example = path.join(app, 'canvas');
    cpSync(path.join(root, 'examples/canvas'), example, { recursive: true, filter: (p) => !/[\\/](node_modules|dist)$/.test(p) });
    await run(process.execPath, [path.join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: example });
    expect(existsSync(path.join(example, 'dist/index.html'))).toBe(true);
    const js = readdirSync(path.join(example, 'dist/assets')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    // the scene was compiled into the bundle: its world's createWorld and the scene's own name
    const scene = JSON.parse(readFileSync(path.join(example, 'boids.steer.json'), 'utf8')) as { name: string };
    const bundle = js.map((f) => readFileSync(path.join(example, 'dist/assets', f), 'utf8')).join('\n');
    expect(bundle).toContain(JSON.stringify(scene.name).slice(1, -1));
  }, 180_000);
});
