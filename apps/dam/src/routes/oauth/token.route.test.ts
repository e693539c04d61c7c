import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../../testing/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

/** `MAGPIE_TOKEN_RATE_LIMIT` of this file's DAM: small, so the limits show after a few requests. */
const LIMIT = 3;

let sut: TestDam;

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_TOKEN_RATE_LIMIT: String(LIMIT) });
  await sut.createUser('ada');
  const admin = await sut.ctx.repos.users.findByUsername('admin');
  for (const clientId of ['importer', 'exporter', 'guessed']) {
    await sut.ctx.repos.tokens.insertClient({ clientId, name: clientId, secretHash: await hashPassword(`${clientId}-secret`), userId: admin!.id });
  }
});
afterAll(async () => {
  await sut?.close();
});

/** POSTs a token request from a connecting address (the BFF's, unless said otherwise). */
function token(fields: Record<string, string>, connectingAddress = '127.0.0.1') {
  return sut.app.inject({
    method: 'POST',
    url: '/fotoweb/oauth2/token',
    remoteAddress: connectingAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const bff = { client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret };
const passwordGrant = (username: string, password: string, endUserAddress?: string) =>
  token({ grant_type: 'password', username, password, ...bff, ...(endUserAddress !== undefined ? { end_user_address: endUserAddress } : {}) });

function expectSlowDown(res: Awaited<ReturnType<typeof token>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: 'slow_down', error_description: expect.stringMatching(/Try again in \d+ seconds\.$/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('POST /fotoweb/oauth2/token limits (MAGPIE_TOKEN_RATE_LIMIT)', () => {
  it('counts wrong passwords of the BFF per end-user address it passes on, never per BFF', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await passwordGrant('ada', 'wrong-password', '198.51.100.1')).json().error).toBe('invalid_grant');
    expectSlowDown(await passwordGrant('ada', 'user-password', '198.51.100.1'));
    // Everybody else logs in through the same BFF, from the same connecting address.
    expect((await passwordGrant('ada', 'user-password', '198.51.100.2')).statusCode).toBe(200);
    expect((await passwordGrant('admin', 'admin-password', '198.51.100.3')).statusCode).toBe(200);
    // Successful logins do not count.
    for (let i = 0; i < LIMIT + 2; i++) expect((await passwordGrant('ada', 'user-password', '198.51.100.4')).statusCode).toBe(200);
    // IPv4-mapped IPv6 is the IPv4 address; an IPv6 /64 counts as one address.
    expectSlowDown(await passwordGrant('ada', 'user-password', '::ffff:198.51.100.1'));
    for (let i = 0; i < LIMIT; i++) await passwordGrant('ada', 'wrong-password', `2001:db8:5:6::${i + 1}`);
    expectSlowDown(await passwordGrant('ada', 'user-password', '2001:db8:5:6:ffff::1'));
    expect((await passwordGrant('ada', 'user-password', '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('charges the connecting address when no usable end-user address comes with the grant', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await token({ grant_type: 'password', username: 'ada', password: 'wrong-password', ...bff, end_user_address: 'not-an-address' }, '10.9.0.1');
      expect(res.json().error).toBe('invalid_grant');
    }
    expectSlowDown(await token({ grant_type: 'password', username: 'ada', password: 'user-password', ...bff }, '10.9.0.1'));
    expect((await token({ grant_type: 'password', username: 'ada', password: 'user-password', ...bff }, '10.9.0.2')).statusCode).toBe(200);
  });

  it('never limits refresh grants, even from an address whose logins are limited', async () => {
    let tokens = (await passwordGrant('ada', 'user-password', '198.51.100.30')).json() as { refresh_token: string };
    for (let i = 0; i < LIMIT; i++) await passwordGrant('nobody', 'wrong-password'); // the BFF's own address, no end_user_address
    expectSlowDown(await passwordGrant('ada', 'user-password'));
    for (let i = 0; i < LIMIT * 3; i++) {
      const res = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...bff });
      expect(res.statusCode, `refresh ${i}`).toBe(200);
      tokens = res.json();
    }
  });

  it('limits client_credentials grants per API client', async () => {
    const grant = (clientId: string) => token({ grant_type: 'client_credentials', client_id: clientId, client_secret: `${clientId}-secret` });
    for (let i = 0; i < LIMIT; i++) expect((await grant('importer')).statusCode).toBe(200);
    expectSlowDown(await grant('importer'));
    expect((await grant('exporter')).statusCode).toBe(200);
  });

  it('limits failed client authentications per connecting address and client id, before looking at the secret', async () => {
    const guess = (secret: string, address: string) => token({ grant_type: 'client_credentials', client_id: 'guessed', client_secret: secret }, address);
    for (let i = 0; i < LIMIT; i++) {
      const res = await guess(`guess-${i}`, '10.8.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
    // The right secret gets the same 429 as a wrong one: a blocked address learns nothing.
    expectSlowDown(await guess('guessed-secret', '10.8.0.1'));
    expectSlowDown(await guess('guess-9', '10.8.0.1'));
    expect((await guess('guessed-secret', '10.8.0.2')).statusCode).toBe(200);
    // Other clients' credentials are not blocked, the BFF's included, even from the blocked address.
    expect((await passwordGrant('admin', 'admin-password', '198.51.100.40')).statusCode).toBe(200);
    expect((await token({ grant_type: 'password', username: 'admin', password: 'admin-password', ...bff, end_user_address: '198.51.100.41' }, '10.8.0.1')).statusCode).toBe(200);
    expect((await token({ grant_type: 'client_credentials', client_id: 'exporter', client_secret: 'exporter-secret' }, '10.8.0.1')).statusCode).toBe(200);
  });
});
