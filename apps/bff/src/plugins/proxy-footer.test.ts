/**
 * The site's footer through the BFF (issue 15; spec 02 §2 "a custom markdown footer"): a browser without a session
 * reads it (`getSiteFooter` is among the public operations, as the footer shows on the login page, with guest access
 * off too); changing it needs a session, the CSRF header and a body the contract accepts, and the DAM decides the
 * permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

const FOOTER = '/fotoweb/api/footer';
let sut: TestStack;

beforeAll(async () => {
  sut = await createTestStack({ damEnv: { MAGPIE_GUEST_ACCESS: 'off' } });
  await sut.dam.createUser('bff-footer-plain', 'plain-password-1');
});
afterAll(async () => {
  await sut?.close();
});

/** A browser that has visited once, so it holds the CSRF cookie. */
async function visitor(): Promise<TestBrowser> {
  const browser = new TestBrowser(sut.bff);
  await browser.request({ method: 'GET', url: '/fotoweb/views/session' });
  return browser;
}

describe('the footer through the BFF', () => {
  it('lets a visitor without a session read it, and an administrator change it', async () => {
    const anonymous = await visitor();
    const first = await anonymous.request({ method: 'GET', url: FOOTER });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ markdown: '', modified: null });
    const refused = await anonymous.request({ method: 'PUT', url: FOOTER, payload: { markdown: 'No session' } });
    expect(refused.statusCode).toBe(401);

    const admin = await visitor();
    expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const noCsrf = await admin.request({ method: 'PUT', url: FOOTER, payload: { markdown: 'No CSRF' }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const tooLong = await admin.request({ method: 'PUT', url: FOOTER, payload: { markdown: 'x'.repeat(10_001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ value: 'InvalidRequest' });
    const saved = await admin.request({ method: 'PUT', url: FOOTER, payload: { markdown: '[Help](https://example.com/help)' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await anonymous.request({ method: 'GET', url: FOOTER })).json()).toMatchObject({ markdown: '[Help](https://example.com/help)' });

    const plain = await visitor();
    expect((await plain.login('bff-footer-plain', 'plain-password-1')).statusCode).toBe(200);
    const forbidden = await plain.request({ method: 'PUT', url: FOOTER, payload: { markdown: 'Not mine' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ value: 'Forbidden' });
  });
});
