import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, GroupRow, GroupsTable } from '../db/schema.ts';
import { BUILTIN_GROUPS, USERS_LOCK_SPACE } from './users.repository.ts';
import { escapeLike } from './like.ts';

/** The advisory lock serialising writes to the group graph (`group_groups`), so that a cycle check holds until commit. */
const GROUP_GRAPH_LOCK = 1;

/** Columns a group list may be sorted on (dam.yaml `GroupSortField`). */
export type GroupSortKey = 'id' | 'name' | 'description';

/** Columns a member list may be sorted on (dam.yaml `MemberSortField`; `name` is a user's full name). */
export type MemberSortKey = 'id' | 'name' | 'username';

/** A page of a group or member list. */
export interface PageQuery<Sort extends string> {
  /** Case-insensitive substring to find (a group's name or description; a member's names, username or e-mail). */
  q?: string | undefined;
  sort: Sort;
  descending: boolean;
  offset: number;
  /** No limit: every row from `offset` on. */
  limit?: number | undefined;
}

/** A direct user member of a group, as the member grids show it. */
export interface UserMemberRow {
  id: number;
  username: string;
  full_name: string;
  email: string;
}

/** Groups, what they hold and how they nest (spec 03 §3.2, §3.3). */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Grants a plain group permission of spec 03 §3.3 (`manageTaxonomies`, `albums.create`…) to a group; idempotent. */
  async grantPermission(groupId: number, permission: string): Promise<void> {
    await this.db
      .insertInto('group_permissions')
      .values({ group_id: groupId, permission })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Withdraws a plain group permission from a group. */
  async revokePermission(groupId: number, permission: string): Promise<void> {
    await this.db.deleteFrom('group_permissions').where('group_id', '=', groupId).where('permission', '=', permission).execute();
  }

  /** Replaces a group's own permissions with exactly `permissions`. */
  async setPermissions(groupId: number, permissions: readonly string[]): Promise<void> {
    await this.db.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
    if (permissions.length > 0)
      await this.db
        .insertInto('group_permissions')
        .values(permissions.map((permission) => ({ group_id: groupId, permission })))
        .execute();
  }

  /** Each group's own permissions (not inherited ones), by group id; groups holding none are absent. */
  async permissionsOf(groupIds: readonly number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (groupIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('group_permissions')
      .select(['group_id', 'permission'])
      .where('group_id', 'in', [...groupIds])
      .orderBy('permission')
      .execute();
    for (const row of rows) map.set(row.group_id, [...(map.get(row.group_id) ?? []), row.permission]);
    return map;
  }

  findById(id: number): Promise<GroupRow | undefined> {
    return this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Groups by id; ids that name no group are absent. */
  async findByIds(ids: readonly number[]): Promise<GroupRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('groups')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The group of a name, case-insensitively. */
  findByName(name: string): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('groups')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  /** The built-in groups by key (`everyone`, `registered`, `guests`). */
  async builtins(): Promise<Map<string, GroupRow>> {
    const rows = await this.db.selectFrom('groups').selectAll().where('builtin_key', 'is not', null).execute();
    return new Map(rows.map((row) => [row.builtin_key!, row]));
  }

  /** One page of groups and how many match; the guest group only when `includeGuests`. */
  async list(query: PageQuery<GroupSortKey> & { includeGuests: boolean }): Promise<{ rows: GroupRow[]; count: number }> {
    let base = this.db.selectFrom('groups');
    if (!query.includeGuests) base = base.where((eb) => eb.or([eb('builtin_key', 'is', null), eb('builtin_key', '<>', BUILTIN_GROUPS.guests)]));
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dir = query.descending ? 'desc' : 'asc';
    let page = base.selectAll();
    if (query.sort !== 'id') page = page.orderBy(sql`lower(${sql.ref(query.sort)})`, dir);
    page = page.orderBy('id', dir).offset(query.offset);
    const rows = await (query.limit === undefined ? page : page.limit(query.limit)).execute();
    return { rows, count: Number(n) };
  }

  /** Inserts a group. @throws the database's 23505 when the name is taken. */
  insert(values: Insertable<GroupsTable>): Promise<GroupRow> {
    return this.db.insertInto('groups').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Changes a group's columns (and `modified`). @throws the database's 23505 when a new name is taken. */
  async update(id: number, values: Updateable<GroupsTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('groups')
      .set({ ...values, modified: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes a group with its memberships, nesting and permissions (foreign keys cascade) and the access-list entries
   * naming it (which name principals without a foreign key).
   */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('archive_acl').where('principal_type', '=', 'group').where('principal_id', '=', id).execute();
    await this.db.deleteFrom('groups').where('id', '=', id).execute();
  }

  /**
   * One page of a group's direct user members and how many there are: live people only. The hidden user of an API
   * client acting as the group (kind `application`) and the guest user are not listed or counted.
   */
  async userMembers(groupId: number, query: PageQuery<MemberSortKey> & { limit: number }): Promise<{ rows: UserMemberRow[]; count: number }> {
    let base = this.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .where('group_members.group_id', '=', groupId)
      .where('users.deleted', 'is', null)
      .where('users.kind', '=', 'person');
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      base = base.where((eb) => eb.or(['users.username', 'users.full_name', 'users.email'].map((c) => eb(eb.ref(c as 'users.username'), 'ilike', pattern))));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dir = query.descending ? 'desc' : 'asc';
    let page = base.select(['users.id', 'users.username', 'users.full_name', 'users.email']);
    if (query.sort === 'name') page = page.orderBy(sql`lower(users.full_name)`, dir);
    if (query.sort === 'username') page = page.orderBy(sql`lower(users.username)`, dir);
    const rows = await page.orderBy('users.id', dir).offset(query.offset).limit(query.limit).execute();
    return { rows, count: Number(n) };
  }

  /** One page of a group's direct group members and how many there are. */
  async groupMembers(groupId: number, query: PageQuery<MemberSortKey> & { limit: number }): Promise<{ rows: GroupRow[]; count: number }> {
    let base = this.db.selectFrom('group_groups').innerJoin('groups', 'groups.id', 'group_groups.member_group_id').where('group_groups.group_id', '=', groupId);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      base = base.where((eb) => eb.or([eb('groups.name', 'ilike', pattern), eb('groups.description', 'ilike', pattern)]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dir = query.descending ? 'desc' : 'asc';
    let page = base.selectAll('groups');
    if (query.sort !== 'id') page = page.orderBy(sql`lower(groups.name)`, dir);
    const rows = await page.orderBy('groups.id', dir).offset(query.offset).limit(query.limit).execute();
    return { rows, count: Number(n) };
  }

  /**
   * The ids of a group's direct user members who are live people, ascending: what {@link userMembers} lists (an API
   * client's hidden user and the guest user left out), and so what a replacement of the members may remove.
   */
  async userMemberIdsOf(groupId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select('users.id')
      .where('group_members.group_id', '=', groupId)
      .where('users.deleted', 'is', null)
      .where('users.kind', '=', 'person')
      .orderBy('users.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The ids of a group's direct group members, ascending. */
  async memberGroupIdsOf(groupId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('group_groups').select('member_group_id').where('group_id', '=', groupId).orderBy('member_group_id').execute();
    return rows.map((r) => r.member_group_id);
  }

  /**
   * The ids of every group a group is a member of, directly or through others, ascending: one recursive query up the
   * nesting (UNION stops at groups already reached; the group itself is left out).
   */
  async ancestorIdsOf(groupId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      WITH RECURSIVE above(id) AS (
        SELECT group_id FROM group_groups WHERE member_group_id = ${groupId}
        UNION
        SELECT gg.group_id FROM group_groups gg JOIN above a ON gg.member_group_id = a.id
      )
      SELECT id FROM above WHERE id <> ${groupId} ORDER BY id`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  /** The ids of every group nested in a group, directly or through others, ascending (one recursive query down). */
  async descendantIdsOf(groupId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      WITH RECURSIVE below(id) AS (
        SELECT member_group_id FROM group_groups WHERE group_id = ${groupId}
        UNION
        SELECT gg.member_group_id FROM group_groups gg JOIN below b ON gg.group_id = b.id
      )
      SELECT id FROM below WHERE id <> ${groupId} ORDER BY id`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  /**
   * The ids of the live people who are members of a group or of any group nested in it, to any depth, each once,
   * ascending: one recursive query down the nesting, joined to the memberships. API clients' hidden users and the
   * guest user are left out, as in {@link userMembers}.
   */
  async recursiveUserIdsOf(groupId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      WITH RECURSIVE below(id) AS (
        SELECT CAST(${groupId} AS integer)
        UNION
        SELECT gg.member_group_id FROM group_groups gg JOIN below b ON gg.group_id = b.id
      )
      SELECT DISTINCT u.id FROM group_members m JOIN below b ON m.group_id = b.id JOIN users u ON u.id = m.user_id
      WHERE u.deleted IS NULL AND u.kind = 'person' ORDER BY u.id`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  /** The ids of the groups a group is a direct member of. */
  async parentIdsOf(groupId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('group_groups').select('group_id').where('member_group_id', '=', groupId).orderBy('group_id').execute();
    return rows.map((r) => r.group_id);
  }

  /**
   * Takes the group-graph lock until the transaction ends, so that a cycle check and the nesting it allows are not
   * interleaved with another's: of two opposite additions made at once, the second sees the first and is refused.
   * Call inside a transaction (`inTransaction`).
   */
  async lockGraph(): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${USERS_LOCK_SPACE}::int, ${GROUP_GRAPH_LOCK}::int)`.execute(this.db);
  }

  /**
   * Whether `memberGroupId` may not become a member of `groupId`: it is the same group, or `groupId` already is a
   * member of `memberGroupId` at any depth (the nesting would close a cycle). One recursive query down from
   * `memberGroupId`; UNION stops at groups already reached.
   */
  async wouldCycle(groupId: number, memberGroupId: number): Promise<boolean> {
    if (groupId === memberGroupId) return true;
    const { rows } = await sql<{ found: boolean }>`
      WITH RECURSIVE below(id) AS (
        SELECT member_group_id FROM group_groups WHERE group_id = ${memberGroupId}
        UNION
        SELECT gg.member_group_id FROM group_groups gg JOIN below b ON gg.group_id = b.id
      )
      SELECT EXISTS (SELECT 1 FROM below WHERE id = ${groupId}) AS found`.execute(this.db);
    return rows[0]?.found === true;
  }

  /** Makes `memberGroupId` a member of `groupId` (already one: nothing happens). Check {@link wouldCycle} first. */
  async nest(groupId: number, memberGroupId: number): Promise<void> {
    await this.db
      .insertInto('group_groups')
      .values({ group_id: groupId, member_group_id: memberGroupId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Ends `memberGroupId`'s membership of `groupId` (not a member: nothing happens). */
  async unnest(groupId: number, memberGroupId: number): Promise<void> {
    await this.db.deleteFrom('group_groups').where('group_id', '=', groupId).where('member_group_id', '=', memberGroupId).execute();
  }

  /** Adds users to a group (already members: nothing happens). */
  async addUsers(groupId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('group_members')
      .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Removes users from a group (not members: nothing happens). */
  async removeUsers(groupId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', [...userIds])
      .execute();
  }
}
