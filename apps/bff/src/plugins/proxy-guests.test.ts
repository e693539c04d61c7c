/**
 * Visitors without a session (issue 12; spec 02 §6): the BFF forwards what guests may call with no token at all, the
 * DAM answers it as its guest user, and everything else still needs a session.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '@magpie/api-types';
import { SAMPLES_DIR } from '@magpie/dam/testing/harness.ts';
import { createTestStack, type TestStack } from '../testing/stack.ts';

const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');

let sut: TestStack;
let publicAsset: string;

beforeAll(async () => {
  sut = await createTestStack({ damEnv: { MAGPIE_GUEST_ACCESS: 'on' } });
  const bearer = { authorization: `Bearer ${sut.dam.adminToken}` };
  const view = (await sut.dam.app.inject({ method: 'GET', url: '/fotoweb/api/config/archives/5000', headers: bearer })).json().MetadataSetId;
  const created = await sut.dam.app.inject({
    method: 'POST',
    url: '/fotoweb/api/config/archives',
    headers: { ...bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ Name: 'Open', MetadataSetId: view, Pool: 'default', MemberList: [{ Id: 10001, MemberType: 'group', Permissions: ['View', 'Preview'] }] }),
  });
  expect(created.statusCode).toBe(201);
  publicAsset = (await sut.dam.upload(sut.dam.adminToken, created.json().collectionHref, PHOTO)).result!.assetUrl;
});
afterAll(async () => {
  await sut?.close();
});

describe('a visitor without a session', () => {
  it('reads the public descriptor, the public archives, a public asset and its preview', async () => {
    const descriptor = await sut.bff.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: MEDIA_TYPES.apiDescriptor } });
    expect(descriptor.statusCode).toBe(200);
    expect(descriptor.json()).toMatchObject({ isGuest: true, archives: '/fotoweb/archives/' });
    const archives = await sut.bff.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: MEDIA_TYPES.collectionList } });
    expect(archives.json().data.map((c: { name: string }) => c.name)).toEqual(['Open']);
    const asset = await sut.bff.inject({ method: 'GET', url: publicAsset, headers: { accept: MEDIA_TYPES.asset } });
    expect(asset.statusCode).toBe(200);
    const preview = await sut.bff.inject({ method: 'GET', url: asset.json().previews[0].href });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
  });

  it('is the guest whatever bearer the browser sends, and gets 401 for what needs a session', async () => {
    const withBearer = await sut.bff.inject({
      method: 'GET',
      url: '/fotoweb/archives/',
      headers: { accept: MEDIA_TYPES.collectionList, authorization: `Bearer ${sut.dam.adminToken}` },
    });
    expect(withBearer.json().data.map((c: { name: string }) => c.name)).toEqual(['Open']);
    // A DAM token in the query is not passed on either: still the guest.
    const inQuery = await sut.bff.inject({ method: 'GET', url: `/fotoweb/archives/?access_token=${sut.dam.adminToken}`, headers: { accept: MEDIA_TYPES.collectionList } });
    expect(inQuery.statusCode).toBe(200);
    expect(inQuery.json().data.map((c: { name: string }) => c.name)).toEqual(['Open']);
    const photos = await sut.bff.inject({
      method: 'GET',
      url: `/fotoweb/archives/5000-Photos/?q=&access_token=${sut.dam.adminToken}`,
      headers: { accept: MEDIA_TYPES.collection },
    });
    expect(photos.statusCode).toBe(404);
    for (const url of ['/fotoweb/me/', '/fotoweb/me/archives/', '/fotoweb/api/config/archives', '/fotoweb/users/']) {
      const res = await sut.bff.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.statusCode, url).toBe(401);
    }
    const hidden = await sut.bff.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: MEDIA_TYPES.collection } });
    expect(hidden.statusCode).toBe(404);
  });
});
