import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { CSRF_HEADER } from '@magpie/api-types';
import { findRoute } from '@magpie/api-types/routes';
import { definePlugin } from '../lib/plugin.ts';
import { badGateway, unauthorized } from '../lib/errors.ts';

/** DAM operations that need no token (dam.yaml `security: []`); the BFF forwards them without a session. */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set(['getHealth']);

/** Browser request headers never forwarded to the DAM: the BFF's cookies and CSRF header, and any bearer of its own. */
const STRIPPED_REQUEST_HEADERS = ['cookie', CSRF_HEADER.toLowerCase(), 'authorization'];

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
 *   401 `Unauthorized` and forwards nothing. Only {@link PUBLIC_OPERATIONS} go through without a session.
 * - Adds `Authorization: Bearer <the session's DAM access token>`, `X-Request-Id` and `X-Forwarded-For/-Proto/-Host`
 *   (the BFF's view of the client, replacing the browser's); strips the browser's `Cookie`, `X-CSRF-Token`,
 *   `Authorization` and `Forwarded`.
 * - Streams both ways: request bodies are piped (the proxy's content-type parsers hand Fastify's raw stream on;
 *   only the `validate` plugin buffers the small JSON bodies it checks) and DAM responses are piped back, with
 *   their headers (vendor content types, `Content-Range`, `Content-Disposition`, `Cache-Control`, `ETag`…) except
 *   `Set-Cookie`.
 * - A DAM that cannot be reached or times out answers 502 `BadGateway`; nothing is retried.
 *
 * Encapsulated: its hook applies to the proxied routes only. Decorates nothing; needs `request.getSession`.
 */
export const proxyPlugin = definePlugin(
  async (app: FastifyInstance, options: ProxyPluginOptions) => {
    // Keyed by the Fastify request; the token never leaves the server side of the proxy.
    const bearers = new WeakMap<object, string>();

    app.addHook('onRequest', async (request) => {
      const route = findRoute(request.method, request.url);
      if (route !== undefined && PUBLIC_OPERATIONS.has(route.route.operationId)) return;
      const session = await request.getSession();
      if (session === undefined) throw unauthorized();
      bearers.set(request, session.accessToken);
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
  { name: 'magpie-proxy', encapsulate: true, decorators: { request: ['getSession'] } },
);
