/**
 * A real SMTP server for tests (issue 14 "Mail"): `smtp-server` listening on 127.0.0.1 on a free port, keeping every
 * message it accepted (its envelope, the raw message, and the message parsed with `postal-mime`: subject, addresses,
 * text and HTML parts, headers). A test can make it refuse (a 4yz or 5yz answer to the message), stop it (a server
 * that is down: connections are refused) and start it again on the same port.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import { waitUntil } from './net.ts';

/** One message the server accepted. */
export interface ReceivedMail {
  /** The SMTP envelope: `MAIL FROM` and every `RCPT TO`. */
  envelope: { from: string; to: string[] };
  /** The user name the client authenticated with, when it did. */
  user: string | undefined;
  /** The message as it arrived. */
  raw: string;
  /** The message parsed: `subject`, `from`, `to`, `text`, `html`, `messageId`, `headers`… */
  parsed: Email;
}

/** The answer the server gives to a message while it refuses: an SMTP reply code and its text. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** The port it listens on (kept across {@link TestSmtpServer.stop} and {@link TestSmtpServer.start}). */
  readonly port: number;
  /** `smtp://[user:password@]127.0.0.1:<port>`: what `SMTP_URL` is set to. */
  readonly url: string;
  /** The messages accepted so far, in order. */
  readonly received: ReceivedMail[];
  /** How many messages arrived (accepted or refused). */
  readonly offered: number;
  /** Refuses every message with `refusal` from now on; `undefined` accepts them again. */
  refuse(refusal: SmtpRefusal | undefined): void;
  /** Waits until `count` messages were accepted (at most `timeoutMs`, default 20 s); answers them. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening: the server is down, connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

/**
 * Starts a test SMTP server on 127.0.0.1 (a free port unless `port` is given). Without STARTTLS (the tests talk plain
 * SMTP on the loopback). With `credentials`, a client must log in with them (AUTH PLAIN or LOGIN over plain text,
 * `allowInsecureAuth`), and a wrong password is refused with 535.
 */
export async function startTestSmtpServer(options: { port?: number; credentials?: { user: string; password: string } } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: SmtpRefusal | undefined;
  let offered = 0;
  const { credentials } = options;

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      offered++;
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      const raw = Buffer.concat(chunks).toString('utf8');
      PostalMime.parse(raw).then(
        (parsed) => {
          const from = session.envelope.mailFrom;
          received.push({
            envelope: { from: from ? from.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
            user: typeof session.user === 'string' ? session.user : undefined,
            raw,
            parsed,
          });
          callback();
        },
        (error: unknown) => callback(error as Error),
      );
    });
  };

  const newServer = () =>
    new SMTPServer({
      logger: false,
      disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !credentials,
      allowInsecureAuth: true,
      disableReverseLookup: true,
      onAuth(auth, _session, callback) {
        if (credentials && auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Invalid user name or password'), { responseCode: 535 }));
      },
      onData,
    });

  let server = newServer();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const port = await listen(options.port ?? 0);
  let running = true;
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : '';
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    get offered() {
      return offered;
    },
    refuse(next) {
      refusal = next;
    },
    async waitForMessages(count, timeoutMs = 20_000) {
      return waitUntil(`${count} message(s) at the test SMTP server`, timeoutMs, () => (received.length >= count ? received.slice(0, count) : undefined), 50);
    },
    async stop() {
      if (!running) return;
      running = false;
      await closeServer();
    },
    async start() {
      if (running) return;
      server = newServer();
      await listen(port);
      running = true;
    },
    async close() {
      if (running) await closeServer();
      running = false;
    },
  };
}
