import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

/** Built-in group keys (spec 01 §5: the default groups Everyone and Registered Users cannot be removed). */
export const BUILTIN_GROUPS = { everyone: 'everyone', registered: 'registered' } as const;

/** Users, groups and memberships. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Finds an enabled or disabled user by name, case-insensitively. */
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(user: { username: string; fullName: string; email?: string; passwordHash: string | null; isAdmin?: boolean }): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values({ username: user.username, full_name: user.fullName, email: user.email ?? '', password_hash: user.passwordHash, is_admin: user.isAdmin ?? false })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  count(): Promise<number> {
    return this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** Ensures a built-in group exists and returns its id. */
  async ensureBuiltinGroup(key: string, name: string, description: string): Promise<number> {
    const existing = await this.db.selectFrom('groups').select('id').where('builtin_key', '=', key).executeTakeFirst();
    if (existing) return existing.id;
    const row = await this.db.insertInto('groups').values({ name, description, builtin_key: key }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The ids of every group the user belongs to: explicit memberships plus Everyone and Registered Users, which
   * every signed-in user is implicitly part of.
   */
  async groupIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('groups')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('builtin_key', 'in', [BUILTIN_GROUPS.everyone, BUILTIN_GROUPS.registered]),
          eb('id', 'in', eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId)),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }
}
