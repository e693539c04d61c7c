import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, InvitationType, SignupRow, SignupsTable, StoredSignupAnswer, StoredSignupField } from '../db/schema.ts';
import type { GroupName } from './invitations.repository.ts';

/** A sign-up to store (pending), with the groups its account will join. */
export interface NewSignup {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  userData: readonly StoredSignupAnswer[];
  invitationId: number | null;
  invitationType: InvitationType | 'open';
  groupIds: readonly number[];
}

/** The sign-up settings as the service uses them. */
export interface SignupSettingsRecord {
  openSignup: boolean;
  adminCanAssignGroups: boolean;
  fields: StoredSignupField[];
}

/**
 * Sign-ups, the groups their accounts join and the sign-up settings (migration 0025; issue 14). One pending sign-up
 * per address (a unique index on `lower(email)` of pending rows).
 */
export class SignupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a pending sign-up and its groups (call inside a transaction: two statements).
   * @throws the database's 23505 when a pending sign-up has that address already.
   */
  async insert(signup: NewSignup): Promise<SignupRow> {
    const row = await this.db
      .insertInto('signups')
      .values({
        id: signup.id,
        email: signup.email,
        first_name: signup.firstName,
        last_name: signup.lastName,
        password_hash: signup.passwordHash,
        user_data: JSON.stringify(signup.userData),
        invitation_id: signup.invitationId,
        invitation_type: signup.invitationType,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (signup.groupIds.length > 0) {
      await this.db
        .insertInto('signup_groups')
        .values(signup.groupIds.map((groupId) => ({ signup_id: signup.id, group_id: groupId })))
        .execute();
    }
    return row;
  }

  /** A pending sign-up, or undefined. With `forUpdate`, locked until the transaction ends (a decision waits for another). */
  findPending(id: string, options: { forUpdate?: boolean } = {}): Promise<SignupRow | undefined> {
    const query = this.db.selectFrom('signups').selectAll().where('id', '=', id).where('status', '=', 'pending');
    return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Every pending sign-up, oldest first. */
  listPending(): Promise<SignupRow[]> {
    return this.db.selectFrom('signups').selectAll().where('status', '=', 'pending').orderBy('created').orderBy('id').execute();
  }

  /** How many sign-ups are pending. */
  async countPending(): Promise<number> {
    const row = await this.db
      .selectFrom('signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The groups each sign-up's account joins, by name. */
  async groupsOf(signupIds: readonly string[]): Promise<Map<string, GroupName[]>> {
    const groups = new Map<string, GroupName[]>();
    if (signupIds.length === 0) return groups;
    const rows = await this.db
      .selectFrom('signup_groups as sg')
      .innerJoin('groups as g', 'g.id', 'sg.group_id')
      .select(['sg.signup_id', 'g.id', 'g.name'])
      .where('sg.signup_id', 'in', [...signupIds])
      .orderBy(sql`lower(g.name)`)
      .execute();
    for (const row of rows) groups.set(row.signup_id, [...(groups.get(row.signup_id) ?? []), { id: row.id, name: row.name }]);
    return groups;
  }

  /** Changes a pending sign-up's names or answers. */
  async update(id: string, values: Pick<Updateable<SignupsTable>, 'first_name' | 'last_name' | 'user_data'>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('signups').set(values).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /**
   * Decides a pending sign-up: `approved` (naming the user made) or `rejected`; its password hash is erased.
   * @returns false when it was no longer pending.
   */
  async decide(id: string, decision: { status: 'approved' | 'rejected'; userId?: number; decidedBy: number | null }): Promise<boolean> {
    const result = await this.db
      .updateTable('signups')
      .set({ status: decision.status, user_id: decision.userId ?? null, decided_by: decision.decidedBy, decided: sql`now()`, password_hash: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether a pending sign-up has this address (case-insensitively). */
  async pendingWithAddress(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('signups')
      .select('id')
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The live users whose address or user name is `email` (case-insensitively): a sign-up with it would make a second
   * account for the same person, or one named as another is.
   */
  async usersWithAddress(emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const lowered = emails.map((email) => email.toLowerCase());
    const rows = await this.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('deleted', 'is', null)
      .where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'in', lowered), eb(eb.fn('lower', ['username']), 'in', lowered)]))
      .execute();
    const taken = new Set(rows.flatMap((row) => [row.email.toLowerCase(), row.username.toLowerCase()]));
    return emails.filter((email) => taken.has(email.toLowerCase()));
  }

  /** The sign-up settings (the one row of `signup_settings`). */
  async settings(): Promise<SignupSettingsRecord> {
    const row = await this.db.selectFrom('signup_settings').selectAll().executeTakeFirst();
    return { openSignup: row?.open_signup ?? false, adminCanAssignGroups: row?.admin_can_assign_groups ?? true, fields: row?.fields ?? [] };
  }

  /** Replaces the sign-up settings. */
  async saveSettings(settings: SignupSettingsRecord): Promise<void> {
    const values = { open_signup: settings.openSignup, admin_can_assign_groups: settings.adminCanAssignGroups, fields: JSON.stringify(settings.fields) };
    await this.db
      .insertInto('signup_settings')
      .values(values)
      .onConflict((oc) => oc.column('singleton').doUpdateSet({ ...values, modified: sql`now()` }))
      .execute();
  }
}
