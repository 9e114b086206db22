import { defineConfig } from 'vitest/config';

export default defineConfig({
  build: { sourcemap: false, target: 'es2022' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
