/**
 * The DAM's input gate (issue 9, "One input gate for every route") on a real database: every request of issue 9's
 * list of 500s now answers 4xx with a FotoWeb error body naming the field, and nothing is stored.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@magpie/api-types/schemas';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';
import { createTestDam, SAMPLES_DIR, TEST_BFF_CLIENT, type TestDam } from '../testing/harness.ts';

let sut: TestDam;
let assetHref: string;
const ARCHIVE = '/fotoweb/archives/5000-Photos/';
const json = 'application/json';

const auth = () => ({ authorization: `Bearer ${sut.adminToken}`, accept: json });
const get = (url: string) => sut.app.inject({ method: 'GET', url, headers: auth() });
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: string, contentType = json) =>
  sut.app.inject({ method, url, headers: { ...auth(), 'content-type': contentType }, payload: body });

/** A 400 FotoWeb error body with `value`, whose message contains `message`. */
function expectRefused(res: { statusCode: number; json(): unknown }, value: string, message: string | RegExp) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = res.json() as { value: string; message: string; requestId: string };
  expect(body.value).toBe(value);
  expect(body.message).toMatch(message);
  expect(body.requestId).toEqual(expect.any(String));
}

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_PAGE_SIZE: '1' });
  for (const [file, name] of [
    ['photos/orientation/Landscape_5.jpg', 'gate-a.jpg'],
    ['photos/orientation/Portrait_3.jpg', 'gate-b.jpg'],
  ] as const) {
    const status = await sut.upload(sut.adminToken, ARCHIVE, path.join(SAMPLES_DIR, file), { filename: name });
    expect(status.status).toBe('done');
    assetHref = new URL(status.result!.assetUrl, 'http://x').pathname;
  }
});
afterAll(async () => {
  await sut?.close();
});

describe('numbers against their column before SQL (issue 9)', () => {
  it.each([
    ['?q=pw:1.5', /whole number of px for pw/],
    ['?q=ph:2147483648', /out of range for ph/],
    ['?fsf=99999999999999999999', /out of range for fs/],
    ['?q=fs:99999999999999', /out of range for fs/],
    ['?pwt=1.5', /whole number of px/],
    ['?q=mt:2023-02-29', /not a date/],
  ])('%s answers 400 InvalidSearchExpression', async (query, message) => {
    expectRefused(await get(`${ARCHIVE}${query}`), 'InvalidSearchExpression', message);
    expectRefused(await get(`/fotoweb/archives/${query}`), 'InvalidSearchExpression', message);
  });

  it('a taxonomy item whose custom search is out of range is refused when created', async () => {
    const res = await send('POST', '/fotoweb/api/taxonomies/25/', JSON.stringify({ name: 'Huge', customSearch: 'pw:99999999999' }));
    expectRefused(res, 'InvalidSearchExpression', /out of range for pw/);
  });

  it('an integer metadata value outside 32 bits and an impossible date are the field validation errors', async () => {
    const editor = ((await get(assetHref)).json() as { metadataEditor: { href: string } }).metadataEditor.href;
    const view = DEFAULT_METADATA_VIEW;
    const fields = [
      {
        field: {
          id: 901,
          label: 'Count',
          'data-type': 'integer',
          'multi-instance': false,
          multiline: false,
          'max-size': null,
          taxonomyHref: null,
          validation: { regexp: null, min: null, max: null },
        },
        isWritable: true,
        required: false,
        'taxonomy-only': false,
      },
      {
        field: {
          id: 902,
          label: 'Shot on',
          'data-type': 'date',
          'multi-instance': false,
          multiline: false,
          'max-size': null,
          taxonomyHref: null,
          validation: { regexp: null, min: null, max: null },
        },
        isWritable: true,
        required: false,
        'taxonomy-only': false,
      },
    ];
    const replaced = await send('PUT', editor, JSON.stringify({ ...view, detailRegions: [...view.detailRegions, { name: 'Gate', fields }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const big = await send('PATCH', assetHref, JSON.stringify({ metadata: { '901': { value: '99999999999' } } }));
    expectRefused(big, 'InvalidRequest', /Count \(901\) must be a whole number from -2147483648 to 2147483647/);
    const date = await send('PATCH', assetHref, JSON.stringify({ metadata: { '902': { value: '2024-04-31' } } }));
    expectRefused(date, 'InvalidRequest', /Shot on \(902\) must be an ISO 8601 date/);
    expect((await send('PATCH', assetHref, JSON.stringify({ metadata: { '901': { value: '2147483647' }, '902': { value: '2024-04-30' } } }))).statusCode).toBe(200);
  });
});

describe('NUL and lone surrogates, refused in every part of a request (issue 9)', () => {
  it('in query values and keys, naming the parameter', async () => {
    expectRefused(await get(`${ARCHIVE}?q=fn:a%00b`), 'InvalidRequest', 'The query parameter "q" contains a NUL character (U+0000)');
    expectRefused(await get(`${ARCHIVE}?a%00=1`), 'InvalidRequest', 'The query has a key that contains a NUL character');
    expectRefused(await get('/fotoweb/api/taxonomies/25/?q=a%00'), 'InvalidRequest', 'The query parameter "q"');
  });

  it('in path segments, and malformed percent-encoding answers a FotoWeb error body', async () => {
    expectRefused(await get(`${ARCHIVE}a%00b/`), 'InvalidRequest', /The path parameter "\*" contains a NUL character/);
    expectRefused(await get(`${ARCHIVE};o=%00`), 'InvalidRequest', /NUL character/);
    expectRefused(await get('/fotoweb/editors/a%00'), 'InvalidRequest', /The path parameter "id" contains a NUL/);
    expectRefused(await get(`${ARCHIVE}%ED%A0%80/`), 'InvalidRequest', /not UTF-8/);
  });

  it('in JSON bodies (values and keys), with the field in the message and in issues; nothing is stored', async () => {
    const before = (await get('/fotoweb/me/user-preferences/')).json();
    const nul = await send('PATCH', '/fotoweb/me/user-preferences/', '{"data":{"intranet":{"a":"x\\u0000"}}}');
    expectRefused(nul, 'InvalidRequest', 'The body field "data.intranet.a" contains a NUL character (U+0000), which is not allowed.');
    expect((nul.json() as { issues: unknown }).issues).toEqual([{ path: 'body.data.intranet.a', message: expect.stringContaining('NUL') }]);
    expectRefused(await send('PATCH', '/fotoweb/me/user-preferences/', '{"data":{"intranet":{"a":"\\ud800"}}}'), 'InvalidRequest', /lone UTF-16 surrogate/);
    expectRefused(await send('PATCH', '/fotoweb/me/user-preferences/', '{"data":{"intranet":{"a\\u0000":1}}}'), 'InvalidRequest', /"data.intranet" has a key that contains a NUL/);
    expect((await get('/fotoweb/me/user-preferences/')).json()).toEqual(before);

    const asset = (await get(assetHref)).json() as { metadata: unknown };
    expectRefused(await send('PATCH', assetHref, '{"metadata":{"5":{"value":"x\\udc00y"}}}', 'application/vnd.fotoware.assetupdate+json'), 'InvalidRequest', '"metadata.5.value"');
    expect(((await get(assetHref)).json() as { metadata: unknown }).metadata).toEqual(asset.metadata);
    expectRefused(await send('POST', '/fotoweb/api/taxonomies/25/', '{"name":"a\\ud800"}'), 'InvalidRequest', '"name"');
    expectRefused(await send('POST', '/fotoweb/api/taxonomies/info/', '["a\\u0000"]'), 'InvalidRequest', 'The body field "0"');
  });

  it('keeps a well-formed surrogate pair (an emoji) and other text', async () => {
    const res = await send('PATCH', '/fotoweb/me/user-preferences/', JSON.stringify({ data: { intranet: { mood: 'ok 🦜 ü\t' } } }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { intranet: { mood: string } }).intranet.mood).toBe('ok 🦜 ü\t');
  });

  it('in the token endpoint form, answered as RFC 6749 invalid_request (issue 9: answered 500, the BFF 502)', async () => {
    const form = new URLSearchParams({ grant_type: 'password', username: 'adm\u0000in', password: 'x', client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret });
    const res = await sut.app.inject({ method: 'POST', url: '/fotoweb/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('The body field "username" contains a NUL') });
  });
});

describe('JSON nesting (issue 9: preferences nested 5,000 levels answered 500)', () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

  it(`refuses bodies deeper than ${MAX_JSON_DEPTH} levels, for plain and vendor JSON types, and accepts ${MAX_JSON_DEPTH}`, async () => {
    const deep = `{"data":{"intranet":{"a":${nested(5000)}}}}`;
    expectRefused(await send('PATCH', '/fotoweb/me/user-preferences/', deep), 'InvalidRequest', `deeper than ${MAX_JSON_DEPTH} levels`);
    expectRefused(await send('PATCH', assetHref, `{"metadata":${nested(100_000)}}`, 'application/vnd.fotoware.assetupdate+json'), 'InvalidRequest', 'deeper than');
    const atLimit = `{"data":{"intranet":{"a":${nested(MAX_JSON_DEPTH - 3)}}}}`;
    expect((await send('PATCH', '/fotoweb/me/user-preferences/', atLimit)).statusCode).toBe(200);
    expectRefused(await send('PATCH', '/fotoweb/me/user-preferences/', `{"data":{"intranet":{"a":${nested(MAX_JSON_DEPTH - 2)}}}}`), 'InvalidRequest', 'deeper than');
  });

  it('bounds preferences per user (64 KiB) with 413', async () => {
    const res = await send('PATCH', '/fotoweb/me/user-preferences/', JSON.stringify({ data: { shared: { big: 'x'.repeat(70_000) } } }));
    expect(res.statusCode).toBe(413);
    expect((res.json() as { value: string }).value).toBe('PayloadTooLarge');
  });
});

describe('paging cursors (issue 9: forged ;p= answered 500)', () => {
  it('follows the links it issued, and refuses forged, altered and re-ordered ones with 400', async () => {
    const first = (await sut.app.inject({ method: 'GET', url: `${ARCHIVE};o=fn`, headers: { ...auth(), accept: 'application/vnd.fotoware.assetlist+json' } })).json() as {
      data: Array<{ filename: string }>;
      paging: { next: string };
    };
    expect(first.data.map((a) => a.filename)).toEqual(['gate-a.jpg']);
    const next = await sut.app.inject({ method: 'GET', url: first.paging.next, headers: { ...auth(), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(next.statusCode).toBe(200);
    expect((next.json() as { data: Array<{ filename: string }> }).data.map((a) => a.filename)).toEqual(['gate-b.jpg']);

    const page = /;p=([^;/?]+)/.exec(first.paging.next)![1]!;
    const forged = Buffer.from(JSON.stringify(['not a time', 1])).toString('base64url');
    for (const url of [
      `${ARCHIVE};p=0-a${forged}`,
      `${ARCHIVE};p=0-aWyIyMDIwLTAxLTAxIiw5OTk5OTk5OTk5OV0`,
      `${ARCHIVE};o=fn;p=${page.slice(0, -2)}AA`,
      // The same cursor under another order would cast a file name to a timestamp.
      `${ARCHIVE};p=${page}`,
    ]) {
      expectRefused(await get(url), 'InvalidRequest', /not issued by this server|Invalid page/);
    }
  });
});
