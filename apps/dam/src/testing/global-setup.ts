import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestCluster } from '../../../../tests/support/postgres.ts';
import { migratedPGliteDump, migratedPostgresTemplate, POSTGRES_TEMPLATE } from './migrated-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the DAM suite runs against PostgreSQL (MAGPIE_TEST_DB=postgres). */
    postgresUrl: string | undefined;
    /**
     * On PGlite: the path of a tar of the migrated database, made once for the run. Every test DAM loads it (about
     * 1.5 s) instead of each test file running initdb and every migration (about 5.5 s, more on a busy machine).
     */
    pgliteDump: string | undefined;
    /**
     * On PostgreSQL: a migrated database made once for the run, which every test DAM's database is copied from
     * (`CREATE DATABASE … TEMPLATE`) instead of running every migration.
     */
    postgresTemplate: string | undefined;
  }
}

/**
 * Starts a private PostgreSQL cluster for the run when MAGPIE_TEST_DB=postgres; on PGlite, writes the migrated
 * database's tar to a temporary file once (`pgliteDump`). Answers the teardown.
 */
export default async function setup(project: TestProject) {
  if (process.env.MAGPIE_TEST_DB !== 'postgres') {
    project.provide('postgresUrl', undefined);
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-pglite-dump-'));
    const file = path.join(dir, 'migrated.tar');
    try {
      await fsp.writeFile(file, await migratedPGliteDump());
    } catch (error) {
      await fsp.rm(dir, { recursive: true, force: true });
      throw error;
    }
    project.provide('pgliteDump', file);
    project.provide('postgresTemplate', undefined);
    return () => fsp.rm(dir, { recursive: true, force: true });
  }
  const cluster = await startTestCluster();
  project.provide('postgresUrl', cluster.url);
  project.provide('pgliteDump', undefined);
  try {
    project.provide('postgresTemplate', await migratedPostgresTemplate(cluster.createDatabase(POSTGRES_TEMPLATE)));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
