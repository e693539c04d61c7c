/**
 * Smart folders (issue 13; spec 01 §3 "Folder or smart folder", §7 smart folder urls): an archive's saved searches,
 * listed with the hits each finds, saved, renamed, reordered and deleted by holders of EditSmartFolders; bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, CollectionList } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';

let sut: TestDam;
const { upload, get, patch, userWith } = requestsFor(() => sut);
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const LIST = '/fotoweb/smartfolders/5000/';

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = sut.adminToken) {
  return sut.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
async function names(token = sut.adminToken): Promise<string[]> {
  const res = await call('GET', LIST, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CollectionList).data.map((c) => c.name);
}

beforeAll(async () => {
  sut = await createTestDam();
  const dog = await upload(sample('iptc-xmp/Bush-dog.jpg'), 'smart/animals');
  await upload(sample('iptc-xmp/BlueSquare.jpg'), 'smart/shapes');
  expect((await patch(dog, { 25: { value: ['dog', 'wildlife'] } })).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

describe('smart folders', () => {
  it('links an archive’s smart folders from the archive, and saves a search as one that finds what the search finds', async () => {
    const archive = await get<Collection & { smartFolders: string | null }>(PHOTOS);
    expect(archive).toMatchObject({ isSmartFolderNavigationEnabled: true, smartFolderHeader: 'Smart folders', smartFolders: LIST });
    expect(await get<Collection & { smartFolders: string | null }>(`${PHOTOS}smart/?q=dog`)).toMatchObject({ smartFolders: LIST, isSmartFolderNavigationEnabled: false });
    expect(await names()).toEqual([]);

    const search = `${PHOTOS}?q=dog`;
    const hits = (await get<Collection>(search)).assetCount;
    expect(hits).toBeGreaterThan(0);
    const res = await call('POST', LIST, { name: ' Dogs ', searchHref: search });
    expect(res.statusCode, res.body).toBe(201);
    const dogs = res.json() as Collection;
    expect(dogs).toMatchObject({ type: 'smartFolder', name: 'Dogs', href: search, assetCount: hits, edit: expect.stringMatching(/^\/fotoweb\/smartfolders\/5000\/[0-9]+$/) });
    expect(res.headers.location).toBe(dogs.edit);
    // In a folder, with more than a text search.
    const shapes = (await call('POST', LIST, { name: 'Shapes', searchHref: `${PHOTOS}smart/shapes/?q=BlueSquare&dt=image` })).json() as Collection;
    expect(shapes).toMatchObject({ href: `${PHOTOS}smart/shapes/?q=BlueSquare&dt=image`, assetCount: 1 });
    expect(await names()).toEqual(['Dogs', 'Shapes']);
  });

  it('reorders (FotoWeb’s ORDERPATCH as PATCH position), renames and deletes', async () => {
    const list = ((await call('GET', LIST)).json() as CollectionList).data;
    const shapes = list.find((c) => c.name === 'Shapes')!;
    const moved = await call('PATCH', shapes.reorder!, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await names()).toEqual(['Shapes', 'Dogs']);
    expect((await call('PATCH', shapes.edit!, { name: 'Squares' })).json()).toMatchObject({ name: 'Squares' });
    expect(await names()).toEqual(['Squares', 'Dogs']);
    const third = (await call('POST', LIST, { name: 'Wildlife', searchHref: `${PHOTOS}?q=wildlife` })).json() as Collection;
    expect((await call('PATCH', third.edit!, { position: 1 })).statusCode).toBe(200);
    expect(await names()).toEqual(['Squares', 'Wildlife', 'Dogs']);
    expect((await call('DELETE', third.edit!)).statusCode).toBe(204);
    expect(await names()).toEqual(['Squares', 'Dogs']);
    expect((await call('DELETE', third.edit!)).statusCode).toBe(404);
  });

  it('refuses taken names, URLs that are no search of this archive, and callers without EditSmartFolders', async () => {
    const dup = await call('POST', LIST, { name: 'dogs', searchHref: `${PHOTOS}?q=cat` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().value).toBe('SmartFolderExists');
    for (const searchHref of [PHOTOS, '/fotoweb/archives/5001-Other/?q=x', `${PHOTOS}nowhere/?q=x`, '/fotoweb/me/']) {
      const res = await call('POST', LIST, { name: `Bad ${searchHref}`, searchHref });
      expect(res.statusCode, searchHref).toBe(400);
    }
    expect((await call('POST', LIST, { name: '   ', searchHref: `${PHOTOS}?q=x` })).statusCode).toBe(400);
    expect((await call('PATCH', `${LIST}1`, {})).statusCode).toBe(400);

    const viewer = await userWith('smart-viewer', ['View', 'Preview']);
    const seen = ((await call('GET', LIST, undefined, viewer.token)).json() as CollectionList).data;
    expect(seen.map((c) => [c.name, c.edit, c.reorder])).toEqual([
      ['Squares', null, null],
      ['Dogs', null, null],
    ]);
    const refused = await call('POST', LIST, { name: 'Mine', searchHref: `${PHOTOS}?q=x` }, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('EditSmartFolders');
    // An archive the viewer may not view: its smart folders are not there for them.
    const hidden = await sut.ctx.repos.archives.create({ name: 'Hidden' });
    expect((await call('GET', `/fotoweb/smartfolders/${hidden.id}/`, undefined, viewer.token)).statusCode).toBe(404);
    expect((await call('GET', `/fotoweb/smartfolders/${hidden.id}/`)).json()).toEqual({ data: [], paging: null });
    const editor = await userWith('smart-editor', ['View', 'EditSmartFolders']);
    expect((await call('POST', LIST, { name: 'Editors', searchHref: `${PHOTOS}?q=editor` }, editor.token)).statusCode).toBe(201);
  });
});
