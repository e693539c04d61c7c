import type { Kysely } from 'kysely';
import type { SiteFooter } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { SiteFooterRepository, type SiteFooterRecord } from '../repositories/site-footer.repository.ts';
import { recordActivity } from './activity.service.ts';

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
   * Replaces the footer's Markdown (a blank text removes the footer); answers it as stored. The activity log records
   * `site.footerChanged` with the lengths in characters before and after (0: no footer), in the same transaction.
   * @throws ApiError 403 without `manageSettings`.
   */
  async replace(caller: Caller, markdown: string): Promise<SiteFooter> {
    sitePolicy.assertCan(caller, 'manageSettings');
    return inTransaction(this.db, async (trx) => {
      const repository = new SiteFooterRepository(trx);
      const previousLength = (await repository.get()).markdown.length;
      const saved = await repository.save(markdown.trim() === '' ? '' : markdown);
      await recordActivity(trx, caller, 'site.footerChanged', { kind: 'site', name: 'Footer' }, { length: saved.markdown.length, previousLength });
      return present(saved);
    });
  }
}
