/**
 * Legacy API keys (issue 16; fotoweb-api-notes §10 "Legacy API key"): a key created by an administrator authenticates
 * the `FWAPIToken` header as its user, with that user's permissions and nothing more; a revoked or unknown key answers
 * 401 with FotoWeb's error body; the list shows name, creator, acting user and last use, never the key; who may create
 * keys for whom; bad bodies answer 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyCreated, ApiKeyList } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer } from '../../testing/requests.ts';
import { sha256Hex } from '../../lib/crypto.ts';

let sut: TestDam;
const KEYS = '/fotoweb/api/api-keys';
/** A user of the API (`api`) who may view Photos. */
let integration: { id: number; token: string; groupId: number };
/** An administrator of settings who is not the site owner. */
let settingsAdmin: { id: number; token: string; groupId: number };

beforeAll(async () => {
  sut = await createTestDam();
  integration = await sut.createMemberWith('integration', ['api']);
  await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: integration.id, permissions: ['View', 'Preview'] });
  settingsAdmin = await sut.createMemberWith('settings-admin', ['manageSettings', 'api']);
});
afterAll(() => sut?.close());

const withKey = (key: string, url: string, method: 'GET' | 'POST' = 'GET') => sut.app.inject({ method, url, headers: { fwapitoken: key } });

async function createKey(name: string, actingAs: string, token = sut.adminToken) {
  return sut.app.inject({ method: 'POST', url: KEYS, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify({ name, actingAs }) });
}

async function listKeys(token = sut.adminToken): Promise<ApiKey[]> {
  const res = await sut.app.inject({ method: 'GET', url: KEYS, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ApiKeyList).data;
}

describe('FWAPIToken', () => {
  it('authenticates as the key’s user with that user’s permissions, and answers 401 once the key is revoked', async () => {
    const res = await createKey('Website sync', `/fotoweb/api/users/${integration.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ApiKeyCreated;
    expect(res.headers.location).toBe(created.href);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(created).toMatchObject({
      name: 'Website sync',
      actingAs: `/fotoweb/api/users/${integration.id}`,
      actingAsName: 'integration Tester',
      createdBy: 'admin',
      lastUsed: null,
    });
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await sut.ctx.database.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(sha256Hex(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const me = await withKey(created.key, '/fotoweb/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.userName).toBe('integration');
    expect(me.headers.vary).toContain('FWAPIToken');
    // The user's own permissions: Photos is visible (View on its access list)…
    expect((await withKey(created.key, '/fotoweb/archives/5000-Photos/')).statusCode).toBe(200);
    // …but not the administration the key's creator holds.
    const admin = await withKey(created.key, KEYS);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ value: 'Forbidden' });

    const listed = (await listKeys()).find((key) => key.id === created.id)!;
    expect(listed).not.toHaveProperty('key');
    expect(listed.lastUsed).not.toBeNull();

    const revoked = await sut.app.inject({ method: 'DELETE', url: created.href, headers: bearer(sut.adminToken) });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const after = await withKey(created.key, '/fotoweb/me');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ value: 'Unauthorized', message: expect.stringContaining('FWAPIToken') });
    expect((await listKeys()).some((key) => key.id === created.id)).toBe(false);
    // Revoking again: it is no longer there.
    const again = await sut.app.inject({ method: 'DELETE', url: created.href, headers: bearer(sut.adminToken) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ value: 'NotFound' });
  });

  it('answers 401 with FotoWeb’s error body for an unknown key, even for what guests may read', async () => {
    const res = await withKey('not-a-key', '/fotoweb/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: 'Unauthorized', heading: 'Access denied' });
  });

  it('stops working when its user loses the api permission', async () => {
    const member = await sut.createMemberWith('key-user', ['api']);
    const created = (await createKey('Temporary', `/fotoweb/api/users/${member.id}`)).json() as ApiKeyCreated;
    expect((await withKey(created.key, '/fotoweb/me')).statusCode).toBe(200);
    await sut.ctx.database.db.deleteFrom('group_permissions').where('group_id', '=', member.groupId).execute();
    sut.ctx.apiKeys.forgetCallers();
    expect((await withKey(created.key, '/fotoweb/me')).statusCode).toBe(401);
  });

  it('lets a bearer token win over a key sent with it', async () => {
    const created = (await createKey('Both', `/fotoweb/api/users/${integration.id}`)).json() as ApiKeyCreated;
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me', headers: { ...bearer(sut.adminToken), fwapitoken: created.key } });
    expect(res.json().user.userName).toBe('admin');
  });
});

describe('managing keys', () => {
  it('needs manageSettings', async () => {
    const plain = await sut.createUser('key-plain');
    for (const res of [
      await sut.app.inject({ method: 'GET', url: KEYS, headers: bearer(plain.token) }),
      await createKey('Mine', `/fotoweb/api/users/${plain.id}`, plain.token),
      await sut.app.inject({ method: 'DELETE', url: `${KEYS}/1`, headers: bearer(plain.token) }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageSettings') });
    }
  });

  it('lets an administrator of settings make keys for themselves only, never with more permissions', async () => {
    const own = await createKey('Own', `/fotoweb/api/users/${settingsAdmin.id}`, settingsAdmin.token);
    expect(own.statusCode, own.body).toBe(201);
    expect((own.json() as ApiKeyCreated).createdBy).toBe('settings-admin');
    const other = await createKey('Other', `/fotoweb/api/users/${integration.id}`, settingsAdmin.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ value: 'Forbidden' });
    const owner = await createKey('Owner', `/fotoweb/api/users/${await sut.ctx.repos.users.siteOwnerId()}`, settingsAdmin.token);
    expect(owner.statusCode).toBe(403);
  });

  it('refuses bad bodies with 400 and FotoWeb’s error body', async () => {
    for (const body of [
      { name: '', actingAs: `/fotoweb/api/users/${integration.id}` },
      { name: 'No one' },
      { name: 'Group', actingAs: '/fotoweb/api/groups/10001' },
      { name: 'Nobody', actingAs: '/fotoweb/api/users/999999' },
      { name: 'Bad\u0007name', actingAs: `/fotoweb/api/users/${integration.id}` },
    ]) {
      const res = await sut.app.inject({ method: 'POST', url: KEYS, headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ value: 'InvalidRequest' });
    }
    const badId = await sut.app.inject({ method: 'DELETE', url: `${KEYS}/abc`, headers: bearer(sut.adminToken) });
    expect(badId.statusCode).toBe(400);
  });
});
