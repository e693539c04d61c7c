/**
 * Consent (issue 15; spec 01 §3 consentStatus, spec 02 §3 and §9 the consent status filter, spec 03 §3.10 settings,
 * §3.11 permissions; dam.yaml tag Consent): the settings and the descriptor, consent forms and their assets, an asset's
 * `consentStatus` by permission, the `cst` filter, and every refusal and bad input.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, Dam } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';
import { assetConsentState, presentConsentStatus } from '../../presenters/consent.presenter.ts';

type S = Dam.components['schemas'];

const SETTINGS = '/fotoweb/api/config/consentForms/ConsentFormSettings';
const FORMS = '/fotoweb/consent/forms/';
const PHOTOS = '/fotoweb/archives/5000-Photos/';

let dam: TestDam;
const { call, userWith } = requestsFor(() => dam);
let configurer: { id: number; token: string };
let viewer: { token: string };
let summary: { token: string };
let details: { token: string };
let manager: { token: string };
const assets: string[] = [];
const ids: number[] = [];

const settingsBody = (changes: Partial<S['ConsentFormSettings']> = {}): S['ConsentFormSettings'] => ({
  companyAbout: 'We photograph people.\nWith their consent.',
  contactEmailAddress: 'consent@example.com',
  companyName: 'Magpie Photo',
  defaultUrlExpiryDays: 45,
  enableConsentForms: true,
  pdfRenderCompanyLogo: false,
  pdfRenderCompanyLogoInBanner: true,
  categories: [],
  templates: [],
  languages: [],
  defaultFields: [],
  ...changes,
});
const form = (changes: Record<string, unknown> = {}) => ({
  personName: 'Ada Model',
  email: 'ada@example.com',
  state: 'Signed',
  signed: '2026-01-10',
  usages: ['web', 'print'],
  ...changes,
});
const asset = async (href: string, token: string) => (await call('GET', href, undefined, token)).json() as Asset;
const search = async (query: string, token: string) => {
  const res = await call('GET', `${PHOTOS}?${query}`, undefined, token, 'application/vnd.fotoware.assetlist+json');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Asset[] }).data.map((a) => a.href).sort();
};

beforeAll(async () => {
  dam = await createTestDam();
  configurer = await dam.createMemberWith('consent-admin', ['configureConsentForms']);
  viewer = await userWith('consent-viewer', ['View', 'Preview']);
  summary = await userWith('consent-summary', ['View', 'Preview', 'ViewConsentSummary']);
  details = await userWith('consent-details', ['View', 'Preview', 'ViewConsentSummary', 'ViewConsentDetails']);
  manager = await userWith('consent-manager', ['View', 'Preview', 'ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus']);
  for (const file of ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg']) {
    const status = await dam.upload(dam.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', file), { folder: 'consent' });
    expect(status.status).toBe('done');
    assets.push(status.result!.assetUrl);
    ids.push(Number(((await call('GET', status.result!.assetUrl)).json() as Asset).uniqueid));
  }
});
afterAll(async () => {
  await dam?.close();
});

describe('the consent state (spec 01 §3)', () => {
  it('sums up the forms: none, refused or expired, all signed, partial, pending', () => {
    const today = '2026-06-01';
    expect(assetConsentState([], today)).toBe('NoConsentInfo');
    expect(
      assetConsentState(
        [
          { state: 'Signed', expires: null },
          { state: 'Declined', expires: null },
        ],
        today,
      ),
    ).toBe('NoConsent');
    expect(assetConsentState([{ state: 'Signed', expires: '2026-05-31' }], today)).toBe('NoConsent');
    expect(assetConsentState([{ state: 'Signed', expires: '2026-06-01' }], today)).toBe('FullConsent');
    expect(
      assetConsentState(
        [
          { state: 'Signed', expires: null },
          { state: 'PartiallySigned', expires: null },
          { state: 'Pending', expires: null },
        ],
        today,
      ),
    ).toBe('PartialConsent');
    expect(
      assetConsentState(
        [
          { state: 'Signed', expires: null },
          { state: 'Pending', expires: null },
        ],
        today,
      ),
    ).toBe('Pending');
    expect(
      presentConsentStatus(
        [
          { state: 'Signed', expires: null, usages: ['web', 'print'] },
          { state: 'Signed', expires: null, usages: ['web'] },
          { state: 'Revoked', expires: null, usages: ['social'] },
        ],
        today,
      ),
    ).toEqual({
      assetConsentState: 'NoConsent',
      approvedConsents: [{ key: 'web', title: 'web' }],
      declinedConsents: [{ key: 'social', title: 'social' }],
      ConsentFlags: [],
      consentFormCount: 3,
      countByConsentFormState: [
        { consentFormState: 'Signed', consentFormCount: 2 },
        { consentFormState: 'Revoked', consentFormCount: 1 },
      ],
    });
  });
});

describe('consent settings (spec 03 §3.10)', () => {
  it('starts with the defaults of §9, saves for configureConsentForms, and turns on the descriptor’s consent', async () => {
    const before = await call('GET', SETTINGS, undefined, configurer.token);
    expect(before.json()).toEqual({
      ...settingsBody(),
      companyAbout: '',
      contactEmailAddress: '',
      companyName: '',
      defaultUrlExpiryDays: 30,
      enableConsentForms: false,
      pdfRenderCompanyLogo: true,
    });
    const descriptorOff = (await call('GET', '/fotoweb/me', undefined, configurer.token)).json();
    expect(descriptorOff.apiFeatureLevels.consentFormsApiFeatureLevel).toBe(0);
    expect(descriptorOff.views.manageConsentForms).toBe('/fotoweb/views/consent');
    expect(descriptorOff.permissions.canConfigureConsentForms).toBe(true);
    // Consent forms off: no one is shown a consentStatus, whatever their permissions.
    expect((await asset(assets[0]!, manager.token)).consentStatus).toBeUndefined();

    const saved = await call('PUT', SETTINGS, settingsBody({ companyName: '  Magpie Photo  ' }), configurer.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(settingsBody());
    expect((await call('GET', SETTINGS, undefined, configurer.token)).json()).toEqual(settingsBody());
    const descriptorOn = (await call('GET', '/fotoweb/me', undefined, viewer.token)).json();
    expect(descriptorOn.apiFeatureLevels.consentFormsApiFeatureLevel).toBe(40);
    expect(descriptorOn.views.manageConsentForms).toBeNull();
    expect(descriptorOn.permissions.canConfigureConsentForms).toBe(false);
  });

  it('refuses others and bad values, and keeps what was stored', async () => {
    expect((await call('PUT', SETTINGS, settingsBody({ enableConsentForms: false }), viewer.token)).statusCode).toBe(403);
    expect((await call('GET', SETTINGS, undefined, viewer.token)).statusCode).toBe(403);
    expect((await call('PUT', SETTINGS, settingsBody(), '')).statusCode).toBe(401);
    for (const bad of [{ defaultUrlExpiryDays: 0 }, { defaultUrlExpiryDays: 1.5 }, { contactEmailAddress: 'not an address' }, { companyName: 'x'.repeat(201) }, { extra: true }]) {
      const res = await call('PUT', SETTINGS, { ...settingsBody(), ...bad }, configurer.token);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().value).toBe('InvalidRequest');
    }
    expect((await call('GET', SETTINGS, undefined, configurer.token)).json()).toEqual(settingsBody());
  });
});

describe('consent forms and consentStatus (spec 03 §3.11)', () => {
  let formHref = '';

  it('records a form on assets for ManageConsentStatus, with Location', async () => {
    const res = await call('POST', FORMS, { ...form(), personName: '  Ada Model ', assets: [assets[0], assets[1]] }, manager.token);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as S['ConsentForm'];
    formHref = created.href;
    expect(res.headers.location).toBe(formHref);
    expect(created).toMatchObject({
      personName: 'Ada Model',
      email: 'ada@example.com',
      state: 'Signed',
      signed: '2026-01-10',
      expires: null,
      expired: false,
      usages: ['web', 'print'],
      assets: [ids[0], ids[1]],
      canManage: true,
    });
  });

  it('shows consentStatus with ViewConsentSummary only, the forms’ details with ViewConsentDetails only', async () => {
    const status = (await asset(assets[0]!, summary.token)).consentStatus;
    expect(status).toMatchObject({
      assetConsentState: 'FullConsent',
      consentFormCount: 1,
      approvedConsents: [{ key: 'print' }, { key: 'web' }],
      countByConsentFormState: [{ consentFormState: 'Signed', consentFormCount: 1 }],
    });
    expect((await asset(assets[2]!, summary.token)).consentStatus).toMatchObject({ assetConsentState: 'NoConsentInfo', consentFormCount: 0 });
    expect((await asset(assets[0]!, viewer.token)).consentStatus).toBeUndefined();
    // In a folder's asset list too.
    const list = (await call('GET', `${PHOTOS}consent/`, undefined, summary.token, 'application/vnd.fotoware.assetlist+json')).json() as { data: Asset[] };
    expect(list.data.find((a) => a.href === assets[0])?.consentStatus?.assetConsentState).toBe('FullConsent');
    const viewerList = (await call('GET', `${PHOTOS}consent/`, undefined, viewer.token, 'application/vnd.fotoware.assetlist+json')).json() as { data: Asset[] };
    expect(viewerList.data.every((a) => a.consentStatus === undefined)).toBe(true);

    const forms = await call('GET', `/fotoweb/consent/assets/${ids[0]}/forms/`, undefined, details.token);
    expect(forms.statusCode, forms.body).toBe(200);
    expect(forms.json().data).toEqual([expect.objectContaining({ href: formHref, personName: 'Ada Model', canManage: false })]);
    expect((await call('GET', `/fotoweb/consent/assets/${ids[0]}/forms/`, undefined, manager.token)).json().data[0].canManage).toBe(true);
    const refused = await call('GET', `/fotoweb/consent/assets/${ids[0]}/forms/`, undefined, summary.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/ViewConsentDetails/);
    expect((await call('GET', `/fotoweb/consent/assets/${ids[0]}/forms/`, undefined, viewer.token)).statusCode).toBe(403);
    expect((await call('GET', `/fotoweb/consent/assets/999999/forms/`, undefined, manager.token)).statusCode).toBe(404);
  });

  it('filters by consent status (cst) for ViewConsentSummary, and matches nothing for others', async () => {
    expect(await search('cst=fullconsent', summary.token)).toEqual([assets[0], assets[1]].sort());
    expect(await search('cst=noconsentinfo', summary.token)).not.toContain(assets[0]);
    expect(await search('cst=noconsentinfo', summary.token)).toContain(assets[2]);
    expect(await search('q=cst:FullConsent', summary.token)).toEqual([assets[0], assets[1]].sort());
    expect(await search('cst=fullconsent', viewer.token)).toEqual([]);
    expect(await search('cst=noconsentinfo', viewer.token)).toEqual([]);
    const bad = await call('GET', `${PHOTOS}?cst=maybe`, undefined, summary.token, 'application/vnd.fotoware.assetlist+json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value).toBe('InvalidSearchExpression');
  });

  it('keeps the consent filter in saved alerts to ViewConsentSummary: others are told of nothing', async () => {
    const watcher = await userWith('consent-alert-summary', ['View', 'Preview', 'Alert', 'ViewConsentSummary']);
    const blind = await userWith('consent-alert-blind', ['View', 'Preview', 'Alert']);
    for (const user of [watcher, blind]) {
      const created = await call('POST', '/fotoweb/me/alerts/', { collection: PHOTOS, interval: 'immediate', dtSearchString: 'cst:FullConsent' }, user.token);
      expect(created.statusCode, created.body).toBe(201);
    }
    const status = await dam.upload(dam.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', 'Olympus_C8080WZ.jpg'), { folder: 'consent-alert' });
    expect(status.status, JSON.stringify(status)).toBe('done');
    const signed = await call('POST', FORMS, form({ personName: 'Cy Alert', assets: [status.result!.assetUrl] }), manager.token);
    expect(signed.statusCode, signed.body).toBe(201);
    await dam.ctx.database.db
      .updateTable('alerts')
      .set({ next_run: new Date(Date.now() - 1000) })
      .execute();
    await dam.ctx.alerts.sweep();
    const notices = async (token: string) => ((await call('GET', '/fotoweb/me/notifications/', undefined, token)).json() as { unreadCount: number }).unreadCount;
    expect(await notices(watcher.token)).toBe(1);
    expect(await notices(blind.token)).toBe(0);
  });

  it('changes, links and unlinks a form; the state and the filter follow', async () => {
    const updated = await call('PUT', formHref, form({ state: 'Revoked', expires: '2027-01-01' }), manager.token);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ state: 'Revoked', expires: '2027-01-01' });
    expect((await asset(assets[1]!, summary.token)).consentStatus).toMatchObject({ assetConsentState: 'NoConsent', declinedConsents: [{ key: 'print' }, { key: 'web' }] });
    expect(await search('cst=noconsent', summary.token)).toEqual([assets[0], assets[1]].sort());

    const linked = await call('POST', `${formHref}/assets`, { href: assets[2] }, manager.token);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().assets).toEqual(ids);
    expect((await call('POST', `${formHref}/assets`, { href: assets[2] }, manager.token)).json().assets).toEqual(ids);
    // A second, pending form on the third asset: the refused one still decides.
    const pending = await call('POST', FORMS, { personName: 'Bo Passer-by', state: 'Pending', assets: [assets[2]] }, manager.token);
    expect(pending.statusCode, pending.body).toBe(201);
    expect((await asset(assets[2]!, summary.token)).consentStatus).toMatchObject({ assetConsentState: 'NoConsent', consentFormCount: 2, ConsentFlags: ['MoreConsentNeeded'] });

    const unlinked = await call('DELETE', `${formHref}/assets/${ids[2]}`, undefined, manager.token);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().assets).toEqual([ids[0], ids[1]]);
    expect((await asset(assets[2]!, summary.token)).consentStatus?.assetConsentState).toBe('Pending');
    expect(await search('cst=pending', summary.token)).toEqual([assets[2]]);
    // Unlinking a form's last asset keeps the form: it covers nothing, and may be linked again.
    const last = await call('DELETE', `${pending.json().href}/assets/${ids[2]}`, undefined, manager.token);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ href: pending.json().href, assets: [], linkedAssets: [], personName: 'Bo Passer-by' });
    expect((await asset(assets[2]!, summary.token)).consentStatus?.assetConsentState).toBe('NoConsentInfo');
    const again = await call('DELETE', `${pending.json().href}/assets/${ids[2]}`, undefined, manager.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().value).toBe('NotFound');
    expect((await call('DELETE', pending.json().href, undefined, manager.token)).statusCode).toBe(204);

    expect((await call('DELETE', formHref, undefined, manager.token)).statusCode).toBe(204);
    expect((await asset(assets[0]!, summary.token)).consentStatus?.assetConsentState).toBe('NoConsentInfo');
    expect((await call('PUT', formHref, form(), manager.token)).statusCode).toBe(404);
  });

  it('refuses without ManageConsentStatus and bad input, and stores nothing then', async () => {
    const created = (await call('POST', FORMS, { ...form(), assets: [assets[0]] }, manager.token)).json() as S['ConsentForm'];
    for (const token of [details.token, summary.token, viewer.token]) {
      expect((await call('POST', FORMS, { ...form(), assets: [assets[1]] }, token)).statusCode).toBe(403);
      expect((await call('PUT', created.href, form({ state: 'Declined' }), token)).statusCode).toBe(403);
      expect((await call('DELETE', created.href, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', `${created.href}/assets`, { href: assets[1] }, token)).statusCode).toBe(403);
    }
    expect((await call('POST', FORMS, { ...form(), assets: [assets[1]] }, '')).statusCode).toBe(401);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...form(), assets: [] }, 'InvalidRequest'],
      [{ ...form({ personName: '   ' }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form({ state: 'Granted' }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form({ signed: '2026-02-30' }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form({ expires: '2025-01-01' }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form({ email: 'nobody' }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form({ usages: Array.from({ length: 21 }, (_, i) => `u${i}`) }), assets: [assets[1]] }, 'InvalidRequest'],
      [{ ...form(), assets: ['/fotoweb/archives/5000-Photos/consent/'] }, 'InvalidHref'],
    ];
    for (const [body, value] of bad) {
      const res = await call('POST', FORMS, body, manager.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().value).toBe(value);
    }
    expect((await call('POST', FORMS, { ...form(), assets: ['/fotoweb/archives/5000-Photos/consent/nothing.jpg.info'] }, manager.token)).statusCode).toBe(404);
    expect((await call('PUT', `${FORMS}abc`, form(), manager.token)).statusCode).toBe(400);
    expect((await call('DELETE', `${created.href}/assets/0`, undefined, manager.token)).statusCode).toBe(400);
    expect((await call('GET', `/fotoweb/consent/assets/${ids[1]}/forms/`, undefined, manager.token)).json().data).toEqual([]);
    expect((await call('GET', `/fotoweb/consent/assets/${ids[0]}/forms/`, undefined, manager.token)).json().data).toEqual([expect.objectContaining({ state: 'Signed' })]);
  });
});

describe('listing, linking, unlinking and deleting existing forms (the asset view’s consent panel)', () => {
  const formOf = async (body: Record<string, unknown>, token = manager.token) => {
    const res = await call('POST', FORMS, body, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as S['ConsentForm'];
  };
  const list = async (query: string, token = manager.token) => {
    const res = await call('GET', `${FORMS}${query}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as S['ConsentFormPage'];
  };
  let vaultAsset = '';
  let vaultId = 0;

  beforeAll(async () => {
    // Another archive the consent users may not view: its assets and forms stay hidden from them.
    const vault = await dam.ctx.repos.archives.create({ name: 'Consent vault' });
    const status = await dam.upload(dam.adminToken, `/fotoweb/archives/${vault.id}-Consent vault/`, path.join(SAMPLES_DIR, 'photos/small', 'Canon_40D.jpg'));
    expect(status.status, JSON.stringify(status)).toBe('done');
    vaultAsset = status.result!.assetUrl;
    vaultId = Number((await asset(vaultAsset, dam.adminToken)).uniqueid);
  });

  it('lists the forms a manager may see, newest first, filtered by text and paged', async () => {
    const zed = await formOf({ ...form({ personName: 'Zed Listed', email: 'zed@example.com', category: 'Staff' }), assets: [assets[1]] });
    const hidden = await formOf({ ...form({ personName: 'Zed Hidden' }), assets: [vaultAsset] }, dam.adminToken);
    const found = await list('?q=zed');
    expect(found.data.map((f) => f.href)).toEqual([zed.href]);
    expect(found.count).toBe(1);
    expect(found.data[0]).toMatchObject({ assets: [ids[1]], linkedAssets: [{ id: ids[1], name: 'Nikon_D70.jpg' }], canManage: true });
    expect(found.paging).toMatchObject({ first: '/fotoweb/consent/forms/?q=zed', prev: null, next: null });
    expect((await list('?q=STAFF')).data.map((f) => f.href)).toEqual([zed.href]);
    expect((await list('?q=zed%40example')).data.map((f) => f.href)).toEqual([zed.href]);
    expect((await list('?q=%25')).data).toEqual([]);
    // The site owner sees the vault's form too.
    expect((await list('?q=zed', dam.adminToken)).data.map((f) => f.href)).toEqual([hidden.href, zed.href]);

    for (let i = 0; i < 26; i++) await formOf({ ...form({ personName: `Pager ${String(i).padStart(2, '0')}` }), assets: [assets[2]] });
    const first = await list('?q=pager');
    expect(first.count).toBe(26);
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.personName).toBe('Pager 25');
    expect(first.paging.next).toBe('/fotoweb/consent/forms/?q=pager&p=1');
    const second = await list('?q=pager&p=1');
    expect(second.data.map((f) => f.personName)).toEqual(['Pager 00']);
    expect(second.paging.next).toBeNull();
    expect((await list('?q=pager&p=5')).data).toEqual([]);
  });

  it('refuses the list without ManageConsentStatus, and a bad query', async () => {
    for (const token of [details.token, summary.token, viewer.token]) {
      const res = await call('GET', FORMS, undefined, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/ManageConsentStatus/) });
    }
    expect((await call('GET', FORMS, undefined, '')).statusCode).toBe(401);
    for (const bad of [`?q=${'x'.repeat(201)}`, '?p=-1', '?p=x']) {
      const res = await call('GET', `${FORMS}${bad}`, undefined, manager.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().value).toBe('InvalidRequest');
    }
  });

  it('links an existing form to another asset and unlinks it without losing the form', async () => {
    const ada = await formOf({ ...form({ personName: 'Link Ada' }), assets: [assets[0]] });
    const linked = await call('POST', `${ada.href}/assets`, { href: assets[2] }, manager.token);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ assets: [ids[0], ids[2]], linkedAssets: [{ name: 'Canon_40D.jpg' }, { name: 'Pentax_K10D.jpg' }] });
    const forms = (await call('GET', `/fotoweb/consent/assets/${ids[2]}/forms/`, undefined, manager.token)).json() as S['ConsentFormList'];
    expect(forms.data.map((f) => f.href)).toContain(ada.href);
    // Not onto an asset the manager may not view, nor by someone without ManageConsentStatus.
    expect((await call('POST', `${ada.href}/assets`, { href: vaultAsset }, manager.token)).statusCode).toBe(404);
    expect((await call('POST', `${ada.href}/assets`, { href: assets[1] }, details.token)).statusCode).toBe(403);
    expect((await call('DELETE', `${ada.href}/assets/${ids[2]}`, undefined, details.token)).statusCode).toBe(403);
    expect((await call('DELETE', `${ada.href}/assets/${vaultId}`, undefined, manager.token)).statusCode).toBe(404);

    expect((await call('DELETE', `${ada.href}/assets/${ids[2]}`, undefined, manager.token)).json().assets).toEqual([ids[0]]);
    const none = await call('DELETE', `${ada.href}/assets/${ids[0]}`, undefined, manager.token);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ assets: [], personName: 'Link Ada', canManage: true });
    // Unlinked from everything, it is still listed, and may be linked again.
    expect((await list('?q=link%20ada')).data).toEqual([expect.objectContaining({ href: ada.href, assets: [], canManage: true })]);
    expect((await call('PUT', ada.href, form({ personName: 'Link Ada', state: 'Pending' }), details.token)).statusCode).toBe(404);
    const relinked = await call('POST', `${ada.href}/assets`, { href: assets[1] }, manager.token);
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect(relinked.json().assets).toEqual([ids[1]]);
  });

  it('deletes a form only where the caller manages every asset it covers, and only as confirmed', async () => {
    // A form on a Photos asset and on the vault's: the manager sees it through Photos, but may not delete it.
    const shared = await formOf({ ...form({ personName: 'Shared Sam' }), assets: [assets[0], vaultAsset] }, dam.adminToken);
    const seen = (await list('?q=shared%20sam')).data[0]!;
    expect(seen).toMatchObject({ assets: [ids[0]], canManage: false });
    const refused = await call('DELETE', shared.href, undefined, manager.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/ManageConsentStatus/) });
    expect((await call('DELETE', `${shared.href}/assets/${ids[0]}`, undefined, manager.token)).statusCode).toBe(403);
    expect((await call('POST', `${shared.href}/assets`, { href: assets[1] }, manager.token)).statusCode).toBe(403);
    expect((await list('?q=shared%20sam', dam.adminToken)).data[0]!.assets).toEqual([ids[0]!, vaultId].sort((a, b) => a - b));

    // What the manager confirmed must still be what the form covers.
    const own = await formOf({ ...form({ personName: 'Confirm Cleo' }), assets: [assets[0], assets[1]] });
    expect((await call('POST', `${own.href}/assets`, { href: assets[2] }, manager.token)).statusCode).toBe(200);
    const stale = await call('DELETE', `${own.href}?assets=${ids[0]},${ids[1]}`, undefined, manager.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ value: 'ConsentFormChanged' });
    expect((await call('GET', `/fotoweb/consent/assets/${ids[2]}/forms/`, undefined, manager.token)).json().data.map((f: S['ConsentForm']) => f.href)).toContain(own.href);
    const bad = await call('DELETE', `${own.href}?assets=a,b`, undefined, manager.token);
    expect(bad.statusCode).toBe(400);
    const deleted = await call('DELETE', `${own.href}?assets=${ids[2]},${ids[0]},${ids[1]}`, undefined, manager.token);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list('?q=confirm%20cleo')).data).toEqual([]);
    expect((await call('DELETE', own.href, undefined, manager.token)).statusCode).toBe(404);
    // The assets stay.
    for (const href of assets) expect((await call('GET', href, undefined, manager.token)).statusCode).toBe(200);

    // A form that covers no asset: deleted by any holder of ManageConsentStatus, hidden from others.
    const lone = await formOf({ ...form({ personName: 'Lone Lou' }), assets: [assets[0]] });
    expect((await call('DELETE', `${lone.href}/assets/${ids[0]}`, undefined, manager.token)).statusCode).toBe(200);
    expect((await call('DELETE', lone.href, undefined, details.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${lone.href}?assets=`, undefined, manager.token)).statusCode).toBe(204);
  });
});
