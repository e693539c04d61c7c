/** The upload API's basics, split from the former routes/api.test.ts (issue 10): create, chunks, ingest, bad input. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('upload and ingest', () => {
  let assetUrl: string;

  it('uploads a photo in chunks and ingests it into an asset', async () => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
    expect(status).toMatchObject({ status: 'done', error: null });
    assetUrl = status.result!.assetUrl;
    expect(assetUrl).toBe('/fotoweb/archives/5000-Photos/Bush-dog.jpg.info');
  });

  it('detects the same file uploaded twice by its content hash', async () => {
    const again = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO, { filename: 'copy.jpg' });
    expect(again.status).toBe('failed');
    expect(again.error?.value).toBe('DuplicateAsset');
    expect(again.result?.assetUrl).toBe(assetUrl);
  });

  it('keeps both files when two different files with one name arrive together', async () => {
    const [a, b] = await Promise.all([
      sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos/orientation/Landscape_1.jpg'), { filename: 'same.jpg' }),
      sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos/orientation/Portrait_1.jpg'), { filename: 'same.jpg' }),
    ]);
    expect([a.status, b.status]).toEqual(['done', 'done']);
    expect([a.result!.assetUrl, b.result!.assetUrl].sort()).toEqual(['/fotoweb/archives/5000-Photos/same%20(2).jpg.info', '/fotoweb/archives/5000-Photos/same.jpg.info']);
  });
});

describe('bad input', () => {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    sut.app.inject({ method: 'POST', url, headers: { ...bearer(sut.adminToken), ...headers }, payload: payload as string });

  it('answers malformed JSON with 400 InvalidRequest', async () => {
    const res = await post('/fotoweb/api/uploads', '{"destination":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest' });
  });

  it('answers a wrong media type with 415', async () => {
    const res = await post('/fotoweb/api/uploads', 'hello', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(res.json().value).toBe('UnsupportedMediaType');
  });

  it('refuses file names with \\ / : * ? " < > |', async () => {
    for (const filename of ['a/b.jpg', 'a:b.jpg', 'a*b.jpg', 'a?.jpg', 'a".jpg', 'a<b.jpg', 'a|b.jpg', 'a\\b.jpg']) {
      const res = await post('/fotoweb/api/uploads', { destination: '/fotoweb/archives/5000-Photos/', filename, fileSize: 10 });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().value, filename).toBe('InvalidFilename');
    }
  });

  it('refuses files over the size limit with 413', async () => {
    const res = await post('/fotoweb/api/uploads', { destination: '/fotoweb/archives/5000-Photos/', filename: 'big.mov', fileSize: sut.config.maxUploadBytes + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().value).toBe('PayloadTooLarge');
  });

  it('checks chunk indexes and sizes, refuses duplicates, and keeps the upload usable', async () => {
    const created = await post('/fotoweb/api/uploads', { destination: '/fotoweb/archives/5000-Photos/', filename: 'chunks.bin', fileSize: 10 });
    const { id } = created.json();
    const send = async (index: number, bytes: Buffer) => {
      const form = new FormData();
      form.append('chunk', new Blob([bytes]), 'chunk');
      const request = new Request('http://x', { method: 'POST', body: form });
      return sut.app.inject({
        method: 'POST',
        url: `/fotoweb/api/uploads/${id}/chunks/${index}`,
        headers: { ...bearer(sut.adminToken), 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const outOfRange = await send(1, Buffer.alloc(10));
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().value).toBe('InvalidChunk');
    const wrongSize = await send(0, Buffer.alloc(7));
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().value).toBe('InvalidChunk');
    const tooBig = await send(0, Buffer.alloc(11));
    expect(tooBig.statusCode).toBe(400);
    const notMultipart = await post(`/fotoweb/api/uploads/${id}/chunks/0`, 'raw', { 'content-type': 'application/octet-stream' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await send(0, Buffer.from('plain text'))).statusCode).toBe(204);
    const duplicate = await send(0, Buffer.from('plain text'));
    expect(duplicate.statusCode).toBe(409);
    await sut.ctx.worker.drain();
    const status = await sut.app.inject({ method: 'GET', url: `/fotoweb/api/uploads/${id}/status`, headers: bearer(sut.adminToken) });
    expect(status.json().status).toMatch(/done|failed/);
  });

  it("does not show another user's upload status", async () => {
    const created = await post('/fotoweb/api/uploads', { destination: '/fotoweb/archives/5000-Photos/', filename: 'mine.jpg', fileSize: 5 });
    const other = await sut.createUser('nosy');
    const res = await sut.app.inject({ method: 'GET', url: `/fotoweb/api/uploads/${created.json().id}/status`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(403);
  });
});
