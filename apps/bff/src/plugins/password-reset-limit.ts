import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { definePlugin } from '../lib/plugin.ts';
import { httpError } from '../lib/errors.ts';
import { clientAddressKey, LOGIN_THROTTLE_MAX_KEYS } from '../session/login-throttle.ts';

/** The window of the limit (ms): `MAGPIE_PASSWORD_RESET_RATE_LIMIT` requests per client address per 15 minutes. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;
/** Default `MAGPIE_PASSWORD_RESET_RATE_LIMIT`: reset link requests per client address per {@link PASSWORD_RESET_WINDOW_MS}. */
export const DEFAULT_PASSWORD_RESET_RATE_LIMIT = 5;

/** Options of {@link passwordResetLimitPlugin}. */
export interface PasswordResetLimitOptions extends Record<string, unknown> {
  /** Requests per client address per {@link PASSWORD_RESET_WINDOW_MS} (`MAGPIE_PASSWORD_RESET_RATE_LIMIT`). */
  limit: number;
  /** Clock (ms since the epoch); tests pass a fake. */
  now?: () => number;
}

/**
 * `password-reset-limit` plugin (issue 14 "Password reset": "requests are rate-limited"): counts the browser's
 * requests for a reset link (`requestPasswordReset`) per client address (`request.ip`, so `MAGPIE_TRUST_PROXY`
 * decides which address that is; an IPv6 client by its /64, as the login limits) and answers the one over `limit` in a
 * fixed window of {@link PASSWORD_RESET_WINDOW_MS} with 429 `TooManyRequests` and `Retry-After` (s), before it reaches
 * the DAM. Every well-formed request counts (one refused by the CSRF or the contract checks does not), for any
 * address: the answer tells nothing about accounts. The DAM cannot count per
 * person behind the BFF (it sees the BFF's address); it limits each e-mail address itself. In this process's memory,
 * in an LRU of {@link LOGIN_THROTTLE_MAX_KEYS} addresses.
 *
 * Needs the `validate` plugin's `request.apiRoute`, so it is registered after it.
 */
export const passwordResetLimitPlugin = definePlugin(
  async (app: FastifyInstance, options: PasswordResetLimitOptions) => {
    const now = options.now ?? Date.now;
    const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: LOGIN_THROTTLE_MAX_KEYS });

    // After the CSRF and contract checks: a request refused for its form or its shape is not counted.
    app.addHook('preHandler', async (request) => {
      if (request.apiRoute?.route.operationId !== 'requestPasswordReset') return;
      const key = clientAddressKey(request.ip);
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= now()) {
        window = { count: 0, resetAt: now() + PASSWORD_RESET_WINDOW_MS };
        windows.set(key, window);
      }
      if (window.count >= options.limit) {
        const seconds = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
        request.log.warn({ retryAfterSeconds: seconds }, 'password reset request refused by the per-address limit');
        throw httpError('TooManyRequests', `Too many password reset requests. Try again in ${seconds} seconds.`, 'Too many requests', { 'retry-after': String(seconds) });
      }
      window.count++;
    });
  },
  { name: 'magpie-password-reset-limit', dependencies: ['magpie-validate'] },
);
