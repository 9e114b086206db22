import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { COLORS, colorProperties } from './src/theme.js';

/** The favicon, an arrowhead in the accent colour (src/theme.ts). */
export function faviconHref(): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><path d='M2 14 L8 2 L14 14 L8 10 Z' fill='${COLORS.accent}'/></svg>`;
  return `data:image/svg+xml,${svg.replace(/[<>#]/g, encodeURIComponent)}`;
}

/**
 * index.html's colours come from src/theme.ts like every other: this writes the `--steer-*`
 * properties on `:root` (so the page behind `<steer-app>` is dark from the first paint, before the
 * element upgrades) and the favicon into the page's head, in `vite` (dev) and `vite build` alike.
 */
export function themeInPage(): Plugin {
  return {
    name: 'steer-theme-in-page',
    transformIndexHtml: () => [
      { tag: 'style', children: `:root {\n${colorProperties()}\n}`, injectTo: 'head-prepend' },
      { tag: 'link', attrs: { rel: 'icon', href: faviconHref() }, injectTo: 'head' },
    ],
  };
}

export default defineConfig({
  plugins: [themeInPage()],
  // elkjs (auto-arrange, ~420 KB gzip) is its own lazily loaded chunk; the app's initial JS is ~110 KB gzip.
  build: { sourcemap: false, target: 'es2022', chunkSizeWarningLimit: 1500 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
  },
});
