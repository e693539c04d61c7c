/** The caller's entry points: the API descriptor and the archive list (spec 01 §3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('descriptor and archive lists', () => {
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

  it('answers the archive list without its trailing slash too, as FotoWeb does (issue 16)', async () => {
    const withSlash = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(sut.adminToken) });
    const without = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives', headers: bearer(sut.adminToken) });
    expect(without.statusCode).toBe(200);
    expect(without.headers['content-type']).toBe(withSlash.headers['content-type']);
    expect(without.json()).toEqual(withSlash.json());
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives' })).statusCode).toBe(401);
  });
});

describe('the descriptor offers what the caller may do (spec 03 §2.1, §6; issue 11)', () => {
  /** A new user in a new group holding `permissions`; answers the user's descriptor. */
  async function descriptorOfMemberWith(name: string, permissions: string[]) {
    const user = await sut.createMemberWith(name, permissions);
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    return { user, body: res.json() };
  }

  it('gives a manageTaxonomies member allowTaxonomyEditing and nothing of user management', async () => {
    const { body } = await descriptorOfMemberWith('tax-editor', ['manageTaxonomies']);
    expect(body.permissions.allowTaxonomyEditing).toBe(true);
    expect(body.permissions.hasManageSettingsPermission).toBe(false);
    expect(body.views.apiClients).toBeNull();
    expect(body.userManagement).toBeNull();
    expect([body.users, body.groups, body.users_search, body.groups_search]).toEqual([null, null, null, null]);
  });

  it('gives a manageUsers member the user-management links, with the built-ins and the site owner as hrefs', async () => {
    const { body } = await descriptorOfMemberWith('user-admin', ['manageUsers']);
    const admin = await sut.ctx.repos.users.findByUsername('admin');
    const builtin = async (key: string) => (await sut.ctx.database.db.selectFrom('groups').select('id').where('builtin_key', '=', key).executeTakeFirstOrThrow()).id;
    expect(body.userManagement).toEqual({
      userList: '/fotoweb/users/',
      groupList: '/fotoweb/groups/',
      siteOwner: '/fotoweb/users/site-owner',
      adminUser: `/fotoweb/api/users/${admin!.id}`,
      everyoneGroup: `/fotoweb/api/groups/${await builtin('everyone')}`,
      registeredUsersGroup: `/fotoweb/api/groups/${await builtin('registered')}`,
      guestUser: null,
    });
    expect(body).toMatchObject({ users: '/fotoweb/users/', groups: '/fotoweb/groups/', users_search: '/fotoweb/users/{?q}', groups_search: '/fotoweb/groups/{?q}' });
    expect(body.permissions.allowTaxonomyEditing).toBe(false);
  });

  it('gives a member of no group neither flags nor links, and a link to their own user and the change-password view', async () => {
    const { user, body } = await descriptorOfMemberWith('plain-member', []);
    expect(body.userManagement).toBeNull();
    expect(body.permissions).toMatchObject({ allowTaxonomyEditing: false, hasManageArchivesPermission: false, hasManageSettingsPermission: false });
    expect(body.user.href).toBe(`/fotoweb/api/users/${user.id}`);
    expect(body.views.changePassword).toBe('/fotoweb/views/change-password');
    expect(body.isForcePasswordChangeSet).toBe(false);
  });

  it('gives the site owner every flag Magpie has, and none it has not', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(sut.adminToken) });
    const body = res.json();
    expect(body.permissions).toMatchObject({
      allowTaxonomyEditing: true,
      hasManageArchivesPermission: true,
      hasManageSettingsPermission: true,
      hasAuditPermission: false,
      hasManageServicesPermission: false,
      hasManageWorkflowsPermission: false,
    });
    expect(body.userManagement).not.toBeNull();
    expect(body.views.apiClients).toBe('/fotoweb/views/api-clients');
  });

  it('offers the API clients view to a manageSettings member (spec 03 §3.12)', async () => {
    const { body } = await descriptorOfMemberWith('settings-admin', ['manageSettings']);
    expect(body.permissions.hasManageSettingsPermission).toBe(true);
    expect(body.views.apiClients).toBe('/fotoweb/views/api-clients');
    expect(body.userManagement).toBeNull();
  });

  it('says isForcePasswordChangeSet from the account', async () => {
    const user = await sut.createUser('forced-descriptor');
    await sut.ctx.repos.users.update(user.id, { force_password_change: true });
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().isForcePasswordChangeSet).toBe(true);
  });
});
