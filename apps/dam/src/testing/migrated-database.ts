import type { ParserOptions } from '@electric-sql/pglite';
import { migrateToLatest } from '../db/migrations.ts';

/**
 * The type parsers every test PGlite uses, as the DAM's own embedded database does: BIGINT and NUMERIC as numbers.
 * Loaded lazily with PGlite itself.
 */
export async function testPGliteParsers(): Promise<ParserOptions> {
  const { types } = await import('@electric-sql/pglite');
  return { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) };
}

/**
 * Makes a new in-memory PGlite, applies every migration, and answers its data directory as an uncompressed tar
 * (about 44 MB), ready for `PGlite.create({ loadDataDir })`. Takes about 5.5 s on an idle core (initdb is most of it).
 */
export async function migratedPGliteDump(): Promise<Uint8Array> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { Kysely, PostgresDialect } = await import('kysely');
  const { createPGlitePool } = await import('../db/pglite-pool.ts');
  const db = await PGlite.create({ parsers: await testPGliteParsers() });
  try {
    await migrateToLatest(new Kysely<any>({ dialect: new PostgresDialect({ pool: createPGlitePool(db) }) }));
    return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** The name of the run's migrated template database on the test PostgreSQL cluster. */
export const POSTGRES_TEMPLATE = 'magpie_migrated_template';

/**
 * Applies every migration to the empty PostgreSQL database at `url` and closes every connection to it, so that it can
 * serve as a `CREATE DATABASE … TEMPLATE` source. Answers the database's name.
 * @throws what a migration throws.
 */
export async function migratedPostgresTemplate(url: string): Promise<string> {
  const pg = await import('pg');
  const { Kysely, PostgresDialect } = await import('kysely');
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url, max: 1 }) }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return new URL(url).pathname.slice(1);
}
