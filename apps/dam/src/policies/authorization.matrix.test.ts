/**
 * The authorization matrix: every operation on something inside an archive, and the one rule the policies answer by
 * (policies/archive.policy.ts `assertPermission`): a caller who may not View the archive gets 404, which does not
 * reveal that the thing exists; a caller who may view it but lacks the operation's permission gets 403 naming it;
 * a caller holding it gets past the policy. A new resource adds its rows here (docs/architecture.md).
 */
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import type { ArchivePermission } from './archive.policy.ts';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';

let sut: TestDam;
/** The archive the matrix runs in: made for it, so no group holds anything there. */
let archive: { id: number; href: string };
let asset: Asset;

/** What a row's request needs from the world set up below. */
interface World {
  archive: { id: number; href: string };
  asset: Asset;
}

/**
 * One operation: the permissions it needs besides View (`admin` for administrators only), the request, and the 403
 * message's telling part. A caller holding the permissions may still be refused for other reasons (a 409 for the
 * current revision): `allowed` lists the statuses that show the policy let it through.
 */
interface Row {
  operation: string;
  needs: ArchivePermission[] | 'admin';
  request: (world: World) => InjectOptions;
  /** What the 403's message says (rows that need more than View). */
  forbidden?: RegExp;
  allowed: number[];
}

const json = (method: InjectOptions['method'], url: string, payload: unknown, contentType = 'application/json'): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': contentType },
  payload: JSON.stringify(payload),
});
const revisionsOf = (world: World) => world.asset.revisions.href;

const ROWS: Row[] = [
  { operation: 'getCollection', needs: [], request: (w) => ({ method: 'GET', url: w.archive.href }), allowed: [200] },
  { operation: 'getAsset', needs: [], request: (w) => ({ method: 'GET', url: w.asset.href }), allowed: [200] },
  { operation: 'getRendition', needs: ['Download'], request: (w) => ({ method: 'GET', url: w.asset.renditions[0]!.href }), forbidden: /Download/, allowed: [200] },
  { operation: 'getPreview', needs: ['Preview'], request: (w) => ({ method: 'GET', url: w.asset.previews[0]!.href }), forbidden: /Preview/, allowed: [200] },
  { operation: 'updateAsset', needs: ['EditText'], request: (w) => json('PATCH', w.asset.href, { metadata: {} }), forbidden: /EditText/, allowed: [200] },
  { operation: 'listRevisions', needs: ['HistoryView'], request: (w) => ({ method: 'GET', url: revisionsOf(w) }), forbidden: /HistoryView/, allowed: [200] },
  { operation: 'getRevision', needs: ['HistoryView'], request: (w) => ({ method: 'GET', url: `${revisionsOf(w)}1` }), forbidden: /HistoryView/, allowed: [200] },
  {
    operation: 'compareRevisions',
    needs: ['HistoryView'],
    request: (w) => json('POST', `${revisionsOf(w)}compare`, { leftRevision: 1, rightRevision: 1 }),
    forbidden: /HistoryView/,
    allowed: [200],
  },
  // Revision 1 is the asset as it is: the policy lets these through, then the rule of revisions answers 409.
  { operation: 'deleteRevision', needs: ['HistoryManage'], request: (w) => ({ method: 'DELETE', url: `${revisionsOf(w)}1` }), forbidden: /HistoryManage/, allowed: [409] },
  {
    operation: 'rollbackRevision',
    needs: ['HistoryRollback', 'EditText'],
    request: (w) => ({ method: 'POST', url: `${revisionsOf(w)}1/rollback` }),
    forbidden: /HistoryRollback/,
    allowed: [409],
  },
  {
    operation: 'rollbackToRevision',
    needs: ['HistoryRollback', 'EditText'],
    request: (w) => json('POST', `${revisionsOf(w)}1/rollback-to`, { rollbackType: 'metadata' }),
    forbidden: /HistoryRollback/,
    allowed: [200],
  },
  {
    operation: 'createUpload',
    needs: ['UploadFile'],
    request: (w) => json('POST', '/fotoweb/api/uploads', { destination: w.archive.href, filename: 'matrix.jpg', fileSize: 10 }),
    forbidden: /UploadFile/,
    allowed: [200],
  },
  { operation: 'getMetadataView', needs: [], request: (w) => ({ method: 'GET', url: w.asset.metadataEditor!.href }), allowed: [200] },
  {
    operation: 'replaceMetadataView',
    needs: 'admin',
    request: (w) => json('PUT', w.asset.metadataEditor!.href, DEFAULT_METADATA_VIEW),
    forbidden: /Only administrators/,
    allowed: [200],
  },
  { operation: 'listArchiveTaxonomies', needs: [], request: (w) => ({ method: 'GET', url: `/fotoweb/api/taxonomies/archives/${w.archive.id}` }), allowed: [200] },
];

/** Sends a row's request as a caller. */
async function call(row: Row, token: string) {
  const options = row.request({ archive, asset });
  return sut.app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });
}

/** A new user holding exactly `permissions` on the matrix archive. */
async function userWith(name: string, permissions: string[]) {
  const user = await sut.createUser(name);
  if (permissions.length > 0) await sut.ctx.repos.archives.setAcl(archive.id, { principalType: 'user', principalId: user.id, permissions });
  return user.token;
}

let outsider: string;
let viewer: string;

beforeAll(async () => {
  sut = await createTestDam();
  const created = await sut.ctx.repos.archives.create({ name: 'Matrix' });
  archive = { id: created.id, href: `/fotoweb/archives/${created.id}-Matrix/` };
  const status = await sut.upload(sut.adminToken, archive.href, path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'));
  expect(status.status).toBe('done');
  asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { authorization: `Bearer ${sut.adminToken}` } })).json() as Asset;
  outsider = await userWith('matrix-outsider', []);
  viewer = await userWith('matrix-viewer', ['View']);
});
afterAll(async () => {
  await sut?.close();
});

describe('a caller who may not view the archive gets 404 NotFound, naming nothing of it', () => {
  it.each(ROWS)('$operation', async (row) => {
    const res = await call(row, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ value: 'NotFound', message: expect.stringMatching(/was not found\.$/) });
    expect(res.body).not.toContain('Matrix');
  });
});

describe('a caller who may view the archive but lacks the permission gets 403 Forbidden naming it', () => {
  it.each(ROWS.filter((row) => row.needs === 'admin' || row.needs.length > 0))('$operation', async (row) => {
    const res = await call(row, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(row.forbidden!) });
  });
});

describe('a caller holding the permissions gets past the policy', () => {
  it.each(ROWS)('$operation', async (row) => {
    const token = row.needs === 'admin' ? sut.adminToken : row.needs.length === 0 ? viewer : await userWith(`matrix-${row.operation}`, ['View', ...row.needs]);
    const res = await call(row, token);
    expect(row.allowed, res.body).toContain(res.statusCode);
  });
});
