/**
 * Password resets (issue 14 "Password reset"; dam.yaml `requestPasswordReset`, `getPasswordReset`,
 * `completePasswordReset`) in the embedded default (no SMTP_URL: the reset mail is held in the outbox, where it stays
 * readable) and through a real SMTP server (the mail arrives, and its parts are erased once sent). The same answer
 * for every address, who gets no link, the limits, the link's 404 and 410s, the password rules, single use, and the
 * end of every session of the user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailOutbox, PasswordResetStatus } from '@magpie/api-types';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../../tests/support/smtp.ts';
import { waitUntil } from '../../testing/dam-process.ts';
import { hashPassword, sha256Hex, verifyPassword } from '../../lib/crypto.ts';
import { GUEST_USER_ID } from '@magpie/api-types';
import { PASSWORD_RESET_ADDRESS_LIMIT } from '../../policies/token-limits.ts';
import { PASSWORD_RESET_ACCEPTED } from './password-resets.route.ts';
import { describeDuration, passwordResetMessage } from '../../mail/messages.ts';

const RESETS = '/fotoweb/password-resets/';
const TOKEN_IN_LINK = /\/fotoweb\/views\/reset-password\?token=([A-Za-z0-9_-]{43})/;

let dam: TestDam;
const requests = requestsFor(() => dam);
let made = 0;

beforeAll(async () => {
  dam = await createTestDam();
});
afterAll(() => dam?.close());

/** One scrypt hash per password (people share the default): as valid for each of them, without a scrypt run each. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A person with a password and an e-mail address; answers its id, names and a live session. */
async function person(email: string, password = 'old-password-1') {
  const username = `reset-${++made}`;
  const user = await dam.ctx.repos.users.create({ username, fullName: `Reset Person ${made}`, email, passwordHash: await hashOf(password) });
  return { id: user.id, username, email, password };
}

/** `POST /fotoweb/password-resets/` without a token, as a browser through the BFF would; waits for the work behind the answer. */
async function ask(email: unknown) {
  const res = await requests.call('POST', RESETS, { email }, '');
  await dam.ctx.passwordResets.settled();
  return res;
}

/** The reset messages queued to an address, newest first. */
const mailTo = (address: string) =>
  dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', 'password-reset').where('to_address', '=', address).orderBy('id', 'desc').execute();

/** Asks for a link for `email` and reads its token from the newest mail to that address. */
async function linkFor(email: string): Promise<string> {
  expect((await ask(email)).statusCode).toBe(202);
  const [latest] = await mailTo(email);
  const token = TOKEN_IN_LINK.exec(latest!.text_body)?.[1];
  expect(token, latest?.text_body).toBeDefined();
  return token!;
}

const check = (token: string) => requests.call('GET', `${RESETS}${token}`, undefined, '');
const complete = (token: string, password: unknown) => requests.call('POST', `${RESETS}${token}`, { password }, '');

describe('asking for a reset link (issue 14 "Password reset")', () => {
  it('mails a person a single-use link to the reset page, held in the outbox, and stores only its hash', async () => {
    const ada = await person('ada@example.com');
    const res = await ask('ada@example.com');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(PASSWORD_RESET_ACCEPTED);
    expect(res.headers['cache-control']).toBe('no-store');

    const [mail] = await mailTo('ada@example.com');
    expect(mail).toMatchObject({ status: 'held', sensitive: true, subject: 'Reset your Magpie password', requested_by: null, erased: null });
    const token = TOKEN_IN_LINK.exec(mail!.text_body)![1]!;
    expect(mail!.text_body).toContain(`http://localhost:8080/fotoweb/views/reset-password?token=${token}`);
    expect(mail!.text_body).toContain(`your Magpie account "${ada.username}" at http://localhost:8080/fotoweb/`);
    expect(mail!.text_body).toContain('open this link within 1 hour');
    expect(mail!.text_body).toContain('If you did not ask for it, ignore this message');
    expect(mail!.html_body).toContain(`<a href="http://localhost:8080/fotoweb/views/reset-password?token=${token}">`);

    // The administrator reads it in the outbox (no SMTP server: that is how it reaches its recipient).
    const outbox = await requests.get<MailOutbox>('/fotoweb/api/config/mail');
    const listed = outbox.data.find((m) => m.id === mail!.id)!;
    expect(listed).toMatchObject({ purpose: 'password-reset', to: 'ada@example.com', status: 'held' });
    expect((await requests.get<MailMessage>(listed.href)).text).toContain(token);

    const rows = await dam.ctx.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', ada.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: sha256Hex(token), used: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expires.getTime() - rows[0]!.created.getTime();
    expect(ttl).toBeGreaterThan(3_600_000 - 60_000);
    expect(ttl).toBeLessThan(3_600_000 + 60_000);
  });

  it('finds the account whatever the case of the address and the spaces around it', async () => {
    await person('Bea.Mixed@Example.com');
    expect((await ask('  bea.mixed@example.COM ')).statusCode).toBe(202);
    expect(await mailTo('Bea.Mixed@Example.com')).toHaveLength(1);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    await person('known@example.com');
    const before = await dam.ctx.database.db.selectFrom('mail_messages').select('id').execute();
    const known = await ask('known@example.com');
    const unknown = await ask('nobody-here@example.com');
    const shape = (res: typeof known) => ({ status: res.statusCode, body: res.body, type: res.headers['content-type'], cache: res.headers['cache-control'] });
    expect(shape(unknown)).toEqual(shape(known));
    const after = await dam.ctx.database.db.selectFrom('mail_messages').select(['id', 'to_address']).execute();
    expect(after.filter((m) => !before.some((b) => b.id === m.id)).map((m) => m.to_address)).toEqual(['known@example.com']);
  });

  it('answers before the account is looked up: the mail is queued after the answer', async () => {
    await person('later@example.com');
    const res = await requests.call('POST', RESETS, { email: 'later@example.com' }, '');
    expect(res.statusCode).toBe(202);
    await dam.ctx.passwordResets.settled();
    expect(await mailTo('later@example.com')).toHaveLength(1);
  });

  it('mails no link to a disabled, expired, deleted, password-less, guest or API-client user (and answers the same)', async () => {
    const disabled = await person('disabled@example.com');
    await dam.ctx.repos.users.update(disabled.id, { is_enabled: false });
    const expired = await person('expired@example.com');
    await dam.ctx.repos.users.update(expired.id, { expires: new Date(Date.now() - 86_400_000) });
    const deleted = await person('deleted@example.com');
    await dam.ctx.repos.users.update(deleted.id, { deleted: new Date() });
    // A user who signs in elsewhere (SSO only) has no password of Magpie's.
    await dam.ctx.repos.users.create({ username: 'sso-only', fullName: 'SSO Only', email: 'sso@example.com', passwordHash: null });
    const application = await person('application@example.com');
    await dam.ctx.repos.users.update(application.id, { kind: 'application' });
    await dam.ctx.repos.users.update(GUEST_USER_ID, { email: 'guest@example.com' });
    for (const address of ['disabled@example.com', 'expired@example.com', 'deleted@example.com', 'sso@example.com', 'application@example.com', 'guest@example.com']) {
      const res = await ask(address);
      expect(res.statusCode, address).toBe(202);
      expect(res.json(), address).toEqual(PASSWORD_RESET_ACCEPTED);
      expect(await mailTo(address), address).toEqual([]);
    }
  });

  it('refuses a malformed address or body with 400 and the FotoWeb error body, and a body that is no JSON with 415', async () => {
    for (const email of ['not-an-address', '', 'a@b', 'two@example.com, three@example.com', 42]) {
      const res = await ask(email);
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json(), String(email)).toMatchObject({ value: 'InvalidRequest', message: expect.any(String), requestId: expect.any(String) });
    }
    const extra = await requests.call('POST', RESETS, { email: 'ada@example.com', username: 'ada' }, '');
    expect(extra.statusCode).toBe(400);
    const text = await dam.app.inject({ method: 'POST', url: RESETS, headers: { 'content-type': 'text/plain' }, payload: 'ada@example.com' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ value: 'UnsupportedMediaType' });
  });

  it(`answers 429 with Retry-After after ${PASSWORD_RESET_ADDRESS_LIMIT} requests for one address, known or not, and mails no more`, async () => {
    await person('flooded@example.com');
    for (const address of ['flooded@example.com', 'flooded-unknown@example.com']) {
      for (let i = 0; i < PASSWORD_RESET_ADDRESS_LIMIT; i++) expect((await ask(address)).statusCode).toBe(202);
      const limited = await ask(address.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ value: 'TooManyRequests', message: expect.stringMatching(/Try again in \d+ seconds/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailTo('flooded@example.com')).toHaveLength(PASSWORD_RESET_ADDRESS_LIMIT);
    // Another address is not limited by it.
    expect((await ask('not-flooded@example.com')).statusCode).toBe(202);
  });
});

describe('using a reset link', () => {
  it('says a live link is valid until when, and for whom, without caching or a Referer', async () => {
    const cy = await person('cy@example.com');
    const token = await linkFor('cy@example.com');
    const res = await check(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const status = res.json() as PasswordResetStatus;
    expect(status).toEqual({ valid: true, expires: expect.any(String), userName: cy.username });
    expect(new Date(status.expires).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('answers 404 PasswordResetNotFound for a token that names no link, tampered or cut short', async () => {
    const token = await linkFor((await person('dee@example.com')).email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, token.slice(0, 20), 'x', `${token}x`, 'not%20a%20token', 'A'.repeat(43)]) {
      for (const res of [await check(bad), await complete(bad, 'a-new-password-1')]) {
        expect(res.statusCode, bad).toBe(404);
        expect(res.json(), bad).toMatchObject({ value: 'PasswordResetNotFound', message: expect.stringMatching(/not valid/), requestId: expect.any(String) });
      }
    }
    // A path parameter longer than any token is a bad request.
    expect((await check('A'.repeat(201))).statusCode).toBe(400);
    // The real link still works.
    expect((await check(token)).statusCode).toBe(200);
  });

  it('answers 410 PasswordResetExpired once the link expired, and sets nothing', async () => {
    const eve = await person('eve@example.com');
    const token = await linkFor(eve.email);
    await dam.ctx.database.db
      .updateTable('password_resets')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect((await check(token)).json()).toMatchObject({ value: 'PasswordResetExpired', message: expect.stringMatching(/expired/) });
    const res = await complete(token, 'a-new-password-1');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ value: 'PasswordResetExpired' });
    expect(await verifyPassword(eve.password, (await dam.ctx.repos.users.findById(eve.id))!.password_hash)).toBe(true);
  });

  it('answers 404 once the user may no longer reset (disabled since the mail)', async () => {
    const fay = await person('fay@example.com');
    const token = await linkFor(fay.email);
    await dam.ctx.repos.users.update(fay.id, { is_enabled: false });
    expect((await check(token)).json()).toMatchObject({ value: 'PasswordResetNotFound' });
    expect((await complete(token, 'a-new-password-1')).statusCode).toBe(404);
  });

  it('refuses a password that breaks the rules with 400 WeakPassword saying why, and keeps the link usable', async () => {
    const gil = await person('gil@example.com');
    const token = await linkFor(gil.email);
    const short = await complete(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ value: 'WeakPassword', message: 'The password must be at least 10 characters long.' });
    const withName = await complete(token, `my-${gil.username.toUpperCase()}-password`);
    expect(withName.json()).toMatchObject({ value: 'WeakPassword', message: 'The password must not contain the user name.' });
    const empty = await complete(token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ value: 'InvalidRequest' });
    expect((await check(token)).statusCode).toBe(200);
  });

  it('sets the password, ends every session of the user, clears a forced change, and works only once', async () => {
    const hal = await person('hal@example.com');
    await dam.ctx.repos.users.update(hal.id, { force_password_change: true });
    const session = await dam.login(hal.username, hal.password);
    // Cached now: it must end all the same.
    expect((await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(session.access_token) })).statusCode).toBe(200);
    const token = await linkFor(hal.email);
    const older = await linkFor(hal.email);

    const res = await complete(token, 'a-brand-new-password');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const row = (await dam.ctx.repos.users.findById(hal.id))!;
    expect(await verifyPassword('a-brand-new-password', row.password_hash)).toBe(true);
    expect(row.force_password_change).toBe(false);
    expect((await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(session.access_token) })).statusCode).toBe(401);
    const refresh = await dam.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
        client_id: TEST_BFF_CLIENT.id,
        client_secret: TEST_BFF_CLIENT.secret,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    await expect(dam.login(hal.username, hal.password)).rejects.toThrow(/401|400/);
    await dam.login(hal.username, 'a-brand-new-password');

    // The link, and the user's other open link, are used up.
    for (const used of [token, older]) {
      for (const again of [await check(used), await complete(used, 'yet-another-password')]) {
        expect(again.statusCode).toBe(410);
        expect(again.json()).toMatchObject({ value: 'PasswordResetUsed', message: expect.stringMatching(/used already/) });
      }
    }
    expect(await verifyPassword('a-brand-new-password', (await dam.ctx.repos.users.findById(hal.id))!.password_hash)).toBe(true);
  });

  it('lets one of two simultaneous uses of a link win; the other gets 410', async () => {
    const ivy = await person('ivy@example.com');
    const token = await linkFor(ivy.email);
    const answers = await Promise.all([complete(token, 'first-new-password'), complete(token, 'second-new-password')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 410]);
    const winner = answers[0]!.statusCode === 204 ? 'first-new-password' : 'second-new-password';
    expect(await verifyPassword(winner, (await dam.ctx.repos.users.findById(ivy.id))!.password_hash)).toBe(true);
  });
});

describe('a DAM with guest access and a low token limit', () => {
  let open: TestDam;
  beforeAll(async () => {
    open = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on', MAGPIE_TOKEN_RATE_LIMIT: '3' });
  });
  afterAll(() => open?.close());

  const askFrom = (address: string, email: string) =>
    open.app.inject({ method: 'POST', url: RESETS, headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, payload: JSON.stringify({ email }) });

  it('announces password resets in the public descriptor', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: 'application/vnd.fotoware.api-descriptor+json' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().services).toMatchObject({ login: '/fotoweb/views/login', password_reset: RESETS });
  });

  it('limits each client address the BFF reports (X-Forwarded-For from this host) per minute, whatever the addresses asked for', async () => {
    for (let i = 0; i < 3; i++) expect((await askFrom('203.0.113.5', `sprayed-${i}@example.com`)).statusCode).toBe(202);
    const limited = await askFrom('203.0.113.5', 'sprayed-9@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ value: 'TooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another browser behind the same BFF is not limited by it.
    expect((await askFrom('203.0.113.6', 'sprayed-9@example.com')).statusCode).toBe(202);
    await open.ctx.passwordResets.settled();
  });
});

describe('reset mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let mailed: TestDam;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailed = await createTestDam({
      SMTP_URL: smtp.url,
      MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>',
      MAGPIE_PUBLIC_URL: 'https://dam.example.com',
      MAGPIE_PASSWORD_RESET_TTL: '1800',
    });
  });
  afterAll(async () => {
    await mailed?.close();
    await smtp?.close();
  });

  it('delivers the link, erases the parts once sent, and the link sets the password', async () => {
    const user = await mailed.ctx.repos.users.create({
      username: 'smtp-reset',
      fullName: 'Sam Mailed',
      email: 'sam@example.com',
      passwordHash: await hashPassword('old-password-1'),
    });
    const res = await mailed.app.inject({ method: 'POST', url: RESETS, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'sam@example.com' }) });
    expect(res.statusCode).toBe(202);
    const [received] = await smtp.waitForMessages(1);
    expect(received!.envelope).toEqual({ from: 'dam@example.com', to: ['sam@example.com'] });
    expect(received!.parsed.subject).toBe('Reset your Magpie password');
    expect(received!.parsed.text).toContain('open this link within 30 minutes');
    const token = /https:\/\/dam\.example\.com\/fotoweb\/views\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(received!.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(received!.parsed.html).toContain(`<a href="https://dam.example.com/fotoweb/views/reset-password?token=${token}">`);

    const stored = await waitUntil('the reset mail recorded sent', 20_000, async () => {
      const row = await mailed.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', 'password-reset').executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(stored).toMatchObject({ sensitive: true, text_body: '', html_body: null });
    expect(stored.erased).toBeInstanceOf(Date);

    const done = await mailed.app.inject({
      method: 'POST',
      url: `${RESETS}${token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'mailed-new-password' }),
    });
    expect(done.statusCode, done.body).toBe(204);
    expect(await verifyPassword('mailed-new-password', (await mailed.ctx.repos.users.findById(user.id))!.password_hash)).toBe(true);
  });
});

describe('the reset message', () => {
  it('says how long the link works in words', () => {
    expect([3600, 7200, 1800, 60, 86_400, 172_800, 90, 1].map(describeDuration)).toEqual([
      '1 hour',
      '2 hours',
      '30 minutes',
      '1 minute',
      '1 day',
      '2 days',
      '90 seconds',
      '1 second',
    ]);
  });

  it('escapes the name people typed in the HTML part, and says the same in both parts', () => {
    const mail = passwordResetMessage({
      userName: 'ann',
      fullName: 'Ann <b>Bold</b> & "Co"',
      siteUrl: 'https://dam.example.com/fotoweb/',
      resetUrl: 'https://dam.example.com/fotoweb/views/reset-password?token=abc&x=1',
      validSeconds: 3600,
    });
    expect(mail.subject).toBe('Reset your Magpie password');
    expect(mail.text).toContain('Hello Ann <b>Bold</b> & "Co",');
    expect(mail.html).toContain('Hello Ann &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('<a href="https://dam.example.com/fotoweb/views/reset-password?token=abc&amp;x=1">');
    for (const part of [mail.text, mail.html]) expect(part).toContain('within 1 hour');
  });
});
