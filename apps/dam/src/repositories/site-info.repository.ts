import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Facts about the site itself that no table of its own holds (issue 15). The site's creation is when its database
 * got its first migration: the migrator's table (`magpie_migrations`, db/migrations.ts) keeps that row's time for
 * good, so the answer never changes on a restart or an upgrade.
 */
export class SiteInfoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** When the first migration (`0001_initial`) ran; undefined only before any migration ran. */
  async createdAt(): Promise<Date | undefined> {
    const { rows } = await sql<{ timestamp: string }>`SELECT timestamp FROM magpie_migrations ORDER BY name LIMIT 1`.execute(this.db);
    const raw = rows[0]?.timestamp;
    if (raw === undefined) return undefined;
    const date = new Date(raw);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
}
