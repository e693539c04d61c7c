import { describe, expect, it } from 'vitest';
import { deliveryDescription, deliveryState, formatMailTime, MAIL_STATUS_LABELS } from './outbox.ts';

describe('the outbox’s words (issue 14 "Mail")', () => {
  it('writes times as DD MMM YYYY, HH:mm UTC, and leaves what is no date as it is', () => {
    expect(formatMailTime('2026-03-05T09:07:30.123Z')).toBe('05 Mar 2026, 09:07 UTC');
    expect(formatMailTime('not a date')).toBe('not a date');
  });

  it('says where each delivery stands', () => {
    expect(deliveryState({ status: 'held', attempts: 0, nextAttempt: null, sent: null })).toBe('Kept here: no mail server is configured.');
    expect(deliveryState({ status: 'queued', attempts: 0, nextAttempt: null, sent: null })).toBe('Waiting to be sent.');
    expect(deliveryState({ status: 'queued', attempts: 1, nextAttempt: null, sent: null })).toBe('Being sent (1 attempt).');
    expect(deliveryState({ status: 'queued', attempts: 2, nextAttempt: '2026-03-05T10:00:00Z', sent: null })).toBe(
      'Waiting after 2 attempts; next attempt 05 Mar 2026, 10:00 UTC.',
    );
    expect(deliveryState({ status: 'sent', attempts: 1, nextAttempt: null, sent: '2026-03-05T09:08:00Z' })).toBe('Accepted by the mail server on 05 Mar 2026, 09:08 UTC.');
    expect(deliveryState({ status: 'failed', attempts: 8, nextAttempt: null, sent: null })).toBe('Not sent after 8 attempts; it is not tried again.');
  });

  it('labels every status', () => {
    expect(Object.fromEntries(Object.entries(MAIL_STATUS_LABELS).map(([status, { label }]) => [status, label]))).toEqual({
      queued: 'Queued',
      sent: 'Sent',
      failed: 'Failed',
      held: 'Held',
    });
  });

  it('explains the outbox mode and the SMTP mode, with where links point', () => {
    expect(deliveryDescription({ mode: 'outbox', server: null, from: null, publicUrl: 'http://localhost:8080' })).toBe(
      'No mail server is configured (SMTP_URL), so Magpie sends nothing: every message is kept here for you to read and pass on. Links in messages point to http://localhost:8080.',
    );
    const smtp = deliveryDescription({ mode: 'smtp', server: 'smtps://smtp.example.com:465', from: 'Magpie <dam@example.com>', publicUrl: 'https://dam.example.com' });
    expect(smtp).toContain('Mail leaves through smtps://smtp.example.com:465 as Magpie <dam@example.com>.');
    expect(smtp).toContain('Links in messages point to https://dam.example.com.');
  });
});
