import { sql, type Kysely } from 'kysely';
import { CHANGES_CHANNEL } from '../db/migrations.ts';

/**
 * The database's change generations (migrations 0005 and 0009): `asset_generation` advances with every statement
 * that changes assets, `catalog_generation` with every statement that changes who may see what or how it is shown
 * (users, groups, archives, access lists, folders, metadata views, taxonomies, revisions). Both are sequences, so
 * every DAM process sharing the database sees every other's changes.
 *
 * Reads are coalesced without ever answering a value older than the call: a call made while a read is running waits
 * for the next read, which all the calls made meanwhile share. Under load this is one small query per round trip
 * instead of one per request. On the embedded database, after {@link followCommits}, no query is made at all.
 */
export class GenerationsRepository {
  private running: Promise<string> | undefined;
  private next: Promise<string> | undefined;
  /** On the embedded database: changes committed since start, counted from notifications. */
  private committed: number | undefined;

  constructor(private readonly db: Kysely<any>) {}

  /**
   * On the embedded database (one process, so every writer is this one), counts the change notifications of the
   * generation triggers instead of reading the sequences: no query per request, and a change counts when it commits.
   * Call before the database is in use.
   */
  async followCommits(listen: (channel: string, callback: () => void) => Promise<void>): Promise<void> {
    await listen(CHANGES_CHANNEL, () => {
      this.committed = (this.committed ?? 0) + 1;
    });
    this.committed = 0;
  }

  /**
   * Both generations as one opaque string (`<asset>:<catalog>`), as of a moment after this call began. Equal strings
   * mean no change was made in between, except by a transaction still running at the time (sequences are not
   * transactional): callers that keep answers bound their age.
   * @throws Error when the database cannot be reached.
   */
  current(): Promise<string> {
    if (this.committed !== undefined) return Promise.resolve(`committed:${this.committed}`);
    if (this.running === undefined) return this.start();
    // A read already running may have begun before a change this caller knows of: wait for the next one.
    this.next ??= this.running.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<string> {
    const read = sql<{ generation: string }>`SELECT (a.last_value::text || '.' || a.is_called::text || ':' || c.last_value::text || '.' || c.is_called::text) AS generation
      FROM asset_generation a, catalog_generation c`
      .execute(this.db)
      .then((result) => result.rows[0]!.generation);
    const running = read.finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    this.next = undefined;
    return running;
  }
}
