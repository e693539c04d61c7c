import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, MailMessageRow, MailMessagesTable } from '../db/schema.ts';

/** A message to store: what the mailer composed and how it will be delivered. */
export type NewMailMessage = Omit<
  Insertable<MailMessagesTable>,
  'id' | 'attempts' | 'last_error' | 'last_attempt' | 'next_attempt' | 'smtp_response' | 'erased' | 'created' | 'sent'
>;

/** A message with the name of the user who queued it (the outbox shows who). */
export type MailMessageWithRequester = MailMessageRow & { requested_by_name: string | null };

/**
 * The mail table (`mail_messages`, migration 0024; issue 14 "Mail"): messages and their delivery. The updates of a
 * delivery attempt only change a message that is still `queued`, so a second run of its job (taken over after a
 * crash) never records over a message already sent, failed or held.
 */
export class MailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message; answers the row. */
  async insert(message: NewMailMessage): Promise<MailMessageRow> {
    return this.db.insertInto('mail_messages').values(message).returningAll().executeTakeFirstOrThrow();
  }

  /** One message with its requester's name, or undefined. */
  async find(id: number): Promise<MailMessageWithRequester | undefined> {
    return this.withRequester().where('m.id', '=', id).executeTakeFirst();
  }

  /**
   * A page of messages, newest first (by id: the primary key's index, so any page costs what the first costs).
   * @param options.before only messages older than this id; `limit` rows at most.
   */
  async list(options: { before?: number | undefined; limit: number }): Promise<MailMessageWithRequester[]> {
    let query = this.withRequester();
    if (options.before !== undefined) query = query.where('m.id', '<', options.before);
    return query.orderBy('m.id', 'desc').limit(options.limit).execute();
  }

  private withRequester() {
    return this.db
      .selectFrom('mail_messages as m')
      .leftJoin('users as u', 'u.id', 'm.requested_by')
      .selectAll('m')
      .select(sql<string | null>`nullif(coalesce(nullif(u.full_name, ''), u.username), '')`.as('requested_by_name'));
  }

  /**
   * Begins a delivery attempt of a `queued` message: counts it and stamps its time (the database's).
   * @returns the message, or undefined when it is no longer queued (sent, failed or held meanwhile).
   */
  async beginAttempt(id: number): Promise<MailMessageRow | undefined> {
    return this.db
      .updateTable('mail_messages')
      .set({ attempts: sql`attempts + 1`, last_attempt: sql`now()`, next_attempt: null })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records that the SMTP server accepted the message, and erases its parts when it is sensitive. Its inline images
   * go in any case: they served the delivery only.
   * @returns false when it was no longer queued (nothing changed).
   */
  async markSent(id: number, smtpResponse: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_messages')
      .set({
        status: 'sent',
        sent: sql`now()`,
        last_error: null,
        next_attempt: null,
        smtp_response: smtpResponse.slice(0, 1000),
        text_body: sql`CASE WHEN sensitive THEN '' ELSE text_body END`,
        html_body: sql`CASE WHEN sensitive THEN NULL ELSE html_body END`,
        erased: sql`CASE WHEN sensitive THEN now() ELSE NULL END`,
        inline_images: sql`'[]'::jsonb`,
      })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records a failed attempt of a `queued` message: it stays queued until `nextAttempt`, or with `nextAttempt` null
   * it fails for good.
   */
  async recordFailure(id: number, error: string, nextAttempt: Date | null): Promise<void> {
    await this.db
      .updateTable('mail_messages')
      .set({ status: nextAttempt ? 'queued' : 'failed', last_error: error.slice(0, 1000), next_attempt: nextAttempt })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .execute();
  }

  /** Keeps a `queued` message in the outbox (`held`): there is no SMTP server to send it through any more. */
  async hold(id: number): Promise<void> {
    await this.db.updateTable('mail_messages').set({ status: 'held', next_attempt: null }).where('id', '=', id).where('status', '=', 'queued').execute();
  }
}
