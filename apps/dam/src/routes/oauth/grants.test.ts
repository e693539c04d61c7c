/** The OAuth grants and the bearer token every other route needs (fotoweb-api-notes §10; RFC 6749). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
import { sql } from 'kysely';
import { hashPassword } from '../../lib/crypto.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('authentication', () => {
  it('answers 401 with a FotoWeb error body without a token', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses a wrong password with invalid_grant and an unknown client with invalid_client', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST' as const,
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const wrong = await sut.app.inject(form({ grant_type: 'password', username: 'admin', password: 'nope', client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    const badClient = await sut.app.inject(form({ grant_type: 'password', username: 'admin', password: 'admin-password', client_id: TEST_BFF_CLIENT.id, client_secret: 'x' }));
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error).toBe('invalid_client');
  });

  it('limits the password grant to the BFF client and serves API clients with client_credentials', async () => {
    const admin = await sut.ctx.repos.users.findByUsername('admin');
    await sut.ctx.repos.tokens.insertClient({ clientId: 'importer', name: 'Importer', secretHash: await hashPassword('s3cret'), userId: admin!.id });
    const post = (fields: Record<string, string>) =>
      sut.app.inject({
        method: 'POST',
        url: '/fotoweb/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const password = await post({ grant_type: 'password', username: 'admin', password: 'admin-password', client_id: 'importer', client_secret: 's3cret' });
    expect(password.json().error).toBe('unauthorized_client');
    const cc = await post({ grant_type: 'client_credentials', client_id: 'importer', client_secret: 's3cret' });
    expect(cc.statusCode).toBe(200);
    const me = await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(cc.json().access_token) });
    expect(me.json().user.userName).toBe('admin');
  });

  it('rotates refresh tokens and revokes the grant on logout', async () => {
    const tokens = await sut.login('admin', 'admin-password');
    const refresh = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: TEST_BFF_CLIENT.id,
        client_secret: TEST_BFF_CLIENT.secret,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(200);
    const fresh = refresh.json() as { access_token: string };
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await sut.app.inject({ method: 'POST', url: '/fotoweb/services/logout', headers: bearer(fresh.access_token) })).statusCode).toBe(204);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(fresh.access_token) })).statusCode).toBe(401);
  });

  it('stores passwords as scrypt hashes only', async () => {
    const admin = await sut.ctx.repos.users.findByUsername('admin');
    expect(admin!.password_hash).toMatch(/^scrypt\$/);
    expect(admin!.password_hash).not.toContain('admin-password');
  });
});

describe('accounts that may not sign in (issue 11; spec 03 §4 User)', () => {
  const form = (fields: Record<string, string>) =>
    sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret, ...fields }).toString(),
    });
  const refresh = (refreshToken: string) => form({ grant_type: 'refresh_token', refresh_token: refreshToken });
  const me = (token: string) => sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(token) });

  it('refuses a disabled user the login, a refresh and the tokens they already hold', async () => {
    const { id } = await sut.createUser('disabled-later');
    const tokens = await sut.login('disabled-later', 'user-password');
    await sut.ctx.repos.users.update(id, { is_enabled: false });
    const login = await form({ grant_type: 'password', username: 'disabled-later', password: 'user-password' });
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toBe('invalid_grant');
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    // Enabled again, the refresh token stays dead: the refused refresh revoked its grant.
    await sut.ctx.repos.users.update(id, { is_enabled: true });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
  });

  it('refuses an expired user the login and a refresh; a future expiry date is no obstacle', async () => {
    const { id } = await sut.createUser('expiring');
    await sut.ctx.repos.users.update(id, { expires: new Date(Date.now() + 86_400_000) });
    const tokens = await sut.login('expiring', 'user-password');
    await sut.ctx.repos.users.update(id, { expires: new Date(Date.now() - 1000) });
    expect((await form({ grant_type: 'password', username: 'expiring', password: 'user-password' })).json().error).toBe('invalid_grant');
    expect((await refresh(tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('records the last login in user_logins, leaving the users table (and every kept answer) alone', async () => {
    const { id } = await sut.createUser('logging-in');
    const db = sut.ctx.database.db;
    const generation = async () => (await sql<{ v: string }>`SELECT last_value::text AS v FROM catalog_generation`.execute(db)).rows[0]!.v;
    const modified = (await sut.ctx.repos.users.findById(id))!.modified;
    const before = await generation();
    const started = Date.now();
    await sut.login('logging-in', 'user-password');
    const row = await db.selectFrom('user_logins').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_login.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await generation()).toBe(before);
    expect((await sut.ctx.repos.users.findById(id))!.modified).toEqual(modified);
    // A failed login records nothing.
    await form({ grant_type: 'password', username: 'logging-in', password: 'wrong' });
    const again = await db.selectFrom('user_logins').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(again.last_login).toEqual(row.last_login);
  });

  it('never lets the guest user sign in', async () => {
    expect((await form({ grant_type: 'password', username: 'guest', password: '' })).json().error).toBe('invalid_grant');
  });
});
