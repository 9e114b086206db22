import { defineConfig } from 'vitest/config';

export default defineConfig({
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
