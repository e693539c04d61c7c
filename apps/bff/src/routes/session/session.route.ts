import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { API_PATHS } from '@magpie/api-types';
import type { LoginResponse, Session } from '@magpie/api-types';
import { LoginQuerySchema, LoginRequestSchema, loginTarget } from '@magpie/api-types/schemas';
import { definePlugin } from '../../lib/plugin.ts';
import { badGateway, httpError, serviceUnavailable, type HttpError } from '../../lib/errors.ts';
import { DamAuthError, type DamAuthClient, type DamTokens } from '../../dam/dam-auth.ts';
import { LOGIN_ADDRESS_WINDOW_MS, LoginThrottle, type LoginThrottleOptions } from '../../session/login-throttle.ts';
import { DEVICE_COOKIE, DeviceCookies } from '../../session/device-cookie.ts';

/** The per-address limit's window (ms): `MAGPIE_LOGIN_RATE_LIMIT` failed logins per this. */
export const LOGIN_RATE_WINDOW_MS = LOGIN_ADDRESS_WINDOW_MS;

/** Options of {@link sessionRoutes}. */
export interface SessionRoutesOptions extends Record<string, unknown> {
  /** The DAM's OAuth client (password grant, logout, keepalive, current user). */
  damAuth: DamAuthClient;
  /** The login throttle's limits and delays (BffConfig `loginRateLimit`, `loginAddressUserLimit`, `loginDelay`). */
  throttle: Omit<LoginThrottleOptions, 'now'>;
  /** `MAGPIE_SESSION_SECRET`: the device cookie's key is derived from it. */
  sessionSecret: string;
  /** Whether the device cookie always carries `Secure` (else over HTTPS only), as the session cookie. */
  cookieSecure: boolean;
  /** Clock (ms since the epoch) of the throttle's windows and the device cookie; tests pass a fake. */
  now?: () => number;
}

/**
 * The BFF's own routes (bff.yaml "Session"):
 *
 * - `POST /fotoweb/views/login[?to=<same-origin path>]` `{username, password}` → DAM password grant → 200 `{to}`
 *   (the validated `to`, default `/fotoweb/`), a new `magpie_session`, a new `magpie_csrf` and a device cookie
 *   `magpie_device` for this user. Wrong credentials: 401 `Unauthorized` ("Wrong user name or password.", heading
 *   "Access denied"). Throttled by {@link LoginThrottle}: failed logins per client address and per (address, user
 *   name) → 429 `TooManyRequests` with `Retry-After` (s); per user name, growing delays (never a refusal) that a
 *   browser with that user's device cookie skips. The DAM is told the end user's address (`end_user_address`), so
 *   its own limit counts each person, never the BFF as one; a 429 from it for this person is answered 429 too.
 *   Body and `to` are checked by the `validate` plugin (400), the CSRF header by `csrf` (403).
 * - `POST /fotoweb/services/logout` → revokes the session's DAM tokens (`POST /fotoweb/services/logout` at the DAM
 *   with the bearer), clears `magpie_session`, issues a new `magpie_csrf`; 204, also without a session and when
 *   the DAM cannot be reached (the cookie is gone either way). The device cookie stays.
 * - `GET /fotoweb/views/session` → `{authenticated, user?}`, asking the DAM (keepalive) whether the session's token
 *   is still alive; never a token.
 *
 * A DAM that cannot be reached answers 502 `BadGateway` (503 `ServiceUnavailable` when it rate-limits the BFF).
 * Needs the `session` and `csrf` plugins' decorators, and `@fastify/cookie`.
 */
export const sessionRoutes = definePlugin(
  async (app: FastifyInstance, options: SessionRoutesOptions) => {
    const { damAuth } = options;
    const now = options.now ?? Date.now;
    const throttle = new LoginThrottle({ ...options.throttle, now });
    const devices = new DeviceCookies(options.sessionSecret, now);
    const deviceCookieOptions = DeviceCookies.cookieOptions(options.cookieSecure);

    app.post(API_PATHS.login, async (request, reply): Promise<LoginResponse> => {
      // The validate plugin has checked both; parsing again gives typed values.
      const credentials = LoginRequestSchema.parse(request.body);
      const query = LoginQuerySchema.parse(request.query ?? {});

      const trustedFor = devices.read(request.cookies[DEVICE_COOKIE]);
      const admission = throttle.admit({
        address: request.ip,
        userName: credentials.username,
        deviceId: devices.idFor(trustedFor, credentials.username),
      });
      if (!admission.admitted) {
        // No user name in the log: people sometimes type their password into that field.
        request.log.warn({ limit: admission.limit, retryAfterSeconds: admission.retryAfterSeconds }, 'login refused by the login limits');
        throw tooManyAttempts(admission.retryAfterSeconds);
      }
      const { ticket } = admission;
      if (admission.delayMs > 0) await sleep(admission.delayMs);

      let tokens: DamTokens;
      try {
        tokens = await damAuth.passwordGrant(credentials.username, credentials.password, endUserAddress(request.ip));
      } catch (error) {
        const wrong = error instanceof DamAuthError && error.kind === 'invalid_grant';
        throttle.settle(ticket, wrong ? 'failed' : 'void');
        if (wrong) throw httpError('Unauthorized', 'Wrong user name or password.', 'Access denied');
        if (error instanceof DamAuthError && error.kind === 'rate_limited') throw tooManyAttempts(error.retryAfterSeconds ?? 60);
        throw damFailure(request, error);
      }
      throttle.settle(ticket, 'succeeded');
      let user;
      try {
        user = await damAuth.currentUser(tokens.accessToken);
      } catch (error) {
        // Do not leave a grant nobody holds.
        await damAuth.revoke(tokens.accessToken).catch(() => undefined);
        throw damFailure(request, error);
      }

      // A login replaces any earlier session of this browser: revoke its tokens (refreshed first if they have
      // expired, so the revocation reaches the live grant), best effort.
      const previous = await request.getSession().catch(() => undefined);
      if (previous !== undefined) await damAuth.revoke(previous.accessToken).catch(() => undefined);

      reply
        .setSession({ ...tokens, user })
        .rotateCsrfToken()
        .setCookie(DEVICE_COOKIE, devices.remember(trustedFor, credentials.username), deviceCookieOptions)
        .header('cache-control', 'no-store');
      return { to: loginTarget(query.to) };
    });

    app.post(API_PATHS.logout, async (request, reply) => {
      let session;
      try {
        session = await request.getSession();
      } catch (error) {
        request.log.warn({ err: error }, 'logout: the session could not be refreshed; clearing it anyway');
      }
      if (session !== undefined) {
        await damAuth.revoke(session.accessToken).catch((error: unknown) => {
          request.log.warn({ err: error }, 'logout: the DAM did not revoke the tokens; clearing the session anyway');
        });
      }
      return clearAndAnswer(reply);
    });

    app.get(API_PATHS.session, async (request, reply): Promise<Session> => {
      reply.header('cache-control', 'no-store');
      const session = await request.getSession();
      if (session === undefined) return { authenticated: false };
      let alive: boolean;
      try {
        alive = await damAuth.keepalive(session.accessToken);
      } catch (error) {
        throw damFailure(request, error);
      }
      if (!alive) {
        reply.clearSession();
        return { authenticated: false };
      }
      return { authenticated: true, user: session.user };
    });
  },
  {
    name: 'magpie-session-routes',
    encapsulate: true,
    decorators: { request: ['getSession'], reply: ['setSession', 'clearSession', 'rotateCsrfToken', 'setCookie'] },
  },
);

function clearAndAnswer(reply: FastifyReply): FastifyReply {
  return reply.clearSession().rotateCsrfToken().header('cache-control', 'no-store').code(204).send();
}

/** 429 `TooManyRequests` with `Retry-After` (s) for a login the throttle (or the DAM's limit) refused. */
function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return httpError('TooManyRequests', `Too many login attempts. Try again in ${seconds} seconds.`, 'Too many attempts', {
    'retry-after': String(seconds),
  });
}

/** The client address to pass on to the DAM (`end_user_address`), normalised; undefined when it is not an IP. */
function endUserAddress(ip: string): string | undefined {
  return ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : undefined;
}

/** The error to answer when a DAM auth call failed for a reason other than wrong credentials. */
function damFailure(request: FastifyRequest, error: unknown) {
  if (error instanceof DamAuthError && error.kind === 'rate_limited') return serviceUnavailable(error.retryAfterSeconds ?? 60);
  if (error instanceof DamAuthError && error.kind === 'rejected') request.log.error({ err: error }, 'the DAM refused a BFF auth call');
  else request.log.warn({ err: error }, 'DAM auth call failed');
  return badGateway();
}
