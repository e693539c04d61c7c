import type { Kysely } from 'kysely';
import type { SiteFooter } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { SiteFooterRepository, type SiteFooterRecord } from '../repositories/site-footer.repository.ts';

/** The footer as dam.yaml's `SiteFooter`. */
function present(record: SiteFooterRecord): SiteFooter {
  return { markdown: record.markdown, modified: record.modified ? new Date(record.modified).toISOString() : null };
}

/**
 * The site's footer (issue 15; spec 02 §2 "a custom markdown footer"): Markdown an administrator writes and every
 * visitor sees in the floating footer. The route's schema limits its size (`SITE_FOOTER_MAX_LENGTH`, 400 over it);
 * the web app renders it without raw HTML and with safe links only, so the DAM stores it as sent.
 */
export class SiteFooterService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The footer, for anyone (no caller: it is public). */
  async get(): Promise<SiteFooter> {
    return present(await new SiteFooterRepository(this.db).get());
  }

  /**
   * Replaces the footer's Markdown (a blank text removes the footer); answers it as stored.
   * @throws ApiError 403 without `manageSettings`.
   */
  async replace(caller: Caller, markdown: string): Promise<SiteFooter> {
    sitePolicy.assertCan(caller, 'manageSettings');
    return present(await new SiteFooterRepository(this.db).save(markdown.trim() === '' ? '' : markdown));
  }
}
