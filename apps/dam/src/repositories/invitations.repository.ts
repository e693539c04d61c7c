import { sql, type Kysely } from 'kysely';
import type { Database, InvitationRow, InvitationType } from '../db/schema.ts';
import { escapeLike } from './like.ts';

/** An invitation to store, with the groups it grants. */
export interface NewInvitation {
  type: InvitationType;
  tokenHash: string;
  tokenSalt: string;
  email: string | null;
  organizationDomain: string | null;
  description: string;
  message: string;
  approveAutomatically: boolean;
  createdBy: number;
  /** Null for never. */
  expires: Date | null;
  groupIds: readonly number[];
}

/** An active invitation as the management grid lists it, with its inviter's name. */
export type InvitationListRow = InvitationRow & { created_by_name: string | null };

/** A group as pickers carry it. */
export interface GroupName {
  id: number;
  name: string;
}

/** A user who joined through an invitation. */
export interface RedeemerRow {
  invitation_id: number;
  id: number;
  name: string;
  username: string;
}

/** The SQL condition of an invitation that still admits someone (not revoked, not used up, not expired). */
const ACTIVE = sql<boolean>`i.revoked IS NULL AND i.used IS NULL AND (i.expires IS NULL OR i.expires > now())`;

/**
 * Invitations, the groups they grant and who joined through them (migration 0025; issue 14). "Active" is the database's
 * clock: not revoked, not used, not expired.
 */
export class InvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores an invitation and its groups (call inside a transaction: two statements). */
  async insert(invitation: NewInvitation): Promise<InvitationRow> {
    const row = await this.db
      .insertInto('invitations')
      .values({
        type: invitation.type,
        token_hash: invitation.tokenHash,
        token_salt: invitation.tokenSalt,
        email: invitation.email,
        organization_domain: invitation.organizationDomain,
        description: invitation.description,
        message: invitation.message,
        approve_automatically: invitation.approveAutomatically,
        created_by: invitation.createdBy,
        expires: invitation.expires,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (invitation.groupIds.length > 0) {
      await this.db
        .insertInto('invitation_groups')
        .values(invitation.groupIds.map((groupId) => ({ invitation_id: row.id, group_id: groupId })))
        .execute();
    }
    return row;
  }

  /** The invitation whose token hashes to `tokenHash` (revoked, used and expired ones too), or undefined. */
  findByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
    return this.db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * A page of active invitations, newest first (by id: the partial index, so any page costs what the first costs).
   * @param options.before only invitations older than this id; `limit` rows at most.
   */
  async listActive(options: { before?: number | undefined; limit: number }): Promise<InvitationListRow[]> {
    let query = this.db
      .selectFrom('invitations as i')
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .selectAll('i')
      .select(sql<string | null>`nullif(coalesce(nullif(u.full_name, ''), u.username), '')`.as('created_by_name'))
      .where(ACTIVE);
    if (options.before !== undefined) query = query.where('i.id', '<', options.before);
    return query.orderBy('i.id', 'desc').limit(options.limit).execute();
  }

  /** How many invitations are active. */
  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom('invitations as i')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(ACTIVE)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The groups each invitation grants, by name. */
  async groupsOf(invitationIds: readonly number[]): Promise<Map<number, GroupName[]>> {
    const groups = new Map<number, GroupName[]>();
    if (invitationIds.length === 0) return groups;
    const rows = await this.db
      .selectFrom('invitation_groups as ig')
      .innerJoin('groups as g', 'g.id', 'ig.group_id')
      .select(['ig.invitation_id', 'g.id', 'g.name'])
      .where('ig.invitation_id', 'in', [...invitationIds])
      .orderBy(sql`lower(g.name)`)
      .execute();
    for (const row of rows) groups.set(row.invitation_id, [...(groups.get(row.invitation_id) ?? []), { id: row.id, name: row.name }]);
    return groups;
  }

  /** The ids of the groups an invitation grants. */
  async groupIdsOf(invitationId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('invitation_groups').select('group_id').where('invitation_id', '=', invitationId).orderBy('group_id').execute();
    return rows.map((row) => row.group_id);
  }

  /** The live users who joined through each invitation, oldest first. */
  async redeemersOf(invitationIds: readonly number[]): Promise<Map<number, RedeemerRow[]>> {
    const redeemers = new Map<number, RedeemerRow[]>();
    if (invitationIds.length === 0) return redeemers;
    const rows = await this.db
      .selectFrom('invitation_redemptions as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.invitation_id', 'u.id', 'u.full_name as name', 'u.username'])
      .where('r.invitation_id', 'in', [...invitationIds])
      .where('u.deleted', 'is', null)
      .orderBy('r.created')
      .orderBy('u.id')
      .execute();
    for (const row of rows) redeemers.set(row.invitation_id, [...(redeemers.get(row.invitation_id) ?? []), row]);
    return redeemers;
  }

  /** Revokes an active invitation. @returns false when there is none with that id (or it is no longer active). */
  async revoke(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations as i')
      .set({ revoked: sql`now()` })
      .where('i.id', '=', id)
      .where(ACTIVE)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Uses up an active invitation (a users invitation's one sign-up), atomically: of two sign-ups at once, one wins.
   * @returns false when it is no longer active.
   */
  async useUp(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations as i')
      .set({ used: sql`now()` })
      .where('i.id', '=', id)
      .where(ACTIVE)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records that `userId` joined through the invitation (spec 03 §2.2 "redeemed by"); again: nothing happens. */
  async recordRedemption(invitationId: number, userId: number): Promise<void> {
    await this.db
      .insertInto('invitation_redemptions')
      .values({ invitation_id: invitationId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Groups new people may be given, by name (spec 01 §5 group search): not built-in (Everyone, Registered Users and
   * the guests are never granted), whose name contains `q` (case-insensitively), only `among` when given.
   */
  async searchGrantableGroups(options: { q?: string | undefined; among?: readonly number[] | undefined; limit: number }): Promise<GroupName[]> {
    if (options.among !== undefined && options.among.length === 0) return [];
    let query = this.db.selectFrom('groups').select(['id', 'name']).where('builtin_key', 'is', null);
    if (options.q) query = query.where('name', 'ilike', `%${escapeLike(options.q)}%`);
    if (options.among !== undefined) query = query.where('id', 'in', [...options.among]);
    return query
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(options.limit)
      .execute();
  }
}
