import type { Kysely } from 'kysely';
import type { Database, PasswordResetRow, UserRow } from '../db/schema.ts';

/**
 * Password reset links (`password_resets`, migration 0026; issue 14 "Password reset") and the one read of `users` they
 * need: the accounts of an e-mail address. Links are found by the SHA-256 of their token only.
 */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The live (not deleted) users whose e-mail address is `email`, compared case-insensitively, at most `limit`, by id.
   * Whether each may reset a password is the service's rule.
   */
  usersByEmail(email: string, limit: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('deleted', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Stores a new link: the hash of its token, its user, when it stops working. */
  async insert(link: { tokenHash: string; userId: number; expires: Date }): Promise<void> {
    await this.db.insertInto('password_resets').values({ token_hash: link.tokenHash, user_id: link.userId, expires: link.expires }).execute();
  }

  /** The link whose token has this SHA-256 hash (hex), used or not, expired or not; undefined when none has. */
  find(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Uses up a link at `now`, if it is still open and unexpired then, and with it every other open link of its user: the
   * one statement that makes a link single-use, whoever else tries it at the same moment.
   * @returns true when this call used it; false when it was used (or expired) meanwhile.
   */
  async useUp(link: Pick<PasswordResetRow, 'id' | 'user_id'>, now: Date): Promise<boolean> {
    const used = await this.db.updateTable('password_resets').set({ used: now }).where('id', '=', link.id).where('used', 'is', null).where('expires', '>', now).executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) return false;
    await this.db.updateTable('password_resets').set({ used: now }).where('user_id', '=', link.user_id).where('used', 'is', null).execute();
    return true;
  }

  /** Deletes the links that expired before `before` (housekeeping: a used or expired link answers 410 until then). */
  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.db.deleteFrom('password_resets').where('expires', '<', before).execute();
  }
}
