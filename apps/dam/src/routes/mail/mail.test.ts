/**
 * The mail outbox room (issue 14 "Mail") in the embedded default: no SMTP_URL, so every message is held in the outbox
 * for administrators to read, and no job is queued. The list (newest first, paged), one message, the test message,
 * who may read them (manageSettings), and the descriptor's links. Delivery through SMTP is mail/mailer.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FullApiDescriptor, MailMessage, MailOutbox } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';
import { SEND_MAIL_JOB } from '../../mail/mailer.ts';
import { MAIL_OUTBOX_PAGE_SIZE } from '../../mail/outbox.service.ts';

let dam: TestDam;
const requests = requestsFor(() => dam);
const OUTBOX = '/fotoweb/api/config/mail';
/** A member of a group holding manageSettings, with an e-mail address. */
let settingsAdmin: { id: number; token: string };
/** A signed-in user of no group. */
let plainUser: { id: number; token: string };

beforeAll(async () => {
  dam = await createTestDam();
  settingsAdmin = await dam.createMemberWith('outbox-admin', ['manageSettings']);
  await dam.ctx.repos.users.update(settingsAdmin.id, { email: 'olga@example.com', full_name: 'Olga Outbox' });
  plainUser = await dam.createUser('outbox-plain');
  dam.ctx.auth.forgetCallers();
});
afterAll(() => dam?.close());

const sendJobs = () => dam.ctx.database.db.selectFrom('jobs').select('id').where('kind', '=', SEND_MAIL_JOB).execute();

describe('the outbox without SMTP_URL: messages are held for administrators (issue 14 "Mail")', () => {
  it('starts empty, and says that mail stays here and where its links point', async () => {
    const res = await dam.app.inject({ method: 'GET', url: OUTBOX, headers: bearer(settingsAdmin.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: [],
      paging: { next: null },
      delivery: { mode: 'outbox', server: null, from: null, publicUrl: 'http://localhost:8080' },
      sendTest: '/fotoweb/api/config/mail/test',
    } satisfies MailOutbox);
  });

  it('holds the test message in the outbox, with both parts and links to the site, and queues no delivery', async () => {
    const res = await requests.post('/fotoweb/api/config/mail/test', undefined, settingsAdmin.token);
    expect(res.statusCode, res.body).toBe(202);
    const message = res.json() as MailMessage;
    expect(res.headers.location).toBe(message.href);
    expect(message).toMatchObject({
      purpose: 'test',
      to: 'olga@example.com',
      from: null,
      subject: 'Magpie test message',
      status: 'held',
      attempts: 0,
      lastError: null,
      sent: null,
      requestedBy: 'Olga Outbox',
      erased: null,
      smtpResponse: null,
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@localhost>$/),
    });
    expect(message.href).toBe(`${OUTBOX}/${message.id}`);
    expect(message.text).toContain('This is a test message from Magpie at http://localhost:8080/fotoweb/.');
    expect(message.text).toContain('It left the server through the outbox (no SMTP server is configured).');
    expect(message.html).toContain('<a href="http://localhost:8080/fotoweb/views/outbox">');
    expect(await sendJobs()).toEqual([]);

    const list = await requests.get<MailOutbox>(OUTBOX, settingsAdmin.token);
    expect(list.data[0]).toEqual({
      href: message.href,
      id: message.id,
      purpose: 'test',
      to: 'olga@example.com',
      from: null,
      subject: 'Magpie test message',
      status: 'held',
      attempts: 0,
      lastError: null,
      created: message.created,
      lastAttempt: null,
      nextAttempt: null,
      sent: null,
      requestedBy: 'Olga Outbox',
    });
    expect(await requests.get<MailMessage>(message.href, settingsAdmin.token)).toEqual(message);
  });

  it('records the sender when MAGPIE_MAIL_FROM is set without an SMTP server', async () => {
    const withSender = await createTestDam({ MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>', MAGPIE_PUBLIC_URL: 'https://dam.example.com' });
    try {
      const held = await withSender.ctx.mailer.queue({ purpose: 'test', to: 'someone@example.com', subject: 'Hello', text: 'Hello' });
      expect(held).toMatchObject({ status: 'held', from_address: 'Magpie <dam@example.com>', html_body: null });
      const list = (await withSender.app.inject({ method: 'GET', url: OUTBOX, headers: bearer(withSender.adminToken) })).json() as MailOutbox;
      expect(list.delivery).toEqual({ mode: 'outbox', server: null, from: 'Magpie <dam@example.com>', publicUrl: 'https://dam.example.com' });
      expect(list.data).toEqual([expect.objectContaining({ from: 'Magpie <dam@example.com>', status: 'held', requestedBy: null })]);
    } finally {
      await withSender.close();
    }
  });

  it('pages the outbox newest first, 50 at a time, following paging.next', async () => {
    for (let n = 1; n <= MAIL_OUTBOX_PAGE_SIZE + 2; n++) {
      await dam.ctx.mailer.queue({ purpose: 'test', to: `reader${n}@example.com`, subject: `Paged ${n}`, text: `Paged ${n}` });
    }
    const first = await requests.get<MailOutbox>(OUTBOX, settingsAdmin.token);
    expect(first.data).toHaveLength(MAIL_OUTBOX_PAGE_SIZE);
    expect(first.data[0]!.subject).toBe(`Paged ${MAIL_OUTBOX_PAGE_SIZE + 2}`);
    const ids = first.data.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.paging.next).toBe(`${OUTBOX}?before=${ids.at(-1)}`);
    const second = await requests.get<MailOutbox>(first.paging.next!, settingsAdmin.token);
    expect(second.paging.next).toBeNull();
    // Both pages together: every message once, the test message of the test above the oldest.
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    expect(all.filter((m) => m.subject.startsWith('Paged '))).toHaveLength(MAIL_OUTBOX_PAGE_SIZE + 2);
    expect(second.data.at(-1)!.subject).toBe('Magpie test message');
  });

  it('answers 404 for an unknown message and 400 for a malformed id or cursor', async () => {
    const unknown = await dam.app.inject({ method: 'GET', url: `${OUTBOX}/2000000000`, headers: bearer(settingsAdmin.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ value: 'NotFound', message: 'The message was not found.' });
    for (const url of [`${OUTBOX}/abc`, `${OUTBOX}/0`, `${OUTBOX}?before=0`, `${OUTBOX}?before=x`]) {
      const res = await dam.app.inject({ method: 'GET', url, headers: bearer(settingsAdmin.token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().value, url).toBe('InvalidRequest');
    }
  });

  it('refuses the test message to an administrator without an e-mail address, saying so', async () => {
    const res = await requests.post('/fotoweb/api/config/mail/test');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest', message: 'Your user has no e-mail address to send the test message to; add one to your user first.' });
  });
});

describe('who reads the outbox: manageSettings (spec 03 §3.3)', () => {
  it('refuses users without manageSettings with 403 naming it, and callers without a token with 401', async () => {
    const message = await dam.ctx.mailer.queue({ purpose: 'test', to: 'secret@example.com', subject: 'Private', text: 'A link that admits its reader' });
    for (const [method, url] of [
      ['GET', OUTBOX],
      ['GET', `${OUTBOX}/${message.id}`],
      ['POST', `${OUTBOX}/test`],
    ] as const) {
      const refused = await dam.app.inject({ method, url, headers: bearer(plainUser.token) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ value: 'Forbidden', message: 'You need the manageSettings permission to read the mail outbox.' });
      expect(refused.body).not.toContain('secret@example.com');
      const anonymous = await dam.app.inject({ method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('offers the outbox in the descriptor only to those who may read it', async () => {
    const descriptor = async (token: string) => (await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(token) })).json() as FullApiDescriptor;
    for (const token of [dam.adminToken, settingsAdmin.token]) {
      const offered = await descriptor(token);
      expect(offered.mail_outbox).toBe(OUTBOX);
      expect(offered.views.mailOutbox).toBe('/fotoweb/views/outbox');
    }
    const plain = await descriptor(plainUser.token);
    expect(plain.mail_outbox).toBeNull();
    expect(plain.views.mailOutbox).toBeNull();
  });
});
