/**
 * The site's footer (issue 15; spec 02 §2 "a custom markdown footer"): anyone reads it, with or without a token,
 * whatever the guest setting; administrators with manageSettings replace it, within the size limit; refusals are
 * FotoWeb error bodies and leave the stored footer as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_FOOTER_MAX_LENGTH } from '@magpie/api-types/schemas';
import type { SiteFooter } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer } from '../../testing/requests.ts';

const URL = '/fotoweb/api/footer';
let dam: TestDam;
let settingsAdmin: { token: string };
let plainUser: { token: string };

beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_GUEST_ACCESS: 'off' });
  settingsAdmin = await dam.createMemberWith('footer-settings', ['manageSettings']);
  plainUser = await dam.createUser('footer-plain');
});
afterAll(async () => {
  await dam?.close();
});

const read = () => dam.app.inject({ method: 'GET', url: URL });
const put = (body: unknown, token?: string, contentType = 'application/json') =>
  dam.app.inject({ method: 'PUT', url: URL, headers: { ...(token ? bearer(token) : {}), 'content-type': contentType }, payload: JSON.stringify(body) });

describe('getSiteFooter', () => {
  it('answers an empty footer to anyone before an administrator writes one', async () => {
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.json()).toEqual({ markdown: '', modified: null });
  });
});

describe('updateSiteFooter', () => {
  it('stores the Markdown of a manageSettings holder, which anyone then reads', async () => {
    const markdown = '**Magpie** · [Contact](mailto:dam@example.com) · [Help](https://example.com/help)';
    const saved = await put({ markdown }, settingsAdmin.token);
    expect(saved.statusCode).toBe(200);
    const footer = saved.json() as SiteFooter;
    expect(footer.markdown).toBe(markdown);
    expect(Date.parse(footer.modified!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await read()).json()).toEqual(footer);
    const signedIn = await dam.app.inject({ method: 'GET', url: URL, headers: bearer(plainUser.token) });
    expect(signedIn.json()).toEqual(footer);
  });

  it('removes the footer for a blank text', async () => {
    expect((await put({ markdown: '  \n ' }, dam.adminToken)).json()).toMatchObject({ markdown: '' });
    expect((await read()).json()).toMatchObject({ markdown: '' });
  });

  it('refuses, keeping the stored footer: no token, no permission, too long, a bad shape, another media type', async () => {
    await put({ markdown: 'Kept footer' }, dam.adminToken);

    const anonymous = await put({ markdown: 'Anonymous' });
    expect(anonymous.statusCode).toBe(401);

    const forbidden = await put({ markdown: 'Not mine' }, plainUser.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageSettings') });

    const tooLong = await put({ markdown: 'x'.repeat(SITE_FOOTER_MAX_LENGTH + 1) }, dam.adminToken);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ value: 'InvalidRequest' });
    expect(JSON.stringify(tooLong.json())).toContain('at most 10,000 characters');

    expect((await put({ markdown: 'x'.repeat(SITE_FOOTER_MAX_LENGTH) }, dam.adminToken)).statusCode).toBe(200);
    await put({ markdown: 'Kept footer' }, dam.adminToken);

    const extra = await put({ markdown: 'ok', html: '<b>no</b>' }, dam.adminToken);
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ value: 'InvalidRequest' });

    const notText = await put({ markdown: 42 }, dam.adminToken);
    expect(notText.statusCode).toBe(400);

    const wrongType = await put({ markdown: 'text' }, dam.adminToken, 'text/plain');
    expect(wrongType.statusCode).toBe(415);

    expect((await read()).json()).toMatchObject({ markdown: 'Kept footer' });
  });

  it('answers 404 for a method the footer has not', async () => {
    const res = await dam.app.inject({ method: 'DELETE', url: URL, headers: bearer(dam.adminToken) });
    expect([404, 405]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('value');
  });
});
