/**
 * 406 Not Acceptable (dam.yaml "Media types"; RFC 9110 §12.5.1, §15.5.7). Every JSON representation is checked once,
 * as it is sent: a `GET` or `HEAD` whose `Accept` allows no JSON at all — neither the representation's media type,
 * nor `application/json`, nor any FotoWeb vendor type (`application/vnd.fotoware.<x>+json`), nor a wildcard covering
 * it — answers 406 with FotoWeb's error body instead. A request for another vendor type gets the resource's own
 * representation, as real FotoWeb servers answer (a `;p=` URL always answers its item list, a list its list type).
 * Other methods are never turned into 406 after the fact, so nothing a request changed is reported as failed; files
 * (previews, renditions) are not JSON and keep their own types.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A FotoWeb vendor media type (`application/vnd.fotoware.<x>+json`). */
const FOTOWARE_VENDOR_TYPE = /^application\/vnd\.fotoware\.[a-z0-9-]+\+json$/;

/** One media range of an `Accept` header: its type (lower case, no parameters) and its weight `q` (0…1). */
interface MediaRange {
  readonly range: string;
  readonly q: number;
}

/** The media ranges of an `Accept` header, in order; a malformed `q` counts as 1 (RFC 9110 §12.4.2 is lenient here). */
export function mediaRanges(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
      const qParam = params.find((param) => /^q=/i.test(param));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { range: range.toLowerCase(), q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 1 };
    });
}

/**
 * True when `accept` allows the JSON response `contentType` (parameters ignored): an exact match, `*\/*`, `type/*`,
 * `application/json` or any FotoWeb vendor type for a `+json` type, each with a weight above 0. An empty header
 * allows anything.
 */
export function acceptsJson(accept: string, contentType: string): boolean {
  const ranges = mediaRanges(accept);
  if (ranges.length === 0) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const major = type.split('/')[0];
  const json = type.endsWith('+json') || type === 'application/json';
  return ranges.some(
    ({ range, q }) => q > 0 && (range === '*/*' || range === `${major}/*` || range === type || (json && (range === 'application/json' || FOTOWARE_VENDOR_TYPE.test(range)))),
  );
}

function isJson(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Registers the 406 check on every response of `app`. */
export function registerNotAcceptable(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const accept = request.headers.accept;
    const contentType = reply.getHeader('content-type');
    if (typeof accept !== 'string' || typeof contentType !== 'string' || !isJson(contentType) || acceptsJson(accept, contentType)) return payload;
    reply.code(406);
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    reply.header('cache-control', 'no-store');
    reply.header('content-type', 'application/json; charset=utf-8');
    const type = contentType.split(';')[0]!.trim();
    return JSON.stringify({
      value: 'NotAcceptable',
      message: `This resource answers JSON (${type}); the request's Accept allows no JSON.`,
      heading: 'Not acceptable',
      requestId: request.id,
    });
  });
}
