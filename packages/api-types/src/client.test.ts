import { describe, expect, it } from 'vitest';
import { ApiError, createMagpieClient, expandSearchUrl, expandUriTemplate, readCookie, type MagpieClient } from './client.ts';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: string | undefined;
  body: unknown;
}

/** A fake fetch that records requests and answers from a queue. */
function fakeFetch(...answers: Array<() => Response>) {
  const requests: Recorded[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      credentials: init?.credentials,
      body: init?.body,
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('unexpected request');
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noContent = () => new Response(null, { status: 204 });

function client(...answers: Array<() => Response>): { api: MagpieClient; requests: Recorded[] } {
  const { fetch, requests } = fakeFetch(...answers);
  return { api: createMagpieClient({ fetch, csrfToken: () => 'csrf-123' }), requests };
}

describe('createMagpieClient', () => {
  it('asks for the descriptor at the entry point with its media type', async () => {
    const { api, requests } = client(() => json({ href: '/fotoweb/me' }));
    await expect(api.getDescriptor()).resolves.toEqual({ href: '/fotoweb/me' });
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/me/',
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/vnd.fotoware.full-api-descriptor+json' },
    });
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it.each([
    ['getCollectionList', 'application/vnd.fotoware.collectionlist+json'],
    ['getCollection', 'application/vnd.fotoware.collection+json'],
    ['getAssetList', 'application/vnd.fotoware.assetlist+json'],
    ['getAsset', 'application/vnd.fotoware.asset+json'],
    ['getUserPreferences', 'application/vnd.fotoware.user-preferences+json'],
  ] as const)('%s GETs the given href unchanged with Accept %s', async (method, accept) => {
    const href = '/fotoweb/data/a/5000.secret/Folder%2019/;p=2?q=a%20b';
    const { api, requests } = client(() => json({ data: [], paging: null }));
    await api[method](href);
    expect(requests[0]).toMatchObject({ url: href, method: 'GET', headers: { Accept: accept } });
  });

  it('logs in with JSON, the CSRF header and an encoded `to`', async () => {
    const { api, requests } = client(() => json({ to: '/fotoweb/archives/?q=x' }));
    await expect(api.login({ username: 'ada', password: 'pw' }, '/fotoweb/archives/?q=x')).resolves.toEqual({
      to: '/fotoweb/archives/?q=x',
    });
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F%3Fq%3Dx',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ username: 'ada', password: 'pw' }),
    });
  });

  it('logs out at the descriptor href with the CSRF header and resolves on 204', async () => {
    const { api, requests } = client(noContent);
    await expect(api.logout('/fotoweb/services/logout')).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ url: '/fotoweb/services/logout', method: 'POST', headers: { 'X-CSRF-Token': 'csrf-123' } });
  });

  it('reads the session without a CSRF header', async () => {
    const { api, requests } = client(() => json({ authenticated: false }));
    await expect(api.getSession()).resolves.toEqual({ authenticated: false });
    expect(requests[0]).toMatchObject({ url: '/fotoweb/views/session', method: 'GET' });
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('creates an upload, sends a chunk as multipart and polls its status', async () => {
    const { api, requests } = client(
      () => json({ id: 'abc', chunkSize: 4, numChunks: 1, hasXmp: false }),
      noContent,
      () => json({ status: 'awaitingData', result: null, error: null }),
    );
    const body = { destination: '/fotoweb/archives/5000-Photos/', filename: 'a.jpg', fileSize: 3 };
    await expect(api.createUpload(body)).resolves.toMatchObject({ id: 'abc', numChunks: 1 });
    await api.uploadChunk('abc', 0, new Blob([new Uint8Array([1, 2, 3])]));
    await expect(api.getUploadStatus('abc')).resolves.toMatchObject({ status: 'awaitingData' });

    expect(requests[0]).toMatchObject({
      url: '/fotoweb/api/uploads',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify(body),
    });
    expect(requests[1]).toMatchObject({ url: '/fotoweb/api/uploads/abc/chunks/0', method: 'POST', headers: { 'X-CSRF-Token': 'csrf-123' } });
    expect(requests[1]!.headers['Content-Type']).toBeUndefined();
    const form = requests[1]!.body as FormData;
    const chunk = form.get('chunk') as File;
    expect(chunk.name).toBe('chunk');
    expect(new Uint8Array(await chunk.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(requests[2]).toMatchObject({ url: '/fotoweb/api/uploads/abc/status', method: 'GET' });
  });

  it('patches preferences with {data}, the update media type and the CSRF header', async () => {
    const updated = { intranet: { a: 1 }, shared: {}, pro: {}, public: {} };
    const { api, requests } = client(() => json(updated));
    await expect(api.patchUserPreferences('/fotoweb/me/user-preferences/', { intranet: { a: 1 } })).resolves.toEqual(updated);
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/me/user-preferences/',
      method: 'PATCH',
      headers: {
        Accept: 'application/vnd.fotoware.user-preferences+json',
        'Content-Type': 'application/vnd.fotoware.user-preferences-update+json',
        'X-CSRF-Token': 'csrf-123',
      },
      body: JSON.stringify({ data: { intranet: { a: 1 } } }),
    });
  });

  it('throws ApiError with the ErrorBody on a non-2xx answer', async () => {
    const body = { value: 'Forbidden', message: 'You do not have permission to do this.', heading: 'Access denied' };
    const { api } = client(() => json(body, 403));
    const error = await api.getAsset('/fotoweb/archives/5000-X/a.jpg.info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 403, body, message: body.message, name: 'ApiError' });
  });

  it('throws ApiError without a body when the answer is not an ErrorBody', async () => {
    const { api } = client(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      () => json({ error: 'x' }, 400),
    );
    await expect(api.getSession()).rejects.toMatchObject({ status: 502, body: undefined, message: 'HTTP 502' });
    await expect(api.getSession()).rejects.toMatchObject({ status: 400, body: undefined });
  });

  it('leaves the CSRF header out when there is no token, and reads document.cookie by default', async () => {
    const { fetch, requests } = fakeFetch(noContent, noContent);
    const api = createMagpieClient({ fetch });
    await api.logout('/fotoweb/services/logout');
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();

    const globals = globalThis as { document?: { cookie: string } };
    globals.document = { cookie: 'other=1; magpie_csrf=tok%3D; x=y' };
    try {
      await api.logout('/fotoweb/services/logout');
      expect(requests[1]!.headers['X-CSRF-Token']).toBe('tok=');
    } finally {
      delete globals.document;
    }
  });

  it('prefixes baseUrl and passes the abort signal', async () => {
    const { fetch } = fakeFetch(() => json({ authenticated: true }));
    let seen: AbortSignal | undefined;
    const spy: typeof globalThis.fetch = (input, init) => {
      seen = init?.signal ?? undefined;
      expect(String(input)).toBe('http://localhost:3000/fotoweb/views/session');
      return fetch(input, init);
    };
    const controller = new AbortController();
    await createMagpieClient({ fetch: spy, baseUrl: 'http://localhost:3000' }).getSession({ signal: controller.signal });
    expect(seen).toBe(controller.signal);
  });
});

describe('readCookie', () => {
  it('finds a cookie by exact name', () => {
    expect(readCookie('a=1; magpie_csrf=abc; b=2', 'magpie_csrf')).toBe('abc');
    expect(readCookie('xmagpie_csrf=no', 'magpie_csrf')).toBeUndefined();
    expect(readCookie('', 'magpie_csrf')).toBeUndefined();
  });
});

describe('expandSearchUrl', () => {
  it('replaces {?q} with a percent-encoded query', () => {
    expect(expandSearchUrl('/fotoweb/archives/5000-Photos/{?q}', 'dog AND 25:cat')).toBe(
      '/fotoweb/archives/5000-Photos/?q=dog%20AND%2025%3Acat',
    );
    expect(expandSearchUrl('/fotoweb/archives/{?q}', 'Ålesund "New York" (1)*!')).toBe(
      '/fotoweb/archives/?q=%C3%85lesund%20%22New%20York%22%20%281%29%2A%21',
    );
    expect(expandSearchUrl('/fotoweb/archives/{?q}', 'a&b=c/d?e#f+g')).toBe('/fotoweb/archives/?q=a%26b%3Dc%2Fd%3Fe%23f%2Bg');
  });

  it('gives ?q= for an empty expression (RFC 6570 §3.2.8)', () => {
    expect(expandSearchUrl('/fotoweb/archives/{?q}', '')).toBe('/fotoweb/archives/?q=');
  });
});

describe('expandUriTemplate (RFC 6570 examples)', () => {
  const vars = {
    var: 'value',
    hello: 'Hello World!',
    path: '/foo/bar',
    empty: '',
    x: '1024',
    y: '768',
    list: ['red', 'green', 'blue'],
    segments: ['Folder 19', 'sub'],
  };
  it.each([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['{#path}', '#/foo/bar'],
    ['map?{x,y}', 'map?1024,768'],
    ['{.x,y}', '.1024.768'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{var:3}', 'val'],
    ['{list}', 'red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?undef}', ''],
    ['/fotoweb/archives/5000-All-files{/segments*}/{;o}', '/fotoweb/archives/5000-All-files/Folder%2019/sub/'],
  ])('%s → %s', (template, expected) => {
    expect(expandUriTemplate(template, vars)).toBe(expected);
  });

  it('throws on an unclosed expression', () => {
    expect(() => expandUriTemplate('/a/{?q', { q: 'x' })).toThrow(/Unclosed/);
  });
});
