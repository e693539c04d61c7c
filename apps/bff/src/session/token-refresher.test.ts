import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '@magpie/dam/testing/harness.ts';
import type {} from '@magpie/dam/testing/global-setup.ts';
import { DamAuthClient, DamAuthError } from '../dam/dam-auth.ts';
import { deadUrl } from '../testing/stack.ts';
import { TokenRefresher } from './token-refresher.ts';

let dam: TestDam;
let auth: DamAuthClient;

beforeAll(async () => {
  dam = await createTestDam();
  await dam.app.listen({ port: 0, host: '127.0.0.1' });
  const damUrl = `http://127.0.0.1:${(dam.app.server.address() as AddressInfo).port}`;
  auth = new DamAuthClient({ damUrl, clientId: TEST_BFF_CLIENT.id, clientSecret: TEST_BFF_CLIENT.secret });
});
afterAll(async () => {
  await dam?.close();
});

describe('TokenRefresher (against the DAM, which rotates refresh tokens)', () => {
  it('makes one refresh for concurrent callers and remembers it for late ones', async () => {
    const tokens = await auth.passwordGrant('admin', 'admin-password');
    const refresher = new TokenRefresher((token) => auth.refreshGrant(token));
    const results = await Promise.all(Array.from({ length: 5 }, () => refresher.rotate(tokens.refreshToken)));
    const [first] = results;
    expect(first).toBeDefined();
    for (const result of results) expect(result).toBe(first);
    expect(await auth.keepalive(first!.accessToken)).toBe(true);
    expect(await auth.keepalive(tokens.accessToken)).toBe(false); // rotated away
    // Late: same answer, no second grant (which the DAM would refuse).
    expect(await refresher.rotate(tokens.refreshToken)).toBe(first);
    await expect(auth.refreshGrant(tokens.refreshToken)).rejects.toMatchObject({ kind: 'invalid_grant' });
  });

  it('answers undefined for a dead refresh token, and forgets on request', async () => {
    const tokens = await auth.passwordGrant('admin', 'admin-password');
    await auth.revoke(tokens.accessToken);
    const refresher = new TokenRefresher((token) => auth.refreshGrant(token));
    expect(await refresher.rotate(tokens.refreshToken)).toBeUndefined();
    expect(refresher.size).toBe(1);
    refresher.forget(tokens.refreshToken);
    expect(refresher.size).toBe(0);
  });

  it('does not remember a DAM that could not be reached', async () => {
    const down = new DamAuthClient({ damUrl: await deadUrl(), clientId: TEST_BFF_CLIENT.id, clientSecret: TEST_BFF_CLIENT.secret });
    const refresher = new TokenRefresher((token) => down.refreshGrant(token));
    const failure = await refresher.rotate('any-token').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DamAuthError);
    expect((failure as DamAuthError).kind).toBe('unreachable');
    expect(refresher.size).toBe(0);
  });

  it('forgets settled refreshes after the grace window', async () => {
    let clock = 1_000_000;
    const tokens = await auth.passwordGrant('admin', 'admin-password');
    const refresher = new TokenRefresher(
      (token) => auth.refreshGrant(token),
      () => clock,
    );
    await refresher.rotate(tokens.refreshToken);
    expect(refresher.size).toBe(1);
    clock += 61_000;
    expect(await refresher.rotate(tokens.refreshToken)).toBeUndefined(); // pruned, so a real (refused) refresh
  });
});
