import { sql, type Kysely } from 'kysely';
import type { AlertIntervalName, AlertRow, Database, NotificationRow } from '../db/schema.ts';

/** An alert with the name of the archive it watches. */
export type AlertWithArchive = AlertRow & { archive_name: string };

/** The time each interval waits between two looks (PostgreSQL intervals; `immediate` looks at every sweep). */
const INTERVAL_SQL: Record<AlertIntervalName, string> = {
  immediate: '0 seconds',
  every_hour: '1 hour',
  every_6_hours: '6 hours',
  every_day: '1 day',
  every_week: '7 days',
  every_month: '1 month',
};

/** Search alerts and the notifications they make (issue 15; migration 0027). */
export class AlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withArchive(db: Kysely<Database> = this.db) {
    return db.selectFrom('alerts').innerJoin('archives', 'archives.id', 'alerts.archive_id').selectAll('alerts').select('archives.name as archive_name');
  }

  /** The user's alerts, oldest first. */
  async listFor(userId: number): Promise<AlertWithArchive[]> {
    return this.withArchive().where('alerts.user_id', '=', userId).orderBy('alerts.id').execute();
  }

  /** One of the user's alerts; undefined for another user's or an unknown id. */
  async findFor(userId: number, id: number): Promise<AlertWithArchive | undefined> {
    return this.withArchive().where('alerts.user_id', '=', userId).where('alerts.id', '=', id).executeTakeFirst();
  }

  /** How many alerts the user has. */
  async countFor(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The largest asset id so far (0 when there is none): a new alert's high-water mark. */
  async newestAssetId(db: Kysely<Database> = this.db): Promise<number> {
    const row = await db
      .selectFrom('assets')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /**
   * Stores a new alert, first looked at after one interval (`immediate`: at the next sweep).
   * @throws the database's unique violation when the user has an alert on that collection and search already.
   */
  async insert(alert: { userId: number; archiveId: number; folderPath: string; searchString: string; interval: AlertIntervalName }): Promise<AlertRow> {
    const lastAssetId = await this.newestAssetId();
    return this.db
      .insertInto('alerts')
      .values({
        user_id: alert.userId,
        archive_id: alert.archiveId,
        folder_path: alert.folderPath,
        search_string: alert.searchString,
        interval: alert.interval,
        last_asset_id: lastAssetId,
        next_run: sql<Date>`now() + ${INTERVAL_SQL[alert.interval]}::interval`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Changes an alert's interval and search; a new interval counts from now.
   * @throws the database's unique violation when another of the user's alerts has that search.
   */
  async update(id: number, change: { interval: AlertIntervalName; searchString: string; intervalChanged: boolean }): Promise<void> {
    await this.db
      .updateTable('alerts')
      .set({
        interval: change.interval,
        search_string: change.searchString,
        modified: sql<Date>`now()`,
        ...(change.intervalChanged ? { next_run: sql<Date>`now() + ${INTERVAL_SQL[change.interval]}::interval` } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes one of the user's alerts. @returns whether there was one. */
  async deleteFor(userId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('alerts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Claims up to `limit` alerts whose time came by `dueBy` (when the sweep began: an `immediate` alert looked at in this
   * sweep is due again only after it), oldest due first, in one statement: their `next_run` moves
   * `leaseMs` ahead, so no other sweep claims them meanwhile (`FOR UPDATE SKIP LOCKED`: two sweeps at once take
   * different alerts). A look that ends records the real next run ({@link recordRun}); one that crashed is claimed
   * again when the lease ends.
   */
  async claimDue(limit: number, leaseMs: number, dueBy: Date): Promise<AlertWithArchive[]> {
    const { rows } = await sql<AlertWithArchive>`
      WITH due AS (SELECT id FROM alerts WHERE next_run <= ${dueBy} ORDER BY next_run, id LIMIT ${limit} FOR UPDATE SKIP LOCKED),
      claimed AS (
        UPDATE alerts SET next_run = now() + make_interval(secs => ${leaseMs / 1000})
        FROM due WHERE alerts.id = due.id RETURNING alerts.*)
      SELECT claimed.*, r.name AS archive_name FROM claimed JOIN archives r ON r.id = claimed.archive_id ORDER BY claimed.id`.execute(this.db);
    return rows.map((row) => ({ ...row, last_asset_id: Number(row.last_asset_id) }));
  }

  /**
   * Records a look at `alert`: its new high-water mark `lastAssetId` and the next look, one interval from now, only
   * while its mark is still `expectedMark` (the one the look started from).
   * @returns false when the mark had moved (another look recorded first): nothing changed.
   */
  async recordRun(db: Kysely<Database>, alert: Pick<AlertRow, 'id' | 'interval'>, lastAssetId: number, expectedMark: number): Promise<boolean> {
    const result = await db
      .updateTable('alerts')
      .set({ last_asset_id: lastAssetId, last_run: sql<Date>`now()`, next_run: sql<Date>`now() + ${INTERVAL_SQL[alert.interval]}::interval` })
      .where('id', '=', alert.id)
      .where('last_asset_id', '=', expectedMark)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Makes the `immediate` alerts on `archiveId` due now (an asset arrived there), so the next sweep looks at them. */
  async nudgeImmediate(archiveId: number): Promise<void> {
    await this.db
      .updateTable('alerts')
      .set({ next_run: sql<Date>`now()` })
      .where('archive_id', '=', archiveId)
      .where('interval', '=', 'immediate')
      .execute();
  }

  /** Stores a notification (inside the sweep's transaction). */
  async notify(trx: Kysely<Database>, notification: { userId: number; alertId: number; title: string; text: string; link: string | null; assetCount: number }): Promise<void> {
    await trx
      .insertInto('notifications')
      .values({
        user_id: notification.userId,
        alert_id: notification.alertId,
        title: notification.title,
        text: notification.text,
        link: notification.link,
        asset_count: notification.assetCount,
      })
      .execute();
  }

  /** The user's newest notifications, at most `limit`, and how many of all theirs are unread. */
  async notificationsFor(userId: number, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
    const rows = await this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
    const unread = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { rows, unread: Number(unread.n) };
  }

  /** Marks every notification of the user read. */
  async markAllRead(userId: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
}
