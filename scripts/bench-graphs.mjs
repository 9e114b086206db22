#!/usr/bin/env node
// Large graphs and long editing in the browser (docs/performance.md, "Large graphs";
// docs/reliability.md): serves a built app (--dist, default dist/; `npx vite build --mode e2e` first: a test build, with the hooks of src/test-hooks.ts) with
// `vite preview`, opens it in headless Chromium (tests/e2e/chromium.ts flags, --expose-gc) and
// measures, in the app itself:
//
//   1. a scene at the size limits, opened through the app's Open path (openText): five agent types
//      of 2,000 nodes each (10,000 nodes; bench/large-graph.ts), 200 agents each (1,000 in all):
//      ms from Open to the preview's first world, the longest frame gap in the 2 s after it, the
//      ticks the preview ran in those 2 s, where the simulation ends (page or worker), then frames
//      per second over 4 s, and how late a click's handler runs (median of 5).
//   2. a scripted editing session on the Wander preset: --edits Wander edits through the app's
//      edit path (window.__steerApp.apply), one every --every ms, each waiting for the preview to
//      run its module; the JS heap after a forced GC at the start and every 50 edits.
//
//   node scripts/bench-graphs.mjs --dist dist-graphs [--port 4215] [--edits 150] [--every 250] [--edits-only]
//   (--probe: after the edits, the heap after a Reset and after New as well; --js-flags '<flags>':
//   more V8 flags, e.g. --no-compilation-cache)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { waitFor } from './wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 && argv[k + 1] !== undefined ? argv[k + 1] : fallback;
};
const DIST = path.resolve(root, option('dist', 'dist'));
const PORT = Number(option('port', '4215'));
const EDITS = Number(option('edits', '150'));
const EVERY = Number(option('every', '250'));

const { CHROMIUM_ARGS, chromiumPath } = await tsImport('../tests/e2e/chromium.ts', import.meta.url);
const { largeGraph } = await tsImport('../bench/large-graph.ts', import.meta.url);
const { sceneOf } = await tsImport('../bench/scene.ts', import.meta.url);

function limitsScene() {
  const doc = sceneOf(200, largeGraph(2000), { areaPerAgent: 2000 }, 'At the size limits');
  const first = doc.agentTypes[0];
  doc.agentTypes = ['a', 'b', 'c', 'd', 'e'].map((id, k) => ({ ...structuredClone(first), id, name: id.toUpperCase(), color: ['#3366cc', '#cc6633', '#33aa55', '#aa33aa', '#777777'][k] }));
  return doc;
}

async function openApp(context, base) {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => !!window.__steerApp?.editor && !!window.__steerPreview);
  await page.evaluate(() => {
    const b = (window.__bench = { loads: [], frames: [] });
    window.__steerPreview.addEventListener('preview-load', (e) => b.loads.push({ t: performance.now(), ...e.detail }));
    const frame = (t) => {
      b.frames.push(t);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return { page, errors };
}

async function heapMB(page) {
  return page.evaluate(async () => {
    for (let k = 0; k < 3; k++) {
      window.gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    return performance.memory.usedJSHeapSize / 2 ** 20;
  });
}

const profile = mkdtempSync(path.join(tmpdir(), 'steergraph-bench-graphs-profile-'));
let server;
let context;
try {
  server = spawn(process.execPath, [vite, 'preview', '--outDir', DIST, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore' });
  const base = `http://127.0.0.1:${PORT}/`;
  await waitFor(base, 30_000);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--js-flags=--expose-gc ${option('js-flags', '')}`.trim(), '--enable-precise-memory-info'],
    viewport: { width: 1440, height: 900 },
  });
  console.log(`Headless Chromium ${context.browser()?.version() ?? ''}, ${DIST}`);

  // 1. the scene at the size limits
  if (!argv.includes('--edits-only')) {
    const { page, errors } = await openApp(context, base);
    const text = JSON.stringify(limitsScene());
    const r = await page.evaluate(async (text) => {
      const b = window.__bench;
      const seen = b.loads.length;
      const t0 = performance.now();
      window.__steerApp.openText(text, 'limits.steer.json');
      while (b.loads.length === seen) await new Promise((r) => setTimeout(r, 5));
      const loaded = b.loads[seen].t;
      const tick0 = window.__steerPreview.world?.tick ?? 0;
      await new Promise((r) => setTimeout(r, 2000));
      const gaps = b.frames.filter((t) => t >= loaded).map((t, k, a) => (k ? t - a[k - 1] : 0));
      return { openMs: loaded - t0, longestFrame: Math.max(0, ...gaps), ticks2s: (window.__steerPreview.world?.tick ?? 0) - tick0 };
    }, text);
    // settle: until the thread choice is made (or 20 s)
    await page.waitForFunction(() => window.__steerPreview.mode === 'worker', null, { timeout: 20_000 }).catch(() => {});
    const fps = await page.evaluate(async () => {
      const b = window.__bench;
      const n = b.frames.length;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 4000));
      return ((b.frames.length - n) * 1000) / (performance.now() - t0);
    });
    await page.evaluate(() => {
      window.__clicks = [];
      window.addEventListener('click', (e) => window.__clicks.push(performance.now() - e.timeStamp), { capture: true });
    });
    for (let k = 0; k < 5; k++) {
      await page.mouse.click(5, 895);
      await page.waitForFunction((k) => window.__clicks.length > k, k, { timeout: 60_000 });
    }
    const clicks = (await page.evaluate(() => window.__clicks)).sort((a, b) => a - b);
    const mode = await page.evaluate(() => window.__steerPreview.mode);
    console.log(
      `size limits (10,000 nodes, 1,000 agents): open ${r.openMs.toFixed(0)} ms, longest frame in the 2 s after ${r.longestFrame.toFixed(0)} ms, ` +
        `${r.ticks2s} ticks in those 2 s; then ${fps.toFixed(1)} fps, a click handled ${clicks[2].toFixed(0)} ms late (median of 5), simulation in the ${mode}` +
        (errors.length ? `; page errors: ${errors.join('; ')}` : ''),
    );
    await page.close();
  }

  // 2. editing
  {
    const { page } = await openApp(context, base);
    await page.evaluate(() => window.__steerApp.openPreset('wander'));
    await page.waitForFunction(() => window.__bench.loads.length > 0 && window.__steerPreview.world);
    const heap = [[0, await heapMB(page)]];
    const t0 = Date.now();
    for (let e = 1; e <= EDITS; e++) {
      await page.evaluate(
        async ({ e, every }) => {
          const b = window.__bench;
          const seen = b.loads.length;
          const t = performance.now();
          window.__steerApp.apply((doc) => {
            const type = doc.agentTypes[0];
            const w = type.graph.nodes.find((n) => n.kind === 'wander') ?? type.graph.nodes[0];
            return { ...doc, agentTypes: doc.agentTypes.map((x, k) => (k ? x : { ...x, graph: { ...x.graph, nodes: x.graph.nodes.map((n) => (n === w ? { ...n, params: { ...n.params, jitter: 0.5 + (e % 1000) / 1000 } } : n)) } })) };
          });
          const deadline = t + 10_000;
          while (b.loads.length === seen && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
          while (performance.now() < t + every) await new Promise((r) => setTimeout(r, 5));
        },
        { e, every: EVERY },
      );
      if (e % 50 === 0) heap.push([e, await heapMB(page)]);
    }
    const rec = await page.evaluate(() => window.__steerPreview.recording);
    if (argv.includes('--probe')) {
      await page.evaluate(() => window.__steerPreview.reset());
      console.log('after reset', (await heapMB(page)).toFixed(1));
      await page.evaluate(() => window.__steerApp.newScene());
      await new Promise((r) => setTimeout(r, 1000));
      console.log('after new', (await heapMB(page)).toFixed(1));
    }
    console.log(
      `editing the Wander preset: ${EDITS} edits in ${((Date.now() - t0) / 1000).toFixed(0)} s; heap after a forced GC: ` +
        heap.map(([e, mb]) => `${mb.toFixed(1)} MB after ${e}`).join(', ') +
        `; recording ${JSON.stringify(rec)}`,
    );
    await page.close();
  }
} finally {
  await context?.close();
  server?.kill();
  rmSync(profile, { recursive: true, force: true });
}
