/**
 * The end-to-end stack's mail server (issue 14 "Mail": mail that really leaves the server). `global-setup.ts` starts a
 * real SMTP server on 127.0.0.1 (tests/support/smtp.ts) that the DAM sends to through `SMTP_URL`, and beside it a small
 * HTTP mailbox that answers what the SMTP server received, so that specs (in Playwright's worker processes) read the
 * mail people would get, as a mail reader would: {@link mailTo}, {@link linkIn}.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { startTestSmtpServer } from '../support/smtp.ts';

/** One message the SMTP server accepted, as the mailbox answers it. */
export interface MailboxMessage {
  /** The envelope's recipients (`RCPT TO`). */
  to: string[];
  /** The envelope's sender (`MAIL FROM`). */
  from: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** The `Message-ID` header. */
  messageId: string;
}

/** The running mail server and its mailbox. */
export interface Mailbox {
  /** What the DAM's `SMTP_URL` is set to. */
  readonly smtpUrl: string;
  /** `http://127.0.0.1:<port>`: `GET /messages` answers every {@link MailboxMessage} so far, oldest first. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server and the HTTP mailbox beside it, both on free ports of 127.0.0.1. */
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startTestSmtpServer();
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const messages: MailboxMessage[] = smtp.received.map((mail) => ({
      to: mail.envelope.to,
      from: mail.envelope.from,
      subject: mail.parsed.subject ?? '',
      text: mail.parsed.text ?? '',
      html: mail.parsed.html ?? '',
      messageId: mail.parsed.messageId ?? '',
    }));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** The stack's SMTP server as the outbox names it, `smtp://host:port` (`MAGPIE_E2E_SMTP_URL`, set by global-setup.ts). */
export function smtpServerAddress(): string {
  const url = process.env.MAGPIE_E2E_SMTP_URL;
  if (!url) throw new Error('MAGPIE_E2E_SMTP_URL is not set: run through tests/e2e/playwright.config.ts');
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}

/** The messages the stack's SMTP server received so far (`MAGPIE_E2E_MAILBOX_URL`, set by global-setup.ts). */
export async function receivedMail(): Promise<MailboxMessage[]> {
  const url = process.env.MAGPIE_E2E_MAILBOX_URL;
  if (!url) throw new Error('MAGPIE_E2E_MAILBOX_URL is not set: run through tests/e2e/playwright.config.ts (its globalSetup starts the mail server)');
  const response = await fetch(`${url}/messages`);
  if (!response.ok) throw new Error(`The test mailbox answered HTTP ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/**
 * Waits (at most 20 s: the DAM sends as a background job) until the SMTP server received `count` messages to `address`
 * whose subject matches `subject`, and answers them, oldest first.
 */
export async function mailTo(address: string, subject: RegExp | string, count = 1): Promise<MailboxMessage[]> {
  const matches = (message: MailboxMessage) => message.to.includes(address) && (typeof subject === 'string' ? message.subject === subject : subject.test(message.subject));
  let found: MailboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = (await receivedMail()).filter(matches);
        return found.length;
      },
      { message: `${count} mail(s) to ${address} with the subject ${String(subject)}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/**
 * The path and query of the first link in `message`'s text whose path is `path` (the mail carries absolute links built
 * from `MAGPIE_PUBLIC_URL`, which is not the test stack's address), for `page.goto` against the stack.
 * @throws when the text has no such link.
 */
export function linkIn(message: MailboxMessage, path: string): string {
  const url = new RegExp(`https?://[^\\s/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?\\S*)?`).exec(message.text)?.[0];
  expect(url, `a link to ${path} in:\n${message.text}`).toBeDefined();
  const { pathname, search } = new URL(url!);
  return `${pathname}${search}`;
}
