import { describe, expect, it } from 'vitest';
import { ApiError, createMagpieClient, expandSearchUrl, expandUriTemplate, isOutOfLicenses, readCookie, withQuery, withTimeout, type MagpieClient } from './client.ts';

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

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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

  it('bounds preference calls with a timeout signal that also follows the caller’s signal (spec 01 §9: 10 s)', async () => {
    const signals: Array<AbortSignal | null | undefined> = [];
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal);
      return json({ intranet: {}, shared: {}, pro: {}, public: {} });
    }) as typeof globalThis.fetch;
    const api = createMagpieClient({ fetch, csrfToken: () => 'csrf-123' });
    const caller = new AbortController();
    await api.getUserPreferences('/fotoweb/me/user-preferences/', { signal: caller.signal });
    await api.patchUserPreferences('/fotoweb/me/user-preferences/', { intranet: {} });
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal instanceof AbortSignal && !signal.aborted)).toBe(true);
    caller.abort();
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('withTimeout aborts with a TimeoutError once the time has passed, or when the caller aborts first', async () => {
    const timed = withTimeout(undefined, 5);
    await new Promise((resolve) => timed.addEventListener('abort', resolve));
    expect((timed.reason as DOMException).name).toBe('TimeoutError');
    const caller = new AbortController();
    const bounded = withTimeout(caller.signal, 60_000);
    caller.abort(new Error('left the page'));
    expect(bounded.aborted).toBe(true);
    expect((bounded.reason as Error).message).toBe('left the page');
  });

  it('makes, renames and deletes folders with the folder media types and the CSRF header', async () => {
    const folder = { href: '/fotoweb/archives/5000-Photos/May/', name: 'May' };
    const { api, requests } = client(
      () => json(folder),
      () => json(folder),
      () => new Response(null, { status: 204 }),
    );
    await expect(api.createFolder('/fotoweb/archives/5000-Photos/', 'May')).resolves.toMatchObject(folder);
    await api.renameFolder('/fotoweb/archives/5000-Photos/April/', 'May');
    await api.deleteFolder('/fotoweb/archives/5000-Photos/May/');
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/archives/5000-Photos/',
      method: 'POST',
      headers: { Accept: 'application/vnd.fotoware.collectioninfo+json', 'Content-Type': 'application/vnd.fotoware.folder-creation-info+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ name: 'May' }),
    });
    expect(requests[1]).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/vnd.fotoware.folder-update+json' }, body: JSON.stringify({ name: 'May' }) });
    expect(requests[2]).toMatchObject({ url: '/fotoweb/archives/5000-Photos/May/', method: 'DELETE', headers: { 'X-CSRF-Token': 'csrf-123' } });
  });

  it('lists, makes, fills, changes and deletes albums with FotoWeb media types and the CSRF header', async () => {
    const album = { href: '/fotoweb/users/15001/albums/3/', name: 'Summer' };
    const { api, requests } = client(
      () => json({ data: [album], paging: null }),
      () => json(album),
      () => json({ added: 1, album }),
      () => json(album),
      () => new Response(null, { status: 204 }),
    );
    await expect(api.listAlbums('/fotoweb/me/albums/mine/')).resolves.toMatchObject({ data: [album] });
    await expect(api.createAlbum('/fotoweb/me/albums/', { name: 'Summer' })).resolves.toMatchObject(album);
    await expect(api.addAlbumAssets(album.href, ['/fotoweb/archives/5000-Photos/a.jpg.info'])).resolves.toMatchObject({ added: 1 });
    await api.updateAlbum(album.href, { poster_asset: null });
    await api.deleteAlbum(album.href);
    expect(requests[0]).toMatchObject({ url: '/fotoweb/me/albums/mine/', method: 'GET', headers: { Accept: 'application/vnd.fotoware.collectionlist+json' } });
    expect(requests[1]).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.fotoware.collection-create+json', 'X-CSRF-Token': 'csrf-123' },
      body: '{"name":"Summer"}',
    });
    expect(requests[2]).toMatchObject({
      url: album.href,
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.fotoware.assetlinklist+json' },
      body: JSON.stringify({ data: [{ href: '/fotoweb/archives/5000-Photos/a.jpg.info' }] }),
    });
    expect(requests[3]).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/vnd.fotoware.collection-update+json' }, body: '{"poster_asset":null}' });
    expect(requests[4]).toMatchObject({ url: album.href, method: 'DELETE', headers: { 'X-CSRF-Token': 'csrf-123' } });
  });

  it('reads and changes an album’s sharing, and opens a share link with its password', async () => {
    const link = '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/';
    const { api, requests } = client(
      () => json({ href: 's', originalHref: 'a', shares: [] }),
      () => json({ addedShares: [] }),
      () => json({ access: 'x.y', expires: null }),
      () => json({ name: 'Trip', assets: [] }),
    );
    await api.getAlbumShares('/fotoweb/users/1/albums/2/.shares/');
    await api.updateAlbumShares('/fotoweb/users/1/albums/2/.shares/', { addShares: [{ type: 'everyone', acl: ['view'] }] });
    await expect(api.unlockSharedAlbum(link, 'secret')).resolves.toEqual({ access: 'x.y', expires: null });
    await api.getSharedAlbum(link, 'x.y');
    expect(requests[0]).toMatchObject({ method: 'GET', headers: { Accept: 'application/vnd.fotoware.sharing+json' } });
    expect(requests[1]).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/vnd.fotoware.sharing-update+json', 'X-CSRF-Token': 'csrf-123' } });
    expect(requests[2]).toMatchObject({ url: `${link}access`, method: 'POST', body: '{"password":"secret"}' });
    expect(requests[3]).toMatchObject({ url: `${link}?access=x.y`, method: 'GET' });
  });

  it('reads, writes and deletes an album’s comments as JSON with the CSRF header', async () => {
    const comments = '/fotoweb/users/1/albums/2/.comments/';
    const { api, requests } = client(
      () => json({ data: [], canComment: true }),
      () => json({ href: `${comments}7`, text: 'Nice', created: '2026-11-29T10:00:00Z', author: { name: 'Ada', href: null }, allowDelete: true }, 201),
      () => new Response(null, { status: 204 }),
    );
    await expect(api.listAlbumComments(comments)).resolves.toEqual({ data: [], canComment: true });
    await expect(api.addAlbumComment(comments, 'Nice')).resolves.toMatchObject({ href: `${comments}7`, text: 'Nice' });
    await api.deleteAlbumComment(`${comments}7`);
    expect(requests[0]).toMatchObject({ url: comments, method: 'GET', headers: { Accept: 'application/json' } });
    expect(requests[1]).toMatchObject({ url: comments, method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' }, body: '{"text":"Nice"}' });
    expect(requests[2]).toMatchObject({ url: `${comments}7`, method: 'DELETE', headers: { 'X-CSRF-Token': 'csrf-123' } });
  });

  it('lists, adds and removes pins with the pin media types and the CSRF header', async () => {
    const list = { data: [], paging: null, limit: 200 };
    const answer = () => json({ ...list, added: 1 });
    const { api, requests } = client(answer, answer, answer);
    await expect(api.listPins('/fotoweb/me/pins/')).resolves.toMatchObject(list);
    await expect(api.addPins('/fotoweb/me/pins/', ['/fotoweb/archives/5000-Photos/a.jpg.info'])).resolves.toMatchObject({ added: 1 });
    await api.removePins('/fotoweb/me/pins/', ['/fotoweb/archives/5000-Photos/']);
    expect(requests[0]).toMatchObject({ url: '/fotoweb/me/pins/', method: 'GET', headers: { Accept: 'application/vnd.fotoware.pin-list+json' } });
    expect(requests[1]).toMatchObject({
      method: 'POST',
      headers: { Accept: 'application/vnd.fotoware.pin-list+json', 'Content-Type': 'application/vnd.fotoware.assetlinklist+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ data: [{ href: '/fotoweb/archives/5000-Photos/a.jpg.info' }] }),
    });
    expect(requests[2]).toMatchObject({
      method: 'PATCH',
      headers: { 'Content-Type': 'application/vnd.fotoware.collection-update+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ assets: { delete: ['/fotoweb/archives/5000-Photos/'] } }),
    });
  });

  it('throws ApiError with the ErrorBody on a non-2xx answer', async () => {
    const body = { value: 'Forbidden', message: 'You do not have permission to do this.', heading: 'Access denied' };
    const { api } = client(() => json(body, 403));
    const error = await api.getAsset('/fotoweb/archives/5000-X/a.jpg.info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 403, body, message: body.message, name: '403' });
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

describe('createMagpieClient: metadata, background tasks and revisions', () => {
  const asset = '/fotoweb/archives/5000-Photos/a.jpg.info';
  const revisions = '/fotoweb/archives/5000-Photos/a.jpg/__revisions/';

  it.each([
    ['getMetadataView', '/fotoweb/editors/5f0c', 'application/vnd.fotoware.metadata-set+json'],
    ['getBackgroundTask', '/fotoweb/me/background-tasks/42', 'application/vnd.fotoware.task-status+json'],
    ['listRevisions', revisions, 'application/json'],
  ] as const)('%s GETs the href it is given with Accept %s, without a CSRF header', async (method, href, accept) => {
    const { api, requests } = client(() => json({ data: [] }));
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const spy = createMagpieClient({
      fetch: (input, init) => {
        seen = init?.signal ?? undefined;
        return Promise.resolve(json({ data: [] }));
      },
    });
    await spy[method](href, { signal: controller.signal });
    expect(seen).toBe(controller.signal);
    await expect(api[method](href)).resolves.toEqual({ data: [] });
    expect(requests[0]).toMatchObject({ url: href, method: 'GET', credentials: 'same-origin', headers: { Accept: accept } });
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('patches an asset with assetupdate {metadata}, the CSRF header, and answers the asset', async () => {
    const { api, requests } = client(() => json({ href: asset }));
    await expect(api.updateAsset(asset, { '5': { value: 'Harbour' } })).resolves.toEqual({ href: asset });
    expect(requests[0]).toMatchObject({
      url: asset,
      method: 'PATCH',
      headers: {
        Accept: 'application/vnd.fotoware.asset+json',
        'Content-Type': 'application/vnd.fotoware.assetupdate+json',
        'X-CSRF-Token': 'csrf-123',
      },
      body: JSON.stringify({ metadata: { '5': { value: 'Harbour' } } }),
    });
  });

  it('creates a metadata edit task: status 201 and the Location header (else the body location)', async () => {
    const created = { location: '/fotoweb/me/background-tasks/7', status: 'pending', maxInterval: 1000 };
    const { api, requests } = client(
      () => new Response(JSON.stringify(created), { status: 201, headers: { Location: '/fotoweb/me/background-tasks/8' } }),
      () => json(created, 201),
    );
    const task = { assets: [{ href: asset }], 'job-metadata': [{ field: 5, value: 'x' }] };
    await expect(api.createMetadataEditTask(task)).resolves.toEqual({ status: 201, location: '/fotoweb/me/background-tasks/8', task: created });
    await expect(api.createMetadataEditTask(task)).resolves.toMatchObject({ status: 201, location: '/fotoweb/me/background-tasks/7' });
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/me/background-tasks/',
      method: 'POST',
      headers: {
        Accept: 'application/vnd.fotoware.metadata-edit-response+json',
        'Content-Type': 'application/vnd.fotoware.metadata-edit-request+json',
        'X-CSRF-Token': 'csrf-123',
      },
      body: JSON.stringify(task),
    });
  });

  it('compares, rolls back, undoes and deletes revisions below the hrefs it is given', async () => {
    const revision = `${revisions}3`;
    const { api, requests } = client(
      () => json({ left: 1, right: 3, changes: [] }),
      () => json({ href: asset }),
      () => json({ href: asset }),
      noContent,
    );
    await expect(api.compareRevisions(revisions, 1, 3)).resolves.toEqual({ left: 1, right: 3, changes: [] });
    await expect(api.rollbackToRevision(revision)).resolves.toEqual({ href: asset });
    await expect(api.undoRevision(revision)).resolves.toEqual({ href: asset });
    await expect(api.deleteRevision(revision)).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${revisions}compare`, `POST ${revision}/rollback-to`, `POST ${revision}/rollback`, `DELETE ${revision}`]);
    expect(requests[0]).toMatchObject({ headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' }, body: JSON.stringify({ leftRevision: 1, rightRevision: 3 }) });
    expect(requests[1]).toMatchObject({ headers: { Accept: 'application/vnd.fotoware.asset+json' }, body: JSON.stringify({ rollbackType: 'metadata' }) });
    expect(requests[2]!.headers['Content-Type']).toBeUndefined();
    expect(requests[2]!.body).toBeUndefined();
    for (const request of requests) expect(request.headers['X-CSRF-Token']).toBe('csrf-123');
  });

  it('rejects a refused rollback with ApiError and the server ErrorBody', async () => {
    const body = { value: 'Conflict', message: 'The first revision cannot be undone.', heading: 'Conflict', requestId: 'r-9' };
    const { api } = client(() => json(body, 409));
    await expect(api.undoRevision(`${revisions}1`)).rejects.toMatchObject({ name: '409', status: 409, body });
  });
});

describe('createMagpieClient: taxonomies', () => {
  const root = '/fotoweb/api/taxonomies/25/';
  const item = { name: 'Owls', value: 'owls', description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'] as const };
  const stored = { ...item, acl: [...item.acl], href: `${root}7`, hasChildren: false, field: 25, taxonomyHref: root };

  it.each([
    ['getTaxonomy', root, 'application/vnd.fotoware.taxonomy+json'],
    ['getTaxonomyItemList', `${root};p=1`, 'application/vnd.fotoware.taxonomy-item-list+json'],
    ['getTaxonomyItem', `${root}7`, 'application/vnd.fotoware.taxonomy-item+json'],
    ['getTaxonomyItemInfo', `${root}7`, 'application/vnd.fotoware.taxonomy-item-info+json'],
  ] as const)('%s GETs the href it is given with Accept %s', async (method, href, accept) => {
    const { api, requests } = client(() => json({ href }));
    await expect(api[method](href)).resolves.toEqual({ href });
    expect(requests[0]).toMatchObject({ url: href, method: 'GET', headers: { Accept: accept } });
  });

  it('lists the taxonomies at their fixed path', async () => {
    const { api, requests } = client(() => json({ data: [], paging: null }));
    await api.listTaxonomies();
    expect(requests[0]).toMatchObject({ url: '/fotoweb/api/taxonomies/', headers: { Accept: 'application/vnd.fotoware.taxonomy-list+json' } });
  });

  it('searches with the encoded text, replacing a query already on the href', async () => {
    const { api, requests } = client(
      () => json({ items: null }),
      () => json({ items: null }),
    );
    await api.searchTaxonomy(root, 'big cats & co');
    await api.searchTaxonomy(`${root}?q=old`, 'Å');
    expect(requests.map((r) => r.url)).toEqual([`${root}?q=big%20cats%20%26%20co`, `${root}?q=%C3%85`]);
    expect(requests[0]!.headers['Accept']).toBe('application/vnd.fotoware.taxonomy+json');
  });

  it('creates an item with the creation media type and the CSRF header, answering the stored item', async () => {
    const { api, requests } = client(() => json(stored, 201));
    await expect(api.createTaxonomyItem(root, { ...item, acl: [...item.acl] })).resolves.toEqual(stored);
    expect(requests[0]).toMatchObject({
      url: root,
      method: 'POST',
      headers: {
        Accept: 'application/vnd.fotoware.taxonomy-item+json',
        'Content-Type': 'application/vnd.fotoware.taxonomy-item-creation-info+json',
        'X-CSRF-Token': 'csrf-123',
      },
      body: JSON.stringify(item),
    });
  });

  it('reads the item from Location (else the href) when a FotoWare server answers a write with 204', async () => {
    const { api, requests } = client(
      () => new Response(null, { status: 204, headers: { Location: `${root}7` } }),
      () => json(stored),
      noContent,
      () => json({ ...stored, description: 'Strigiformes' }),
    );
    await expect(api.createTaxonomyItem(root, { name: 'Owls' })).resolves.toEqual(stored);
    await expect(api.updateTaxonomyItem(`${root}7`, { ...item, acl: ['Set'], description: 'Strigiformes' })).resolves.toMatchObject({ description: 'Strigiformes' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${root}`, `GET ${root}7`, `PUT ${root}7`, `GET ${root}7`]);
    expect(requests[1]!.headers['Accept']).toBe('application/vnd.fotoware.taxonomy-item-info+json');
    expect(requests[2]!.headers['Content-Type']).toBe('application/vnd.fotoware.taxonomy-item-update+json');
  });

  it('deletes an item with the CSRF header and rejects a refusal with the ErrorBody', async () => {
    const body = { value: 'Forbidden', message: 'No', heading: 'You may not edit taxonomies', requestId: 'r-1' };
    const { api, requests } = client(noContent, () => json(body, 403));
    await expect(api.deleteTaxonomyItem(`${root}7`)).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ url: `${root}7`, method: 'DELETE', headers: { Accept: 'application/json', 'X-CSRF-Token': 'csrf-123' } });
    const failure = await api.createTaxonomyItem(root, { name: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, body, message: 'No' });
  });
});

describe('createMagpieClient: users, groups and API clients', () => {
  const userHref = '/fotoweb/api/users/15002';
  const groupHref = '/fotoweb/api/groups/10003';

  it('lists users at the given href with Accept user-list, setting the query it is given', async () => {
    const { api, requests } = client(() => json({ data: [], count: 0, paging: { first: '/fotoweb/users/', prev: null, next: null, last: null } }));
    await expect(api.listUsers('/fotoweb/users/', { q: 'ada lovelace', sortfield: 'fullName', sortdir: 'desc', p: 2 })).resolves.toMatchObject({ count: 0 });
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/users/?q=ada%20lovelace&sortfield=fullName&sortdir=desc&p=2',
      method: 'GET',
      headers: { Accept: 'application/vnd.fotoware.user-list+json' },
    });
    expect(requests[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('follows a paging link unchanged when given no query', async () => {
    const next = '/fotoweb/users/?q=a&sortfield=username&sortdir=asc&p=1';
    const { api, requests } = client(() => json({ data: [], count: 0, paging: null }));
    await api.listUsers(next);
    expect(requests[0]!.url).toBe(next);
  });

  it('creates a user with POST to the list href, the user media type, the CSRF header and the body', async () => {
    const user = { username: 'ada', address: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }, account: { password: 'correct horse battery' } };
    const { api, requests } = client(() => json({ id: 15002, href: userHref }, 201));
    await expect(api.createUser('/fotoweb/users/', user)).resolves.toMatchObject({ id: 15002 });
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/users/',
      method: 'POST',
      headers: { Accept: 'application/vnd.fotoware.user+json', 'Content-Type': 'application/vnd.fotoware.user+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify(user),
    });
  });

  it('patches only the given fields of a user at its href', async () => {
    const { api, requests } = client(() => json({ id: 15002, href: userHref }));
    await api.updateUser(userHref, { account: { isEnabled: false } });
    expect(requests[0]).toMatchObject({
      url: userHref,
      method: 'PATCH',
      headers: { Accept: 'application/vnd.fotoware.user+json', 'Content-Type': 'application/vnd.fotoware.user+json', 'X-CSRF-Token': 'csrf-123' },
      body: '{"account":{"isEnabled":false}}',
    });
  });

  it('deletes many users with DELETE and a user-list body, and answers which were skipped', async () => {
    const answer = { deleted: [userHref], skipped: [{ href: '/fotoweb/api/users/15001', value: 'SiteOwnerProtected', message: 'The site owner cannot be deleted.' }] };
    const { api, requests } = client(() => json(answer));
    await expect(api.deleteUsers('/fotoweb/users/', [userHref, '/fotoweb/api/users/15001'])).resolves.toEqual(answer);
    expect(requests[0]).toMatchObject({
      url: '/fotoweb/users/',
      method: 'DELETE',
      headers: { 'Content-Type': 'application/vnd.fotoware.user-list+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ users: [userHref, '/fotoweb/api/users/15001'] }),
    });
  });

  it('sends a batch update with PATCH and user-list-update', async () => {
    const batch = { users: [userHref], data: { license: { level: 60 as const } } };
    const { api, requests } = client(() => json({ updated: [userHref], skipped: [] }));
    await expect(api.updateUsers('/fotoweb/users/', batch)).resolves.toEqual({ updated: [userHref], skipped: [] });
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      headers: { 'Content-Type': 'application/vnd.fotoware.user-list-update+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify(batch),
    });
  });

  it('deletes one user, resets device tokens and deletes a group at their hrefs, resolving on 204', async () => {
    const { api, requests } = client(noContent, noContent, noContent);
    await expect(api.deleteUser(userHref)).resolves.toBeUndefined();
    await expect(api.resetDeviceTokens(`${userHref}/device-tokens`)).resolves.toBeUndefined();
    await expect(api.deleteGroup(groupHref)).resolves.toBeUndefined();
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['DELETE', userHref, 'csrf-123', undefined],
      ['DELETE', `${userHref}/device-tokens`, 'csrf-123', undefined],
      ['DELETE', groupHref, 'csrf-123', undefined],
    ]);
  });

  it('reads memberships with Accept memberof and changes them with {add, remove} as group-list-update', async () => {
    const { api, requests } = client(() => json({ groups: [{ href: groupHref, name: 'Editors' }] }), noContent);
    await expect(api.getMemberOf(`${userHref}/member-of`)).resolves.toEqual({ groups: [{ href: groupHref, name: 'Editors' }] });
    await expect(api.updateMemberships(`${groupHref}/users`, { add: [userHref], remove: [] })).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${userHref}/member-of`, headers: { Accept: 'application/vnd.fotoware.memberof+json' } });
    expect(requests[1]).toMatchObject({
      method: 'PATCH',
      url: `${groupHref}/users`,
      headers: { 'Content-Type': 'application/vnd.fotoware.group-list-update+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ add: [userHref], remove: [] }),
    });
  });

  it('reads the site owner and hands the role over with PUT {user} as user-reference', async () => {
    const { api, requests } = client(() => json({ user: '/fotoweb/api/users/15001' }), noContent);
    await expect(api.getSiteOwner('/fotoweb/users/site-owner')).resolves.toEqual({ user: '/fotoweb/api/users/15001' });
    await expect(api.setSiteOwner('/fotoweb/users/site-owner', userHref)).resolves.toBeUndefined();
    expect(requests[0]!.headers.Accept).toBe('application/vnd.fotoware.user-reference+json');
    expect(requests[1]).toMatchObject({
      method: 'PUT',
      url: '/fotoweb/users/site-owner',
      headers: { 'Content-Type': 'application/vnd.fotoware.user-reference+json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ user: userHref }),
    });
  });

  it('lists, creates and patches groups with the group media types', async () => {
    const { api, requests } = client(
      () => json({ data: [], count: 0, paging: null }),
      () => json({ id: 10003, href: groupHref }, 201),
      () => json({ id: 10003, href: groupHref }),
      () => json({ data: [], count: 0, paging: null }),
    );
    await api.listGroups('/fotoweb/groups/?q=old', { q: 'edit' });
    await api.createGroup('/fotoweb/groups/', { name: 'Editors', permissions: ['manageTaxonomies'] });
    await api.updateGroup(groupHref, { permissions: ['manageTaxonomies', 'albums.create'] });
    await api.listGroupMembers(`${groupHref}/users`, { sortfield: 'name', p: 1 });
    expect(requests.map((r) => [r.method, r.url, r.headers.Accept, r.headers['Content-Type']])).toEqual([
      ['GET', '/fotoweb/groups/?q=edit', 'application/vnd.fotoware.group-list+json', undefined],
      ['POST', '/fotoweb/groups/', 'application/vnd.fotoware.group+json', 'application/vnd.fotoware.group+json'],
      ['PATCH', groupHref, 'application/vnd.fotoware.group+json', 'application/vnd.fotoware.group+json'],
      ['GET', `${groupHref}/users?sortfield=name&p=1`, 'application/vnd.fotoware.member-list+json', undefined],
    ]);
    expect(requests[1]!.body).toBe('{"name":"Editors","permissions":["manageTaxonomies"]}');
  });

  it('reads the permissions overview and changes the own password at their fixed URLs', async () => {
    const { api, requests } = client(() => json({ AvailableGroupPermissions: ['manageUsers'] }), noContent);
    await expect(api.getConfigOptions()).resolves.toEqual({ AvailableGroupPermissions: ['manageUsers'] });
    await expect(api.changeOwnPassword({ currentPassword: 'old password!', newPassword: 'a new password' })).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/fotoweb/api/config/options', headers: { Accept: 'application/json' } });
    expect(requests[1]).toMatchObject({
      method: 'POST',
      url: '/fotoweb/me/password',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' },
      body: JSON.stringify({ currentPassword: 'old password!', newPassword: 'a new password' }),
    });
  });

  it('asks for a password reset, checks the link and sets the new password at the fixed URLs (issue 14)', async () => {
    const status = { valid: true, expires: '2025-05-01T10:00:00.000Z', userName: 'ada' };
    const { api, requests } = client(
      () => json({ message: 'If an account uses that address, a link to reset its password is on its way.' }, 202),
      () => json(status),
      noContent,
    );
    await expect(api.requestPasswordReset('ada@example.com')).resolves.toBeUndefined();
    // A token is put in the path encoded, whatever a tampered link holds.
    await expect(api.getPasswordReset('abc/../x?y')).resolves.toEqual(status);
    await expect(api.completePasswordReset('tok_EN-1', 'a new password')).resolves.toBeUndefined();
    expect(requests.map((r) => [r.method, r.url, r.headers.Accept, r.headers['Content-Type'], r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['POST', '/fotoweb/password-resets/', 'application/json', 'application/json', 'csrf-123', JSON.stringify({ email: 'ada@example.com' })],
      ['GET', '/fotoweb/password-resets/abc%2F..%2Fx%3Fy', 'application/json', undefined, undefined, undefined],
      ['POST', '/fotoweb/password-resets/tok_EN-1', 'application/json', 'application/json', 'csrf-123', JSON.stringify({ password: 'a new password' })],
    ]);
  });

  it('rejects a used reset link and a weak new password with the server error bodies', async () => {
    const { api } = client(
      () => json({ value: 'PasswordResetUsed', message: 'This link was used already.' }, 410),
      () => json({ value: 'WeakPassword', message: 'The password must be at least 10 characters long.' }, 400),
    );
    const used = await api.getPasswordReset('t').catch((e: unknown) => e);
    expect(used).toBeInstanceOf(ApiError);
    expect(used).toMatchObject({ status: 410, body: { value: 'PasswordResetUsed' } });
    const weak = await api.completePasswordReset('t', 'short').catch((e: unknown) => e);
    expect(weak).toMatchObject({ status: 400, body: { value: 'WeakPassword' }, message: 'The password must be at least 10 characters long.' });
  });

  it('rejects a wrong current password with the server error body', async () => {
    const { api } = client(() => json({ value: 'WrongPassword', message: 'The current password is not right.' }, 403));
    const error = await api.changeOwnPassword({ currentPassword: 'x', newPassword: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body?.value).toBe('WrongPassword');
  });

  it('lists, creates and deletes API clients', async () => {
    const created = {
      clientId: 'c1',
      clientSecret: 's3cret',
      name: 'CMS',
      actingAs: groupHref,
      actingAsName: 'Editors',
      created: '2025-05-01T00:00:00Z',
      href: '/fotoweb/api/config/applications/c1',
    };
    const { api, requests } = client(
      () => json({ data: [] }),
      () => json(created, 201),
      noContent,
    );
    await expect(api.listApplications()).resolves.toEqual({ data: [] });
    await expect(api.createApplication({ name: 'CMS', actingAs: groupHref })).resolves.toEqual(created);
    await expect(api.deleteApplication(created.href)).resolves.toBeUndefined();
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['GET', '/fotoweb/api/config/applications', undefined, undefined],
      ['POST', '/fotoweb/api/config/applications', 'csrf-123', JSON.stringify({ name: 'CMS', actingAs: groupHref })],
      ['DELETE', '/fotoweb/api/config/applications/c1', 'csrf-123', undefined],
    ]);
  });

  it('lists, creates and revokes legacy API keys, and registers, lists, deletes webhooks and reads their deliveries (issue 16)', async () => {
    const key = {
      id: 3,
      name: 'Export',
      actingAs: '/fotoweb/api/users/15001',
      actingAsName: 'Admin',
      created: '2026-11-01T00:00:00Z',
      createdBy: 'admin',
      lastUsed: null,
      href: '/fotoweb/api/api-keys/3',
    };
    const hook = {
      id: 4,
      url: 'https://example.com/hook',
      events: ['asset.ingested'],
      enabled: true,
      created: '2026-11-01T00:00:00Z',
      createdBy: 'admin',
      lastDelivery: null,
      href: '/fotoweb/api/webhooks/4',
      deliveries: '/fotoweb/api/webhooks/4/deliveries',
    };
    const { api, requests } = client(
      () => json({ data: [key] }),
      () => json({ ...key, key: 'k3y' }, 201),
      noContent,
      () => json({ data: [hook] }),
      () => json({ ...hook, secret: 's3cret' }, 201),
      () => json({ data: [] }),
      noContent,
    );
    await expect(api.listApiKeys()).resolves.toEqual({ data: [key] });
    await expect(api.createApiKey({ name: 'Export', actingAs: key.actingAs })).resolves.toMatchObject({ key: 'k3y' });
    await expect(api.revokeApiKey(key.href)).resolves.toBeUndefined();
    await expect(api.listWebhooks()).resolves.toEqual({ data: [hook] });
    await expect(api.createWebhook({ url: hook.url, events: ['asset.ingested'], enabled: true })).resolves.toMatchObject({ secret: 's3cret' });
    await expect(api.listWebhookDeliveries(hook.deliveries)).resolves.toEqual({ data: [] });
    await expect(api.deleteWebhook(hook.href)).resolves.toBeUndefined();
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['GET', '/fotoweb/api/api-keys', undefined, undefined],
      ['POST', '/fotoweb/api/api-keys', 'csrf-123', JSON.stringify({ name: 'Export', actingAs: key.actingAs })],
      ['DELETE', '/fotoweb/api/api-keys/3', 'csrf-123', undefined],
      ['GET', '/fotoweb/api/webhooks', undefined, undefined],
      ['POST', '/fotoweb/api/webhooks', 'csrf-123', JSON.stringify({ url: hook.url, events: ['asset.ingested'], enabled: true })],
      ['GET', '/fotoweb/api/webhooks/4/deliveries', undefined, undefined],
      ['DELETE', '/fotoweb/api/webhooks/4', 'csrf-123', undefined],
    ]);
  });

  it('lists, creates, changes and deletes processing profiles (issue 16; dam.yaml listProcessingProfiles…)', async () => {
    const profile = {
      id: '0b4f7a52-8d0e-4c8e-9d43-2b1f6f0a9c11',
      href: '/fotoweb/api/processing-profiles/0b4f7a52-8d0e-4c8e-9d43-2b1f6f0a9c11',
      name: 'Web 400',
      size: 400,
      format: 'jpg' as const,
      quality: 80,
    };
    const { api, requests } = client(
      () => json({ data: [profile] }),
      () => json(profile, 201),
      () => json({ ...profile, size: null }),
      noContent,
      () => json({ value: 'Conflict', message: 'A processing profile named "Web 400" exists already.' }, 409),
    );
    const values = { name: 'Web 400', size: 400, format: 'jpg' as const, quality: 80 };
    await expect(api.listProcessingProfiles()).resolves.toEqual({ data: [profile] });
    await expect(api.createProcessingProfile(values)).resolves.toEqual(profile);
    await expect(api.updateProcessingProfile(profile.href, { ...values, size: null })).resolves.toMatchObject({ size: null });
    await expect(api.deleteProcessingProfile(profile.href)).resolves.toBeUndefined();
    await expect(api.createProcessingProfile(values)).rejects.toMatchObject({ status: 409, body: { message: 'A processing profile named "Web 400" exists already.' } });
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['GET', '/fotoweb/api/processing-profiles', undefined, undefined],
      ['POST', '/fotoweb/api/processing-profiles', 'csrf-123', JSON.stringify(values)],
      ['PUT', profile.href, 'csrf-123', JSON.stringify({ ...values, size: null })],
      ['DELETE', profile.href, 'csrf-123', undefined],
      ['POST', '/fotoweb/api/processing-profiles', 'csrf-123', JSON.stringify(values)],
    ]);
  });

  it('requests a rendition and reads whether its file is made (fotoweb-api-notes §6.3; dam.yaml requestRendition)', async () => {
    const rendition = '/fotoweb/archives/5000-Photos/a.jpg.info/__renditions/0b4f7a52-8d0e-4c8e-9d43-2b1f6f0a9c11';
    const file = '/fotoweb/me/background-tasks/r1/0/a.jpg';
    const { api, requests } = client(
      () => new Response(JSON.stringify({ href: file }), { status: 202, headers: { 'Content-Type': 'application/json', Location: file } }),
      () => new Response(JSON.stringify({ href: file }), { status: 202, headers: { 'Content-Type': 'application/json' } }),
      () => new Response(JSON.stringify({ href: file }), { status: 202, headers: { 'Content-Type': 'application/json', 'Retry-After': '2' } }),
      () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
      () => json({ value: 'NotFound', message: 'The rendition was not found.' }, 404),
    );
    await expect(api.requestRendition(rendition)).resolves.toEqual({ status: 202, location: file });
    await expect(api.requestRendition(rendition)).resolves.toEqual({ status: 202, location: file });
    await expect(api.renditionStatus(file)).resolves.toEqual({ ready: false, retryAfterMs: 2000 });
    await expect(api.renditionStatus(file)).resolves.toEqual({ ready: true, retryAfterMs: undefined });
    await expect(api.renditionStatus(file)).rejects.toMatchObject({ status: 404 });
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['POST', '/fotoweb/services/renditions', 'csrf-123', JSON.stringify({ href: rendition })],
      ['POST', '/fotoweb/services/renditions', 'csrf-123', JSON.stringify({ href: rendition })],
      ['GET', file, undefined, undefined],
      ['GET', file, undefined, undefined],
      ['GET', file, undefined, undefined],
    ]);
  });

  it('reads a page of the activity log at the href it was given (issue 15)', async () => {
    const page = {
      data: [],
      paging: { next: null },
      export: { csv: '/fotoweb/api/activity/export?format=csv', jsonl: '/fotoweb/api/activity/export?format=jsonl' },
      retentionDays: 365,
    };
    const { api, requests } = client(() => json(page));
    await expect(api.listActivity('/fotoweb/api/activity?action=asset.')).resolves.toEqual(page);
    expect(requests.map((r) => [r.method, r.url, r.headers['Accept']])).toEqual([['GET', '/fotoweb/api/activity?action=asset.', 'application/json']]);
  });

  it('reads and replaces what the activity log records (issue 15)', async () => {
    const settings = { enabled: true, categories: { assets: true, archives: true, usersAndGroups: true, decisions: true, logins: false, settings: true } };
    const { api, requests } = client(
      () => json(settings),
      () => json(settings),
    );
    await expect(api.getActivitySettings()).resolves.toEqual(settings);
    await expect(api.updateActivitySettings(settings)).resolves.toEqual(settings);
    expect(requests.map((r) => [r.method, r.url, r.headers['Content-Type']])).toEqual([
      ['GET', '/fotoweb/api/activity/settings', undefined],
      ['PUT', '/fotoweb/api/activity/settings', 'application/json'],
    ]);
    expect(JSON.parse(String(requests[1]!.body))).toEqual(settings);
  });

  it('reads the mail outbox and a message at the hrefs it was given, and asks for a test message without a body (issue 14)', async () => {
    const outbox = {
      data: [],
      paging: { next: null },
      delivery: { mode: 'outbox', server: null, from: null, publicUrl: 'http://localhost:8080' },
      sendTest: '/fotoweb/api/config/mail/test',
    };
    const message = { href: '/fotoweb/api/config/mail/7', id: 7, status: 'held', text: 'Hello' };
    const { api, requests } = client(
      () => json(outbox),
      () => json(message),
      () => json(message, 202),
    );
    await expect(api.listMail('/fotoweb/api/config/mail?before=9')).resolves.toEqual(outbox);
    await expect(api.getMail(message.href)).resolves.toEqual(message);
    await expect(api.sendTestMail(outbox.sendTest)).resolves.toEqual(message);
    expect(requests.map((r) => [r.method, r.url, r.headers['Accept'], r.headers['X-CSRF-Token'], r.headers['Content-Type'], r.body])).toEqual([
      ['GET', '/fotoweb/api/config/mail?before=9', 'application/json', undefined, undefined, undefined],
      ['GET', '/fotoweb/api/config/mail/7', 'application/json', undefined, undefined, undefined],
      ['POST', '/fotoweb/api/config/mail/test', 'application/json', 'csrf-123', undefined, undefined],
    ]);
  });

  it('creates, lists and revokes invitations and searches the grantable groups at the hrefs it was given (issue 14)', async () => {
    const created = { totalInvitationsCreated: 1, invitationLink: 'http://localhost:8080/fotoweb/views/signup?invitation=abc', type: 'link' };
    const list = { data: [], count: 0, paging: { next: null } };
    const groups = { data: [{ href: '/fotoweb/api/groups/10005', name: 'Press' }] };
    const { api, requests } = client(
      () => json(created, 201),
      () => json(list),
      noContent,
      () => json(groups),
    );
    const body = { groups: ['/fotoweb/api/groups/10005'], emails: [], organizationDomain: '', link: true, message: '', description: 'Fair' };
    await expect(api.createInvitations('/fotoweb/invitations/', body)).resolves.toEqual(created);
    await expect(api.listInvitations('/fotoweb/invitations/?before=12')).resolves.toEqual(list);
    await expect(api.revokeInvitation('/fotoweb/invitations/12/revoke')).resolves.toBeUndefined();
    await expect(api.listGrantableGroups('/fotoweb/groups/grantable{?q}', 'Pr ess')).resolves.toEqual(groups);
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.headers['Content-Type'], r.body])).toEqual([
      ['POST', '/fotoweb/invitations/', 'csrf-123', 'application/json', JSON.stringify(body)],
      ['GET', '/fotoweb/invitations/?before=12', undefined, undefined, undefined],
      ['POST', '/fotoweb/invitations/12/revoke', 'csrf-123', 'application/json', '{}'],
      ['GET', '/fotoweb/groups/grantable?q=Pr%20ess', undefined, undefined, undefined],
    ]);
  });

  it('reads the public sign-up form and signs up at the fixed sign-up URL, with the server error bodies (issue 14)', async () => {
    const form = { type: 'open', email: null, organizationDomain: null, fields: [], approveAutomatically: false, expires: null, passwordRules: { minLength: 10, maxLength: 1024 } };
    const { api, requests } = client(
      () => json(form),
      () => json({ value: 'InvitationUsed', message: 'This invitation was used.' }, 410),
      () => json({ status: 'pending' }, 201),
      () => json({ value: 'SignupExists', message: 'taken' }, 409),
    );
    await expect(api.getSignupForm()).resolves.toEqual(form);
    await expect(api.getSignupForm('tok-en_1')).rejects.toMatchObject({ status: 410, body: { value: 'InvitationUsed' } });
    const signup = { invitation: 'tok-en_1', email: 'a@example.com', firstName: 'Ada', lastName: 'L', password: 'a long password', userData: [{ id: 'org', value: 'X' }] };
    await expect(api.submitSignup(signup)).resolves.toEqual({ status: 'pending' });
    const exists = await api.submitSignup(signup).catch((e: unknown) => e);
    expect(exists).toBeInstanceOf(ApiError);
    expect(exists).toMatchObject({ status: 409, body: { value: 'SignupExists' } });
    expect(requests.map((r) => [r.method, r.url, r.headers['X-CSRF-Token'], r.body])).toEqual([
      ['GET', '/fotoweb/signup/', undefined, undefined],
      ['GET', '/fotoweb/signup/?invitation=tok-en_1', undefined, undefined],
      ['POST', '/fotoweb/signup/', 'csrf-123', JSON.stringify(signup)],
      ['POST', '/fotoweb/signup/', 'csrf-123', JSON.stringify(signup)],
    ]);
  });

  it('lists, counts, corrects, approves and rejects sign-ups, and reads and replaces the sign-up settings (issue 14)', async () => {
    const href = '/fotoweb/signups/0b7f6a2e-1c1d-4e5f-8a9b-0c1d2e3f4a5b/';
    const signup = { id: '0b7f6a2e-1c1d-4e5f-8a9b-0c1d2e3f4a5b', href, email: 'a@example.com', firstName: 'Ada', lastName: 'L', userData: [], groups: [] };
    const settings = { openSignup: true, adminCanAssignGroups: true, fields: [] };
    const { api, requests } = client(
      () => json({ data: [signup], count: 1, adminCanAssignGroups: true, fields: [] }),
      () => json({ signupCount: 1 }),
      () => json(signup),
      () => json({ href: '/fotoweb/api/users/15020', username: 'a@example.com' }, 201),
      () => json({ href: '/fotoweb/api/users/15021', username: 'b@example.com' }, 201),
      () => json({ value: 'out_of_licenses', message: 'out_of_licenses: all 1 seats are taken.' }, 409),
      noContent,
      () => json(settings),
      () => json(settings),
    );
    await expect(api.listSignups('/fotoweb/signups/')).resolves.toMatchObject({ count: 1, adminCanAssignGroups: true });
    await expect(api.countSignups('/fotoweb/signups/count')).resolves.toEqual({ signupCount: 1 });
    await expect(api.updateSignup(href, { firstName: 'Ada' })).resolves.toEqual(signup);
    await expect(api.approveSignup(`${href}approve`, ['/fotoweb/api/groups/10005'])).resolves.toEqual({ href: '/fotoweb/api/users/15020', username: 'a@example.com' });
    await api.approveSignup(`${href}approve`);
    expect(isOutOfLicenses(await api.approveSignup(`${href}approve`, []).catch((e: unknown) => e))).toBe(true);
    await expect(api.rejectSignup(`${href}reject`)).resolves.toBeUndefined();
    await expect(api.getSignupSettings('/fotoweb/api/config/signups')).resolves.toEqual(settings);
    await expect(api.updateSignupSettings('/fotoweb/api/config/signups', settings)).resolves.toEqual(settings);
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/fotoweb/signups/', undefined],
      ['GET', '/fotoweb/signups/count', undefined],
      ['PATCH', href, JSON.stringify({ firstName: 'Ada' })],
      ['POST', `${href}approve`, JSON.stringify({ groups: ['/fotoweb/api/groups/10005'] })],
      ['POST', `${href}approve`, '{}'],
      ['POST', `${href}approve`, JSON.stringify({ groups: [] })],
      ['POST', `${href}reject`, '{}'],
      ['GET', '/fotoweb/api/config/signups', undefined],
      ['PUT', '/fotoweb/api/config/signups', JSON.stringify(settings)],
    ]);
  });

  it('reads the site footer at its fixed address and replaces its Markdown (issue 15)', async () => {
    const footer = { markdown: '[Help](https://example.com/help)', modified: '2026-01-01T00:00:00.000Z' };
    const { api, requests } = client(
      () => json({ markdown: '', modified: null }),
      () => json(footer),
    );
    await expect(api.getSiteFooter()).resolves.toEqual({ markdown: '', modified: null });
    await expect(api.updateSiteFooter(footer.markdown)).resolves.toEqual(footer);
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/fotoweb/api/footer', undefined],
      ['PUT', '/fotoweb/api/footer', JSON.stringify({ markdown: footer.markdown })],
    ]);
  });

  it('reads the public descriptor, and lists, reads, adds, changes and deletes archive configurations (issue 12)', async () => {
    const archive = { Id: 5001, Name: 'Press', href: '/fotoweb/api/config/archives/5001' };
    const body = { Name: 'Press', MetadataSetId: 'v1', Pool: 'default', MemberList: [] };
    const { api, requests } = client(
      () => json({ isGuest: true }),
      () => json({ data: [archive], paging: null }),
      () => json(archive),
      () => json(archive, 201),
      () => json(archive),
      noContent,
      noContent,
    );
    await expect(api.getPublicDescriptor()).resolves.toEqual({ isGuest: true });
    await expect(api.listArchiveConfigs()).resolves.toEqual({ data: [archive], paging: null });
    await api.getArchiveConfig(archive.href);
    await api.createArchiveConfig(body);
    await api.updateArchiveConfig(archive.href, body);
    await api.deleteArchiveConfig(archive.href);
    await api.deleteArchiveConfig(archive.href, 5000);
    expect(requests.map((r) => [r.method, r.url, r.headers['Accept'], r.body])).toEqual([
      ['GET', '/fotoweb/', 'application/vnd.fotoware.api-descriptor+json', undefined],
      ['GET', '/fotoweb/api/config/archives', 'application/json', undefined],
      ['GET', archive.href, 'application/json', undefined],
      ['POST', '/fotoweb/api/config/archives', 'application/json', JSON.stringify(body)],
      ['PUT', archive.href, 'application/json', JSON.stringify(body)],
      ['DELETE', archive.href, expect.anything(), undefined],
      ['DELETE', `${archive.href}?moveAssetsTo=5000`, expect.anything(), undefined],
    ]);
  });

  it('reads the archive dialog configuration loads and makes a metadata view (issue 12)', async () => {
    const { api, requests } = client(
      () => json({ data: [] }),
      () => json({ Id: 'v', Name: 'Copy', href: '/fotoweb/editors/v', UsedBy: [] }, 201),
      () => json({ AllowExternalPath: false, AllowPoolManagement: false, Pools: [] }),
      () => json({ enableConsentForms: false }),
      () => json([]),
      () => json({ data: [] }),
    );
    await api.listMetadataViewConfigs();
    await api.createMetadataViewConfig({ Name: 'Copy', CopyFrom: 'x' });
    await api.listPools();
    await api.getConsentFormSettings();
    await api.listMetadataFields('a b');
    await api.listConfigSettingItems('watermarks');
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/fotoweb/api/config/metadataviews'],
      ['POST', '/fotoweb/api/config/metadataviews'],
      ['GET', '/fotoweb/api/pools'],
      ['GET', '/fotoweb/api/config/consentForms/ConsentFormSettings'],
      ['GET', '/fotoweb/api/config/metadata/fields/a%20b'],
      ['GET', '/fotoweb/api/config/watermarks'],
    ]);
  });

  it('saves the consent settings, reads an asset’s consent forms, records and changes a form (issue 15)', async () => {
    const form = { personName: 'Ada', state: 'Signed' as const };
    const { api, requests } = client(
      () => json({ enableConsentForms: true }),
      () => json({ data: [] }),
      () => json({ href: '/fotoweb/consent/forms/1' }, 201),
      () => json({ href: '/fotoweb/consent/forms/1' }),
    );
    const settings = {
      companyAbout: '',
      contactEmailAddress: '',
      companyName: '',
      defaultUrlExpiryDays: 30,
      enableConsentForms: true,
      pdfRenderCompanyLogo: true,
      pdfRenderCompanyLogoInBanner: true,
      categories: [],
      templates: [],
      languages: [],
      defaultFields: [],
    };
    await expect(api.updateConsentFormSettings(settings)).resolves.toEqual({ enableConsentForms: true });
    await expect(api.listAssetConsentForms('42')).resolves.toEqual({ data: [] });
    await api.createConsentForm({ ...form, assets: ['/fotoweb/archives/5000-Photos/a.jpg.info'] });
    await api.updateConsentForm('/fotoweb/consent/forms/1', form);
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['PUT', '/fotoweb/api/config/consentForms/ConsentFormSettings'],
      ['GET', '/fotoweb/consent/assets/42/forms/'],
      ['POST', '/fotoweb/consent/forms/'],
      ['PUT', '/fotoweb/consent/forms/1'],
    ]);
  });

  it('lists consent forms, links, unlinks and deletes one (issue 15)', async () => {
    const page = { data: [], count: 0, paging: { first: '/fotoweb/consent/forms/?p=0', prev: null, next: null, last: '/fotoweb/consent/forms/?p=0' } };
    const changed = { value: 'ConsentFormChanged', message: 'The consent form changed.' };
    const { api, requests } = client(
      () => json(page),
      () => json({ href: '/fotoweb/consent/forms/1' }),
      () => json({ href: '/fotoweb/consent/forms/1' }),
      () => new Response(null, { status: 204 }),
      () => json(changed, 409),
    );
    await expect(api.listConsentForms({ q: 'Ada M', p: 1 })).resolves.toEqual(page);
    await api.linkConsentFormAsset('/fotoweb/consent/forms/1', '/fotoweb/archives/5000-Photos/a.jpg.info');
    await expect(api.unlinkConsentFormAsset('/fotoweb/consent/forms/1', '42')).resolves.toEqual({ href: '/fotoweb/consent/forms/1' });
    await api.deleteConsentForm('/fotoweb/consent/forms/1');
    await expect(api.deleteConsentForm('/fotoweb/consent/forms/1', [4, 2])).rejects.toMatchObject({ status: 409, body: changed });
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/fotoweb/consent/forms/?q=Ada%20M&p=1', undefined],
      ['POST', '/fotoweb/consent/forms/1/assets', JSON.stringify({ href: '/fotoweb/archives/5000-Photos/a.jpg.info' })],
      ['DELETE', '/fotoweb/consent/forms/1/assets/42', undefined],
      ['DELETE', '/fotoweb/consent/forms/1', undefined],
      ['DELETE', '/fotoweb/consent/forms/1?assets=4%2C2', undefined],
    ]);
  });

  it('reads the appearance settings, posts {cssContent} and puts the title-bar buttons at the hrefs it was given (issue 15)', async () => {
    const settings = { customCss: '/fotoweb/appearance/css?v=2', cssContent: 'a {}', cssMaxBytes: 262144, titleBarButtons: [] };
    const tooLarge = { value: 'PayloadTooLarge', message: 'The custom CSS is too large.' };
    const { api, requests } = client(
      () => json(settings),
      () => json(settings),
      () => json(tooLarge, 413),
      () => json({ data: [] }),
    );
    await expect(api.getAppearanceSettings('/fotoweb/appearance/')).resolves.toEqual(settings);
    await expect(api.updateCustomCss('/fotoweb/appearance/css?v=1', 'a {}')).resolves.toEqual(settings);
    await expect(api.updateCustomCss('/fotoweb/appearance/css', 'x')).rejects.toMatchObject({ status: 413, body: tooLarge });
    const button = { index: 0, tooltip: 'Help', href: '/help', target: '_self' as const, icon: null };
    await expect(api.updateTitleBarButtons('/fotoweb/appearance/title-bar-buttons', [button])).resolves.toEqual({ data: [] });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /fotoweb/appearance/',
      'POST /fotoweb/appearance/css?v=1',
      'POST /fotoweb/appearance/css',
      'PUT /fotoweb/appearance/title-bar-buttons',
    ]);
    expect(JSON.parse(requests[1]!.body as string)).toEqual({ cssContent: 'a {}' });
    expect(requests[1]!.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-CSRF-Token': 'csrf-123' });
    expect(JSON.parse(requests[3]!.body as string)).toEqual({ data: [button] });
  });

  it('tells out_of_licenses from user exists (spec 03 §8)', async () => {
    const { api } = client(
      () => json({ value: 'out_of_licenses', message: 'No Editor seat is free (out_of_licenses).' }, 409),
      () => json({ value: 'UserExists', message: 'The username ada is taken.' }, 409),
    );
    const user = { username: 'ada', address: { firstName: 'A', lastName: 'L', email: 'a@b.co' }, account: { password: 'x' } };
    expect(isOutOfLicenses(await api.createUser('/fotoweb/users/', user).catch((e: unknown) => e))).toBe(true);
    expect(isOutOfLicenses(await api.createUser('/fotoweb/users/', user).catch((e: unknown) => e))).toBe(false);
    expect(isOutOfLicenses(new ApiError(409, { value: 'Conflict', message: 'Seats: out_of_licenses' }))).toBe(true);
    expect(isOutOfLicenses(new Error('out_of_licenses'))).toBe(false);
  });
});

describe('withQuery', () => {
  it.each([
    ['/fotoweb/users/', { q: 'a b', p: 0 }, '/fotoweb/users/?q=a%20b&p=0'],
    ['/fotoweb/users/?q=old&sortdir=asc', { q: 'new' }, '/fotoweb/users/?sortdir=asc&q=new'],
    ['/fotoweb/users/?q=old', { q: undefined }, '/fotoweb/users/?q=old'],
    ['/fotoweb/users/?q=old#top', { p: 3 }, '/fotoweb/users/?q=old&p=3'],
    ['/fotoweb/users/', { q: 'ø&=' }, '/fotoweb/users/?q=%C3%B8%26%3D'],
  ])('%s with %j → %s', (href, query, expected) => {
    expect(withQuery(href, query)).toBe(expected);
  });

  it('answers the href unchanged without a query', () => {
    expect(withQuery('/fotoweb/users/?p=1', undefined)).toBe('/fotoweb/users/?p=1');
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
    expect(expandSearchUrl('/fotoweb/archives/5000-Photos/{?q}', 'dog AND 25:cat')).toBe('/fotoweb/archives/5000-Photos/?q=dog%20AND%2025%3Acat');
    expect(expandSearchUrl('/fotoweb/archives/{?q}', 'Ålesund "New York" (1)*!')).toBe('/fotoweb/archives/?q=%C3%85lesund%20%22New%20York%22%20%281%29%2A%21');
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
