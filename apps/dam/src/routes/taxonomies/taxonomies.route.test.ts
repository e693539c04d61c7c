import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxonomyItem, TaxonomyItemList, Taxonomy } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { MANAGE_TAXONOMIES_PERMISSION, TAXONOMY_PAGE_SIZE } from '../../taxonomies/taxonomies.service.ts';

let sut: TestDam;
let reader: string;
let editor: string;
const KEYWORDS = '/fotoweb/api/taxonomies/25/';
const json = 'application/json';
const vnd = (name: string) => `application/vnd.fotoware.${name}+json`;
const auth = (token: string, accept = json) => ({ authorization: `Bearer ${token}`, accept });

/** The service's sort order: lower-cased names in code-point order. */
const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

async function get(url: string, token = sut.adminToken, accept = json) {
  return sut.app.inject({ method: 'GET', url, headers: auth(token, accept) });
}
async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, token = sut.adminToken, contentType = json) {
  return sut.app.inject({
    method,
    url,
    headers: { ...auth(token), ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Follows `paging.next` from a first page and answers every item's name; checks each page's `first`/`last`. */
async function walkPages(first: TaxonomyItemList, token = sut.adminToken): Promise<string[]> {
  const names = first.data.map((i) => i.name);
  let page = first;
  while (page.paging.next) {
    const res = await get(page.paging.next, token);
    expect(res.headers['content-type']).toContain(json);
    page = res.json() as TaxonomyItemList;
    expect(page.paging.first).toBe(first.paging.first);
    names.push(...page.data.map((i) => i.name));
  }
  expect(page.paging.last).toBe(first.paging.last);
  return names;
}

beforeAll(async () => {
  sut = await createTestDam();
  reader = (await sut.createUser('reader')).token;
  editor = (await sut.createMemberWith('editor', [MANAGE_TAXONOMIES_PERMISSION])).token;
});
afterAll(async () => {
  await sut?.close();
});

describe('permissions', () => {
  it('answers 401 with an ErrorBody without a token', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/api/taxonomies/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', message: expect.any(String) });
  });

  it('announces allowTaxonomyEditing and the taxonomies link in the descriptor', async () => {
    const permissions = async (token: string) => (await get('/fotoweb/me/', token)).json() as { taxonomies: string; permissions: { allowTaxonomyEditing: boolean } };
    expect((await permissions(sut.adminToken)).permissions.allowTaxonomyEditing).toBe(true);
    expect((await permissions(editor)).permissions.allowTaxonomyEditing).toBe(true);
    expect((await permissions(reader)).permissions.allowTaxonomyEditing).toBe(false);
    expect((await permissions(reader)).taxonomies).toBe('/fotoweb/api/taxonomies/');
  });

  it('refuses every change by a non-editor with 403 Forbidden and changes nothing', async () => {
    const attempts = [
      send('POST', '/fotoweb/api/taxonomies/', { field: 90, pluralName: 'Cities' }, reader),
      send('PUT', KEYWORDS, { pluralName: 'Tags' }, reader),
      send('DELETE', KEYWORDS, undefined, reader),
      send('POST', KEYWORDS, { name: 'Nope' }, reader),
      send('POST', `${KEYWORDS}import`, { text: 'Nope' }, reader),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ value: 'Forbidden', heading: 'Access denied' });
    }
    const list = (await get('/fotoweb/api/taxonomies/', reader)).json();
    expect(list.data.map((t: { field: number; pluralName: string; hasChildren: boolean }) => [t.field, t.pluralName, t.hasChildren])).toEqual([[25, 'Keywords', false]]);
  });
});

describe('taxonomy list and taxonomies', () => {
  it('lists taxonomies as a taxonomy-list', async () => {
    const res = await get('/fotoweb/api/taxonomies/', reader, vnd('taxonomy-list'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(`${vnd('taxonomy-list')}; charset=utf-8`);
    expect(res.json().paging).toMatchObject({ first: '/fotoweb/api/taxonomies/;p=0', prev: null, next: null });
  });

  it('creates a taxonomy (201 + Location), renames it (204) and deletes it (204); a second one is 409', async () => {
    const created = await send('POST', '/fotoweb/api/taxonomies/', { field: 90, name: 'City', pluralName: 'Cities' }, editor);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe('/fotoweb/api/taxonomies/90/');
    expect(created.json()).toMatchObject({ field: 90, name: 'City', pluralName: 'Cities', href: '/fotoweb/api/taxonomies/90/' });
    expect((await send('POST', '/fotoweb/api/taxonomies/', { field: 90, pluralName: 'Again' })).json()).toMatchObject({ value: 'TaxonomyExists' });
    expect((await send('PUT', '/fotoweb/api/taxonomies/90/', { pluralName: 'Towns' }, editor)).statusCode).toBe(204);
    const info = await get('/fotoweb/api/taxonomies/90/', reader, vnd('taxonomy-info'));
    expect(info.json()).toEqual({
      name: 'City',
      pluralName: 'Towns',
      description: '',
      hasChildren: false,
      field: 90,
      href: '/fotoweb/api/taxonomies/90/',
      taxonomyHref: '/fotoweb/api/taxonomies/90/',
    });
    expect((await send('DELETE', '/fotoweb/api/taxonomies/90/', undefined, editor)).statusCode).toBe(204);
    expect((await get('/fotoweb/api/taxonomies/90/')).json()).toMatchObject({ value: 'NotFound' });
  });

  it('answers 400 for malformed field ids, pages and bodies, 404 for fields without a taxonomy, 415 for other bodies', async () => {
    expect((await get('/fotoweb/api/taxonomies/abc/')).json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'fieldId' }] });
    expect((await get('/fotoweb/api/taxonomies/77/')).statusCode).toBe(404);
    expect((await get('/fotoweb/api/taxonomies/25/;p=x')).statusCode).toBe(404);
    for (const url of ['/fotoweb/api/taxonomies/25/;p=99999999999999999999', '/fotoweb/api/taxonomies/;p=1000001', '/fotoweb/api/taxonomies/25/1/;p=1000001']) {
      expect((await get(url)).json(), url).toMatchObject({ value: 'InvalidRequest' });
    }
    // The last page that may exist is simply empty.
    expect((await get('/fotoweb/api/taxonomies/25/;p=1000000')).json().data).toEqual([]);
    expect((await get(`/fotoweb/api/taxonomies/25/?q=${'x'.repeat(201)}`)).json()).toMatchObject({ value: 'InvalidRequest' });
    const noName = await send('POST', KEYWORDS, { value: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'name' }] });
    expect((await send('POST', KEYWORDS, { name: 'x', acl: ['Fly'] })).json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'acl.0' }] });
    expect((await send('POST', '/fotoweb/api/taxonomies/', { field: 'x', pluralName: 'y' })).statusCode).toBe(400);
    expect((await send('POST', KEYWORDS, 'plain text', sut.adminToken, 'text/plain')).statusCode).toBe(415);
    const broken = await sut.app.inject({ method: 'POST', url: KEYWORDS, headers: { ...auth(sut.adminToken), 'content-type': json }, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
  });
});

describe('text import, tree pages and search', () => {
  /** More top-level items than one page holds, so paging shows with the real page size. */
  const PLACES = Array.from({ length: TAXONOMY_PAGE_SIZE + 25 }, (_, i) => `Place ${String(i).padStart(3, '0')}`);
  const TREE = ['Animals', '\tMammals', '\t\tBush dog', '\t\tRed fox', '\t[Birds]', '\t\tOwl', ...PLACES.map((p, i) => (i % 2 ? p.toLowerCase() : p))];

  it('imports a text file through the API, idempotently', async () => {
    const first = await send('POST', `${KEYWORDS}import`, { text: TREE.join('\n') }, editor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ field: 25, created: TREE.length, existing: 0 });
    expect((await send('POST', `${KEYWORDS}import`, { text: TREE.join('\r\n') })).json()).toEqual({ field: 25, created: 0, existing: TREE.length });
  });

  it('refuses a malformed file with 400 InvalidTaxonomyFile naming the line, storing nothing', async () => {
    const res = await send('POST', `${KEYWORDS}import`, { text: 'New one\n\t\tdeep\n\tshallow' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidTaxonomyFile', message: expect.stringMatching(/^Line 3: /) });
    expect((await get(`${KEYWORDS}?q=new one`)).json().items.data).toEqual([]);
  });

  it('serves the taxonomy with its first page and pages every top-level item by name with ;p= links', async () => {
    const res = await get(KEYWORDS, reader, vnd('taxonomy'));
    expect(res.headers['content-type']).toBe(`${vnd('taxonomy')}; charset=utf-8`);
    const taxonomy = res.json() as Taxonomy;
    expect(taxonomy).toMatchObject({ field: 25, href: KEYWORDS, taxonomyHref: KEYWORDS, hasChildren: true });
    const all = ['Animals', ...PLACES.map((p, i) => (i % 2 ? p.toLowerCase() : p))].sort(byName);
    expect(taxonomy.items.data).toHaveLength(TAXONOMY_PAGE_SIZE);
    const pages = Math.ceil(all.length / TAXONOMY_PAGE_SIZE);
    expect(taxonomy.items.paging).toMatchObject({ first: `${KEYWORDS};p=0`, prev: null, next: `${KEYWORDS};p=1`, last: `${KEYWORDS};p=${pages - 1}`, count: all.length });
    expect(await walkPages(taxonomy.items, reader)).toEqual(all);
    // A ;p= URL always answers the item list.
    const second = await get(`${KEYWORDS};p=1`, reader, vnd('taxonomy'));
    expect(second.headers['content-type']).toBe(`${vnd('taxonomy-item-list')}; charset=utf-8`);
    expect(second.json().paging.prev).toBe(`${KEYWORDS};p=0`);
  });

  it('serves an item with its ancestors and children, lazily, in three representations', async () => {
    const animals = ((await get(KEYWORDS)).json() as Taxonomy).items.data.find((i) => i.name === 'Animals')!;
    expect(animals).toMatchObject({ hasChildren: true, acl: ['Navigate', 'Query', 'Set'], value: 'Animals' });
    const item = (await get(animals.href, reader, vnd('taxonomy-item'))).json() as TaxonomyItem;
    expect(item.ancestors).toEqual([]);
    expect(item.children.data.map((c) => c.name)).toEqual(['Birds', 'Mammals']);
    expect(item.children.paging.first).toBe(`${animals.href}/;p=0`);
    const mammals = item.children.data[1]!;
    const deeper = (await get(mammals.href)).json() as TaxonomyItem;
    expect(deeper.ancestors).toEqual([{ name: 'Animals', href: animals.href }]);
    expect(deeper.children.data.map((c) => [c.name, c.hasChildren])).toEqual([
      ['Bush dog', false],
      ['Red fox', false],
    ]);
    const info = (await get(mammals.href, reader, vnd('taxonomy-item-info'))).json();
    expect(info).not.toHaveProperty('children');
    expect(info).toMatchObject({ name: 'Mammals', field: 25, href: mammals.href, taxonomyHref: KEYWORDS });
    const list = await get(`${mammals.href}/;p=0`, reader);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Bush dog', 'Red fox']);
    expect((await get(`${mammals.href}/;p=0`, reader, vnd('taxonomy-item'))).json().name).toBe('Mammals');
    expect((await get('/fotoweb/api/taxonomies/25/99999999')).statusCode).toBe(404);
    expect((await get('/fotoweb/api/taxonomies/25/x')).json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'itemId' }] });
  });

  it('pages the children of an item too, following children.paging', async () => {
    const children = Array.from({ length: TAXONOMY_PAGE_SIZE + 30 }, (_, i) => `Child ${String(TAXONOMY_PAGE_SIZE + 30 - i).padStart(3, '0')}`);
    expect((await send('POST', `${KEYWORDS}import`, { text: ['Parent', ...children.map((c) => `\t${c}`)].join('\n') })).json()).toMatchObject({ created: children.length + 1 });
    const parent = ((await get(`${KEYWORDS}?q=parent`)).json() as Taxonomy).items.data[0]!;
    const item = (await get(parent.href, reader)).json() as TaxonomyItem;
    expect(item.children.paging).toMatchObject({ first: `${parent.href}/;p=0`, next: `${parent.href}/;p=1`, last: `${parent.href}/;p=1`, count: children.length });
    expect(await walkPages(item.children, reader)).toEqual([...children].sort(byName));
    await send('DELETE', parent.href, undefined);
  });

  it('searches names and values at every level with ?q=, with ancestors and paged results', async () => {
    const found = (await get(`${KEYWORDS}?q=${encodeURIComponent('FOX')}`, reader)).json() as Taxonomy;
    expect(found.items.data.map((i) => [i.name, i.ancestors?.map((a) => a.name)])).toEqual([['Red fox', ['Animals', 'Mammals']]]);
    // Every place matches: more than a page, so the results page too, keeping the search in the links.
    const places = (await get(`${KEYWORDS}?q=${encodeURIComponent('PLACE ')}`, reader, vnd('taxonomy-item-list'))).json() as TaxonomyItemList;
    expect(places.paging.next).toBe(`${KEYWORDS};p=1?q=PLACE`);
    const names = await walkPages(places, reader);
    expect(names.map((n) => n.toLowerCase())).toEqual(PLACES.map((n) => n.toLowerCase()).sort());
    const tens = (await get(`${KEYWORDS}?q=place 1`, reader)).json() as Taxonomy;
    expect(tens.items.data.map((i) => i.name.toLowerCase())).toEqual(PLACES.filter((p) => p.toLowerCase().includes('place 1')).map((p) => p.toLowerCase()));
  });

  it('answers the search without the trailing slash as spec 02 §7 writes it (`/api/taxonomies/{field}?q=`), as with it', async () => {
    const noSlash = await get(`/fotoweb/api/taxonomies/25?q=${encodeURIComponent('FOX')}`, reader);
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json()).toEqual((await get(`${KEYWORDS}?q=${encodeURIComponent('FOX')}`, reader)).json());
    const list = await get('/fotoweb/api/taxonomies/25?q=PLACE', reader, vnd('taxonomy-item-list'));
    expect((list.json() as TaxonomyItemList).paging.next).toBe(`${KEYWORDS};p=1?q=PLACE`);
    // A field without a taxonomy, and a field id that is not one, answer as with the slash.
    for (const field of ['5', '999999', 'x'])
      expect((await get(`/fotoweb/api/taxonomies/${field}?q=a`, reader)).statusCode, field).toBe((await get(`/fotoweb/api/taxonomies/${field}/?q=a`, reader)).statusCode);
    expect((await get('/fotoweb/api/taxonomies/5?q=a', reader)).statusCode).toBe(404);
  });
});

describe('items: create, update, delete, visibility, info', () => {
  let sports: TaxonomyItem;

  it('creates top-level and child items (201, Location, the item), refusing taken names with 409', async () => {
    const created = await send('POST', KEYWORDS, { name: '<Sports>' }, editor);
    expect(created.statusCode).toBe(201);
    sports = created.json() as TaxonomyItem;
    expect(created.headers.location).toBe(sports.href);
    expect(sports).toMatchObject({ name: '<Sports>', value: 'Sports', acl: ['Navigate', 'Query', 'Set'], description: '', customSearch: '', hasChildren: false, field: 25 });
    const child = await send('POST', sports.href, { name: 'Football', value: 'Football', acl: ['Query', 'Set'] }, editor);
    expect(child.statusCode).toBe(201);
    expect(child.json()).toMatchObject({ name: 'Football', acl: ['Query', 'Set'], ancestors: [{ name: '<Sports>', href: sports.href }] });
    const taken = await send('POST', sports.href, { name: 'football' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ value: 'TaxonomyItemExists', message: expect.any(String) });
    expect((await send('POST', '/fotoweb/api/taxonomies/25/99999999', { name: 'Orphan' })).statusCode).toBe(404);
    expect((await send('POST', KEYWORDS, { name: 'Bad search', customSearch: '25:(' })).json()).toMatchObject({ value: 'InvalidSearchExpression' });
  });

  it('updates an item with PUT and answers it; blank values are 400, non-editors 403', async () => {
    const football = ((await get(sports.href)).json() as TaxonomyItem).children.data[0]!;
    const res = await send('PUT', football.href, { name: 'Soccer', value: 'soccer', acl: ['Query'], description: 'Ball game', customSearch: '25:soccer OR 25:football' }, editor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Soccer', value: 'soccer', acl: ['Query'], description: 'Ball game', customSearch: '25:soccer OR 25:football', href: football.href });
    expect((await send('PUT', football.href, { name: 'Soccer', value: '  ', acl: [] })).json()).toMatchObject({ value: 'InvalidRequest' });
    expect((await send('PUT', football.href, { name: 'Soccer', acl: [] })).json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'value' }] });
    expect((await send('PUT', football.href, { name: 'x', value: 'x', acl: [] }, reader)).statusCode).toBe(403);
  });

  it('shows non-editors only items with Set or with children to navigate, and 404 for the others', async () => {
    await send('POST', KEYWORDS, { name: 'Hidden category', acl: ['Navigate', 'Query'] });
    const editorView = ((await get(sports.href, editor)).json() as TaxonomyItem).children.data.map((c) => c.name);
    const readerView = ((await get(sports.href, reader)).json() as TaxonomyItem).children.data.map((c) => c.name);
    expect(editorView).toEqual(['Soccer']);
    expect(readerView).toEqual([]);
    const soccer = ((await get(sports.href)).json() as TaxonomyItem).children.data[0]!;
    expect((await get(soccer.href, reader)).statusCode).toBe(404);
    expect((await get(`${KEYWORDS}?q=hidden`, reader)).json().items.data).toEqual([]);
    expect((await get(`${KEYWORDS}?q=hidden`, editor)).json().items.data).toHaveLength(1);
  });

  it('maps item ids to items with their field (info), by array or {txnm}, with or without the slash', async () => {
    const soccer = ((await get(sports.href)).json() as TaxonomyItem).children.data[0]!;
    const ids = [soccer.href.split('/').pop()!, 'unknown', sports.href.split('/').pop()!];
    const res = await send('POST', '/fotoweb/api/taxonomies/info/', ids, editor);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { name: string; field: number }) => [i.name, i.field])).toEqual([
      ['Soccer', 25],
      ['<Sports>', 25],
    ]);
    const forReader = await send('POST', '/fotoweb/api/taxonomies/info', { txnm: ids }, reader);
    expect(forReader.json().map((i: { name: string }) => i.name)).toEqual(['<Sports>']);
    expect((await send('POST', '/fotoweb/api/taxonomies/info/', [])).statusCode).toBe(400);
    const byName = await send('POST', '/fotoweb/api/taxonomies/info/', { txnm: ['red fox', '<Sports>'] }, reader);
    expect(byName.json().map((i: { name: string; field: number; ancestors: Array<{ name: string }> }) => [i.name, i.field, i.ancestors.map((a) => a.name)])).toEqual([
      ['Red fox', 25, ['Animals', 'Mammals']],
      ['<Sports>', 25, []],
    ]);
  });

  it('lists the taxonomies of an archive the caller may view, 404 otherwise', async () => {
    const res = await get('/fotoweb/api/taxonomies/archives/5000');
    expect(res.json().map((t: Taxonomy) => [t.field, t.items.data.length])).toEqual([[25, TAXONOMY_PAGE_SIZE]]);
    const hidden = await sut.ctx.repos.archives.create({ name: 'Hidden' });
    expect((await get(`/fotoweb/api/taxonomies/archives/${hidden.id}`, reader)).statusCode).toBe(404);
    expect((await get('/fotoweb/api/taxonomies/archives/nope')).statusCode).toBe(404);
  });

  it('deletes an item with its children (204), again 204; non-editors 403', async () => {
    expect((await send('DELETE', sports.href, undefined, reader)).statusCode).toBe(403);
    const soccer = ((await get(sports.href)).json() as TaxonomyItem).children.data[0]!;
    expect((await send('DELETE', sports.href, undefined, editor)).statusCode).toBe(204);
    expect((await send('DELETE', sports.href, undefined, editor)).statusCode).toBe(204);
    expect((await get(sports.href)).statusCode).toBe(404);
    expect((await get(soccer.href)).statusCode).toBe(404);
  });
});

describe('searching assets by taxonomy item (txnm, spec 02 §8 InvalidTaxonomyItem)', () => {
  /** Real samples and the keywords ExifTool reads in them (manifest.json). */
  const manifest = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as Array<{
    path: string;
    exiftool: { Keywords: { XMP: string[] | null; IPTC: string[] | null } } | null;
  }>;
  const FILES = ['iptc-xmp/exiftool_IPTC.jpg', 'iptc-xmp/exiftool_XMP.jpg', 'iptc-xmp/metapm_PhotoMechanic.jpg', 'iptc-xmp/Canon_EOS_600D_keywords.jpg'];
  const keywordsOf = (file: string) => {
    const k = manifest.find((m) => m.path === file)!.exiftool!.Keywords;
    return k.XMP ?? k.IPTC ?? [];
  };
  const withWord = (word: string) => FILES.filter((f) => keywordsOf(f).some((k) => k.toLowerCase().split(/\s+/).includes(word.toLowerCase()))).length;
  let test: TaxonomyItem;
  let usa: TaxonomyItem;

  beforeAll(async () => {
    for (const file of FILES) expect((await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, file))).status).toBe('done');
    test = (await send('POST', KEYWORDS, { name: 'Test' })).json() as TaxonomyItem;
    usa = (await send('POST', KEYWORDS, { name: 'United States', value: 'USA' })).json() as TaxonomyItem;
  });

  const collection = async (query: string) => get(`/fotoweb/archives/5000-Photos/?${query}`, sut.adminToken, vnd('collectioninfo'));
  const idOf = (item: TaxonomyItem) => item.href.split('/').pop()!;

  it('finds the assets holding the item value; several items are OR-ed', async () => {
    expect(withWord('Test')).toBeGreaterThan(0);
    const one = await collection(`txnm=${idOf(test)}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ assetCount: withWord('Test'), searchString: `txnm=${idOf(test)}` });
    const both = await collection(`txnm=${idOf(test)}&txnm=${idOf(usa)}`);
    const either = FILES.filter((f) => keywordsOf(f).some((k) => ['test', 'usa'].includes(k.toLowerCase()))).length;
    expect(both.json().assetCount).toBe(either);
  });

  it('uses the custom search of an item that has one', async () => {
    await send('PUT', test.href, { name: 'Test', value: 'Test', acl: ['Navigate', 'Query', 'Set'], customSearch: '25:"A keyword"' });
    expect((await collection(`txnm=${idOf(test)}`)).json().assetCount).toBe(FILES.filter((f) => keywordsOf(f).includes('A keyword')).length);
  });

  it('answers 400 InvalidTaxonomyItem with a heading for an unknown item or one without Query', async () => {
    for (const id of ['99999999', 'nope']) {
      const res = await collection(`txnm=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ value: 'InvalidTaxonomyItem', heading: 'Invalid taxonomy item' });
    }
    await send('PUT', usa.href, { name: 'United States', value: 'USA', acl: ['Set'] });
    expect((await collection(`txnm=${idOf(usa)}`)).json()).toMatchObject({ value: 'InvalidTaxonomyItem' });
    expect((await get(`/fotoweb/archives/?txnm=${idOf(usa)}`)).json()).toMatchObject({ value: 'InvalidTaxonomyItem' });
  });
});
