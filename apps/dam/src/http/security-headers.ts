import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The DAM's Content-Security-Policy (issue 9): nothing it answers is a page, so nothing in an answer may load, run,
 * be framed, or post anywhere, even if a browser were made to open one (a JSON error, an uploaded SVG preview).
 */
export const DAM_CSP = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

/**
 * helmet 8 for an API, built once: the CSP above, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `Cross-Origin-Resource-Policy: same-origin` and helmet's other defaults. No HSTS:
 * TLS ends in front of the DAM, and the BFF sends HSTS to browsers.
 */
const setHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
});

/** helmet reports a bad configuration through `next`; ours is fixed, so that never happens at run time. */
function rethrow(error?: unknown): void {
  if (error) throw error;
}

/**
 * Sets the API security headers on every answer, in the first `onRequest` hook (call it before any hook that may
 * answer or throw): routes, errors and 404s alike. Router errors answered before any hook get them through
 * {@link withSecurityHeaders}.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, rethrow);
    done();
  });
}

/** Wraps Fastify's `frameworkErrors` handler so that the router's own error answers carry the headers too. */
export function withSecurityHeaders<Args extends [unknown, FastifyRequest, FastifyReply]>(handler: (...args: Args) => void): (...args: Args) => void {
  return (...args) => {
    setHeaders(args[1].raw, args[2].raw, rethrow);
    handler(...args);
  };
}
