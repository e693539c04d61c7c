/**
 * The groups room (issue 11; spec 03 §3.2, §3.3, §4, §5 "Group", §7, §8): every call through HTTP on a real database,
 * nested groups and their cycles, group permissions reaching members at once, each refusal with "nothing stored
 * changes".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dam } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

type Group = Dam.components['schemas']['Group'];
type GroupList = Dam.components['schemas']['GroupList'];
type MemberList = Dam.components['schemas']['MemberList'];

let sut: TestDam;
let admin: { id: number; token: string };
let plain: { id: number; token: string };
let ownerId: number;
const vnd = (name: string) => `application/vnd.fotoware.${name}+json`;
const EVERYONE = '/fotoweb/api/groups/10001';
const REGISTERED = '/fotoweb/api/groups/10002';

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { token?: string | null; payload?: unknown; accept?: string } = {}) {
  const token = options.token === undefined ? sut.adminToken : options.token;
  return sut.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: options.accept ?? vnd('group'),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

async function createGroup(name: string, extra: Record<string, unknown> = {}): Promise<Group> {
  const res = await call('POST', '/fotoweb/groups/', { payload: { name, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Group;
}

/** Everything group administration may store, to show that a refused request changed none of it. */
async function stored() {
  const db = sut.ctx.database.db;
  return {
    groups: await db.selectFrom('groups').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    nesting: await db.selectFrom('group_groups').selectAll().orderBy('group_id').orderBy('member_group_id').execute(),
    permissions: await db.selectFrom('group_permissions').selectAll().orderBy('group_id').orderBy('permission').execute(),
    acl: await db.selectFrom('archive_acl').selectAll().orderBy('archive_id').orderBy('principal_id').execute(),
  };
}

async function refused(request: () => ReturnType<typeof call>, status: number, value?: string) {
  const before = await stored();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.message).toEqual(expect.any(String));
  if (value) expect(body.value).toBe(value);
  expect(await stored()).toEqual(before);
  return body as { value: string; message: string; issues?: { path: string; message: string }[] };
}

/** Whether a token may list users right now (a manageUsers check through HTTP). */
const mayManageUsers = async (token: string) => (await call('GET', '/fotoweb/users/', { token, accept: vnd('user-list') })).statusCode === 200;

beforeAll(async () => {
  sut = await createTestDam();
  ownerId = (await sut.ctx.repos.users.siteOwnerId())!;
  const db = sut.ctx.database.db;
  const admins = await db.insertInto('groups').values({ name: 'Group admins' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('group_permissions').values({ group_id: admins.id, permission: 'manageUsers' }).execute();
  admin = await sut.createUser('groupadmin');
  await sut.ctx.repos.users.addToGroups(admin.id, [admins.id]);
  plain = await sut.createUser('plain');
});
afterAll(async () => {
  await sut?.close();
});

describe('create, read, update, delete a group (spec 03 §3.2, §7)', () => {
  it('creates a group with permissions, license defaults and properties; answers 201 with Location', async () => {
    const res = await call('POST', '/fotoweb/groups/', {
      token: admin.token,
      payload: {
        name: '  Editors  ',
        description: ' Edit things ',
        permissions: ['manageTaxonomies', 'albums.create'],
        license: { defaultLevel: 60, defaultConcurrencyMode: 1 },
        propertyBag: [{ key: 'cost centre', value: '42' }],
        samlGroupName: 'cn=editors',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json() as Group;
    expect(res.headers.location).toBe(group.href);
    expect(res.headers['content-type']).toContain(vnd('group'));
    expect(group).toMatchObject({
      name: 'Editors',
      description: 'Edit things',
      href: `/fotoweb/api/groups/${group.id}`,
      memberOfHref: `/fotoweb/api/groups/${group.id}/member-of`,
      userMembersHref: `/fotoweb/api/groups/${group.id}/users`,
      groupMembersHref: `/fotoweb/api/groups/${group.id}/groups`,
      permissions: ['albums.create', 'manageTaxonomies'],
      license: { defaultLevel: 60, defaultConcurrencyMode: 1 },
      propertyBag: [{ key: 'cost centre', value: '42' }],
      samlGroupName: 'cn=editors',
      isBuiltin: false,
      builtinKey: null,
      isMemberOfRegisteredUsers: true,
      actions: { delete: true, update: true, updateMemberships: true, updateMembers: true, updateSAMLGroupName: true },
    });
    const beta = (await call('GET', group.href, { accept: 'application/json' })).json();
    expect(beta).toMatchObject({ id: group.id, name: 'Editors', license: { level: 'Editor', mode: 'Concurrent' }, isBuiltIn: false, isEveryone: false });
    expect(beta.permissions).toMatchObject({ manageTaxonomies: true, manageUsers: false, uploadToUploadArea: false, albums: { create: true, comment: false } });
  });

  it('refuses a taken name (409 GroupExists, any case), a blank or long name and an unknown permission (400), storing nothing', async () => {
    await createGroup('Photographers');
    await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: 'PHOTOGRAPHERS' } }), 409, 'GroupExists');
    await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: 'everyone' } }), 409, 'GroupExists');
    const blank = await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: '   ' } }), 400, 'InvalidRequest');
    expect(blank.issues).toEqual([{ path: 'name', message: expect.stringMatching(/required/) }]);
    await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: 'g'.repeat(101) } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: 'Bad', permissions: ['rootAccess'] } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/groups/', { payload: { name: 'Twice', permissions: ['api', 'api'] } }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/groups/', { token: plain.token, payload: { name: 'Mine' } }), 403, 'Forbidden');
    await refused(() => call('POST', '/fotoweb/groups/', { token: null, payload: { name: 'Anon' } }), 401);
  });

  it('changes only the given fields; permissions and properties replace the lists', async () => {
    const group = await createGroup('Patchable', { description: 'first', permissions: ['api'], propertyBag: [{ key: 'a', value: '1' }] });
    const res = await call('PATCH', group.href, { payload: { permissions: ['audit', 'inviteUsers'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Patchable', description: 'first', permissions: ['inviteUsers', 'audit'], propertyBag: [{ key: 'a', value: '1' }] });
    const renamed = await call('PATCH', group.href, { payload: { name: 'Patched', propertyBag: [] } });
    expect(renamed.json()).toMatchObject({ name: 'Patched', propertyBag: [], permissions: ['inviteUsers', 'audit'] });
    await refused(() => call('PATCH', group.href, { payload: { name: 'photographers' } }), 409, 'GroupExists');
    await refused(() => call('PATCH', group.href, { payload: { permissions: ['nope'] } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', group.href, { token: plain.token, payload: { description: 'x' } }), 403, 'Forbidden');
    await refused(() => call('PATCH', '/fotoweb/api/groups/999999', { payload: { description: 'x' } }), 404, 'NotFound');
  });

  it('keeps the built-in groups: not renamed, deleted or nested, members implicit; description and permissions can change', async () => {
    const everyone = (await call('GET', EVERYONE)).json() as Group;
    expect(everyone).toMatchObject({ isBuiltin: true, builtinKey: 'everyone', isMemberOfRegisteredUsers: false });
    expect(everyone.actions).toEqual({ delete: false, update: true, updateMemberships: false, updateMembers: false, updateSAMLGroupName: false });
    await refused(() => call('PATCH', EVERYONE, { payload: { name: 'All' } }), 403, 'Forbidden');
    await refused(() => call('PATCH', EVERYONE, { payload: { samlGroupName: 'cn=all' } }), 403, 'Forbidden');
    await refused(() => call('DELETE', REGISTERED), 403, 'Forbidden');
    await refused(() => call('DELETE', '/fotoweb/api/groups/10000'), 403, 'Forbidden');
    await refused(() => call('PATCH', `${REGISTERED}/users`, { payload: { add: [`/fotoweb/api/users/${plain.id}`] } }), 403, 'Forbidden');
    await refused(() => call('PATCH', `${REGISTERED}/member-of`, { payload: { add: [] } }), 403, 'Forbidden');
    const same = await call('PATCH', EVERYONE, { payload: { name: 'Everyone', description: 'All of us' } });
    expect(same.json()).toMatchObject({ name: 'Everyone', description: 'All of us' });
    expect(((await call('GET', `${REGISTERED}/users`, { accept: vnd('member-list') })).json() as MemberList).data).toEqual([]);
  });

  it('deletes a group with its memberships and access-list entries; its members lose what it gave', async () => {
    const group = await createGroup('Doomed', { permissions: ['manageUsers'] });
    const member = await sut.createUser('doomed-member');
    expect((await call('PATCH', group.userMembersHref, { payload: { add: [`/fotoweb/api/users/${member.id}`] } })).statusCode).toBe(204);
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'group', principalId: group.id, permissions: ['View'] });
    expect(await mayManageUsers(member.token)).toBe(true);
    await refused(() => call('DELETE', group.href, { token: plain.token }), 403, 'Forbidden');
    expect((await call('DELETE', group.href, { token: admin.token })).statusCode).toBe(204);
    expect((await call('GET', group.href)).statusCode).toBe(404);
    expect(await mayManageUsers(member.token)).toBe(false);
    const db = sut.ctx.database.db;
    expect(await db.selectFrom('archive_acl').selectAll().where('principal_type', '=', 'group').where('principal_id', '=', group.id).execute()).toEqual([]);
    expect(await db.selectFrom('group_members').selectAll().where('group_id', '=', group.id).execute()).toEqual([]);
  });

  it('hides groups from callers without manageUsers (404) and needs a token (401)', async () => {
    const group = await createGroup('Hidden');
    for (const url of [group.href, group.userMembersHref, group.groupMembersHref, group.memberOfHref]) {
      expect((await call('GET', url, { token: plain.token })).json()).toMatchObject({ value: 'NotFound' });
      expect((await call('GET', url, { token: null })).statusCode).toBe(401);
    }
    expect((await call('GET', '/fotoweb/api/groups/x1')).statusCode).toBe(400);
  });
});

describe('the group list (spec 03 §7, §4 guest filtering)', () => {
  beforeAll(async () => {
    for (let i = 0; i < 27; i++) await createGroup(`Team ${String(i).padStart(2, '0')}`, { description: i % 3 === 0 ? 'tri' : '' });
  });

  it('pages by 25, searches name and description, sorts either way', async () => {
    const first = (await call('GET', '/fotoweb/groups/?q=team', { accept: vnd('group-list') })).json() as GroupList;
    expect(first.count).toBe(27);
    expect(first.data).toHaveLength(25);
    expect(first.paging).toMatchObject({ first: '/fotoweb/groups/?q=team', prev: null, next: '/fotoweb/groups/?q=team&p=1', last: '/fotoweb/groups/?q=team&p=1' });
    const second = (await call('GET', first.paging.next!)).json() as GroupList;
    expect(second.data.map((g) => g.name)).toEqual(['Team 25', 'Team 26']);
    expect(((await call('GET', '/fotoweb/groups/?q=TRI')).json() as GroupList).count).toBe(9);
    expect(((await call('GET', '/fotoweb/groups/?q=team&sortfield=name&sortdir=desc')).json() as GroupList).data[0]!.name).toBe('Team 26');
    expect(((await call('GET', '/fotoweb/groups/?sortfield=id')).json() as GroupList).data[0]!.name).toBe('Everyone');
  });

  it('leaves out the guest group and lowers the count, while its href answers', async () => {
    const all = (await call('GET', '/fotoweb/groups/')).json() as GroupList;
    const rows = await sut.ctx.database.db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.count).toBe(Number(rows.n) - 1);
    expect(((await call('GET', '/fotoweb/groups/?q=guests')).json() as GroupList).count).toBe(0);
    expect((await call('GET', '/fotoweb/api/groups/10000')).json()).toMatchObject({ id: 10000, builtinKey: 'guests' });
  });

  it('refuses callers without manageUsers (403) and bad queries (400)', async () => {
    expect((await call('GET', '/fotoweb/groups/', { token: plain.token })).json()).toMatchObject({ value: 'Forbidden' });
    expect((await call('GET', '/fotoweb/groups/', { token: admin.token })).statusCode).toBe(200);
    expect((await call('GET', '/fotoweb/groups/?sortdir=sideways')).statusCode).toBe(400);
  });
});

describe('members and nesting (spec 03 §3.2, §7 {add, remove}; 409 by call, spec 03 §8)', () => {
  it('adds and removes user members; a member gets the group permissions at once', async () => {
    const group = await createGroup('Admins too', { permissions: ['manageUsers'] });
    const member = await sut.createUser('member-one');
    expect(await mayManageUsers(member.token)).toBe(false);
    expect((await call('PATCH', group.userMembersHref, { token: admin.token, payload: { add: [`/fotoweb/api/users/${member.id}`] } })).statusCode).toBe(204);
    expect(await mayManageUsers(member.token)).toBe(true);
    const list = (await call('GET', group.userMembersHref, { accept: vnd('member-list') })).json() as MemberList;
    expect(list).toMatchObject({ count: 1, data: [{ type: 'user', id: member.id, href: `/fotoweb/api/users/${member.id}`, username: 'member-one', name: 'member-one Tester' }] });
    const beta = (await call('GET', group.userMembersHref, { accept: 'application/json' })).json();
    expect(beta).toMatchObject([{ id: member.id, username: 'member-one' }]);
    expect((await call('PATCH', group.userMembersHref, { payload: { remove: [`/fotoweb/api/users/${member.id}`] } })).statusCode).toBe(204);
    expect(await mayManageUsers(member.token)).toBe(false);
  });

  it('refuses unknown, malformed and deleted users with every problem listed, and the site owner for others', async () => {
    const group = await createGroup('Picky');
    const gone = await sut.createUser('gone-user');
    await sut.ctx.repos.users.softDelete(gone.id);
    const body = await refused(
      () => call('PATCH', group.userMembersHref, { payload: { add: ['/fotoweb/api/users/999999', EVERYONE, `/fotoweb/api/users/${gone.id}`] } }),
      400,
      'InvalidRequest',
    );
    expect(body.issues!.map((i) => i.path)).toEqual(['add.0', 'add.1', 'add.2']);
    await refused(() => call('PATCH', group.userMembersHref, { token: admin.token, payload: { add: [`/fotoweb/api/users/${ownerId}`] } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PATCH', group.userMembersHref, { token: plain.token, payload: { add: [] } }), 403, 'Forbidden');
  });

  it('nests groups: a member group inherits what its groups hold, and both directions list it', async () => {
    const parent = await createGroup('Parent', { permissions: ['manageUsers'] });
    const child = await createGroup('Child');
    const member = await sut.createUser('nested-member');
    await call('PATCH', child.userMembersHref, { payload: { add: [`/fotoweb/api/users/${member.id}`] } });
    expect(await mayManageUsers(member.token)).toBe(false);
    expect((await call('PATCH', parent.groupMembersHref, { payload: { add: [child.href] } })).statusCode).toBe(204);
    expect(await mayManageUsers(member.token)).toBe(true);
    expect(((await call('GET', parent.groupMembersHref, { accept: vnd('member-list') })).json() as MemberList).data).toMatchObject([
      { type: 'group', id: child.id, name: 'Child' },
    ]);
    expect((await call('GET', child.memberOfHref, { accept: vnd('memberof') })).json()).toEqual({ groups: [{ href: parent.href, name: 'Parent' }] });
    expect((await call('GET', child.memberOfHref, { accept: 'application/json' })).json()).toMatchObject([{ id: parent.id, permissions: { manageUsers: true } }]);
    expect((await call('PATCH', child.memberOfHref, { payload: { remove: [parent.href] } })).statusCode).toBe(204);
    expect(await mayManageUsers(member.token)).toBe(false);
    expect((await call('PATCH', child.memberOfHref, { payload: { add: [parent.href] } })).statusCode).toBe(204);
    expect(await mayManageUsers(member.token)).toBe(true);
  });

  it('refuses a cycle with CircularGroupMembers on the members link and CircularMemberOf on the member-of link', async () => {
    const a = await createGroup('Cycle A');
    const b = await createGroup('Cycle B');
    const c = await createGroup('Cycle C');
    await call('PATCH', a.groupMembersHref, { payload: { add: [b.href] } });
    await call('PATCH', b.groupMembersHref, { payload: { add: [c.href] } });
    // A ⊃ B ⊃ C: A may not become a member of C or B, nor of itself, through either call.
    const members = await refused(() => call('PATCH', c.groupMembersHref, { payload: { add: [a.href] } }), 409, 'CircularGroupMembers');
    expect(members.message).toContain('Cycle A');
    await refused(() => call('PATCH', a.memberOfHref, { payload: { add: [c.href] } }), 409, 'CircularMemberOf');
    await refused(() => call('PATCH', b.groupMembersHref, { payload: { add: [a.href] } }), 409, 'CircularGroupMembers');
    await refused(() => call('PATCH', a.groupMembersHref, { payload: { add: [a.href] } }), 409, 'CircularGroupMembers');
    await refused(() => call('PATCH', a.memberOfHref, { payload: { add: [a.href] } }), 409, 'CircularMemberOf');
    // All or nothing: a usable addition in the same call is not stored either.
    const d = await createGroup('Cycle D');
    await refused(() => call('PATCH', c.groupMembersHref, { payload: { add: [d.href, a.href] } }), 409, 'CircularGroupMembers');
    // Removing and re-adding in one call is no cycle.
    expect((await call('PATCH', c.memberOfHref, { payload: { remove: [b.href], add: [d.href] } })).statusCode).toBe(204);
    expect((await call('PATCH', c.groupMembersHref, { payload: { add: [a.href] } })).statusCode).toBe(204);
  });

  it('refuses built-in, unknown and user hrefs for nesting (400), storing nothing', async () => {
    const group = await createGroup('Nest refusals');
    const body = await refused(
      () => call('PATCH', group.groupMembersHref, { payload: { add: [REGISTERED, '/fotoweb/api/groups/999999', `/fotoweb/api/users/${plain.id}`, 'http://elsewhere/x'] } }),
      400,
      'InvalidRequest',
    );
    expect(body.issues!.map((i) => i.path)).toEqual(['add.0', 'add.1', 'add.2', 'add.3']);
    await refused(() => call('PATCH', group.memberOfHref, { payload: { add: [EVERYONE] } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', group.memberOfHref, { payload: { add: 'not a list' } }), 400, 'InvalidRequest');
  });

  it('lets exactly one of two opposite nestings made at once win', async () => {
    for (let round = 0; round < 5; round++) {
      const x = await createGroup(`Race X${round}`);
      const y = await createGroup(`Race Y${round}`);
      const [one, two] = await Promise.all([call('PATCH', x.groupMembersHref, { payload: { add: [y.href] } }), call('PATCH', y.groupMembersHref, { payload: { add: [x.href] } })]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([204, 409]);
      const rows = await sut.ctx.database.db
        .selectFrom('group_groups')
        .selectAll()
        .where((eb) => eb.or([eb('group_id', '=', x.id), eb('group_id', '=', y.id)]))
        .execute();
      expect(rows).toHaveLength(1);
    }
  });
});

describe('who is a user member: people only (the hidden user of an API client, the guest user)', () => {
  /** Registers an API client acting as the group, as the site owner; answers its hidden user's id. */
  async function clientActingAs(group: Group): Promise<number> {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/applications',
      headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: `${group.name} sync`, actingAs: group.href }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await sut.ctx.repos.tokens.findClient(res.json().clientId))!.user_id;
  }

  it('does not list or count the hidden user of an API client acting as the group, and keeps it when members change', async () => {
    const group = await createGroup('Client group');
    const hiddenId = await clientActingAs(group);
    const person = await sut.createUser('client-group-person');
    expect((await call('PATCH', group.userMembersHref, { payload: { add: [`/fotoweb/api/users/${person.id}`] } })).statusCode).toBe(204);
    const list = (await call('GET', group.userMembersHref, { accept: vnd('member-list') })).json() as MemberList;
    expect(list).toMatchObject({ count: 1, data: [{ id: person.id }] });
    expect(((await call('GET', `${group.userMembersHref}?q=application`, { accept: vnd('member-list') })).json() as MemberList).count).toBe(0);
    // Naming it is refused, storing nothing; removing the person leaves it a member.
    const named = await refused(() => call('PATCH', group.userMembersHref, { payload: { remove: [`/fotoweb/api/users/${hiddenId}`] } }), 400, 'InvalidRequest');
    expect(named.message).toMatch(/API client/);
    expect((await call('PATCH', group.userMembersHref, { token: admin.token, payload: { remove: [`/fotoweb/api/users/${person.id}`] } })).statusCode).toBe(204);
    expect(((await call('GET', group.userMembersHref, { accept: vnd('member-list') })).json() as MemberList).count).toBe(0);
    expect(await sut.ctx.repos.users.explicitGroupIdsOf(hiddenId)).toEqual([group.id]);
  });

  it('refuses the guest user as a member, through the group and through the user (4xx, nothing stored changes)', async () => {
    const group = await createGroup('No visitors');
    const GUEST = '/fotoweb/api/users/15000';
    const viaGroup = await refused(() => call('PATCH', group.userMembersHref, { token: admin.token, payload: { add: [GUEST] } }), 400, 'InvalidRequest');
    expect(viaGroup).toMatchObject({ heading: expect.any(String), message: expect.stringMatching(/guest user/), issues: [{ path: 'add.0' }] });
    const viaUser = await refused(() => call('PATCH', `${GUEST}/member-of`, { payload: { add: [group.href] } }), 403, 'Forbidden');
    expect(viaUser).toMatchObject({ heading: expect.any(String), message: expect.stringMatching(/guest user/) });
    const guest = (await call('GET', GUEST, { accept: vnd('user') })).json();
    expect(guest.actions).toMatchObject({ update: true, updateMemberships: false });
    // A membership stored before this rule is neither listed nor counted.
    await sut.ctx.database.db.insertInto('group_members').values({ group_id: group.id, user_id: 15000 }).execute();
    expect(((await call('GET', group.userMembersHref, { accept: vnd('member-list') })).json() as MemberList).count).toBe(0);
    expect((await call('GET', group.userMembersHref, { accept: 'application/json' })).json()).toEqual([]);
  });
});

describe('archive access through nested groups (spec 03 §3.2: access inherits through membership)', () => {
  it('reaches a member of a group nested in the group the access list names, to any depth, until the nesting ends', async () => {
    const created = await sut.ctx.repos.archives.create({ name: 'Nested' });
    const archiveHref = `/fotoweb/archives/${created.id}-Nested/`;
    const parent = await createGroup('Archive readers');
    const child = await createGroup('Archive readers, north');
    const grandchild = await createGroup('Archive readers, north-east');
    await sut.ctx.repos.archives.setAcl(created.id, { principalType: 'group', principalId: parent.id, permissions: ['View', 'Preview'] });
    const member = await sut.createUser('nested-reader');
    expect((await call('PATCH', grandchild.userMembersHref, { payload: { add: [`/fotoweb/api/users/${member.id}`] } })).statusCode).toBe(204);
    const get = (url: string) => sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${member.token}` } });
    expect((await get(archiveHref)).statusCode).toBe(404);

    expect((await call('PATCH', parent.groupMembersHref, { payload: { add: [child.href] } })).statusCode).toBe(204);
    expect((await call('PATCH', child.groupMembersHref, { payload: { add: [grandchild.href] } })).statusCode).toBe(204);
    expect((await get(archiveHref)).statusCode).toBe(200);
    expect(((await get('/fotoweb/archives/')).json() as { data: { href: string }[] }).data.map((a) => a.href)).toContain(archiveHref);

    // The next request after the nesting ends no longer sees it (the cached caller is forgotten at once).
    expect((await call('PATCH', grandchild.memberOfHref, { payload: { remove: [child.href] } })).statusCode).toBe(204);
    const gone = await get(archiveHref);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ value: 'NotFound' });
    expect(gone.body).not.toContain('Nested');
    expect(((await get('/fotoweb/archives/')).json() as { data: { href: string }[] }).data.map((a) => a.href)).not.toContain(archiveHref);
  });
});
