import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, MEDIA_TYPES, SESSION_COOKIE } from '@magpie/api-types';
import { buildBffApp } from '../../app.ts';
import { ADMIN_PASSWORD, createTestStack, deadUrl, openSessionCookie, testConfig, TestBrowser, type TestStack } from '../../testing/stack.ts';

let sut: TestStack;

beforeAll(async () => {
  sut = await createTestStack();
  await sut.dam.createUser('ada');
});
afterAll(async () => {
  await sut?.close();
});

/** Asks the DAM directly whether an access token is alive (keepalive: 204 yes, 401 no). */
async function damAccepts(token: string): Promise<boolean> {
  const res = await fetch(`${sut.damUrl}/fotoweb/services/keepalive`, { headers: { authorization: `Bearer ${token}` } });
  return res.status === 204;
}

describe('GET /fotoweb/views/session', () => {
  it('answers authenticated:false without a session and hands out the CSRF cookie', async () => {
    const browser = new TestBrowser(sut.bff);
    const res = await browser.request({ method: 'GET', url: '/fotoweb/views/session', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false });
    expect(res.headers['cache-control']).toBe('no-store');
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });
});

describe('POST /fotoweb/views/login', () => {
  it('logs in, sets an HttpOnly SameSite=Lax session cookie, and never shows a DAM token', async () => {
    const browser = new TestBrowser(sut.bff);
    const res = await browser.login('ada', 'user-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: '/fotoweb/' });
    expect(res.headers['cache-control']).toBe('no-store');

    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(session?.secure).toBeFalsy();
    expect(session?.maxAge).toBeUndefined(); // ends with the browser session
    // The cookie is encrypted: only the BFF's key opens it, and the tokens inside appear nowhere in the response.
    const opened = openSessionCookie(session!.value);
    expect(opened).toMatchObject({ user: { userName: 'ada', fullName: 'ada Tester' } });
    expect(await damAccepts(opened!.accessToken)).toBe(true);
    const everything = JSON.stringify(res.headers) + res.body;
    expect(everything).not.toContain(opened!.accessToken);
    expect(everything).not.toContain(opened!.refreshToken);
    expect(session!.value).not.toContain(opened!.accessToken);

    // A new CSRF token is issued at login.
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // …and a device cookie (login-limits.test.ts), for the login route only.
    expect(res.cookies.find((c) => c.name === 'magpie_device')).toMatchObject({ path: '/fotoweb/views/login', httpOnly: true, sameSite: 'Strict' });

    const state = await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    expect(state.json()).toEqual({ authenticated: true, user: { userName: 'ada', fullName: 'ada Tester' } });
    expect(state.body).not.toContain(opened!.accessToken);
  });

  it('marks both cookies Secure when MAGPIE_COOKIE_SECURE is on', async () => {
    const bff = await sut.anotherBff({ cookieSecure: true });
    const browser = new TestBrowser(bff);
    const res = await browser.login('ada', 'user-password');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)).toMatchObject({ secure: true, sameSite: 'Strict' });
    expect(res.cookies.find((c) => c.name === 'magpie_device')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });

  it('answers the validated return address', async () => {
    const browser = new TestBrowser(sut.bff);
    const res = await browser.login('ada', 'user-password', '/fotoweb/archives/5000-Photos/?q=dog#top');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: '/fotoweb/archives/5000-Photos/?q=dog#top' });
  });

  it('refuses a return address on another site with 400 and issues', async () => {
    const browser = new TestBrowser(sut.bff);
    for (const to of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const res = await browser.login('ada', 'user-password', to);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'to', message: expect.any(String) }] });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('answers 401 with a FotoWeb error body for a wrong password or an unknown user', async () => {
    const browser = new TestBrowser(sut.bff);
    for (const [username, password] of [
      ['ada', 'wrong-password'],
      ['nobody', 'whatever'],
    ] as const) {
      const res = await browser.login(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        value: 'Unauthorized',
        heading: 'Access denied',
        message: 'Wrong user name or password.',
        requestId: expect.any(String),
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('answers 400 with issues for a missing password', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    const res = await browser.request({ method: 'POST', url: '/fotoweb/views/login', payload: { username: 'ada' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'password' }] });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    const res = await browser.request({
      method: 'POST',
      url: '/fotoweb/views/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=ada&password=user-password',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().value).toBe('UnsupportedMediaType');
  });

  it('needs the CSRF header like every unsafe method', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    const none = await browser.request({ method: 'POST', url: '/fotoweb/views/login', payload: { username: 'ada', password: 'user-password' }, csrf: false });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ value: 'InvalidCsrfToken', heading: 'Access denied' });
    expect(none.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const wrong = await browser.request({ method: 'POST', url: '/fotoweb/views/login', payload: { username: 'ada', password: 'user-password' }, csrf: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().value).toBe('InvalidCsrfToken');
  });

  it('replaces an earlier session of the browser and revokes its tokens', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const first = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    await browser.login('admin', ADMIN_PASSWORD);
    const second = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    expect(second.user.userName).toBe('admin');
    expect(await damAccepts(first.accessToken)).toBe(false);
    expect(await damAccepts(second.accessToken)).toBe(true);
  });
});

describe('POST /fotoweb/services/logout', () => {
  it('revokes the DAM tokens, clears the session cookie and answers 204', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const oldCookies = browser.cookieHeader();
    const oldCsrf = browser.cookies.get(CSRF_COOKIE)!;
    const tokens = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    expect((await browser.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json' } })).statusCode).toBe(200);

    const res = await browser.request({ method: 'POST', url: '/fotoweb/services/logout' });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(browser.cookies.get(CSRF_COOKIE)).not.toBe(oldCsrf); // a new CSRF token

    // The DAM has revoked both tokens…
    expect(await damAccepts(tokens.accessToken)).toBe(false);
    const refresh = await fetch(`${sut.damUrl}/fotoweb/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: sut.config.client.id, client_secret: sut.config.client.secret }),
    });
    expect(refresh.status).toBe(400);
    // …so replaying the old session cookie gets nothing.
    const replay = await sut.bff.inject({ method: 'GET', url: '/fotoweb/me/', headers: { cookie: oldCookies, accept: 'application/json' } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ value: 'Unauthorized' });
    const state = await sut.bff.inject({ method: 'GET', url: '/fotoweb/views/session', headers: { cookie: oldCookies } });
    expect(state.json()).toEqual({ authenticated: false });
  });

  it('answers 204 without a session too', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    const res = await browser.request({ method: 'POST', url: '/fotoweb/services/logout' });
    expect(res.statusCode).toBe(204);
  });

  it('needs the CSRF header', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const res = await browser.request({ method: 'POST', url: '/fotoweb/services/logout', csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await browser.request({ method: 'GET', url: '/fotoweb/views/session' })).json().authenticated).toBe(true);
  });
});

describe('a session whose tokens the DAM revoked', () => {
  it('reads as logged out and its cookie is cleared', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const tokens = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    await fetch(`${sut.damUrl}/fotoweb/services/logout`, { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const proxied = await browser.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json' } });
    expect(proxied.statusCode).toBe(401);
    const state = await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    expect(state.json()).toEqual({ authenticated: false });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('ignores a tampered session cookie', async () => {
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const value = browser.cookies.get(SESSION_COOKIE)!;
    browser.cookies.set(SESSION_COOKIE, value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
    const state = await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    expect(state.json()).toEqual({ authenticated: false });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

/**
 * Changes a user's account straight at the DAM, as the admin (`PATCH /fotoweb/api/users/{id}`, changed fields only),
 * with a fresh admin token (the short-lived stack's first one has expired).
 */
async function patchAccount(stack: TestStack, userId: number, account: Record<string, unknown>): Promise<void> {
  const { access_token: adminToken } = await stack.dam.login('admin', ADMIN_PASSWORD);
  const res = await stack.dam.app.inject({
    method: 'PATCH',
    url: `/fotoweb/api/users/${userId}`,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': MEDIA_TYPES.user, accept: MEDIA_TYPES.user },
    payload: JSON.stringify({ account }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Whether the DAM still grants a refresh token (the BFF's client, as the BFF would ask). */
async function refreshGranted(stack: TestStack, refreshToken: string): Promise<boolean> {
  const res = await fetch(`${stack.damUrl}/fotoweb/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: stack.config.client.id, client_secret: stack.config.client.secret }),
  });
  await res.body?.cancel();
  return res.status === 200;
}

describe('a user the DAM disables, lets expire or deletes (issue 11)', () => {
  it('ends the session: the next keepalive answers 401 and the session cookie is cleared', async () => {
    const dora = await sut.dam.createUser('dora');
    const browser = new TestBrowser(sut.bff);
    expect((await browser.login('dora', 'user-password')).statusCode).toBe(200);
    const tokens = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    expect((await browser.request({ method: 'GET', url: '/fotoweb/services/keepalive' })).statusCode).toBe(204);

    // The admin disables her through the BFF, as the users screen does.
    const admin = new TestBrowser(sut.bff);
    await admin.login('admin', ADMIN_PASSWORD);
    const disabled = await admin.request({
      method: 'PATCH',
      url: `/fotoweb/api/users/${dora.id}`,
      headers: { 'content-type': MEDIA_TYPES.user, accept: MEDIA_TYPES.user },
      payload: JSON.stringify({ account: { isEnabled: false } }),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ account: { isEnabled: false } });

    // The DAM revoked her grant: neither token works any more.
    expect(await damAccepts(tokens.accessToken)).toBe(false);
    expect(await refreshGranted(sut, tokens.refreshToken)).toBe(false);

    const keepalive = await browser.request({ method: 'GET', url: '/fotoweb/services/keepalive' });
    expect(keepalive.statusCode).toBe(401);
    expect(keepalive.json()).toMatchObject({ value: 'Unauthorized', message: expect.any(String), requestId: expect.any(String) });
    expect(keepalive.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.request({ method: 'GET', url: '/fotoweb/views/session' })).json()).toEqual({ authenticated: false });
    // The admin's own session is untouched.
    expect((await admin.request({ method: 'GET', url: '/fotoweb/services/keepalive' })).statusCode).toBe(204);
  });

  it('answers a disabled, an expired or a deleted user’s login with the same 401 as a wrong password', async () => {
    const disabled = await sut.dam.createUser('dis');
    await patchAccount(sut, disabled.id, { isEnabled: false });
    const expired = await sut.dam.createUser('exp');
    await patchAccount(sut, expired.id, { expires: '2020-01-01T00:00:00Z' });
    const deleted = await sut.dam.createUser('del');
    const removed = await sut.dam.app.inject({ method: 'DELETE', url: `/fotoweb/api/users/${deleted.id}`, headers: { authorization: `Bearer ${sut.dam.adminToken}` } });
    expect(removed.statusCode, removed.body).toBe(204);

    const wrong = await new TestBrowser(sut.bff).login('ada', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    const { requestId: _, ...wrongBody } = wrong.json() as Record<string, unknown>;
    expect(wrongBody).toEqual({ value: 'Unauthorized', heading: 'Access denied', message: 'Wrong user name or password.' });
    for (const username of ['dis', 'exp', 'del']) {
      // The right password: only the account's state refuses it, and the answer does not say so.
      const res = await new TestBrowser(sut.bff).login(username, 'user-password');
      expect(res.statusCode, username).toBe(401);
      expect(res.json()).toEqual({ ...wrongBody, requestId: expect.any(String) });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });
});

describe('transparent refresh', () => {
  let short: TestStack;
  beforeAll(async () => {
    // Access tokens live 1 s, well inside the 60 s refresh margin: every request through the BFF refreshes.
    short = await createTestStack({ damEnv: { MAGPIE_ACCESS_TOKEN_TTL: '1' } });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('refreshes an expiring token, rewrites the cookie, and the old tokens die', async () => {
    const browser = new TestBrowser(short.bff);
    await browser.login('admin', ADMIN_PASSWORD);
    const before = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // let the access token expire at the DAM
    const res = await browser.request({ method: 'GET', url: '/fotoweb/me/archives/', headers: { accept: 'application/vnd.fotoware.collectionlist+json' } });
    expect(res.statusCode).toBe(200);
    const rewritten = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(rewritten).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const after = openSessionCookie(rewritten!.value)!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.user).toEqual(before.user);
    expect(res.body).not.toContain(after.accessToken);
    // The DAM rotated the grant: the old refresh token is dead, the new one works once.
    const grant = (refreshToken: string) =>
      fetch(`${short.damUrl}/fotoweb/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: short.config.client.id, client_secret: short.config.client.secret }),
      });
    expect((await grant(before.refreshToken)).status).toBe(400);
  });

  it('lets concurrent requests of one session share one refresh', async () => {
    const browser = new TestBrowser(short.bff);
    await browser.login('admin', ADMIN_PASSWORD);
    const cookie = browser.cookieHeader();
    const responses = await Promise.all(Array.from({ length: 6 }, () => short.bff.inject({ method: 'GET', url: '/fotoweb/me/', headers: { cookie, accept: 'application/json' } })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const sessions = responses.map((r) => openSessionCookie(r.cookies.find((c) => c.name === SESSION_COOKIE)!.value)!);
    expect(new Set(sessions.map((s) => s.refreshToken)).size).toBe(1);

    // A request the browser sent with the old cookie just after the refresh still works (same rotated tokens).
    const late = await short.bff.inject({ method: 'GET', url: '/fotoweb/me/', headers: { cookie, accept: 'application/json' } });
    expect(late.statusCode).toBe(200);
  });

  it('treats a refused refresh as logged out: 401 and the cookie cleared', async () => {
    const browser = new TestBrowser(short.bff);
    await browser.login('admin', ADMIN_PASSWORD);
    const tokens = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    // Revoke the grant behind the BFF's back (another tab logged out, an admin disabled the user…).
    const revoked = await fetch(`${short.damUrl}/fotoweb/services/logout`, { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(revoked.status).toBe(204);
    const res = await browser.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', heading: 'Access denied' });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('treats the refresh the DAM refuses to a disabled user as logged out (issue 11)', async () => {
    const zed = await short.dam.createUser('zed');
    const browser = new TestBrowser(short.bff);
    expect((await browser.login('zed', 'user-password')).statusCode).toBe(200);
    const tokens = openSessionCookie(browser.cookies.get(SESSION_COOKIE)!)!;
    await patchAccount(short, zed.id, { isEnabled: false });
    expect(await refreshGranted(short, tokens.refreshToken)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the access token's life: the BFF must refresh
    const res = await browser.request({ method: 'GET', url: '/fotoweb/services/keepalive' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', heading: 'Access denied' });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('DAM unreachable', () => {
  it('answers 502 BadGateway to login, session and proxied calls, and keeps running', async () => {
    // Log in on the real DAM, then point a BFF with the same secret at a dead address.
    const browser = new TestBrowser(sut.bff);
    await browser.login('ada', 'user-password');
    const bff = await buildBffApp(testConfig({ damUrl: await deadUrl() }));
    try {
      const down = new TestBrowser(bff);
      for (const [name, value] of browser.cookies) down.cookies.set(name, value);
      const login = await down.login('ada', 'user-password');
      expect(login.statusCode).toBe(502);
      expect(login.json()).toMatchObject({ value: 'BadGateway', message: expect.any(String) });
      const session = await down.request({ method: 'GET', url: '/fotoweb/views/session' });
      expect(session.statusCode).toBe(502);
      expect(session.json().value).toBe('BadGateway');
      const proxied = await down.request({ method: 'GET', url: '/fotoweb/me/archives/', headers: { accept: 'application/json' } });
      expect(proxied.statusCode).toBe(502);
      expect(proxied.json()).toMatchObject({ value: 'BadGateway' });
      const logout = await down.request({ method: 'POST', url: '/fotoweb/services/logout' });
      expect(logout.statusCode).toBe(204);
    } finally {
      await bff.close();
    }
  });
});
