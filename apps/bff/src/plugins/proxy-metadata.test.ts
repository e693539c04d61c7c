/**
 * The BFF in front of issue #5's DAM routes: metadata edits, background tasks, revisions and taxonomies reach the
 * DAM with the session's token, their bodies are checked against the contract before forwarding, and unsafe methods
 * need the CSRF header (bff.yaml "Proxy", "CSRF").
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '@magpie/api-types';
import { SAMPLES_DIR } from '@magpie/dam/testing/harness.ts';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

let sut: TestStack;
let admin: TestBrowser;
let assetHref: string;

beforeAll(async () => {
  sut = await createTestStack();
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  const status = await sut.dam.upload(sut.dam.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos/orientation/Landscape_5.jpg'), {
    filename: 'bff-metadata.jpg',
  });
  expect(status.status).toBe('done');
  assetHref = new URL(status.result!.assetUrl, 'http://x').pathname;
});
afterAll(async () => {
  await sut?.close();
});

describe('metadata edits through the BFF (issue #5)', () => {
  it('forwards a PATCH assetupdate and answers the updated asset', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: assetHref,
      headers: { 'content-type': MEDIA_TYPES.assetUpdate, accept: MEDIA_TYPES.asset },
      payload: JSON.stringify({ metadata: { '5': { value: 'Through the BFF' }, '25': { value: ['bff', 'proxy'] } } }),
    });
    expect(res.statusCode).toBe(200);
    const asset = res.json() as { metadata: Record<string, { value: unknown }>; revisions: { href: string } };
    expect(asset.metadata['5']).toEqual({ value: 'Through the BFF' });
    expect(asset.metadata['25']).toEqual({ value: ['bff', 'proxy'] });

    const revisions = await admin.request({ method: 'GET', url: asset.revisions.href, headers: { accept: 'application/json' } });
    expect(revisions.statusCode).toBe(200);
    const changed = (revisions.json() as { data: Array<{ changes: Array<{ field: number }> }> }).data.flatMap((r) => r.changes.map((c) => c.field));
    expect(changed).toEqual(expect.arrayContaining([5, 25]));
  });

  it('refuses a malformed assetupdate (400) and a PATCH without the CSRF header (403); the asset is unchanged', async () => {
    const before = await admin.request({ method: 'GET', url: assetHref, headers: { accept: MEDIA_TYPES.asset } });
    const bad = await admin.request({ method: 'PATCH', url: assetHref, headers: { 'content-type': MEDIA_TYPES.assetUpdate }, payload: JSON.stringify({ metadata: 'title' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value).toBe('InvalidRequest');
    const noCsrf = await admin.request({
      method: 'PATCH',
      url: assetHref,
      headers: { 'content-type': MEDIA_TYPES.assetUpdate },
      payload: JSON.stringify({ metadata: { '5': { value: 'x' } } }),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().value).toBe('InvalidCsrfToken');
    const after = await admin.request({ method: 'GET', url: assetHref, headers: { accept: MEDIA_TYPES.asset } });
    expect(after.json().metadata).toEqual(before.json().metadata);
  });

  it('creates a metadata-edit background task and polls its status', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/fotoweb/me/background-tasks/',
      headers: { 'content-type': MEDIA_TYPES.metadataEditRequest },
      payload: JSON.stringify({ assets: [{ href: assetHref }], 'job-metadata': [{ field: 120, value: 'Batch caption' }] }),
    });
    expect(created.statusCode).toBe(201);
    const { location } = created.json() as { location: string };
    let status: { job: { status: string } } | undefined;
    for (let i = 0; i < 100 && status?.job.status !== 'done'; i++) {
      const res = await admin.request({ method: 'GET', url: location, headers: { accept: MEDIA_TYPES.taskStatus } });
      expect(res.statusCode).toBe(200);
      status = res.json();
      if (status?.job.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status?.job.status).toBe('done');
    const asset = await admin.request({ method: 'GET', url: assetHref, headers: { accept: MEDIA_TYPES.asset } });
    expect(asset.json().metadata['120']).toEqual({ value: 'Batch caption' });
  });
});

describe('taxonomies through the BFF (issue #5)', () => {
  it('creates an item, finds it by search and deletes it', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/taxonomies/25/',
      headers: { 'content-type': MEDIA_TYPES.taxonomyItemCreationInfo, accept: MEDIA_TYPES.taxonomyItem },
      payload: JSON.stringify({ name: 'Lighthouses' }),
    });
    expect(created.statusCode).toBe(201);
    const item = created.json() as { href: string; value: string };
    expect(item.value).toBe('Lighthouses');
    const found = await admin.request({ method: 'GET', url: '/fotoweb/api/taxonomies/25/?q=lighthouse', headers: { accept: MEDIA_TYPES.taxonomyItemList } });
    expect(found.statusCode).toBe(200);
    expect((found.json() as { data: Array<{ href: string }> }).data.map((i) => i.href)).toContain(item.href);
    const removed = await admin.request({ method: 'DELETE', url: item.href });
    expect(removed.statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: item.href, headers: { accept: MEDIA_TYPES.taxonomyItem } })).statusCode).toBe(404);
  });

  it('refuses an item without a name with 400', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/taxonomies/25/',
      headers: { 'content-type': MEDIA_TYPES.taxonomyItemCreationInfo },
      payload: JSON.stringify({ description: 'no name' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value).toBe('InvalidRequest');
  });
});
