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
   * Guest access (`MAGPIE_GUEST_ACCESS`, `on` by default, `off` for guest-disabled mode; issue 12, spec 02 §6): a
   * request without a token to an operation guests may use is answered as the guest user (15000), who sees the
   * archives whose access list grants Everyone, Guests or the guest user. Off, such requests answer 401, and user
   * and group lists hide the guest user and group (spec 03 §4).
   */
  guestAccess: boolean;
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
 * @throws Error when a numeric variable is not a non-negative integer, or `LOG_FORMAT` is neither `json` nor `pretty`.
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
    guestAccess: onOffFromEnv(env, 'MAGPIE_GUEST_ACCESS', true),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormatFromEnv(env),
  };
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
