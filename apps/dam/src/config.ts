import path from 'node:path';

import { USER_LICENSE_LEVELS } from '@magpie/api-types';
import { LOG_FORMATS, type LogFormat } from '@magpie/api-types/server-logging';

export { LOG_FORMATS, type LogFormat };

/**
 * The DAM server's configuration, read only from environment variables (README "Configuration").
 *
 * Sizes are bytes, durations seconds unless the name says otherwise.
 */
export interface DamConfig {
  /** Where PGlite's database, originals and renditions live (`MAGPIE_DATA_DIR`, default `./data`). */
  dataDir: string;
  /** PostgreSQL connection string (`DATABASE_URL`); when unset, the embedded PGlite database in `dataDir/db` is used. */
  databaseUrl: string | undefined;
  /** Interface to bind (`DAM_HOST`, default 127.0.0.1: the DAM is reached through the BFF). */
  host: string;
  /** TCP port (`DAM_PORT`, default 8090). */
  port: number;
  /** Password for the first `admin` user (`MAGPIE_ADMIN_PASSWORD`); a random one is generated when unset. */
  adminPassword: string | undefined;
  /** The BFF's confidential OAuth client, the only client allowed the password grant. */
  bffClient: { id: string; secret: string | undefined };
  /** Secret of the `magpie-cli` API client the import CLI uses against a running DAM (`MAGPIE_CLI_CLIENT_SECRET`). */
  cliClientSecret: string | undefined;
  /** Largest accepted upload in bytes (`MAGPIE_MAX_UPLOAD_BYTES`, default 2 GiB). */
  maxUploadBytes: number;
  /** Upload chunk size in bytes announced to clients (`MAGPIE_UPLOAD_CHUNK_BYTES`, default 4 MiB). */
  uploadChunkBytes: number;
  /**
   * Seconds an upload may go without receiving a chunk before it expires (`MAGPIE_UPLOAD_EXPIRY_SECONDS`, default
   * 86 400 s = 24 h; 0 never expires): its status becomes `failed` with `UploadExpired` and its chunks are deleted.
   */
  uploadExpirySeconds: number;
  /**
   * Bytes one user's unfinished uploads may hold together, counted by their declared file sizes
   * (`MAGPIE_MAX_PENDING_UPLOAD_BYTES`, default 10 GiB; 0 for no limit). An upload that would go over it is refused.
   */
  maxPendingUploadBytes: number;
  /** Assets per page in asset lists (`MAGPIE_PAGE_SIZE`, default 100). */
  pageSize: number;
  /**
   * Bytes of collection, search and asset answers kept in memory (`MAGPIE_ANSWER_CACHE_BYTES`, default 64 MiB; 0 keeps
   * none, so every request is computed: what `npm run bench:search` measures). See http/representation-cache.ts.
   */
  answerCacheBytes: number;
  /** Access-token lifetime in seconds (`MAGPIE_ACCESS_TOKEN_TTL`, default 28 800 s as FotoWeb). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (`MAGPIE_REFRESH_TOKEN_TTL`, default 30 days). */
  refreshTokenTtl: number;
  /** Background-job workers in this process (`MAGPIE_WORKERS`, default 2; 0 disables the worker). */
  workers: number;
  /**
   * The token endpoint's limit per minute (`MAGPIE_TOKEN_RATE_LIMIT`, default 60; routes/oauth/token-limits.ts):
   * failed client authentications per connecting address and client id, failed password grants per end-user address (the one
   * the BFF passes on, or the connecting address), and client_credentials grants per API client. Refresh grants
   * are not limited. Keep it at least `MAGPIE_LOGIN_RATE_LIMIT` × the number of BFF processes, so that the BFF's
   * own limits answer first.
   */
  tokenRateLimit: number;
  /**
   * License seats per user license level (`MAGPIE_LICENSE_SEATS`, e.g. `35=50,60=5`: 50 Standard and 5 Editor seats;
   * unset or empty, every level is unlimited; a level not named is unlimited). A seat is an enabled, live person at
   * that level; a create, enable or license change that would need one more answers 409 `out_of_licenses`
   * (spec 03 §8).
   */
  licenseSeats: ReadonlyMap<number, number>;
  /** Most archives the site may hold (`MAGPIE_MAX_ARCHIVES`, default 100): one more answers `too_many_archives` (spec 03 §8). */
  maxArchives: number;
  /**
   * Most pins one user may have (`MAGPIE_PIN_LIMIT`, default 200; spec 01 §4 "the pin is refused when the server
   * reports no assets added"): a pin over it adds nothing.
   */
  pinLimit: number;
  /**
   * Days an asset stays in the trash before it is purged for good (`MAGPIE_TRASH_RETENTION_DAYS`, default 30; issue
   * 13, spec 03 §1 trash can). A sweep each hour purges what is older.
   */
  trashRetentionDays: number;
  /**
   * Days a row of the activity log is kept (`MAGPIE_ACTIVITY_RETENTION_DAYS`, default 365; issue 15, spec 03 §2.1
   * activity exports). An hourly sweep deletes older rows.
   */
  activityRetentionDays: number;
  /**
   * How often each DAM process offers a sweep of the search alerts whose time has come (`MAGPIE_ALERT_SWEEP_MS`, ms,
   * default 60,000; issue 15): an `immediate` alert tells its user within about this long of an asset's arrival.
   */
  alertSweepMs: number;
  /**
   * The waits before each retry of a failed webhook delivery (`MAGPIE_WEBHOOK_RETRY_MS`, comma-separated ms, default
   * `30000,120000,600000,3600000,21600000`: 30 s, 2 min, 10 min, 1 h, 6 h; issue 16). A delivery is tried once plus
   * once per wait, then given up.
   */
  webhookRetryDelaysMs: readonly number[];
  /** How long a webhook receiver has to answer one delivery (`MAGPIE_WEBHOOK_TIMEOUT_MS`, ms, default 10,000). */
  webhookTimeoutMs: number;
  /**
   * Days an approved order's download works when the approver sets no expiry (`MAGPIE_ORDER_DOWNLOAD_DAYS`, default 14;
   * issue 15).
   */
  orderDownloadDays: number;
  /**
   * The desktop tool's installers (issue 15, spec 01 §3 `fwdt`, §4 Desktop tool): per platform, the installer's address
   * and version (`MAGPIE_FWDT_WIN_URL` with `MAGPIE_FWDT_WIN_VERSION`, `MAGPIE_FWDT_OSX_URL` with
   * `MAGPIE_FWDT_OSX_VERSION`). Undefined when no installer is configured (the default): the descriptor's `fwdt` is null.
   */
  desktopTool: DesktopToolConfig | undefined;
  /**
   * The site's subscription (issue 15, spec 01 §2 trial prompt, §3 `views.subscription`, `views.manageSubscription`):
   * `MAGPIE_SUBSCRIPTION_STATE` (e.g. `trial`), `MAGPIE_SUBSCRIPTION_ORIGIN` (default `magpie`) and
   * `MAGPIE_MANAGE_SUBSCRIPTION_URL` (an http(s) address, opened in a new tab). Both parts unset by default.
   */
  subscription: SubscriptionConfig;
  /**
   * Guest access (`MAGPIE_GUEST_ACCESS`, `on` by default, `off` for guest-disabled mode; issue 12, spec 02 §6): a
   * request without a token to an operation guests may use is answered as the guest user (15000), who sees the
   * archives whose access list grants Everyone, Guests or the guest user. Off, such requests answer 401, and user
   * and group lists hide the guest user and group (spec 03 §4).
   */
  guestAccess: boolean;
  /**
   * Most addresses one invitation request may name (`MAGPIE_MAX_INVITATION_EMAILS`, default 100, at most 1000; issue
   * 14, spec 01 §8): more is 400 "data validation failed" and nothing is created.
   */
  maxInvitationEmails: number;
  /**
   * Days an invitation link admits sign-ups (`MAGPIE_INVITATION_TTL_DAYS`, default 30; 0: until it is revoked or used
   * up). Issue 14.
   */
  invitationTtlDays: number;
  /**
   * The public sign-up's limit per client address (`MAGPIE_SIGNUP_RATE_LIMIT`, default 10; issue 14): sign-ups sent
   * and failed invitation look-ups per 15 minutes (`SIGNUP_LIMIT_WINDOW_MS`), then 429 until the window ends.
   */
  signupRateLimit: number;
  /**
   * The SMTP server Magpie's mail goes through (`SMTP_URL`, issue 14 "Mail"): `smtp://[user:password@]host[:port]`
   * (port 587 by default; STARTTLS when the server offers it) or `smtps://…` (TLS from the start, port 465 by default),
   * with Nodemailer's options as query parameters. Unset (the default): no mail leaves the server, and each message
   * stays in the outbox that administrators read (Settings → Outbox). Never logged: it may hold a password.
   */
  smtpUrl: string | undefined;
  /**
   * The sender of Magpie's mail (`MAGPIE_MAIL_FROM`): an address, or a name and an address as `Magpie <dam@example.com>`.
   * Needed with `SMTP_URL` (the DAM does not start without it); optional in outbox mode.
   */
  mailFrom: string | undefined;
  /**
   * The address people reach Magpie's web app at (`MAGPIE_PUBLIC_URL`, default `http://localhost:8080`, the BFF of `npm
   * start`): `http(s)://host[:port]`, no path. Links in mail (invitations, sign-ups, password resets) are built from it
   * (`mail/links.ts`), because a background job has no request to take a host from.
   */
  publicUrl: string;
  /**
   * How long a password reset link works, in seconds (`MAGPIE_PASSWORD_RESET_TTL`, default 3600: one hour; issue 14
   * "Password reset"). The link is single-use whatever is left of it.
   */
  passwordResetTtl: number;
  /** Log level for Fastify's logger (`LOG_LEVEL`, default `info`; `silent` in tests). */
  logLevel: string;
  /** `LOG_FORMAT`: `json` or `pretty`; unset, readable lines on a terminal and JSON otherwise (`@magpie/api-types/server-logging`). */
  logFormat: LogFormat | undefined;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/** A whole number from `min` to `max`. @throws Error for anything else. */
function boundedIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value < min || value > max) throw new Error(`${name} must be from ${min} to ${max}, got "${env[name]}"`);
  return value;
}

/** `on`/`off` (also `true`/`false`, `1`/`0`, any case). @throws Error for anything else. */
function onOffFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

/**
 * Reads the DAM configuration from the environment.
 * @throws Error when a numeric variable is not a non-negative integer, `LOG_FORMAT` is neither `json` nor `pretty`,
 *   or the mail settings do not fit (see {@link mailFromEnv}).
 */
export function loadDamConfig(env: NodeJS.ProcessEnv = process.env): DamConfig {
  return {
    dataDir: path.resolve(env.MAGPIE_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    host: env.DAM_HOST || '127.0.0.1',
    port: intFromEnv(env, 'DAM_PORT', 8090),
    adminPassword: env.MAGPIE_ADMIN_PASSWORD || undefined,
    bffClient: { id: env.MAGPIE_BFF_CLIENT_ID || 'magpie-bff', secret: env.MAGPIE_BFF_CLIENT_SECRET || undefined },
    cliClientSecret: env.MAGPIE_CLI_CLIENT_SECRET || undefined,
    maxUploadBytes: intFromEnv(env, 'MAGPIE_MAX_UPLOAD_BYTES', 2 * 1024 ** 3),
    uploadChunkBytes: intFromEnv(env, 'MAGPIE_UPLOAD_CHUNK_BYTES', 4 * 1024 ** 2),
    uploadExpirySeconds: intFromEnv(env, 'MAGPIE_UPLOAD_EXPIRY_SECONDS', 24 * 3600),
    maxPendingUploadBytes: intFromEnv(env, 'MAGPIE_MAX_PENDING_UPLOAD_BYTES', 10 * 1024 ** 3),
    pageSize: intFromEnv(env, 'MAGPIE_PAGE_SIZE', 100),
    answerCacheBytes: intFromEnv(env, 'MAGPIE_ANSWER_CACHE_BYTES', 64 * 1024 ** 2),
    accessTokenTtl: intFromEnv(env, 'MAGPIE_ACCESS_TOKEN_TTL', 28_800),
    refreshTokenTtl: intFromEnv(env, 'MAGPIE_REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    workers: intFromEnv(env, 'MAGPIE_WORKERS', 2),
    tokenRateLimit: positiveIntFromEnv(env, 'MAGPIE_TOKEN_RATE_LIMIT', 60),
    licenseSeats: licenseSeatsFromEnv(env),
    maxArchives: positiveIntFromEnv(env, 'MAGPIE_MAX_ARCHIVES', 100),
    pinLimit: positiveIntFromEnv(env, 'MAGPIE_PIN_LIMIT', 200),
    trashRetentionDays: positiveIntFromEnv(env, 'MAGPIE_TRASH_RETENTION_DAYS', 30),
    activityRetentionDays: positiveIntFromEnv(env, 'MAGPIE_ACTIVITY_RETENTION_DAYS', 365),
    alertSweepMs: Math.max(250, positiveIntFromEnv(env, 'MAGPIE_ALERT_SWEEP_MS', 60_000)),
    orderDownloadDays: positiveIntFromEnv(env, 'MAGPIE_ORDER_DOWNLOAD_DAYS', 14),
    webhookRetryDelaysMs: webhookRetryDelaysFromEnv(env),
    webhookTimeoutMs: Math.max(100, positiveIntFromEnv(env, 'MAGPIE_WEBHOOK_TIMEOUT_MS', 10_000)),
    desktopTool: desktopToolFromEnv(env),
    subscription: subscriptionFromEnv(env),
    guestAccess: onOffFromEnv(env, 'MAGPIE_GUEST_ACCESS', true),
    maxInvitationEmails: boundedIntFromEnv(env, 'MAGPIE_MAX_INVITATION_EMAILS', 100, 1, 1000),
    invitationTtlDays: boundedIntFromEnv(env, 'MAGPIE_INVITATION_TTL_DAYS', 30, 0, 3650),
    signupRateLimit: positiveIntFromEnv(env, 'MAGPIE_SIGNUP_RATE_LIMIT', 10),
    ...mailFromEnv(env),
    passwordResetTtl: positiveIntFromEnv(env, 'MAGPIE_PASSWORD_RESET_TTL', 3600),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormatFromEnv(env),
  };
}

/**
 * `MAGPIE_WEBHOOK_RETRY_MS`: one to ten waits in ms, comma-separated (default 30 s, 2 min, 10 min, 1 h, 6 h).
 * @throws Error for anything but whole numbers of ms.
 */
function webhookRetryDelaysFromEnv(env: NodeJS.ProcessEnv): number[] {
  const raw = env.MAGPIE_WEBHOOK_RETRY_MS?.trim();
  if (!raw) return [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
  const waits = raw.split(',').map((part) => part.trim());
  if (waits.length > 10 || !waits.every((wait) => /^\d{1,9}$/.test(wait))) {
    throw new Error(`MAGPIE_WEBHOOK_RETRY_MS must be one to ten waits in ms such as "30000,120000", got "${env.MAGPIE_WEBHOOK_RETRY_MS}"`);
  }
  return waits.map(Number);
}

/** The license levels seats may be set for: every level of `USER_LICENSE_LEVELS` but None (0), which is no license. */
const SEATED_LEVELS: ReadonlyMap<number, string> = new Map(USER_LICENSE_LEVELS.filter((l) => l.ValueNumeric !== 0).map((l) => [l.ValueNumeric, l.Label]));

/**
 * `MAGPIE_LICENSE_SEATS`: comma-separated `<level>=<seats>` pairs, both non-negative integers, each level one of
 * `USER_LICENSE_LEVELS` but None (10 Portal … 70 Pro). Read at startup.
 * @throws Error (the DAM does not start) for a malformed pair, a level that is no license level (a typo such as
 *   `36`, or 0 = None, which takes no seat), or a level named twice.
 */
function licenseSeatsFromEnv(env: NodeJS.ProcessEnv): ReadonlyMap<number, number> {
  const seats = new Map<number, number>();
  for (const pair of (env.MAGPIE_LICENSE_SEATS ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const match = /^\s*(\d{1,9})\s*=\s*(\d{1,9})\s*$/.exec(pair);
    if (!match) throw new Error(`MAGPIE_LICENSE_SEATS must be <level>=<seats> pairs such as "35=50,60=5", got "${env.MAGPIE_LICENSE_SEATS}"`);
    const level = Number(match[1]);
    if (!SEATED_LEVELS.has(level)) {
      const levels = [...SEATED_LEVELS].map(([value, label]) => `${value} (${label})`).join(', ');
      throw new Error(`MAGPIE_LICENSE_SEATS names level ${level}, which is no license level; the levels are ${levels}`);
    }
    if (seats.has(level)) throw new Error(`MAGPIE_LICENSE_SEATS names level ${level} twice`);
    seats.set(level, Number(match[2]));
  }
  return seats;
}

function logFormatFromEnv(env: NodeJS.ProcessEnv): LogFormat | undefined {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (!(LOG_FORMATS as readonly string[]).includes(raw)) throw new Error(`LOG_FORMAT must be ${LOG_FORMATS.join(' or ')}, got "${env.LOG_FORMAT}"`);
  return raw as LogFormat;
}

/** The default of `MAGPIE_PUBLIC_URL`: where `npm start` serves the web app (the BFF's default port). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** An address (`dam@example.com`) or a name and an address (`Magpie <dam@example.com>`), on one line. */
const SENDER_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * `SMTP_URL`, `MAGPIE_MAIL_FROM` and `MAGPIE_PUBLIC_URL` (issue 14 "Mail"). Error messages never repeat the SMTP URL's
 * password.
 * @throws Error for an `SMTP_URL` that is not an `smtp:` or `smtps:` URL with a host, an `SMTP_URL` without
 *   `MAGPIE_MAIL_FROM`, a `MAGPIE_MAIL_FROM` that is not an address (optionally with a name), or a `MAGPIE_PUBLIC_URL`
 *   that is not `http(s)://host[:port]`.
 */
function mailFromEnv(env: NodeJS.ProcessEnv): Pick<DamConfig, 'smtpUrl' | 'mailFrom' | 'publicUrl'> {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
      const shown = url ? `${url.protocol}//${url.host}` : 'a value that is no URL';
      throw new Error(`SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…, got ${shown}`);
    }
  }
  const mailFrom = env.MAGPIE_MAIL_FROM?.trim() || undefined;
  if (mailFrom !== undefined && !SENDER_PATTERN.test(mailFrom)) {
    throw new Error(`MAGPIE_MAIL_FROM must be an address such as dam@example.com or "Magpie <dam@example.com>", got "${mailFrom}"`);
  }
  if (smtpUrl !== undefined && mailFrom === undefined) {
    throw new Error('MAGPIE_MAIL_FROM must be set with SMTP_URL: the sender of Magpie\'s mail, such as "Magpie <dam@example.com>"');
  }
  return { smtpUrl, mailFrom, publicUrl: publicUrlFromEnv(env) };
}

/** `MAGPIE_PUBLIC_URL` as an origin (`https://dam.example.com`, no trailing slash). @throws Error for anything else. */
function publicUrlFromEnv(env: NodeJS.ProcessEnv): string {
  const raw = env.MAGPIE_PUBLIC_URL?.trim();
  if (raw === undefined || raw === '') return DEFAULT_PUBLIC_URL;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const plain = url && ['http:', 'https:'].includes(url.protocol) && url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '';
  if (!url || !plain) throw new Error(`MAGPIE_PUBLIC_URL must be http(s)://host[:port] without a path, got "${raw}"`);
  return url.origin;
}

/** One platform's desktop-tool installer: its address (absolute http(s) or a path on this site) and its version. */
export interface DesktopToolInstallerConfig {
  href: string;
  version: string;
}

/** The desktop tool's installers per platform (issue 15); at least one is set. */
export interface DesktopToolConfig {
  win: DesktopToolInstallerConfig | undefined;
  osx: DesktopToolInstallerConfig | undefined;
}

/** The site's subscription (issue 15): its state (`trial`…) and origin, and where it is managed. */
export interface SubscriptionConfig {
  /** `MAGPIE_SUBSCRIPTION_STATE`; undefined: no subscription is advertised (`views.subscription` null). */
  state: string | undefined;
  /** `MAGPIE_SUBSCRIPTION_ORIGIN`, default `magpie`. */
  origin: string;
  /** `MAGPIE_MANAGE_SUBSCRIPTION_URL`; undefined: `views.manageSubscription` null. */
  manageUrl: string | undefined;
}

/** An http(s) URL or a path starting with `/`. @throws Error naming `name` for anything else. */
function linkFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`${name} must be an http(s) address or a path starting with /, got "${raw}"`);
  return url.href;
}

/**
 * `MAGPIE_FWDT_<WIN|OSX>_URL` and `_VERSION` (issue 15). A platform is configured when its URL is set; its version is
 * then required (dotted numbers such as `8.2` or `8.2.1412`).
 * @throws Error for a URL that is not http(s) or a path, a missing or malformed version, or a version without a URL.
 */
function desktopToolFromEnv(env: NodeJS.ProcessEnv): DesktopToolConfig | undefined {
  const platform = (key: 'WIN' | 'OSX'): DesktopToolInstallerConfig | undefined => {
    const href = linkFromEnv(env, `MAGPIE_FWDT_${key}_URL`);
    const version = env[`MAGPIE_FWDT_${key}_VERSION`]?.trim() || undefined;
    if (href === undefined) {
      if (version !== undefined) throw new Error(`MAGPIE_FWDT_${key}_VERSION needs MAGPIE_FWDT_${key}_URL`);
      return undefined;
    }
    if (version === undefined || !/^\d+(\.\d+){0,3}$/.test(version)) {
      throw new Error(`MAGPIE_FWDT_${key}_VERSION must be the installer's version, dotted numbers such as 8.2, got "${version ?? ''}"`);
    }
    return { href, version };
  };
  const win = platform('WIN');
  const osx = platform('OSX');
  return win || osx ? { win, osx } : undefined;
}

/** `MAGPIE_SUBSCRIPTION_STATE`, `MAGPIE_SUBSCRIPTION_ORIGIN`, `MAGPIE_MANAGE_SUBSCRIPTION_URL` (issue 15). */
function subscriptionFromEnv(env: NodeJS.ProcessEnv): SubscriptionConfig {
  const state = env.MAGPIE_SUBSCRIPTION_STATE?.trim() || undefined;
  if (state !== undefined && !/^[A-Za-z][\w-]{0,31}$/.test(state)) throw new Error(`MAGPIE_SUBSCRIPTION_STATE must be a word such as trial, got "${state}"`);
  return { state, origin: env.MAGPIE_SUBSCRIPTION_ORIGIN?.trim() || 'magpie', manageUrl: linkFromEnv(env, 'MAGPIE_MANAGE_SUBSCRIPTION_URL') };
}
