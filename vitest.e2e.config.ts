import { defineConfig } from 'vitest/config';

// Browser tests: built app served by `vite preview`, driven by playwright-core in system Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
