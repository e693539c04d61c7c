/**
 * The site's appearance through the BFF (issue 15; spec 01 §3 `appearance.customCss`, §7 "POST custom CSS url:
 * cssContent"; spec 02 §3): a browser without a session reads the custom CSS as text/css at its versioned address
 * (`getCustomCss` is a public operation, with guest access off too); changing it and the title-bar buttons needs a
 * session, the CSRF header and a body the contract accepts (a `javascript:` link is refused here already), and the DAM
 * decides the permission and the size limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

const CSS = '/fotoweb/appearance/css';
const BUTTONS = '/fotoweb/appearance/title-bar-buttons';
let sut: TestStack;

beforeAll(async () => {
  sut = await createTestStack({ damEnv: { MAGPIE_GUEST_ACCESS: 'off' } });
  await sut.dam.createUser('bff-appearance-plain', 'plain-password-1');
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

describe('the appearance through the BFF', () => {
  it('serves the CSS to a visitor without a session, and lets only an administrator change it', async () => {
    const anonymous = await visitor();
    const refused = await anonymous.request({ method: 'POST', url: CSS, payload: { cssContent: 'a {}' } });
    expect(refused.statusCode).toBe(401);

    const admin = await visitor();
    expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: CSS, payload: { cssContent: 'a {}' }, csrf: false })).statusCode).toBe(403);
    const saved = await admin.request({ method: 'POST', url: CSS, payload: { cssContent: 'main { color: teal; }' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const href = saved.json().customCss as string;
    expect(href).toMatch(/^\/fotoweb\/appearance\/css\?v=\d+$/);

    const css = await anonymous.request({ method: 'GET', url: href, headers: { accept: 'text/css,*/*;q=0.1' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('main { color: teal; }');
    // The BFF's own safe headers; the unversioned address (the login page's link with guest access off) revalidates.
    expect(css.headers['x-content-type-options']).toBe('nosniff');
    const unversioned = await anonymous.request({ method: 'GET', url: CSS, headers: { accept: 'text/css,*/*;q=0.1' } });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    const etag = unversioned.headers.etag as string;
    expect(etag).toMatch(/^"css-\d+"$/);
    const unchanged = await anonymous.request({ method: 'GET', url: CSS, headers: { accept: 'text/css,*/*;q=0.1', 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const tooLarge = await admin.request({ method: 'POST', url: CSS, payload: { cssContent: 'x'.repeat(262_145) } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ value: 'PayloadTooLarge' });

    const badLink = await admin.request({ method: 'PUT', url: BUTTONS, payload: { data: [{ index: 0, tooltip: 'x', href: 'javascript:alert(1)', target: '_self', icon: null }] } });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json()).toMatchObject({ value: 'InvalidRequest' });

    const plain = await visitor();
    expect((await plain.login('bff-appearance-plain', 'plain-password-1')).statusCode).toBe(200);
    const forbidden = await plain.request({ method: 'POST', url: CSS, payload: { cssContent: '' } });
    expect(forbidden.statusCode).toBe(403);
    expect((await plain.request({ method: 'GET', url: BUTTONS })).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: CSS, payload: { cssContent: '' } })).statusCode).toBe(200);
  });
});
