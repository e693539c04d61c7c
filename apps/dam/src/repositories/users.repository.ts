import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, UserRow, UsersTable } from '../db/schema.ts';
import { escapeLike } from './like.ts';

/** Built-in group keys (spec 01 §5: the default groups Everyone and Registered Users cannot be removed). */
export const BUILTIN_GROUPS = { everyone: 'everyone', registered: 'registered', guests: 'guests' } as const;

/** Who a user is to the rules: every group they are in, directly, implicitly or through nested groups, and what those groups hold. */
export interface Principal {
  /** Group ids, ascending: direct memberships, the built-ins that apply, and every group those are members of. */
  groupIds: number[];
  /** The plain group permissions of spec 03 §3.3 held through any of those groups. */
  permissions: string[];
}

/** A user row with the last login, kept apart in `user_logins` (null: never). */
export type UserRecord = UserRow & { last_login: Date | null };

/** Columns a user list may be sorted on (dam.yaml `UserSortField`); `fullName` sorts on the first name, then the last. */
export type UserSortKey = 'id' | 'username' | 'fullName' | 'firstName' | 'lastName' | 'company' | 'licenseLevel' | 'expires' | 'lastLoginDate' | 'isEnabled';

/** A page of a user list: what to find, how to sort, which rows. */
export interface UserListQuery {
  /** Case-insensitive substring of the username, first, last or full name, e-mail or company. */
  q?: string | undefined;
  sort: UserSortKey;
  descending: boolean;
  /** Rows to skip and to answer (no limit: every row from `offset` on). */
  offset: number;
  limit?: number | undefined;
  /** Whether the guest user is listed (guest access on); application users never are. */
  includeGuest: boolean;
}

/** The advisory-lock space of the users and groups administration: (space, 1) the group graph, (space, 2) license seats. */
export const USERS_LOCK_SPACE = 0x5547;
/** The advisory lock serialising license-seat checks with the writes they guard. */
const SEATS_LOCK = 2;

/** At most this many permission holders are mailed about one thing waiting for them (a sign-up, an order), the first by id. */
export const MAX_HOLDERS_MAILED = 25;

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

  /**
   * {@link findById} with the row locked until the transaction ends (`FOR UPDATE`), so that a concurrent delete or
   * status change waits and then sees what this transaction did. Call inside a transaction (`inTransaction`).
   */
  findByIdForUpdate(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).where('deleted', 'is', null).forUpdate().executeTakeFirst();
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

  /**
   * The live, enabled people who hold a group permission (through any group, to any depth, or through Everyone or
   * Registered Users), and the site owner, who may do everything: their id, name and address, for the mail that asks
   * them to act (issue 14: a new sign-up waits for an approver). People without an address are left out.
   * @param permission a group permission name, e.g. `approvePendingSignups`.
   * @param limit at most this many, by id.
   */
  async holdersOf(permission: string, limit: number): Promise<Array<{ id: number; full_name: string; username: string; email: string }>> {
    const { rows } = await sql<{ id: number; full_name: string; username: string; email: string }>`
      WITH RECURSIVE holders(id) AS (
        SELECT group_id FROM group_permissions WHERE permission = ${permission}
        UNION
        SELECT gg.member_group_id FROM group_groups gg JOIN holders h ON gg.group_id = h.id
      )
      SELECT u.id, u.full_name, u.username, u.email FROM users u
      WHERE u.deleted IS NULL AND u.is_enabled AND u.kind <> 'guest' AND u.email <> ''
        AND (u.id IN (SELECT user_id FROM site_owner)
          OR EXISTS (SELECT 1 FROM group_members m JOIN holders h ON m.group_id = h.id WHERE m.user_id = u.id)
          OR EXISTS (SELECT 1 FROM holders h JOIN groups g ON g.id = h.id
                     WHERE g.builtin_key IN (${BUILTIN_GROUPS.everyone}, ${BUILTIN_GROUPS.registered})))
      ORDER BY u.id LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Makes `userId` the site owner (the one row of `site_owner`), replacing any other. */
  async setSiteOwner(userId: number): Promise<void> {
    await this.db
      .insertInto('site_owner')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('singleton').doUpdateSet({ user_id: userId, modified: sql`now()` }))
      .execute();
  }

  /** Live users by id (any kind), with their last login; ids that name no live user are absent. */
  async findRecords(ids: readonly number[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('users')
      .leftJoin('user_logins', 'user_logins.user_id', 'users.id')
      .selectAll('users')
      .select('user_logins.last_login')
      .where('users.id', 'in', [...ids])
      .where('users.deleted', 'is', null)
      .execute();
  }

  /**
   * One page of live users and how many match (spec 03 §7 user lists): people only (plus the guest user when
   * `includeGuest`), filtered by `q`, sorted with the id as the tie-break.
   */
  async list(query: UserListQuery): Promise<{ rows: UserRecord[]; count: number }> {
    let base = this.db
      .selectFrom('users')
      .leftJoin('user_logins', 'user_logins.user_id', 'users.id')
      .where('users.deleted', 'is', null)
      .where('users.kind', 'in', query.includeGuest ? ['person', 'guest'] : ['person']);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      base = base.where((eb) =>
        eb.or(
          ['users.username', 'users.first_name', 'users.last_name', 'users.full_name', 'users.email', 'users.company'].map((c) =>
            eb(eb.ref(c as 'users.username'), 'ilike', pattern),
          ),
        ),
      );
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dir = query.descending ? 'desc' : 'asc';
    const nulls = query.descending ? sql.raw('desc nulls last') : sql.raw('asc nulls last');
    let page = base.selectAll('users').select('user_logins.last_login');
    const lower = (column: string) => sql`lower(${sql.ref(column)})`;
    switch (query.sort) {
      case 'id':
        break;
      case 'username':
        page = page.orderBy(lower('users.username'), dir);
        break;
      case 'fullName':
        page = page.orderBy(lower('users.first_name'), dir).orderBy(lower('users.last_name'), dir);
        break;
      case 'firstName':
        page = page.orderBy(lower('users.first_name'), dir);
        break;
      case 'lastName':
        page = page.orderBy(lower('users.last_name'), dir);
        break;
      case 'company':
        page = page.orderBy(lower('users.company'), dir);
        break;
      case 'licenseLevel':
        page = page.orderBy('users.license_level', dir);
        break;
      case 'expires':
        page = page.orderBy(sql`users.expires ${nulls}`);
        break;
      case 'lastLoginDate':
        page = page.orderBy(sql`user_logins.last_login ${nulls}`);
        break;
      case 'isEnabled':
        page = page.orderBy('users.is_enabled', dir);
        break;
    }
    page = page.orderBy('users.id', dir).offset(query.offset);
    const rows = await (query.limit === undefined ? page : page.limit(query.limit)).execute();
    return { rows, count: Number(n) };
  }

  /**
   * How many live users FotoWare's Beta count answers (`GET /fotoweb/api/users/count`): people (and the guest user when
   * `includeGuest`), optionally only those of one license level or mode.
   */
  async countUsers(filter: { level?: number | undefined; mode?: number | undefined; includeGuest: boolean }): Promise<number> {
    let query = this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted', 'is', null)
      .where('kind', 'in', filter.includeGuest ? ['person', 'guest'] : ['person']);
    if (filter.level !== undefined) query = query.where('license_level', '=', filter.level);
    if (filter.mode !== undefined) query = query.where('license_mode', '=', filter.mode);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Inserts a user with every column given or defaulted; answers the row. @throws the database's 23505 when the username is taken. */
  insert(values: Insertable<UsersTable>): Promise<UserRow> {
    return this.db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Changes a live user's columns (and `modified`). @throws the database's 23505 when a new username is taken. */
  async update(id: number, values: Updateable<UsersTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('users')
      .set({ ...values, modified: sql`now()` })
      .where('id', '=', id)
      .where('deleted', 'is', null)
      .execute();
  }

  /**
   * Deletes a user softly (plan risk 4): the row stays for what still names it (uploads, tasks, revisions), the
   * username is free again at once, and the user's group memberships and access-list entries go. Tokens are the
   * caller's to revoke.
   */
  async softDelete(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ deleted: sql`now()`, modified: sql`now()` })
      .where('id', '=', id)
      .where('deleted', 'is', null)
      .execute();
    await this.db.deleteFrom('group_members').where('user_id', '=', id).execute();
    await this.db.deleteFrom('archive_acl').where('principal_type', '=', 'user').where('principal_id', '=', id).execute();
  }

  /** Records a successful login (`account.lastLoginDate`), apart from `users` so that it does not advance the catalog generation. */
  async recordLogin(userId: number, at = new Date()): Promise<void> {
    await this.db
      .insertInto('user_logins')
      .values({ user_id: userId, last_login: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_login: at }))
      .execute();
  }

  /**
   * Takes the license-seat lock until the transaction ends, so that a seat check and the write it allows are not
   * interleaved with another's. Call inside a transaction (`inTransaction`).
   */
  async lockSeats(): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${USERS_LOCK_SPACE}::int, ${SEATS_LOCK}::int)`.execute(this.db);
  }

  /** Seats taken at a license level: enabled, live people at that level, not counting `exceptUserId`. */
  async seatsTaken(level: number, exceptUserId?: number): Promise<number> {
    let query = this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'person')
      .where('deleted', 'is', null)
      .where('is_enabled', '=', true)
      .where('license_level', '=', level);
    if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** The ids of the groups a user is an explicit member of (the built-ins' implicit members excluded). */
  async explicitGroupIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
    return rows.map((r) => r.group_id);
  }

  /** Adds a user to groups (already a member: nothing happens). */
  async addToGroups(userId: number, groupIds: readonly number[]): Promise<void> {
    if (groupIds.length === 0) return;
    await this.db
      .insertInto('group_members')
      .values(groupIds.map((groupId) => ({ group_id: groupId, user_id: userId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Removes a user from groups (not a member: nothing happens). */
  async removeFromGroups(userId: number, groupIds: readonly number[]): Promise<void> {
    if (groupIds.length === 0) return;
    await this.db
      .deleteFrom('group_members')
      .where('user_id', '=', userId)
      .where('group_id', 'in', [...groupIds])
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
