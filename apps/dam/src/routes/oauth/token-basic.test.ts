import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

/**
 * HTTP Basic client authentication at the token endpoint (issue 16 "OAuth2 client authentication by HTTP Basic as well
 * as in the body"; RFC 6749 §2.3.1, §5.2), on both databases: OAuth libraries send the client's id and secret in the
 * Authorization header by default.
 */
let sut: TestDam;

/** An id and a secret with characters the form encoding changes (`+` for a space, `%3A` for a colon). */
const ODD = { id: 'ingest bot:1', secret: 's3cret:with+plus and space' };

beforeAll(async () => {
  sut = await createTestDam();
  const admin = await sut.ctx.repos.users.findByUsername('admin');
  await sut.ctx.repos.tokens.insertClient({ clientId: 'importer', name: 'importer', secretHash: await hashPassword('importer-secret'), userId: admin!.id });
  await sut.ctx.repos.tokens.insertClient({ clientId: ODD.id, name: 'odd', secretHash: await hashPassword(ODD.secret), userId: admin!.id });
});
afterAll(async () => {
  await sut?.close();
});

/** `Basic` with the form-urlencoded id and secret (RFC 6749 §2.3.1). */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${new URLSearchParams({ a: id }).toString().slice(2)}:${new URLSearchParams({ a: secret }).toString().slice(2)}`).toString('base64')}`;

function token(fields: Record<string, string>, authorization?: string) {
  return sut.app.inject({
    method: 'POST',
    url: '/fotoweb/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('POST /fotoweb/oauth2/token with HTTP Basic client authentication', () => {
  it('issues a token for client_credentials, and the token works', async () => {
    const res = await token({ grant_type: 'client_credentials' }, basic('importer', 'importer-secret'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: { authorization: `Bearer ${res.json().access_token}`, accept: 'application/json' } });
    expect(me.statusCode).toBe(200);
  });

  it('decodes a form-urlencoded id and secret (a space, a colon, a plus)', async () => {
    const res = await token({ grant_type: 'client_credentials' }, basic(ODD.id, ODD.secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token_type).toBe('bearer');
  });

  it('accepts the body client_id beside the header when it names the same client', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: 'importer' }, basic('importer', 'importer-secret'))).statusCode).toBe(200);
    const other = await token({ grant_type: 'client_credentials', client_id: 'someone-else' }, basic('importer', 'importer-secret'));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('invalid_request');
  });

  it('answers a wrong Basic secret or an unknown client 401 invalid_client with WWW-Authenticate', async () => {
    for (const header of [basic('importer', 'wrong'), basic('nobody', 'importer-secret')]) {
      const res = await token({ grant_type: 'client_credentials' }, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(res.headers['www-authenticate']).toBe('Basic realm="fotoweb"');
    }
  });

  it('refuses both methods at once, and Basic values that are not id:secret, with 400 invalid_request', async () => {
    const both = await token({ grant_type: 'client_credentials', client_id: 'importer', client_secret: 'importer-secret' }, basic('importer', 'importer-secret'));
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
    for (const header of ['Basic', 'Basic not*base64', `Basic ${Buffer.from('no-colon').toString('base64')}`, `Basic ${Buffer.from('%zz:secret').toString('base64')}`]) {
      const res = await token({ grant_type: 'client_credentials' }, header);
      expect(res.statusCode, header).toBe(400);
      expect(res.json().error, header).toBe('invalid_request');
    }
  });

  it('rotates a refresh token with Basic, and still takes the credentials in the body alone', async () => {
    const first = await token({ grant_type: 'client_credentials', client_id: 'importer', client_secret: 'importer-secret' });
    expect(first.statusCode).toBe(200);
    const login = await sut.login('admin', 'admin-password');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: login.refresh_token }, basic(TEST_BFF_CLIENT.id, TEST_BFF_CLIENT.secret));
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(login.refresh_token);
  });

  it('ignores another scheme in the Authorization header, and answers no credentials at all with 401 and no Basic challenge', async () => {
    const bearer = await token({ grant_type: 'client_credentials', client_id: 'importer', client_secret: 'importer-secret' }, 'Bearer something');
    expect(bearer.statusCode).toBe(200);
    const none = await token({ grant_type: 'client_credentials' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('invalid_client');
    expect(none.headers['www-authenticate']).toBeUndefined();
  });
});
