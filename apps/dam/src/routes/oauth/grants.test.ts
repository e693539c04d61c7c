/** The OAuth grants and the bearer token every other route needs (fotoweb-api-notes §10; RFC 6749). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
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
