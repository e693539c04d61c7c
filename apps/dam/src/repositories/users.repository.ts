import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

/** Built-in group keys (spec 01 §5: the default groups Everyone and Registered Users cannot be removed). */
export const BUILTIN_GROUPS = { everyone: 'everyone', registered: 'registered', guests: 'guests' } as const;

/** Who a user is to the rules: every group they are in, directly, implicitly or through nested groups, and what those groups hold. */
export interface Principal {
  /** Group ids, ascending: direct memberships, the built-ins that apply, and every group those are members of. */
  groupIds: number[];
  /** The plain group permissions of spec 03 §3.3 held through any of those groups. */
  permissions: string[];
}

/** Users, groups and memberships. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Finds a live (not deleted) user, enabled or disabled, by name, case-insensitively. */
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .where('deleted', 'is', null)
      .executeTakeFirst();
  }

  /** Finds a live (not deleted) user by id. */
  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).where('deleted', 'is', null).executeTakeFirst();
  }

  /** Creates a person with the defaults of spec 03 §3.1 for every field not given. */
  async create(user: { username: string; fullName: string; firstName?: string; lastName?: string; email?: string; passwordHash: string | null }): Promise<UserRow> {
    const [first, ...rest] = user.fullName.split(' ');
    return this.db
      .insertInto('users')
      .values({
        username: user.username,
        full_name: user.fullName,
        first_name: user.firstName ?? first ?? '',
        last_name: user.lastName ?? rest.join(' '),
        email: user.email ?? '',
        password_hash: user.passwordHash,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** How many live people there are (the guest user and application users are not people). */
  count(): Promise<number> {
    return this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'person')
      .where('deleted', 'is', null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** The site owner's user id (spec 03 §6), or undefined before the first start made one. */
  async siteOwnerId(): Promise<number | undefined> {
    const row = await this.db.selectFrom('site_owner').select('user_id').executeTakeFirst();
    return row?.user_id;
  }

  /** Makes `userId` the site owner (the one row of `site_owner`), replacing any other. */
  async setSiteOwner(userId: number): Promise<void> {
    await this.db
      .insertInto('site_owner')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('singleton').doUpdateSet({ user_id: userId, modified: sql`now()` }))
      .execute();
  }

  /** Ensures a built-in group exists and returns its id. */
  async ensureBuiltinGroup(key: string, name: string, description: string): Promise<number> {
    const existing = await this.db.selectFrom('groups').select('id').where('builtin_key', '=', key).executeTakeFirst();
    if (existing) return existing.id;
    const row = await this.db.insertInto('groups').values({ name, description, builtin_key: key }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Every group a user is in and the group permissions those hold, in one recursive query: the user's explicit
   * memberships, Everyone (everybody, guests included), Registered Users (everybody but the guest user), then every
   * group any of those is a member of, to any depth (UNION keeps a cycle from looping, though the DAM refuses them).
   */
  async principalOf(userId: number): Promise<Principal> {
    const { rows } = await sql<{ id: number; permissions: string[] | null }>`
      WITH RECURSIVE closure(id) AS (
        SELECT group_id FROM group_members WHERE user_id = ${userId}
        UNION
        SELECT g.id FROM groups g, users u
          WHERE u.id = ${userId} AND (g.builtin_key = ${BUILTIN_GROUPS.everyone} OR (g.builtin_key = ${BUILTIN_GROUPS.registered} AND u.kind <> 'guest'))
        UNION
        SELECT gg.group_id FROM group_groups gg JOIN closure c ON gg.member_group_id = c.id
      )
      SELECT c.id, (SELECT array_agg(p.permission) FROM group_permissions p WHERE p.group_id = c.id) AS permissions
      FROM closure c ORDER BY c.id`.execute(this.db);
    const permissions = new Set<string>();
    for (const row of rows) for (const permission of row.permissions ?? []) permissions.add(permission);
    return { groupIds: rows.map((r) => r.id), permissions: [...permissions].sort() };
  }

  /** The ids of every group the user is in ({@link principalOf}). */
  async groupIdsOf(userId: number): Promise<number[]> {
    return (await this.principalOf(userId)).groupIds;
  }
}
