/**
 * The texts of Magpie's mail (issue 14 "Mail"): each message as a plain-text part and an HTML part saying the same.
 * Everything that comes from people (names, addresses) is escaped in the HTML part with {@link escapeHtml}.
 */

/** What a message says: its subject and its two parts. */
export interface MailContent {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, a whole document. */
  html: string;
}

/** `&`, `<`, `>`, `"` and `'` as HTML entities: text safe in element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An HTML document around `body` (already escaped), in the plain style mail readers show well. */
function document(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a202c;">',
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

/** A link as HTML: the URL as its own text, so the reader sees where it goes. */
function link(url: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
}

/**
 * The test message an administrator sends themselves from the outbox (`sendTestMail`): it names who asked and how mail
 * leaves the server, and links to the site and to the outbox, so that it shows that links built from
 * `MAGPIE_PUBLIC_URL` reach the web app.
 * @param input.requestedBy the administrator's name as shown to people.
 * @param input.delivery how mail leaves the server: `smtp://host:port`, or `the outbox` when no SMTP server is set.
 */
export function testMessage(input: { requestedBy: string; delivery: string; siteUrl: string; outboxUrl: string }): MailContent {
  const subject = 'Magpie test message';
  const text = [
    `This is a test message from Magpie at ${input.siteUrl}.`,
    '',
    `${input.requestedBy} sent it to check the mail settings. It left the server through ${input.delivery}.`,
    'If you can read this, mail from Magpie reaches you.',
    '',
    `Every message Magpie sends is listed in the outbox: ${input.outboxUrl}`,
  ].join('\n');
  const html = document(
    subject,
    [
      `<p>This is a test message from Magpie at ${link(input.siteUrl)}.</p>`,
      `<p>${escapeHtml(input.requestedBy)} sent it to check the mail settings. It left the server through ${escapeHtml(input.delivery)}.`,
      'If you can read this, mail from Magpie reaches you.</p>',
      `<p>Every message Magpie sends is listed in the outbox: ${link(input.outboxUrl)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * A length of time as people say it in a message: `1 hour`, `2 hours`, `30 minutes`, `1 day`, `90 seconds` (the largest
 * unit that divides it).
 * @param seconds a whole number of seconds, at least 1.
 */
export function describeDuration(seconds: number): string {
  const units: ReadonlyArray<[number, string]> = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([unit]) => seconds % unit === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/**
 * The password reset message (issue 14 "Password reset"): whose account and where, the single-use link to the reset
 * page and how long it works, and what to do when one did not ask. Sent `sensitive`: its parts are erased once sent.
 * @param input.userName the account's user name; `input.fullName` its name as shown to people ('' for none).
 * @param input.validSeconds how long the link works (`MAGPIE_PASSWORD_RESET_TTL`, s).
 */
export function passwordResetMessage(input: { userName: string; fullName: string; siteUrl: string; resetUrl: string; validSeconds: number }): MailContent {
  const subject = 'Reset your Magpie password';
  const greeting = `Hello ${input.fullName || input.userName},`;
  const validity = describeDuration(input.validSeconds);
  const text = [
    greeting,
    '',
    `Someone, we hope you, asked to reset the password of your Magpie account "${input.userName}" at ${input.siteUrl}.`,
    '',
    `To choose a new password, open this link within ${validity}:`,
    input.resetUrl,
    '',
    'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = document(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Someone, we hope you, asked to reset the password of your Magpie account “${escapeHtml(input.userName)}” at ${link(input.siteUrl)}.</p>`,
      `<p>To choose a new password, open this link within ${escapeHtml(validity)}:<br>${link(input.resetUrl)}</p>`,
      '<p>The link works once. If you did not ask for it, ignore this message: your password stays as it is.</p>',
    ].join('\n'),
  );
  return { subject, text, html };
}

/** A date as a message says it, in UTC: `1 June 2025`. */
function describeDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The invitation of a users invitation (issue 14; spec 01 §2, §3 "one invitation and one e-mail per address"): who
 * invites, their message, the sign-up link of this address and until when it works, and whether an administrator
 * approves the account.
 * @param input.inviter the inviting user's name as shown to people.
 * @param input.message the wizard's message ('' for none), quoted as the inviter wrote it.
 * @param input.expires when the link stops working; null for never.
 */
export function invitationMessage(input: {
  inviter: string;
  message: string;
  siteUrl: string;
  signupUrl: string;
  expires: Date | null;
  approveAutomatically: boolean;
}): MailContent {
  const subject = `${input.inviter} invites you to Magpie`.replace(/[\r\n]+/g, ' ');
  const until = input.expires ? ` The link works until ${describeDate(input.expires)}.` : '';
  const approval = input.approveAutomatically
    ? 'Your account is ready as soon as you sign up.'
    : 'An administrator approves your account after you sign up; you get an e-mail then.';
  const quoted = input.message.trim();
  const text = [
    `${input.inviter} invites you to join Magpie at ${input.siteUrl}.`,
    ...(quoted ? ['', ...quoted.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `To sign up, open this link:${until}`,
    input.signupUrl,
    '',
    approval,
    'If you do not want to join, ignore this message.',
  ].join('\n');
  const html = document(
    subject,
    [
      `<p>${escapeHtml(input.inviter)} invites you to join Magpie at ${link(input.siteUrl)}.</p>`,
      ...(quoted ? [`<blockquote style="white-space: pre-line;">${escapeHtml(quoted)}</blockquote>`] : []),
      `<p>To sign up, open this link:${escapeHtml(until)}<br>${link(input.signupUrl)}</p>`,
      `<p>${escapeHtml(approval)} If you do not want to join, ignore this message.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * An approver's message when a sign-up waits for a decision (issue 14; spec 03 §2.1 Pending sign-ups): who signed up,
 * how, and the link to the Pending sign-ups page.
 * @param input.applicant the applicant's name and address; `input.how` e.g. `through a link invitation`, `on the open sign-up page`.
 */
export function signupPendingMessage(input: { approverName: string; applicant: string; email: string; how: string; siteUrl: string; reviewUrl: string }): MailContent {
  const subject = `${input.applicant} is waiting for approval`;
  const greeting = `Hello ${input.approverName},`;
  const body = `${input.applicant} (${input.email}) signed up ${input.how} and waits for someone to approve or reject the sign-up.`;
  const text = [greeting, '', `${body}`, '', `Decide on the Pending sign-ups page at ${input.siteUrl}:`, input.reviewUrl].join('\n');
  const html = document(
    subject,
    [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(body)}</p>`, `<p>Decide on the Pending sign-ups page at ${link(input.siteUrl)}:<br>${link(input.reviewUrl)}</p>`].join(
      '\n',
    ),
  );
  return { subject, text, html };
}

/**
 * The applicant's message when their sign-up is approved (issue 14; spec 03 §4 "approved (becomes a user)"): the
 * account exists; they log in with their address and the password they chose.
 * @param input.name the applicant's name; `input.username` what they log in with (their address).
 */
export function signupApprovedMessage(input: { name: string; username: string; siteUrl: string; loginUrl: string }): MailContent {
  const subject = 'Your Magpie account is ready';
  const greeting = `Hello ${input.name},`;
  const text = [greeting, '', `Your account at ${input.siteUrl} is ready. Log in as "${input.username}" with the password you chose when you signed up:`, input.loginUrl].join(
    '\n',
  );
  const html = document(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Your account at ${link(input.siteUrl)} is ready. Log in as “${escapeHtml(input.username)}” with the password you chose when you signed up:<br>${link(input.loginUrl)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * The applicant's message when their sign-up is rejected (issue 14; spec 03 §4 "rejected (removed)"): no account was
 * made, and what they gave was not kept as an account.
 */
export function signupRejectedMessage(input: { name: string; siteUrl: string }): MailContent {
  const subject = 'Your Magpie sign-up';
  const greeting = `Hello ${input.name},`;
  const body = 'Your sign-up was not approved, so no account was made for you. If you think this is a mistake, ask the person who invited you.';
  const text = [greeting, '', `Thank you for signing up at ${input.siteUrl}.`, body].join('\n');
  const html = document(subject, [`<p>${escapeHtml(greeting)}</p>`, `<p>Thank you for signing up at ${link(input.siteUrl)}.</p>`, `<p>${escapeHtml(body)}</p>`].join('\n'));
  return { subject, text, html };
}

/** One asset an alert found, as its message shows it. */
export interface AlertMessageAsset {
  filename: string;
  /** Where the asset opens in the web app (absolute). */
  url: string;
  /** The `cid` of its inline thumbnail, when it has one. */
  thumbnailCid?: string | undefined;
}

/**
 * A search alert's message (issue 15; spec 01 §3 Alert): how many new assets match the alert's search in its collection,
 * a thumbnail and a link for the first of them, the link to the whole search, and how to stop the alert.
 * @param input.count how many new assets were found (`input.assets` holds the first few).
 * @param input.search the alert's search expression ('' for every new asset).
 */
export function alertMessage(input: {
  name: string;
  count: number;
  collectionName: string;
  search: string;
  assets: readonly AlertMessageAsset[];
  searchUrl: string;
  siteUrl: string;
}): MailContent {
  const what = `${input.count} new ${input.count === 1 ? 'asset' : 'assets'}`;
  const subject = `${what} in ${input.collectionName}`.replace(/[\r\n]+/g, ' ');
  const matching = input.search === '' ? '' : ` matching “${input.search}”`;
  const more = input.count - input.assets.length;
  const greeting = `Hello ${input.name},`;
  const text = [
    greeting,
    '',
    `Your alert found ${what} in ${input.collectionName}${matching}:`,
    ...input.assets.map((asset) => `- ${asset.filename}: ${asset.url}`),
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    `See them all: ${input.searchUrl}`,
    '',
    `To change or stop this alert, open the search at ${input.siteUrl} and use Alerts in the header.`,
  ].join('\n');
  const tiles = input.assets
    .map((asset) => {
      const image = asset.thumbnailCid ? `<img src="cid:${escapeHtml(asset.thumbnailCid)}" alt="" width="100" height="100" style="display:block; border-radius:4px;">` : '';
      return `<td style="padding:4px; vertical-align:top; width:108px;"><a href="${escapeHtml(asset.url)}">${image}<span style="font-size:12px;">${escapeHtml(asset.filename)}</span></a></td>`;
    })
    .join('');
  const html = document(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Your alert found ${escapeHtml(what)} in ${escapeHtml(input.collectionName)}${escapeHtml(matching)}:</p>`,
      `<table role="presentation" style="border-collapse:collapse;"><tr>${tiles}</tr></table>`,
      ...(more > 0 ? [`<p>…and ${more} more.</p>`] : []),
      `<p>See them all: ${link(input.searchUrl)}</p>`,
      `<p style="color:#4a5568;">To change or stop this alert, open the search at ${link(input.siteUrl)} and use Alerts in the header.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * An approver's message when an order is submitted (issue 15; spec 03 §2.1 Pending orders): who ordered how many files,
 * their comment, and the link to the Pending orders page.
 */
export function orderSubmittedMessage(input: { approverName: string; orderer: string; reference: string; count: number; comment: string; reviewUrl: string }): MailContent {
  const files = `${input.count} ${input.count === 1 ? 'file' : 'files'}`;
  const subject = `Order ${input.reference} from ${input.orderer} waits for approval`.replace(/[\r\n]+/g, ' ');
  const greeting = `Hello ${input.approverName},`;
  const body = `${input.orderer} ordered ${files} (${input.reference}).`;
  const comment = input.comment === '' ? [] : ['', `Their comment: ${input.comment}`];
  const text = [greeting, '', body, ...comment, '', `Approve or reject it on the Pending orders page: ${input.reviewUrl}`].join('\n');
  const html = document(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      ...(input.comment === '' ? [] : [`<p>Their comment: ${escapeHtml(input.comment)}</p>`]),
      `<p>Approve or reject it on the Pending orders page: ${link(input.reviewUrl)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * The orderer's message when an approver decided their order (issue 15): approved, with the link to download the files
 * and until when it works; or rejected. The approver's comment is quoted.
 * @param input.expires when the download stops working (approved orders; null for never).
 */
export function orderDecidedMessage(input: {
  name: string;
  reference: string;
  approved: boolean;
  comment: string;
  downloadUrl: string;
  historyUrl: string;
  expires: Date | null;
}): MailContent {
  const subject = `Your order ${input.reference} was ${input.approved ? 'approved' : 'rejected'}`;
  const greeting = `Hello ${input.name},`;
  const comment = input.comment === '' ? [] : [`Comment: ${input.comment}`];
  const until = input.expires ? ` The link works until ${describeDate(input.expires)}.` : '';
  const lines = input.approved
    ? [`Your order ${input.reference} was approved. Download the files (log in first if asked):`, input.downloadUrl, `${until.trim()}`.trim()]
    : [`Your order ${input.reference} was rejected, so its files cannot be downloaded.`];
  const text = [greeting, '', ...lines.filter((line) => line !== ''), ...comment, '', `Your orders: ${input.historyUrl}`].join('\n');
  const html = document(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      input.approved
        ? `<p>Your order ${escapeHtml(input.reference)} was approved. Download the files (log in first if asked):<br>${link(input.downloadUrl)}${escapeHtml(until)}</p>`
        : `<p>Your order ${escapeHtml(input.reference)} was rejected, so its files cannot be downloaded.</p>`,
      ...(input.comment === '' ? [] : [`<p>Comment: ${escapeHtml(input.comment)}</p>`]),
      `<p>Your orders: ${link(input.historyUrl)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
