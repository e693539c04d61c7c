/**
 * FotoWare's Beta group management (issue 11; FotoWare API "Group Management (Beta)", `/fotoweb/api/groups…`): each
 * operation through HTTP on a real database, cycles refused under the group-graph lock, refusals and bad input with
 * "nothing stored changes".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dam } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

type BetaGroup = Dam.components['schemas']['BetaGroup'];
type BetaUser = Dam.components['schemas']['BetaUser'];

let sut: TestDam;
/** A member of a group holding manageUsers (not the site owner). */
let admin: { id: number; token: string };
/** A user without any group permission. */
let plain: { id: number; token: string };
let ownerId: number;
let serial = 0;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string | null; payload?: unknown } = {}) {
  const token = options.token === undefined ? admin.token : options.token;
  return sut.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'application/json',
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

/** Everything group administration may store, to show that a refused request changed none of it. */
async function stored() {
  const db = sut.ctx.database.db;
  return {
    groups: await db.selectFrom('groups').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    nesting: await db.selectFrom('group_groups').selectAll().orderBy('group_id').orderBy('member_group_id').execute(),
    permissions: await db.selectFrom('group_permissions').selectAll().orderBy('group_id').orderBy('permission').execute(),
  };
}

/** Runs a request that must be refused with `status` (and `value`) in FotoWeb's error body, and checks that nothing stored changed. */
async function refused(request: () => ReturnType<typeof call>, status: number, value?: string) {
  const before = await stored();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ message: expect.any(String), requestId: expect.any(String) });
  if (value) expect(body.value).toBe(value);
  expect(await stored()).toEqual(before);
  return body as { value: string; message: string; issues?: { path: string; message: string }[] };
}

/** A new group through the Beta API; answers its id. */
async function group(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/fotoweb/api/groups', { payload: { name: `Beta group ${++serial}`, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BetaGroup).id;
}

/** A new person; answers its id. */
async function person(): Promise<number> {
  return (await sut.createUser(`beta-member-${++serial}`)).id;
}

const ids = async (url: string) => ((await call('GET', url)).json() as { id: number }[]).map((item) => item.id);
const value = async (url: string) => ((await call('GET', url)).json() as { value: number }).value;

beforeAll(async () => {
  sut = await createTestDam();
  ownerId = (await sut.ctx.repos.users.siteOwnerId())!;
  const db = sut.ctx.database.db;
  const admins = await db.insertInto('groups').values({ name: 'Beta group admins' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('group_permissions').values({ group_id: admins.id, permission: 'manageUsers' }).execute();
  admin = await sut.createUser('beta-group-admin');
  await sut.ctx.repos.users.addToGroups(admin.id, [admins.id]);
  plain = await sut.createUser('beta-group-plain');
});
afterAll(async () => {
  await sut?.close();
});

describe('the group list, creating, counting and changing (Group_GetAllGroups, Group_CreateNewGroup, Group_CountAllGroups, Group_UpdateGroup)', () => {
  it('creates a group from a Beta group: permissions as booleans, license by name', async () => {
    const res = await call('POST', '/fotoweb/api/groups', {
      payload: {
        id: 3,
        isEveryone: true,
        name: '  Editors  ',
        description: 'Edit',
        license: { level: 'Editor', mode: 'Concurrent' },
        permissions: { manageTaxonomies: true, uploadToUploadArea: true, audit: false, albums: { create: true, comment: false } },
        properties: [{ key: 'k', value: 'v' }],
        externalIds: [{ provider: 'p', id: 'x' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as BetaGroup;
    expect(created).toMatchObject({
      name: 'Editors',
      description: 'Edit',
      license: { level: 'Editor', mode: 'Concurrent' },
      isEveryone: false,
      isBuiltIn: false,
      properties: [{ key: 'k', value: 'v' }],
    });
    expect(created.permissions).toMatchObject({ manageTaxonomies: true, uploadToUploadArea: true, audit: false, manageUsers: false, albums: { create: true, comment: false } });
    // The admin view (no Accept) shows the same group in Magpie's terms.
    const view = (await sut.app.inject({ method: 'GET', url: `/fotoweb/api/groups/${created.id}`, headers: { authorization: `Bearer ${admin.token}` } })).json() as {
      permissions: string[];
      license: unknown;
    };
    expect([...view.permissions].sort()).toEqual(['albums.create', 'manageTaxonomies', 'uploadArea']);
    expect(view.license).toEqual({ defaultLevel: 60, defaultConcurrencyMode: 1 });
  });

  it('refuses a taken name, a blank name, bad booleans and callers without manageUsers, storing nothing', async () => {
    await group({ name: 'Taken' });
    await refused(() => call('POST', '/fotoweb/api/groups', { payload: { name: 'TAKEN' } }), 409, 'GroupExists');
    await refused(() => call('POST', '/fotoweb/api/groups', { payload: { name: '   ' } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/api/groups', { payload: {} }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/api/groups', { payload: { name: 'Bool', permissions: { api: 'yes' } } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/api/groups', { payload: { name: 'Lic', license: { level: 'Boss' } } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/api/groups', { token: plain.token, payload: { name: 'Mine' } }), 403, 'Forbidden');
    await refused(() => call('POST', '/fotoweb/api/groups', { token: null, payload: { name: 'Anon' } }), 401);
  });

  it('lists every group by id as Beta groups and counts them', async () => {
    const res = await call('GET', '/fotoweb/api/groups');
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json() as BetaGroup[];
    const all = groups.map((g) => g.id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all).toEqual(expect.arrayContaining([10001, 10002]));
    expect(all).not.toContain(10000);
    expect(groups.find((g) => g.id === 10001)).toMatchObject({ isEveryone: true, isBuiltIn: true });
    expect(await value('/fotoweb/api/groups/count')).toBe(groups.length);
    expect(await value('/fotoweb/api/groups/count?isSso=true')).toBe(0);
    expect(await value('/fotoweb/api/groups/count?ssoProvider=okta')).toBe(0);
    await refused(() => call('GET', '/fotoweb/api/groups', { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('GET', '/fotoweb/api/groups/count', { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('GET', '/fotoweb/api/groups/count?isSso=1'), 400, 'InvalidRequest');
  });

  it('PUT stores the parts given (a given permissions object is the whole set) and answers 204; refusals store nothing', async () => {
    const id = await group({ description: 'first', permissions: { api: true, audit: true }, properties: [{ key: 'a', value: '1' }] });
    const res = await call('PUT', `/fotoweb/api/groups/${id}`, { payload: { name: `Renamed ${id}`, permissions: { inviteUsers: true, api: false } } });
    expect(res.statusCode, res.body).toBe(204);
    const after = (await call('GET', `/fotoweb/api/groups/${id}`)).json() as BetaGroup;
    expect(after).toMatchObject({ name: `Renamed ${id}`, description: 'first', properties: [{ key: 'a', value: '1' }] });
    expect(after.permissions).toMatchObject({ inviteUsers: true, api: false, audit: false });
    await group({ name: 'Other name' });
    await refused(() => call('PUT', `/fotoweb/api/groups/${id}`, { payload: { name: 'other NAME' } }), 409, 'GroupExists');
    await refused(() => call('PUT', '/fotoweb/api/groups/10001', { payload: { name: 'All of us' } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/groups/${id}`, { token: plain.token, payload: { description: 'x' } }), 403, 'Forbidden');
    await refused(() => call('PUT', '/fotoweb/api/groups/999999', { payload: { description: 'x' } }), 404, 'NotFound');
    await refused(() => call('PUT', `/fotoweb/api/groups/${id}`, { payload: { name: '' } }), 400, 'InvalidRequest');
  });
});

describe('custom properties (Group_GetGroupPropertyBag, Group_DeleteAllGroupProperties, Group_DeleteGroupProperties)', () => {
  it('reads them, removes one by key, then all; refuses callers without manageUsers', async () => {
    const id = await group({
      properties: [
        { key: 'cost centre', value: '1' },
        { key: 'b', value: '2' },
      ],
    });
    expect((await call('GET', `/fotoweb/api/groups/${id}/properties`)).json()).toHaveLength(2);
    expect((await call('DELETE', `/fotoweb/api/groups/${id}/properties/cost%20centre`)).statusCode).toBe(204);
    expect((await call('GET', `/fotoweb/api/groups/${id}/properties`)).json()).toEqual([{ key: 'b', value: '2' }]);
    await refused(() => call('GET', `/fotoweb/api/groups/${id}/properties`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${id}/properties`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${id}/properties/b`, { token: plain.token }), 403, 'Forbidden');
    expect((await call('DELETE', `/fotoweb/api/groups/${id}/properties`)).statusCode).toBe(204);
    expect((await call('GET', `/fotoweb/api/groups/${id}/properties`)).json()).toEqual([]);
  });
});

describe('a group in groups (Group_SetGroupMemberships, Group_AddGroupMemberships, Group_DeleteAllGroupMemberships, Group_DeleteGroupMembership, counts, recursive)', () => {
  it('sets, adds and removes parents; lists every ancestor once', async () => {
    const [g, a, b, top] = [await group(), await group(), await group(), await group()];
    expect((await call('POST', `/fotoweb/api/groups/${g}/member-of`, { payload: { groups: [a] } })).statusCode).toBe(204);
    expect((await call('PUT', `/fotoweb/api/groups/${g}/member-of`, { payload: { groups: [b] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/member-of`)).toEqual([b]);
    expect((await call('POST', `/fotoweb/api/groups/${b}/member-of`, { payload: { groups: [top] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${a}/member-of`, { payload: { groups: [top] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${g}/member-of`, { payload: { groups: [a] } })).statusCode).toBe(204);
    expect(await value(`/fotoweb/api/groups/${g}/member-of/count`)).toBe(2);
    expect(await ids(`/fotoweb/api/groups/${g}/member-of-recursive`)).toEqual([a, b, top]);
    expect(await value(`/fotoweb/api/groups/${g}/member-of-recursive/count`)).toBe(3);
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/member-of/${a}`)).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/member-of`)).toEqual([b]);
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/member-of`)).statusCode).toBe(204);
    expect(await value(`/fotoweb/api/groups/${g}/member-of/count`)).toBe(0);
  });

  it('refuses a cycle (409 CircularMemberOf), built-in groups, unknown ids and callers without manageUsers, storing nothing', async () => {
    const [child, parent] = [await group(), await group()];
    expect((await call('POST', `/fotoweb/api/groups/${child}/member-of`, { payload: { groups: [parent] } })).statusCode).toBe(204);
    await refused(() => call('PUT', `/fotoweb/api/groups/${parent}/member-of`, { payload: { groups: [child] } }), 409, 'CircularMemberOf');
    await refused(() => call('POST', `/fotoweb/api/groups/${parent}/member-of`, { payload: { groups: [parent] } }), 409, 'CircularMemberOf');
    await refused(() => call('POST', `/fotoweb/api/groups/${child}/member-of`, { payload: { groups: [10002] } }), 400, 'InvalidRequest');
    await refused(() => call('PUT', '/fotoweb/api/groups/10001/member-of', { payload: { groups: [parent] } }), 403, 'Forbidden');
    await refused(() => call('POST', `/fotoweb/api/groups/${child}/member-of`, { payload: { groups: [999999] } }), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${child}/member-of/999999`), 404, 'NotFound');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${child}/member-of`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('GET', `/fotoweb/api/groups/${child}/member-of-recursive`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('POST', `/fotoweb/api/groups/${child}/member-of`, { payload: { groups: [0] } }), 400, 'InvalidRequest');
  });
});

describe('members (Group_*UserMembers, Group_*GroupMembers, Group_*GroupMembers of members, counts, recursive)', () => {
  it('sets, adds and removes user members; counts them; lists users through nested groups once each', async () => {
    const [g, sub] = [await group(), await group()];
    const [u1, u2, u3] = [await person(), await person(), await person()];
    expect((await call('POST', `/fotoweb/api/groups/${g}/users`, { payload: { users: [u1, u2] } })).statusCode).toBe(204);
    expect((await call('PUT', `/fotoweb/api/groups/${g}/users`, { payload: { users: [u2, u3] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u2, u3]);
    expect(await value(`/fotoweb/api/groups/${g}/users/count`)).toBe(2);
    expect((await call('POST', `/fotoweb/api/groups/${sub}/users`, { payload: { users: [u1, u2] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${g}/groups`, { payload: { groups: [sub] } })).statusCode).toBe(204);
    const recursive = (await call('GET', `/fotoweb/api/groups/${g}/users-recursive`)).json() as BetaUser[];
    expect(recursive.map((u) => u.id)).toEqual([u1, u2, u3]);
    expect(await value(`/fotoweb/api/groups/${g}/users-recursive/count`)).toBe(3);
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/users/${u2}`)).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u3]);
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/users`)).statusCode).toBe(204);
    expect(await value(`/fotoweb/api/groups/${g}/users/count`)).toBe(0);
    expect(await value('/fotoweb/api/groups/10002/users/count')).toBe(0);
    expect(await value('/fotoweb/api/groups/10002/users-recursive/count')).toBe(0);
  });

  it('refuses the site owner’s memberships to others, unknown users, built-in groups and callers without manageUsers, storing nothing', async () => {
    const g = await group();
    const u = await person();
    expect((await call('POST', `/fotoweb/api/groups/${g}/users`, { token: sut.adminToken, payload: { users: [ownerId, u] } })).statusCode).toBe(204);
    const owner = await refused(() => call('PUT', `/fotoweb/api/groups/${g}/users`, { payload: { users: [u] } }), 403, 'SiteOwnerProtected');
    expect(owner.message).toMatch(/site owner/);
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/users`), 403, 'SiteOwnerProtected');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/users/${ownerId}`), 403, 'SiteOwnerProtected');
    await refused(() => call('POST', `/fotoweb/api/groups/${g}/users`, { payload: { users: [999999] } }), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/users/999999`), 404, 'NotFound');
    await refused(() => call('POST', '/fotoweb/api/groups/10002/users', { payload: { users: [u] } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/groups/${g}/users`, { token: plain.token, payload: { users: [] } }), 403, 'Forbidden');
    await refused(() => call('GET', `/fotoweb/api/groups/${g}/users/count`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('POST', `/fotoweb/api/groups/${g}/users`, { payload: { users: [u, u] } }), 400, 'InvalidRequest');
    expect((await call('PUT', `/fotoweb/api/groups/${g}/users`, { token: sut.adminToken, payload: { users: [u] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u]);
  });

  it('sets, adds and removes group members; counts them and lists nested ones; refuses a cycle (409 CircularGroupMembers)', async () => {
    const [g, a, b, deep] = [await group(), await group(), await group(), await group()];
    expect((await call('POST', `/fotoweb/api/groups/${g}/groups`, { payload: { groups: [a] } })).statusCode).toBe(204);
    expect((await call('PUT', `/fotoweb/api/groups/${g}/groups`, { payload: { groups: [b] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${b}/groups`, { payload: { groups: [deep] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/groups`)).toEqual([b]);
    expect(await value(`/fotoweb/api/groups/${g}/groups/count`)).toBe(1);
    expect(await ids(`/fotoweb/api/groups/${g}/groups-recursive`)).toEqual([b, deep]);
    expect(await value(`/fotoweb/api/groups/${g}/groups-recursive/count`)).toBe(2);
    await refused(() => call('POST', `/fotoweb/api/groups/${deep}/groups`, { payload: { groups: [g] } }), 409, 'CircularGroupMembers');
    await refused(() => call('PUT', `/fotoweb/api/groups/${g}/groups`, { payload: { groups: [g] } }), 409, 'CircularGroupMembers');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/groups/999999`), 404, 'NotFound');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/groups`, { token: plain.token }), 403, 'Forbidden');
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/groups/${b}`)).statusCode).toBe(204);
    expect(await value(`/fotoweb/api/groups/${g}/groups-recursive/count`)).toBe(0);
    expect((await call('POST', `/fotoweb/api/groups/${g}/groups`, { payload: { groups: [a, b] } })).statusCode).toBe(204);
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/groups`)).statusCode).toBe(204);
    expect(await value(`/fotoweb/api/groups/${g}/groups/count`)).toBe(0);
  });

  it('sets, adds and removes users and groups together, all or nothing', async () => {
    const [g, a, b] = [await group(), await group(), await group()];
    const [u1, u2] = [await person(), await person()];
    expect((await call('POST', `/fotoweb/api/groups/${g}/members`, { payload: { users: [u1], groups: [a] } })).statusCode).toBe(204);
    expect((await call('PUT', `/fotoweb/api/groups/${g}/members`, { payload: { users: [u2], groups: [b] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u2]);
    expect(await ids(`/fotoweb/api/groups/${g}/groups`)).toEqual([b]);
    expect((await call('PUT', `/fotoweb/api/groups/${g}/members`, { payload: { groups: [b] } })).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([]);
    expect((await call('POST', `/fotoweb/api/groups/${b}/members`, { payload: { users: [u1] } })).statusCode).toBe(204);
    // A cycle in the groups refuses the whole call: the users it names are not added either.
    await refused(() => call('PUT', `/fotoweb/api/groups/${b}/members`, { payload: { users: [u2], groups: [g] } }), 409, 'CircularGroupMembers');
    await refused(() => call('POST', `/fotoweb/api/groups/${g}/members`, { payload: { users: ['u1'] } }), 400, 'InvalidRequest');
    await refused(() => call('POST', `/fotoweb/api/groups/${g}/members`, { token: plain.token, payload: { users: [u1] } }), 403, 'Forbidden');
    await refused(() => call('DELETE', '/fotoweb/api/groups/10001/members'), 403, 'Forbidden');
    expect((await call('DELETE', `/fotoweb/api/groups/${g}/members`)).statusCode).toBe(204);
    expect(await ids(`/fotoweb/api/groups/${g}/groups`)).toEqual([]);
    expect(await ids(`/fotoweb/api/groups/${b}/users`)).toEqual([u1]);
  });
});

describe('an API client acting as a group: its hidden user is no member anybody lists, counts or replaces', () => {
  /** Registers an API client acting as group `g`, as the site owner; answers its hidden user's id. */
  async function clientActingAs(g: number): Promise<number> {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/applications',
      headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: `Client of ${g}`, actingAs: `/fotoweb/api/groups/${g}` }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await sut.ctx.repos.tokens.findClient(res.json().clientId))!.user_id;
  }

  it('lists and counts only people, directly and through nesting', async () => {
    const [parent, g] = [await group(), await group()];
    const hidden = await clientActingAs(g);
    const u = await person();
    expect((await call('POST', `/fotoweb/api/groups/${g}/users`, { payload: { users: [u] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${parent}/groups`, { payload: { groups: [g] } })).statusCode).toBe(204);
    for (const id of [g, parent]) {
      expect(await ids(`/fotoweb/api/groups/${id}/users-recursive`)).toEqual([u]);
      expect(await value(`/fotoweb/api/groups/${id}/users-recursive/count`)).toBe(1);
    }
    expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u]);
    expect(await value(`/fotoweb/api/groups/${g}/users/count`)).toBe(1);
    expect(await sut.ctx.repos.users.explicitGroupIdsOf(hidden)).toEqual([g]);
  });

  it('replaces and removes the members of such a group (PUT, DELETE on users and members), as the site owner and as a manageUsers holder', async () => {
    for (const token of [sut.adminToken, admin.token]) {
      const [g, sub] = [await group(), await group()];
      const hidden = await clientActingAs(g);
      const [u1, u2] = [await person(), await person()];
      expect((await call('POST', `/fotoweb/api/groups/${g}/users`, { token, payload: { users: [u1] } })).statusCode).toBe(204);
      const put = await call('PUT', `/fotoweb/api/groups/${g}/users`, { token, payload: { users: [u2] } });
      expect(put.statusCode, put.body).toBe(204);
      expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u2]);
      expect((await call('PUT', `/fotoweb/api/groups/${g}/members`, { token, payload: { users: [u1], groups: [sub] } })).statusCode).toBe(204);
      expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([u1]);
      expect((await call('DELETE', `/fotoweb/api/groups/${g}/users`, { token })).statusCode).toBe(204);
      expect(await value(`/fotoweb/api/groups/${g}/users/count`)).toBe(0);
      expect((await call('POST', `/fotoweb/api/groups/${g}/users`, { token, payload: { users: [u2] } })).statusCode).toBe(204);
      expect((await call('DELETE', `/fotoweb/api/groups/${g}/members`, { token })).statusCode).toBe(204);
      expect(await ids(`/fotoweb/api/groups/${g}/users`)).toEqual([]);
      expect(await ids(`/fotoweb/api/groups/${g}/groups`)).toEqual([]);
      // The client still acts as the group.
      expect(await sut.ctx.repos.users.explicitGroupIdsOf(hidden)).toEqual([g]);
    }
  });

  it('refuses naming the hidden user or the guest user as a member (400, nothing stored changes)', async () => {
    const g = await group();
    const hidden = await clientActingAs(g);
    await refused(() => call('PUT', `/fotoweb/api/groups/${g}/users`, { payload: { users: [hidden] } }), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/groups/${g}/users/${hidden}`), 400, 'InvalidRequest');
    const guest = await refused(() => call('POST', `/fotoweb/api/groups/${g}/users`, { payload: { users: [15000] } }), 400, 'InvalidRequest');
    expect(guest.message).toMatch(/guest user/);
    await refused(() => call('POST', `/fotoweb/api/groups/${g}/members`, { token: sut.adminToken, payload: { users: [15000] } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/api/users/15000/member-of', { token: sut.adminToken, payload: { groups: [g] } }), 403, 'Forbidden');
  });
});
