/**
 * Browsing an archive by its taxonomies and pinning taxonomy items (issue 13; the preference group `taxonomyPinned`
 * of spec 01 §3; spec 02 §6 Navigate and Query): an archive's `taxonomies`, a pin of an item's search with its count,
 * the preference list in step, unpinning, and refusals.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

let sut: TestDam;
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const PINS = '/fotoweb/me/pins/';
const KEYWORDS = '/fotoweb/api/taxonomies/25/';
let animals = '';
let hidden = '';

const { call } = requestsFor(() => sut);

async function createItem(name: string, acl: string[]): Promise<string> {
  const res = await call('POST', KEYWORDS, { name, value: name, acl });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id ?? res.headers.location!.split('/').at(-1));
}

beforeAll(async () => {
  sut = await createTestDam();
  if ((await call('GET', KEYWORDS)).statusCode === 404) {
    expect((await call('POST', '/fotoweb/api/taxonomies/', { field: 25, name: 'Keyword', pluralName: 'Keywords' })).statusCode).toBe(201);
  }
  animals = await createItem('Animals', ['Navigate', 'Query', 'Set']);
  hidden = await createItem('Internal', ['Set']);
  const status = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'), {
    folder: 'taxonomy-pins',
    metadata: { fields: [{ id: 25, value: ['Animals'] }] },
  });
  expect(status.status).toBe('done');
});
afterAll(async () => {
  await sut?.close();
});

describe('an archive browsed by its taxonomies', () => {
  it('lists the navigable top-level items of each taxonomy on the archive, with its search for each', async () => {
    const archive = (await call('GET', PHOTOS, undefined, sut.adminToken, 'application/vnd.fotoware.collectioninfo+json')).json();
    const keywords = archive.taxonomies.find((taxonomy: { field: number }) => taxonomy.field === 25);
    expect(keywords).toMatchObject({ field: 25, href: KEYWORDS });
    const names = keywords.items.map((item: { name: string }) => item.name);
    expect(names).toContain('Animals');
    expect(names).not.toContain('Internal');
    const item = keywords.items.find((entry: { name: string }) => entry.name === 'Animals');
    expect(item).toEqual({ id: animals, name: 'Animals', value: 'Animals', href: `${KEYWORDS}${animals}`, searchHref: `${PHOTOS}?txnm=${animals}`, pin: PINS });
    // The search finds the tagged photo.
    const found = (await call('GET', item.searchHref, undefined, sut.adminToken, 'application/vnd.fotoware.collectioninfo+json')).json();
    expect(found.assetCount).toBeGreaterThanOrEqual(1);
    // A folder or a search offers no taxonomy navigation.
    expect((await call('GET', `${PHOTOS}taxonomy-pins/`, undefined, sut.adminToken, 'application/vnd.fotoware.collectioninfo+json')).json().taxonomies).toEqual([]);
    expect(found.taxonomies).toEqual([]);
  });

  it('pins an item’s search: listed with its count, in the preferences, unpinned again', async () => {
    const searchHref = `${PHOTOS}?txnm=${animals}`;
    const pinned = await call('POST', PINS, { data: [searchHref] });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().added).toBe(1);
    const pin = pinned.json().data.find((entry: { type: string }) => entry.type === 'taxonomyItem');
    expect(pin).toMatchObject({ href: searchHref, type: 'taxonomyItem', name: 'Animals', collection: { href: searchHref, name: 'Photos' } });
    expect(pin.collection.assetCount).toBeGreaterThanOrEqual(1);
    // Pinned once only.
    expect((await call('POST', PINS, { data: [searchHref] })).json().added).toBe(0);
    const preferences = (await call('GET', '/fotoweb/me/user-preferences/')).json();
    expect(JSON.stringify(preferences)).toContain(`"5000/${animals}"`);

    const unpinned = await call('PATCH', PINS, { assets: { delete: [searchHref] } });
    expect(unpinned.statusCode).toBe(200);
    expect(unpinned.json().data.some((entry: { type: string }) => entry.type === 'taxonomyItem')).toBe(false);
  });

  it('keeps taxonomyPinned and the pins in step when a client writes the preference', async () => {
    const written = await sut.app.inject({
      method: 'PATCH',
      url: '/fotoweb/me/user-preferences/',
      headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ data: { intranet: { taxonomyPinned: [`5000/${animals}`, `5000/${hidden}`, 'nonsense'] } } }),
    });
    expect(written.statusCode, written.body).toBeLessThan(300);
    const pins = (await call('GET', PINS)).json().data.filter((entry: { type: string }) => entry.type === 'taxonomyItem');
    expect(pins.map((entry: { name: string }) => entry.name)).toEqual(['Animals']);
    await call('PATCH', PINS, { assets: { delete: [`${PHOTOS}?txnm=${animals}`] } });
  });

  it('refuses items one may not browse by, archives one may not view, and takes a deleted item’s pin with it', async () => {
    expect((await call('POST', PINS, { data: [`${PHOTOS}?txnm=${hidden}`] })).statusCode).toBe(404);
    expect((await call('POST', PINS, { data: [`${PHOTOS}?txnm=999999`] })).statusCode).toBe(404);
    const secret = await sut.ctx.repos.archives.create({ name: 'Secret taxonomy' });
    const member = await sut.createUser('taxonomy-pin-member');
    expect((await call('POST', PINS, { data: [`/fotoweb/archives/${secret.id}-Secret%20taxonomy/?txnm=${animals}`] }, member.token)).statusCode).toBe(404);

    const doomed = await createItem('Doomed', ['Navigate', 'Query', 'Set']);
    expect((await call('POST', PINS, { data: [`${PHOTOS}?txnm=${doomed}`] })).json().added).toBe(1);
    expect((await call('DELETE', `${KEYWORDS}${doomed}`)).statusCode).toBeLessThan(300);
    expect((await call('GET', PINS)).json().data.some((entry: { name: string }) => entry.name === 'Doomed')).toBe(false);
  });
});
