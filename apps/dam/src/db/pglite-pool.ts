import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];

function commandOf(sql: string): Command {
  // Skip leading comments and WITH clauses' CTE heads: Kysely only needs the verb to report affected rows.
  const verb = /\b(INSERT|UPDATE|DELETE|MERGE|SELECT)\b/i.exec(sql.replace(/^\s*with\b[\s\S]*?\)\s*(?=insert|update|delete|select|merge)/i, ''));
  return (verb?.[1]?.toUpperCase() as Command | undefined) ?? 'SELECT';
}

/**
 * Presents one PGlite instance as the `pg`-style pool Kysely's PostgresDialect expects.
 *
 * PGlite is a single connection, so a client is exclusive until released: requests queue on a mutex, which keeps a
 * transaction's statements from interleaving with other requests' statements. This is the same SQL dialect as
 * PostgreSQL; only the transport differs (architecture.md: one SQL dialect).
 */
export function createPGlitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();
  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => (release = resolve));
      await previous;
      let released = false;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          const result = await pglite.query<R>(sql, [...parameters]);
          return { command: commandOf(sql), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
        },
        release() {
          if (!released) {
            released = true;
            release();
          }
        },
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      await tail;
    },
  };
}
