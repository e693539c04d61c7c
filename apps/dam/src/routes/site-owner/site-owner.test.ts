/** The site owner (spec 03 §4 "Site-owner change", §6, §7): `GET`/`PUT /fotoweb/users/site-owner`. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { GUEST_USER_ID } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { CLI_CLIENT_ID } from '../../services/bootstrap.service.ts';

let sut: TestDam;
let adminId: number;
const URL = '/fotoweb/users/site-owner';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userHref = (id: number) => `/fotoweb/api/users/${id}`;
const getOwner = (token: string) => sut.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
const handOver = (token: string, user: string) =>
  sut.app.inject({ method: 'PUT', url: URL, headers: { ...bearer(token), 'content-type': 'application/vnd.fotoware.user-reference+json' }, payload: JSON.stringify({ user }) });

/** A new user in a new group holding `permissions`. */
const memberWith = (name: string, permissions: string[]) => sut.createMemberWith(name, permissions);

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_CLI_CLIENT_SECRET: 'cli-secret-for-tests' });
  adminId = (await sut.ctx.repos.users.findByUsername('admin'))!.id;
});
afterAll(async () => {
  await sut?.close();
});

describe('reading the site owner', () => {
  it('answers {user: href} to whoever may administer users, with the user-reference type', async () => {
    const res = await getOwner(sut.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.user-reference+json');
    expect(res.json()).toEqual({ user: userHref(adminId) });
    const administrator = await memberWith('reader-admin', ['manageUsers']);
    expect((await getOwner(administrator.token)).json()).toEqual({ user: userHref(adminId) });
  });

  it('refuses anyone else with 403', async () => {
    const plain = await sut.createUser('reader-plain');
    const res = await getOwner(plain.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden' });
  });
});

describe('handing the role over', () => {
  it('is refused to a user administrator who is not the owner (403), and nothing changes', async () => {
    const administrator = await memberWith('ambitious', ['manageUsers']);
    const res = await handOver(administrator.token, userHref(administrator.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/Only the site owner/) });
    expect(await sut.ctx.repos.users.siteOwnerId()).toBe(adminId);
  });

  it('refuses targets that may not own the site with 400, and nothing changes', async () => {
    const disabled = await sut.createUser('disabled-heir');
    await sut.ctx.repos.users.update(disabled.id, { is_enabled: false });
    const expired = await sut.createUser('expired-heir');
    await sut.ctx.repos.users.update(expired.id, { expires: new Date(Date.now() - 60_000) });
    const deleted = await sut.createUser('deleted-heir');
    await sut.ctx.repos.users.softDelete(deleted.id);
    const cases = {
      disabled: userHref(disabled.id),
      expired: userHref(expired.id),
      deleted: userHref(deleted.id),
      guest: userHref(GUEST_USER_ID),
      unknown: userHref(999_999),
      themselves: userHref(adminId),
      'a group href': '/fotoweb/api/groups/10001',
      'not an href': 'admin',
    };
    for (const [name, href] of Object.entries(cases)) {
      const res = await handOver(sut.adminToken, href);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ value: 'InvalidRequest', message: expect.any(String) });
    }
    expect(await sut.ctx.repos.users.siteOwnerId()).toBe(adminId);
  });

  it('refuses a body without a user with 400', async () => {
    const res = await sut.app.inject({ method: 'PUT', url: URL, headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(400);
    expect(await sut.ctx.repos.users.siteOwnerId()).toBe(adminId);
  });

  it('moves every power to the new owner at once; the old one keeps only what their groups give, and can be given the role back', async () => {
    const heir = await sut.createUser('heir');
    // The old owner's caller is cached before the hand-over: it must not keep the owner's powers.
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(sut.adminToken) })).json().userManagement).not.toBeNull();
    expect((await handOver(sut.adminToken, userHref(heir.id))).statusCode).toBe(204);
    expect(await sut.ctx.repos.users.siteOwnerId()).toBe(heir.id);

    const oldOwner = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(sut.adminToken) })).json();
    expect(oldOwner.userManagement).toBeNull();
    expect(oldOwner.permissions).toMatchObject({ allowTaxonomyEditing: false, hasManageArchivesPermission: false, hasManageSettingsPermission: false });
    expect((await getOwner(sut.adminToken)).statusCode).toBe(403);
    expect((await handOver(sut.adminToken, userHref(adminId))).statusCode).toBe(403);
    // What Registered Users may do in Photos is still theirs.
    const archives = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(sut.adminToken) })).json();
    expect(archives.data[0].permissions).toEqual(expect.arrayContaining(['View', 'UploadFile']));
    expect(archives.data[0].permissions).not.toContain('EditText');

    const newOwner = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(heir.token) })).json();
    expect(newOwner.userManagement).toMatchObject({ adminUser: userHref(heir.id) });
    expect(newOwner.permissions).toMatchObject({ allowTaxonomyEditing: true, hasManageSettingsPermission: true });
    // The import commands' client acts as whoever owns the site now.
    const cli = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: CLI_CLIENT_ID, client_secret: 'cli-secret-for-tests' }).toString(),
    });
    expect(cli.statusCode, cli.body).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(cli.json().access_token) })).json().user.userId).toBe(heir.id);

    expect((await handOver(heir.token, userHref(adminId))).statusCode).toBe(204);
    expect(await sut.ctx.repos.users.siteOwnerId()).toBe(adminId);
    expect((await getOwner(sut.adminToken)).json()).toEqual({ user: userHref(adminId) });
  });
});

/**
 * A hand-over in flight, held open in its own transaction as `SiteOwnerService.handOver` holds it: the role locked
 * and moved to `heirId`, not yet committed. `during` runs meanwhile; the transaction commits when it returns.
 */
async function duringHandOver(heirId: number, during: () => Promise<void>): Promise<void> {
  await sut.ctx.database.db.transaction().execute(async (trx) => {
    await trx.selectFrom('site_owner').select('user_id').forUpdate().execute();
    await trx.selectFrom('users').select('id').where('id', '=', heirId).forUpdate().execute();
    await trx.updateTable('site_owner').set({ user_id: heirId }).execute();
    await during();
  });
  sut.ctx.auth.forgetCallers();
}

/** Resolves once some statement of another connection waits for a lock (PostgreSQL's `pg_locks`). */
async function someoneWaitsForALock(): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await sql<{ waiting: string }>`SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted`.execute(sut.ctx.database.db);
    if (Number(rows[0]?.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement waited for the hand-over');
}

describe.runIf(inject('postgresUrl'))('a hand-over racing a delete or a disable of the heir (PostgreSQL, several connections)', () => {
  const settle = async (reply: Promise<{ statusCode: number; json(): unknown }>) => {
    const res = await reply;
    return { status: res.statusCode, body: res.json() };
  };

  it("a delete or a disable that starts during the hand-over waits for it, then is refused as the new owner's", async () => {
    const administrator = await memberWith('racing-admin', ['manageUsers']);
    for (const change of ['delete', 'disable'] as const) {
      const heir = await sut.createUser(`racing-heir-${change}`);
      const url = userHref(heir.id);
      let reply: Promise<{ status: number; body: unknown }> | undefined;
      await duringHandOver(heir.id, async () => {
        reply = settle(
          change === 'delete'
            ? sut.app.inject({ method: 'DELETE', url, headers: bearer(administrator.token) })
            : sut.app.inject({
                method: 'PATCH',
                url,
                headers: { ...bearer(administrator.token), 'content-type': 'application/json', accept: 'application/vnd.fotoware.user+json' },
                payload: JSON.stringify({ account: { isEnabled: false } }),
              }),
        );
        await someoneWaitsForALock();
      });
      const { status, body } = await reply!;
      expect(status, change).toBe(403);
      expect(body, change).toMatchObject({ value: 'SiteOwnerProtected' });
      const stored = await sut.ctx.repos.users.findById(heir.id);
      expect(stored?.is_enabled, change).toBe(true);
      expect(await sut.ctx.repos.users.siteOwnerId()).toBe(heir.id);
      // Give the role back for the next case and the other tests.
      expect((await handOver(heir.token, userHref(adminId))).statusCode).toBe(204);
    }
  });
});
