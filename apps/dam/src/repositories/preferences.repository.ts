import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The preference groups of spec 01 §3 (User preferences groups). */
export type PreferenceGroups = Record<string, Record<string, unknown>>;

/** Per-user preferences stored as one JSON document. */
export class PreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: number): Promise<PreferenceGroups> {
    const row = await this.db.selectFrom('user_preferences').select('data').where('user_id', '=', userId).executeTakeFirst();
    return row?.data ?? {};
  }

  async put(userId: number, data: PreferenceGroups): Promise<void> {
    const json = JSON.stringify(data);
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, data: json })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ data: json, modified: new Date() }))
      .execute();
  }
}
