import { defineConfig } from 'vitest/config';

// Three projects so CI can run them as separate steps: pure unit tests,
// API tests (real HTTP against a fresh database) and browser tests
// (playwright-core driving Debian's Chromium against the built app).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.unit.test.ts', 'scripts/**/*.test.ts'],
          // Property tests read hundreds of generated files: on a busy 2-core
          // machine that passes vitest's 5 s default without anything being wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
