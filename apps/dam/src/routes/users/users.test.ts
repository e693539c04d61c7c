/**
 * The users room (issue 11; spec 03 §3.1, §4, §5 "User save" and "Batch operations", §7, §8): every call through
 * HTTP on a real database, each refusal with "nothing stored changes".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dam } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

type User = Dam.components['schemas']['User'];
type UserList = Dam.components['schemas']['UserList'];

let sut: TestDam;
/** A member of a group holding manageUsers (not the site owner). */
let admin: { id: number; token: string };
/** A user without any group permission. */
let plain: { id: number; token: string };
let ownerId: number;
const vnd = (name: string) => `application/vnd.fotoware.${name}+json`;

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { token?: string | null; payload?: unknown; accept?: string } = {}) {
  const token = options.token === undefined ? sut.adminToken : options.token;
  return sut.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: options.accept ?? vnd('user'),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

/** A valid new user's body. */
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  address: { firstName: 'Ada', lastName: `Lovelace ${username}`, email: `${username}@example.com` },
  account: { password: 'analytical engine' },
  ...extra,
});

/** Creates a user through the API as the site owner; answers it. */
async function create(username: string, extra: Record<string, unknown> = {}): Promise<User> {
  const res = await call('POST', '/fotoweb/users/', { payload: newUser(username, extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as User;
}

/** Everything user administration may store, to show that a refused request changed none of it. */
async function stored() {
  const db = sut.ctx.database.db;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    nesting: await db.selectFrom('group_groups').selectAll().orderBy('group_id').orderBy('member_group_id').execute(),
    groups: await db.selectFrom('groups').selectAll().orderBy('id').execute(),
    permissions: await db.selectFrom('group_permissions').selectAll().orderBy('group_id').orderBy('permission').execute(),
    liveTokens: (await db.selectFrom('oauth_tokens').select('token_hash').where('revoked_at', 'is', null).orderBy('token_hash').execute()).length,
  };
}

/** Runs a request that must be refused with `status` (and `value`), and checks that nothing stored changed. */
async function refused(request: () => ReturnType<typeof call>, status: number, value?: string) {
  const before = await stored();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.message).toEqual(expect.any(String));
  if (value) expect(body.value).toBe(value);
  expect(await stored()).toEqual(before);
  return body as { value: string; message: string; heading?: string; issues?: { path: string; message: string }[] };
}

const groupIdByName = async (name: string) => (await sut.ctx.database.db.selectFrom('groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_LICENSE_SEATS: '60=2,70=1' });
  ownerId = (await sut.ctx.repos.users.siteOwnerId())!;
  const db = sut.ctx.database.db;
  const admins = await db.insertInto('groups').values({ name: 'User admins' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('group_permissions').values({ group_id: admins.id, permission: 'manageUsers' }).execute();
  admin = await sut.createUser('useradmin');
  await sut.ctx.repos.users.addToGroups(admin.id, [admins.id]);
  plain = await sut.createUser('plain');
});
afterAll(async () => {
  await sut?.close();
});

describe('create (spec 03 §7 POST user list, §3.1 defaults)', () => {
  it('creates a user with the new-user defaults, answers 201 with Location, and the user can log in', async () => {
    const res = await call('POST', '/fotoweb/users/', { payload: newUser('ada') });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain(vnd('user'));
    expect(res.headers['cache-control']).toBe('no-store');
    const user = res.json() as User;
    expect(res.headers.location).toBe(user.href);
    expect(user).toMatchObject({
      username: 'ada',
      fullName: 'Ada Lovelace ada',
      href: `/fotoweb/api/users/${user.id}`,
      memberOfHref: `/fotoweb/api/users/${user.id}/member-of`,
      deviceTokensHref: `/fotoweb/api/users/${user.id}/device-tokens`,
      account: { isEnabled: true, expires: null, lastLoginDate: null, forcePasswordChange: false, externalIDs: [] },
      license: { level: 35, mode: 0 },
      commerce: { paymentMethod: 1, discount: 0, accountId: '', category: '' },
      address: { firstName: 'Ada', email: 'ada@example.com', city: '' },
      isSiteOwner: false,
      isMemberOfRegisteredUsers: true,
    });
    expect(res.body).not.toMatch(/"password"|"confirmPassword"|hash|analytical engine/i);
    expect(user.actions).toEqual({
      update: true,
      updateAccountStatus: true,
      updateLicense: true,
      updateMemberships: true,
      updatePassword: true,
      resetDeviceTokens: true,
      delete: true,
      setNewSiteOwner: true,
    });
    await expect(sut.login('ada', 'analytical engine')).resolves.toMatchObject({ access_token: expect.any(String) });
    const memberOf = await call('GET', user.memberOfHref, { accept: vnd('memberof') });
    expect(memberOf.json().groups.map((g: { name: string }) => g.name)).toEqual(['Everyone', 'Registered Users']);
  });

  it('stores every field given (address, commerce, license, properties, expiry, forced password change)', async () => {
    const user = await create('grace', {
      description: 'Compiler pioneer',
      address: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', organization: 'Navy', city: 'Arlington', streetAddress2: 'Pier 1' },
      account: { password: 'cobol is fine really', forcePasswordChange: true, expires: '2999-01-01T00:00:00Z' },
      license: { level: 40, mode: 1 },
      commerce: { paymentMethod: 2, discount: 12.5 },
      propertyBag: [{ key: 'team', value: 'compilers' }],
    });
    expect(user).toMatchObject({
      company: 'Navy',
      description: 'Compiler pioneer',
      address: { organization: 'Navy', city: 'Arlington', streetAddress2: 'Pier 1' },
      account: { forcePasswordChange: true, expires: '2999-01-01T00:00:00.000Z' },
      license: { level: 40, mode: 1 },
      commerce: { paymentMethod: 2, discount: 12.5, accountId: '' },
      propertyBag: [{ key: 'team', value: 'compilers' }],
    });
  });

  it('refuses blank and over-long names and a bad e-mail with every problem listed, storing nothing', async () => {
    const body = await refused(
      () =>
        call('POST', '/fotoweb/users/', {
          payload: { username: '   ', address: { firstName: ' ', lastName: 'x'.repeat(101), email: 'not-an-address' }, account: { password: 'analytical engine' } },
        }),
      400,
      'InvalidRequest',
    );
    expect(body.issues!.map((i) => i.path).sort()).toEqual(['address.email', 'address.firstName', 'address.lastName', 'username']);
    await refused(() => call('POST', '/fotoweb/users/', { payload: newUser('u'.repeat(65)) }), 400, 'InvalidRequest');
    await refused(() => call('POST', '/fotoweb/users/', { payload: { ...newUser('nomail'), address: { firstName: 'A', lastName: 'B' } } }), 400, 'InvalidRequest');
  });

  it('refuses a weak password, or one containing the username, with 400 WeakPassword', async () => {
    const short = await refused(() => call('POST', '/fotoweb/users/', { payload: { ...newUser('shorty'), account: { password: 'short' } } }), 400, 'WeakPassword');
    expect(short.issues).toEqual([{ path: 'account.password', message: expect.stringMatching(/at least 10/) }]);
    await refused(() => call('POST', '/fotoweb/users/', { payload: { ...newUser('babbage'), account: { password: 'xxBABBAGExx12' } } }), 400, 'WeakPassword');
  });

  it('refuses a taken username, whatever its case, with 409 UserExists', async () => {
    await create('Linus');
    const body = await refused(() => call('POST', '/fotoweb/users/', { payload: newUser('linus') }), 409, 'UserExists');
    expect(body.message).toContain('linus');
  });

  it('needs a token (401) and manageUsers (403); a manageUsers member may create', async () => {
    await refused(() => call('POST', '/fotoweb/users/', { token: null, payload: newUser('anon') }), 401);
    await refused(() => call('POST', '/fotoweb/users/', { token: plain.token, payload: newUser('sneaky') }), 403, 'Forbidden');
    const res = await call('POST', '/fotoweb/users/', { token: admin.token, payload: newUser('by-admin') });
    expect(res.statusCode).toBe(201);
  });
});

describe('the user list (spec 03 §7, §3.5, §4 guest filtering)', () => {
  beforeAll(async () => {
    // 30 people named list-00…list-29, created directly (the list is what is under test), with different companies.
    for (let i = 0; i < 30; i++) {
      await sut.ctx.repos.users.insert({
        username: `list-${String(i).padStart(2, '0')}`,
        full_name: `Zed${String(29 - i).padStart(2, '0')} Person`,
        first_name: `Zed${String(29 - i).padStart(2, '0')}`,
        last_name: 'Person',
        email: `list${i}@lists.example`,
        company: i % 2 ? 'Odd Ltd' : 'Even plc',
        password_hash: null,
      });
    }
    await sut.ctx.repos.users.insert({ username: 'list-robot', full_name: 'Robot', email: '', kind: 'application', password_hash: null });
  });

  it('pages by 25 with paging links that carry the query, and counts every match', async () => {
    const first = (await call('GET', '/fotoweb/users/?q=list-&sortfield=username', { accept: vnd('user-list') })).json() as UserList;
    expect(first.count).toBe(30);
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.username).toBe('list-00');
    expect(first.paging).toMatchObject({ first: '/fotoweb/users/?q=list-&sortfield=username', prev: null, next: '/fotoweb/users/?q=list-&sortfield=username&p=1' });
    expect(first.paging.last).toBe(first.paging.next);
    const second = (await call('GET', first.paging.next!, { accept: vnd('user-list') })).json() as UserList;
    expect(second.data.map((u) => u.username)).toEqual(['list-25', 'list-26', 'list-27', 'list-28', 'list-29']);
    expect(second.paging).toMatchObject({ prev: first.paging.first, next: null });
    const past = (await call('GET', '/fotoweb/users/?q=list-&p=7')).json() as UserList;
    expect(past).toMatchObject({ data: [], count: 30 });
  });

  it('finds by username, full name, e-mail and company, case-insensitively, with LIKE characters taken literally', async () => {
    const count = async (q: string) => ((await call('GET', `/fotoweb/users/?q=${encodeURIComponent(q)}`)).json() as UserList).count;
    expect(await count('LIST-07')).toBe(1);
    expect(await count('zed03 person')).toBe(1);
    expect(await count('@LISTS.example')).toBe(30);
    expect(await count('odd ltd')).toBe(15);
    expect(await count('list_0')).toBe(0);
    expect(await count('%')).toBe(0);
  });

  it('sorts on the full name by the first name, and on other columns either way, the id breaking ties', async () => {
    const names = async (query: string) => ((await call('GET', `/fotoweb/users/?q=list-&${query}`)).json() as UserList).data.map((u) => u.username);
    expect((await names('sortfield=fullName'))[0]).toBe('list-29');
    expect((await names('sortfield=fullName&sortdir=desc'))[0]).toBe('list-00');
    expect((await names('sortfield=id&sortdir=desc'))[0]).toBe('list-29');
    const byCompany = await names('sortfield=company');
    expect(byCompany.slice(0, 3)).toEqual(['list-00', 'list-02', 'list-04']);
  });

  it('answers lastLoginDate from the logins and sorts on it', async () => {
    const [target] = ((await call('GET', '/fotoweb/users/?q=list-13')).json() as UserList).data;
    await sut.ctx.repos.users.recordLogin(target!.id, new Date('2030-01-02T03:04:05Z'));
    const list = (await call('GET', '/fotoweb/users/?sortfield=lastLoginDate&sortdir=desc')).json() as UserList;
    expect(list.data[0]).toMatchObject({ username: 'list-13', account: { lastLoginDate: '2030-01-02T03:04:05.000Z' } });
  });

  it('hides the guest user and application users from lists and counts, while their hrefs still answer', async () => {
    const all = (await call('GET', '/fotoweb/users/?q=&sortfield=id')).json() as UserList;
    const people = await sut.ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted', 'is', null)
      .executeTakeFirstOrThrow();
    expect(all.count).toBe(Number(people.n) - 2);
    expect(((await call('GET', '/fotoweb/users/?q=guest')).json() as UserList).count).toBe(0);
    expect(((await call('GET', '/fotoweb/users/?q=list-robot')).json() as UserList).count).toBe(0);
    const guest = await call('GET', '/fotoweb/api/users/15000');
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ id: 15000, username: 'guest', isMemberOfRegisteredUsers: false, account: { isEnabled: false } });
    expect(guest.json().actions).toMatchObject({ update: true, delete: false, updatePassword: false, updateAccountStatus: false });
  });

  it('refuses bad queries with 400 and callers without manageUsers with 403', async () => {
    expect((await call('GET', '/fotoweb/users/?sortfield=password')).statusCode).toBe(400);
    expect((await call('GET', '/fotoweb/users/?p=-1')).statusCode).toBe(400);
    expect((await call('GET', `/fotoweb/users/?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await call('GET', '/fotoweb/users/', { token: plain.token })).json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageUsers') });
    expect((await call('GET', '/fotoweb/users/', { token: null })).statusCode).toBe(401);
    expect((await call('GET', '/fotoweb/users/', { token: admin.token })).statusCode).toBe(200);
  });
});

describe('one user (GET, the two shapes)', () => {
  it('answers the admin view to manageUsers holders, FotoWare Beta user for application/json', async () => {
    const ada = await sut.ctx.repos.users.findByUsername('ada');
    const adminView = await call('GET', `/fotoweb/api/users/${ada!.id}`, { token: admin.token });
    expect(adminView.headers['content-type']).toContain(vnd('user'));
    expect(adminView.json()).toMatchObject({ username: 'ada', license: { level: 35 } });
    const beta = await call('GET', `/fotoweb/api/users/${ada!.id}`, { accept: 'application/json' });
    expect(beta.headers['content-type']).toContain('application/json');
    expect(beta.json()).toMatchObject({
      id: ada!.id,
      username: 'ada',
      address: { givenName: 'Ada', surname: 'Lovelace ada', streetAddress: [] },
      license: { level: 'Standard', mode: 'Named' },
      commerce: { paymentMethod: 'NoCharge' },
      account: { hasPassword: true, isSsoUser: false },
      permissions: { isSiteOwner: false },
      isGuest: false,
    });
  });

  it('lets every user read their own user and member-of, and hides others (404)', async () => {
    const own = await call('GET', `/fotoweb/api/users/${plain.id}`, { token: plain.token });
    expect(own.statusCode).toBe(200);
    expect(Object.values(own.json().actions).every((allowed) => allowed === false)).toBe(true);
    expect((await call('GET', `/fotoweb/api/users/${plain.id}/member-of`, { token: plain.token })).statusCode).toBe(200);
    expect((await call('GET', `/fotoweb/api/users/${ownerId}`, { token: plain.token })).json()).toMatchObject({ value: 'NotFound' });
    expect((await call('GET', `/fotoweb/api/users/${ownerId}/member-of`, { token: plain.token })).statusCode).toBe(404);
    expect((await call('GET', '/fotoweb/api/users/999999')).statusCode).toBe(404);
    expect((await call('GET', '/fotoweb/api/users/abc')).statusCode).toBe(400);
  });

  it("shows the site owner's protections in its actions", async () => {
    const asAdmin = (await call('GET', `/fotoweb/api/users/${ownerId}`, { token: admin.token })).json() as User;
    expect(asAdmin.isSiteOwner).toBe(true);
    expect(Object.values(asAdmin.actions).every((allowed) => allowed === false)).toBe(true);
    const asOwner = (await call('GET', `/fotoweb/api/users/${ownerId}`)).json() as User;
    expect(asOwner.actions).toMatchObject({ update: true, updatePassword: false, updateAccountStatus: false, delete: false, setNewSiteOwner: false });
    const self = (await call('GET', `/fotoweb/api/users/${admin.id}`, { token: admin.token })).json() as User;
    expect(self.actions).toMatchObject({ update: true, updateAccountStatus: false, delete: false, setNewSiteOwner: false });
  });
});

describe('update (spec 03 §5 "User save": only the given fields)', () => {
  it('changes only the given fields and keeps the others', async () => {
    const user = await create('patchy', { address: { firstName: 'Pat', lastName: 'Chy', email: 'pat@example.com', city: 'Oslo' } });
    const res = await call('PATCH', user.href, { payload: { address: { lastName: 'Changed', country: 'Norway' }, commerce: { discount: 5 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Pat Changed',
      address: { firstName: 'Pat', lastName: 'Changed', email: 'pat@example.com', city: 'Oslo', country: 'Norway' },
      commerce: { discount: 5, paymentMethod: 1 },
    });
    const renamed = await call('PATCH', user.href, { payload: { username: 'patchy2', description: 'renamed' } });
    expect(renamed.json()).toMatchObject({ username: 'patchy2', description: 'renamed', address: { lastName: 'Changed' } });
  });

  it('refuses a taken username (409), a blank name and a weak password (400), storing nothing', async () => {
    const user = await create('renamer');
    await refused(() => call('PATCH', user.href, { payload: { username: 'ADA' } }), 409, 'UserExists');
    await refused(() => call('PATCH', user.href, { payload: { address: { firstName: '  ' } } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', user.href, { payload: { address: { email: 'nope' } } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', user.href, { payload: { account: { password: 'tiny' } } }), 400, 'WeakPassword');
    await refused(() => call('PATCH', '/fotoweb/api/users/999999', { payload: { description: 'x' } }), 404, 'NotFound');
  });

  it("protects the site owner: only the owner changes the owner's account; nobody disables the owner or themselves", async () => {
    await refused(() => call('PATCH', `/fotoweb/api/users/${ownerId}`, { token: admin.token, payload: { description: 'mine now' } }), 403, 'SiteOwnerProtected');
    await refused(
      () => call('PATCH', `/fotoweb/api/users/${ownerId}`, { token: admin.token, payload: { account: { password: 'taken over at last' } } }),
      403,
      'SiteOwnerProtected',
    );
    await refused(() => call('PATCH', `/fotoweb/api/users/${ownerId}`, { payload: { account: { isEnabled: false } } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PATCH', `/fotoweb/api/users/${admin.id}`, { token: admin.token, payload: { account: { expires: '2000-01-01T00:00:00Z' } } }), 403, 'Forbidden');
    await refused(() => call('PATCH', `/fotoweb/api/users/${admin.id}`, { token: plain.token, payload: { description: 'x' } }), 403, 'Forbidden');
    const own = await call('PATCH', `/fotoweb/api/users/${ownerId}`, { payload: { description: 'The owner' } });
    expect(own.json()).toMatchObject({ description: 'The owner', isSiteOwner: true });
  });

  it('ends the sessions of a user who is disabled, and of one whose password an administrator sets', async () => {
    const user = await create('sessions');
    const token = (await sut.login('sessions', 'analytical engine')).access_token;
    expect((await call('GET', user.href, { token })).statusCode).toBe(200);
    const reset = await call('PATCH', user.href, { token: admin.token, payload: { account: { password: 'a brand new secret' } } });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', user.href, { token })).statusCode).toBe(401);
    const again = (await sut.login('sessions', 'a brand new secret')).access_token;
    expect((await call('PATCH', user.href, { token: admin.token, payload: { account: { isEnabled: false } } })).json()).toMatchObject({ account: { isEnabled: false } });
    expect((await call('GET', user.href, { token: again })).statusCode).toBe(401);
    await expect(sut.login('sessions', 'a brand new secret')).rejects.toThrow(/401|400/);
  });

  it('ends the sessions of a user given an expiry date in the past', async () => {
    const user = await create('expiring');
    const token = (await sut.login('expiring', 'analytical engine')).access_token;
    await call('PATCH', user.href, { payload: { account: { expires: '2001-01-01T00:00:00Z' } } });
    expect((await call('GET', user.href, { token })).statusCode).toBe(401);
  });
});

describe('delete one and many (soft delete; spec 03 §4 "After a batch delete")', () => {
  it('deletes a user: the sessions end, the href is gone, and the username is free again', async () => {
    const user = await create('leaver');
    const group = await groupIdByName('User admins');
    await call('PATCH', user.memberOfHref, { payload: { add: [`/fotoweb/api/groups/${group}`] } });
    const token = (await sut.login('leaver', 'analytical engine')).access_token;
    const res = await call('DELETE', user.href, { token: admin.token });
    expect(res.statusCode).toBe(204);
    expect((await call('GET', user.href)).statusCode).toBe(404);
    expect((await call('GET', '/fotoweb/users/', { token })).statusCode).toBe(401);
    expect(await sut.ctx.database.db.selectFrom('group_members').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    const row = await sut.ctx.database.db.selectFrom('users').select('deleted').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.deleted).not.toBeNull();
    const again = await create('leaver');
    expect(again.id).not.toBe(user.id);
  });

  it('refuses to delete the site owner (SiteOwnerProtected) or oneself, storing nothing', async () => {
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}`, { token: admin.token }), 403, 'SiteOwnerProtected');
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}`), 403, 'SiteOwnerProtected');
    await refused(() => call('DELETE', `/fotoweb/api/users/${admin.id}`, { token: admin.token }), 403, 'Forbidden');
    await refused(() => call('DELETE', '/fotoweb/api/users/15000'), 403, 'Forbidden');
    await refused(() => call('DELETE', `/fotoweb/api/users/${admin.id}`, { token: plain.token }), 403, 'Forbidden');
  });

  it('deletes many: those the caller may delete, and reports the others in skipped', async () => {
    const a = await create('batch-a');
    const b = await create('batch-b');
    const res = await call('DELETE', '/fotoweb/users/', {
      token: admin.token,
      payload: { users: [a.href, `/fotoweb/api/users/${ownerId}`, `/fotoweb/api/users/${admin.id}`, '/fotoweb/api/users/999999', '/fotoweb/api/groups/10001', b.href] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deleted: [a.href, b.href],
      skipped: [
        { href: `/fotoweb/api/users/${ownerId}`, value: 'SiteOwnerProtected', message: expect.any(String) },
        { href: `/fotoweb/api/users/${admin.id}`, value: 'Forbidden', message: 'You cannot delete yourself.' },
        { href: '/fotoweb/api/users/999999', value: 'NotFound', message: expect.any(String) },
        { href: '/fotoweb/api/groups/10001', value: 'InvalidRequest', message: expect.stringContaining('not a user href') },
      ],
    });
    expect((await call('GET', a.href)).statusCode).toBe(404);
    await refused(() => call('DELETE', '/fotoweb/users/', { token: plain.token, payload: { users: [b.href] } }), 403, 'Forbidden');
    await refused(() => call('DELETE', '/fotoweb/users/', { payload: { users: [] } }), 400, 'InvalidRequest');
  });
});

describe('the batch update (spec 03 §2.8, §5 "Batch operations")', () => {
  it('applies company, license, access and expiry where allowed and reports the rest', async () => {
    const a = await create('bulk-a');
    const b = await create('bulk-b');
    const res = await call('PATCH', '/fotoweb/users/', {
      token: admin.token,
      payload: { users: [a.href, `/fotoweb/api/users/${ownerId}`, b.href, 'nonsense'], data: { address: { organization: 'Analytical Engines' }, license: { level: 40 } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: [a.href, b.href],
      skipped: [
        { href: `/fotoweb/api/users/${ownerId}`, value: 'SiteOwnerProtected', message: expect.any(String) },
        { href: 'nonsense', value: 'InvalidRequest', message: expect.any(String) },
      ],
    });
    expect((await call('GET', a.href)).json()).toMatchObject({ company: 'Analytical Engines', license: { level: 40, mode: 0 } });
    const access = await call('PATCH', '/fotoweb/users/', {
      token: admin.token,
      payload: { users: [b.href, `/fotoweb/api/users/${admin.id}`], data: { account: { isEnabled: false } } },
    });
    expect(access.json()).toMatchObject({ updated: [b.href], skipped: [{ value: 'Forbidden' }] });
    expect((await call('GET', b.href)).json().account.isEnabled).toBe(false);
  });

  it('refuses an empty change (400) and callers without manageUsers (403)', async () => {
    const a = await create('bulk-c');
    await refused(() => call('PATCH', '/fotoweb/users/', { payload: { users: [a.href], data: {} } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', '/fotoweb/users/', { token: plain.token, payload: { users: [a.href], data: { address: { organization: 'x' } } } }), 403, 'Forbidden');
  });
});

describe('license seats (MAGPIE_LICENSE_SEATS=60=2,70=1; 409 out_of_licenses, spec 03 §8)', () => {
  it('counts enabled people at a level: create, enable and license changes beyond it are refused', async () => {
    await create('editor-1', { license: { level: 60, mode: 0 } });
    const disabled = await create('editor-off', { license: { level: 60, mode: 0 }, account: { password: 'analytical engine', isEnabled: false } });
    await create('editor-2', { license: { level: 60, mode: 0 } });
    const third = await refused(() => call('POST', '/fotoweb/users/', { payload: newUser('editor-3', { license: { level: 60, mode: 0 } }) }), 409, 'out_of_licenses');
    expect(third.message).toContain('out_of_licenses');
    await refused(() => call('PATCH', disabled.href, { payload: { account: { isEnabled: true } } }), 409, 'out_of_licenses');
    const standard = await create('standard-1');
    await refused(() => call('PATCH', standard.href, { payload: { license: { level: 60 } } }), 409, 'out_of_licenses');
    const batch = await call('PATCH', '/fotoweb/users/', { payload: { users: [standard.href], data: { license: { level: 60 } } } });
    expect(batch.json()).toMatchObject({ updated: [], skipped: [{ href: standard.href, value: 'out_of_licenses', message: expect.stringContaining('out_of_licenses') }] });
    // Changing the mode of someone already seated needs no new seat.
    const seated = await sut.ctx.repos.users.findByUsername('editor-1');
    expect((await call('PATCH', `/fotoweb/api/users/${seated!.id}`, { payload: { license: { mode: 1 } } })).statusCode).toBe(200);
  });

  it('gives the last seat to exactly one of two creations made at once (the seat lock; real concurrency on PostgreSQL)', async () => {
    const db = sut.ctx.database.db;
    expect(await db.selectFrom('users').select('id').where('license_level', '=', 70).execute()).toEqual([]);
    // FotoWare's Beta create without a password: no scrypt before the transaction, so the two overlap.
    const pro = (username: string) =>
      call('POST', '/fotoweb/api/users', {
        accept: 'application/json',
        payload: { username, address: { givenName: 'Pro', surname: username, email: `${username}@example.com` }, license: { level: 'Pro' } },
      });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([pro(`pro-racer-${round}-a`), pro(`pro-racer-${round}-b`)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((res) => res.statusCode === 409)!;
      expect(lost.json()).toMatchObject({ value: 'out_of_licenses', heading: expect.any(String), message: expect.stringContaining('out_of_licenses') });
      const won = answers.find((res) => res.statusCode === 200)!.json() as { id: number; username: string };
      const seated = await db.selectFrom('users').select(['id', 'username']).where('license_level', '=', 70).where('is_enabled', '=', true).execute();
      expect(seated).toEqual([{ id: won.id, username: won.username }]);
      // Disabling the winner frees the seat for the next round.
      await sut.ctx.repos.users.update(won.id, { is_enabled: false });
    }
  });
});

describe('memberships (spec 03 §7 memberOfHref {add, remove}) and device tokens', () => {
  it('adds and removes groups; the change applies to the next request at once', async () => {
    const user = await create('joiner');
    const token = (await sut.login('joiner', 'analytical engine')).access_token;
    expect((await call('GET', '/fotoweb/users/', { token })).statusCode).toBe(403);
    const admins = `/fotoweb/api/groups/${await groupIdByName('User admins')}`;
    expect((await call('PATCH', user.memberOfHref, { payload: { add: [admins] } })).statusCode).toBe(204);
    expect((await call('GET', user.memberOfHref, { accept: vnd('memberof') })).json().groups.map((g: { href: string }) => g.href)).toContain(admins);
    expect((await call('GET', '/fotoweb/users/', { token })).statusCode).toBe(200);
    expect((await call('PATCH', user.memberOfHref, { payload: { remove: [admins] } })).statusCode).toBe(204);
    expect((await call('GET', '/fotoweb/users/', { token })).statusCode).toBe(403);
  });

  it('refuses built-in groups, unknown and malformed hrefs with every problem listed, storing nothing', async () => {
    const user = await create('picky');
    const body = await refused(
      () =>
        call('PATCH', user.memberOfHref, {
          payload: { add: ['/fotoweb/api/groups/10001', '/fotoweb/api/groups/999999', '/fotoweb/api/users/15000'], remove: ['/fotoweb/api/groups/10002'] },
        }),
      400,
      'InvalidRequest',
    );
    expect(body.issues!.map((i) => i.path)).toEqual(['add.0', 'add.1', 'add.2', 'remove.0']);
    expect(body.issues![0]!.message).toMatch(/implicit/);
    await refused(() => call('PATCH', user.memberOfHref, { payload: { add: ['/fotoweb/api/groups/10003'], remove: ['/fotoweb/api/groups/10003'] } }), 400, 'InvalidRequest');
    await refused(() => call('PATCH', `/fotoweb/api/users/${ownerId}/member-of`, { token: admin.token, payload: { add: [] } }), 403, 'SiteOwnerProtected');
    await refused(() => call('PATCH', user.memberOfHref, { token: plain.token, payload: { add: [] } }), 403, 'Forbidden');
  });

  it('resets device tokens: every session of the user ends', async () => {
    const user = await create('devices');
    const one = (await sut.login('devices', 'analytical engine')).access_token;
    const two = await sut.login('devices', 'analytical engine');
    await refused(() => call('DELETE', user.deviceTokensHref, { token: plain.token }), 403, 'Forbidden');
    expect((await call('DELETE', user.deviceTokensHref, { token: admin.token })).statusCode).toBe(204);
    expect((await call('GET', user.href, { token: one })).statusCode).toBe(401);
    expect((await call('GET', user.href, { token: two.access_token })).statusCode).toBe(401);
    const refresh = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: two.refresh_token,
        client_id: sut.config.bffClient.id,
        client_secret: sut.config.bffClient.secret!,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    await refused(() => call('DELETE', `/fotoweb/api/users/${ownerId}/device-tokens`, { token: admin.token }), 403, 'SiteOwnerProtected');
  });
});
