/**
 * The BFF in front of the mail outbox (issue 14 "Mail"): the outbox, one message and the test message reach the DAM
 * from a session, the test message only with the CSRF header (it queues mail), a malformed message id is refused by the
 * BFF's route table before the DAM, and the DAM's refusals (no manageSettings, no e-mail address) pass through. The BFF
 * holds no rule of its own: who may read the outbox is the DAM's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailOutbox } from '@magpie/api-types';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

const OUTBOX = '/fotoweb/api/config/mail';
let sut: TestStack;
let admin: TestBrowser;

beforeAll(async () => {
  sut = await createTestStack();
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

const storedMessages = () => sut.dam.ctx.database.db.selectFrom('mail_messages').select('id').execute();

describe('the mail outbox through the BFF (issue 14 "Mail")', () => {
  it('passes the outbox on, and a test message only with the CSRF header; the DAM’s 400 for a missing address passes through', async () => {
    const outbox = await admin.request({ method: 'GET', url: OUTBOX });
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect((outbox.json() as MailOutbox).delivery.mode).toBe('outbox');

    const forged = await admin.request({ method: 'POST', url: `${OUTBOX}/test`, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ value: 'InvalidCsrfToken' });
    expect(await storedMessages()).toEqual([]);

    // The site owner has no e-mail address yet: the DAM says so, and the BFF passes it on.
    const noAddress = await admin.request({ method: 'POST', url: `${OUTBOX}/test` });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({ value: 'InvalidRequest', message: expect.stringContaining('no e-mail address') });

    const owner = (await sut.dam.ctx.repos.users.findByUsername('admin'))!;
    await sut.dam.ctx.repos.users.update(owner.id, { email: 'owner@example.com' });
    sut.dam.ctx.auth.forgetCallers();
    const sent = await admin.request({ method: 'POST', url: `${OUTBOX}/test` });
    expect(sent.statusCode, sent.body).toBe(202);
    const message = sent.json() as MailMessage;
    expect(message).toMatchObject({ to: 'owner@example.com', status: 'held' });
    expect(sent.headers.location).toBe(message.href);

    const read = await admin.request({ method: 'GET', url: message.href });
    expect(read.statusCode).toBe(200);
    expect((read.json() as MailMessage).text).toContain('This is a test message from Magpie');
  });

  it('refuses a malformed message id before the DAM, and passes the DAM’s 403 to a user without manageSettings', async () => {
    const malformed = await admin.request({ method: 'GET', url: `${OUTBOX}/not-a-number` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ value: 'InvalidRequest' });

    await sut.dam.createUser('bff-mail-plain', 'plain user password 1');
    const plain = new TestBrowser(sut.bff);
    expect((await plain.login('bff-mail-plain', 'plain user password 1')).statusCode).toBe(200);
    const refused = await plain.request({ method: 'GET', url: OUTBOX });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: 'You need the manageSettings permission to read the mail outbox.' });
  });
});
