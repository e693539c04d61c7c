/**
 * The site's appearance (issue 15; spec 01 §2, §3 `appearance.customCss`, §7 "POST custom CSS url: cssContent"; spec 02
 * §3 `customizations.customTitleBarButtons`; dam.yaml tag Appearance): the CSS for anyone at an address that changes
 * with it, its changes and the title-bar buttons for holders of `changeSiteAppearance`, the descriptor's links, the
 * Manage site section in the permissions overview, and every refusal (guests, others, CSS too large, bad links), none
 * of which loses what is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_CSS_MAX_BYTES, type AppearanceSettings, type ConfigOptions, type FullApiDescriptor, type PublicApiDescriptor, type TitleBarButton } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

const CSS = '/fotoweb/appearance/css';
const SETTINGS = '/fotoweb/appearance/';
const BUTTONS = '/fotoweb/appearance/title-bar-buttons';

let dam: TestDam;
const { call } = requestsFor(() => dam);
let designer: { id: number; token: string };
let member: { id: number; token: string };

const descriptor = async (token: string) => (await call('GET', '/fotoweb/me', undefined, token)).json() as FullApiDescriptor;
const button = (over: Partial<TitleBarButton> = {}): TitleBarButton => ({ index: 1, tooltip: 'Help', href: 'https://example.com/help', target: '_blank', icon: 'help', ...over });

beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_GUEST_ACCESS: 'off' });
  designer = await dam.createMemberWith('designer', ['changeSiteAppearance']);
  member = await dam.createUser('member');
});
afterAll(async () => {
  await dam?.close();
});

describe('custom CSS', () => {
  it('is empty and not linked until set; then served as text/css to anyone at a versioned address', async () => {
    expect((await descriptor(member.token)).appearance.customCss).toBeNull();
    const empty = await dam.app.inject({ method: 'GET', url: CSS });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('');

    const saved = await call('POST', CSS, { cssContent: 'header { background: rgb(1, 2, 3); }' }, designer.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json() as AppearanceSettings;
    expect(settings).toMatchObject({ cssContent: 'header { background: rgb(1, 2, 3); }', cssMaxBytes: CUSTOM_CSS_MAX_BYTES });
    expect(settings.customCss).toMatch(/^\/fotoweb\/appearance\/css\?v=[0-9]+$/);
    expect((await descriptor(member.token)).appearance.customCss).toBe(settings.customCss);

    // Anyone reads it, without a token, even with guest access off; the current version may be kept for a year.
    const css = await dam.app.inject({ method: 'GET', url: settings.customCss! });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toBe('header { background: rgb(1, 2, 3); }');
    expect((await dam.app.inject({ method: 'GET', url: `${CSS}?v=old` })).headers['cache-control']).toBe('no-cache');
    // Never sniffed as anything else; the unversioned address is revalidated by its ETag (304 while unchanged).
    expect(css.headers['x-content-type-options']).toBe('nosniff');
    const unversioned = await dam.app.inject({ method: 'GET', url: CSS });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect(unversioned.headers.etag).toMatch(/^"css-[0-9]+"$/);
    const unchanged = await dam.app.inject({ method: 'GET', url: CSS, headers: { 'if-none-match': `W/"x", ${unversioned.headers.etag as string}` } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(unversioned.headers.etag);

    // A change gives a new address; an empty string clears it and the descriptor no longer links it.
    const changed = (await call('POST', CSS, { cssContent: 'main { color: red; }' }, designer.token)).json() as AppearanceSettings;
    expect(changed.customCss).not.toBe(settings.customCss);
    const revalidated = await dam.app.inject({ method: 'GET', url: CSS, headers: { 'if-none-match': unversioned.headers.etag as string } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toBe('main { color: red; }');
    const cleared = await call('POST', CSS, { cssContent: '' }, designer.token);
    expect(cleared.json()).toMatchObject({ customCss: null, cssContent: '' });
    expect((await descriptor(member.token)).appearance.customCss).toBeNull();
  });

  it('refuses CSS over the size limit with 413 and keeps what was stored', async () => {
    expect((await call('POST', CSS, { cssContent: 'a { color: blue; }' }, designer.token)).statusCode).toBe(200);
    // Multi-byte characters count as their UTF-8 bytes.
    const tooLarge = `/* ${'é'.repeat(CUSTOM_CSS_MAX_BYTES / 2)} */`;
    const refused = await call('POST', CSS, { cssContent: tooLarge }, designer.token);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ value: 'PayloadTooLarge', heading: 'CSS too large' });
    expect(refused.json().message).toContain(String(CUSTOM_CSS_MAX_BYTES));
    expect((await dam.app.inject({ method: 'GET', url: CSS })).body).toBe('a { color: blue; }');
    // Exactly at the limit is accepted.
    expect((await call('POST', CSS, { cssContent: 'x'.repeat(CUSTOM_CSS_MAX_BYTES) }, designer.token)).statusCode).toBe(200);
    expect((await call('POST', CSS, { cssContent: '' }, designer.token)).statusCode).toBe(200);
  });

  it('refuses changes to anyone without changeSiteAppearance, and bodies that are not a stylesheet', async () => {
    expect((await call('POST', CSS, { cssContent: 'a {}' }, '')).statusCode).toBe(401);
    const forbidden = await call('POST', CSS, { cssContent: 'a {}' }, member.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ value: 'Forbidden' });
    expect(forbidden.json().message).toContain('changeSiteAppearance');
    expect((await call('GET', SETTINGS, undefined, member.token)).statusCode).toBe(403);
    const bad = await call('POST', CSS, { cssContent: 42 }, designer.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest' });
    expect((await dam.app.inject({ method: 'GET', url: CSS })).body).toBe('');
  });
});

describe('title-bar buttons', () => {
  it('are stored whole, answered in index order, and in the descriptor for everyone', async () => {
    const list = [button({ index: 5, tooltip: 'Intranet', href: '/fotoweb/archives/', target: '_self', icon: null }), button()];
    const saved = await call('PUT', BUTTONS, { data: list }, designer.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: TitleBarButton[] }).data.map((b) => b.tooltip)).toEqual(['Help', 'Intranet']);
    expect((await call('GET', BUTTONS, undefined, member.token)).json().data).toEqual(saved.json().data);
    expect((await descriptor(member.token)).customizations).toEqual({ customTitleBarButtons: saved.json().data });
    expect(((await call('GET', SETTINGS, undefined, designer.token)).json() as AppearanceSettings).titleBarButtons).toEqual(saved.json().data);
  });

  it.each([
    ['a javascript: link', { href: 'javascript:alert(1)' }],
    ['a data: link', { href: 'data:text/html,hi' }],
    ['a protocol-relative link', { href: '//evil.example/' }],
    ['a relative link', { href: 'help.html' }],
    ['an empty tooltip', { tooltip: '   ' }],
    ['an unknown target', { target: '_top' }],
    ['an unknown icon', { icon: 'skull' }],
    ['a negative index', { index: -1 }],
  ])('refuses %s with 400 and keeps the stored list', async (_label, over) => {
    const before = (await call('GET', BUTTONS, undefined, member.token)).json();
    const refused = await call('PUT', BUTTONS, { data: [button(over as Partial<TitleBarButton>)] }, designer.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ value: 'InvalidRequest' });
    expect((await call('GET', BUTTONS, undefined, member.token)).json()).toEqual(before);
  });

  it('refuses more than 10 buttons, and anyone without changeSiteAppearance', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => button({ index: i }));
    expect((await call('PUT', BUTTONS, { data: eleven }, designer.token)).statusCode).toBe(400);
    expect((await call('PUT', BUTTONS, { data: [] }, member.token)).statusCode).toBe(403);
    expect((await call('PUT', BUTTONS, { data: [] }, '')).statusCode).toBe(401);
    expect((await call('GET', BUTTONS, undefined, '')).statusCode).toBe(401);
  });
});

describe('Manage site (spec 03 §2.1, §3.4)', () => {
  it('offers the page with its Appearance section to holders of changeSiteAppearance, its Footer to manageSettings', async () => {
    const mine = await descriptor(designer.token);
    expect(mine.views.management).toBe('/fotoweb/views/management');
    expect(mine.appearance.admin).toEqual({ settings: SETTINGS, css: CSS, titleBarButtons: BUTTONS });
    const overview = await call('GET', '/fotoweb/api/config/options', undefined, designer.token);
    expect(overview.statusCode).toBe(200);
    expect((overview.json() as ConfigOptions).AvailableConfigSections).toEqual(['Appearance']);
    expect((await call('GET', '/fotoweb/api/config/options', undefined, dam.adminToken)).json().AvailableConfigSections).toEqual(['Appearance', 'Footer']);

    const theirs = await descriptor(member.token);
    expect(theirs.views.management).toBeNull();
    expect(theirs.appearance.admin).toBeNull();
    const manager = await dam.createMemberWith('user-manager', ['manageUsers']);
    expect((await call('GET', '/fotoweb/api/config/options', undefined, manager.token)).json().AvailableConfigSections).toEqual([]);
    const settingsManager = await dam.createMemberWith('settings-manager', ['manageSettings']);
    expect((await call('GET', '/fotoweb/api/config/options', undefined, settingsManager.token)).json().AvailableConfigSections).toEqual(['Footer']);
    expect((await descriptor(settingsManager.token)).views.management).toBe('/fotoweb/views/management');
  });
});

describe('for visitors who are not signed in (guest access on)', () => {
  let open: TestDam;
  beforeAll(async () => {
    open = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
  });
  afterAll(async () => {
    await open?.close();
  });
  const publicDescriptor = async (token?: string) => {
    const answer = await open.app.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as PublicApiDescriptor;
  };
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    open.app.inject({ method, url, headers: { authorization: `Bearer ${open.adminToken}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('the public descriptor names the custom CSS and the title-bar buttons once set, never the admin links', async () => {
    const before = await publicDescriptor();
    expect(before.appearance).toMatchObject({ customCss: null, admin: null });
    expect(before.customizations).toEqual({ customTitleBarButtons: [] });

    const saved = await asAdmin('POST', CSS, { cssContent: 'main { border-top: 4px solid rgb(1, 2, 3); }' });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = (saved.json() as AppearanceSettings).customCss;
    expect(address).toMatch(/^\/fotoweb\/appearance\/css\?v=[0-9]+$/);
    const buttons = await asAdmin('PUT', BUTTONS, { data: [button(), button({ index: 0, tooltip: 'Home', href: '/fotoweb/archives/', target: '_self', icon: 'home' })] });
    expect(buttons.statusCode, buttons.body).toBe(200);

    // The same address and buttons as a signed-in caller's descriptor; a request with a token gets no admin links here.
    const after = await publicDescriptor();
    const full = (await open.app.inject({ method: 'GET', url: '/fotoweb/me', headers: { authorization: `Bearer ${open.adminToken}` } })).json() as FullApiDescriptor;
    expect(after.appearance?.customCss).toBe(address);
    expect(full.appearance.customCss).toBe(address);
    expect(after.customizations?.customTitleBarButtons.map((b) => b.tooltip)).toEqual(['Home', 'Help']);
    expect(after.customizations).toEqual(full.customizations);
    expect((await publicDescriptor(open.adminToken)).appearance?.admin).toBeNull();

    // What it names is readable without a token, as CSS.
    const css = await open.app.inject({ method: 'GET', url: address! });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('main { border-top: 4px solid rgb(1, 2, 3); }');

    // Cleared: no address any more.
    expect((await asAdmin('POST', CSS, { cssContent: '' })).statusCode).toBe(200);
    expect((await asAdmin('PUT', BUTTONS, { data: [] })).statusCode).toBe(200);
    expect((await publicDescriptor()).appearance?.customCss).toBeNull();
    expect((await publicDescriptor()).customizations).toEqual({ customTitleBarButtons: [] });
  });
});
