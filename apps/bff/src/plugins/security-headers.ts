import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { strictTransportSecurity } from 'helmet';
import { definePlugin } from '../lib/plugin.ts';

/**
 * How long browsers keep to HTTPS after an answer over HTTPS (`Strict-Transport-Security: max-age`), seconds: one
 * year, helmet's default. Without `includeSubDomains`: Magpie cannot know what else runs under its domain.
 */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The Content-Security-Policy of every BFF answer, without the per-response style nonce (see
 * {@link securityHeadersPlugin}). Scripts come only from the BFF's own files (Vite's bundles): no inline script, no
 * `eval`, no event-handler attributes. Images may also be `data:` URLs (the favicon in index.html; Swagger UI's
 * icons); previews and renditions are same-origin. No `upgrade-insecure-requests` (helmet's default): it would
 * break a BFF served over plain HTTP on a LAN address; HSTS covers HTTPS deployments.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Every header this plugin sets (lower case). The proxy drops the DAM's own values of these so that a proxied
 * answer carries the BFF's (the browser sees one origin, with one policy).
 */
export const SECURITY_HEADER_NAMES: readonly string[] = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This answer's CSP nonce for `<style>` elements (base64 of 16 random bytes), listed in its `style-src`. The
     * `static` plugin writes it into index.html, where the web app gives it to emotion (Chakra UI's style engine).
     */
    styleNonce: string;
  }
}

/** The nonce of each response in flight, for helmet's `style-src` (helmet calls directive functions with req, res). */
const nonces = new WeakMap<ServerResponse, string>();

/** helmet 8 with Magpie's choices, built once (helmet only evaluates the nonce function per answer). */
const setHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...CSP_DIRECTIVES, 'style-src': [...CSP_DIRECTIVES['style-src']!, (_req, res) => `'nonce-${nonces.get(res)}'`] },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // Set per request below: never on plain HTTP.
  strictTransportSecurity: false,
});
const setHsts = strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false });

/** helmet's middlewares report a bad configuration through `next`; ours is fixed, so that never happens at run time. */
function rethrow(error?: unknown): void {
  if (error) throw error;
}

/** Random bytes for nonces, drawn 4 KiB at a time (one call to the CSPRNG per 256 answers). */
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;
const NONCE_BYTES = 16;

/** A fresh nonce: base64 of 16 bytes from the CSPRNG, never handed out twice. */
function nextNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/**
 * Sets the security headers on one answer (see {@link securityHeadersPlugin}): a fresh `reply.styleNonce`, helmet's
 * headers with the CSP carrying it, and HSTS when `request.protocol` is https.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const nonce = nextNonce();
  reply.styleNonce = nonce;
  nonces.set(reply.raw, nonce);
  setHeaders(request.raw, reply.raw, rethrow);
  if (request.protocol === 'https') setHsts(request.raw, reply.raw, rethrow);
}

/**
 * Wraps Fastify's `frameworkErrors` handler so that the answers the router gives before any hook runs (a URL that
 * does not decode, a path segment over the limit) carry the security headers too.
 */
export function withSecurityHeaders<Args extends [unknown, FastifyRequest, FastifyReply]>(handler: (...args: Args) => void): (...args: Args) => void {
  return (...args) => {
    applySecurityHeaders(args[1], args[2]);
    handler(...args);
  };
}

/**
 * `security-headers` plugin (issue 9): the security headers of every BFF answer, with helmet 8: pages, static
 * files, JSON, proxied DAM answers, redirects, errors and 404s alike (router errors through
 * {@link withSecurityHeaders}).
 *
 * - `Content-Security-Policy`: {@link CSP_DIRECTIVES}, plus `style-src 'nonce-<reply.styleNonce>'`: Chakra UI
 *   inserts its styles as `<style>` elements at run time, which apply only when they carry this nonce (so no
 *   `'unsafe-inline'` for styles either).
 * - `X-Frame-Options: DENY` (with `frame-ancestors 'none'`), `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: same-origin` (Magpie's URLs name archives and assets: other sites learn nothing),
 *   `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Resource-Policy: same-origin`, and helmet's other
 *   defaults ({@link SECURITY_HEADER_NAMES}).
 * - `Strict-Transport-Security: max-age=`{@link HSTS_MAX_AGE_SECONDS} only on requests that came over HTTPS:
 *   `request.protocol`, which honours `X-Forwarded-Proto` only from a proxy trusted by `MAGPIE_TRUST_PROXY`.
 *
 * Register it first after `errors`: the headers are set in its `onRequest` hook, before any other hook may answer
 * (CSRF refusals, the SPA's index.html) or throw. helmet sets them on the raw response, so a handler's
 * `reply.header()` of the same name would win (the proxy drops the DAM's). Decorates `reply.styleNonce`.
 */
export const securityHeadersPlugin = definePlugin(
  async (app: FastifyInstance) => {
    app.decorateReply('styleNonce', '');
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request, reply);
      done();
    });
  },
  { name: 'magpie-security-headers' },
);
