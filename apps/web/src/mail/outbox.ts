/**
 * The outbox's words (issue 14 "Mail"), as pure functions over the contract's shapes: how a message's delivery stands,
 * how mail leaves the server, and the times shown. The outbox room (`OutboxPanel.tsx`) draws them.
 */
import type { MailDelivery, MailMessageSummary, MailStatus } from '@magpie/api-types';
import { formatDay } from '../lib/format.ts';

/** A status as one word for the table, and the colour of its badge. */
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, { readonly label: string; readonly palette: 'gray' | 'green' | 'red' | 'orange' }>> = {
  queued: { label: 'Queued', palette: 'gray' },
  sent: { label: 'Sent', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  held: { label: 'Held', palette: 'orange' },
};

/** `DD MMM YYYY, HH:mm UTC` (the day as spec 03 §9 writes dates, with the time of day a delivery needs). */
export function formatMailTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDay(iso)}, ${date.toISOString().slice(11, 16)} UTC`;
}

/** One sentence on where a message's delivery stands, beside its status badge. */
export function deliveryState(message: Pick<MailMessageSummary, 'status' | 'attempts' | 'nextAttempt' | 'sent'>): string {
  const tries = `${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (message.status) {
    case 'sent':
      return message.sent ? `Accepted by the mail server on ${formatMailTime(message.sent)}.` : 'Accepted by the mail server.';
    case 'held':
      return 'Kept here: no mail server is configured.';
    case 'failed':
      return `Not sent after ${tries}; it is not tried again.`;
    case 'queued':
      if (message.nextAttempt) return `Waiting after ${tries}; next attempt ${formatMailTime(message.nextAttempt)}.`;
      return message.attempts === 0 ? 'Waiting to be sent.' : `Being sent (${tries}).`;
  }
}

/** What the outbox says about how mail leaves the server. */
export function deliveryDescription(delivery: MailDelivery): string {
  const links = `Links in messages point to ${delivery.publicUrl}.`;
  if (delivery.mode === 'outbox') {
    return `No mail server is configured (SMTP_URL), so Magpie sends nothing: every message is kept here for you to read and pass on. ${links}`;
  }
  const sender = delivery.from ? ` as ${delivery.from}` : '';
  return `Mail leaves through ${delivery.server ?? 'the mail server'}${sender}. A message the server refuses for the moment, or cannot take because it is down, is tried again later, waiting longer each time. ${links}`;
}
