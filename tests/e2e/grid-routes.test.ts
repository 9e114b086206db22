/**
 * examples/grid-routes in Chromium, as a reader runs it: the scene exported with the CLI, the page
 * served from the repository root (the path-finder's ES modules straight from node_modules), opened
 * in the browser. The couriers reach the goals the game's path-finder routed them to, one after
 * another (the game hands out a new route on each route-finished event), never walk over a wall
 * tile, and the page says how many deliveries there were; no errors.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../fixtures/module-files';
import { launch, watchErrors } from './chromium';

const root = path.resolve(import.meta.dirname, '../..');
const example = path.join(root, 'examples/grid-routes');
const dir = tempDir('steergraph-grid-routes-');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
let server: Server;
let url = '';

beforeAll(async () => {
  // the module, exported the way the page's comment says
  const module = path.join(dir, 'grid-routes.behavior.js');
  execFileSync(process.execPath, [path.join(root, 'bin/steergraph.mjs'), 'export', path.join(example, 'grid-routes.steer.json'), '-o', module]);
  // a static server of the repository root, the exported module in its place beside the page
  server = createServer((req, res) => {
    const route = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = route === '/examples/grid-routes/grid-routes.behavior.js' ? module : path.join(root, path.normalize(route));
    if (!file.startsWith(root) && file !== module) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/examples/grid-routes/index.html`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  removeDir(dir);
});

describe('examples/grid-routes', () => {
  it('routes couriers to goal after goal with the path-finder: each arrives, none crosses a wall', async () => {
    const browser = await launch({ viewport: { width: 800, height: 600 } });
    try {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      await page.goto(url);
      type Game = { perCourier: number[]; deliveries: number; missed: number; offGrid: number };
      // every courier delivers three times (each delivery: a route-finished event, then a new route)
      await page.waitForFunction(() => (window as unknown as { gridRoutes?: Game }).gridRoutes?.perCourier.every((n) => n >= 3) === true, undefined, { timeout: 60_000 });
      const game = await page.evaluate(() => {
        const g = (window as unknown as { gridRoutes: Game }).gridRoutes;
        return { missed: g.missed, offGrid: g.offGrid, deliveries: g.deliveries };
      });
      // every route-finished came with the courier on its goal tile's centre (within the waypoint radius)
      expect(game.missed).toBe(0);
      expect(game.offGrid).toBe(0);
      expect(game.deliveries).toBeGreaterThanOrEqual(18);
      await expect.poll(() => page.textContent('#status')).toMatch(/^tick \d+: \d+ deliveries$/);
      const shown = Number(/(\d+) deliveries/.exec((await page.textContent('#status')) ?? '')![1]);
      expect(shown).toBeGreaterThanOrEqual(18);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
