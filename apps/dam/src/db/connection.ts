import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { createPGlitePool } from './pglite-pool.ts';
import { migrateToLatest } from './migrations.ts';

/** A connected database: the typed query builder plus what the server needs to report and close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  /** `pglite` for the embedded default, `postgres` with DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  /**
   * Embedded database only: calls `callback` for every notification on `channel`, in this process, as the notifying
   * transaction commits. Call it before the database is in use (LISTEN runs outside the pool's turn-taking).
   */
  listen?: (channel: string, callback: () => void) => Promise<void>;
  close(): Promise<void>;
}

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** A prepared PGlite instance (tests pass a `clone()` of a migrated one). */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** Apply migrations (default true). */
  migrate?: boolean;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Opens the DAM database, PostgreSQL when `databaseUrl` is given and embedded PGlite otherwise, and applies the
 * migration set (architecture.md: one dialect, one migration set, applied at start). bigint and numeric columns
 * are read as JS numbers on both (file sizes stay below 2^53 bytes).
 *
 * With PGlite a lock file `<dir>.lock` holding the process id guards against a second process opening the same
 * directory (PGlite is single-process).
 * @throws Error when the PGlite directory is locked by a live process, or when PostgreSQL is unreachable.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pg = await import('pg');
    pg.default.types.setTypeParser(INT8_OID, (v: string) => Number(v));
    pg.default.types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    const { PGlite, types } = await import('@electric-sql/pglite');
    let pglite = options.pglite;
    let unlock = () => {};
    if (!pglite) {
      const dir = options.pgliteDir ?? 'memory://';
      if (!dir.startsWith('memory://')) unlock = lockDirectory(dir);
      pglite = await PGlite.create(dir, {
        parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
      });
    }
    const instance = pglite;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPGlitePool(instance) }) });
    handle = {
      db,
      kind: 'pglite',
      listen: async (channel, callback) => {
        await instance.listen(channel, () => callback());
      },
      close: async () => {
        await db.destroy();
        if (!instance.closed) await instance.close();
        unlock();
      },
    };
  }
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}

function lockDirectory(dir: string): () => void {
  fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const lockFile = `${path.resolve(dir)}.lock`;
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The embedded database ${dir} is in use by process ${pid}. Stop that Magpie first, or use PostgreSQL (DATABASE_URL) to run several processes.`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
