#!/usr/bin/env node
// Measures the graph editor with a 200-node graph in headless Chromium: frame times while adding,
// moving and connecting nodes with the mouse (issue bar: 99th percentile under 50 ms), and the
// initial JavaScript the built app loads (bar: under 150 KB gzip; auto-arrange loaded on demand).
// A benchmark that prints figures, not a test.
//
//   node scripts/bench-editor.mjs                zoomed in on the first rows, as when working on nodes
//   node scripts/bench-editor.mjs --zoomed-out   the whole graph in view (zoom 0.15)
//   node scripts/bench-editor.mjs --no-boxes     without the scene's frames and notes (to compare)
//   node scripts/bench-editor.mjs --no-reroutes  without the scene's 40 reroutes (to compare)
//   node scripts/bench-editor.mjs --no-groups    rows 4–8 as plain Seek → Scale, not 5 uses of a group
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { waitFor } from './wait-for.mjs';

/** The Chromium the browser tests use (CHROME_PATH or the usual places; fails with how to install it). */
const { chromiumPath } = await tsImport('../tests/e2e/chromium.ts', import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const PORT = Number(process.env.BENCH_PORT ?? 4198);

/**
 * A valid 200-node graph: 45 × (Point → Seek → Scale) and 45 Wanders into 15 Sums, into one Sum
 * with 3 Contains, into the output; 10 frames around its rows and 5 sticky notes beside them; 40
 * reroutes, on the wires from the first 40 Wanders into their Sums (`--no-reroutes`: none); rows
 * 4 to 8 use a group "Seek, scaled" (Seek → Scale) in place of their Seek and Scale (`--no-groups`:
 * plain nodes), so 195 nodes drawn and 5 group uses, each standing for 2.
 */
export function bigScene() {
  const grouped = (i) => i >= 4 && i < 9 && !process.argv.includes('--no-groups');
  const nodes = [];
  const connections = [];
  const sums = [];
  for (let s = 0; s < 15; s++) {
    const id = `sum${s}`;
    sums.push(id);
    nodes.push({ id, kind: 'sum', params: { inputs: 6 }, position: [1100, s * 340] });
    for (let k = 0; k < 3; k++) {
      const i = s * 3 + k;
      nodes.push({ id: `pt${i}`, kind: 'point', params: { x: 100 + ((i * 37) % 600), y: 100 + ((i * 53) % 400) }, position: [0, i * 110] });
      if (grouped(i)) {
        // one use of the group "Seek, scaled" in place of the row's Seek and Scale
        nodes.push({ id: `use${i}`, kind: 'group', params: { group: 'seekScaled', factor: 0.1 }, position: [420, i * 110] });
        connections.push({ from: [`pt${i}`, 'point'], to: [`use${i}`, 'target'] });
        connections.push({ from: [`use${i}`, 'force'], to: [id, `in${k}`] });
      } else {
        nodes.push({ id: `seek${i}`, kind: 'seek', params: {}, position: [280, i * 110] });
        nodes.push({ id: `scale${i}`, kind: 'scale', params: { factor: 0.1 }, position: [560, i * 110] });
        connections.push({ from: [`pt${i}`, 'point'], to: [`seek${i}`, 'target'] });
        connections.push({ from: [`seek${i}`, 'force'], to: [`scale${i}`, 'in'] });
        connections.push({ from: [`scale${i}`, 'force'], to: [id, `in${k}`] });
      }
      nodes.push({ id: `wander${i}`, kind: 'wander', params: {}, position: [820, i * 110] });
      if (i < 40 && !process.argv.includes('--no-reroutes')) {
        nodes.push({ id: `bend${i}`, kind: 'reroute', params: { type: 'force' }, position: [1056, i * 110 + 60] });
        connections.push({ from: [`wander${i}`, 'force'], to: [`bend${i}`, 'in'] });
        connections.push({ from: [`bend${i}`, 'out'], to: [id, `in${k + 3}`] });
      } else connections.push({ from: [`wander${i}`, 'force'], to: [id, `in${k + 3}`] });
    }
  }
  nodes.push({ id: 'total', kind: 'sum', params: { inputs: 18 }, position: [1400, 2000] });
  sums.forEach((s, k) => connections.push({ from: [s, 'force'], to: ['total', `in${k}`] }));
  for (let c = 0; c < 3; c++) {
    nodes.push({ id: `contain${c}`, kind: 'contain', params: {}, position: [1100, 5200 + c * 120] });
    connections.push({ from: [`contain${c}`, 'force'], to: ['total', `in${15 + c}`] });
  }
  nodes.push({ id: 'out', kind: 'agent-output', params: {}, position: [1700, 2000] });
  connections.push({ from: ['total', 'force'], to: ['out', 'force'] });
  // (each frame around four and a half rows of 110 px: the 45 rows in 10 frames)
  const frames = Array.from({ length: 10 }, (_, k) => ({ id: `frame${k}`, title: `Rows ${k * 4.5}`, color: ['#4a6fa5', '#5a8f5a', '#a5764a'][k % 3], x: -40, y: k * 495 - 60, width: 1100, height: 490 }));
  const notes = Array.from({ length: 5 }, (_, k) => ({ id: `note${k}`, text: `Note ${k}: these rows seek their points.`, x: -300, y: k * 990, width: 220, height: 120 }));
  // (the group its five uses share: Seek → Scale, its Scale's factor set by each use)
  const group = {
    id: 'seekScaled',
    name: 'Seek, scaled',
    inputs: [{ key: 'target', label: 'Target', type: 'point' }],
    outputs: [{ key: 'force', label: 'Force', type: 'force' }],
    params: [{ key: 'factor', label: 'Factor', node: 'scale', param: 'factor' }],
    graph: {
      nodes: [
        { id: 'seek', kind: 'seek', params: {}, position: [0, 0] },
        { id: 'scale', kind: 'scale', params: { factor: 0.1 }, position: [280, 0] },
      ],
      connections: [
        { from: ['@in', 'target'], to: ['seek', 'target'] },
        { from: ['seek', 'force'], to: ['scale', 'in'] },
        { from: ['scale', 'force'], to: ['@out', 'force'] },
      ],
    },
  };
  return {
    format: 'steergraph',
    version: 7,
    ...(grouped(4) ? { groups: [group] } : {}),
    name: 'Two hundred nodes',
    description: 'A large graph for the editor benchmark.',
    world: { width: 800, height: 600, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [{ id: 'agent', name: 'Agent', color: '#5ec8ff', count: 200, mass: 1, maxSpeed: 3, maxForce: 0.2, states: [{ name: 'default', graph: process.argv.includes('--no-boxes') ? { nodes, connections } : { nodes, connections, frames, notes } }] }],
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = mkdtempSync(path.join(tmpdir(), 'steergraph-bench-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'steergraph-bench-profile-'));
  let server;
  let context;
  try {
    const build = spawnSync(process.execPath, [vite, 'build', '--mode', 'e2e', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
    // initial JavaScript: the entry chunk and what index.html loads eagerly
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const eager = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const lazy = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js') && !eager.includes(`assets/${f}`));
    const gz = (f) => gzipSync(readFileSync(path.join(out, f)), { level: 9 }).length;
    const initial = eager.reduce((s, f) => s + gz(f), 0);
    console.log(`initial JavaScript: ${(initial / 1024).toFixed(1)} KB gzip (${eager.length} file${eager.length === 1 ? '' : 's'}; bar < 150 KB) ${initial < 150 * 1024 ? 'PASS' : 'FAIL'}`);
    for (const f of lazy) console.log(`  loaded on demand: ${f} ${(gz(`assets/${f}`) / 1024).toFixed(0)} KB gzip`);

    server = spawn(process.execPath, [vite, 'preview', '--outDir', out, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: root, stdio: 'ignore' });
    const base = `http://127.0.0.1:${PORT}/`;
    await waitFor(base, 30_000);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(base);
    await page.waitForFunction(() => window.__steerApp?.editor && document.querySelectorAll('steer-node').length > 0);
    await page.evaluate((text) => window.__steerApp.openText(text, 'two-hundred.steer.json'), JSON.stringify(bigScene()));
    const scene = bigScene();
    const reroutes = scene.agentTypes[0].states[0].graph.nodes.filter((n) => n.kind === 'reroute').length;
    const uses = scene.agentTypes[0].states[0].graph.nodes.filter((n) => n.kind === 'group').length;
    await page.waitForFunction((n) => document.querySelectorAll('steer-node').length === n, scene.agentTypes[0].states[0].graph.nodes.length, { timeout: 60_000 });
    const problems = await page.evaluate(() => window.__steerApp.compiled.diagnostics.length);
    // the graph is drawn once every connection is (then the editor zooms to fit it all)
    const wires = scene.agentTypes[0].states[0].graph.connections.length;
    await page.waitForFunction((n) => window.__steerApp.editor.editor.getConnections().length === n, wires, { timeout: 60_000 });
    await page.waitForTimeout(500);
    const zoom = process.argv.includes('--zoomed-out') ? null : 0.6;
    if (zoom) {
      // zoom in so nodes are big enough to grab, around the first rows (as a designer at work)
      await page.evaluate(() => window.__steerApp.editor.focusNode('seek0'));
      await page.waitForTimeout(500);
    }
    const view = await page.evaluate(() => {
      const t = window.__steerApp.editor.area.area.transform;
      let nodes = 0;
      for (const n of document.querySelectorAll('steer-node')) {
        const r = n.getBoundingClientRect();
        if (r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth) nodes++;
      }
      return { k: t.k, nodes };
    });
    console.log(`200-node graph with ${reroutes} reroutes and ${uses} group uses open (${problems} problems), zoom ${view.k.toFixed(2)}, ${view.nodes} nodes in view${zoom ? '' : ' (--zoomed-out: the whole graph)'}`);

    // each edit that changes the behaviour ends with the preview running the new module
    await page.evaluate(() => {
      window.__loads = 0;
      window.addEventListener('preview-load', () => window.__loads++, true);
    });
    /** Does `act`, then, when it edited the document, waits until the preview runs the edit (as a designer sees it before going on). */
    let edits = 0;
    const landed = async (act) => {
      const n = await page.evaluate(() => ((window.__docBefore = window.__steerApp.doc), window.__loads));
      await act();
      if (!(await page.evaluate(() => window.__steerApp.doc !== window.__docBefore))) return;
      edits++;
      await page.waitForFunction((k) => window.__loads > k, n, { polling: 100, timeout: 10_000 });
    };
    // record every frame's duration while working
    await page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const loop = (t) => {
        window.__frames.push(t - last);
        last = t;
        window.__raf = requestAnimationFrame(loop);
      };
      window.__raf = requestAnimationFrame(loop);
    });
    // Where things are, found with one plain DOM lookup each (Playwright's locator engine walks every
    // shadow root of the page, work a user's mouse never causes, and it ran inside the frames measured).
    const centre = (nodeId, part) =>
      page.evaluate(
        ([id, sel]) => {
          const node = document.querySelector(`steer-node[data-node-id="${id}"]`);
          const el = node?.shadowRoot?.querySelector(sel);
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        },
        [nodeId, part],
      );
    // add nodes from the palette (a double-click adds one at the graph's centre), with the mouse
    const item = await page.evaluate(() => {
      const el = document.querySelector('steer-app').shadowRoot.querySelector('steer-palette').shadowRoot.querySelector('.item[data-kind="wander"]');
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    for (let k = 0; k < 10; k++) await landed(() => page.mouse.dblclick(item.x, item.y));
    // move nodes by their headers
    const ids = ['seek0', 'seek1', 'scale0', 'scale1', 'pt0', 'pt1', 'wander0', 'wander1'];
    for (const id of ids) {
      const h = await centre(id, 'header');
      if (!h) continue;
      await page.mouse.move(h.x, h.y);
      await page.mouse.down();
      await page.mouse.move(h.x + 40, h.y + 15, { steps: 10 });
      await page.mouse.up();
    }
    // connect: point outputs into other seeks' targets (replacing connections), with the mouse
    // (among the first four rows, the ones in view zoomed in: a Point into another row's Seek, replacing its wire)
    for (let k = 0; k < 6; k++) {
      const a = await centre(`pt${k % 4}`, '.row.output steer-socket');
      const b = await centre(`seek${(k + 1 + (k >> 2)) % 4}`, '.row.input steer-socket');
      if (!a || !b) continue;
      await landed(async () => {
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move(b.x, b.y, { steps: 12 });
        await page.mouse.up();
      });
    }
    const frames = await page.evaluate(() => {
      cancelAnimationFrame(window.__raf);
      return window.__frames.slice(1);
    });
    const nodes = await page.evaluate(() => document.querySelectorAll('steer-node').length);
    console.log(`while adding 10, moving 8 and connecting 6 nodes (${nodes} nodes at the end; ${edits} adds and connections reached the preview): ${frames.length} frames`);
    console.log(
      `frame time ms: median ${pct(frames, 50).toFixed(1)}, p95 ${pct(frames, 95).toFixed(1)}, p99 ${pct(frames, 99).toFixed(1)} (bar < 50) ${pct(frames, 99) < 50 ? 'PASS' : 'FAIL'}, max ${Math.max(...frames).toFixed(1)}`,
    );
  } finally {
    await context?.close();
    server?.kill();
    rmSync(out, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
