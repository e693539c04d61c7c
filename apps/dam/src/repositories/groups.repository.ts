import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Groups and what they hold (spec 03 §3.2, §3.3). */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Grants a plain group permission of spec 03 §3.3 (`manageTaxonomies`, `albums.create`…) to a group; idempotent. */
  async grantPermission(groupId: number, permission: string): Promise<void> {
    await this.db
      .insertInto('group_permissions')
      .values({ group_id: groupId, permission })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Withdraws a plain group permission from a group. */
  async revokePermission(groupId: number, permission: string): Promise<void> {
    await this.db.deleteFrom('group_permissions').where('group_id', '=', groupId).where('permission', '=', permission).execute();
  }
}
