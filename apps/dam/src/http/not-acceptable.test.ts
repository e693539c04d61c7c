/** 406 Not Acceptable (dam.yaml "Media types"): a GET whose Accept allows none of the resource's representations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { acceptsJson, mediaRanges } from './not-acceptable.ts';

let sut: TestDam;
beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

const get = (url: string, accept: string) => sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${sut.adminToken}`, accept } });

describe('Accept matching', () => {
  it('reads media ranges with their weights', () => {
    expect(mediaRanges('text/html, application/JSON;q=0.5, */*;q=0')).toEqual([
      { range: 'text/html', q: 1 },
      { range: 'application/json', q: 0.5 },
      { range: '*/*', q: 0 },
    ]);
    expect(mediaRanges('')).toEqual([]);
  });

  it('allows the exact type, wildcards and application/json for a vendor type, never a range weighted 0', () => {
    const vendor = 'application/vnd.fotoware.user-list+json; charset=utf-8';
    expect(acceptsJson('application/vnd.fotoware.user-list+json', vendor)).toBe(true);
    expect(acceptsJson('application/json', vendor)).toBe(true);
    expect(acceptsJson('text/html, */*;q=0.8', vendor)).toBe(true);
    expect(acceptsJson('application/*', vendor)).toBe(true);
    expect(acceptsJson('', vendor)).toBe(true);
    // Another vendor type gets the resource's own representation, as FotoWeb servers answer.
    expect(acceptsJson('application/vnd.fotoware.assetlist+json', vendor)).toBe(true);
    expect(acceptsJson('text/html, application/xml', vendor)).toBe(false);
    expect(acceptsJson('image/png', vendor)).toBe(false);
    expect(acceptsJson('application/json;q=0', vendor)).toBe(false);
  });
});

describe('406 on the DAM', () => {
  it('answers a GET whose Accept allows no representation with 406 and the FotoWeb error body', async () => {
    for (const [url, accept] of [
      ['/fotoweb/me/', 'image/png'],
      ['/fotoweb/users/', 'text/html, application/xml;q=0.9'],
      ['/fotoweb/api/taxonomies/', 'text/html'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, `${url} ${accept}`).toBe(406);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['etag']).toBeUndefined();
      expect(res.json()).toMatchObject({ value: 'NotAcceptable', heading: 'Not acceptable', requestId: expect.any(String) });
    }
  });

  it('answers what the Accept allows, and leaves errors and other methods alone', async () => {
    expect((await get('/fotoweb/me/', 'application/json')).statusCode).toBe(200);
    expect((await get('/fotoweb/me/', 'text/html,application/xhtml+xml,*/*;q=0.8')).statusCode).toBe(200);
    expect((await get('/fotoweb/users/', 'application/vnd.fotoware.user-list+json')).statusCode).toBe(200);
    expect((await get('/fotoweb/users/', 'application/vnd.fotoware.user+json')).statusCode).toBe(200);
    // A 404 stays a 404, whatever the Accept.
    expect((await get('/fotoweb/api/users/999999', 'image/png')).statusCode).toBe(404);
    // A POST is answered as it was done: a 406 after the fact would report a stored change as failed.
    const created = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/groups/',
      headers: { authorization: `Bearer ${sut.adminToken}`, accept: 'image/png', 'content-type': 'application/vnd.fotoware.group+json' },
      payload: JSON.stringify({ name: 'Accept anything' }),
    });
    expect(created.statusCode).toBe(201);
  });
});
