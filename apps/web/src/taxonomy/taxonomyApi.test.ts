import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import { MEDIA_TYPES, type TaxonomyItemInfo } from '@magpie/api-types';
import { toTaxonomyRequestError } from '@magpie/machines';
import { createTaxonomyItem, fieldIdOfTaxonomyHref, loadTaxonomyHrefs, searchTaxonomy, toTreePage, updateTaxonomyItem } from './taxonomyApi.ts';

const ROOT = '/fotoweb/api/taxonomies/25/';

function info(name: string, overrides: Partial<TaxonomyItemInfo> = {}): TaxonomyItemInfo {
  return {
    name,
    value: name.toLowerCase(),
    description: '',
    customSearch: '',
    acl: ['Navigate', 'Query', 'Set'],
    href: `${ROOT}${name.toLowerCase()}`,
    hasChildren: false,
    field: 25,
    taxonomyHref: ROOT,
    ...overrides,
  };
}

/** A FotoWeb-like server answering from a table of `METHOD url` → response; records every request. */
function server(answers: Record<string, () => Response>) {
  const requests: Array<{ method: string; url: string; headers: Record<string, string>; body?: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({
      method,
      url,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
    });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return answer();
  });
  return requests;
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'magpie_csrf=token-1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('taxonomy answers as the tree machine reads them', () => {
  it('drops missing paging links (null or "") and usage flags the tree does not know', () => {
    const page = toTreePage({
      data: [info('Birds', { acl: ['Hint', 'Set'] })],
      paging: { first: `${ROOT};p=0`, prev: '', next: `${ROOT};p=1`, last: null },
    });
    expect(page).toEqual({
      data: [{ name: 'Birds', value: 'birds', description: '', customSearch: '', acl: ['Set'], href: `${ROOT}birds`, hasChildren: false }],
      paging: { first: `${ROOT};p=0`, next: `${ROOT};p=1` },
    });
    expect(toTreePage(undefined)).toEqual({ data: [], paging: {} });
  });

  it('reads the field id of a taxonomy href, also the legacy "25-Keywords" form', () => {
    expect(fieldIdOfTaxonomyHref(ROOT)).toBe('25');
    expect(fieldIdOfTaxonomyHref('/fotoweb/taxonomies/25-Keywords/')).toBe('25');
    expect(fieldIdOfTaxonomyHref(`${ROOT}?q=x`)).toBe('25');
  });
});

describe('taxonomy calls (spec 02 §7)', () => {
  it('searches with the encoded text on the taxonomy href', async () => {
    const url = `${ROOT}?q=${encodeURIComponent('big cats & co')}`;
    const requests = server({ [`GET ${url}`]: () => json({ items: { data: [info('Cats')], paging: null } }) });
    const page = await searchTaxonomy(ROOT, 'big cats & co');
    expect(page.data.map((item) => item.name)).toEqual(['Cats']);
    expect(requests[0]?.headers['Accept']).toBe(MEDIA_TYPES.taxonomy);
  });

  it('creates with the CSRF header and reads the item from the answer', async () => {
    const requests = server({ [`POST ${ROOT}`]: () => json(info('Owls'), { status: 201, headers: { Location: `${ROOT}owls` } }) });
    const draft = { name: 'Owls', value: 'Owls', description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'] } as const;
    const item = await createTaxonomyItem(ROOT, draft);
    expect(item.href).toBe(`${ROOT}owls`);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: draft,
      headers: { 'Content-Type': MEDIA_TYPES.taxonomyItemCreationInfo, 'X-CSRF-Token': 'token-1' },
    });
  });

  it('reads the stored item again when a FotoWare server answers a PUT with 204', async () => {
    const href = `${ROOT}owls`;
    const requests = server({
      [`PUT ${href}`]: () => new Response(null, { status: 204 }),
      [`GET ${href}`]: () => json(info('Owls', { description: 'Strigiformes' })),
    });
    const item = await updateTaxonomyItem(href, { name: 'Owls', value: 'owls', description: 'Strigiformes', customSearch: '', acl: ['Set'] });
    expect(item.description).toBe('Strigiformes');
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'GET']);
  });

  it('rejects with the status and error body, which the error modal shows (spec 02 §8)', async () => {
    const body = { value: 'Forbidden', message: 'No', heading: 'You may not edit taxonomies', requestId: 'r-1' };
    server({ [`POST ${ROOT}`]: () => json(body, { status: 403 }) });
    const failure = await createTaxonomyItem(ROOT, { name: 'x', value: 'x', description: '', customSearch: '', acl: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(toTaxonomyRequestError(failure)).toEqual({
      title: 'Error',
      message: 'general error, try later',
      details: { value: 'Forbidden', heading: 'You may not edit taxonomies', requestId: 'r-1' },
    });
  });

  it('maps each field with a taxonomy to its href', async () => {
    server({
      [`GET /fotoweb/api/taxonomies/`]: () =>
        json({ data: [{ name: 'Keywords', pluralName: 'Keywords', description: '', hasChildren: true, field: 25, href: ROOT, taxonomyHref: ROOT }], paging: null }),
    });
    expect(await loadTaxonomyHrefs()).toEqual({ '25': ROOT });
  });
});
