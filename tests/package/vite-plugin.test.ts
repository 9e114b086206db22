/**
 * The Vite plugin (src/package/vite.ts) as published (lib/vite.mjs, built by the fixture when
 * stale) and from source: a `?behavior` import is exactly the text `steergraph export` writes
 * (compileModule().js), in a build and as the dev wrapper's compiled module; a real `vite build`
 * bundles a module that runs the same trajectory; a scene that cannot become a module fails with
 * every problem and the place of the first; the dev wrapper runs in Node and forwards to its world.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModule, loadScene } from '../../src/package/index';
import pluginFromSource, { locateJsonPath } from '../../src/package/vite';
import { importFile, importModule, removeDir, tempDir } from '../fixtures/module-files';
import { ensurePluginBundle, ROOT } from '../fixtures/vite-plugin';

const dir = tempDir('steergraph-vite-plugin-');
let pluginFromBundle: (options?: { hot?: boolean }) => Plugin;

beforeAll(async () => {
  const bundle = await ensurePluginBundle();
  pluginFromBundle = ((await import(/* @vite-ignore */ bundle)) as { default: typeof pluginFromBundle }).default;
});

afterAll(() => removeDir(dir));

const PRESETS = ['flocking', 'sheep-and-wolves', 'every-node'];

/** The export text of a scene file. */
function exported(file: string): string {
  const loaded = loadScene(readFileSync(file));
  if (!loaded.ok) throw new Error('the preset does not load');
  const m = compileModule(loaded.doc);
  expect(m.hasErrors).toBe(false);
  return m.js;
}

/** A plugin's hooks called as Vite calls them, in `command` mode; collects watched files and warnings. */
function driver(plugin: Plugin, command: 'build' | 'serve') {
  const watched: string[] = [];
  const warnings: string[] = [];
  const ctx = {
    resolve: async (source: string, importer?: string) => ({ id: path.resolve(path.dirname(importer ?? path.join(ROOT, 'x')), source) }),
    addWatchFile: (f: string) => watched.push(f),
    warn: (w: string) => warnings.push(w),
    error: (e: string | { message: string }) => {
      throw Object.assign(new Error(typeof e === 'string' ? e : e.message), typeof e === 'string' ? {} : e);
    },
  };
  const call = <T>(hook: unknown, ...args: unknown[]): T => {
    const f = (typeof hook === 'object' && hook !== null ? (hook as { handler: unknown }).handler : hook) as (...a: unknown[]) => T;
    return f.apply(ctx, args);
  };
  call(plugin.configResolved, { command });
  return {
    watched,
    warnings,
    resolveId: (source: string, importer: string) => call<Promise<string | null>>(plugin.resolveId, source, importer, {}),
    load: async (id: string): Promise<string> => {
      const r = await call<Promise<string | { code: string } | null>>(plugin.load, id);
      if (r === null) throw new Error(`the plugin does not load ${id}`);
      return typeof r === 'string' ? r : r.code;
    },
  };
}

describe('steergraph/vite: one compiler', () => {
  for (const [which, get] of [
    ['lib/vite.mjs', () => pluginFromBundle],
    ['src/package/vite.ts', () => pluginFromSource],
  ] as const) {
    for (const preset of PRESETS) {
      it(`${which}, ${preset}: a ?behavior import in a build is exactly compileModule().js; in dev, the wrapper's compiled module is`, async () => {
        const file = path.join(ROOT, 'presets', `${preset}.steer.json`);
        const importer = path.join(ROOT, 'presets', 'main.js');
        const js = exported(file);

        const b = driver(get()(), 'build');
        const id = await b.resolveId(`./${preset}.steer.json?behavior`, importer);
        // not a .json id: Vite's JSON plugin leaves it alone
        expect(id).not.toMatch(/\.json($|\?)/);
        expect(await b.load(id!)).toBe(js);
        expect(b.watched).toEqual([file]);

        const d = driver(get()(), 'serve');
        const wrapper = await d.load((await d.resolveId(`./${preset}.steer.json?behavior`, importer))!);
        const specifier = /import \* as compiled from ("[^"]+");/.exec(wrapper)![1];
        const inner = await d.resolveId(JSON.parse(specifier) as string, importer);
        expect(wrapper).toContain(`import.meta.hot.accept(${specifier}`);
        expect(await d.load(inner!)).toBe(js);
        expect(d.watched).toEqual([file]);
      });
    }
  }

  it('with hot: false the dev module is the export text too; other imports are not the plugin’s', async () => {
    const file = path.join(ROOT, 'presets', 'flocking.steer.json');
    const d = driver(pluginFromBundle({ hot: false }), 'serve');
    const id = await d.resolveId('./flocking.steer.json?behavior', path.join(ROOT, 'presets', 'main.js'));
    expect(await d.load(id!)).toBe(exported(file));
    expect(await d.resolveId('./flocking.steer.json', path.join(ROOT, 'presets', 'main.js'))).toBeNull();
    expect(await d.resolveId('./flocking.steer.json?raw', path.join(ROOT, 'presets', 'main.js'))).toBeNull();
  });

  it('vite build bundles a module whose worlds run the exported module’s trajectory bit for bit', async () => {
    const app = path.join(dir, 'app');
    const scene = path.join(ROOT, 'presets', 'sheep-and-wolves.steer.json');
    writeFileSync(path.join(dir, 'entry.js'), `export { createWorld, scene } from ${JSON.stringify(`${scene}?behavior`)};\n`);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [pluginFromBundle()],
      build: { outDir: app, emptyOutDir: true, minify: false, lib: { entry: path.join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' } },
    });
    const bundled = await importFile(path.join(app, 'entry.js'));
    const reference = await importModule(dir, exported(scene));
    const a = bundled.createWorld({ seed: 5 });
    const b = reference.createWorld({ seed: 5 });
    a.step(200);
    b.step(200);
    for (const id of ['sheep', 'wolf']) expect(Array.from(a.positions(id))).toEqual(Array.from(b.positions(id)));
    expect(bundled.scene).toEqual(reference.scene);
  });
});

describe('steergraph/vite: scenes that cannot become a module', () => {
  const importer = path.join(dir, 'main.js');

  it('a scene that does not load: every problem, with its JSON path, and where the first one is', async () => {
    const doc = JSON.parse(readFileSync(path.join(ROOT, 'presets', 'flocking.steer.json'), 'utf8'));
    doc.agentTypes[0].count = -5;
    doc.agentTypes[0].maxSpeed = -1;
    const file = path.join(dir, 'broken.steer.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const d = driver(pluginFromBundle(), 'build');
    const error = await d.load((await d.resolveId('./broken.steer.json?behavior', importer))!).then(
      () => null,
      (e: Error & { id?: string; loc?: { line: number; column: number }; frame?: string }) => e,
    );
    expect(error?.message).toContain('broken.steer.json is not a scene Steergraph can load (2 problems)');
    expect(error?.message).toContain('agentTypes[0].count: expected a whole number from 0 to 100000, got -5');
    expect(error?.message).toContain('agentTypes[0].maxSpeed');
    expect(error?.id).toBe(file);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[error!.loc!.line - 1].slice(error!.loc!.column)).toMatch(/^"count": -5/);
    expect(error?.frame).toContain('"count": -5');
    // the file is watched even so: fixing it rebuilds in dev
    expect(d.watched).toEqual([file]);
  });

  it('a scene with compile errors: each one, formatted with its agent type and node', async () => {
    const doc = JSON.parse(readFileSync(path.join(ROOT, 'presets', 'flocking.steer.json'), 'utf8'));
    doc.agentTypes[0].states[0].graph.nodes.find((n: { id: string }) => n.id === 'contain').params.margin = -100;
    const file = path.join(dir, 'errors.steer.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const d = driver(pluginFromBundle(), 'build');
    const error = await d.load((await d.resolveId('./errors.steer.json?behavior', importer))!).then(
      () => null,
      (e: Error & { loc?: { line: number; column: number } }) => e,
    );
    expect(error?.message).toContain('errors.steer.json has 1 error, so it cannot be compiled');
    expect(error?.message).toContain('error agentTypes[0].states[0].graph.nodes[1].params.margin (boid/contain.margin): Margin must be more than 0 px');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[error!.loc!.line - 1].slice(error!.loc!.column)).toMatch(/^"margin": -100/);
  });

  it('text that is not JSON: the parser’s line and column', async () => {
    const file = path.join(dir, 'text.steer.json');
    writeFileSync(file, '{\n  "format": "steergraph",\n  oops\n}\n');
    const d = driver(pluginFromBundle(), 'build');
    const error = await d.load((await d.resolveId('./text.steer.json?behavior', importer))!).then(
      () => null,
      (e: Error & { loc?: { line: number; column: number } }) => e,
    );
    expect(error?.message).toMatch(/text\.steer\.json is not a scene Steergraph can load \(1 problem\):\n {2}not JSON: line 3/);
    expect(error?.loc?.line).toBe(3);
  });

  it('locateJsonPath finds keys, indices and quoted keys, and the deepest part that exists', () => {
    const text = '{\n  "a": [1, {"b": "x,]}"}, {"c d": 3}],\n  "e": 2\n}';
    expect(locateJsonPath(text, 'e')).toEqual({ line: 3, column: 2 });
    // (the place of a key is its name's opening quote)
    expect(locateJsonPath(text, 'a[2]["c d"]')).toEqual({ line: 2, column: 27 });
    expect(locateJsonPath(text, 'a[1].b')).toEqual({ line: 2, column: 12 });
    // a missing key: where the object that lacks it is
    expect(locateJsonPath(text, 'a[1].missing')).toEqual({ line: 2, column: 11 });
  });
});

describe('steergraph/vite: the dev wrapper', () => {
  it('runs as a module: createWorld gives a forwarding world whose methods survive destructuring', async () => {
    const file = path.join(ROOT, 'presets', 'flocking.steer.json');
    const d = driver(pluginFromBundle(), 'serve');
    const wrapper = await d.load((await d.resolveId('./flocking.steer.json?behavior', path.join(ROOT, 'presets', 'main.js')))!);
    // the compiled module beside it, as Vite serves it; import.meta.hot is undefined in Node
    const sub = path.join(dir, 'wrapper');
    await importModule(sub, exported(file), undefined, 'compiled');
    const mod = await importModule(sub, wrapper.replace(/import \* as compiled from "[^"]+";/, "import * as compiled from './compiled.js';"), undefined, 'wrapper');
    const reference = await importModule(dir, exported(file));
    const w = mod.createWorld({ seed: 3 });
    const r = reference.createWorld({ seed: 3 });
    const { step, positions } = w;
    step(30);
    r.step(30);
    expect(w.tick).toBe(30);
    expect(Array.from(positions('boid'))).toEqual(Array.from(r.positions('boid')));
    expect(w.types).toEqual(['boid']);
    expect((w as unknown as { reloads: number }).reloads).toBe(0);
    expect(typeof (w as unknown as { onReload: unknown }).onReload).toBe('function');
    expect(JSON.stringify(w.snapshot())).toBe(JSON.stringify(r.snapshot()));
    expect(mod.scene).toEqual(reference.scene);
  });
});
