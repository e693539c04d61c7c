import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { CSRF_HEADER } from '@magpie/api-types';
import {
  APPEARANCE_OPERATIONS,
  findRoute,
  GUEST_OPERATIONS,
  PASSWORD_RESET_OPERATIONS,
  PRIVACY_OPERATIONS,
  SHARE_LINK_OPERATIONS,
  SIGNUP_OPERATIONS,
  type DamOperationId,
} from '@magpie/api-types/routes';
import { definePlugin } from '../lib/plugin.ts';
import { discardRequestBody } from '@magpie/api-types/server';
import { badGateway, unauthorized } from '../lib/errors.ts';
import { SECURITY_HEADER_NAMES } from './security-headers.ts';

/**
 * Most bytes of a request body read and discarded after an early answer (bytes): a chunk upload (4 MiB at Magpie's
 * DAM, more elsewhere) and its multipart framing; past it the connection closes after the answer.
 */
export const EARLY_ANSWER_DISCARD_BYTES = 32 * 1024 * 1024;
/** Longest wait for the rest of a body after an early answer (ms). */
export const EARLY_ANSWER_DISCARD_TIMEOUT_MS = 60_000;

/**
 * DAM operations that need no token (dam.yaml `security: []`); the BFF forwards them without a session (and without
 * the session's token when there is one): health, share links, the public sign-up, password resets, the cookie consent, the custom CSS.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  ...SHARE_LINK_OPERATIONS,
  ...SIGNUP_OPERATIONS,
  ...PASSWORD_RESET_OPERATIONS,
  ...PRIVACY_OPERATIONS,
  ...APPEARANCE_OPERATIONS,
]);

/** Browser request headers never forwarded to the DAM: the BFF's cookies and CSRF header, and any bearer of its own. */
const STRIPPED_REQUEST_HEADERS = ['cookie', CSRF_HEADER.toLowerCase(), 'authorization'];

/**
 * Hop-by-hop headers of the DAM's answer (RFC 9110 §7.6.1): they describe the BFF's connection to the DAM, not the
 * browser's to the BFF, so they are never passed on. Node's server writes the browser's own `Connection`,
 * `Keep-Alive` and `Transfer-Encoding`.
 */
export const HOP_BY_HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'] as const;

/**
 * `url` without any `access_token` query parameter (the rest of the query byte for byte, in order); `url` itself when
 * it has none.
 */
export function withoutAccessToken(url: string): string {
  const index = url.indexOf('?');
  if (index === -1 || !/(^|[?&])access_token(=|&|$)/i.test(url.slice(index))) return url;
  const kept = url
    .slice(index + 1)
    .split('&')
    .filter((pair) => pair.split('=')[0]!.toLowerCase() !== 'access_token');
  return kept.length > 0 ? `${url.slice(0, index)}?${kept.join('&')}` : url.slice(0, index);
}

/** Options of {@link proxyPlugin}. */
export interface ProxyPluginOptions extends Record<string, unknown> {
  /** The DAM's origin (`DAM_URL`). */
  damUrl: string;
}

/**
 * `proxy` plugin (bff.yaml "Proxy"): forwards `/fotoweb/*` (every method) to the DAM with `@fastify/http-proxy`,
 * same path (prefix and rewritePrefix `/fotoweb`) and query.
 *
 * - Needs a session (`request.getSession()`, which refreshes the DAM token when needed): without one it answers
 *   401 `Unauthorized` and forwards nothing. Only {@link PUBLIC_OPERATIONS} go through without a session, and
 *   `GUEST_OPERATIONS` (issue 12): a visitor's browsing, forwarded with no token at all, which the DAM answers as its
 *   guest user while guest access is on (and with 401 when it is off).
 * - Adds `Authorization: Bearer <the session's DAM access token>`, `X-Request-Id` and `X-Forwarded-For/-Proto/-Host`
 *   (the BFF's view of the client, replacing the browser's); strips the browser's `Cookie`, `X-CSRF-Token`,
 *   `Authorization` and `Forwarded`.
 * - Streams both ways: request bodies are piped (the proxy's content-type parsers hand Fastify's raw stream on;
 *   only the `validate` plugin buffers the small JSON bodies it checks) and DAM responses are piped back, with
 *   their headers (vendor content types, `Content-Range`, `Content-Disposition`, `Cache-Control`, `ETag`…) except
 *   `Set-Cookie`, the hop-by-hop headers ({@link HOP_BY_HOP_HEADERS}) and the DAM's security headers (the BFF's,
 *   security-headers.ts, apply instead).
 * - A 401 from the DAM to a request sent with the session's token means the DAM no longer accepts that session (its
 *   grant was revoked: logged out elsewhere, the user disabled, deleted or expired, issue 11): the 401 passes through
 *   and the `magpie_session` cookie is cleared, so the browser reads as logged out at once (the session's refresh
 *   token died with the grant, so keeping the cookie could not help).
 * - A DAM that cannot be reached or times out answers 502 `BadGateway`; nothing is retried.
 * - An error answered while the browser is still sending the body (a chunk upload refused by the BFF or the DAM)
 *   reads and discards the rest first (up to {@link EARLY_ANSWER_DISCARD_BYTES}), so the browser gets the answer
 *   instead of a reset connection.
 *
 * Encapsulated: its hook applies to the proxied routes only. Decorates nothing; needs `request.getSession` and
 * `reply.clearSession`.
 */
export const proxyPlugin = definePlugin(
  async (app: FastifyInstance, options: ProxyPluginOptions) => {
    // Keyed by the Fastify request; the token never leaves the server side of the proxy.
    const bearers = new WeakMap<object, string>();

    app.addHook('onRequest', async (request) => {
      // A DAM token in the query would authenticate the request on the DAM as whoever it belongs to, beside the
      // session: the BFF never forwards one (it keeps the session's token itself).
      request.raw.url = withoutAccessToken(request.raw.url ?? '/');
      const route = findRoute(request.method, request.url);
      const operationId = route?.route.operationId;
      if (operationId !== undefined && PUBLIC_OPERATIONS.has(operationId)) return;
      const session = await request.getSession();
      if (session === undefined) {
        // A visitor: what guests may call goes on without any token, and the DAM answers as its guest user (or 401
        // in guest-disabled mode); anything else needs a session.
        if (operationId !== undefined && GUEST_OPERATIONS.has(operationId as DamOperationId)) return;
        throw unauthorized();
      }
      bearers.set(request, session.accessToken);
    });

    // Early answers to a body still arriving (issue 9): the proxy's HTTP client destroys the body it forwards when
    // the DAM answers before reading it all, and destroying the browser's request would reset its connection. So the
    // DAM gets a stream of its own, and any 4xx/5xx answered before the browser finished sending (the BFF's own
    // 401/403, or the DAM's) first reads and discards the rest, within a bound.
    app.addHook('preHandler', async (request) => {
      if (request.body === request.raw) request.body = request.raw.pipe(new PassThrough());
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // Only the DAM's own 401 (the session's bearer was sent): the BFF's 401 without a session has nothing to clear.
      if (reply.statusCode === 401 && bearers.has(request)) reply.clearSession();
      if (reply.statusCode >= 400 && !request.raw.complete) {
        const read = await discardRequestBody(request.raw, { maxBytes: EARLY_ANSWER_DISCARD_BYTES, timeoutMs: EARLY_ANSWER_DISCARD_TIMEOUT_MS });
        if (read) reply.removeHeader('connection');
        else reply.header('connection', 'close');
      }
      return payload;
    });

    await app.register(httpProxy, {
      upstream: options.damUrl,
      prefix: '/fotoweb',
      rewritePrefix: '/fotoweb',
      disableRequestLogging: true,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: IncomingHttpHeaders | Http2IncomingHttpHeaders = { ...headers };
          for (const name of STRIPPED_REQUEST_HEADERS) delete forwarded[name];
          const token = bearers.get(request);
          if (token !== undefined) forwarded.authorization = `Bearer ${token}`;
          forwarded['x-request-id'] = request.id;
          // The BFF is the DAM's only client: say who the browser is, never repeat what the browser claims.
          delete forwarded.forwarded;
          forwarded['x-forwarded-for'] = request.ip;
          forwarded['x-forwarded-proto'] = request.protocol;
          forwarded['x-forwarded-host'] = request.host;
          return forwarded;
        },
        rewriteHeaders: (headers) => {
          const kept: IncomingHttpHeaders | Http2IncomingHttpHeaders = { ...headers };
          delete kept['set-cookie'];
          // Headers the DAM names in its `Connection` header are hop-by-hop too.
          const named = typeof kept.connection === 'string' ? kept.connection.split(',').map((name) => name.trim().toLowerCase()) : [];
          for (const name of [...HOP_BY_HOP_HEADERS, ...named]) delete kept[name];
          // The BFF's security headers (set before the DAM answered) stand: the DAM's own would replace them.
          for (const name of SECURITY_HEADER_NAMES) delete kept[name];
          return kept;
        },
        onError: (reply, { error }) => {
          reply.request.log.warn({ err: error }, 'DAM request failed');
          const timedOut = (error as Error & { statusCode?: number }).statusCode === 504;
          reply.send(badGateway(timedOut ? 'The DAM server did not answer in time. Try again in a moment.' : undefined));
        },
        // Never replay a request on our own (the default retries GETs answered 503).
        retryDelay: () => null,
      },
    });
  },
  { name: 'magpie-proxy', encapsulate: true, decorators: { request: ['getSession'], reply: ['clearSession'] } },
);
