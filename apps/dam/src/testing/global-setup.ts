import type { TestProject } from 'vitest/node';
import { startTestCluster } from '../../../../tests/support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the DAM suite runs against PostgreSQL (MAGPIE_TEST_DB=postgres). */
    postgresUrl: string | undefined;
  }
}

/** Starts a private PostgreSQL cluster for the run when MAGPIE_TEST_DB=postgres; PGlite needs nothing. */
export default async function setup(project: TestProject) {
  if (process.env.MAGPIE_TEST_DB !== 'postgres') {
    project.provide('postgresUrl', undefined);
    return;
  }
  const cluster = await startTestCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
