/**
 * The `validate` plugin's input gate (issue 9): the BFF refuses NUL, lone surrogates, over-deep JSON, malformed
 * percent-encoding and over-long URLs itself, with a FotoWeb error body naming the field, so such input never
 * reaches the DAM (a NUL in a user name used to answer 502: the DAM's database refused it with a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@magpie/api-types/schemas';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';
import { MAX_URL_CHARS } from './validate.ts';

let sut: TestStack;
let admin: TestBrowser;

beforeAll(async () => {
  sut = await createTestStack();
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

/** A 4xx FotoWeb error body `{value, message, requestId}` whose message matches. */
function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string | RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    value: 'InvalidRequest',
    message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
    requestId: expect.any(String),
  });
}

describe('login input (issue 9: a NUL in the user name answered 502)', () => {
  it.each([
    ['{"username":"adm\\u0000in","password":"x"}', 'The body field "username" contains a NUL character'],
    ['{"username":"\\ud800","password":"x"}', 'The body field "username" contains a lone UTF-16 surrogate'],
    ['{"username":"admin","password":"x\\u0000"}', 'The body field "password" contains a NUL'],
    ['{"username":"ad\\u001bmin","password":"x"}', 'The user name must not contain control characters'],
  ])('%s answers 400 at the BFF', async (payload, message) => {
    const browser = new TestBrowser(sut.bff);
    await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
    const res = await browser.request({ method: 'POST', url: '/fotoweb/views/login', headers: { 'content-type': 'application/json' }, payload });
    expectRefused(res, 400, message);
    expect(browser.cookies.has('magpie_session')).toBe(false);
  });
});

describe('every /fotoweb/ request', () => {
  it('refuses NUL in query values and keys, and in the path', async () => {
    const query = await admin.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/?q=fn:a%00b' });
    expectRefused(query, 400, 'The query parameter "q" contains a NUL character (U+0000), which is not allowed.');
    expect(query.json()).toMatchObject({ issues: [{ path: 'query.q' }] });
    expectRefused(await admin.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/?%00=1' }), 400, 'The query has a key');
    expectRefused(await admin.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/a%00b/' }), 400, 'The path contains a NUL');
  });

  it("answers malformed percent-encoding (an encoded lone surrogate) with a FotoWeb body, not Fastify's", async () => {
    expectRefused(await admin.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/%ED%A0%80/' }), 400, /not UTF-8/);
  });

  it(`refuses a URL over ${MAX_URL_CHARS} characters with 414 before forwarding it`, async () => {
    expectRefused(await admin.request({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${'x'.repeat(MAX_URL_CHARS)}` }), 414, 'The URL is longer');
  });

  it(`refuses a checked JSON body with NUL, a lone surrogate, or nested deeper than ${MAX_JSON_DEPTH} levels; the DAM never sees it`, async () => {
    const before = (await admin.request({ method: 'GET', url: '/fotoweb/me/user-preferences/' })).json();
    const patch = (payload: string) => admin.request({ method: 'PATCH', url: '/fotoweb/me/user-preferences/', headers: { 'content-type': 'application/json' }, payload });
    expectRefused(await patch('{"data":{"intranet":{"a":"x\\u0000"}}}'), 400, 'The body field "data.intranet.a" contains a NUL');
    expectRefused(await patch('{"data":{"intranet":{"a":"\\udfff"}}}'), 400, 'lone UTF-16 surrogate');
    expectRefused(await patch(`{"data":{"intranet":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}}`), 400, `deeper than ${MAX_JSON_DEPTH} levels`);
    expect((await admin.request({ method: 'GET', url: '/fotoweb/me/user-preferences/' })).json()).toEqual(before);
  });
});
