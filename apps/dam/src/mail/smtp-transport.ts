import { createTransport } from 'nodemailer';

/** One message as it leaves the server. */
export interface OutgoingMessage {
  /** The sender, `Name <address>` or an address (`MAGPIE_MAIL_FROM`). */
  from: string;
  /** One recipient address. */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The RFC 5322 Message-ID, angle brackets included: the same on every attempt, so a repeat can be recognised. */
  messageId: string;
  /** The Date header: when the message was queued, the same on every attempt. */
  date: Date;
  /** Images the HTML part shows as `cid:<cid>`, sent as related parts (none for most messages). */
  inlineImages?: ReadonlyArray<{ cid: string; contentType: string; filename: string; content: Buffer }>;
}

/** What the SMTP server said when it accepted a message. */
export interface DeliveryReceipt {
  /** Its final answer, e.g. `250 OK: queued as 5F2A…`. */
  response: string;
}

/** How messages leave the server: one SMTP server (issue 14 "Mail"). Tests may pass another. */
export interface MailTransport {
  /** Where mail goes, without credentials (`smtp://host:port`): logged and shown in the outbox. */
  readonly server: string;
  /**
   * Hands one message to the server.
   * @param signal aborts the conversation (the job lost its lock); an abort does not prove the server did not already
   *   accept the message.
   * @throws the transport's error when the server refuses the message or cannot be reached (see
   *   {@link isPermanentMailError}).
   */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<DeliveryReceipt>;
  /** Closes what the transport holds open. */
  close(): void;
}

/**
 * Timeouts of an SMTP conversation (ms): Nodemailer's defaults (2 min to connect, 10 min of silence) would hold a job
 * far longer than its lock is kept without renewal; these end a hung server's attempt well within it, and the job
 * retries later.
 */
export const SMTP_TIMEOUTS_MS = { connection: 15_000, greeting: 15_000, socket: 30_000 } as const;

/**
 * An SMTP transport (Nodemailer) for `SMTP_URL`: one connection per message (mail is rare: invitations, sign-ups,
 * resets), STARTTLS when the server offers it on `smtp:`, TLS from the start on `smtps:`, credentials and Nodemailer's
 * options from the URL.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    server: smtpServerName(smtpUrl),
    async send(message, signal) {
      const info = await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== null ? { html: message.html } : {}),
        messageId: message.messageId,
        date: message.date,
        ...(message.inlineImages && message.inlineImages.length > 0
          ? {
              attachments: message.inlineImages.map((image) => ({
                cid: image.cid,
                contentType: image.contentType,
                filename: image.filename,
                content: image.content,
                contentDisposition: 'inline' as const,
              })),
            }
          : {}),
        // RFC 3834: an automatic message, so vacation responders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal,
      });
      return { response: String(info.response ?? '') };
    },
    close() {
      transport.close();
    },
  };
}

/** `smtp://host:port` of an SMTP URL: what may be shown and logged (never the user or password). */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `${url.protocol}//${url.hostname}:${port}`;
}

/** The fields of a transport error the rules read (Nodemailer's `NodemailerError`). */
interface MailErrorFields {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  response?: string;
  message?: string;
}

/**
 * Whether an attempt failed for good, so that trying again would be refused again: the SMTP server rejected the
 * message or its recipient with a permanent reply (5yz but 503, RFC 5321 §4.2.1; Nodemailer's `permanent`). A server
 * that is down, times out, answers 4yz, or refuses the credentials (which an administrator may fix) is tried again.
 */
export function isPermanentMailError(error: unknown): boolean {
  const fields = (error ?? {}) as MailErrorFields;
  if (fields.code === 'EAUTH') return false;
  return fields.permanent === true;
}

/** One line saying why an attempt failed, for the outbox: the SMTP server's answer, or the connection error. */
export function describeMailError(error: unknown): string {
  const fields = (error ?? {}) as MailErrorFields;
  const text = fields.response ?? fields.message ?? String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return (fields.code && !line.includes(fields.code) ? `${fields.code}: ${line}` : line).slice(0, 1000);
}
