import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The one site owner (spec 03 §6; the singleton row of `site_owner`, migration 0012). */
export class SiteOwnerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The site owner's user id, with the row locked until the transaction ends (`FOR UPDATE`), so that two hand-overs
   * are not interleaved: the second one sees the first one's owner. Undefined before the first start made one.
   * Call inside a transaction (`inTransaction`).
   */
  async lockedOwnerId(): Promise<number | undefined> {
    const row = await this.db.selectFrom('site_owner').select('user_id').forUpdate().executeTakeFirst();
    return row?.user_id;
  }

  /**
   * The site owner's user id, read under a shared lock (`FOR SHARE`) until the transaction ends: a change that must
   * not touch the owner (a delete, a disable) holds it, so a hand-over in flight finishes first and the change sees
   * the new owner, and no hand-over starts until the change is stored. Call inside a transaction.
   */
  async sharedOwnerId(): Promise<number | undefined> {
    const row = await this.db.selectFrom('site_owner').select('user_id').forShare().executeTakeFirst();
    return row?.user_id;
  }
}
