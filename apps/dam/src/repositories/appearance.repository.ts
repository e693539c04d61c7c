import { sql, type Kysely } from 'kysely';
import type { Database, StoredTitleBarButton } from '../db/schema.ts';

/** The site's appearance as stored: the custom CSS, its version and the title-bar buttons. */
export interface StoredAppearance {
  css: string;
  cssVersion: number;
  titleBarButtons: StoredTitleBarButton[];
}

/** The site's appearance (issue 15; migration 0029): one row. */
export class AppearanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored appearance. */
  async get(): Promise<StoredAppearance> {
    const row = await this.db.selectFrom('site_appearance').select(['custom_css', 'css_version', 'title_bar_buttons']).executeTakeFirstOrThrow();
    return { css: row.custom_css, cssVersion: row.css_version, titleBarButtons: row.title_bar_buttons };
  }

  /** The CSS and its version only (what the stylesheet's address serves and the descriptor links). */
  async css(): Promise<{ css: string; cssVersion: number }> {
    const row = await this.db.selectFrom('site_appearance').select(['custom_css', 'css_version']).executeTakeFirstOrThrow();
    return { css: row.custom_css, cssVersion: row.css_version };
  }

  /** Replaces the CSS and moves its version on by one, in one statement (two writers never share a version). */
  async saveCss(css: string): Promise<void> {
    await this.db
      .updateTable('site_appearance')
      .set({ custom_css: css, css_version: sql<number>`css_version + 1`, modified: sql<Date>`now()` })
      .execute();
  }

  /** Replaces the title-bar buttons. */
  async saveTitleBarButtons(buttons: StoredTitleBarButton[]): Promise<void> {
    await this.db
      .updateTable('site_appearance')
      .set({ title_bar_buttons: JSON.stringify(buttons), modified: sql<Date>`now()` })
      .execute();
  }
}
