import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API_PATHS } from '@magpie/api-types';
import type { LoginResponse, Session } from '@magpie/api-types';
import { LoginQuerySchema, LoginRequestSchema, loginTarget } from '@magpie/api-types/schemas';
import { definePlugin } from '../../lib/plugin.ts';
import { badGateway, httpError, serviceUnavailable } from '../../lib/errors.ts';
import { DamAuthError, type DamAuthClient } from '../../dam/dam-auth.ts';

/** The rate limit's window (ms): `MAGPIE_LOGIN_RATE_LIMIT` attempts per this. */
export const LOGIN_RATE_WINDOW_MS = 60_000;

/** Options of {@link sessionRoutes}. */
export interface SessionRoutesOptions extends Record<string, unknown> {
  /** The DAM's OAuth client (password grant, logout, keepalive, current user). */
  damAuth: DamAuthClient;
  /** Login attempts allowed per client address, and per user name, per {@link LOGIN_RATE_WINDOW_MS}. */
  loginRateLimit: number;
}

/**
 * The BFF's own routes (bff.yaml "Session"):
 *
 * - `POST /fotoweb/views/login[?to=<same-origin path>]` `{username, password}` → DAM password grant → 200 `{to}`
 *   (the validated `to`, default `/fotoweb/`), a new `magpie_session` and a new `magpie_csrf`. Wrong credentials:
 *   401 `Unauthorized` ("Wrong user name or password.", heading "Access denied"). Rate-limited with
 *   `@fastify/rate-limit`: every attempt counts per client address and per user name (case-insensitive),
 *   `loginRateLimit` per minute each → 429 `TooManyRequests` with `Retry-After` (s). Body and `to` are checked
 *   by the `validate` plugin (400), the CSRF header by `csrf` (403).
 * - `POST /fotoweb/services/logout` → revokes the session's DAM tokens (`POST /fotoweb/services/logout` at the DAM
 *   with the bearer), clears `magpie_session`, issues a new `magpie_csrf`; 204, also without a session and when
 *   the DAM cannot be reached (the cookie is gone either way).
 * - `GET /fotoweb/views/session` → `{authenticated, user?}`, asking the DAM (keepalive) whether the session's token
 *   is still alive; never a token.
 *
 * A DAM that cannot be reached answers 502 `BadGateway` (503 `ServiceUnavailable` when it rate-limits the BFF).
 * Needs the `session` and `csrf` plugins' decorators.
 */
export const sessionRoutes = definePlugin(
  async (app: FastifyInstance, options: SessionRoutesOptions) => {
    const { damAuth } = options;
    await app.register(rateLimit, { global: false });
    const limiterOptions = { max: options.loginRateLimit, timeWindow: LOGIN_RATE_WINDOW_MS };
    const perAddress = app.createRateLimit(limiterOptions);
    const perUserName = app.createRateLimit({
      ...limiterOptions,
      keyGenerator: (request: FastifyRequest) => `user:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
    });

    const refuseWhenExceeded = async (limiter: typeof perAddress, request: FastifyRequest): Promise<void> => {
      const outcome = await limiter(request);
      if (outcome.isAllowed || !outcome.isExceeded) return;
      const seconds = Math.max(1, outcome.ttlInSeconds);
      throw httpError('TooManyRequests', `Too many login attempts. Try again in ${seconds} seconds.`, 'Too many attempts', {
        'retry-after': String(seconds),
      });
    };

    app.post(
      API_PATHS.login,
      { onRequest: async (request) => refuseWhenExceeded(perAddress, request) },
      async (request, reply): Promise<LoginResponse> => {
        // The validate plugin has checked both; parsing again gives typed values.
        const credentials = LoginRequestSchema.parse(request.body);
        const query = LoginQuerySchema.parse(request.query ?? {});
        await refuseWhenExceeded(perUserName, request);

        let tokens;
        try {
          tokens = await damAuth.passwordGrant(credentials.username, credentials.password);
        } catch (error) {
          if (error instanceof DamAuthError && error.kind === 'invalid_grant') {
            throw httpError('Unauthorized', 'Wrong user name or password.', 'Access denied');
          }
          throw damFailure(request, error);
        }
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

        reply.setSession({ ...tokens, user }).rotateCsrfToken().header('cache-control', 'no-store');
        return { to: loginTarget(query.to) };
      },
    );

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
    decorators: { request: ['getSession'], reply: ['setSession', 'clearSession', 'rotateCsrfToken'] },
  },
);

function clearAndAnswer(reply: FastifyReply): FastifyReply {
  return reply.clearSession().rotateCsrfToken().header('cache-control', 'no-store').code(204).send();
}

/** The error to answer when a DAM auth call failed for a reason other than wrong credentials. */
function damFailure(request: FastifyRequest, error: unknown) {
  if (error instanceof DamAuthError && error.kind === 'rate_limited') return serviceUnavailable(error.retryAfterSeconds ?? 60);
  if (error instanceof DamAuthError && error.kind === 'rejected') request.log.error({ err: error }, 'the DAM refused a BFF auth call');
  else request.log.warn({ err: error }, 'DAM auth call failed');
  return badGateway();
}
