/**
 * Magpie's mail through a real SMTP server (issue 14 "Mail"; `tests/support/smtp.ts`): what the server receives (envelope,
 * subject, the text and HTML parts, the links built from MAGPIE_PUBLIC_URL), the retries with back-off while it refuses
 * or is down, the permanent refusal, the last attempt, a message committed with its job or not at all, and no message
 * sent twice. The outbox mode (no SMTP_URL) is in routes/mail/mail.test.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { bearer, requestsFor } from '../testing/requests.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/support/smtp.ts';
import { waitUntil } from '../testing/dam-process.ts';
import { inTransaction } from '../db/transaction.ts';
import type { MailStatus } from '../db/schema.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, Mailer, SEND_MAIL_JOB, mailRetryDelayMs, type MailToQueue } from './mailer.ts';

let smtp: TestSmtpServer;
let dam: TestDam;
const requests = requestsFor(() => dam);
const SMTP_USER = { user: 'magpie', password: 'p@ss word' };

beforeAll(async () => {
  smtp = await startTestSmtpServer({ credentials: SMTP_USER });
  dam = await createTestDam({ SMTP_URL: smtp.url, MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>', MAGPIE_PUBLIC_URL: 'https://dam.example.com' });
});
afterAll(async () => {
  await dam?.close();
  await smtp?.close();
});

let serial = 0;
/** A message of its own (a subject no other test uses). */
function mail(overrides: Partial<MailToQueue> = {}): MailToQueue {
  const n = ++serial;
  return { purpose: 'test', to: `person${n}@example.com`, subject: `Message ${n}`, text: `Plain text ${n}`, html: `<p>HTML ${n}</p>`, ...overrides };
}

const messageRow = (id: number) => dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobOf = (id: number) =>
  dam.ctx.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', SEND_MAIL_JOB)
    .where(sql<boolean>`(payload->>'messageId')::int = ${id}`)
    .execute();

/**
 * Waits until the message is `status` after `attempts` attempts (the worker runs in the background); a `queued` one
 * also has its failure recorded (`last_error`), not only its attempt begun.
 */
const until = (id: number, status: MailStatus, attempts: number) =>
  waitUntil(`message ${id} ${status} after ${attempts} attempt(s)`, 20_000, async () => {
    const row = await messageRow(id);
    return row.status === status && row.attempts === attempts && (status !== 'queued' || row.last_error !== null) ? row : undefined;
  });

/** Waits until the message's one job is `status` (the worker records it after the handler's outcome). */
const jobUntil = (id: number, status: string) =>
  waitUntil(`the job of message ${id} ${status}`, 20_000, async () => {
    const jobs = await jobOf(id);
    return jobs.length === 1 && jobs[0]!.status === status ? jobs[0]! : undefined;
  });

/** Waits until the server accepted the message (by its Message-ID). */
const receivedOnce = (messageId: string) => waitUntil(`${messageId} at the test SMTP server`, 20_000, () => receivedOf(messageId)[0]);

/** The retry is due now rather than after its back-off (what the clock would do), and the worker is woken. */
async function retryNow(id: number) {
  await sql`UPDATE jobs SET run_after = now() WHERE kind = ${SEND_MAIL_JOB} AND (payload->>'messageId')::int = ${id} AND status = 'queued'`.execute(dam.ctx.database.db);
  dam.ctx.worker.notify();
}

/** What the server accepted of one message (by its Message-ID). */
const receivedOf = (messageId: string) => smtp.received.filter((received) => received.parsed.messageId === messageId);

/** A member of a group holding manageSettings, with an e-mail address and a full name. */
async function settingsAdmin(name: string, email: string, fullName: string) {
  const user = await dam.createMemberWith(name, ['manageSettings']);
  await dam.ctx.repos.users.update(user.id, { email, full_name: fullName });
  dam.ctx.auth.forgetCallers();
  return user;
}

describe('mail through a real SMTP server (issue 14 "Mail")', () => {
  it('sends the test message through SMTP_URL with its text and HTML parts and links from MAGPIE_PUBLIC_URL, and records it sent', async () => {
    const sut = await settingsAdmin('mail-admin', 'ann@example.com', 'Ann <Admin> & "Co"');
    const res = await requests.post('/fotoweb/api/config/mail/test', undefined, sut.token);
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as MailMessage;
    expect(res.headers.location).toBe(queued.href);
    expect(queued).toMatchObject({ purpose: 'test', to: 'ann@example.com', from: 'Magpie <dam@example.com>', subject: 'Magpie test message', requestedBy: 'Ann <Admin> & "Co"' });
    expect(['queued', 'sent']).toContain(queued.status);

    const received = await receivedOnce(queued.messageId);
    expect(received.envelope).toEqual({ from: 'dam@example.com', to: ['ann@example.com'] });
    expect(received.user).toBe('magpie');
    const { parsed } = received;
    expect(parsed.messageId).toBe(queued.messageId);
    expect(parsed.subject).toBe('Magpie test message');
    expect(parsed.from).toMatchObject({ name: 'Magpie', address: 'dam@example.com' });
    expect(parsed.to).toEqual([expect.objectContaining({ address: 'ann@example.com' })]);
    expect(parsed.headers).toContainEqual(expect.objectContaining({ key: 'auto-submitted', value: 'auto-generated' }));
    // The plain-text part says it as it is; the HTML part escapes the name and links the same addresses.
    expect(parsed.text).toContain('This is a test message from Magpie at https://dam.example.com/fotoweb/.');
    expect(parsed.text).toContain('Ann <Admin> & "Co" sent it to check the mail settings. It left the server through smtp://127.0.0.1:');
    expect(parsed.text).toContain('https://dam.example.com/fotoweb/views/outbox');
    expect(parsed.html).toContain('<a href="https://dam.example.com/fotoweb/">https://dam.example.com/fotoweb/</a>');
    expect(parsed.html).toContain('<a href="https://dam.example.com/fotoweb/views/outbox">');
    expect(parsed.html).toContain('Ann &lt;Admin&gt; &amp; &quot;Co&quot; sent it');
    expect(parsed.html).not.toContain('<Admin>');

    const row = await until(queued.id, 'sent', 1);
    expect(row).toMatchObject({ last_error: null, next_attempt: null, erased: null });
    expect(row.sent).toBeInstanceOf(Date);
    expect(row.smtp_response).toMatch(/^250/);
    const read = await requests.get<MailMessage>(queued.href, sut.token);
    // What the outbox shows is what was sent (the parser ends each part with a line break).
    expect(read).toMatchObject({ status: 'sent', attempts: 1, lastError: null, text: parsed.text?.trimEnd(), html: parsed.html?.trimEnd() });
  });

  it('retries a message the server refuses for the moment (451) after its back-off, and delivers it once', async () => {
    smtp.refuse({ code: 451, message: 'Greylisted, try again later' });
    const queued = await dam.ctx.mailer.queue(mail());
    const failed = await until(queued.id, 'queued', 1);
    expect(failed.last_error).toMatch(/451.*Greylisted/);
    // The job waits for the first back-off (1 min); the message says when.
    const job = await jobUntil(queued.id, 'queued');
    expect(job).toMatchObject({ attempts: 1, max_attempts: MAIL_MAX_ATTEMPTS });
    const wait = job.run_after.getTime() - Date.now();
    expect(wait).toBeGreaterThan(MAIL_RETRY_DELAYS_MS[0] - 10_000);
    expect(wait).toBeLessThanOrEqual(MAIL_RETRY_DELAYS_MS[0]);
    expect(Math.abs(failed.next_attempt!.getTime() - job.run_after.getTime())).toBeLessThan(5_000);
    expect(receivedOf(queued.message_id)).toEqual([]);

    smtp.refuse(undefined);
    await retryNow(queued.id);
    const sent = await until(queued.id, 'sent', 2);
    expect(sent).toMatchObject({ last_error: null, next_attempt: null });
    expect(await jobUntil(queued.id, 'done')).toMatchObject({ attempts: 2 });
    expect(receivedOf(queued.message_id)).toHaveLength(1);
    const { parsed } = receivedOf(queued.message_id)[0]!;
    expect(parsed.subject).toBe(queued.subject);
    expect(parsed.text?.trimEnd()).toBe(queued.text_body);
    expect(parsed.html?.trimEnd()).toBe(queued.html_body);
  });

  it('keeps trying while the server is down, and delivers once it is back', async () => {
    await smtp.stop();
    try {
      const queued = await dam.ctx.mailer.queue(mail());
      const failed = await until(queued.id, 'queued', 1);
      expect(failed.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      await jobUntil(queued.id, 'queued');
      await smtp.start();
      await retryNow(queued.id);
      await until(queued.id, 'sent', 2);
      expect(receivedOf(queued.message_id)).toHaveLength(1);
    } finally {
      await smtp.start();
    }
  });

  it('waits longer after each failure: 1 min, 5 min, 15 min, 1 h, 2 h, 4 h, then 8 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(mailRetryDelayMs)).toEqual([60_000, 300_000, 900_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000, 28_800_000]);
    expect(MAIL_MAX_ATTEMPTS).toBe(8);
  });

  it('fails a message the server refuses for good (550) at once, and never tries it again', async () => {
    smtp.refuse({ code: 550, message: 'No such user here' });
    try {
      const queued = await dam.ctx.mailer.queue(mail());
      const failed = await until(queued.id, 'failed', 1);
      expect(failed).toMatchObject({ next_attempt: null, sent: null });
      expect(failed.last_error).toMatch(/550.*No such user here/);
      expect(await jobUntil(queued.id, 'done')).toMatchObject({ attempts: 1 });
    } finally {
      smtp.refuse(undefined);
    }
  });

  it('fails a message after its last attempt, with the last error', async () => {
    smtp.refuse({ code: 421, message: 'Service not available' });
    try {
      const queued = await dam.ctx.mailer.queue(mail());
      await until(queued.id, 'queued', 1);
      await jobUntil(queued.id, 'queued');
      // As if six more attempts had failed: the next one is the last.
      await sql`UPDATE jobs SET attempts = ${MAIL_MAX_ATTEMPTS - 1} WHERE kind = ${SEND_MAIL_JOB} AND (payload->>'messageId')::int = ${queued.id}`.execute(dam.ctx.database.db);
      await retryNow(queued.id);
      const failed = await until(queued.id, 'failed', 2);
      expect(failed).toMatchObject({ next_attempt: null, sent: null });
      expect(failed.last_error).toMatch(/421.*Service not available/);
      expect(await jobUntil(queued.id, 'failed')).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS });
      expect(receivedOf(queued.message_id)).toEqual([]);
    } finally {
      smtp.refuse(undefined);
    }
  });

  it('never sends a message twice: another run of its job once it is sent sends nothing', async () => {
    const queued = await dam.ctx.mailer.queue(mail());
    await until(queued.id, 'sent', 1);
    await jobUntil(queued.id, 'done');
    const offered = smtp.offered;
    // A second job for the same message (a retry or a takeover that comes after the send was recorded).
    const again = await dam.ctx.repos.jobs.enqueue(SEND_MAIL_JOB, { messageId: queued.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
    dam.ctx.worker.notify();
    await waitUntil('the second job done', 20_000, async () => (await jobOf(queued.id)).find((job) => job.id === again && job.status === 'done'));
    expect(smtp.offered).toBe(offered);
    expect(receivedOf(queued.message_id)).toHaveLength(1);
    expect(await messageRow(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('commits a message with its job, or neither: a transaction that rolls back queues nothing', async () => {
    const rolledBack = mail();
    await expect(
      inTransaction(dam.ctx.database.db, async (trx) => {
        await dam.ctx.mailer.queue(rolledBack, trx);
        throw new Error('the service failed after queueing');
      }),
    ).rejects.toThrow('the service failed after queueing');
    expect(await dam.ctx.database.db.selectFrom('mail_messages').select('id').where('subject', '=', rolledBack.subject).execute()).toEqual([]);

    const committed = await inTransaction(dam.ctx.database.db, (trx) => dam.ctx.mailer.queue(mail(), trx));
    expect(await jobOf(committed.id)).toHaveLength(1);
    await until(committed.id, 'sent', 1);
  });

  it('erases the parts of a sensitive message once it is sent, keeping its delivery', async () => {
    const queued = await dam.ctx.mailer.queue(mail({ sensitive: true, text: 'Reset: https://dam.example.com/secret-link', html: '<p>secret</p>' }));
    const sent = await until(queued.id, 'sent', 1);
    expect(sent).toMatchObject({ text_body: '', html_body: null });
    expect(sent.erased).toBeInstanceOf(Date);
    expect(receivedOf(queued.message_id)[0]!.parsed.text).toContain('https://dam.example.com/secret-link');
    const read = await requests.get<MailMessage>(`/fotoweb/api/config/mail/${queued.id}`);
    expect(read).toMatchObject({ status: 'sent', text: '', html: null, erased: expect.any(String), subject: queued.subject });
  });

  it('refuses a message to anything but one address, or with a subject of more than one line', async () => {
    await expect(dam.ctx.mailer.queue(mail({ to: 'a@example.com, b@example.com' }))).rejects.toThrow('Mail needs one recipient address');
    await expect(dam.ctx.mailer.queue(mail({ to: 'a@example.com\r\nBcc: b@example.com' }))).rejects.toThrow('Mail needs one recipient address');
    await expect(dam.ctx.mailer.queue(mail({ subject: 'Hello\r\nBcc: b@example.com' }))).rejects.toThrow('A mail subject is one line.');
  });

  it('holds a queued message in the outbox when the server now runs without SMTP', async () => {
    const withoutSmtp = new Mailer(dam.ctx.database.db, {
      transport: undefined,
      from: undefined,
      messageIdDomain: 'dam.example.com',
      onQueued: () => {},
      log: { info() {}, error() {} },
    });
    await smtp.stop();
    try {
      const queued = await dam.ctx.mailer.queue(mail());
      await until(queued.id, 'queued', 1);
      const job = await jobUntil(queued.id, 'queued');
      await withoutSmtp.deliver(job, new AbortController().signal);
      expect(await messageRow(queued.id)).toMatchObject({ status: 'held', next_attempt: null, attempts: 1 });
    } finally {
      await smtp.start();
    }
  });
});

describe('the outbox with SMTP_URL', () => {
  it('says how mail leaves the server, without the SMTP credentials', async () => {
    const res = await dam.app.inject({ method: 'GET', url: '/fotoweb/api/config/mail', headers: bearer(dam.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toEqual({ mode: 'smtp', server: `smtp://127.0.0.1:${smtp.port}`, from: 'Magpie <dam@example.com>', publicUrl: 'https://dam.example.com' });
    expect(res.body).not.toContain(SMTP_USER.password);
    expect(res.body).not.toContain(encodeURIComponent(SMTP_USER.password));
  });
});
