import { defineConfig } from 'vitest/config';

export default defineConfig({
  build: { sourcemap: false, target: 'es2022' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
  },
});
