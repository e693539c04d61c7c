import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JobRow, MailMessageRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { JobsRepository } from '../repositories/jobs.repository.ts';
import type { JobHandler, WorkerLogger } from '../jobs/worker.ts';
import { isMailAddress } from './address.ts';
import { MailRepository } from './mail.repository.ts';
import { describeMailError, isPermanentMailError, type MailTransport } from './smtp-transport.ts';

/** The background job that delivers one message (payload `{messageId}`). */
export const SEND_MAIL_JOB = 'send-mail';

/**
 * How long a message waits before the next attempt after its n-th failed one (ms): 1 min, 5 min, 15 min, 1 h, 2 h,
 * 4 h, 8 h. An SMTP server that is down for a restart gets the message within minutes; one down for a night still gets
 * it the next morning.
 */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 2 * 3_600_000, 4 * 3_600_000, 8 * 3_600_000] as const;

/** Delivery attempts a message gets (the first and one per retry delay): about 15½ hours of trying, then it fails. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

/** The wait after `failedAttempts` failed attempts (1-based; past the table, the longest delay). */
export function mailRetryDelayMs(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), MAIL_RETRY_DELAYS_MS.length) - 1;
  return MAIL_RETRY_DELAYS_MS[index]!;
}

/** What a message is for, shown in the outbox. Invitations, sign-ups and password resets add theirs. */
export type MailPurpose = 'test' | 'password-reset' | 'invitation' | 'signup-pending' | 'signup-approved' | 'signup-rejected' | 'alert' | 'order-submitted' | 'order-decided';

/** A message for {@link Mailer.queue}. */
export interface MailToQueue {
  purpose: MailPurpose;
  /** One recipient address (checked with `isMailAddress`). */
  to: string;
  /** One line. */
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, saying the same as `text`; absent for plain text only. */
  html?: string | undefined;
  /** The user whose action queues it; absent when Magpie itself does. */
  requestedBy?: number | undefined;
  /**
   * Its parts are erased once it is sent: a link in it signs its recipient in (a password reset), so no administrator
   * should read it afterwards. Held in the outbox (no SMTP server), it stays readable: that is how it reaches its
   * recipient then.
   */
  sensitive?: boolean | undefined;
  /** Images the HTML part shows as `cid:<cid>` (an alert's thumbnails): small JPEGs, sent as related parts. */
  inlineImages?: ReadonlyArray<{ cid: string; contentType: string; filename: string; content: Buffer }> | undefined;
}

/** How mail leaves the server: `smtp` through {@link MailTransport}, or `outbox` (held for administrators to read). */
export type MailMode = 'smtp' | 'outbox';

/** What {@link Mailer} needs. */
export interface MailerOptions {
  /** The SMTP server (`SMTP_URL`); undefined: outbox mode. */
  transport: MailTransport | undefined;
  /** The sender (`MAGPIE_MAIL_FROM`); needed with a transport (config.ts refuses one without it). */
  from: string | undefined;
  /** The domain of the Message-IDs it makes (the public URL's host). */
  messageIdDomain: string;
  /** Called when a job was queued, to wake the worker. */
  onQueued: () => void;
  log: WorkerLogger;
}

/** How many times a sent message's record is tried before the job gives up (the database is briefly unreachable). */
const MARK_SENT_TRIES = 3;
/** The wait between those tries (ms). */
const MARK_SENT_RETRY_MS = 1_000;

/**
 * Magpie's mail (issue 14 "Mail"): the one interface services send mail through. {@link Mailer.queue} stores a message
 * and, when an SMTP server is configured (`SMTP_URL`), queues its `send-mail` job in the same transaction: a message is
 * never lost, whatever crashes after the commit. Without an SMTP server the message is `held` in the outbox, which
 * administrators read (`listMail`), so the embedded default works with no mail server.
 *
 * Delivery ({@link Mailer.deliver}, the job) happens in the job worker (`FOR UPDATE SKIP LOCKED`, heartbeats): a server
 * that is down or answers 4yz is tried again after {@link MAIL_RETRY_DELAYS_MS}, {@link MAIL_MAX_ATTEMPTS} times in all;
 * a permanent refusal (5yz) fails the message at once. Each attempt, its error and the server's answer are recorded on
 * the message.
 *
 * Never twice: a message is sent only while it is `queued`, and recorded `sent` right after the server accepted it, so
 * a repeated run of its job (taken over after a crash, retried) sends nothing. What remains is the window between the
 * server's acceptance and that record: a process killed in it, a database unreachable for all of
 * {@link MARK_SENT_TRIES} tries, or a job taken over while its SMTP conversation still ran (its lock not renewed for
 * `JOB_LOCK_GIVE_UP_MS`) sends the message once more. The copy carries the same Message-ID and Date, which mail
 * readers and many servers use to recognise a repeat. At-least-once is the choice: a lost invitation is worse than a
 * rare second one.
 */
export class Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: MailerOptions,
  ) {}

  /** `smtp` with an SMTP server, else `outbox`. */
  get mode(): MailMode {
    return this.options.transport ? 'smtp' : 'outbox';
  }

  /** How mail leaves the server, for the outbox and the logs: the mode, the SMTP server without credentials, the sender. */
  get delivery(): { mode: MailMode; server: string | null; from: string | null } {
    return { mode: this.mode, server: this.options.transport?.server ?? null, from: this.options.from ?? null };
  }

  /**
   * Stores a message and, with an SMTP server, queues its delivery job, in one transaction: `db` when it is a
   * transaction (the caller's work and the message commit or roll back together), else a new one. The worker is woken
   * once the job is queued (a job queued inside the caller's transaction is found by the worker's next poll after that
   * transaction commits, within `JOB_IDLE_POLL_MS`).
   * @returns the stored message: `queued`, or `held` in outbox mode.
   * @throws Error when `to` is not one e-mail address or `subject` holds a line break (a caller's bug: services check
   *   what people type before they queue).
   */
  async queue(mail: MailToQueue, db: Kysely<Database> = this.db): Promise<MailMessageRow> {
    if (!isMailAddress(mail.to)) throw new Error(`Mail needs one recipient address, got "${mail.to}".`);
    if (/[\r\n]/.test(mail.subject)) throw new Error('A mail subject is one line.');
    const held = this.options.transport === undefined;
    const row = await inTransaction(db, async (trx) => {
      const stored = await new MailRepository(trx).insert({
        purpose: mail.purpose,
        to_address: mail.to,
        from_address: this.options.from ?? null,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        message_id: `<${randomUUID()}@${this.options.messageIdDomain}>`,
        status: held ? 'held' : 'queued',
        sensitive: mail.sensitive ?? false,
        requested_by: mail.requestedBy ?? null,
        inline_images: JSON.stringify(
          (mail.inlineImages ?? []).map((image) => ({ cid: image.cid, contentType: image.contentType, filename: image.filename, base64: image.content.toString('base64') })),
        ),
      });
      if (!held) await new JobsRepository(trx).enqueue(SEND_MAIL_JOB, { messageId: stored.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
      return stored;
    });
    if (!held) this.options.onQueued();
    return row;
  }

  /**
   * Delivers the message of a `send-mail` job: one attempt. Does nothing for a message that is no longer `queued`
   * (already sent, failed or held: a repeated run sends nothing twice), and holds it in the outbox when the server now
   * runs without SMTP. On success the message is `sent`; on a permanent refusal it is `failed` and the job ends; on any
   * other failure the message records the error and when it is tried again, and the error is rethrown so that the
   * worker retries the job after {@link mailRetryDelayMs} (or, on the last attempt, the message is `failed`).
   * @throws the transport's error for a failure worth retrying; the database's error when a record fails.
   */
  async deliver(job: JobRow, signal: AbortSignal): Promise<void> {
    const id = Number(job.payload['messageId']);
    const messages = new MailRepository(this.db);
    const message = await messages.find(id);
    if (!message || message.status !== 'queued') return;
    const { transport, from } = this.options;
    if (!transport || !from) return messages.hold(id);
    signal.throwIfAborted();
    if (!(await messages.beginAttempt(id))) return;
    let response: string;
    try {
      const outgoing = {
        from,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        messageId: message.message_id,
        date: message.created,
        inlineImages: message.inline_images.map((image) => ({
          cid: image.cid,
          contentType: image.contentType,
          filename: image.filename,
          content: Buffer.from(image.base64, 'base64'),
        })),
      };
      response = (await transport.send(outgoing, signal)).response;
    } catch (error) {
      const permanent = isPermanentMailError(error);
      const last = permanent || job.attempts >= job.max_attempts;
      await messages.recordFailure(id, describeMailError(error), last ? null : new Date(Date.now() + mailRetryDelayMs(job.attempts)));
      if (!permanent) throw error;
      this.options.log.error({ err: error, messageId: id }, 'the SMTP server refused a message for good; it is not tried again');
      return;
    }
    await this.recordSent(id, response);
  }

  /** Records a sent message, trying again briefly when the database does not answer (see the class comment). */
  private async recordSent(id: number, response: string): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await new MailRepository(this.db).markSent(id, response);
        return;
      } catch (error) {
        if (tries >= MARK_SENT_TRIES) throw error;
        this.options.log.error({ err: error, messageId: id }, 'recording a sent message failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, MARK_SENT_RETRY_MS));
      }
    }
  }

  /** Fails the message of a `send-mail` job the worker gave up (its processes died during every attempt). */
  async giveUp(job: JobRow, reason: string): Promise<void> {
    const id = Number(job.payload['messageId']);
    await new MailRepository(this.db).recordFailure(id, reason, null);
  }

  /** Closes the SMTP transport. */
  close(): void {
    this.options.transport?.close();
  }
}

/** The `send-mail` job handler: {@link Mailer.deliver}, with the mail back-off and the giving up of the worker. */
export function sendMailJob(mailer: Mailer): JobHandler {
  return Object.assign((job: JobRow, signal: AbortSignal) => mailer.deliver(job, signal), {
    retryDelayMs: (job: JobRow) => mailRetryDelayMs(job.attempts),
    giveUp: (job: JobRow, reason: string) => mailer.giveUp(job, reason),
  });
}
