#!/usr/bin/env node
// Measures <steer-preview> in headless Chromium: frames per second and ms per tick with 2,000
// flocking agents (and optionally other counts), default overlays and all overlays. A benchmark
// that prints figures, not a test. Builds the app into a temporary folder (dist/ is left alone),
// serves it with `vite preview` and drives the system Chromium with playwright-core.
//
//   node scripts/bench-preview.mjs                 2,000 agents, 1440 × 900 at 1× density, default
//                                                  overlays, then all nine
//   node scripts/bench-preview.mjs 500 2000 5000   other counts
//   BENCH_DPR=2 node scripts/bench-preview.mjs     on a 2× screen
//   BENCH_DRAWING=canvas,bitmap,webgl node scripts/bench-preview.mjs 5000 20000
//                                                  each renderer in turn (default: auto)
//   BENCH_THREADING=worker …                       where the simulation runs (default: auto)
//   BENCH_SIZE=520x465 …                           the preview's size (default: the whole viewport)
//   BENCH_OVERLAYS=default …                       only the default overlays (or: all)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { waitFor } from './wait-for.mjs';

/** The Chromium the browser tests use (CHROME_PATH or the usual places; fails with how to install it). */
const { chromiumPath } = await tsImport('../tests/e2e/chromium.ts', import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const PORT = Number(process.env.BENCH_PORT ?? 4199);
const DPR = Number(process.env.BENCH_DPR ?? 1);
const counts = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
if (!counts.length) counts.push(2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const DRAWINGS = (process.env.BENCH_DRAWING ?? 'auto').split(',');
const THREADING = process.env.BENCH_THREADING ?? 'auto';
const [BOX_W, BOX_H] = (process.env.BENCH_SIZE ?? '').split('x').map(Number);
const OVERLAY_SETS = { default: ['paths', 'pointer', 'obstacles', 'targets'], all: ['velocity', 'force', 'wander', 'feelers', 'neighbours', 'paths', 'pointer', 'obstacles', 'targets'] };
const OVERLAYS = (process.env.BENCH_OVERLAYS ?? 'default,all').split(',').map((k) => OVERLAY_SETS[k]);

const { compile } = await tsImport('../src/compiler/index.ts', import.meta.url);
const { moduleSource } = await tsImport('../src/compiler/module.ts', import.meta.url);

/** A flock that wanders, at the peer benchmark's density (1 agent per 400 px²). */
function flockScene(n) {
  // 4 : 3, n × 400 px²
  const width = Math.round(Math.sqrt((n * 400 * 4) / 3));
  const height = Math.round((n * 400) / width);
  return {
    format: 'steergraph',
    version: 3,
    name: `Bench ${n}`,
    description: '',
    world: { width, height, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [
      {
        id: 'boid',
        name: 'Boid',
        color: '#5ec8ff',
        count: n,
        mass: 1,
        maxSpeed: 2,
        maxForce: 0.05,
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'flock', kind: 'flock', params: { sight: 40, separation: 20 }, position: [0, 0] },
            { id: 'wander', kind: 'wander', params: {}, position: [0, 200] },
            { id: 'sum', kind: 'sum', params: {}, position: [300, 100] },
            { id: 'out', kind: 'agent-output', params: {}, position: [600, 100] },
          ],
          connections: [
            { from: ['flock', 'force'], to: ['sum', 'in0'] },
            { from: ['wander', 'force'], to: ['sum', 'in1'] },
            { from: ['sum', 'force'], to: ['out', 'force'] },
          ],
        } }],
      },
    ],
  };
}

const out = mkdtempSync(path.join(tmpdir(), 'steergraph-bench-'));
const profile = mkdtempSync(path.join(tmpdir(), 'steergraph-bench-profile-'));
let server;
let context;
try {
  const build = spawnSync(process.execPath, [vite, 'build', '--mode', 'e2e', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
  server = spawn(process.execPath, [vite, 'preview', '--outDir', out, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore' });
  const base = `http://127.0.0.1:${PORT}/`;
  await waitFor(base, 30_000);

  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--enable-unsafe-swiftshader'],
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: DPR,
  });
  const page = await context.newPage();
  const box = BOX_W > 0 && BOX_H > 0 ? `${BOX_W} × ${BOX_H}` : '1440 × 900';
  console.log(`<steer-preview> in headless Chromium ${context.browser()?.version() ?? ''}, preview ${box} at ${DPR}× density, ${SECONDS} s per figure`);
  console.log('agents | overlays    | thread | drawing | fps (min–max over half seconds) | ms per tick | ticks/s');
  for (const n of counts) {
    const scene = flockScene(n);
    const compiled = compile(scene);
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`bench scene does not compile: ${errors.map((d) => d.message).join('; ')}`);
    const source = moduleSource(scene, compiled);
    for (const [drawing, overlays] of DRAWINGS.flatMap((d) => OVERLAYS.map((o) => [d, o]))) {
      await page.goto(base);
      await page.waitForFunction(() => !!customElements.get('steer-preview'));
      await page.evaluate(
        ({ scene, source, overlays, drawing, threading, w, h }) => {
          document.querySelector('steer-app')?.remove();
          const p = document.createElement('steer-preview');
          p.style.cssText = w > 0 ? `position: fixed; left: 0; top: 0; width: ${w}px; height: ${h}px` : 'position: fixed; inset: 0';
          p.drawing = drawing;
          p.threading = threading;
          p.scene = scene;
          p.source = source;
          p.overlays = new Set(overlays);
          window.__stats = [];
          p.addEventListener('preview-stats', (e) => window.__stats.push(e.detail));
          document.body.append(p);
        },
        { scene, source, overlays, drawing, threading: THREADING, w: BOX_W, h: BOX_H },
      );
      await page.waitForFunction(() => window.__steerPreview?.world?.tick > 60, null, { timeout: 120_000 });
      await page.evaluate(() => (window.__stats = []));
      await page.waitForTimeout(SECONDS * 1000);
      const stats = (await page.evaluate(() => window.__stats)).filter((s) => s.fps > 0);
      const fps = stats.map((s) => s.fps);
      const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const label = overlays.length > 4 ? 'all' : 'default';
      const last = stats.at(-1) ?? {};
      console.log(
        `${String(n).padStart(6)} | ${label.padEnd(11)} | ${String(last.thread).padEnd(6)} | ${String(last.drawMode).padEnd(7)} | ${mean(fps).toFixed(1)} (${Math.min(...fps).toFixed(0)}–${Math.max(...fps).toFixed(0)}) | ${mean(stats.map((s) => s.msPerTick)).toFixed(3)} | ${mean(stats.map((s) => s.ticksPerSecond)).toFixed(1)}`,
      );
    }
  }
} finally {
  await context?.close();
  server?.kill();
  rmSync(out, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
