/**
 * Changing one's own password and the forced change (issue 11 "Accounts"; spec 03 §2.9, §2.11): `POST
 * /fotoweb/me/password` and the gate that answers 403 PasswordChangeRequired everywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { PASSWORD_CHANGE_FAILURES } from '../../policies/token-limits.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const changePassword = (token: string, body: unknown) => sut.app.inject({ method: 'POST', url: '/fotoweb/me/password', headers: bearer(token), payload: body as object });
const get = (token: string, url: string) => sut.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('a user whose password change is forced', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    ({ id: userId, token } = await sut.createUser('forced', 'old-password-1'));
    await sut.ctx.repos.users.update(userId, { force_password_change: true });
  });

  it('gets 403 PasswordChangeRequired from the other DAM operations', async () => {
    for (const url of ['/fotoweb/me/archives/', '/fotoweb/archives/', '/fotoweb/api/taxonomies/', '/fotoweb/me/upload-to/']) {
      const res = await get(token, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ value: 'PasswordChangeRequired', message: expect.any(String) });
    }
  });

  it('still reads the descriptor (which says so), the preferences and the keepalive', async () => {
    const descriptor = await get(token, '/fotoweb/me/');
    expect(descriptor.statusCode).toBe(200);
    expect(descriptor.json().isForcePasswordChangeSet).toBe(true);
    expect((await get(token, '/fotoweb/me')).statusCode).toBe(200);
    expect((await get(token, '/fotoweb/me/user-preferences/')).statusCode).toBe(200);
    expect((await get(token, '/fotoweb/services/keepalive')).statusCode).toBe(204);
  });

  it('goes on everywhere once the password is changed, in the same session', async () => {
    const res = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'a-new-password-1' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await get(token, '/fotoweb/me/archives/')).statusCode).toBe(200);
    expect((await get(token, '/fotoweb/me/')).json().isForcePasswordChangeSet).toBe(false);
    expect((await sut.ctx.repos.users.findById(userId))!.force_password_change).toBe(false);
  });

  it('may still log out', async () => {
    const { id, token: other } = await sut.createUser('forced-logout', 'old-password-1');
    await sut.ctx.repos.users.update(id, { force_password_change: true });
    expect((await sut.app.inject({ method: 'POST', url: '/fotoweb/services/logout', headers: bearer(other) })).statusCode).toBe(204);
    expect((await get(other, '/fotoweb/me/')).statusCode).toBe(401);
  });
});

describe("changing one's own password", () => {
  it('refuses a wrong current password with 403 WrongPassword and changes nothing', async () => {
    const { id, token } = await sut.createUser('wrong-current', 'old-password-1');
    const before = (await sut.ctx.repos.users.findById(id))!.password_hash;
    const res = await changePassword(token, { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'WrongPassword' });
    expect((await sut.ctx.repos.users.findById(id))!.password_hash).toBe(before);
  });

  it('refuses a weak new password with 400 WeakPassword saying why, and one equal to the current one', async () => {
    const { id, token } = await sut.createUser('weakling', 'old-password-1');
    const before = (await sut.ctx.repos.users.findById(id))!.password_hash;
    const short = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ value: 'WeakPassword', message: expect.stringMatching(/at least 10 characters/) });
    const withName = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'my-WEAKLING-password' });
    expect(withName.json()).toMatchObject({ value: 'WeakPassword', message: expect.stringMatching(/user name/) });
    const same = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'old-password-1' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ value: 'WeakPassword', message: expect.stringMatching(/differ/) });
    expect((await sut.ctx.repos.users.findById(id))!.password_hash).toBe(before);
  });

  it('refuses a body without the fields with 400 InvalidRequest', async () => {
    const { token } = await sut.createUser('no-fields', 'old-password-1');
    const res = await changePassword(token, { newPassword: 'a-new-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest' });
  });

  it(`answers 429 with Retry-After after ${PASSWORD_CHANGE_FAILURES} wrong current passwords, even for the right one`, async () => {
    const { token } = await sut.createUser('guesser', 'old-password-1');
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i++) {
      expect((await changePassword(token, { currentPassword: `guess-${i}`, newPassword: 'a-new-password-1' })).statusCode).toBe(403);
    }
    const limited = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'a-new-password-1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ value: 'TooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not limited by it.
    const { token: other } = await sut.createUser('not-guessing', 'old-password-1');
    expect((await changePassword(other, { currentPassword: 'old-password-1', newPassword: 'a-new-password-1' })).statusCode).toBe(204);
  });

  it('stores the new password hashed, ends the other sessions and keeps this one', async () => {
    const { id, token } = await sut.createUser('rotator', 'old-password-1');
    const other = await sut.login('rotator', 'old-password-1');
    expect((await get(other.access_token, '/fotoweb/me/')).statusCode).toBe(200); // cached now: it must die all the same
    const res = await changePassword(token, { currentPassword: 'old-password-1', newPassword: 'a-new-password-1' });
    expect(res.statusCode).toBe(204);
    const row = (await sut.ctx.repos.users.findById(id))!;
    expect(row.password_hash).not.toContain('a-new-password-1');
    expect(await verifyPassword('a-new-password-1', row.password_hash)).toBe(true);
    expect((await get(token, '/fotoweb/me/')).statusCode).toBe(200);
    expect((await get(other.access_token, '/fotoweb/me/')).statusCode).toBe(401);
    const refresh = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: other.refresh_token,
        client_id: TEST_BFF_CLIENT.id,
        client_secret: TEST_BFF_CLIENT.secret,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    await expect(sut.login('rotator', 'old-password-1')).rejects.toThrow(/400/);
    await expect(sut.login('rotator', 'a-new-password-1')).resolves.toMatchObject({ access_token: expect.any(String) });
  });
});
