import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The site's footer as stored (migration 0030). */
export interface SiteFooterRecord {
  /** The administrator's Markdown; `''` for no footer. */
  markdown: string;
  /** When it was last changed; null when never. */
  modified: Date | null;
}

/** The one row of `site_footer` (issue 15; spec 02 §2 "a custom markdown footer"). */
export class SiteFooterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The footer; an empty one when the row is missing. */
  async get(): Promise<SiteFooterRecord> {
    const row = await this.db.selectFrom('site_footer').select(['markdown', 'modified']).executeTakeFirst();
    return { markdown: row?.markdown ?? '', modified: row?.modified ?? null };
  }

  /** Replaces the footer's Markdown and stamps the change; answers the row as stored. */
  async save(markdown: string): Promise<SiteFooterRecord> {
    const row = await this.db
      .insertInto('site_footer')
      .values({ markdown, modified: sql<Date>`now()` })
      .onConflict((oc) => oc.column('singleton').doUpdateSet({ markdown, modified: sql<Date>`now()` }))
      .returning(['markdown', 'modified'])
      .executeTakeFirstOrThrow();
    return { markdown: row.markdown, modified: row.modified };
  }
}
