/**
 * Migration 0012_users_and_groups on a database as issue 10 left it (migration 0011): the `is_admin` flag becomes the
 * site owner plus the group "Administrators" (docs/architecture.md "Who the caller is"), the guest group and user of
 * spec 03 §9 appear, user-made groups and users that take a new built-in's name are renamed, and nothing else is lost.
 * Runs on PGlite, and on PostgreSQL with MAGPIE_TEST_DB=postgres.
 */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_PERMISSIONS, GUEST_GROUP_ID, GUEST_USER_ID } from '@magpie/api-types';
import { emptyTestDatabase } from '../testing/harness.ts';
import type { DatabaseHandle } from './connection.ts';
import { migrateToLatest, migrateUpTo } from './migrations.ts';

/** The last migration of issue 10. */
const ISSUE_10 = '0011_upload_fields';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** A fresh database at migration 0011, as the old schema (`is_admin` and all) sees it. */
async function issue10Database(): Promise<Kysely<any>> {
  handle = await emptyTestDatabase();
  const db = handle.db as unknown as Kysely<any>;
  await migrateUpTo(db, ISSUE_10);
  return db;
}

const count = async (db: Kysely<any>, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const TABLES = ['users', 'groups', 'group_members', 'group_permissions', 'api_clients', 'oauth_tokens', 'archives', 'archive_acl'] as const;
async function counts(db: Kysely<any>): Promise<Record<(typeof TABLES)[number], number>> {
  return Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(db, table)]))) as Record<(typeof TABLES)[number], number>;
}

describe('migration 0012_users_and_groups', () => {
  it('stops at the migration it is given', async () => {
    const db = await issue10Database();
    const applied = await db.selectFrom('magpie_migrations').select('name').orderBy('name').execute();
    expect(applied.map((row) => row.name).at(-1)).toBe(ISSUE_10);
    const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`.execute(db);
    expect(columns.rows.map((row) => row.column_name)).toContain('is_admin');
    await expect(migrateUpTo(db, '0099_no_such_migration')).rejects.toThrow(/no migration 0099_no_such_migration/);
  });

  it('turns an issue-10 site’s administrators into the site owner and the Administrators group, and loses nothing', async () => {
    const db = await issue10Database();
    // What issue 10's bootstrap made (the built-in groups first), and what a team added since.
    const group = async (name: string, builtinKey: string | null = null) =>
      (await db.insertInto('groups').values({ name, builtin_key: builtinKey }).returning('id').executeTakeFirstOrThrow()).id as number;
    const everyone = await group('Everyone', 'everyone');
    const registered = await group('Registered Users', 'registered');
    const user = async (username: string, fullName: string, isAdmin: boolean) =>
      (await db.insertInto('users').values({ username, full_name: fullName, is_admin: isAdmin, password_hash: 'scrypt$stored' }).returning('id').executeTakeFirstOrThrow())
        .id as number;
    // The first user is no administrator: the owner is the first *administrator*, not the first user.
    const ada = await user('ada', 'Ada King Lovelace', false);
    const admin = await user('admin', 'Administrator', true);
    const grace = await user('grace', 'Grace Hopper', true);
    const bob = await user('bob', '', false);
    const guestPerson = await user('Guest', 'A person called Guest', false);
    const editors = await group('Editors');
    const ownAdministrators = await group('Administrators');
    const ownGuests = await group('guests');
    const photographers = await group('Photographers');
    const photographersAgain = await group('photographers');
    await db
      .insertInto('group_members')
      .values([
        { group_id: editors, user_id: ada },
        { group_id: editors, user_id: grace },
        { group_id: ownAdministrators, user_id: bob },
        { group_id: ownGuests, user_id: guestPerson },
        { group_id: photographersAgain, user_id: bob },
      ])
      .execute();
    await db.insertInto('group_permissions').values({ group_id: editors, permission: 'manageTaxonomies' }).execute();
    await db.insertInto('api_clients').values({ client_id: 'magpie-cli', name: 'Magpie import CLI', secret_hash: 'scrypt$cli', user_id: admin }).execute();
    const expires = new Date(Date.now() + 3_600_000);
    await db
      .insertInto('oauth_tokens')
      .values([
        { token_hash: 'access-ada', kind: 'access', grant_id: 'g1', user_id: ada, client_id: 'magpie-bff', expires_at: expires },
        { token_hash: 'refresh-ada', kind: 'refresh', grant_id: 'g1', user_id: ada, client_id: 'magpie-bff', expires_at: expires },
      ])
      .execute();
    const archive = (await db.insertInto('archives').values({ name: 'Photos' }).returning('id').executeTakeFirstOrThrow()).id as number;
    await db
      .insertInto('archive_acl')
      .values([
        { archive_id: archive, principal_type: 'group', principal_id: registered, permissions: sql`ARRAY['View','Preview']::text[]` },
        { archive_id: archive, principal_type: 'group', principal_id: editors, permissions: sql`ARRAY['View','EditText']::text[]` },
        { archive_id: archive, principal_type: 'user', principal_id: ada, permissions: sql`ARRAY['View']::text[]` },
      ])
      .execute();
    const before = await counts(db);
    const membershipsBefore = await db.selectFrom('group_members').select(['group_id', 'user_id']).execute();

    await migrateToLatest(db);

    // The first administrator is the site owner, the only one.
    expect(await db.selectFrom('site_owner').select('user_id').execute()).toEqual([{ user_id: admin }]);
    // Every former administrator, and no one else, is in the new "Administrators", which holds every group permission.
    const administrators = await db.selectFrom('groups').selectAll().where('name', '=', 'Administrators').executeTakeFirstOrThrow();
    expect(administrators.builtin_key).toBeNull();
    expect(administrators.id).not.toBe(ownAdministrators);
    const members = await db.selectFrom('group_members').select('user_id').where('group_id', '=', administrators.id).orderBy('user_id').execute();
    expect(members.map((row) => row.user_id)).toEqual([admin, grace]);
    const held = await db.selectFrom('group_permissions').select('permission').where('group_id', '=', administrators.id).execute();
    expect(held.map((row) => row.permission).sort()).toEqual([...GROUP_PERMISSIONS].sort());
    // The flag is gone.
    const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`.execute(db);
    expect(columns.rows.map((row) => row.column_name)).not.toContain('is_admin');
    expect(columns.rows.map((row) => row.column_name)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'kind', 'deleted', 'force_password_change']));

    // The guest group and the guest user of spec 03 §9, with their fixed ids; the guest user is disabled.
    expect(await db.selectFrom('groups').select(['name', 'builtin_key']).where('id', '=', GUEST_GROUP_ID).executeTakeFirst()).toEqual({ name: 'Guests', builtin_key: 'guests' });
    expect(await db.selectFrom('users').select(['username', 'kind', 'is_enabled', 'password_hash']).where('id', '=', GUEST_USER_ID).executeTakeFirst()).toEqual({
      username: 'guest',
      kind: 'guest',
      is_enabled: false,
      password_hash: null,
    });
    expect(await db.selectFrom('group_members').select('group_id').where('user_id', '=', GUEST_USER_ID).execute()).toEqual([{ group_id: GUEST_GROUP_ID }]);

    // User-made groups named like a built-in, or like a group made before them, are renamed "<name> (<id>)"; the
    // person called Guest keeps the account under "Guest-<id>". The built-ins keep their names and ids.
    const names = new Map((await db.selectFrom('groups').select(['id', 'name']).execute()).map((row) => [row.id as number, row.name as string]));
    expect(names.get(ownAdministrators)).toBe(`Administrators (${ownAdministrators})`);
    expect(names.get(ownGuests)).toBe(`guests (${ownGuests})`);
    expect(names.get(photographers)).toBe('Photographers');
    expect(names.get(photographersAgain)).toBe(`photographers (${photographersAgain})`);
    expect([names.get(editors), names.get(everyone), names.get(registered)]).toEqual(['Editors', 'Everyone', 'Registered Users']);
    const lowered = [...names.values()].map((name) => name.toLowerCase());
    expect(new Set(lowered).size).toBe(lowered.length);
    const people = await db.selectFrom('users').select(['id', 'username', 'full_name', 'first_name', 'last_name', 'kind']).where('id', '<>', GUEST_USER_ID).orderBy('id').execute();
    expect(people).toEqual([
      { id: ada, username: 'ada', full_name: 'Ada King Lovelace', first_name: 'Ada', last_name: 'King Lovelace', kind: 'person' },
      { id: admin, username: 'admin', full_name: 'Administrator', first_name: 'Administrator', last_name: '', kind: 'person' },
      { id: grace, username: 'grace', full_name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper', kind: 'person' },
      { id: bob, username: 'bob', full_name: '', first_name: '', last_name: '', kind: 'person' },
      { id: guestPerson, username: `Guest-${guestPerson}`, full_name: 'A person called Guest', first_name: 'A', last_name: 'person called Guest', kind: 'person' },
    ]);

    // Nothing else was lost: the new rows are the guest user, two groups, their members and the permissions.
    expect(await counts(db)).toEqual({
      ...before,
      users: before.users + 1,
      groups: before.groups + 2,
      group_members: before.group_members + 2 + 1,
      group_permissions: before.group_permissions + GROUP_PERMISSIONS.length,
    });
    const membershipsAfter = await db.selectFrom('group_members').select(['group_id', 'user_id']).execute();
    expect(membershipsAfter).toEqual(expect.arrayContaining(membershipsBefore));
    expect(await db.selectFrom('group_permissions').select('permission').where('group_id', '=', editors).execute()).toEqual([{ permission: 'manageTaxonomies' }]);
    expect(await db.selectFrom('api_clients').select(['client_id', 'user_id', 'acting_group_id']).execute()).toEqual([
      { client_id: 'magpie-cli', user_id: admin, acting_group_id: null },
    ]);
    expect(await db.selectFrom('oauth_tokens').select('token_hash').where('user_id', '=', ada).where('revoked_at', 'is', null).orderBy('token_hash').execute()).toEqual([
      { token_hash: 'access-ada' },
      { token_hash: 'refresh-ada' },
    ]);
  });

  it('gives a new database the built-ins in FotoWeb’s numbering, and no owner until the first start', async () => {
    const db = await issue10Database();
    await migrateToLatest(db);
    const groups = await db.selectFrom('groups').select(['id', 'name', 'builtin_key']).orderBy('id').execute();
    expect(groups).toEqual([
      { id: GUEST_GROUP_ID, name: 'Guests', builtin_key: 'guests' },
      { id: 10001, name: 'Everyone', builtin_key: 'everyone' },
      { id: 10002, name: 'Registered Users', builtin_key: 'registered' },
      { id: 10003, name: 'Administrators', builtin_key: null },
    ]);
    expect(await db.selectFrom('group_members').select('user_id').where('group_id', '=', 10003).execute()).toEqual([]);
    expect(await count(db, 'site_owner')).toBe(0);
    expect(await db.selectFrom('users').select(['id', 'username']).execute()).toEqual([{ id: GUEST_USER_ID, username: 'guest' }]);
  });
});

describe('migrations 0013_archive_administration and 0014_pins', () => {
  it('makes archive names unique however they collide, orders access lists with Guests last, and turns pinned archives into pins', async () => {
    handle = await emptyTestDatabase();
    const db = handle.db as unknown as Kysely<any>;
    await migrateUpTo(db, '0012_users_and_groups');
    const archive = async (id: number, name: string) => db.insertInto('archives').values({ id, name }).execute();
    await archive(5000, 'Photos');
    await archive(5001, 'photos');
    await archive(5002, 'photos (5001)');
    await archive(5003, 'PHOTOS');
    await db
      .insertInto('archive_acl')
      .values([
        { archive_id: 5000, principal_type: 'group', principal_id: 10000, permissions: ['View'] },
        { archive_id: 5000, principal_type: 'user', principal_id: 15001, permissions: ['View'] },
        { archive_id: 5000, principal_type: 'group', principal_id: 10002, permissions: ['View', 'Preview'] },
      ])
      .execute();
    const user = (await db.insertInto('users').values({ username: 'pinner', full_name: 'Pinner' }).returning('id').executeTakeFirstOrThrow()).id as number;
    await db
      .insertInto('user_preferences')
      .values({ user_id: user, data: JSON.stringify({ intranet: { archivePinned: ['5001', '4999', 7], other: true } }) })
      .execute();

    await migrateToLatest(db);
    const names = await db.selectFrom('archives').select(['id', 'name']).orderBy('id').execute();
    // "photos" would become "photos (5001)", which another archive has: it gets a counter too.
    expect(names.map((row) => row.name)).toEqual(['Photos', 'photos (5001-2)', 'photos (5001)', 'PHOTOS (5003)']);
    const acl = await db.selectFrom('archive_acl').select(['principal_type', 'principal_id']).where('archive_id', '=', 5000).orderBy('position').execute();
    expect(acl).toEqual([
      { principal_type: 'group', principal_id: 10002 },
      { principal_type: 'user', principal_id: 15001 },
      { principal_type: 'group', principal_id: 10000 },
    ]);
    expect(await db.selectFrom('pins').select(['user_id', 'kind', 'archive_id']).execute()).toEqual([{ user_id: user, kind: 'archive', archive_id: 5001 }]);
  });
});
