/**
 * Builds the app (vite build) and serves it (vite preview on 127.0.0.1) for the browser tests.
 * Checks for Chromium first, so a machine without it fails at once with instructions.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromiumPath } from './chromium';

const root = path.resolve(import.meta.dirname, '../..');
export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Where the app is built and served from: `dist/` unless E2E_DIST names another (parallel runs). */
const outDir = ['--outDir', path.resolve(root, process.env.E2E_DIST ?? 'dist')];
let server: ChildProcess | undefined;

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the preview server did not answer at ${url}: ${String(last)}`);
}

export async function setup(): Promise<void> {
  chromiumPath();
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'e2e', '--logLevel', 'warn', ...outDir], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', ...outDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  try {
    await waitFor(`http://127.0.0.1:${PORT}/`, 30_000);
  } catch (e) {
    server.kill();
    throw new Error(`${(e as Error).message}\n${log}`);
  }
}

export async function teardown(): Promise<void> {
  server?.kill();
}
