/**
 * The archive dialog's configuration loads and the field catalogue (issue 12; spec 03 §3.10, §7 "Configuration
 * loads"; spec 02 §7 field pickers and `filter_failed`), and metadata views made and copied by administrators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token = sut.adminToken) => sut.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('the field catalogue', () => {
  it('lists every field with its XMP name, filters by keyword and by text, and refuses a filter it cannot use', async () => {
    const user = await sut.createUser('field-picker');
    const all = (await get('/fotoweb/api/config/metadata/fields/all', user.token)).json();
    const title = all.find((f: { Id: number }) => f.Id === 5);
    expect(title).toMatchObject({ Name: 'Title', GuiLabel: 'Title', FieldType: 'Single', ValueType: 'Text', AdobeName: 'dc:title', Namespace: 'http://purl.org/dc/elements/1.1/' });
    expect(all.find((f: { Id: number }) => f.Id === 25)).toMatchObject({ FieldType: 'Bag', AdobeName: 'dc:subject' });
    expect(all.find((f: { Id: number }) => f.Id === 320)).toMatchObject({ ValueType: 'Integer', AdobeName: 'xmp:rating' });
    const custom = (await get('/fotoweb/api/config/metadata/fields/custom')).json();
    expect(custom.map((f: { Id: number }) => f.Id).sort()).toEqual([10, 230]);
    const known = (await get('/fotoweb/api/config/metadata/fields/known')).json();
    expect(known.length + custom.length).toBe(all.length);
    const byText = (await get(`/fotoweb/api/config/metadata/fields/${encodeURIComponent('country')}`)).json();
    expect(byText.map((f: { Id: number }) => f.Id).sort((a: number, b: number) => a - b)).toEqual([100, 101]);
    const tooLong = await get(`/fotoweb/api/config/metadata/fields/${'x'.repeat(150)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ value: 'filter_failed' });
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/api/config/metadata/fields/all' })).statusCode).toBe(401);
  });

  it('lists the namespaces and groups with their fields, and 404 for unknown ones', async () => {
    const namespaces = (await get('/fotoweb/api/config/metadata/namespaces')).json();
    expect(namespaces).toContainEqual({ Url: 'http://purl.org/dc/elements/1.1/', Alias: 'dc', Name: 'Dublin Core' });
    const dc = (await get('/fotoweb/api/config/metadata/namespaces/dc/fields')).json();
    expect(dc.map((f: { AdobeName: string }) => f.AdobeName)).toEqual(expect.arrayContaining(['dc:title', 'dc:subject', 'dc:description']));
    expect((await get('/fotoweb/api/config/metadata/namespaces/nope/fields')).statusCode).toBe(404);
    const groups = (await get('/fotoweb/api/config/metadata/groups')).json();
    const location = groups.find((g: { Name: string }) => g.Name === 'Location');
    expect(location).toMatchObject({ FieldCount: 4 });
    const fields = (await get(location.href)).json();
    expect(fields.map((f: { Id: number }) => f.Id).sort((a: number, b: number) => a - b)).toEqual([90, 95, 100, 101]);
    expect((await get('/fotoweb/api/config/metadata/groups/Nothing/fields')).statusCode).toBe(404);
  });
});

describe('the archive dialog loads', () => {
  it('answers pools, consent defaults, archives-old and empty setting lists to archive administrators, 403 to others', async () => {
    const keeper = await sut.createMemberWith('loads-keeper', ['manageArchives']);
    const plain = await sut.createUser('loads-plain');
    expect((await get('/fotoweb/api/pools', keeper.token)).json()).toEqual({
      AllowExternalPath: false,
      AllowPoolManagement: false,
      Pools: [expect.objectContaining({ Id: 'default' })],
    });
    expect((await get('/fotoweb/api/config/consentForms/ConsentFormSettings', keeper.token)).json()).toMatchObject({
      defaultUrlExpiryDays: 30,
      enableConsentForms: false,
      pdfRenderCompanyLogo: true,
      pdfRenderCompanyLogoInBanner: true,
      templates: [],
    });
    expect((await get('/fotoweb/api/config/archives-old', keeper.token)).json()).toContainEqual({ Id: 5000, Name: 'Photos', SortId: 0 });
    for (const setting of ['watermarks', 'quickrenditionsets', 'cropprofilesets', 'processingprofiles', 'processingprofilesets']) {
      expect((await get(`/fotoweb/api/config/${setting}`, keeper.token)).json(), setting).toEqual({ data: [] });
      expect((await get(`/fotoweb/api/config/${setting}`, plain.token)).statusCode, setting).toBe(403);
    }
    for (const url of ['/fotoweb/api/pools', '/fotoweb/api/config/archives-old', '/fotoweb/api/config/consentForms/ConsentFormSettings', '/fotoweb/api/config/metadataviews']) {
      expect((await get(url, plain.token)).statusCode, url).toBe(403);
    }
    expect((await get('/fotoweb/api/config/unknownthing')).statusCode).toBe(404);
  });
});

describe('metadata views made by administrators', () => {
  it('lists the views with the archives using them, makes a copy, and lets an archive choose it', async () => {
    const list = (await get('/fotoweb/api/config/metadataviews')).json();
    const photos = list.data.find((v: { UsedBy: Array<{ Id: number }> }) => v.UsedBy.some((a) => a.Id === 5000));
    expect(photos).toMatchObject({ Name: 'Default', href: `/fotoweb/editors/${photos.Id}` });

    const copy = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/metadataviews',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: 'Press view', CopyFrom: photos.Id }),
    });
    expect(copy.statusCode).toBe(201);
    const made = copy.json();
    expect(copy.headers.location).toBe(made.href);
    const view = (await get(made.href)).json();
    expect(view.name).toBe('Press view');
    expect(view.detailRegions.length).toBeGreaterThan(0);

    const missing = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/metadataviews',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: 'Nope', CopyFrom: 'no-such-view' }),
    });
    expect(missing.statusCode).toBe(404);
    const blank = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/metadataviews',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: '  ' }),
    });
    expect(blank.statusCode).toBe(400);

    const archive = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/archives',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: 'Uses the copy', MetadataSetId: made.Id, Pool: 'default', MemberList: [] }),
    });
    expect(archive.statusCode).toBe(201);
    const after = (await get('/fotoweb/api/config/metadataviews')).json();
    expect(after.data.find((v: { Id: string }) => v.Id === made.Id).UsedBy).toEqual([expect.objectContaining({ Name: 'Uses the copy' })]);
  });
});
