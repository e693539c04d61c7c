/**
 * The site's configuration: the permissions overview (spec 03 §3.4) and the API clients of integrations (§3.12
 * "Applications are keyed by clientId"; issue 11 "Applications").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_PERMISSIONS } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { CLI_CLIENT_ID } from '../../services/bootstrap.service.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const APPLICATIONS = '/fotoweb/api/config/applications';
const groupHref = (id: number) => `/fotoweb/api/groups/${id}`;
const userHref = (id: number) => `/fotoweb/api/users/${id}`;

/** A new group holding `permissions`. */
const groupWith = async (name: string, permissions: string[]) => ({ id: await sut.createGroupWith(name, permissions) });
/** A new user in a new group holding `permissions`. */
const memberWith = (name: string, permissions: string[]) => sut.createMemberWith(name, permissions);
/** Gives a group one more permission, or takes one away. */
const setPermission = async (groupId: number, permission: string, held: boolean) => {
  const db = sut.ctx.database.db;
  if (held) await db.insertInto('group_permissions').values({ group_id: groupId, permission }).execute();
  else await db.deleteFrom('group_permissions').where('group_id', '=', groupId).where('permission', '=', permission).execute();
};

const create = (token: string, body: unknown) => sut.app.inject({ method: 'POST', url: APPLICATIONS, headers: bearer(token), payload: body as object });
const list = (token: string) => sut.app.inject({ method: 'GET', url: APPLICATIONS, headers: bearer(token) });
const remove = (token: string, clientId: string) => sut.app.inject({ method: 'DELETE', url: `${APPLICATIONS}/${encodeURIComponent(clientId)}`, headers: bearer(token) });
const clientCredentials = (clientId: string, clientSecret: string) =>
  sut.app.inject({
    method: 'POST',
    url: '/fotoweb/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString(),
  });
const descriptor = (token: string) => sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(token) });

/** How many API clients and application users are stored (to show that a refused request stored nothing). */
async function stored() {
  const db = sut.ctx.database.db;
  const clients = await db.selectFrom('api_clients').select('client_id').execute();
  const applicationUsers = await db.selectFrom('users').select('id').where('kind', '=', 'application').where('deleted', 'is', null).execute();
  return { clients: clients.length, applicationUsers: applicationUsers.length };
}

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_CLI_CLIENT_SECRET: 'cli-secret-for-tests' });
});
afterAll(async () => {
  await sut?.close();
});

describe('the permissions overview (GET /fotoweb/api/config/options)', () => {
  it('lists every group permission, the license levels (None = 0 first for users, not for groups), the modes and the Manage site sections the caller may change', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/api/config/options', headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(body.AvailableGroupPermissions).toEqual([...GROUP_PERMISSIONS]);
    expect(body.AvailableUserLicenseTypes[0]).toEqual({ ValueNumeric: 0, Label: 'None' });
    expect(body.AvailableUserLicenseTypes.map((t: { ValueNumeric: number }) => t.ValueNumeric)).toEqual([0, 10, 20, 30, 35, 40, 50, 60, 70]);
    expect(body.AvailableGroupLicenseTypes).toEqual(body.AvailableUserLicenseTypes.slice(1));
    expect(body.AvailableUserLicenseModes).toEqual([
      { ValueNumeric: 0, Label: 'Named' },
      { ValueNumeric: 1, Label: 'Concurrent' },
    ]);
    expect(body.AvailableGroupLicenseModes).toEqual(body.AvailableUserLicenseModes);
    // The site owner may change the site's appearance and footer (issue 15; routes/appearance/appearance.test.ts has the rest).
    expect(body.AvailableConfigSections).toEqual(['Appearance', 'Footer']);
  });

  it('answers holders of manageUsers or manageSettings, and 403 to others', async () => {
    const userAdmin = await memberWith('options-users', ['manageUsers']);
    const settingsAdmin = await memberWith('options-settings', ['manageSettings']);
    const plain = await memberWith('options-plain', ['manageTaxonomies']);
    const get = (token: string) => sut.app.inject({ method: 'GET', url: '/fotoweb/api/config/options', headers: bearer(token) });
    expect((await get(userAdmin.token)).statusCode).toBe(200);
    expect((await get(settingsAdmin.token)).statusCode).toBe(200);
    const refused = await get(plain.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden' });
  });
});

describe('API clients (applications)', () => {
  it('registers a client acting as a user: 201 with Location and the secret, shown once and stored hashed', async () => {
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const res = await create(sut.adminToken, { name: '  Importer  ', actingAs: userHref(admin.id) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Importer', actingAs: userHref(admin.id), actingAsName: 'Administrator', clientSecret: expect.any(String) });
    expect(created.clientId).toMatch(/^[A-Za-z0-9._~-]+$/);
    expect(created.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(res.headers.location).toBe(created.href);
    expect(res.headers['cache-control']).toBe('no-store');
    const row = await sut.ctx.repos.tokens.findClient(created.clientId);
    expect(row!.secret_hash).toMatch(/^scrypt\$/);
    expect(row!.secret_hash).not.toContain(created.clientSecret);
    expect(row!.created_by).toBe(admin.id);

    const listed = await list(sut.adminToken);
    expect(listed.statusCode).toBe(200);
    const entry = listed.json().data.find((a: { clientId: string }) => a.clientId === created.clientId);
    const { clientSecret: _secret, ...withoutSecret } = created;
    expect(entry).toEqual(withoutSecret);
    expect(listed.body).not.toContain(created.clientSecret);
    expect(listed.json().data.map((a: { clientId: string }) => a.clientId)).not.toContain(CLI_CLIENT_ID);

    // The integration connects with client_credentials; its token is not a person's session.
    const token = await clientCredentials(created.clientId, created.clientSecret);
    expect(token.statusCode, token.body).toBe(200);
    const me = (await descriptor(token.json().access_token)).json();
    expect(me.user.userName).toBe('admin');
    expect(me.views.changePassword).toBeNull();
  });

  it('registers a client acting as a group through a hidden application user, which holds what the group holds', async () => {
    const integrations = await groupWith('Integrations', ['api', 'manageTaxonomies']);
    const res = await create(sut.adminToken, { name: 'Taxonomy sync', actingAs: groupHref(integrations.id) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ actingAs: groupHref(integrations.id), actingAsName: 'Integrations' });
    const row = (await sut.ctx.repos.tokens.findClient(created.clientId))!;
    expect(row.acting_group_id).toBe(integrations.id);
    const hidden = (await sut.ctx.repos.users.findById(row.user_id))!;
    expect(hidden.kind).toBe('application');
    expect(hidden.password_hash).toBeNull();
    expect(await sut.ctx.repos.users.explicitGroupIdsOf(hidden.id)).toEqual([integrations.id]);

    const token = (await clientCredentials(created.clientId, created.clientSecret)).json().access_token;
    const me = (await descriptor(token)).json();
    expect(me.permissions.allowTaxonomyEditing).toBe(true);
    expect(me.userManagement).toBeNull();
  });

  it('keeps a client acting as a group out of the group’s member lists and counts, and working when the members are replaced', async () => {
    const team = await groupWith('Sync team', ['api', 'manageTaxonomies']);
    const created = (await create(sut.adminToken, { name: 'Team sync', actingAs: groupHref(team.id) })).json();
    const hiddenId = (await sut.ctx.repos.tokens.findClient(created.clientId))!.user_id;
    const person = await sut.createUser('sync-team-person');
    const beta = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      sut.app.inject({
        method,
        url: `${groupHref(team.id)}${url}`,
        headers: { ...bearer(sut.adminToken), accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
    expect((await beta('PUT', '/users', { users: [person.id] })).statusCode).toBe(204);
    expect((await beta('GET', '/users')).json().map((u: { id: number }) => u.id)).toEqual([person.id]);
    expect((await beta('GET', '/users/count')).json()).toEqual({ value: 1 });
    expect((await beta('GET', '/users-recursive/count')).json()).toEqual({ value: 1 });
    const admin = await sut.app.inject({
      method: 'GET',
      url: `${groupHref(team.id)}/users`,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.member-list+json' },
    });
    expect(admin.json()).toMatchObject({ count: 1, data: [{ id: person.id }] });
    expect((await beta('PUT', '/members', { users: [], groups: [] })).statusCode).toBe(204);
    expect((await beta('DELETE', '/users')).statusCode).toBe(204);
    expect((await beta('GET', '/users/count')).json()).toEqual({ value: 0 });
    // The client still acts as the group: a token, and what the group holds.
    expect(await sut.ctx.repos.users.explicitGroupIdsOf(hiddenId)).toEqual([team.id]);
    const token = (await clientCredentials(created.clientId, created.clientSecret)).json().access_token;
    expect((await descriptor(token)).json().permissions.allowTaxonomyEditing).toBe(true);
  });

  it('gives tokens only while what the client acts as holds the api permission', async () => {
    const noApi = await groupWith('No API yet', ['manageTaxonomies']);
    const created = (await create(sut.adminToken, { name: 'Waiting', actingAs: groupHref(noApi.id) })).json();
    const refused = await clientCredentials(created.clientId, created.clientSecret);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'unauthorized_client', error_description: expect.stringMatching(/api permission/) });

    await setPermission(noApi.id, 'api', true);
    const granted = await clientCredentials(created.clientId, created.clientSecret);
    expect(granted.statusCode).toBe(200);
    const token = granted.json().access_token;
    expect((await descriptor(token)).statusCode).toBe(200);

    // Withdrawn in this process: the cached caller is forgotten and the token stops working.
    await setPermission(noApi.id, 'api', false);
    sut.ctx.auth.forgetCallers();
    expect((await descriptor(token)).statusCode).toBe(401);
  });

  it('refuses a client acting as another user or a group the caller is not in (403), and stores nothing', async () => {
    const settingsAdmin = await memberWith('settings-admin', ['manageSettings', 'api', 'manageTaxonomies']);
    // A group with more permissions, and an archive access list naming someone else: neither may be borrowed.
    const mightier = await groupWith('Mightier', ['api', 'manageUsers']);
    const other = await memberWith('settings-other', ['api']);
    const before = await stored();
    const res = await create(settingsAdmin.token, { name: 'Escalation', actingAs: groupHref(mightier.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/group you are a member of/) });
    const asOther = await create(settingsAdmin.token, { name: 'Borrowed', actingAs: userHref(other.id) });
    expect(asOther.statusCode).toBe(403);
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const asOwner = await create(settingsAdmin.token, { name: 'Owner key', actingAs: userHref(admin.id) });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().message).toMatch(/site owner/);
    expect(await stored()).toEqual(before);

    // Acting as oneself, or as one's own group, is fine.
    expect((await create(settingsAdmin.token, { name: 'Mine', actingAs: userHref(settingsAdmin.id) })).statusCode).toBe(201);
    expect((await create(settingsAdmin.token, { name: 'Ours', actingAs: groupHref(settingsAdmin.groupId) })).statusCode).toBe(201);
  });

  it('refuses callers without manageSettings (403)', async () => {
    const userAdmin = await memberWith('apps-user-admin', ['manageUsers']);
    expect((await list(userAdmin.token)).statusCode).toBe(403);
    const res = await create(userAdmin.token, { name: 'Nope', actingAs: userHref(userAdmin.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/manageSettings/) });
  });

  it('refuses bad bodies with 400, and stores nothing', async () => {
    const disabled = await sut.createUser('disabled-principal');
    await sut.ctx.repos.users.update(disabled.id, { is_enabled: false });
    const before = await stored();
    const cases: Record<string, unknown> = {
      'a blank name': { name: '   ', actingAs: groupHref(10001) },
      'no actingAs': { name: 'X' },
      'not an href': { name: 'X', actingAs: 'admin' },
      'an unknown group': { name: 'X', actingAs: groupHref(999_999) },
      'an unknown user': { name: 'X', actingAs: userHref(999_999) },
      'a disabled user': { name: 'X', actingAs: userHref(disabled.id) },
      'the guest user': { name: 'X', actingAs: userHref(15000) },
    };
    for (const [name, body] of Object.entries(cases)) {
      const res = await create(sut.adminToken, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().value, name).toBe('InvalidRequest');
    }
    expect(await stored()).toEqual(before);
  });

  it('revokes a client at once: its tokens answer 401, it gets no more, its hidden user is gone', async () => {
    const group = await groupWith('Short-lived', ['api']);
    const created = (await create(sut.adminToken, { name: 'Short-lived', actingAs: groupHref(group.id) })).json();
    const token = (await clientCredentials(created.clientId, created.clientSecret)).json().access_token;
    expect((await descriptor(token)).statusCode).toBe(200); // cached now
    const hiddenId = (await sut.ctx.repos.tokens.findClient(created.clientId))!.user_id;

    expect((await remove(sut.adminToken, created.clientId)).statusCode).toBe(204);
    expect((await descriptor(token)).statusCode).toBe(401);
    const again = await clientCredentials(created.clientId, created.clientSecret);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_client');
    expect(await sut.ctx.repos.users.findById(hiddenId)).toBeUndefined();
    expect((await list(sut.adminToken)).json().data.map((a: { clientId: string }) => a.clientId)).not.toContain(created.clientId);
    expect((await remove(sut.adminToken, created.clientId)).statusCode).toBe(404);
  });

  it("keeps Magpie's own client out of reach (404), and refuses revoking without manageSettings (403)", async () => {
    expect((await remove(sut.adminToken, CLI_CLIENT_ID)).statusCode).toBe(404);
    expect(await sut.ctx.repos.tokens.findClient(CLI_CLIENT_ID)).toBeDefined();
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const created = (await create(sut.adminToken, { name: 'Kept', actingAs: userHref(admin.id) })).json();
    const plain = await sut.createUser('apps-plain');
    expect((await remove(plain.token, created.clientId)).statusCode).toBe(403);
    expect(await sut.ctx.repos.tokens.findClient(created.clientId)).toBeDefined();
  });
});
