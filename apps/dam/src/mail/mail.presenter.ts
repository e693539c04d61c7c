import type { MailDelivery, MailMessage, MailMessageSummary, MailOutbox } from '@magpie/api-types';
import { mailMessageHref, mailOutboxPageHref, TEST_MAIL_HREF } from '../presenters/hrefs.ts';
import type { MailMessageWithRequester } from './mail.repository.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A message as the outbox lists it (dam.yaml `MailMessageSummary`): no parts. */
export function presentMailSummary(row: MailMessageWithRequester): MailMessageSummary {
  return {
    href: mailMessageHref(row.id),
    id: row.id,
    purpose: row.purpose,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    created: row.created.toISOString(),
    lastAttempt: iso(row.last_attempt),
    nextAttempt: iso(row.next_attempt),
    sent: iso(row.sent),
    requestedBy: row.requested_by_name,
  };
}

/** A message with its parts (dam.yaml `MailMessage`). */
export function presentMailMessage(row: MailMessageWithRequester): MailMessage {
  return {
    ...presentMailSummary(row),
    text: row.text_body,
    html: row.html_body,
    messageId: row.message_id,
    smtpResponse: row.smtp_response,
    erased: iso(row.erased),
  };
}

/**
 * A page of the outbox (dam.yaml `MailOutbox`): `rows` newest first, of which at most `pageSize` are shown; one more
 * row than that means an older page, linked from `paging.next`.
 */
export function presentOutbox(rows: readonly MailMessageWithRequester[], pageSize: number, delivery: MailDelivery): MailOutbox {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    data: page.map(presentMailSummary),
    paging: { next: rows.length > pageSize && last ? mailOutboxPageHref(last.id) : null },
    delivery,
    sendTest: TEST_MAIL_HREF,
  };
}
