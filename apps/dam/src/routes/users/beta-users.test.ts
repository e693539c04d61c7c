/**
 * FotoWare's Beta user management (issue 11; FotoWare API "User Management (Beta)", `/fotoweb/api/users…`): each
 * operation through HTTP on a real database, its refusals and bad input with "nothing stored changes".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dam } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

type BetaUser = Dam.components['schemas']['BetaUser'];
type BetaGroup = Dam.components['schemas']['BetaGroup'];

let sut: TestDam;
/** A member of a group holding manageUsers (not the site owner). */
let admin: { id: number; token: string };
/** A user without any group permission. */
let plain: { id: number; token: string };
let ownerId: number;
let serial = 0;

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: { token?: string | null; payload?: unknown } = {}) {
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

/** Everything user administration may store, to show that a refused request changed none of it. */
async function stored() {
  const db = sut.ctx.database.db;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    nesting: await db.selectFrom('group_groups').selectAll().orderBy('group_id').orderBy('member_group_id').execute(),
    liveTokens: (await db.selectFrom('oauth_tokens').select('token_hash').where('revoked_at', 'is', null).orderBy('token_hash').execute()).length,
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

/** A new person through the admin view; answers its id. */
async function person(extra: Record<string, unknown> = {}): Promise<number> {
  const username = `beta-person-${++serial}`;
  const res = await call('POST', '/fotoweb/users/', {
    token: sut.adminToken,
    payload: { username, address: { firstName: 'Grace', lastName: 'Hopper', email: `${username}@example.com` }, account: { password: 'compiler pioneer 1952' }, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** A new group; answers its id. */
async function group(): Promise<number> {
  const res = await call('POST', '/fotoweb/groups/', { token: sut.adminToken, payload: { name: `Beta group ${++serial}` } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const beta = async (id: number) => (await call('GET', `/fotoweb/api/users/${id}`, { token: sut.adminToken })).json() as BetaUser;
const groupIdsOf = async (id: number) => ((await call('GET', `/fotoweb/api/users/${id}/member-of`)).json() as BetaGroup[]).map((g) => g.id).sort();

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_LICENSE_SEATS: '70=1' });
  ownerId = (await sut.ctx.repos.users.siteOwnerId())!;
  const db = sut.ctx.database.db;
  const admins = await db.insertInto('groups').values({ name: 'Beta user admins' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('group_permissions').values({ group_id: admins.id, permission: 'manageUsers' }).execute();
  admin = await sut.createUser('beta-admin');
  await sut.ctx.repos.users.addToGroups(admin.id, [admins.id]);
  plain = await sut.createUser('beta-plain');
});
afterAll(async () => {
  await sut?.close();
});

describe('the user list, creating and counting (User_GetAllUsers, User_CreateNewUser, User_CountAllUsers)', () => {
  it('creates a user from a Beta user: names for license and payment, street lines, no password unless one is given', async () => {
    const res = await call('POST', '/fotoweb/api/users', {
      payload: {
        id: 1,
        fullName: 'ignored',
        username: 'ada-beta',
        description: 'Analyst',
        address: { givenName: 'Ada', middleName: 'A', surname: 'Lovelace', email: 'ada@example.com', streetAddress: ['1 Engine Row', 'Marylebone'], city: 'London' },
        license: { level: 'Editor' },
        commerce: { paymentMethod: 'Invoice', discount: 5 },
        account: { forcePasswordChange: true },
        properties: [{ key: 'team', value: 'maths' }],
        permissions: { isSiteOwner: true },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const user = res.json() as BetaUser;
    expect(user).toMatchObject({
      username: 'ada-beta',
      fullName: 'Ada Lovelace',
      description: 'Analyst',
      address: { givenName: 'Ada', middleName: 'A', surname: 'Lovelace', email: 'ada@example.com', streetAddress: ['1 Engine Row', 'Marylebone'], city: 'London' },
      license: { level: 'Editor', mode: 'Named' },
      commerce: { paymentMethod: 'Invoice', discount: 5 },
      account: { hasPassword: false, forcePasswordChange: true, isEnabled: true },
      permissions: { isSiteOwner: false },
      properties: [{ key: 'team', value: 'maths' }],
    });
    expect(user.id).toBeGreaterThan(15000);
    const withPassword = await call('POST', '/fotoweb/api/users', {
      payload: { username: 'bea-beta', address: { givenName: 'Bea', surname: 'B', email: 'bea@example.com' }, account: { password: 'difference engine 1822' } },
    });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(withPassword.json()).toMatchObject({ account: { hasPassword: true }, license: { level: 'Standard', mode: 'Named' } });
  });

  it('refuses a caller without manageUsers, a weak password, a taken name, a full license and bad input, storing nothing', async () => {
    const body = (username: string, extra: Record<string, unknown> = {}) => ({ username, address: { givenName: 'C', surname: 'D', email: 'c@example.com' }, ...extra });
    await refused(() => call('POST', '/fotoweb/api/users', { token: plain.token, payload: body('nope') }), 403, 'Forbidden');
    await refused(() => call('POST', '/fotoweb/api/users', { token: null, payload: body('nope') }), 401);
    await refused(() => call('POST', '/fotoweb/api/users', { payload: body('weak', { account: { password: 'weak' } }) }), 400, 'WeakPassword');
    await refused(() => call('POST', '/fotoweb/api/users', { payload: body('ADA-BETA') }), 409, 'UserExists');
    expect((await call('POST', '/fotoweb/api/users', { payload: body('pro-one', { license: { level: 'Pro' } }) })).statusCode).toBe(200);
    const full = await refused(() => call('POST', '/fotoweb/api/users', { payload: body('pro-two', { license: { level: 'Pro' } }) }), 409, 'out_of_licenses');
    expect(full.message).toContain('out_of_licenses');
    const noSurname = await refused(
      () => call('POST', '/fotoweb/api/users', { payload: { username: 'x', address: { givenName: 'X', email: 'x@example.com' } } }),
      400,
      'InvalidRequest',
    );
    expect(noSurname.issues?.map((issue) => issue.path)).toEqual(['address.surname']);
    await refused(() => call('POST', '/fotoweb/api/users', { payload: body('lic', { license: { level: 'Boss' } }) }), 400, 'InvalidRequest');
    await refused(
      () => call('POST', '/fotoweb/api/users', { payload: body('both', { account: { password: 'a good long password', deletePassword: true } }) }),
      400,
      'InvalidRequest',
    );
    await refused(() => call('POST', '/fotoweb/api/users', { payload: body('bad-mail', { address: { givenName: 'C', surname: 'D', email: 'not mail' } }) }), 400, 'InvalidRequest');
  });

  it('lists every live person by id as Beta users, and counts them, by license level and mode too', async () => {
    const deleted = await person();
    expect((await call('DELETE', `/fotoweb/api/users/${deleted}`)).statusCode).toBe(204);
    const res = await call('GET', '/fotoweb/api/users');
    expect(res.statusCode, res.body).toBe(200);
    const users = res.json() as BetaUser[];
    const ids = users.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([ownerId, admin.id, plain.id]));
    expect(ids).not.toContain(deleted);
    expect(users.find((u) => u.id === ownerId)).toMatchObject({ permissions: { isSiteOwner: true }, isBuiltInAdministrator: true });
    expect((await call('GET', '/fotoweb/api/users/count')).json()).toEqual({ value: users.length });
    const editors = users.filter((u) => u.license.level === 'Editor').length;
    expect((await call('GET', '/fotoweb/api/users/count?licenseLevel=Editor')).json()).toEqual({ value: editors });
    expect((await call('GET', '/fotoweb/api/users/count?licenseLevel=Editor&licenseMode=Concurrent')).json()).toEqual({ value: 0 });
    expect((await call('GET', '/fotoweb/api/users/count?isSso=true')).json()).toEqual({ value: 0 });
    expect((await call('GET', '/fotoweb/api/users/count?isSso=false')).json()).toEqual({ value: users.length });
    await refused(() => call('GET', '/fotoweb/api/users/count?licenseLevel=Boss'), 400, 'InvalidRequest');
    await refused(() => call('GET', '/fotoweb/api/users/count?isSso=maybe'), 400, 'InvalidRequest');
    await refused(() => call('GET', '/fotoweb/api/users', { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('GET', '/fotoweb/api/users/count', { token: plain.token }), 403, 'Forbidden');
  });
});

describe('changing a user (User_UpdateUser, User_DeleteUserPassword, User_SetUserEnabled)', () => {
  it('PUT stores only the parts given and answers 204', async () => {
    const id = await person({ description: 'before', propertyBag: [{ key: 'a', value: '1' }] });
    const res = await call('PUT', `/fotoweb/api/users/${id}`, {
      payload: { description: 'after', address: { givenName: 'Amazing', streetAddress: ['Arlington'] }, license: { level: 'Plus', mode: 'Concurrent' }, isGuest: true },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await beta(id)).toMatchObject({
      description: 'after',
      fullName: 'Amazing Hopper',
      address: { givenName: 'Amazing', surname: 'Hopper', streetAddress: ['Arlington'] },
      license: { level: 'Plus', mode: 'Concurrent' },
      properties: [{ key: 'a', value: '1' }],
      isGuest: false,
    });
  });

  it('PUT refuses what the policy refuses, a taken name and bad input, storing nothing', async () => {
    const id = await person();
    await refused(() => call('PUT', `/fotoweb/api/users/${id}`, { token: plain.token, payload: { description: 'x' } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/users/${ownerId}`, { payload: { description: 'x' } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PUT', `/fotoweb/api/users/${ownerId}`, { token: sut.adminToken, payload: { account: { isEnabled: false } } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PUT', `/fotoweb/api/users/${admin.id}`, { payload: { account: { expires: '2001-01-01T00:00:00Z' } } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}`, { payload: { username: 'beta-plain' } }), 409, 'UserExists');
    await refused(() => call('PUT', '/fotoweb/api/users/999999', { payload: { description: 'x' } }), 404, 'NotFound');
    await refused(() => call('PUT', '/fotoweb/api/users/abc', { payload: { description: 'x' } }), 400, 'InvalidRequest');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}`, { payload: { address: { givenName: '  ' } } }), 400, 'InvalidRequest');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}`, { payload: { account: { password: 'short' } } }), 400, 'WeakPassword');
  });

  it('removes a password (also through PUT account.deletePassword): the user can no longer sign in, their sessions end', async () => {
    const victim = await sut.createUser(`beta-nopass-${++serial}`);
    expect((await call('GET', '/fotoweb/me/', { token: victim.token })).statusCode).toBe(200);
    const res = await call('DELETE', `/fotoweb/api/users/${victim.id}/password`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await beta(victim.id)).account.hasPassword).toBe(false);
    expect((await call('GET', '/fotoweb/me/', { token: victim.token })).statusCode).toBe(401);
    const other = await person();
    expect((await call('PUT', `/fotoweb/api/users/${other}`, { payload: { account: { deletePassword: true } } })).statusCode).toBe(204);
    expect((await beta(other)).account.hasPassword).toBe(false);
    await refused(() => call('DELETE', `/fotoweb/api/users/${admin.id}/password`), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}/password`), 403, 'SiteOwnerProtected');
    await refused(() => call('DELETE', `/fotoweb/api/users/${other}/password`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('DELETE', '/fotoweb/api/users/999999/password'), 404, 'NotFound');
  });

  it('enables and disables a user: disabling ends their sessions; enabling needs a seat', async () => {
    const user = await sut.createUser(`beta-enabled-${++serial}`);
    const res = await call('PUT', `/fotoweb/api/users/${user.id}/enabled`, { payload: { value: false } });
    expect(res.statusCode, res.body).toBe(204);
    expect((await beta(user.id)).account.isEnabled).toBe(false);
    expect((await call('GET', '/fotoweb/me/', { token: user.token })).statusCode).toBe(401);
    expect((await call('PUT', `/fotoweb/api/users/${user.id}/enabled`, { payload: { value: true } })).statusCode).toBe(204);
    expect((await beta(user.id)).account.isEnabled).toBe(true);
    // The one Pro seat is taken (by pro-one above): a disabled Pro user cannot be enabled.
    const pro = await person({ license: { level: 70, mode: 0 }, account: { password: 'compiler pioneer 1952', isEnabled: false } });
    await refused(() => call('PUT', `/fotoweb/api/users/${pro}/enabled`, { payload: { value: true } }), 409, 'out_of_licenses');
    await refused(() => call('PUT', `/fotoweb/api/users/${admin.id}/enabled`, { payload: { value: false } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/users/${ownerId}/enabled`, { token: sut.adminToken, payload: { value: false } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PUT', `/fotoweb/api/users/${user.id}/enabled`, { token: plain.token, payload: { value: false } }), 403, 'Forbidden');
    await refused(() => call('PUT', `/fotoweb/api/users/${user.id}/enabled`, { payload: { value: 'no' } }), 400, 'InvalidRequest');
    await refused(() => call('PUT', `/fotoweb/api/users/${user.id}/enabled`, { payload: {} }), 400, 'InvalidRequest');
  });
});

describe('custom properties (User_GetUserPropertyBag, User_DeleteAllUserProperties, User_DeleteUserProperties)', () => {
  it('reads them (one’s own too), removes one by its percent-encoded key, then all', async () => {
    const id = await person({
      propertyBag: [
        { key: 'cost centre', value: '42' },
        { key: 'team', value: 'a' },
        { key: 'cost centre', value: '43' },
      ],
    });
    expect((await call('GET', `/fotoweb/api/users/${id}/properties`)).json()).toHaveLength(3);
    expect((await call('GET', `/fotoweb/api/users/${plain.id}/properties`, { token: plain.token })).statusCode).toBe(200);
    expect((await call('DELETE', `/fotoweb/api/users/${id}/properties/cost%20centre`)).statusCode).toBe(204);
    expect((await call('GET', `/fotoweb/api/users/${id}/properties`)).json()).toEqual([{ key: 'team', value: 'a' }]);
    expect((await call('DELETE', `/fotoweb/api/users/${id}/properties/nothing-here`)).statusCode).toBe(204);
    expect((await call('DELETE', `/fotoweb/api/users/${id}/properties`)).statusCode).toBe(204);
    expect((await call('GET', `/fotoweb/api/users/${id}/properties`)).json()).toEqual([]);
  });

  it('refuses others’ properties without manageUsers (404 to read, 403 to change), the site owner’s to others, and a bad key', async () => {
    const id = await person({ propertyBag: [{ key: 'k', value: 'v' }] });
    await refused(() => call('GET', `/fotoweb/api/users/${id}/properties`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/properties`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/properties/k`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}/properties`), 403, 'SiteOwnerProtected');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/properties/%E0%A4%A`), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/properties/${'k'.repeat(101)}`), 400, 'InvalidRequest');
  });
});

describe('memberships (User_SetUserMemberships, User_AddUserMemberships, User_DeleteAllUserMemberships, User_DeleteUserMembership, counts)', () => {
  it('sets, adds and removes direct memberships; the built-ins stay; counts follow', async () => {
    const [a, b, c] = [await group(), await group(), await group()];
    const id = await person();
    expect((await call('POST', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [a, b] } })).statusCode).toBe(204);
    expect(await groupIdsOf(id)).toEqual([10001, 10002, a, b].sort());
    expect((await call('PUT', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [b, c] } })).statusCode).toBe(204);
    expect(await groupIdsOf(id)).toEqual([10001, 10002, b, c].sort());
    expect((await call('GET', `/fotoweb/api/users/${id}/member-of/count`)).json()).toEqual({ value: 4 });
    expect((await call('DELETE', `/fotoweb/api/users/${id}/member-of/${b}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/fotoweb/api/users/${id}/member-of/${a}`)).statusCode).toBe(204);
    expect(await groupIdsOf(id)).toEqual([10001, 10002, c].sort());
    expect((await call('DELETE', `/fotoweb/api/users/${id}/member-of`)).statusCode).toBe(204);
    expect(await groupIdsOf(id)).toEqual([10001, 10002]);
    expect((await call('GET', `/fotoweb/api/users/${plain.id}/member-of/count`, { token: plain.token })).json()).toEqual({ value: 2 });
  });

  it('refuses built-in and unknown groups, the site owner’s memberships to others, callers without manageUsers, and bad bodies, storing nothing', async () => {
    const a = await group();
    const id = await person();
    expect((await call('POST', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [a] } })).statusCode).toBe(204);
    const builtin = await refused(() => call('PUT', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [10001, a] } }), 400, 'InvalidRequest');
    expect(builtin.issues).toEqual([{ path: 'add.0', message: expect.stringContaining('implicit') }]);
    await refused(() => call('POST', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [999999] } }), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/member-of/999999`), 404, 'NotFound');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/member-of/10002`), 400, 'InvalidRequest');
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}/member-of`), 403, 'SiteOwnerProtected');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}/member-of`, { token: plain.token, payload: { groups: [] } }), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/users/${id}/member-of`, { token: plain.token }), 403, 'Forbidden');
    await refused(() => call('GET', `/fotoweb/api/users/${id}/member-of/count`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: ['x'] } }), 400, 'InvalidRequest');
    await refused(() => call('PUT', `/fotoweb/api/users/${id}/member-of`, { payload: {} }), 400, 'InvalidRequest');
    await refused(() => call('POST', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [a, a] } }), 400, 'InvalidRequest');
    expect(await groupIdsOf(id)).toEqual([10001, 10002, a].sort());
  });

  it('lists and counts every group a user is in through nested groups (member-of-recursive)', async () => {
    const [inner, outer, top] = [await group(), await group(), await group()];
    expect((await call('POST', `/fotoweb/api/groups/${outer}/groups`, { payload: { groups: [inner] } })).statusCode).toBe(204);
    expect((await call('POST', `/fotoweb/api/groups/${top}/groups`, { payload: { groups: [outer] } })).statusCode).toBe(204);
    const id = await person();
    expect((await call('POST', `/fotoweb/api/users/${id}/member-of`, { payload: { groups: [inner] } })).statusCode).toBe(204);
    const res = await call('GET', `/fotoweb/api/users/${id}/member-of-recursive`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BetaGroup[]).map((g) => g.id)).toEqual([10001, 10002, inner, outer, top].sort((x, y) => x - y));
    expect((await call('GET', `/fotoweb/api/users/${id}/member-of-recursive/count`)).json()).toEqual({ value: 5 });
    expect((await call('GET', `/fotoweb/api/users/${plain.id}/member-of-recursive`, { token: plain.token })).statusCode).toBe(200);
    await refused(() => call('GET', `/fotoweb/api/users/${id}/member-of-recursive`, { token: plain.token }), 404, 'NotFound');
    await refused(() => call('GET', '/fotoweb/api/users/999999/member-of-recursive/count'), 404, 'NotFound');
  });
});
