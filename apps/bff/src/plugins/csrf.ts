import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { CSRF_COOKIE, CSRF_HEADER, SAFE_METHODS } from '@magpie/api-types';
import { definePlugin } from '../lib/plugin.ts';
import { randomToken, safeEqual } from '../lib/crypto.ts';
import { httpError } from '../lib/errors.ts';

/** What a CSRF token looks like: 32 random bytes, base64url (see `randomToken`). Anything else is replaced. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HEADER_NAME = CSRF_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token in force for this request's browser: the cookie's, or the one this response issues. */
    csrfToken: string;
  }
  interface FastifyReply {
    /** Issues a new `magpie_csrf` cookie (at login and logout, bff.yaml "CSRF"). */
    rotateCsrfToken(): FastifyReply;
  }
}

/** Options of {@link csrfPlugin}. */
export interface CsrfPluginOptions extends Record<string, unknown> {
  /**
   * True: the cookie always carries `Secure` (`MAGPIE_COOKIE_SECURE=on`). False: it carries `Secure` when the
   * request came over HTTPS (`request.protocol`: `X-Forwarded-Proto` counts only from a trusted proxy).
   */
  cookieSecure: boolean;
}

/**
 * `csrf` plugin (bff.yaml "CSRF"): double-submit cookie. Every response to a browser without a well-formed
 * `magpie_csrf` cookie sets one (random, readable by scripts: not HttpOnly; SameSite=Strict; Path=/; Secure
 * over HTTPS or always per config), including the SPA's index.html. Every unsafe method (anything but GET, HEAD, OPTIONS; login included)
 * must send `X-CSRF-Token` equal to the cookie, else 403 `InvalidCsrfToken` before anything else runs.
 *
 * Decorates `request.csrfToken` and `reply.rotateCsrfToken()`. Needs `@fastify/cookie`.
 */
export const csrfPlugin = definePlugin(
  async (app: FastifyInstance, options: CsrfPluginOptions) => {
    // 'auto': `Secure` exactly when `request.protocol` is https (@fastify/cookie).
    const cookieOptions: CookieSerializeOptions = { path: '/', httpOnly: false, sameSite: 'strict', secure: options.cookieSecure || 'auto' };

    const issue = (request: FastifyRequest, reply: FastifyReply): void => {
      const token = randomToken();
      reply.setCookie(CSRF_COOKIE, token, cookieOptions);
      request.csrfToken = token;
    };

    app.decorateRequest('csrfToken', '');
    app.decorateReply('rotateCsrfToken', function (this: FastifyReply) {
      issue(this.request, this);
      return this;
    });

    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      const valid = cookie !== undefined && TOKEN_PATTERN.test(cookie);
      if (valid) request.csrfToken = cookie;
      else issue(request, reply);

      if (SAFE_METHODS.includes(request.method)) return;
      const header = request.headers[HEADER_NAME];
      if (!valid || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw httpError('InvalidCsrfToken', 'The request lacks a valid CSRF token. Reload the page and try again.', 'Access denied');
      }
    });
  },
  { name: 'magpie-csrf', dependencies: ['@fastify/cookie'] },
);
