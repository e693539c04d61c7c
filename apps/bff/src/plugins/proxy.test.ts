import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, MEDIA_TYPES } from '@magpie/api-types';
import { FILENAME_MESSAGE } from '@magpie/api-types/schemas';
import { SAMPLES_DIR } from '@magpie/dam/testing/harness.ts';
import { buildBffApp } from '../app.ts';
import { withoutAccessToken } from './proxy.ts';
import { ADMIN_PASSWORD, createTestStack, deadUrl, testConfig, TestBrowser, type TestStack } from '../testing/stack.ts';

/** 2.5 MB: with 2 MiB chunks, the first chunk is twice the BFF's own body limit (1 MiB). */
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Canon_EOS-1D_Mark_III_Lightroom.jpg');
const CHUNK_BYTES = 2 * 1024 * 1024;

let sut: TestStack;
let admin: TestBrowser;

beforeAll(async () => {
  sut = await createTestStack({ damEnv: { MAGPIE_UPLOAD_CHUNK_BYTES: String(CHUNK_BYTES) } });
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

describe('forwarding', () => {
  it('answers the DAM collection list with its vendor media type', async () => {
    const res = await admin.request({ method: 'GET', url: '/fotoweb/me/archives/', headers: { accept: MEDIA_TYPES.collectionList } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.fotoware\.collectionlist\+json/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const list = res.json() as { data: Array<{ href: string }> };
    expect(list.data.map((c) => c.href)).toContain('/fotoweb/archives/5000-Photos/');
  });

  it('keeps the path (with ;p=/;o= components) and the query', async () => {
    const res = await admin.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;o=fn?q=dog', headers: { accept: MEDIA_TYPES.collection } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ searchString: 'dog' });
  });

  it('answers 401 without a session, whatever bearer the browser sends', async () => {
    for (const headers of [{}, { authorization: `Bearer ${sut.dam.adminToken}` }]) {
      const res = await sut.bff.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: { accept: 'application/json', ...headers } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ value: 'Unauthorized', heading: 'Access denied', message: expect.any(String), requestId: expect.any(String) });
    }
  });

  it('forwards the public health check without a session', async () => {
    const res = await sut.bff.inject({ method: 'GET', url: '/fotoweb/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('forwards a share link (page, password, previews, originals) without a session (issue 13)', async () => {
    const dam = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
      sut.dam.app.inject({ method, url, headers: { authorization: `Bearer ${sut.dam.adminToken}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    const shared = path.join(SAMPLES_DIR, 'photos/orientation/Landscape_2.jpg');
    const status = await sut.dam.upload(sut.dam.adminToken, '/fotoweb/archives/5000-Photos/', shared, { folder: 'bff-share' });
    const album = (await dam('POST', '/fotoweb/me/albums/', { name: 'BFF share' })).json().href as string;
    await dam('POST', album, { data: [status.result!.assetUrl] });
    const link = (await dam('PATCH', `${album}.shares/`, { addShares: [{ type: 'everyone', acl: ['view', 'download'], password: 'letmein' }] })).json().addedShares[0]
      .sharedHREF as string;

    const visitor = new TestBrowser(sut.bff);
    const locked = await visitor.request({ method: 'GET', url: link, headers: { accept: 'application/json' } });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().value).toBe('SharePasswordRequired');
    const unlocked = await visitor.request({
      method: 'POST',
      url: `${link}access`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'letmein' }),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const { access } = unlocked.json() as { access: string };
    const page = await visitor.request({ method: 'GET', url: `${link}?access=${encodeURIComponent(access)}`, headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(200);
    const [asset] = page.json().assets as Array<{ previews: Array<{ href: string }>; download: string }>;
    const preview = await visitor.request({ method: 'GET', url: asset!.previews[0]!.href, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const original = await visitor.request({ method: 'GET', url: asset!.download, headers: { accept: 'text/html,*/*' } });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.length).toBe((await fs.stat(shared)).size);
  });

  it('forwards the public sign-up (form and sign-up) without a session, and without the token of one (issue 14)', async () => {
    const invited = await sut.dam.app.inject({
      method: 'POST',
      url: '/fotoweb/invitations/',
      headers: { authorization: `Bearer ${sut.dam.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ link: true }),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = new URL(invited.json().invitationLink as string).searchParams.get('invitation')!;
    const visitor = new TestBrowser(sut.bff);
    const form = await visitor.request({ method: 'GET', url: `/fotoweb/signup/?invitation=${token}`, headers: { accept: 'application/json' } });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ type: 'link', email: null });
    const signup = (email: string) => ({ invitation: token, email, firstName: 'Bff', lastName: 'Visitor', password: 'a visitor password' });
    const sent = await visitor.request({
      method: 'POST',
      url: '/fotoweb/signup/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signup('bff-visitor@example.com')),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ status: 'pending' });
    // A signed-in browser's sign-up goes on without its session's token: it is nobody's action but the applicant's.
    const signedIn = await admin.request({
      method: 'POST',
      url: '/fotoweb/signup/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signup('bff-admin-browser@example.com')),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    // The pending list is no visitor's.
    expect((await visitor.request({ method: 'GET', url: '/fotoweb/signups/', headers: { accept: 'application/json' } })).statusCode).toBe(401);
  });

  it('never exposes the DAM token endpoint', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD, client_id: 'magpie-bff', client_secret: 'test-bff-secret' }).toString(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().value).toBe('NotFound');
    expect(res.body).not.toContain('access_token');
  });

  it('passes the request id on and answers it', async () => {
    const res = await admin.request({ method: 'GET', url: '/fotoweb/me/', headers: { accept: 'application/json', 'x-request-id': 'trace-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('forwards a validated JSON body with a vendor media type byte for byte', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: '/fotoweb/me/user-preferences/',
      headers: { 'content-type': MEDIA_TYPES.userPreferencesUpdate, accept: MEDIA_TYPES.userPreferences },
      payload: JSON.stringify({ data: { shared: { gridSize: 'large' } } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shared: { gridSize: 'large' } });
  });

  it('pins and unpins through the session, and refuses a pin body that is not {data: [href]} before the DAM (issue 13)', async () => {
    const archive = '/fotoweb/archives/5000-Photos/';
    const pinned = await admin.request({
      method: 'POST',
      url: '/fotoweb/me/pins/',
      headers: { 'content-type': MEDIA_TYPES.assetLinkList, accept: MEDIA_TYPES.pinList },
      payload: JSON.stringify({ data: [{ href: archive }] }),
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers['content-type']).toContain(MEDIA_TYPES.pinList);
    expect(pinned.json()).toMatchObject({ added: 1, data: [{ href: archive, type: 'archive', name: 'Photos' }] });
    const bad = await admin.request({ method: 'POST', url: '/fotoweb/me/pins/', headers: { 'content-type': MEDIA_TYPES.assetLinkList }, payload: JSON.stringify({ data: [] }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('data');
    const unpinned = await admin.request({
      method: 'PATCH',
      url: '/fotoweb/me/pins/',
      headers: { 'content-type': MEDIA_TYPES.collectionUpdate },
      payload: JSON.stringify({ assets: { delete: [archive] } }),
    });
    expect(unpinned.statusCode).toBe(200);
    expect(unpinned.json().data).toEqual([]);
    const anonymous = await sut.bff.inject({ method: 'GET', url: '/fotoweb/me/pins/', headers: { accept: 'application/json' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('withoutAccessToken', () => {
  it('drops every access_token parameter and keeps the rest of the query byte for byte', () => {
    expect(withoutAccessToken('/fotoweb/archives/')).toBe('/fotoweb/archives/');
    expect(withoutAccessToken('/fotoweb/archives/?q=a%20b')).toBe('/fotoweb/archives/?q=a%20b');
    expect(withoutAccessToken('/fotoweb/archives/?access_token=x')).toBe('/fotoweb/archives/');
    expect(withoutAccessToken('/fotoweb/archives/;o=fn?q=a%2Bb&ACCESS_TOKEN=x&fn=dog&access_token')).toBe('/fotoweb/archives/;o=fn?q=a%2Bb&fn=dog');
    expect(withoutAccessToken('/fotoweb/archives/?my_access_token=1')).toBe('/fotoweb/archives/?my_access_token=1');
  });
});

describe('checks before anything leaves the BFF', () => {
  it('refuses an upload with a forbidden file name with 400 and issues (the DAM would say InvalidFilename)', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      payload: { destination: '/fotoweb/archives/5000-Photos/', filename: 'a:b.jpg', fileSize: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      value: 'InvalidRequest',
      heading: 'Invalid request',
      message: FILENAME_MESSAGE,
      issues: [{ path: 'filename', message: FILENAME_MESSAGE }],
      requestId: expect.any(String),
    });
  });

  it('validates without reaching the DAM (the same request with the DAM down is still 400, not 502)', async () => {
    const bff = await buildBffApp(testConfig({ damUrl: await deadUrl() }));
    try {
      const browser = new TestBrowser(bff);
      for (const [name, value] of admin.cookies) browser.cookies.set(name, value);
      const res = await browser.request({
        method: 'POST',
        url: '/fotoweb/api/uploads',
        payload: { destination: '/fotoweb/archives/5000-Photos/', filename: 'a:b.jpg', fileSize: 10 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'filename', message: FILENAME_MESSAGE }]);
    } finally {
      await bff.close();
    }
  });

  it('validates queries, path parameters, media types and paths', async () => {
    const longQuery = await admin.request({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${'a'.repeat(2001)}`, headers: { accept: 'application/json' } });
    expect(longQuery.statusCode).toBe(400);
    expect(longQuery.json().issues).toEqual([{ path: 'q', message: expect.any(String) }]);

    const badIndex = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/uploads/abc/chunks/x',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b--\r\n',
    });
    expect(badIndex.statusCode).toBe(400);
    expect(badIndex.json().issues).toEqual([{ path: 'index', message: expect.any(String) }]);

    const plain = await admin.request({ method: 'POST', url: '/fotoweb/api/uploads', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().value).toBe('UnsupportedMediaType');

    const notJson = await admin.request({ method: 'POST', url: '/fotoweb/api/uploads', headers: { 'content-type': 'application/json' }, payload: '{"destination":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().value).toBe('InvalidRequest');

    const badGroup = await admin.request({
      method: 'PATCH',
      url: '/fotoweb/me/user-preferences/',
      headers: { 'content-type': MEDIA_TYPES.userPreferencesUpdate },
      payload: JSON.stringify({ data: { secret: {} } }),
    });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().issues[0].path).toBe('data');
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ destination: '/fotoweb/archives/5000-Photos/', filename: 'x.jpg', fileSize: 1, comment: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().value).toBe('PayloadTooLarge');
  });

  it('refuses unsafe methods without the CSRF header before forwarding', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      payload: { destination: '/fotoweb/archives/5000-Photos/', filename: 'ok.jpg', fileSize: 10 },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().value).toBe('InvalidCsrfToken');
    const del = await admin.request({ method: 'DELETE', url: '/fotoweb/archives/5000-Photos/x.jpg.info', csrf: false });
    expect(del.statusCode).toBe(403);
  });
});

describe('streaming over real HTTP', () => {
  let base: string;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  type CallInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string>; duplex?: 'half' };
  const call = async (url: string, init: CallInit = {}) => {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { cookie: cookieHeader(), ...init.headers };
    if (method !== 'GET') headers[CSRF_HEADER] = jar.get(CSRF_COOKIE)!;
    const res = await fetch(base + url, { ...init, headers } as RequestInit);
    remember(res);
    return res;
  };

  beforeAll(async () => {
    await sut.bff.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sut.bff.server.address() as AddressInfo).port}`;
    await call('/fotoweb/views/session');
    const login = await call('/fotoweb/views/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it('refuses paths with dot segments, empty segments or backslashes (sent raw, as a client may)', async () => {
    const { port } = sut.bff.server.address() as AddressInfo;
    for (const rawPath of ['/fotoweb/archives/5000-Photos/%2e%2e/%2E%2E/me/', '/fotoweb/archives/5000-Photos/../../me/', '/fotoweb//me/', '/fotoweb/me\\x']) {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: rawPath, headers: { accept: 'application/json', cookie: cookieHeader() } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.status, rawPath).toBe(400);
      expect(JSON.parse(res.body).value).toBe('InvalidRequest');
    }
  });

  it("never passes on the DAM connection's hop-by-hop headers: a browser asking to close gets its connection closed", async () => {
    const { port } = sut.bff.server.address() as AddressInfo;
    const answer = (connection: string) =>
      new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: connection === 'keep-alive' });
        const req = http.request(
          { host: '127.0.0.1', port, agent, path: '/fotoweb/me/archives/', headers: { accept: MEDIA_TYPES.collectionList, cookie: cookieHeader(), connection } },
          (response) => {
            response.resume();
            response.on('end', () => {
              agent.destroy();
              expect(response.statusCode).toBe(200);
              resolve(response.headers);
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
    const closing = await answer('close');
    expect(closing.connection).toBe('close');
    expect(closing['keep-alive']).toBeUndefined();
    const kept = await answer('keep-alive');
    expect(kept.connection).toBe('keep-alive');
    // The BFF's own keep-alive timeout (Fastify's default 72 s), not the DAM's.
    expect(kept['keep-alive']).toBe(`timeout=${Math.floor(sut.bff.server.keepAliveTimeout / 1000)}`);
  });

  it('uploads a real photo in multi-MB chunks, then downloads it whole and by range', async () => {
    const bytes = await fs.readFile(PHOTO);
    const created = await call('/fotoweb/api/uploads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: '/fotoweb/archives/5000-Photos/', filename: 'canon-through-bff.jpg', fileSize: bytes.length }),
    });
    expect(created.status).toBe(200);
    const { id, chunkSize, numChunks } = (await created.json()) as { id: string; chunkSize: number; numChunks: number };
    expect(chunkSize).toBe(CHUNK_BYTES);
    expect(numChunks).toBe(2);

    for (let index = 0; index < numChunks; index++) {
      const form = new FormData();
      form.append('chunk', new Blob([bytes.subarray(index * chunkSize, (index + 1) * chunkSize)]), 'chunk');
      // Send the multipart body as a stream (chunked transfer, no Content-Length): the BFF must pipe it through.
      const encoded = new Request('http://encode.invalid', { method: 'POST', body: form });
      const res = await call(`/fotoweb/api/uploads/${id}/chunks/${index}`, {
        method: 'POST',
        headers: { 'content-type': encoded.headers.get('content-type')! },
        body: encoded.body,
        duplex: 'half',
      });
      expect(res.status, await res.clone().text()).toBe(204);
    }

    await sut.dam.ctx.worker.drain();
    const status = await call(`/fotoweb/api/uploads/${id}/status`, { headers: { accept: 'application/json' } });
    const done = (await status.json()) as { status: string; result: { assetUrl: string } };
    expect(done.status).toBe('done');

    const asset = await call(done.result.assetUrl, { headers: { accept: MEDIA_TYPES.asset } });
    expect(asset.headers.get('content-type')).toMatch(/^application\/vnd\.fotoware\.asset\+json/);
    const original = ((await asset.json()) as { renditions: Array<{ href: string }> }).renditions[0]!.href;
    expect(original).toMatch(/__renditions\/ORIGINAL$/);

    const whole = await call(original);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toMatch(/attachment/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await call(original, { headers: { range: 'bytes=1000-2100000' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-2100000/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2100001))).toBe(true);

    const tail = await call(original, { headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await call(original, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(outside.status).toBe(416);
  });
});
