import { sql, type Insertable, type Kysely } from 'kysely';
import type { ActivityLogTable, ActivityRow, Database } from '../db/schema.ts';
import { escapeLike } from './like.ts';

/** A row to append to the activity log. */
export type NewActivity = Omit<Insertable<ActivityLogTable>, 'id' | 'at'>;

/**
 * What a read of the activity log keeps: rows at or after `from` and before `to`, of the user `userId`, of the action
 * `action` (or every action of a kind, `asset.` with its dot), whose target's name, id or href contains `target`
 * (case-insensitive).
 */
export interface ActivityFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  userId?: number | undefined;
  action?: string | undefined;
  target?: string | undefined;
}

/**
 * The activity log (`activity_log`, migration 0031; issue 15, spec 03 §2.1 activity exports): append-only, read newest
 * first by id (the keyset every page and the export walk, so a page deep in the log costs what the first costs).
 */
export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends one row (in the caller's transaction when `db` is one). */
  async append(row: NewActivity): Promise<void> {
    await this.db.insertInto('activity_log').values(row).execute();
  }

  /**
   * The user an event is recorded for, by id or by user name (the name services record on revisions).
   * @returns the id, user name and full name, or undefined when no user matches.
   */
  async actor(by: { userId: number } | { userName: string }): Promise<{ id: number; username: string; full_name: string } | undefined> {
    const query = this.db.selectFrom('users').select(['id', 'username', 'full_name']);
    return ('userId' in by ? query.where('id', '=', by.userId) : query.where('username', '=', by.userName)).executeTakeFirst();
  }

  /**
   * Rows newest first: `limit` at most, older than the row `before` when given.
   * @param filter what to keep ({@link ActivityFilter}).
   */
  async list(filter: ActivityFilter, options: { before?: number | undefined; limit: number }): Promise<ActivityRow[]> {
    let query = this.db.selectFrom('activity_log').selectAll();
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.to) query = query.where('at', '<', filter.to);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.action) query = filter.action.endsWith('.') ? query.where('action', 'like', `${escapeLike(filter.action)}%`) : query.where('action', '=', filter.action);
    if (filter.target) {
      const pattern = `%${escapeLike(filter.target)}%`;
      query = query.where((eb) => eb.or([eb('target_name', 'ilike', pattern), eb('target_id', '=', filter.target!), eb('target_href', 'ilike', pattern)]));
    }
    if (options.before !== undefined) query = query.where('id', '<', options.before);
    return query.orderBy('id', 'desc').limit(options.limit).execute();
  }

  /**
   * What the log records (`activity_settings`, migration 0033): `enabled` and the stored category switches (a category
   * missing from them is on). Read in the caller's transaction when `db` is one.
   */
  async settings(): Promise<{ enabled: boolean; categories: Record<string, boolean> }> {
    const row = await this.db.selectFrom('activity_settings').select(['enabled', 'categories']).executeTakeFirst();
    return { enabled: row?.enabled ?? true, categories: row?.categories ?? {} };
  }

  /** Replaces what the log records and stamps the change. */
  async saveSettings(settings: { enabled: boolean; categories: Record<string, boolean> }): Promise<void> {
    await this.db
      .updateTable('activity_settings')
      .set({ enabled: settings.enabled, categories: JSON.stringify(settings.categories), modified: sql<Date>`now()` })
      .execute();
  }

  /**
   * Deletes the rows recorded before `cutoff` (the retention sweep).
   * @returns how many rows went.
   */
  async deleteBefore(cutoff: Date): Promise<number> {
    const result = await this.db.deleteFrom('activity_log').where('at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The asset an event is about, with its archive's name (for its href), or undefined. Deleted assets too. */
  async asset(assetId: number): Promise<{ id: number; archive_id: number; archive_name: string; folder_path: string; filename: string } | undefined> {
    return this.db
      .selectFrom('assets as a')
      .innerJoin('archives as r', 'r.id', 'a.archive_id')
      .select(['a.id', 'a.archive_id', 'r.name as archive_name', 'a.folder_path', 'a.filename'])
      .where('a.id', '=', assetId)
      .executeTakeFirst();
  }

  /** A name of a user, group, archive or order, for the target of an event, or undefined when it does not exist. */
  async nameOf(kind: 'user' | 'group' | 'archive' | 'order', id: number): Promise<string | undefined> {
    switch (kind) {
      case 'user':
        return (
          await this.db
            .selectFrom('users')
            .select(sql<string>`coalesce(nullif(full_name, ''), username)`.as('name'))
            .where('id', '=', id)
            .executeTakeFirst()
        )?.name;
      case 'group':
        return (await this.db.selectFrom('groups').select('name').where('id', '=', id).executeTakeFirst())?.name;
      case 'archive':
        return (await this.db.selectFrom('archives').select('name').where('id', '=', id).executeTakeFirst())?.name;
      case 'order':
        return (await this.db.selectFrom('orders').select('reference').where('id', '=', id).executeTakeFirst())?.reference ?? undefined;
    }
  }
}
