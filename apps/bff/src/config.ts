import path from 'node:path';
import {
  DEFAULT_LOGIN_ADDRESS_LIMIT,
  DEFAULT_LOGIN_ADDRESS_USER_LIMIT,
  DEFAULT_LOGIN_DELAY_AFTER_FAILURES,
  DEFAULT_LOGIN_FIRST_DELAY_MS,
  DEFAULT_LOGIN_MAX_DELAY_MS,
  type LoginDelayOptions,
} from './session/login-throttle.ts';
import { DEFAULT_PASSWORD_RESET_RATE_LIMIT } from './plugins/password-reset-limit.ts';

/** The repository root (apps/bff/src → ../../..), for the default `WEB_DIST`. */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

import { LOG_FORMATS, type LogFormat } from '@magpie/api-types/server-logging';

export { LOG_FORMATS, type LogFormat };

/** Shortest accepted `MAGPIE_SESSION_SECRET`, in characters (the AES-256-GCM session key is derived from it). */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * The BFF's configuration, read only from environment variables (README "Configuration").
 *
 * Durations are milliseconds unless the name says otherwise. Secrets are never logged.
 */
export interface BffConfig {
  /** TCP port (`PORT`, default 8080). */
  port: number;
  /** Interface to bind (`HOST`, default 0.0.0.0: the BFF is what browsers reach). */
  host: string;
  /** The DAM's origin, without a trailing slash (`DAM_URL`, default `http://127.0.0.1:8090`). */
  damUrl: string;
  /** The BFF's confidential OAuth client at the DAM (`MAGPIE_BFF_CLIENT_ID`, default `magpie-bff`; `MAGPIE_BFF_CLIENT_SECRET`, required). */
  client: { id: string; secret: string };
  /** Secret the session cookie's AES-256-GCM key is derived from (`MAGPIE_SESSION_SECRET`, required, ≥ 32 characters). */
  sessionSecret: string;
  /** Folder of the built web app (`WEB_DIST`, default `<repo>/apps/web/dist`). */
  webDist: string;
  /** Whether cookies carry `Secure` (`MAGPIE_COOKIE_SECURE`, default off; turn on behind HTTPS). */
  cookieSecure: boolean;
  /**
   * Failed logins allowed per client address per minute before 429 (`MAGPIE_LOGIN_RATE_LIMIT`, default 10;
   * session/login-throttle.ts). Successful logins do not count.
   */
  loginRateLimit: number;
  /**
   * Failed logins allowed per (client address, user name) per 15 minutes before 429 for that pair
   * (`MAGPIE_LOGIN_ADDRESS_USER_LIMIT`, default 5).
   */
  loginAddressUserLimit: number;
  /**
   * Growing delays per user name instead of a lock: after `afterFailures` failures of a name in 15 minutes
   * (`MAGPIE_LOGIN_DELAY_AFTER`, default 5) each attempt for it waits `firstMs` (`MAGPIE_LOGIN_DELAY_MS`, default
   * 1000), doubling per further failure up to `maxMs` (`MAGPIE_LOGIN_DELAY_MAX_MS`, default 5000) before its password
   * is checked. Browsers that logged in as that user before skip the wait (device cookie).
   */
  loginDelay: LoginDelayOptions;
  /**
   * Password reset link requests allowed per client address per 15 minutes before 429
   * (`MAGPIE_PASSWORD_RESET_RATE_LIMIT`, default 5; plugins/password-reset-limit.ts; issue 14 "Password reset").
   */
  passwordResetRateLimit: number;
  /**
   * Whether to trust `X-Forwarded-For` for the client address (`MAGPIE_TRUST_PROXY`, default off). `true`/`false`,
   * a hop count, or a comma-separated list of proxy addresses/CIDRs, as Fastify's `trustProxy`. Turn it on behind a
   * load balancer, otherwise the login rate limit sees one address for everybody.
   */
  trustProxy: boolean | number | string;
  /** Log level (`LOG_LEVEL`, default `info`; `silent` turns logging off). */
  logLevel: string;
  /** `LOG_FORMAT`: `json` or `pretty`; unset, readable lines on a terminal and JSON otherwise (`@magpie/api-types/server-logging`). */
  logFormat: LogFormat | undefined;
}

/** A configuration error; `problems` lists every variable that is wrong, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid BFF configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

/**
 * Reads the BFF configuration from the environment.
 *
 * @throws ConfigError listing every problem: a missing `MAGPIE_BFF_CLIENT_SECRET` or `MAGPIE_SESSION_SECRET`, a
 *   session secret shorter than {@link MIN_SESSION_SECRET_LENGTH}, a `DAM_URL` that is not an http(s) origin, a
 *   port or limit that is not a whole number, a boolean that is not one of 1/0/true/false/yes/no/on/off, a `LOG_FORMAT`
 *   other than `json` or `pretty`.
 */
export function loadBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const problems: string[] = [];

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (TRUE_WORDS.has(raw)) return true;
    if (FALSE_WORDS.has(raw)) return false;
    problems.push(`${name} must be on or off (1/0, true/false, yes/no), got "${env[name]}".`);
    return fallback;
  };

  const damUrl = parseDamUrl(env.DAM_URL || 'http://127.0.0.1:8090', problems);

  const clientSecret = env.MAGPIE_BFF_CLIENT_SECRET ?? '';
  if (clientSecret === '') problems.push('MAGPIE_BFF_CLIENT_SECRET is required (the BFF client secret registered at the DAM).');

  const sessionSecret = env.MAGPIE_SESSION_SECRET ?? '';
  if (sessionSecret === '') problems.push(`MAGPIE_SESSION_SECRET is required (at least ${MIN_SESSION_SECRET_LENGTH} characters).`);
  else if (sessionSecret.length < MIN_SESSION_SECRET_LENGTH) {
    problems.push(`MAGPIE_SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters, got ${sessionSecret.length}.`);
  }

  const config: BffConfig = {
    port: integer('PORT', 8080, 0, 65_535),
    host: env.HOST || '0.0.0.0',
    damUrl,
    client: { id: env.MAGPIE_BFF_CLIENT_ID || 'magpie-bff', secret: clientSecret },
    sessionSecret,
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    cookieSecure: boolean('MAGPIE_COOKIE_SECURE', false),
    loginRateLimit: integer('MAGPIE_LOGIN_RATE_LIMIT', DEFAULT_LOGIN_ADDRESS_LIMIT, 1, 1_000_000),
    loginAddressUserLimit: integer('MAGPIE_LOGIN_ADDRESS_USER_LIMIT', DEFAULT_LOGIN_ADDRESS_USER_LIMIT, 1, 1_000_000),
    loginDelay: {
      afterFailures: integer('MAGPIE_LOGIN_DELAY_AFTER', DEFAULT_LOGIN_DELAY_AFTER_FAILURES, 1, 1_000_000),
      firstMs: integer('MAGPIE_LOGIN_DELAY_MS', DEFAULT_LOGIN_FIRST_DELAY_MS, 0, 60_000),
      maxMs: integer('MAGPIE_LOGIN_DELAY_MAX_MS', DEFAULT_LOGIN_MAX_DELAY_MS, 0, 60_000),
    },
    passwordResetRateLimit: integer('MAGPIE_PASSWORD_RESET_RATE_LIMIT', DEFAULT_PASSWORD_RESET_RATE_LIMIT, 1, 1_000_000),
    trustProxy: parseTrustProxy(env.MAGPIE_TRUST_PROXY, problems),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseLogFormat(raw: string | undefined, problems: string[]): LogFormat | undefined {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  problems.push(`LOG_FORMAT must be ${LOG_FORMATS.join(' or ')}, got "${raw}".`);
  return undefined;
}

function parseDamUrl(raw: string, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`DAM_URL must be an http(s) URL such as http://127.0.0.1:8090, got "${raw}".`);
    return raw;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`DAM_URL must use http or https, got "${raw}".`);
  // The proxy maps /fotoweb/* onto the same path at the DAM, so the DAM must sit at the root of its origin.
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '' || url.username !== '') {
    problems.push(`DAM_URL must be an origin without path, query or credentials (the DAM serves /fotoweb/ at its root), got "${raw}".`);
  }
  return url.origin;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  const lower = value.toLowerCase();
  if (TRUE_WORDS.has(lower) && lower !== '1') return true;
  if (FALSE_WORDS.has(lower) && lower !== '0') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  if (/^[0-9a-fA-F.:/, ]+$/.test(value)) return value;
  problems.push(`MAGPIE_TRUST_PROXY must be on/off, a hop count or a list of proxy addresses, got "${raw}".`);
  return false;
}
