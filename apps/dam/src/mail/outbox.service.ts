import type { Kysely } from 'kysely';
import type { MailMessage, MailOutbox } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { isMailAddress } from './address.ts';
import type { MailLinks } from './links.ts';
import { MailRepository } from './mail.repository.ts';
import type { Mailer } from './mailer.ts';
import { presentMailMessage, presentOutbox } from './mail.presenter.ts';
import { testMessage } from './messages.ts';

/** Messages per page of the outbox. */
export const MAIL_OUTBOX_PAGE_SIZE = 50;

/**
 * The outbox administrators read (issue 14 "Mail"; Settings → Outbox): every message Magpie queued, newest first, with
 * its delivery, and the test message an administrator sends themselves to check the mail settings. Everything needs
 * `manageSettings` (`administrationPolicy.assertMayReadOutbox`).
 */
export class OutboxService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  /**
   * A page of the outbox: {@link MAIL_OUTBOX_PAGE_SIZE} messages older than message `before` (all, without it).
   * @throws ApiError 403 Forbidden without `manageSettings`.
   */
  async list(caller: Caller, query: { before?: number | undefined }): Promise<MailOutbox> {
    administrationPolicy.assertMayReadOutbox(caller);
    const rows = await new MailRepository(this.db).list({ before: query.before, limit: MAIL_OUTBOX_PAGE_SIZE + 1 });
    return presentOutbox(rows, MAIL_OUTBOX_PAGE_SIZE, { ...this.mailer.delivery, publicUrl: this.links.publicUrl });
  }

  /**
   * One message with its parts.
   * @throws ApiError 403 Forbidden without `manageSettings`; 404 NotFound for an unknown id.
   */
  async get(caller: Caller, id: number): Promise<MailMessage> {
    administrationPolicy.assertMayReadOutbox(caller);
    const row = await new MailRepository(this.db).find(id);
    if (!row) throw notFound('The message');
    return presentMailMessage(row);
  }

  /**
   * Queues a test message to the caller's own address: delivered in the background with `SMTP_URL`, held in the
   * outbox without it.
   * @returns the message as stored (`queued` or `held`).
   * @throws ApiError 403 Forbidden without `manageSettings`; 400 InvalidRequest when the caller's user has no valid
   *   e-mail address.
   */
  async sendTest(caller: Caller): Promise<MailMessage> {
    administrationPolicy.assertMayReadOutbox(caller);
    if (!isMailAddress(caller.email)) {
      throw badRequest(
        caller.email
          ? `Your e-mail address "${caller.email}" is not one Magpie can send to; correct it in your user first.`
          : 'Your user has no e-mail address to send the test message to; add one to your user first.',
      );
    }
    const delivery = this.mailer.delivery;
    const content = testMessage({
      requestedBy: caller.fullName || caller.username,
      delivery: delivery.server ?? 'the outbox (no SMTP server is configured)',
      siteUrl: this.links.home(),
      outboxUrl: this.links.outbox(),
    });
    const queued = await this.mailer.queue({ purpose: 'test', to: caller.email, ...content, requestedBy: caller.userId });
    return presentMailMessage((await new MailRepository(this.db).find(queued.id))!);
  }
}
