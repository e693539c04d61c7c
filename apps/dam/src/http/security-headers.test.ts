/**
 * The DAM's API security headers (issue 9) on every kind of answer: JSON, a preview image, errors raised in hooks
 * and handlers, 404s and the router's own errors.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import { DAM_CSP } from './security-headers.ts';

let sut: TestDam;
let previewHref: string;

beforeAll(async () => {
  sut = await createTestDam();
  const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos/orientation/Landscape_5.jpg'), {
    filename: 'headers.jpg',
  });
  expect(status.status).toBe('done');
  const asset = await sut.app.inject({
    method: 'GET',
    url: new URL(status.result!.assetUrl, 'http://x').pathname,
    headers: { authorization: `Bearer ${sut.adminToken}`, accept: 'application/vnd.fotoware.asset+json' },
  });
  previewHref = (asset.json() as { previews: Array<{ href: string }> }).previews[0]!.href;
});
afterAll(async () => {
  await sut?.close();
});

function expectApiHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-security-policy'], what).toBe(DAM_CSP);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

describe('API security headers', () => {
  it('on JSON answers and on preview images', async () => {
    const me = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: { authorization: `Bearer ${sut.adminToken}`, accept: 'application/json' } });
    expect(me.statusCode).toBe(200);
    expectApiHeaders(me, 'GET /fotoweb/me/');

    const preview = await sut.app.inject({ method: 'GET', url: new URL(previewHref, 'http://x').pathname, headers: { authorization: `Bearer ${sut.adminToken}` } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\//);
    expectApiHeaders(preview, 'preview');

    const health = await sut.app.inject({ method: 'GET', url: '/fotoweb/health' });
    expectApiHeaders(health, 'health (no token)');
  });

  it('on errors, 404s and the router’s own answers', async () => {
    const unauthorized = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/' });
    expect(unauthorized.statusCode).toBe(401);
    expectApiHeaders(unauthorized, '401');

    const token = await sut.app.inject({ method: 'POST', url: '/fotoweb/oauth2/token', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(token.statusCode).toBe(400);
    expectApiHeaders(token, 'invalid JSON');

    const notFound = await sut.app.inject({ method: 'GET', url: '/nothing/here', headers: { authorization: `Bearer ${sut.adminToken}` } });
    expect(notFound.statusCode).toBe(404);
    expectApiHeaders(notFound, '404');

    const badUrl = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expectApiHeaders(badUrl, 'malformed URL');
  });
});
