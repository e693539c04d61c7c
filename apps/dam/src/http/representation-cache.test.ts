import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, Collection } from '@magpie/api-types';
import { preferredCoding, REPRESENTATION_SETTLE_MS, RepresentationCache } from './representation-cache.ts';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';

/** A Fastify app answering `/thing/:n` through a cache whose generations and clock the test moves. */
function cachedApp() {
  const state = { generation: 'g1', clock: 0, computed: 0, fail: false };
  const cache = new RepresentationCache(async () => state.generation, { now: () => state.clock, settleMs: 1000, maxAgeMs: 10_000 });
  const app: FastifyInstance = Fastify();
  app.get<{ Params: { n: string } }>('/thing/:n', (request, reply) =>
    cache.send(request, reply, request.url, async () => {
      state.computed++;
      if (state.fail) throw new Error('the database is gone');
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ n: request.params.n, generation: state.generation, filler: 'x'.repeat(4000) }) };
    }),
  );
  return { app, state };
}

describe('RepresentationCache', () => {
  it('keeps an answer once the generations have settled, and recomputes when a generation moves or it grows old', async () => {
    const { app, state } = cachedApp();
    const get = async () => (await app.inject({ method: 'GET', url: '/thing/1' })).json() as { generation: string };
    await get(); // generations first seen now: not settled, nothing kept
    await get();
    expect(state.computed).toBe(2);
    state.clock = 1500;
    await get(); // settled: kept
    await get();
    await get();
    expect(state.computed).toBe(3);
    state.generation = 'g2';
    expect((await get()).generation).toBe('g2');
    expect(state.computed).toBe(4);
    state.clock = 3000; // g2 seen at 1500, settled now
    await get();
    await get();
    expect(state.computed).toBe(5);
    state.clock = 13_001; // older than maxAgeMs
    await get();
    expect(state.computed).toBe(6);
  });

  it('computes once for concurrent requests of one key and never keeps an error', async () => {
    const { app, state } = cachedApp();
    state.clock = 5000;
    await app.inject({ method: 'GET', url: '/thing/0' }); // generation first seen at 5000
    state.clock = 7000;
    state.computed = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/thing/2' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(state.computed).toBe(1);
    state.fail = true;
    expect((await app.inject({ method: 'GET', url: '/thing/3' })).statusCode).toBe(500);
    state.fail = false;
    expect((await app.inject({ method: 'GET', url: '/thing/3' })).statusCode).toBe(200);
    expect(state.computed).toBe(3);
  });

  it('sends brotli or gzip as the client accepts, the same JSON either way, and 304 for the current ETag', async () => {
    const { app } = cachedApp();
    const plain = await app.inject({ method: 'GET', url: '/thing/4' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await app.inject({ method: 'GET', url: '/thing/4', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/thing/4', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(br.headers.etag).toBe(etag);
    const notModified = await app.inject({ method: 'GET', url: '/thing/4', headers: { 'if-none-match': `W/${etag}` } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/thing/4', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('keeps an answer only on the UTC date it was computed on (a consent form expiring at midnight, issue 15)', async () => {
    const state = { generation: 'g1', clock: 0, day: '2026-11-29', computed: 0 };
    const cache = new RepresentationCache(async () => state.generation, { now: () => state.clock, today: () => state.day, settleMs: 1000, maxAgeMs: 10_000 });
    const app: FastifyInstance = Fastify();
    app.get('/asset', (request, reply) =>
      cache.send(request, reply, request.url, async () => {
        state.computed++;
        // The consent state the services compute for the date (an expiry on the 29th has run out on the 30th).
        const consentStatus = { assetConsentState: state.day <= '2026-11-29' ? 'FullConsent' : 'NoConsent' };
        return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ consentStatus }) };
      }),
    );
    const get = async () => (await app.inject({ method: 'GET', url: '/asset' })).json() as { consentStatus: { assetConsentState: string } };
    await get(); // generations first seen now: not settled
    state.clock = 8000;
    expect((await get()).consentStatus.assetConsentState).toBe('FullConsent');
    expect((await get()).consentStatus.assetConsentState).toBe('FullConsent');
    expect(state.computed).toBe(2); // kept
    state.clock = 9000; // well within maxAgeMs of the kept answer, no generation moved, but midnight passed
    state.day = '2026-11-30';
    expect((await get()).consentStatus.assetConsentState).toBe('NoConsent');
    expect(state.computed).toBe(3);
    expect((await get()).consentStatus.assetConsentState).toBe('NoConsent');
    expect(state.computed).toBe(3); // kept again for the new date

    const values = new RepresentationCache(async () => 'g1', { now: () => state.clock, today: () => state.day, settleMs: 0 });
    const value = () => values.remember('preview 1', async () => ({ day: state.day }));
    expect(await value()).toEqual({ day: '2026-11-30' });
    state.day = '2026-12-01';
    expect(await value()).toEqual({ day: '2026-12-01' });
  });

  it('remembers small values under the same rules', async () => {
    const state = { generation: 'g1', clock: 0, computed: 0 };
    const cache = new RepresentationCache(async () => state.generation, { now: () => state.clock, settleMs: 1000, maxAgeMs: 10_000 });
    const value = () => cache.remember('preview 1', async () => ({ n: ++state.computed }));
    expect(await value()).toEqual({ n: 1 }); // not settled yet
    state.clock = 2000;
    expect(await value()).toEqual({ n: 2 });
    expect(await value()).toEqual({ n: 2 });
    state.generation = 'g2';
    expect(await value()).toEqual({ n: 3 });
    await expect(cache.remember('preview 2', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(preferredCoding(undefined)).toBe('identity');
    expect(preferredCoding('identity')).toBe('identity');
    expect(preferredCoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(preferredCoding('*')).toBe('gzip');
    expect(preferredCoding('BR')).toBe('br');
    expect(preferredCoding('gzip;q=0, br;q=0')).toBe('identity');
  });
});

describe('kept answers of the DAM', () => {
  let sut: TestDam;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const settle = () => new Promise((r) => setTimeout(r, REPRESENTATION_SETTLE_MS + 100));

  beforeAll(async () => {
    sut = await createTestDam();
    for (const file of ['Apple_iPhone_4.jpg', 'Apple_iPhone_5.jpg']) {
      expect((await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos', file))).status).toBe('done');
    }
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('shows an asset change and an access-list change at once, to each caller its own answer', async () => {
    const user = await sut.createUser('kept-answers');
    const collection = async (token: string) =>
      sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(token), accept: 'application/vnd.fotoware.collection+json' } });
    await collection(sut.adminToken);
    await settle();
    const before = (await collection(sut.adminToken)).json() as Collection;
    expect(before.assets!.data).toHaveLength(2);
    expect((await collection(user.token)).statusCode).toBe(200);

    // An asset changes: its new title shows in the next answer.
    const assetUrl = before.assets!.data[0]!.href;
    const edited = await sut.app.inject({
      method: 'PATCH',
      url: assetUrl,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/vnd.fotoware.assetupdate+json' },
      payload: JSON.stringify({ metadata: { 5: { value: 'Kept answers, new title' } } }),
    });
    expect(edited.statusCode).toBe(200);
    const after = (await collection(sut.adminToken)).json() as Collection;
    expect(after.assets!.data.find((a) => a.href === assetUrl)!.metadata['5']).toEqual({ value: 'Kept answers, new title' });
    const asset = (await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) })).json() as Asset;
    expect(asset.metadata['5']).toEqual({ value: 'Kept answers, new title' });

    // The access list changes: the user loses the archive at once, the administrator keeps it.
    await settle();
    expect((await collection(user.token)).statusCode).toBe(200);
    const registered = await sut.ctx.database.db.selectFrom('groups').select('id').where('name', '=', 'Registered Users').executeTakeFirstOrThrow();
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'group', principalId: registered.id, permissions: [] });
    expect((await collection(user.token)).statusCode).toBe(404);
    expect((await collection(sut.adminToken)).statusCode).toBe(200);
  });
});
