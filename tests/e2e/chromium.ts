/**
 * Finds and launches the system Chromium for browser tests, headless, with a fresh profile.
 * playwright-core drives it; it never downloads a browser.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The Chromium executable: $CHROME_PATH, else the usual places; throws how to install one when absent. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Browser tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
        'or set CHROME_PATH to a Chromium or Chrome executable. (Do not use `npx playwright install`: this project drives the system browser.)',
    );
  }
  return found;
}

/** Flags for headless Chromium on a machine with no network and no GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

/**
 * Removes the File System Access pickers from a page before its scripts run. Headless Chromium has
 * them, but no test can answer a real picker (it aborts at once), so the browser tests drive Save's
 * download and Open…'s file input, as every browser without the pickers has them, unless a test
 * installs pickers of its own (tests/e2e/save-in-place.test.ts).
 */
function removeFilePickers(): void {
  const w = window as unknown as Record<string, unknown>;
  delete w.showSaveFilePicker;
  delete w.showOpenFilePicker;
  delete w.showDirectoryPicker;
}

/**
 * A browser context with a fresh profile; `close()` also removes the profile. Its pages have no file
 * pickers (see removeFilePickers) unless `filePickers` is true.
 */
export async function launch(options: { viewport?: { width: number; height: number }; downloads?: boolean; filePickers?: boolean } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(path.join(tmpdir(), 'steergraph-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    acceptDownloads: options.downloads ?? true,
  });
  if (!options.filePickers) await context.addInitScript(removeFilePickers);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Errors a page reports: page errors, console errors, failed responses. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (!r.ok()) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}
