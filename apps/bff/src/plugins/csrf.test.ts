import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@magpie/api-types';
import { errorsPlugin } from './errors.ts';
import { csrfPlugin } from './csrf.ts';

// The plugin on its own (no DAM involved): a tiny app with one route per method.
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(csrfPlugin, { cookieSecure: true });
  app.route({ method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/thing', handler: async (request) => ({ ok: true, token: request.csrfToken }) });
  app.post('/rotate', async (_request, reply) => reply.rotateCsrfToken().send({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const TOKEN = 'A'.repeat(43);

describe('csrf', () => {
  it('sets a readable, SameSite=Strict, Path=/ cookie on a response to a browser without one', async () => {
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(set).toMatchObject({ path: '/', sameSite: 'Strict', secure: true });
    expect(set?.httpOnly).toBeFalsy();
    expect(set?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().token).toBe(set?.value);
  });

  it('keeps a well-formed cookie and replaces a malformed one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/thing', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}` } });
    expect(kept.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
    const replaced = await app.inject({ method: 'GET', url: '/thing', headers: { cookie: `${CSRF_COOKIE}=short` } });
    expect(replaced.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets safe methods through without the header', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
      expect((await app.inject({ method, url: '/thing' })).statusCode, method).toBe(200);
    }
  });

  it('answers 403 InvalidCsrfToken to unsafe methods without the header, with a wrong one, or without the cookie', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const headers of [{ cookie: `${CSRF_COOKIE}=${TOKEN}` }, { cookie: `${CSRF_COOKIE}=${TOKEN}`, 'x-csrf-token': 'B'.repeat(43) }, { 'x-csrf-token': TOKEN }]) {
        const res = await app.inject({ method, url: '/thing', headers });
        expect(res.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toEqual({
          value: 'InvalidCsrfToken',
          heading: 'Access denied',
          message: 'The request lacks a valid CSRF token. Reload the page and try again.',
          requestId: expect.any(String),
        });
      }
      const ok = await app.inject({ method, url: '/thing', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}`, 'x-csrf-token': TOKEN } });
      expect(ok.statusCode, method).toBe(200);
    }
  });

  it('rotates the token on request', async () => {
    const res = await app.inject({ method: 'POST', url: '/rotate', headers: { cookie: `${CSRF_COOKIE}=${TOKEN}`, 'x-csrf-token': TOKEN } });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(set?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(set?.value).not.toBe(TOKEN);
  });
});

describe('csrf cookie over HTTPS', () => {
  it('without MAGPIE_COOKIE_SECURE, carries Secure exactly when the request came over HTTPS (via a trusted proxy)', async () => {
    const trusting = Fastify({ trustProxy: '10.0.0.5' });
    await trusting.register(errorsPlugin);
    await trusting.register(cookie);
    await trusting.register(csrfPlugin, { cookieSecure: false });
    trusting.get('/thing', async () => ({ ok: true }));
    try {
      const secureOf = async (headers: Record<string, string>, remoteAddress: string) =>
        (await trusting.inject({ method: 'GET', url: '/thing', headers, remoteAddress })).cookies.find((c) => c.name === CSRF_COOKIE)?.secure;
      expect(await secureOf({ 'x-forwarded-proto': 'https' }, '10.0.0.5')).toBe(true);
      expect(await secureOf({ 'x-forwarded-proto': 'http' }, '10.0.0.5')).toBeFalsy();
      expect(await secureOf({}, '10.0.0.5')).toBeFalsy();
      // Anyone but the proxy may claim HTTPS in vain.
      expect(await secureOf({ 'x-forwarded-proto': 'https' }, '203.0.113.7')).toBeFalsy();
    } finally {
      await trusting.close();
    }
  });
});
