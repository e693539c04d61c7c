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
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { DAM_ROUTES, GUEST_OPERATIONS } from '@magpie/api-types/routes';
import type { DamOperation } from '../http/operations.ts';
import { USERS_MATRIX_ROWS, type AdminMatrixRow, type AdminMatrixWorld, type MatrixCaller } from '../routes/users/users.matrix.ts';
import { GROUPS_MATRIX_ROWS } from '../routes/groups/groups.matrix.ts';
import { TAXONOMIES_MATRIX_ROWS } from '../routes/taxonomies/taxonomies.matrix.ts';
import { UPLOADS_MATRIX_ROWS } from '../routes/uploads/uploads.matrix.ts';
import { BACKGROUND_TASKS_MATRIX_ROWS } from '../routes/background-tasks/background-tasks.matrix.ts';
import { METADATA_VIEWS_MATRIX_ROWS } from '../routes/metadata-views/metadata-views.matrix.ts';
import { ARCHIVE_CONFIG_MATRIX_ROWS } from '../routes/archive-config/archive-config.matrix.ts';
import { PINS_MATRIX_ROWS } from '../routes/pins/pins.matrix.ts';
import { ALBUMS_MATRIX_ROWS } from '../routes/albums/albums.matrix.ts';
import { FOLDERS_MATRIX_ROWS } from '../routes/folders/folders.matrix.ts';
import { DOWNLOADS_MATRIX_ROWS } from '../routes/downloads/downloads.matrix.ts';
import { RENDITIONS_MATRIX_ROWS } from '../routes/renditions/renditions.matrix.ts';
import { WATERMARKS_MATRIX_ROWS } from '../routes/watermarks/watermarks.matrix.ts';
import { SMART_FOLDERS_MATRIX_ROWS } from '../routes/smart-folders/smart-folders.matrix.ts';
import { MAIL_MATRIX_ROWS } from '../routes/mail/mail.matrix.ts';
import { ACTIVITY_MATRIX_ROWS } from '../routes/activity/activity.matrix.ts';
import { API_KEYS_MATRIX_ROWS } from '../routes/api-keys/api-keys.matrix.ts';
import { WEBHOOKS_MATRIX_ROWS } from '../routes/webhooks/webhooks.matrix.ts';
import { INVITATIONS_MATRIX_ROWS } from '../routes/invitations/invitations.matrix.ts';
import { SIGNUPS_MATRIX_ROWS } from '../routes/signups/signups.matrix.ts';
import { ALERTS_MATRIX_ROWS, ALERTS_OPEN_OPERATIONS } from '../routes/alerts/alerts.matrix.ts';
import { ORDERS_MATRIX_ROWS, ORDERS_OPEN_OPERATIONS } from '../routes/orders/orders.matrix.ts';
import { CONSENT_MATRIX_ROWS } from '../routes/consent/consent.matrix.ts';
import { PRIVACY_OPEN_OPERATIONS } from '../routes/privacy/privacy.matrix.ts';
import { APPEARANCE_MATRIX_ROWS, APPEARANCE_OPEN_OPERATIONS } from '../routes/appearance/appearance.matrix.ts';
import { FOOTER_MATRIX_ROWS, FOOTER_OPEN_OPERATIONS } from '../routes/footer/footer.matrix.ts';
import { PASSWORD_RESETS_OPEN_OPERATIONS } from '../routes/password-resets/password-resets.matrix.ts';
import {
  as,
  isGuarded,
  MATRIX_CALLERS,
  type MatrixAnswer,
  type MatrixExpect,
  type MatrixPrincipal,
  type MatrixRow,
  type MatrixWorld,
  type OpenOperation,
} from '../testing/matrix.ts';

let sut: TestDam;
/** The archive the matrix runs in: made for it, so no group holds anything there. */
let archive: { id: number; href: string };
let asset: Asset;
/** An asset of the matrix archive that room rows may change (metadata edits, duplicates), apart from `asset`. */
let taskAsset: Asset;

const json = (method: InjectOptions['method'], url: string, payload: unknown, contentType = 'application/json'): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': contentType },
  payload: JSON.stringify(payload),
});
const revisionsOf = (world: MatrixWorld) => world.asset.revisions.href;

/** An operation that needs only View: the viewer gets what the permitted caller gets, the outsider 404. */
const viewing = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: ok, permitted: ok, owner: ok });
/** An operation that needs more than View: the viewer gets 403 naming the permission, the outsider 404. */
const needing = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const VIEW = { archive: ['View'] } as const satisfies MatrixRow['grant'];

/**
 * The archive's operations (the one authorization rule): the `permitted` caller is a member of a group whose entry on
 * the matrix archive's access list holds View and the row's permissions. A caller who may still be refused for
 * another reason after the policy (409 for the current revision) shows the policy let it through. Replacing a
 * metadata view (the group permission manageSettings) is a row of the metadata views room.
 */
const ARCHIVE_ROWS: MatrixRow[] = [
  { operation: 'getCollection', grant: VIEW, request: async (w) => ({ method: 'GET', url: w.archive.href }), expect: viewing(200) },
  { operation: 'getCollection', label: 'search', grant: VIEW, request: async (w) => ({ method: 'GET', url: `${w.archive.href}?q=dog` }), expect: viewing(200) },
  { operation: 'getAsset', grant: VIEW, request: async (w) => ({ method: 'GET', url: w.asset.href }), expect: viewing(200) },
  {
    operation: 'getRendition',
    grant: { archive: ['View', 'Download'] },
    request: async (w) => ({ method: 'GET', url: w.asset.renditions[0]!.href }),
    expect: needing(200),
    refusal: /Download/,
  },
  {
    operation: 'getPreview',
    grant: { archive: ['View', 'Preview'] },
    request: async (w) => ({ method: 'GET', url: w.asset.previews[0]!.href }),
    expect: needing(200),
    refusal: /Preview/,
  },
  {
    // The matrix asset is a photo: a permitted caller passes the policy and finds no web video (404), a viewer is refused.
    operation: 'getWebVideo',
    grant: { archive: ['View', 'Preview'] },
    request: async (w) => ({ method: 'GET', url: `/fotoweb/cache/video/${w.asset.uniqueid}/000000000000.mp4` }),
    expect: needing(404),
    refusal: /Preview/,
  },
  {
    // The matrix asset is a photo: a permitted caller passes the policy and finds no page (404), a viewer is refused.
    operation: 'getDocumentPage',
    grant: { archive: ['View', 'Preview'] },
    request: async (w) => ({ method: 'GET', url: `/fotoweb/cache/pages/${w.asset.uniqueid}/1.0.jpg` }),
    expect: needing(404),
    refusal: /Preview/,
  },
  {
    operation: 'updateAsset',
    grant: { archive: ['View', 'EditText'] },
    request: async (w) => json('PATCH', w.asset.href, { metadata: {} }),
    expect: needing(200),
    refusal: /EditText/,
  },
  {
    operation: 'listRevisions',
    grant: { archive: ['View', 'HistoryView'] },
    request: async (w) => ({ method: 'GET', url: revisionsOf(w) }),
    expect: needing(200),
    refusal: /HistoryView/,
  },
  {
    operation: 'getRevision',
    grant: { archive: ['View', 'HistoryView'] },
    request: async (w) => ({ method: 'GET', url: `${revisionsOf(w)}1` }),
    expect: needing(200),
    refusal: /HistoryView/,
  },
  {
    operation: 'compareRevisions',
    grant: { archive: ['View', 'HistoryView'] },
    request: async (w) => json('POST', `${revisionsOf(w)}compare`, { leftRevision: 1, rightRevision: 1 }),
    expect: needing(200),
    refusal: /HistoryView/,
  },
  // Revision 1 is the asset as it is: the policy lets these through, then the rule of revisions answers 409.
  {
    operation: 'deleteRevision',
    grant: { archive: ['View', 'HistoryManage'] },
    request: async (w) => ({ method: 'DELETE', url: `${revisionsOf(w)}1` }),
    expect: needing(409),
    refusal: /HistoryManage/,
  },
  {
    operation: 'rollbackRevision',
    grant: { archive: ['View', 'HistoryRollback', 'EditText'] },
    request: async (w) => ({ method: 'POST', url: `${revisionsOf(w)}1/rollback` }),
    expect: needing(409),
    refusal: /HistoryRollback/,
  },
  {
    operation: 'rollbackToRevision',
    grant: { archive: ['View', 'HistoryRollback', 'EditText'] },
    request: async (w) => json('POST', `${revisionsOf(w)}1/rollback-to`, { rollbackType: 'metadata' }),
    expect: needing(200),
    refusal: /HistoryRollback/,
  },
  {
    operation: 'createUpload',
    grant: { archive: ['View', 'UploadFile'] },
    request: async (w) => json('POST', '/fotoweb/api/uploads', { destination: w.archive.href, filename: 'matrix.jpg', fileSize: 10 }),
    expect: needing(200),
    refusal: /UploadFile/,
  },
  { operation: 'getMetadataView', grant: VIEW, request: async (w) => ({ method: 'GET', url: w.asset.metadataEditor!.href }), expect: viewing(200) },
  {
    operation: 'listArchiveTaxonomies',
    grant: VIEW,
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/taxonomies/archives/${w.archive.id}` }),
    expect: viewing(200),
  },
];

/**
 * A new user; with `permissions`, a member of a new group whose entry on the matrix archive's access list holds
 * exactly those (without, a user of no group).
 */
async function memberWith(name: string, permissions: readonly string[]): Promise<{ id: number; token: string }> {
  if (permissions.length === 0) return sut.createUser(name);
  const user = await sut.createMemberWith(name, []);
  await sut.ctx.repos.archives.setAcl(archive.id, { principalType: 'group', principalId: user.groupId, permissions: [...permissions] });
  return user;
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
  outsider = (await memberWith('matrix-outsider', [])).token;
  viewer = (await memberWith('matrix-viewer', ['View'])).token;
});
afterAll(async () => {
  await sut?.close();
});

/** Every room's rows (beside their rooms, `routes/<room>/<room>.matrix.ts`). */
const ROOM_ROWS: MatrixRow[] = [
  ...TAXONOMIES_MATRIX_ROWS,
  ...UPLOADS_MATRIX_ROWS,
  ...BACKGROUND_TASKS_MATRIX_ROWS,
  ...METADATA_VIEWS_MATRIX_ROWS,
  ...ARCHIVE_CONFIG_MATRIX_ROWS,
  ...PINS_MATRIX_ROWS,
  ...FOLDERS_MATRIX_ROWS,
  ...ALBUMS_MATRIX_ROWS,
  ...DOWNLOADS_MATRIX_ROWS,
  ...RENDITIONS_MATRIX_ROWS,
  ...WATERMARKS_MATRIX_ROWS,
  ...SMART_FOLDERS_MATRIX_ROWS,
  ...MAIL_MATRIX_ROWS,
  ...ACTIVITY_MATRIX_ROWS,
  ...API_KEYS_MATRIX_ROWS,
  ...WEBHOOKS_MATRIX_ROWS,
  ...INVITATIONS_MATRIX_ROWS,
  ...SIGNUPS_MATRIX_ROWS,
  ...ALERTS_MATRIX_ROWS,
  ...ORDERS_MATRIX_ROWS,
  ...CONSENT_MATRIX_ROWS,
  ...APPEARANCE_MATRIX_ROWS,
  ...FOOTER_MATRIX_ROWS,
];

/**
 * The archive's operations, taxonomy editing, uploads, background tasks and metadata views (the archive rows above;
 * the others beside their rooms, `routes/<room>/<room>.matrix.ts`), each through every caller of the matrix. A row's
 * `permitted` caller is a member of a group made for it that holds the row's grant: its group permissions, and its
 * archive permissions as the group's entry on the matrix archive's access list. A 404 names nothing of the archive;
 * a 403 names the permission missing (`refusal`).
 */
describe('the archive, taxonomies, uploads, background tasks, metadata views, pins, folders, albums: every caller', () => {
  /** Archive rows act on `asset`, whose revision 1 stays its current one; room rows on `taskAsset`, which they may change. */
  const rows = [...ARCHIVE_ROWS.map((row) => ({ row, assetOf: () => asset })), ...ROOM_ROWS.map((row) => ({ row, assetOf: () => taskAsset }))];
  const principals = new Map<Exclude<MatrixCaller, 'none' | 'permitted'>, MatrixPrincipal>();
  let made = 0;

  beforeAll(async () => {
    const id = async (name: string) => (await sut.ctx.repos.users.findByUsername(name))!.id;
    principals.set('outsider', { id: await id('matrix-outsider'), token: outsider });
    principals.set('viewer', { id: await id('matrix-viewer'), token: viewer });
    principals.set('owner', { id: (await sut.ctx.repos.users.siteOwnerId())!, token: sut.adminToken });
  });

  /** The row's `permitted` caller: a member of a new group holding exactly the row's grant. */
  async function permittedFor(row: MatrixRow): Promise<MatrixPrincipal> {
    const { groupPermissions = [], archive: archivePermissions = [] } = row.grant;
    const user = await sut.createMemberWith(`matrix-room-${++made}`, groupPermissions);
    if (archivePermissions.length > 0) {
      await sut.ctx.repos.archives.setAcl(archive.id, { principalType: 'group', principalId: user.groupId, permissions: [...archivePermissions] });
    }
    return { id: user.id, token: user.token };
  }

  it.each(rows.map(({ row, assetOf }) => ({ row, assetOf, name: row.label ? `${row.operation} (${row.label})` : row.operation })))('$name', async ({ row, assetOf }) => {
    const permitted = await permittedFor(row);
    const owner = principals.get('owner')!;
    for (const caller of MATRIX_CALLERS) {
      const who = caller === 'none' ? undefined : caller === 'permitted' ? permitted : principals.get(caller)!;
      const options = await row.request({ dam: sut, archive, asset: assetOf(), self: { id: who?.id ?? 0 }, permitted, owner });
      const res = await sut.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who ? { authorization: `Bearer ${who.token}` } : {}) } });
      const [status, value] = [row.expect[caller]].flat() as [number, string | undefined];
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(status);
      if (value) expect(res.json(), caller).toMatchObject({ value, message: expect.any(String), requestId: expect.any(String) });
      if (value === 'NotFound') expect(res.body, caller).not.toContain('Matrix');
      if (value === 'Forbidden' && row.refusal) expect(res.json().message, caller).toMatch(row.refusal);
    }
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
    // The group picker of invitations and sign-ups (`/fotoweb/groups/grantable`, issue 14) has its rows in the invitations room.
    const covered = new Set<string>([...ADMIN_ROWS.map((row) => row.operation), 'getSiteOwner', 'setSiteOwner', 'listGrantableGroups']);
    const rooms = DAM_ROUTES.filter((route) => /^\^\\?\/fotoweb\\?\/(api\\?\/)?(users|groups)\\?\//.test(route.pattern.source) && !/albums/.test(route.pattern.source)).map(
      (route) => route.operationId,
    );
    expect(rooms.length).toBeGreaterThanOrEqual(21);
    expect(rooms.filter((operation) => !covered.has(operation))).toEqual([]);
  });
});

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
  ...(
    [
      ['listMetadataFields', '/fotoweb/api/config/metadata/fields/all'],
      ['listMetadataNamespaces', '/fotoweb/api/config/metadata/namespaces'],
      ['listMetadataNamespaceFields', '/fotoweb/api/config/metadata/namespaces/dc/fields'],
      ['listMetadataGroups', '/fotoweb/api/config/metadata/groups'],
      ['listMetadataGroupFields', '/fotoweb/api/config/metadata/groups/Location/fields'],
    ] as const
  ).map(([operation, url]) => ({
    operation,
    reason: 'the field catalogue: every signed-in user’s metadata field pickers read it (spec 02 §7); it names fields, never assets',
    request: () => ({ method: 'GET' as const, url }),
    anonymous: [401, 'Unauthorized'] as MatrixAnswer,
    signedIn: 200,
  })),
  {
    operation: 'getPublicApiDescriptor',
    reason: 'the public entry point (fotoweb-api-notes §1): guests read it while guest access is on (401 in guest-disabled mode, as here)',
    request: () => ({ method: 'GET', url: '/fotoweb/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
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
    operation: 'listMyArchivesNoSlash',
    reason: 'the same list without the trailing slash',
    request: () => ({ method: 'GET', url: '/fotoweb/me/archives' }),
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
    operation: 'listMoveTargets',
    reason: 'lists only the archives the caller may move assets into (issue 13)',
    request: () => ({ method: 'GET', url: '/fotoweb/me/move-to/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listCopyTargets',
    reason: 'lists only the archives the caller may copy assets into (issue 13)',
    request: () => ({ method: 'GET', url: '/fotoweb/me/copy-to/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listTrash',
    reason: 'lists only the deleted assets of archives where the caller holds Delete (issue 13; file-operations.test.ts)',
    request: () => ({ method: 'GET', url: '/fotoweb/me/trash/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'updateTrash',
    reason: 'restores or purges only entries of the caller’s own trash; any other id is 400 (issue 13; file-operations.test.ts)',
    request: () => ({ method: 'PATCH', url: '/fotoweb/me/trash/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ restore: [2_000_000_000] }) }),
    anonymous: [401, 'Unauthorized'],
    signedIn: [400, 'InvalidRequest'],
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
    operation: 'listAlbums',
    reason: 'the caller’s own albums',
    request: () => ({ method: 'GET', url: '/fotoweb/me/albums/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listPublicAlbums',
    reason: 'the public albums, for anyone signed in (and guests while guest access is on)',
    request: () => ({ method: 'GET', url: '/fotoweb/albums/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listAlbumsIn',
    reason: 'the caller’s own album lists',
    request: () => ({ method: 'GET', url: '/fotoweb/me/albums/deleted/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  ...(
    [
      ['getSharedAlbum', 'GET', '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/'],
      ['getSharedPreview', 'GET', '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/previews/1/200.x.jpg'],
      ['getSharedOriginal', 'GET', '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/originals/1'],
    ] as const
  ).map(([operation, method, url]) => ({
    operation,
    reason: 'a share link is its own credential: the DAM checks the link (live, not expired, its password) on every call',
    request: () => ({ method, url }),
    anonymous: [404, 'ShareNotFound'] as MatrixAnswer,
    signedIn: [404, 'ShareNotFound'] as MatrixAnswer,
  })),
  {
    operation: 'unlockSharedAlbum',
    reason: 'a share link’s password: the link is the credential, and wrong passwords are counted per link',
    request: () => json('POST', '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/access', { password: 'x' }),
    anonymous: [404, 'ShareNotFound'],
    signedIn: [404, 'ShareNotFound'],
  },
  {
    operation: 'getSignupForm',
    reason: 'the public sign-up page (issue 14): the invitation link is the credential, checked on every call; failed look-ups are rate-limited per client address',
    request: () => ({ method: 'GET', url: `/fotoweb/signup/?invitation=${'A'.repeat(43)}` }),
    anonymous: [404, 'InvitationNotFound'],
    signedIn: [404, 'InvitationNotFound'],
  },
  {
    operation: 'submitSignup',
    reason: 'a sign-up (issue 14): an invitation link, or open sign-up when the site allows it, admits it; it waits for an approver; rate-limited per client address',
    request: () => json('POST', '/fotoweb/signup/', { email: 'matrix-open@example.com', firstName: 'Matrix', lastName: 'Open', password: 'a matrix password' }),
    anonymous: [403, 'SignupClosed'],
    signedIn: [403, 'SignupClosed'],
  },
  {
    operation: 'listPins',
    reason: 'the caller’s own pins; each is shown only while the caller may view what it points at',
    request: () => ({ method: 'GET', url: '/fotoweb/me/pins/' }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'removePins',
    reason: 'the caller’s own pins: unpinning needs no right on the thing (one may unpin what one can no longer see)',
    request: () => json('PATCH', '/fotoweb/me/pins/', { assets: { delete: ['/fotoweb/archives/5000-Photos/'] } }),
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
    operation: 'getTaxonomyNoSlash',
    reason: 'the same taxonomy (and search) without the trailing slash',
    request: () => ({ method: 'GET', url: `/fotoweb/api/taxonomies/${OPEN_TAXONOMY_FIELD}?q=a` }),
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
  ...PASSWORD_RESETS_OPEN_OPERATIONS,
  ...ALERTS_OPEN_OPERATIONS,
  ...ORDERS_OPEN_OPERATIONS,
  ...PRIVACY_OPEN_OPERATIONS,
  ...APPEARANCE_OPEN_OPERATIONS,
  ...FOOTER_OPEN_OPERATIONS,
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
    expect(await names('/fotoweb/me/upload-to/', (await memberWith('matrix-uploader', ['View', 'UploadFile'])).token)).toContain('Matrix');
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
    ...[...ARCHIVE_ROWS, ...SITE_ROWS, ...USERS_MATRIX_ROWS, ...GROUPS_MATRIX_ROWS, ...ROOM_ROWS].filter((row) => isGuarded(row.expect)).map((row) => row.operation),
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

/**
 * Guests and AutoSearch members (issue 12): with guest access on, a request without a token for one of
 * `GUEST_OPERATIONS` is answered as the guest user, who sees only what Everyone is granted; everything else still
 * needs a token (401). A member whose access-list entry has an AutoSearch filter sees only the assets it matches:
 * any other asset of the archive is 404 for every read, as if it did not exist.
 */
describe('guests and AutoSearch members', () => {
  let open: TestDam;
  let publicAsset: Asset;
  let privateAsset: Asset;
  let publicArchive: string;
  let publicAlbum: string;
  let filtered: MatrixPrincipal;
  let filteredArchive: string;
  let filteredHidden: Asset;

  beforeAll(async () => {
    open = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
    const owner = { id: 0, token: open.adminToken };
    const view = (await open.ctx.metadataViews.forArchive(5000)).id;
    const created = await open.app.inject(
      as(
        owner,
        json('POST', '/fotoweb/api/config/archives', {
          Name: 'Guest matrix',
          MetadataSetId: view,
          Pool: 'default',
          MemberList: [{ Id: 10001, MemberType: 'group', Permissions: ['View', 'Preview', 'Download'] }],
        }),
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    publicArchive = created.json().collectionHref;
    const load = async (file: string, filename: string, destination: string) =>
      (
        await open.app.inject(as(owner, { method: 'GET', url: (await open.upload(open.adminToken, destination, path.join(SAMPLES_DIR, file), { filename })).result!.assetUrl }))
      ).json() as Asset;
    publicAsset = await load('iptc-xmp/Bush-dog.jpg', 'public-dog.jpg', publicArchive);
    privateAsset = await load('photos/orientation/Landscape_1.jpg', 'private-landscape.jpg', '/fotoweb/archives/5000-Photos/');
    // An archive whose only member sees files named public-*: the landscape there is hidden from them.
    const member = await open.createMemberWith('matrix-autosearch', []);
    const limited = await open.app.inject(
      as(
        owner,
        json('POST', '/fotoweb/api/config/archives', {
          Name: 'Filtered matrix',
          MetadataSetId: view,
          Pool: 'default',
          MemberList: [
            {
              Id: member.groupId,
              MemberType: 'group',
              Permissions: ['View', 'Preview', 'Download', 'EditText', 'EditFile', 'UploadFile', 'HistoryView'],
              AutoSearch: 'fn:public*',
            },
          ],
        }),
      ),
    );
    expect(limited.statusCode, limited.body).toBe(201);
    filteredArchive = limited.json().collectionHref;
    filteredHidden = await load('photos/orientation/Landscape_1.jpg', 'private-landscape.jpg', filteredArchive);
    await load('iptc-xmp/Bush-dog.jpg', 'public-dog.jpg', filteredArchive);
    filtered = { id: member.id, token: member.token };
    // A public album (issue 13): anyone opens it.
    const ownerId = (await open.ctx.repos.users.siteOwnerId())!;
    const album = await open.ctx.repos.albums.create(ownerId, 'Matrix public album', '');
    await open.ctx.repos.albums.update(album.id, { showOnHomepage: true });
    publicAlbum = `/fotoweb/users/${ownerId}/albums/${album.id}/`;
  });
  afterAll(async () => {
    await open?.close();
  });

  /** Each guest operation: a request a guest makes, and what the guest gets. */
  const GUEST_ROWS: Array<{ operation: DamOperation; request: () => InjectOptions; guest: number }> = [
    { operation: 'getPublicApiDescriptor', request: () => ({ method: 'GET', url: '/fotoweb/' }), guest: 200 },
    { operation: 'listArchives', request: () => ({ method: 'GET', url: '/fotoweb/archives/' }), guest: 200 },
    { operation: 'getCollection', request: () => ({ method: 'GET', url: publicArchive }), guest: 200 },
    { operation: 'getAsset', request: () => ({ method: 'GET', url: publicAsset.href }), guest: 200 },
    { operation: 'getRendition', request: () => ({ method: 'GET', url: `${publicAsset.href}/__renditions/ORIGINAL` }), guest: 200 },
    { operation: 'getPreview', request: () => ({ method: 'GET', url: publicAsset.previews[0]!.href }), guest: 200 },
    { operation: 'getWebVideo', request: () => ({ method: 'GET', url: `/fotoweb/cache/video/${publicAsset.uniqueid}/000000000000.mp4` }), guest: 404 },
    { operation: 'getDocumentPage', request: () => ({ method: 'GET', url: `/fotoweb/cache/pages/${publicAsset.uniqueid}/1.0.jpg` }), guest: 404 },
    { operation: 'getMetadataView', request: () => ({ method: 'GET', url: publicAsset.metadataEditor!.href }), guest: 200 },
    { operation: 'listTaxonomies', request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/' }), guest: 200 },
    { operation: 'listArchiveTaxonomies', request: () => ({ method: 'GET', url: `/fotoweb/api/taxonomies/archives/${publicArchive.match(/\/(\d+)-/)![1]}` }), guest: 200 },
    { operation: 'getTaxonomy', request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/25/' }), guest: 200 },
    { operation: 'getTaxonomyNoSlash', request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/25?q=a' }), guest: 200 },
    { operation: 'getTaxonomyItem', request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/25/999999' }), guest: 404 },
    { operation: 'getTaxonomyItemChildren', request: () => ({ method: 'GET', url: '/fotoweb/api/taxonomies/25/999999/' }), guest: 404 },
    { operation: 'listSmartFolders', request: () => ({ method: 'GET', url: `/fotoweb/smartfolders/${publicArchive.match(/\/(\d+)-/)![1]}/` }), guest: 200 },
    { operation: 'listPublicAlbums', request: () => ({ method: 'GET', url: '/fotoweb/albums/' }), guest: 200 },
    { operation: 'getAlbum', request: () => ({ method: 'GET', url: publicAlbum }), guest: 200 },
  ];

  it('covers every guest operation once', () => {
    expect(GUEST_ROWS.map((row) => row.operation).sort()).toEqual([...GUEST_OPERATIONS].sort());
  });

  it.each(GUEST_ROWS)('a guest may call $operation', async (row) => {
    const res = await open.app.inject(row.request());
    expect(res.statusCode, res.body).toBe(row.guest);
  });

  it('a guest sees only what Everyone is granted, and needs a token for everything else', async () => {
    expect((await open.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/' })).statusCode).toBe(404);
    expect((await open.app.inject({ method: 'GET', url: privateAsset.href })).statusCode).toBe(404);
    const refusals: InjectOptions[] = [
      { method: 'GET', url: '/fotoweb/me/' },
      { method: 'GET', url: '/fotoweb/me/archives/' },
      { method: 'GET', url: '/fotoweb/me/user-preferences/' },
      json('PATCH', publicAsset.href, { metadata: { 5: { value: 'guest title' } } }, 'application/vnd.fotoware.assetupdate+json'),
      json('POST', '/fotoweb/api/uploads', { destination: publicArchive, filename: 'a.jpg', fileSize: 1 }),
      { method: 'GET', url: publicAsset.revisions.href },
      { method: 'GET', url: '/fotoweb/users/' },
      { method: 'GET', url: '/fotoweb/api/config/archives' },
      json('POST', '/fotoweb/api/taxonomies/25/', { name: 'guest item' }),
    ];
    for (const request of refusals) {
      const res = await open.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(res.json().value).toBe('Unauthorized');
    }
  });

  it('a member with an AutoSearch filter gets 404 for every read of an asset it does not match', async () => {
    const hidden = [filteredHidden.href, `${filteredHidden.href}/__renditions/ORIGINAL`, filteredHidden.previews[0]!.href, filteredHidden.revisions.href];
    for (const url of hidden) {
      const res = await open.app.inject(as(filtered, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('landscape');
    }
    const edit = await open.app.inject(as(filtered, json('PATCH', filteredHidden.href, { metadata: { 5: { value: 'x' } } }, 'application/vnd.fotoware.assetupdate+json')));
    expect(edit.statusCode).toBe(404);
    // Nor may they replace its file with a new version, or pin it.
    const version = (destination: string) => open.app.inject(as(filtered, json('POST', '/fotoweb/api/uploads', { destination, filename: 'v2.jpg', fileSize: 10, comment: 'v2' })));
    const hiddenVersion = await version(filteredHidden.href);
    expect(hiddenVersion.statusCode).toBe(404);
    expect(hiddenVersion.body).not.toContain('landscape');
    const visible = (await open.app.inject(as(filtered, { method: 'GET', url: filteredArchive, headers: { accept: 'application/vnd.fotoware.assetlist+json' } }))).json()
      .data[0] as Asset;
    expect((await version(visible.href)).statusCode).toBe(200);
    expect((await open.app.inject(as(filtered, json('POST', '/fotoweb/me/pins/', { data: [filteredHidden.href] })))).statusCode).toBe(404);
    // Uploading the hidden file again is a duplicate that names neither the hidden asset nor where it is.
    const again = await open.upload(filtered.token, filteredArchive, path.join(SAMPLES_DIR, 'photos/orientation/Landscape_1.jpg'), { filename: 'public-again.jpg' });
    expect(again).toMatchObject({ status: 'failed', result: null, error: { value: 'DuplicateAsset' } });
    expect(JSON.stringify(again)).not.toContain('landscape');
    // The member's list holds only what matches; the owner's is whole.
    const names = async (who: MatrixPrincipal) =>
      ((await open.app.inject(as(who, { method: 'GET', url: filteredArchive, headers: { accept: 'application/vnd.fotoware.assetlist+json' } }))).json().data as Asset[])
        .map((a) => a.filename)
        .sort();
    expect(await names(filtered)).toEqual(['public-dog.jpg']);
    expect(await names({ id: 0, token: open.adminToken })).toEqual(['private-landscape.jpg', 'public-dog.jpg']);
  });
});
