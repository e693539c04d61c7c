import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** The ranges a proxy of Magpie's own (the BFF) connects from: this host, or a private network beside it. */
const PROXY_RANGES: ReadonlySet<string> = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

/**
 * The address of the person behind a request, for per-client limits of public operations (issue 14, the sign-up).
 * The BFF, the DAM's one client for browsers, sets `X-Forwarded-For` to the browser's address (replacing what the
 * browser claimed) and connects from this host or a private network (compose, a cluster). From such a peer the
 * header's first address is taken; from any other peer, or without a usable header, the connecting address. A client
 * on a private network that calls the DAM directly could claim another address: the DAM is meant to be reached
 * through the BFF (`DAM_HOST` loopback by default), and the limits it keys stay per BFF-reported browser.
 */
export function clientAddressOf(request: FastifyRequest): string {
  const peer = request.socket.remoteAddress ?? request.ip;
  if (!ipaddr.isValid(peer) || !PROXY_RANGES.has(ipaddr.process(peer).range())) return peer;
  const header = request.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first && ipaddr.isValid(first) ? first : peer;
}
