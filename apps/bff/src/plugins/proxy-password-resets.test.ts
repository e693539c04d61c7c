/**
 * Password resets through the BFF (issue 14 "Password reset"): a browser without a session asks for a link, checks it
 * and sets a new password, forwarded to the DAM with no token (`PASSWORD_RESET_OPERATIONS`), after the CSRF check and
 * the contract's checks; the BFF's own limit counts requests per client address (`MAGPIE_PASSWORD_RESET_RATE_LIMIT`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

const RESETS = '/fotoweb/password-resets/';

let sut: TestStack;

beforeAll(async () => {
  sut = await createTestStack();
  const user = await sut.dam.createUser('bff-reset', 'old-password-1');
  await sut.dam.ctx.repos.users.update(user.id, { email: 'bff-reset@example.com' });
});
afterAll(async () => {
  await sut?.close();
});

/** A browser that has visited once, so it holds the CSRF cookie. */
async function visitor(app = sut.bff, headers: Record<string, string> = {}): Promise<TestBrowser> {
  const browser = new TestBrowser(app, headers);
  await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
  return browser;
}

const resetMails = () => sut.dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', 'password-reset').orderBy('id', 'desc').execute();

describe('password resets through the BFF', () => {
  it('asks for a link, checks it and sets the password without a session, then logs in with it', async () => {
    const browser = await visitor();
    const asked = await browser.request({ method: 'POST', url: RESETS, payload: { email: 'bff-reset@example.com' } });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: expect.stringMatching(/^If an account uses that address/) });
    await sut.dam.ctx.passwordResets.settled();
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec((await resetMails())[0]!.text_body)![1]!;

    const checked = await browser.request({ method: 'GET', url: `${RESETS}${token}` });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ valid: true, userName: 'bff-reset' });
    expect(checked.headers['cache-control']).toBe('no-store');

    const weak = await browser.request({ method: 'POST', url: `${RESETS}${token}`, payload: { password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ value: 'WeakPassword' });
    const set = await browser.request({ method: 'POST', url: `${RESETS}${token}`, payload: { password: 'set-through-bff' } });
    expect(set.statusCode, set.body).toBe(204);
    const again = await browser.request({ method: 'GET', url: `${RESETS}${token}` });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ value: 'PasswordResetUsed' });

    expect((await browser.login('bff-reset', 'set-through-bff')).statusCode).toBe(200);
    expect((await (await visitor()).login('bff-reset', 'old-password-1')).statusCode).toBe(401);
  });

  it('refuses a request without the CSRF header (403) and a malformed address (400) before the DAM hears of it', async () => {
    const browser = await visitor();
    const before = (await resetMails()).length;
    const noCsrf = await browser.request({ method: 'POST', url: RESETS, payload: { email: 'bff-reset@example.com' }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ value: 'InvalidCsrfToken' });
    const malformed = await browser.request({ method: 'POST', url: RESETS, payload: { email: 'bff-reset' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ value: 'InvalidRequest', issues: [expect.objectContaining({ path: 'email' })] });
    await sut.dam.ctx.passwordResets.settled();
    expect(await resetMails()).toHaveLength(before);
  });

  it('answers a token that names no link with the DAM’s 404, and an over-long one with 400', async () => {
    const browser = await visitor();
    const unknown = await browser.request({ method: 'GET', url: `${RESETS}${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ value: 'PasswordResetNotFound', message: expect.stringMatching(/not valid/) });
    expect((await browser.request({ method: 'GET', url: `${RESETS}${'A'.repeat(201)}` })).statusCode).toBe(400);
  });

  it('limits well-formed requests per client address (MAGPIE_TRUST_PROXY decides which), whatever the addresses asked for', async () => {
    const limited = await sut.anotherBff({ passwordResetRateLimit: 2, trustProxy: true });
    const browser = await visitor(limited, { 'x-forwarded-for': '198.51.100.7' });
    const before = (await resetMails()).length;
    // A malformed request is refused by the contract check and does not count.
    expect((await browser.request({ method: 'POST', url: RESETS, payload: { email: 'not-an-address' } })).statusCode).toBe(400);
    for (const email of ['one@example.com', 'bff-reset@example.com']) {
      expect((await browser.request({ method: 'POST', url: RESETS, payload: { email } })).statusCode).toBe(202);
    }
    const refused = await browser.request({ method: 'POST', url: RESETS, payload: { email: 'bff-reset@example.com' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ value: 'TooManyRequests', message: expect.stringMatching(/Try again in \d+ seconds/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    await sut.dam.ctx.passwordResets.settled();
    expect(await resetMails()).toHaveLength(before + 1);
    // Another client address is not limited by it, nor are the link's checks.
    const other = await visitor(limited, { 'x-forwarded-for': '198.51.100.8' });
    expect((await other.request({ method: 'POST', url: RESETS, payload: { email: 'two@example.com' } })).statusCode).toBe(202);
    expect((await browser.request({ method: 'GET', url: `${RESETS}${'A'.repeat(43)}` })).statusCode).toBe(404);
  });
});
