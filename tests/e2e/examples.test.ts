/**
 * The Vite plugin's examples (examples/canvas, three, pixi) in Chromium, as a user who copied a
 * folder runs them: each is built with Vite's JS API through its own vite.config.js (`import
 * steergraph from 'steergraph/vite'`), served, and opened; the world's tick advances, the agents
 * move, nothing logs an error, and a screenshot goes to test-artifacts/example-<name>.png.
 * Then the hot reload: the canvas example under a Vite dev server, its scene file rewritten on disk
 * while the page runs; the page's world takes the new behaviour and keeps its tick, without a page
 * reload. And a scene with an error fails `vite build` with a message naming the problem.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample, ensurePluginBundle } from '../fixtures/vite-plugin';
import { launch, watchErrors } from './chromium';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
const copies: string[] = [];

beforeAll(async () => {
  await ensurePluginBundle();
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A temporary copy of an example (removed after the tests). */
function example(name: string): string {
  const dir = copyExample(name);
  copies.push(dir);
  return dir;
}

type World = { tick: number; types: string[]; positions(id: string): Float64Array; reloads?: number; snapshot(): { types: Record<string, { maxSpeed: number[] | unknown }> } };

/** The tick and a copy of every type's positions. */
function state(page: Page): Promise<{ tick: number; positions: number[] }> {
  return page.evaluate(() => {
    const w = (window as unknown as { __world: World }).__world;
    return { tick: w.tick, positions: w.types.flatMap((id) => Array.from(w.positions(id))) };
  });
}

/** Waits until the page's world exists and its tick passed `n`. */
async function tickPast(page: Page, n: number): Promise<void> {
  await page.waitForFunction((n) => ((window as unknown as { __world?: World }).__world?.tick ?? -1) > n, n, { timeout: 60_000 });
}

describe('examples built with the Vite plugin', () => {
  for (const name of ['canvas', 'three', 'pixi']) {
    it(`${name}: builds with vite build, runs in Chromium: the tick advances and the agents move, no errors`, async () => {
      const root = example(name);
      const outDir = path.join(root, 'dist');
      await build({ root, configFile: path.join(root, 'vite.config.js'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
      // the module in the bundle is the scene's behaviour: its embedded scene is there
      let server: PreviewServer | undefined;
      const browser = await launch({ viewport: { width: 1000, height: 720 } });
      try {
        server = await preview({ root, configFile: path.join(root, 'vite.config.js'), logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
        const url = server.resolvedUrls?.local[0];
        expect(url).toBeTruthy();
        const page = await browser.context.newPage();
        const errors = watchErrors(page);
        await page.goto(url!);
        // (few ticks: WebGL on the CPU draws a frame of three.js in ~0.3 s)
        await tickPast(page, 10);
        const before = await state(page);
        expect(before.positions.length).toBeGreaterThan(0);
        await tickPast(page, before.tick + 20);
        const after = await state(page);
        expect(after.tick).toBeGreaterThan(before.tick);
        expect(after.positions.length).toBe(before.positions.length);
        expect(after.positions.some((v, i) => v !== before.positions[i])).toBe(true);
        expect(after.positions.every(Number.isFinite)).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `example-${name}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await server?.close();
        await browser.close();
      }
    });
  }
});

describe('the Vite plugin in dev', () => {
  it('hot reload: an edit of the scene file on disk swaps the new behaviour into the running world, which keeps its tick (no page reload)', async () => {
    const root = example('canvas');
    const sceneFile = path.join(root, 'boids.steer.json');
    let server: ViteDevServer | undefined;
    const browser = await launch({ viewport: { width: 900, height: 700 } });
    try {
      server = await createServer({ root, configFile: path.join(root, 'vite.config.js'), logLevel: 'silent', server: { host: '127.0.0.1', port: 0, strictPort: false } });
      await server.listen();
      const url = server.resolvedUrls?.local[0];
      expect(url).toBeTruthy();
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      await page.goto(url!);
      await tickPast(page, 60);
      // a marker that a page reload would lose, and what the game set, which the swap must carry
      await page.evaluate(() => {
        const w = (window as unknown as { __world: World & { setPointer(x: number, y: number): void; onReload(f: (e: unknown) => void): void } }).__world;
        (window as unknown as { __marker: string }).__marker = 'still here';
        (window as unknown as { __events: unknown[] }).__events = [];
        window.addEventListener('steergraph:reload', (e) => (window as unknown as { __events: unknown[] }).__events.push((e as CustomEvent).detail));
        w.onReload((e) => ((window as unknown as { __onReload: unknown }).__onReload = e));
      });
      const old = await page.evaluate(() => {
        const w = (window as unknown as { __world: World }).__world;
        return { tick: w.tick, maxSpeed: (w.snapshot().types.boid as { maxSpeed: unknown }).maxSpeed, reloads: w.reloads };
      });
      expect(old.reloads).toBe(0);
      // the edit: the boids twice as fast, and a stronger Contain margin
      const doc = JSON.parse(readFileSync(sceneFile, 'utf8'));
      doc.agentTypes[0].maxSpeed = 8;
      doc.agentTypes[0].states[0].graph.nodes.find((n: { id: string }) => n.id === 'contain').params.margin = 120;
      writeFileSync(sceneFile, JSON.stringify(doc, null, 2));
      await page.waitForFunction(() => (window as unknown as { __world: World }).__world.reloads === 1, undefined, { timeout: 30_000 });
      const now = await page.evaluate(() => {
        const w = (window as unknown as { __world: World & { velocities(id: string): Float64Array } }).__world;
        return {
          tick: w.tick,
          maxSpeed: (w.snapshot().types.boid as { maxSpeed: unknown }).maxSpeed,
          marker: (window as unknown as { __marker?: string }).__marker,
          onReload: (window as unknown as { __onReload?: unknown }).__onReload,
          events: (window as unknown as { __events: unknown[] }).__events,
        };
      });
      expect(now.marker).toBe('still here');
      // the world carried on: its tick did not go back
      expect(now.tick).toBeGreaterThanOrEqual(old.tick);
      // every boid has the new limit (a fresh spawn's, as the preview does on an edit of maxSpeed)
      expect(JSON.stringify(old.maxSpeed)).toContain('4');
      expect(JSON.stringify(now.maxSpeed)).toContain('8');
      expect(now.onReload).toMatchObject({ kind: 'resumed', reloads: 1 });
      expect(now.events).toMatchObject([{ reloads: 1, outcomes: [{ kind: 'resumed' }] }]);
      // and the new behaviour runs: a boid goes faster than the old maxSpeed of 4 px/tick
      await page.waitForFunction(
        () => {
          const v = (window as unknown as { __world: World & { velocities(id: string): Float64Array } }).__world.velocities('boid');
          for (let i = 0; i < v.length; i += 2) if (Math.hypot(v[i], v[i + 1]) > 4.5) return true;
          return false;
        },
        undefined,
        { timeout: 30_000 },
      );
      const later = await state(page);
      expect(later.tick).toBeGreaterThan(now.tick);
      await page.screenshot({ path: path.join(ARTIFACTS, 'example-canvas-reloaded.png') });
      expect(errors).toEqual([]);

      // an edit with an error: Vite's overlay names it, and the world runs on with the last good behaviour
      const good = structuredClone(doc);
      doc.agentTypes[0].states[0].graph.nodes.find((n: { id: string }) => n.id === 'contain').params.margin = -100;
      writeFileSync(sceneFile, JSON.stringify(doc, null, 2));
      await page.waitForFunction(() => /Margin must be more than 0 px/.test(document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? ''), undefined, { timeout: 30_000 });
      const overlay = await page.evaluate(() => document.querySelector('vite-error-overlay')!.shadowRoot!.textContent ?? '');
      expect(overlay).toContain('boids.steer.json has 1 error, so it cannot be compiled');
      expect(overlay).toContain('(boid/contain.margin)');
      await page.screenshot({ path: path.join(ARTIFACTS, 'example-canvas-overlay.png') });
      const during = await state(page);
      await tickPast(page, during.tick + 10);
      expect(await page.evaluate(() => (window as unknown as { __world: World }).__world.reloads)).toBe(1);
      // (the failed update's fetch is reported on the console and as a 500: expected here)
      const fixedAt = errors.length;
      // fixed again: the next good behaviour swaps in, still the same world and page
      good.agentTypes[0].maxSpeed = 6;
      writeFileSync(sceneFile, JSON.stringify(good, null, 2));
      await page.waitForFunction(() => (window as unknown as { __world: World }).__world.reloads === 2, undefined, { timeout: 30_000 });
      const fixed = await page.evaluate(() => {
        const w = (window as unknown as { __world: World }).__world;
        return { tick: w.tick, maxSpeed: (w.snapshot().types.boid as { maxSpeed: unknown }).maxSpeed, marker: (window as unknown as { __marker?: string }).__marker };
      });
      expect(fixed.tick).toBeGreaterThanOrEqual(during.tick);
      expect(JSON.stringify(fixed.maxSpeed)).toContain('6');
      expect(fixed.marker).toBe('still here');
      await page.waitForFunction(() => document.querySelector('vite-error-overlay') === null, undefined, { timeout: 30_000 });
      await tickPast(page, fixed.tick + 10);
      expect(errors.slice(fixedAt)).toEqual([]);
    } finally {
      await server?.close();
      await browser.close();
    }
  });

  it('a scene with an error fails vite build with a message naming each problem', async () => {
    const root = example('canvas');
    const sceneFile = path.join(root, 'boids.steer.json');
    const doc = JSON.parse(readFileSync(sceneFile, 'utf8'));
    // a load error (a count below 0) …
    doc.agentTypes[0].count = -5;
    writeFileSync(sceneFile, JSON.stringify(doc, null, 2));
    const fail = (): Promise<string> =>
      build({ root, configFile: path.join(root, 'vite.config.js'), logLevel: 'silent', build: { outDir: path.join(root, 'dist'), emptyOutDir: true } }).then(
        () => 'built',
        (e: Error) => e.message,
      );
    const loadError = await fail();
    expect(loadError).toContain('boids.steer.json is not a scene Steergraph can load');
    expect(loadError).toContain('agentTypes[0].count: expected a whole number from 0 to 100000, got -5');
    // … and two compile errors (a connection from a node that does not exist, a margin below 0): both listed
    doc.agentTypes[0].count = 60;
    const graph = doc.agentTypes[0].states[0].graph;
    graph.connections.push({ from: ['nowhere', 'force'], to: ['sum', 'in2'] });
    graph.nodes.find((n: { id: string }) => n.id === 'contain').params.margin = -100;
    writeFileSync(sceneFile, JSON.stringify(doc, null, 2));
    const compileError = await fail();
    expect(compileError).toContain('boids.steer.json has 2 errors, so it cannot be compiled');
    expect(compileError).toContain('error agentTypes[0].states[0].graph.connections[3] (boid/sum.in2): Input "in2" is connected from node "nowhere", which does not exist');
    expect(compileError).toContain('(boid/contain.margin): Margin must be more than 0 px');
  });
});
