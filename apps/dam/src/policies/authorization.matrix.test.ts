/**
 * The authorization matrix: every operation of the DAM (`DAM_ROUTES`) through HTTP, and the one rule the policies
 * answer by (policies/archive.policy.ts `assertPermission`, docs/architecture.md "The one authorization rule"): a
 * caller who may not View the archive gets 404, which does not reveal that the thing exists; a caller who may view it
 * but lacks the operation's permission gets 403 naming it; site-wide actions have nothing to hide and refuse with 403;
 * a caller holding the right gets past the policy.
 *
 * Every operation has a row that shows its guard (a caller without the right refused with 404 or 403 and the FotoWeb
 * error body, one with it let through), or is one of the few {@link OPEN_OPERATIONS} every signed-in (or anonymous)
 * caller may call, each with its reason. The last test fails for an operation that has neither: a new resource adds
 * its rows here or beside its room (`routes/<room>/<room>.matrix.ts`).
 */
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, TEST_BFF_CLIENT, type TestDam } from '../testing/harness.ts';
import type { ArchivePermission } from './archive.policy.ts';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { DAM_ROUTES } from '@magpie/api-types/routes';
import type { DamOperation } from '../http/operations.ts';
import { USERS_MATRIX_ROWS, type AdminMatrixRow, type AdminMatrixWorld, type MatrixCaller } from '../routes/users/users.matrix.ts';
import { GROUPS_MATRIX_ROWS } from '../routes/groups/groups.matrix.ts';
import { TAXONOMIES_MATRIX_ROWS } from '../routes/taxonomies/taxonomies.matrix.ts';
import { UPLOADS_MATRIX_ROWS } from '../routes/uploads/uploads.matrix.ts';
import { BACKGROUND_TASKS_MATRIX_ROWS } from '../routes/background-tasks/background-tasks.matrix.ts';
import { METADATA_VIEWS_MATRIX_ROWS } from '../routes/metadata-views/metadata-views.matrix.ts';
import { as, isGuarded, MATRIX_CALLERS, type MatrixAnswer, type MatrixPrincipal, type MatrixRow } from '../testing/matrix.ts';

let sut: TestDam;
/** The archive the matrix runs in: made for it, so no group holds anything there. */
let archive: { id: number; href: string };
let asset: Asset;
/** An asset of the matrix archive that room rows may change (metadata edits, duplicates), apart from `asset`. */
let taskAsset: Asset;

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
  operation: DamOperation;
  /** Tells rows of one operation apart. */
  label?: string;
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
  { operation: 'getCollection', label: 'search', needs: [], request: (w) => ({ method: 'GET', url: `${w.archive.href}?q=dog` }), allowed: [200] },
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
    forbidden: /manageSettings permission/,
    allowed: [200],
  },
  { operation: 'listArchiveTaxonomies', needs: [], request: (w) => ({ method: 'GET', url: `/fotoweb/api/taxonomies/archives/${w.archive.id}` }), allowed: [200] },
];
/** The rows with their test names. */
const NAMED_ROWS = ROWS.map((row) => ({ ...row, name: row.label ? `${row.operation} (${row.label})` : row.operation }));

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
  const second = await sut.upload(sut.adminToken, archive.href, path.join(SAMPLES_DIR, 'iptc-xmp/BlueSquare.jpg'));
  expect(second.status).toBe('done');
  taskAsset = (await sut.app.inject({ method: 'GET', url: second.result!.assetUrl, headers: { authorization: `Bearer ${sut.adminToken}` } })).json() as Asset;
  outsider = await userWith('matrix-outsider', []);
  viewer = await userWith('matrix-viewer', ['View']);
});
afterAll(async () => {
  await sut?.close();
});

describe('a caller who may not view the archive gets 404 NotFound, naming nothing of it', () => {
  it.each(NAMED_ROWS)('$name', async (row) => {
    const res = await call(row, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ value: 'NotFound', message: expect.stringMatching(/was not found\.$/) });
    expect(res.body).not.toContain('Matrix');
  });
});

describe('a caller who may view the archive but lacks the permission gets 403 Forbidden naming it', () => {
  it.each(NAMED_ROWS.filter((row) => row.needs === 'admin' || row.needs.length > 0))('$name', async (row) => {
    const res = await call(row, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(row.forbidden!) });
  });
});

describe('a caller holding the permissions gets past the policy', () => {
  it.each(NAMED_ROWS)('$name', async (row) => {
    const token = row.needs === 'admin' ? sut.adminToken : row.needs.length === 0 ? viewer : await userWith(`matrix-${row.name.replace(/\W+/g, '-')}`, ['View', ...row.needs]);
    const res = await call(row, token);
    expect(row.allowed, res.body).toContain(res.statusCode);
  });
});

/**
 * Site-wide operations of accounts, the site owner and the configuration (issue 11, WP-B): nothing to hide, so a
 * caller without the group permission gets 403, never 404. Each row gives the status (and for a refusal the error
 * value) for each caller: no token, a user of no group (`outsider`), a user whose group may only View the matrix
 * archive (`viewer`), a member of a group holding the row's `permission` (`permitted`; rows without one need only a
 * session), and the site owner. A `permitted` or `owner` status other than 2xx is a later rule answering after the
 * policy let the call through (400 for handing the role to oneself, 404 for an unknown client, 403 WrongPassword).
 */
type Caller = MatrixCaller;
interface SiteRow {
  operation: DamOperation;
  /** Tells rows of one operation apart. */
  label?: string;
  permission?: string;
  request: (self: { id: number }) => InjectOptions;
  expect: Record<Caller, number | [number, string]>;
}
const wrongPassword = { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' };
const SITE_ROWS: SiteRow[] = [
  {
    operation: 'getFullApiDescriptor',
    request: () => ({ method: 'GET', url: '/fotoweb/me/' }),
    expect: { none: 401, outsider: 200, viewer: 200, permitted: 200, owner: 200 },
  },
  {
    operation: 'changeOwnPassword',
    request: () => json('POST', '/fotoweb/me/password', wrongPassword),
    expect: { none: 401, outsider: [403, 'WrongPassword'], viewer: [403, 'WrongPassword'], permitted: [403, 'WrongPassword'], owner: [403, 'WrongPassword'] },
  },
  {
    operation: 'getSiteOwner',
    permission: 'manageUsers',
    request: () => ({ method: 'GET', url: '/fotoweb/users/site-owner' }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
  },
  {
    // Only the owner hands the role over, whatever the permissions; to oneself it is refused after the policy.
    operation: 'setSiteOwner',
    permission: 'manageUsers',
    request: (self) => json('PUT', '/fotoweb/users/site-owner', { user: `/fotoweb/api/users/${self.id}` }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: [403, 'Forbidden'], owner: [400, 'InvalidRequest'] },
  },
  {
    operation: 'getConfigOptions',
    permission: 'manageSettings',
    request: () => ({ method: 'GET', url: '/fotoweb/api/config/options' }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
  },
  {
    operation: 'getConfigOptions',
    label: 'manageUsers',
    permission: 'manageUsers',
    request: () => ({ method: 'GET', url: '/fotoweb/api/config/options' }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
  },
  {
    operation: 'listApplications',
    permission: 'manageSettings',
    request: () => ({ method: 'GET', url: '/fotoweb/api/config/applications' }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
  },
  {
    operation: 'createApplication',
    permission: 'manageSettings',
    request: (self) => json('POST', '/fotoweb/api/config/applications', { name: 'Matrix client', actingAs: `/fotoweb/api/users/${self.id}` }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 },
  },
  {
    operation: 'deleteApplication',
    permission: 'manageSettings',
    request: () => ({ method: 'DELETE', url: '/fotoweb/api/config/applications/no-such-client' }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: [404, 'NotFound'], owner: [404, 'NotFound'] },
  },
];

describe('site-wide operations: accounts, the site owner, the configuration (issue 11)', () => {
  const callers = new Map<Caller, { id: number; token: string } | undefined>();
  beforeAll(async () => {
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const byName = async (name: string) => (await sut.ctx.repos.users.findByUsername(name))!.id;
    callers.set('none', undefined);
    callers.set('outsider', { id: await byName('matrix-outsider'), token: outsider });
    callers.set('viewer', { id: await byName('matrix-viewer'), token: viewer });
    callers.set('owner', { id: admin.id, token: sut.adminToken });
  });

  /** A member of a new group holding `permission` (none: a user of no group). */
  async function permittedCaller(row: SiteRow) {
    return sut.createMemberWith(`matrix-site-${[row.operation, row.label].filter(Boolean).join(' ').replace(/\W+/g, '-')}`, row.permission ? [row.permission] : []);
  }

  it.each(SITE_ROWS.map((row) => ({ ...row, name: row.label ? `${row.operation} (${row.label})` : row.operation })))('$name', async (row) => {
    const permitted = await permittedCaller(row);
    for (const caller of ['none', 'outsider', 'viewer', 'permitted', 'owner'] as const) {
      const who = caller === 'permitted' ? permitted : callers.get(caller);
      const options = row.request({ id: who?.id ?? 0 });
      const headers = { ...(options.headers ?? {}), ...(who ? { authorization: `Bearer ${who.token}` } : {}) };
      const res = await sut.app.inject({ ...options, headers });
      const [status, value] = [row.expect[caller]].flat() as [number, string | undefined];
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(status);
      if (value) expect(res.json().value, caller).toBe(value);
      if (value) expect(res.json(), caller).toMatchObject({ message: expect.any(String), requestId: expect.any(String) });
    }
  });
});

/**
 * User and group administration (issue 11, WP-A; rows in routes/users/users.matrix.ts and routes/groups/groups.matrix.ts):
 * everything needs the group permission manageUsers (the site owner holds it implicitly). Lists and writes refuse
 * others with 403; one user, one group and their member lists answer 404 (another's user is not revealed), except a
 * caller's own user and member-of. Each row acts on things made for the request, so a delete by `permitted` leaves
 * the owner's something to delete.
 */
describe('user and group administration (issue 11)', () => {
  const ADMIN_ROWS: AdminMatrixRow[] = [...USERS_MATRIX_ROWS, ...GROUPS_MATRIX_ROWS];
  let permitted: { id: number; token: string };
  const tokens = new Map<MatrixCaller, { id: number; token: string } | undefined>();
  let made = 0;

  beforeAll(async () => {
    const groups = new GroupsRepository(sut.ctx.database.db);
    const group = await groups.insert({ name: 'matrix user admins' });
    await groups.grantPermission(group.id, 'manageUsers');
    permitted = await sut.createUser('matrix-user-admin');
    await sut.ctx.repos.users.addToGroups(permitted.id, [group.id]);
    const id = async (name: string) => (await sut.ctx.repos.users.findByUsername(name))!.id;
    tokens.set('none', undefined);
    tokens.set('outsider', { id: await id('matrix-outsider'), token: outsider });
    tokens.set('viewer', { id: await id('matrix-viewer'), token: viewer });
    tokens.set('permitted', permitted);
    tokens.set('owner', { id: (await sut.ctx.repos.users.siteOwnerId())!, token: sut.adminToken });
  });

  const world = (self: { id: number }): AdminMatrixWorld => ({
    self,
    async freshUser() {
      const user = await sut.ctx.repos.users.insert({ username: `matrix-target-${++made}`, full_name: 'Matrix Target', email: '', password_hash: null });
      return { id: user.id, href: `/fotoweb/api/users/${user.id}` };
    },
    async freshGroup() {
      const group = await new GroupsRepository(sut.ctx.database.db).insert({ name: `matrix target ${++made}` });
      return { id: group.id, href: `/fotoweb/api/groups/${group.id}` };
    },
  });

  it.each(ADMIN_ROWS.map((row) => ({ ...row, name: row.label ? `${row.operation} (${row.label})` : row.operation })))('$name', async (row) => {
    for (const caller of ['none', 'outsider', 'viewer', 'permitted', 'owner'] as const) {
      const who = tokens.get(caller);
      const options = await row.request(world({ id: who?.id ?? 0 }));
      const res = await sut.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who ? { authorization: `Bearer ${who.token}` } : {}) } });
      const [status, value] = [row.expect[caller]].flat() as [number, string | undefined];
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(status);
      if (value) expect(res.json().value, caller).toBe(value);
      if (value) expect(res.json(), caller).toMatchObject({ message: expect.any(String), requestId: expect.any(String) });
    }
  });

  it('has a row for every operation of the users and groups rooms', () => {
    const covered = new Set<string>([...ADMIN_ROWS.map((row) => row.operation), 'getSiteOwner', 'setSiteOwner']);
    const rooms = DAM_ROUTES.filter((route) => /^\^\\?\/fotoweb\\?\/(api\\?\/)?(users|groups)\\?\//.test(route.pattern.source)).map((route) => route.operationId);
    expect(rooms.length).toBeGreaterThanOrEqual(21);
    expect(rooms.filter((operation) => !covered.has(operation))).toEqual([]);
  });
});

/**
 * Taxonomy editing, uploads, background tasks and metadata views (rows beside their rooms, `routes/<room>/<room>.matrix.ts`):
 * each row says what its `permitted` caller holds, a group permission (through a group made for the row) or archive
 * permissions on the matrix archive (through its access list), and what each caller gets.
 */
describe('taxonomies, uploads, background tasks, metadata views', () => {
  const ROOM_ROWS: MatrixRow[] = [...TAXONOMIES_MATRIX_ROWS, ...UPLOADS_MATRIX_ROWS, ...BACKGROUND_TASKS_MATRIX_ROWS, ...METADATA_VIEWS_MATRIX_ROWS];
  const principals = new Map<Exclude<MatrixCaller, 'none' | 'permitted'>, MatrixPrincipal>();
  let made = 0;

  beforeAll(async () => {
    const id = async (name: string) => (await sut.ctx.repos.users.findByUsername(name))!.id;
    principals.set('outsider', { id: await id('matrix-outsider'), token: outsider });
    principals.set('viewer', { id: await id('matrix-viewer'), token: viewer });
    principals.set('owner', { id: (await sut.ctx.repos.users.siteOwnerId())!, token: sut.adminToken });
  });

  /** The row's `permitted` caller: a new user holding exactly the row's grant. */
  async function permittedFor(row: MatrixRow): Promise<MatrixPrincipal> {
    const name = `matrix-room-${++made}`;
    const { groupPermissions = [], archive: archivePermissions = [] } = row.grant;
    const user = groupPermissions.length > 0 ? await sut.createMemberWith(name, groupPermissions) : await sut.createUser(name);
    if (archivePermissions.length > 0) await sut.ctx.repos.archives.setAcl(archive.id, { principalType: 'user', principalId: user.id, permissions: [...archivePermissions] });
    return { id: user.id, token: user.token };
  }

  it.each(ROOM_ROWS.map((row) => ({ ...row, name: row.label ? `${row.operation} (${row.label})` : row.operation })))('$name', async (row) => {
    const permitted = await permittedFor(row);
    const owner = principals.get('owner')!;
    for (const caller of MATRIX_CALLERS) {
      const who = caller === 'none' ? undefined : caller === 'permitted' ? permitted : principals.get(caller)!;
      const options = await row.request({ dam: sut, archive, asset: taskAsset, self: { id: who?.id ?? 0 }, permitted, owner });
      const res = await sut.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who ? { authorization: `Bearer ${who.token}` } : {}) } });
      const [status, value] = [row.expect[caller]].flat() as [number, string | undefined];
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(status);
      if (value) expect(res.json(), caller).toMatchObject({ value, message: expect.any(String), requestId: expect.any(String) });
    }
  });
});

/** An operation every signed-in caller (or anyone) may call, why, and what a request without a token gets. */
interface OpenOperation {
  operation: DamOperation;
  /** Why no permission guards it. */
  reason: string;
  request: () => InjectOptions;
  /** What a request without a token gets: 401, or the public answer. */
  anonymous: MatrixAnswer;
  /** What a new user of no group gets (a fresh session of its own, which `logout` may end). */
  signedIn?: MatrixAnswer;
}

/** The taxonomy the open taxonomy reads find (made below). */
const OPEN_TAXONOMY_FIELD = 7999;

/**
 * The operations no permission guards. Everything else must show its guard in a row. Lists answer what the caller
 * may see (checked below), so they are never refused.
 */
const OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'createToken',
    reason: 'the OAuth token endpoint: the client authenticates with its own credentials in the form (RFC 6749)',
    request: () => ({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: 'admin-password',
        client_id: TEST_BFF_CLIENT.id,
        client_secret: TEST_BFF_CLIENT.secret,
      }).toString(),
    }),
    anonymous: 200,
  },
  { operation: 'getHealth', reason: 'the health check load balancers and the launcher poll', request: () => ({ method: 'GET', url: '/fotoweb/health' }), anonymous: 200 },
  {
    operation: 'logout',
    reason: 'ends the caller’s own session',
    request: () => ({ method: 'POST', url: '/fotoweb/services/logout' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 204,
  },
  {
    operation: 'keepalive',
    reason: 'keeps the caller’s own session alive',
    request: () => ({ method: 'GET', url: '/fotoweb/services/keepalive' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 204,
  },
  {
    operation: 'getFullApiDescriptor',
    reason: 'the caller’s entry point: its links and flags say what this caller may do',
    request: () => ({ method: 'GET', url: '/fotoweb/me/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'getFullApiDescriptorNoSlash',
    reason: 'the same descriptor without the trailing slash',
    request: () => ({ method: 'GET', url: '/fotoweb/me' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listMyArchives',
    reason: 'lists only the archives the caller may View',
    request: () => ({ method: 'GET', url: '/fotoweb/me/archives/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listArchives',
    reason: 'lists (and searches) only the archives the caller may View',
    request: () => ({ method: 'GET', url: '/fotoweb/archives/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listUploadTargets',
    reason: 'lists only the archives the caller may upload to',
    request: () => ({ method: 'GET', url: '/fotoweb/me/upload-to/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'getUserPreferences',
    reason: 'the caller’s own preferences',
    request: () => ({ method: 'GET', url: '/fotoweb/me/user-preferences/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'updateUserPreferences',
    reason: 'the caller’s own preferences',
    request: () => json('PATCH', '/fotoweb/me/user-preferences/', { data: { shared: { matrix: true } } }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'changeOwnPassword',
    reason: 'the caller’s own password, behind the current one',
    request: () => json('POST', '/fotoweb/me/password', { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: [403, 'WrongPassword'],
  },
  {
    operation: 'listTaxonomies',
    reason: 'taxonomies are no secret: every reader sees them (spec 02 §6)',
    request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'getTaxonomy',
    reason: 'taxonomies are no secret; a non-editor gets only the items it may set or navigate (a hidden item is a row)',
    request: () => ({ method: 'GET', url: `/fotoweb/api/taxonomies/${OPEN_TAXONOMY_FIELD}/` }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'getTaxonomyItemsInfo',
    reason: 'taxonomies are no secret; items hidden from the caller are left out of the answer',
    request: () => json('POST', '/fotoweb/api/taxonomies/info/', ['Matrix open item']),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
];

describe('operations open to every signed-in caller, or to anyone', () => {
  beforeAll(async () => {
    await sut.createUser('matrix-open', 'open-password');
    const owner = { id: 0, token: sut.adminToken };
    const created = await sut.app.inject(as(owner, json('POST', '/fotoweb/api/taxonomies/', { field: OPEN_TAXONOMY_FIELD, pluralName: 'Matrix open' })));
    expect(created.statusCode, created.body).toBe(201);
    const item = await sut.app.inject(as(owner, json('POST', `/fotoweb/api/taxonomies/${OPEN_TAXONOMY_FIELD}/`, { name: 'Matrix open item' })));
    expect(item.statusCode, item.body).toBe(201);
  });

  it.each(OPEN_OPERATIONS)('$operation: $reason', async (open) => {
    const anonymous = await sut.app.inject(open.request());
    const [status, value] = [open.anonymous].flat() as [number, string | undefined];
    expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(status);
    if (value) expect(anonymous.json()).toMatchObject({ value, message: expect.any(String), requestId: expect.any(String) });
    if (open.signedIn === undefined) return;
    const { access_token: token } = await sut.login('matrix-open', 'open-password');
    const options = open.request();
    const signedIn = await sut.app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });
    const [signedInStatus, signedInValue] = [open.signedIn].flat() as [number, string | undefined];
    expect(signedIn.statusCode, `signed in: ${signedIn.body}`).toBe(signedInStatus);
    if (signedInValue) expect(signedIn.json().value).toBe(signedInValue);
  });

  it('the public answers are what the contract says', async () => {
    const token = await sut.app.inject(OPEN_OPERATIONS.find((open) => open.operation === 'createToken')!.request());
    expect(token.json()).toMatchObject({ access_token: expect.any(String), token_type: 'bearer' });
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('lists answer only what the caller may see', async () => {
    const names = async (url: string, token: string) =>
      ((await sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as { data: Array<{ name: string }> }).data.map((entry) => entry.name);
    for (const url of ['/fotoweb/me/archives/', '/fotoweb/archives/']) {
      expect(await names(url, outsider), url).not.toContain('Matrix');
      expect(await names(url, viewer), url).toContain('Matrix');
      expect(await names(url, sut.adminToken), url).toContain('Matrix');
    }
    expect(await names('/fotoweb/me/upload-to/', viewer)).not.toContain('Matrix');
    expect(await names('/fotoweb/me/upload-to/', await userWith('matrix-uploader', ['View', 'UploadFile']))).toContain('Matrix');
    // A hidden taxonomy item is left out for a non-editor, and there for an editor.
    const hidden = await sut.app.inject(
      as({ id: 0, token: sut.adminToken }, json('POST', `/fotoweb/api/taxonomies/${OPEN_TAXONOMY_FIELD}/`, { name: 'Matrix hidden item', acl: [] })),
    );
    expect(hidden.statusCode, hidden.body).toBe(201);
    const info = async (token: string) =>
      ((await sut.app.inject(as({ id: 0, token }, json('POST', '/fotoweb/api/taxonomies/info/', ['Matrix hidden item'])))).json() as unknown[]).length;
    expect(await info(outsider)).toBe(0);
    expect(await info(sut.adminToken)).toBe(1);
  });
});

describe('every DAM operation', () => {
  const guarded = new Set<string>([
    ...ROWS.map((row) => row.operation),
    ...[
      ...SITE_ROWS,
      ...USERS_MATRIX_ROWS,
      ...GROUPS_MATRIX_ROWS,
      ...TAXONOMIES_MATRIX_ROWS,
      ...UPLOADS_MATRIX_ROWS,
      ...BACKGROUND_TASKS_MATRIX_ROWS,
      ...METADATA_VIEWS_MATRIX_ROWS,
    ]
      .filter((row) => isGuarded(row.expect))
      .map((row) => row.operation),
  ]);
  const open = new Set<string>(OPEN_OPERATIONS.map((entry) => entry.operation));

  it('has a row that shows its guard, or is open for a reason it gives', () => {
    const operations = DAM_ROUTES.filter((route) => route.contract === 'dam').map((route) => route.operationId);
    expect(operations.length).toBeGreaterThanOrEqual(71);
    expect(operations.filter((operation) => !guarded.has(operation) && !open.has(operation))).toEqual([]);
  });

  it('lists as open only operations that exist and no row guards, each once', () => {
    const operations = new Set<string>(DAM_ROUTES.map((route) => route.operationId));
    expect([...open].filter((operation) => !operations.has(operation) || guarded.has(operation))).toEqual([]);
    expect(open.size).toBe(OPEN_OPERATIONS.length);
    expect(OPEN_OPERATIONS.every((entry) => entry.reason.length > 0)).toBe(true);
  });
});
