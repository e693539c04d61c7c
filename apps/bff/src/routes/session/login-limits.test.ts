import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@magpie/api-types';
import { DEVICE_COOKIE } from '../../session/device-cookie.ts';
import { ADMIN_PASSWORD, createTestStack, openSessionCookie, TestBrowser, type TestStack } from '../../testing/stack.ts';

/**
 * The login throttle through the BFF on a real DAM (issue 9 §1-2, session/login-throttle.ts). Client addresses are
 * simulated with `X-Forwarded-For` (`trustProxy`); each test uses its own addresses, since the DAM's limits are
 * shared by every BFF of a stack.
 */
let sut: TestStack;

beforeAll(async () => {
  sut = await createTestStack();
  await sut.dam.createUser('ada');
});
afterAll(async () => {
  await sut?.close();
});

/** A browser at a client address. */
const from = (bff: FastifyInstance, address: string) => new TestBrowser(bff, { 'x-forwarded-for': address });

/** Counts of each status code. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('per client address', () => {
  it('refuses an address after MAGPIE_LOGIN_RATE_LIMIT failed logins with 429, Retry-After and a FotoWeb body', async () => {
    const bff = await sut.anotherBff({ loginRateLimit: 3, trustProxy: true });
    // Successful logins do not count.
    for (let i = 0; i < 4; i++) expect((await from(bff, '192.0.2.10').login('ada', 'user-password')).statusCode).toBe(200);

    const browser = from(bff, '192.0.2.10');
    for (const name of ['ada', 'nobody', 'admin']) expect((await browser.login(name, 'wrong-password')).statusCode).toBe(401);
    const limited = await browser.login('ada', 'user-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      value: 'TooManyRequests',
      heading: 'Too many attempts',
      message: expect.stringMatching(/^Too many login attempts\. Try again in \d+ seconds\.$/),
      requestId: expect.any(String),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    // Only login is limited, and only for this address.
    expect((await browser.request({ method: 'GET', url: '/fotoweb/views/session' })).statusCode).toBe(200);
    expect((await from(bff, '192.0.2.11').login('ada', 'user-password')).statusCode).toBe(200);
  });

  it('refuses an (address, user name) pair after MAGPIE_LOGIN_ADDRESS_USER_LIMIT failures, and only that pair', async () => {
    const bff = await sut.anotherBff({ loginAddressUserLimit: 2, trustProxy: true });
    const guesser = from(bff, '192.0.2.20');
    expect((await guesser.login('ADA', 'wrong-password')).statusCode).toBe(401);
    expect((await guesser.login('ada', 'wrong-password')).statusCode).toBe(401);
    const limited = await guesser.login('Ada', 'user-password');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await guesser.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await from(bff, '192.0.2.21').login('ada', 'user-password')).statusCode).toBe(200);
  });
});

describe('a spray of wrong logins', () => {
  it('from many addresses and names, admin included, keeps nobody with the right password out', async () => {
    // The default limits, with delays shortened so the test is quick.
    const bff = await sut.anotherBff({
      trustProxy: true,
      loginRateLimit: 10,
      loginAddressUserLimit: 5,
      loginDelay: { afterFailures: 5, firstMs: 20, maxMs: 80 },
    });
    const names = ['admin', 'ada', 'ADMIN', 'root', 'nobody'];
    // 8 addresses × 10 wrong logins: more than the 60 a minute that used to shut every login out at the DAM.
    const statuses = (
      await Promise.all(
        Array.from({ length: 8 }, async (_, a) => {
          const browser = from(bff, `198.51.100.${a + 1}`);
          const seen: number[] = [];
          for (let i = 0; i < 10; i++) seen.push((await browser.login(names[(a + i) % names.length]!, 'wrong-password')).statusCode);
          // Each spraying address has used up its own limit, right password or not.
          seen.push((await browser.login('admin', ADMIN_PASSWORD)).statusCode);
          return seen;
        }),
      )
    ).flat();
    expect(tally(statuses)).toEqual({ 401: 80, 429: 8 });

    // The right password from any other address still logs in, for the most sprayed names too.
    for (const [name, password] of [
      ['admin', ADMIN_PASSWORD],
      ['Ada', 'user-password'],
    ] as const) {
      const res = await from(bff, '203.0.113.50').login(name, password);
      expect(res.statusCode, name).toBe(200);
      expect(openSessionCookie(res.cookies.find((c) => c.name === SESSION_COOKIE)!.value)?.user.userName).toBe(name.toLowerCase());
    }
  });

  it('delays a user name being guessed, and its right password still logs in after the delay', async () => {
    const delayMs = 400;
    const bff = await sut.anotherBff({ trustProxy: true, loginDelay: { afterFailures: 3, firstMs: delayMs, maxMs: delayMs } });
    for (let i = 0; i < 3; i++) expect((await from(bff, `198.51.100.${100 + i}`).login('Ada', 'wrong-password')).statusCode).toBe(401);

    const person = from(bff, '203.0.113.60');
    await person.request({ method: 'GET', url: '/fotoweb/views/session' }); // the CSRF cookie, outside the measure
    const started = performance.now();
    const res = await person.login('ada', 'user-password');
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(delayMs - 5); // timers may round down by a ms

    // A wrong password waits too and answers 401: a name is delayed, never refused.
    const wrong = await from(bff, '203.0.113.61').login('ADA', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    // Other names are not delayed by it (no lower bound to check: they simply log in).
    expect((await from(bff, '203.0.113.61').login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('does not delay a browser that logged in as that user before (device cookie), even after logout', async () => {
    const bff = await sut.anotherBff({ trustProxy: true, loginDelay: { afterFailures: 3, firstMs: 3000, maxMs: 3000 } });
    const own = from(bff, '203.0.113.70');
    const first = await own.login('ada', 'user-password');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ path: '/fotoweb/views/login', httpOnly: true, sameSite: 'Strict', maxAge: 90 * 24 * 3600 });
    expect(device!.value).not.toContain('ada');
    expect((await own.request({ method: 'POST', url: '/fotoweb/services/logout' })).statusCode).toBe(204);
    expect(own.cookies.has(DEVICE_COOKIE)).toBe(true);

    for (let i = 0; i < 3; i++) expect((await from(bff, `198.51.100.${110 + i}`).login('ada', 'wrong-password')).statusCode).toBe(401);
    // A stranger's browser waits out the 3 s delay; the own browser does not.
    let strangerAnswered = false;
    const stranger = from(bff, '203.0.113.71')
      .login('ada', 'user-password')
      .finally(() => (strangerAnswered = true));
    const again = await own.login('ada', 'user-password');
    expect(again.statusCode).toBe(200);
    expect(strangerAnswered).toBe(false);
    expect((await stranger).statusCode).toBe(200);

    // A device cookie of another user, or a forged one, earns nothing.
    const otherUser = from(bff, '203.0.113.72');
    expect((await otherUser.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200); // its device cookie names admin
    const forged = from(bff, '203.0.113.73');
    forged.cookies.set(DEVICE_COOKIE, device!.value.slice(0, -4) + (device!.value.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
    const waiting = [otherUser, forged].map((browser) => {
      const state = { answered: false, response: browser.login('ada', 'user-password') };
      state.response = state.response.finally(() => (state.answered = true));
      return state;
    });
    expect((await from(bff, '203.0.113.74').login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect(waiting.map((state) => state.answered)).toEqual([false, false]);
    expect((await Promise.all(waiting.map((state) => state.response))).map((res) => res.statusCode)).toEqual([200, 200]);
  });
});

describe('during a spray, with the DAM limit below the BFF one', () => {
  let short: TestStack;
  beforeAll(async () => {
    // Access tokens live 1 s, inside the BFF's 60 s refresh margin: every request of a session refreshes its tokens.
    // The DAM allows 5 wrong passwords a minute per end-user address, fewer than the BFF's 10.
    short = await createTestStack({
      damEnv: { MAGPIE_ACCESS_TOKEN_TTL: '1', MAGPIE_TOKEN_RATE_LIMIT: '5' },
      config: { trustProxy: true, loginRateLimit: 10 },
    });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('token refreshes of live sessions keep working, and the DAM limits each sprayer, never the BFF as a whole', async () => {
    const live = from(short.bff, '203.0.113.80');
    expect((await live.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);

    const spray = Promise.all(
      Array.from({ length: 8 }, async (_, a) => {
        const browser = from(short.bff, `198.51.100.${200 + a}`);
        const seen: number[] = [];
        for (let i = 0; i < 10; i++) seen.push((await browser.login(i % 2 ? 'admin' : 'nobody', 'wrong-password')).statusCode);
        return seen;
      }),
    );
    const refreshes: Array<{ status: number; rewritten: boolean }> = [];
    for (let i = 0; i < 10; i++) {
      const res = await live.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json' } });
      refreshes.push({ status: res.statusCode, rewritten: res.cookies.some((c) => c.name === SESSION_COOKIE && c.value !== '') });
    }
    const statuses = (await spray).flat();

    expect(refreshes).toEqual(Array.from({ length: 10 }, () => ({ status: 200, rewritten: true })));
    // Each sprayer got 5 answers, then the DAM's 429 for its own address (answered 429 by the BFF, not 503).
    expect(tally(statuses)).toEqual({ 401: 40, 429: 40 });
    // Refreshing still works after the spray, and so does a login from another address.
    expect((await live.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json' } })).statusCode).toBe(200);
    expect((await from(short.bff, '203.0.113.81').login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
