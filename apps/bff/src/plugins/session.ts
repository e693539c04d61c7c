import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { z } from 'zod';
import { SESSION_COOKIE } from '@magpie/api-types';
import { definePlugin } from '../lib/plugin.ts';
import { CookieSealer } from '../lib/crypto.ts';
import { badGateway, serviceUnavailable } from '../lib/errors.ts';
import { DamAuthError, type DamAuthClient, type DamTokens, type DamUser } from '../dam/dam-auth.ts';
import { TokenRefresher } from '../session/token-refresher.ts';

/** Refresh the DAM access token when it expires within this many ms (the token's remaining life). */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * What the encrypted `magpie_session` cookie holds: the DAM tokens (never sent to the browser in clear) and the
 * user shown by `GET /fotoweb/views/session`.
 */
export interface SessionData extends DamTokens {
  user: DamUser;
}

const SessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.number(),
  user: z.object({ userName: z.string(), fullName: z.string() }),
});

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's session, with an access token valid for at least {@link REFRESH_MARGIN_MS} when the DAM's
     * token lifetime allows: refreshes it (single-flight per session) and rewrites the cookie when needed.
     * Memoised per request.
     *
     * @returns the session, or undefined when there is none, the cookie does not decrypt, or the DAM refused the
     *   refresh token (the cookie is then cleared: logged out).
     * @throws HttpError 502 `BadGateway` (DAM unreachable or answering nonsense) or 503 `ServiceUnavailable` (DAM
     *   rate limit) when a needed refresh could not be made; the cookie is kept.
     */
    getSession(): Promise<SessionData | undefined>;
    /** The session exactly as the cookie holds it (no refresh, no DAM call); undefined when none or undecryptable. */
    peekSession(): SessionData | undefined;
  }
  interface FastifyReply {
    /** Starts or replaces the session: writes the encrypted `magpie_session` cookie. */
    setSession(session: SessionData): FastifyReply;
    /** Ends the session: clears the `magpie_session` cookie (and forgets its remembered refreshes). */
    clearSession(): FastifyReply;
  }
}

/** Options of {@link sessionPlugin}. */
export interface SessionPluginOptions extends Record<string, unknown> {
  /** `MAGPIE_SESSION_SECRET`: the cookie's AES-256-GCM key is derived from it (HKDF-SHA256). */
  secret: string;
  /**
   * True: the cookie always carries `Secure` (`MAGPIE_COOKIE_SECURE=on`). False: it carries `Secure` when the
   * request came over HTTPS (`request.protocol`: `X-Forwarded-Proto` counts only from a trusted proxy).
   */
  cookieSecure: boolean;
  /** The DAM's token endpoint client (refresh_token grant). */
  damAuth: DamAuthClient;
  /** Clock (ms since the epoch); tests pass a fake. */
  now?: () => number;
}

interface SessionState {
  reply: FastifyReply;
  /** undefined: not read yet; null: no (usable) session. */
  current: SessionData | null | undefined;
  pending: Promise<SessionData | undefined> | undefined;
}

const kState = Symbol('magpie.session.state');

/**
 * `session` plugin (bff.yaml "Session"): keeps the DAM tokens server-side in the encrypted, HttpOnly cookie
 * `magpie_session` (AES-256-GCM, SameSite=Lax, Path=/, Secure over HTTPS or always per config, no Max-Age: it ends
 * with the browser session) and refreshes them transparently when they expire within {@link REFRESH_MARGIN_MS}.
 *
 * Decorates `request.getSession()`, `request.peekSession()`, `reply.setSession()`, `reply.clearSession()`.
 * Needs `@fastify/cookie`.
 */
/** Session cookies kept opened in memory, most recently used first. */
const OPENED_SESSIONS = 10_000;

export const sessionPlugin = definePlugin(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    const sealer = new CookieSealer(options.secret, SESSION_COOKIE);
    const now = options.now ?? Date.now;
    const refresher = new TokenRefresher((token) => options.damAuth.refreshGrant(token), now);
    // 'auto': `Secure` exactly when `request.protocol` is https (@fastify/cookie).
    const cookieOptions: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: options.cookieSecure || 'auto' };

    const state = (request: FastifyRequest): SessionState => (request as unknown as Record<symbol, SessionState>)[kState]!;

    // Cookies opened before (issue 9: one AES-GCM open per request is a tenth of a proxied request's time). A sealed
    // value opens to one session only, so the exact cookie text is a safe key.
    const opened = new LRUCache<string, SessionData>({ max: OPENED_SESSIONS });
    const readCookie = (request: FastifyRequest): SessionData | null => {
      const raw = request.cookies[SESSION_COOKIE];
      if (raw === undefined || raw === '') return null;
      const known = opened.get(raw);
      if (known !== undefined) return known;
      const parsed = SessionSchema.safeParse(sealer.open(raw));
      if (parsed.success) {
        opened.set(raw, parsed.data);
        return parsed.data;
      }
      // Tampered, sealed with another secret, or an old format: drop it so the browser stops sending it.
      state(request).reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return null;
    };

    const write = (reply: FastifyReply, session: SessionData): void => {
      reply.setCookie(SESSION_COOKIE, sealer.seal(session), cookieOptions);
      state(reply.request).current = session;
    };

    const load = async (request: FastifyRequest): Promise<SessionData | undefined> => {
      const own = state(request);
      if (own.current === undefined) own.current = readCookie(request);
      const session = own.current;
      if (session === null) return undefined;
      if (session.expiresAt - now() > REFRESH_MARGIN_MS) return session;
      let tokens: DamTokens | undefined;
      try {
        tokens = await refresher.rotate(session.refreshToken);
      } catch (error) {
        request.log.warn({ err: error }, 'session refresh failed');
        if (error instanceof DamAuthError && error.kind === 'rate_limited') throw serviceUnavailable(error.retryAfterSeconds ?? 60);
        throw badGateway();
      }
      if (tokens === undefined) {
        own.reply.clearCookie(SESSION_COOKIE, cookieOptions);
        own.current = null;
        return undefined;
      }
      const refreshed: SessionData = { ...tokens, user: session.user };
      write(own.reply, refreshed);
      return refreshed;
    };

    app.decorateRequest(kState, null);
    app.decorateRequest('getSession', function (this: FastifyRequest) {
      const own = state(this);
      own.pending ??= load(this);
      return own.pending;
    });
    app.decorateRequest('peekSession', function (this: FastifyRequest) {
      const own = state(this);
      if (own.current === undefined) own.current = readCookie(this);
      return own.current ?? undefined;
    });
    app.decorateReply('setSession', function (this: FastifyReply, session: SessionData) {
      write(this, session);
      state(this.request).pending = Promise.resolve(session);
      return this;
    });
    app.decorateReply('clearSession', function (this: FastifyReply) {
      const own = state(this.request);
      const previous = own.current ?? (own.current === undefined ? readCookie(this.request) : null);
      if (previous) refresher.forget(previous.refreshToken);
      this.clearCookie(SESSION_COOKIE, cookieOptions);
      own.current = null;
      own.pending = Promise.resolve(undefined);
      return this;
    });

    app.addHook('onRequest', async (request, reply) => {
      (request as unknown as Record<symbol, SessionState>)[kState] = { reply, current: undefined, pending: undefined };
    });
  },
  { name: 'magpie-session', dependencies: ['@fastify/cookie'] },
);
