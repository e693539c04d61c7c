import { defineConfig } from 'vitest/config';

/**
 * Test projects (run one with `vitest run --project <name>`):
 * - unit: packages and the web app's pure modules (no network, no database);
 * - dam: the DAM server on a real database (PGlite by default, PostgreSQL with MAGPIE_TEST_DB=postgres) and real files;
 * - bff: the BFF against a real DAM.
 */
/**
 * DAM test files that never open a database (media decoding, the expression parser, the text import's parser, the
 * field validator, URL parsing, the local file and chunk stores, the format decoders), and the ingest of every sample
 * (`samples.test.ts`, `formats.test.ts`: what they check is the decoders' and ExifTool's reading of the files; the
 * database writes an ingest makes are the upload tests' on both databases). They run on the PGlite pass only: a PostgreSQL pass would run the same code again.
 */
const DATABASE_FREE_DAM_TESTS = [
  'apps/dam/src/config.test.ts',
  'apps/dam/src/lib/logging.test.ts',
  'apps/dam/src/http/resource-path.test.ts',
  'apps/dam/src/lib/server-paths.test.ts',
  'apps/dam/src/media/*.test.ts',
  'apps/dam/src/media/decoders/*.test.ts',
  'apps/dam/src/metadata/validate.test.ts',
  'apps/dam/src/search/expression.test.ts',
  'apps/dam/src/storage/*.test.ts',
  'apps/dam/src/taxonomies/text-import.test.ts',
  'apps/dam/src/samples.test.ts',
  'apps/dam/src/formats.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Both cores: Vitest's default leaves one free (measured 2026-11-30: 123 s against 171 s).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'dam',
          include: ['apps/dam/src/**/*.test.ts'],
          exclude: process.env['MAGPIE_TEST_DB'] === 'postgres' ? DATABASE_FREE_DAM_TESTS : [],
          environment: 'node',
          globalSetup: ['apps/dam/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: true,
          // Three files at once: the DAM tests wait on ExifTool, sharp and the database part of the time (measured 374 s
          // against 406 s with two, on two cores, 2026-11-29).
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'bff',
          include: ['apps/bff/src/**/*.test.ts'],
          environment: 'node',
          // The DAM's setup: the BFF tests start real DAMs, on the migrated PGlite it makes once.
          globalSetup: ['apps/dam/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
