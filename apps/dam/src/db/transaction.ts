import type { Kysely } from 'kysely';

/**
 * Runs `work` in one database transaction, the one way the DAM opens one (PGlite and PostgreSQL alike).
 *
 * - What `work` gets: a `Kysely` handle bound to the transaction's single connection. Build repositories on it
 *   (`new AssetsRepository(trx)`) so that every statement of the unit joins the transaction; a statement sent through
 *   the outer handle meanwhile runs outside it (and on PGlite, whose one connection the transaction holds, waits for
 *   it to end: never await one inside `work`).
 * - Outcome: committed when `work` resolves, and its value answered; rolled back when it throws, and the error
 *   rethrown unchanged.
 * - Isolation: PostgreSQL's default, READ COMMITTED, on both databases: each statement sees what had committed when
 *   it began, so the work takes the locks it relies on (`SELECT … FOR UPDATE`, `pg_advisory_xact_lock`, which are
 *   released when the transaction ends).
 * - Nesting: given a handle that already is a transaction, `work` runs in that same transaction (no savepoint), so a
 *   repository method that needs a transaction may be called from inside another one; a failure rolls back the
 *   whole outer transaction.
 *
 * @typeParam DB - the database's table map (`Database`, or a view of it such as `withTables<…>()`).
 * @returns what `work` answers.
 * @throws whatever `work` throws (after the rollback), or the database's error when BEGIN or COMMIT fails.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
