import { defineConfig } from 'vitest/config';

/**
 * Test projects (run one with `vitest run --project <name>`):
 * - unit: packages and the web app's pure modules (no network, no database);
 * - dam: the DAM server on a real database (PGlite by default, PostgreSQL with MAGPIE_TEST_DB=postgres) and real files;
 * - bff: the BFF against a real DAM.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'dam',
          include: ['apps/dam/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/dam/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'bff',
          include: ['apps/bff/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
