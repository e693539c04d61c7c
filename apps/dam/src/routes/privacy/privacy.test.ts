/**
 * The cookie consent (issue 15; spec 02 §3 Cookie consent reply, §7 `GET {base}/api/privacy/cookie-consent`): anyone
 * reads the banner and the policy, with or without a token, whatever the guest setting; the text names the cookies
 * Magpie really sets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE, type CookieConsent } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer } from '../../testing/requests.ts';

const URL = '/fotoweb/api/privacy/cookie-consent';
let dam: TestDam;

beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_GUEST_ACCESS: 'off' });
});
afterAll(async () => {
  await dam?.close();
});

describe('getCookieConsent', () => {
  it('answers the banner and the policy to anyone, naming the cookies Magpie sets', async () => {
    const anonymous = await dam.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=3600');
    const consent = anonymous.json() as CookieConsent;
    expect(consent.banner.title).toBe('Cookies on this site');
    expect(consent.banner.body.length).toBeGreaterThan(20);
    expect(consent.policy).toContain(SESSION_COOKIE);
    expect(consent.policy).toContain(CSRF_COOKIE);
    expect(consent.policy.split('\n\n').length).toBeGreaterThan(2);
    const signedIn = await dam.app.inject({ method: 'GET', url: URL, headers: bearer(dam.adminToken) });
    expect(signedIn.json()).toEqual(consent);
  });
});
