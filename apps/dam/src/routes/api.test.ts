import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, TEST_BFF_CLIENT, type TestDam } from '../testing/harness.ts';
import { hashPassword } from '../lib/crypto.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('authentication', () => {
  it('answers 401 with a FotoWeb error body without a token', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses a wrong password with invalid_grant and an unknown client with invalid_client', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST' as const,
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const wrong = await sut.app.inject(form({ grant_type: 'password', username: 'admin', password: 'nope', client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    const badClient = await sut.app.inject(form({ grant_type: 'password', username: 'admin', password: 'admin-password', client_id: TEST_BFF_CLIENT.id, client_secret: 'x' }));
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error).toBe('invalid_client');
  });

  it('limits the password grant to the BFF client and serves API clients with client_credentials', async () => {
    const admin = await sut.ctx.repos.users.findByUsername('admin');
    await sut.ctx.repos.tokens.insertClient({ clientId: 'importer', name: 'Importer', secretHash: await hashPassword('s3cret'), userId: admin!.id });
    const post = (fields: Record<string, string>) =>
      sut.app.inject({ method: 'POST', url: '/fotoweb/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const password = await post({ grant_type: 'password', username: 'admin', password: 'admin-password', client_id: 'importer', client_secret: 's3cret' });
    expect(password.json().error).toBe('unauthorized_client');
    const cc = await post({ grant_type: 'client_credentials', client_id: 'importer', client_secret: 's3cret' });
    expect(cc.statusCode).toBe(200);
    const me = await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(cc.json().access_token) });
    expect(me.json().user.userName).toBe('admin');
  });

  it('rotates refresh tokens and revokes the grant on logout', async () => {
    const tokens = await sut.login('admin', 'admin-password');
    const refresh = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret }).toString(),
    });
    expect(refresh.statusCode).toBe(200);
    const fresh = refresh.json() as { access_token: string };
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await sut.app.inject({ method: 'POST', url: '/fotoweb/services/logout', headers: bearer(fresh.access_token) })).statusCode).toBe(204);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: bearer(fresh.access_token) })).statusCode).toBe(401);
  });

  it('stores passwords as scrypt hashes only', async () => {
    const admin = await sut.ctx.repos.users.findByUsername('admin');
    expect(admin!.password_hash).toMatch(/^scrypt\$/);
    expect(admin!.password_hash).not.toContain('admin-password');
  });
});

describe('descriptor and archives', () => {
  it('serves the full API descriptor with the vendor media type', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.full-api-descriptor+json' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.full-api-descriptor+json');
    const body = res.json();
    expect(body).toMatchObject({ href: '/fotoweb/me', archives: '/fotoweb/me/archives/', upload_to: '/fotoweb/me/upload-to/', searchURL: '/fotoweb/archives/{?q}' });
    expect(body.services.logout).toBe('/fotoweb/services/logout');
    expect(body.services.keepalive.href).toBe('/fotoweb/services/keepalive');
    expect(body.user.userName).toBe('admin');
  });

  it('lists the Photos archive as a collection with permissions and a {?q} search template', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(sut.adminToken) });
    const [photos] = res.json().data;
    expect(photos).toMatchObject({ name: 'Photos', type: 'archive', href: '/fotoweb/archives/5000-Photos/', searchURL: '/fotoweb/archives/5000-Photos/{?q}' });
    expect(photos.permissions).toContain('UploadFile');
  });

  it('gives registered users view, preview, download and upload on Photos, nothing more', async () => {
    const user = await sut.createUser('reader');
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.sort()).toEqual(['Download', 'Preview', 'UploadFile', 'View']);
  });

  it('hides archives the caller may not view (404) and refuses uploads without UploadFile (403)', async () => {
    const secret = await sut.ctx.repos.archives.create({ name: 'Secret' });
    const viewOnly = await sut.ctx.repos.archives.create({ name: 'Gallery' });
    const registered = (await sut.ctx.repos.users.groupIdsOf((await sut.ctx.repos.users.findByUsername('admin'))!.id))[1]!;
    await sut.ctx.repos.archives.setAcl(viewOnly.id, { principalType: 'group', principalId: registered, permissions: ['View'] });
    const user = await sut.createUser('outsider');
    const hidden = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/${secret.id}-Secret/`, headers: bearer(user.token) });
    expect(hidden.statusCode).toBe(404);
    const list = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(user.token) });
    expect(list.json().data.map((c: { name: string }) => c.name)).not.toContain('Secret');
    const upload = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      headers: bearer(user.token),
      payload: { destination: `/fotoweb/archives/${viewOnly.id}-Gallery/`, filename: 'a.jpg', fileSize: 10 },
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().value).toBe('Forbidden');
  });
});

describe('upload, asset and renditions', () => {
  let assetUrl: string;

  it('uploads a photo in chunks and ingests it into an asset', async () => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
    expect(status).toMatchObject({ status: 'done', error: null });
    assetUrl = status.result!.assetUrl;
    expect(assetUrl).toBe('/fotoweb/archives/5000-Photos/Bush-dog.jpg.info');
  });

  it('serves the asset in FotoWeb shape', async () => {
    const res = await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    const asset = res.json();
    expect(asset).toMatchObject({ href: assetUrl, filename: 'Bush-dog.jpg', doctype: 'image', archiveId: 5000 });
    expect(asset.previews.map((p: { size: number }) => p.size)).toEqual(expect.arrayContaining([100, 200, 400, 800]));
    expect(asset.renditions[0].href).toBe(`${assetUrl}/__renditions/ORIGINAL`);
    expect(asset.attributes.imageattributes.pixelwidth).toBeGreaterThan(0);
    expect(asset.builtinFields.map((f: { field: string }) => f.field)).toEqual(['title', 'description', 'tags', 'status', 'rating', 'notes']);
  });

  it('streams the original and ranges of it', async () => {
    const full = await sut.app.inject({ method: 'GET', url: `${assetUrl}/__renditions/ORIGINAL`, headers: bearer(sut.adminToken) });
    expect(full.statusCode).toBe(200);
    const { readFile } = await import('node:fs/promises');
    expect(full.rawPayload.equals(await readFile(PHOTO))).toBe(true);
    const part = await sut.app.inject({ method: 'GET', url: `${assetUrl}/__renditions/ORIGINAL`, headers: { ...bearer(sut.adminToken), range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
  });

  it('serves previews as JPEG', async () => {
    const asset = (await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) })).json();
    const res = await sut.app.inject({ method: 'GET', url: asset.previews[0].href, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
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

  it('lists the asset in the archive, pages with ;p=, and finds it by a word and by a field predicate', async () => {
    const archive = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.collection+json' } });
    expect(archive.json().assetCount).toBe(3);
    expect(archive.json().assets.data.map((a: { href: string }) => a.href)).toContain(assetUrl);
    const past = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;p=3', headers: bearer(sut.adminToken) });
    expect(past.statusCode).toBe(404);
    const asset = (await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) })).json();
    const title = String(asset.metadata['5']?.value ?? 'Bush');
    const word = title.split(/\s+/)[0]!;
    const byWord = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent(word)}`, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(byWord.json().data.map((a: { href: string }) => a.href)).toContain(assetUrl);
    const byField = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent(`5:${word}`)}`, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(byField.json().data).toHaveLength(1);
    const none = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=zzzznotthere`, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(none.json().data).toHaveLength(0);
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

  it('answers unknown hrefs with 404 and malformed ones with 400', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/9999-Nope/', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/missing.jpg.info', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/%E0%A4%A.info', headers: bearer(sut.adminToken) })).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/nothing/here', headers: bearer(sut.adminToken) })).json().value).toBe('NotFound');
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

  it('answers over-long searches with 400, never 500', async () => {
    const res = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${'a'.repeat(3000)}`, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(400);
    const unbalanced = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent('"open')}`, headers: bearer(sut.adminToken) });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().value).toBe('InvalidSearchExpression');
  });
});
