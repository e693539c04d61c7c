import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { MEDIA_TYPES } from '@magpie/api-types';
import { findRoute, isSafePath, type RouteMatch } from '@magpie/api-types/routes';
import { findInputProblem, forbiddenTextIn, jsonNestsDeeperThan, MAX_JSON_DEPTH, toErrorBody, type InputPart } from '@magpie/api-types/schemas';
import { definePlugin } from '../lib/plugin.ts';
import { HttpError, httpError } from '../lib/errors.ts';

/** Largest JSON or form body the BFF reads to validate (bytes); the DAM accepts no larger one either. */
export const MAX_VALIDATED_BODY_BYTES = 1024 * 1024;

/**
 * Longest `/fotoweb/` URL forwarded (characters). With the headers the proxy adds it stays under the 16 KiB the
 * DAM's HTTP parser accepts; FotoWeb URLs are far shorter (searches are at most 2,000 characters).
 */
export const MAX_URL_CHARS = 8192;

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract route of a `/fotoweb/` request (`@magpie/api-types/routes`), or null when it has none. */
    apiRoute: RouteMatch | null;
    /** The zod outputs of the checks that ran: path parameters, query, body. */
    validated: { params?: unknown; query?: unknown; body?: unknown };
  }
}

/**
 * `validate` plugin (bff.yaml "Proxy"): checks every `/fotoweb/` request that matches a route of
 * `@magpie/api-types/routes` before it reaches a handler or leaves the BFF.
 *
 * - onRequest: a URL over {@link MAX_URL_CHARS} characters → 414 `InvalidRequest`; a path with dot segments, `//`
 *   or backslashes, malformed percent-encoding, or a NUL (`%00`) → 400 `InvalidRequest`; a route the browser may
 *   not call (`fromBrowser: false`: the DAM's token endpoint) → 404 `NotFound`.
 * - preValidation, the input gate (issue 9; the DAM has the same one): a NUL character or a lone UTF-16 surrogate
 *   in any query value or key, or in any string or key of a checked body, and a JSON body nested deeper than
 *   {@link MAX_JSON_DEPTH} levels → 400 `InvalidRequest` naming the field (`@magpie/api-types` input rules), so
 *   such input never reaches the DAM. Then path parameters and query against the route's zod schemas → 400
 *   `InvalidRequest` with `issues`;
 *   a body whose `Content-Type` is not one the route accepts → 415 `UnsupportedMediaType`; a JSON or form body of
 *   a route with a body schema is read (at most {@link MAX_VALIDATED_BODY_BYTES}, else 413 `PayloadTooLarge`),
 *   validated (400 with `issues`), and handed on as the same bytes.
 *
 * Bodies of routes without a body schema (upload chunks: multipart) and of unknown routes are never read: they
 * stream through. Decorates `request.apiRoute` and `request.validated`.
 */
export const validatePlugin = definePlugin(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiRoute', null);
    // Set per request in onRequest (Fastify forbids shared object values on decorators).
    app.decorateRequest('validated', null as unknown as FastifyRequest['validated']);

    app.addHook('onRequest', async (request) => {
      request.validated = {};
      const pathname = rawPathname(request);
      if (!isFotowebPath(pathname)) return;
      if ((request.raw.url ?? request.url).length > MAX_URL_CHARS) {
        throw new HttpError(414, { value: 'InvalidRequest', heading: 'Invalid request', message: `The URL is longer than ${MAX_URL_CHARS} characters.` });
      }
      if (!isSafePath(pathname)) {
        throw httpError('InvalidRequest', 'The path must not contain ".", ".." or empty segments, or backslashes.', 'Invalid request');
      }
      checkPath(pathname);
      request.apiRoute = findRoute(request.method, pathname) ?? null;
      if (request.apiRoute !== null && !request.apiRoute.route.fromBrowser) {
        throw httpError('NotFound', `Nothing is at ${request.method} ${pathname}.`, 'Not found');
      }
    });

    app.addHook('preValidation', async (request) => {
      if (request.apiRoute === null && !isFotowebPath(rawPathname(request))) return;
      gate('query', request.query ?? {});
      const match = request.apiRoute;
      if (match === null) return;
      const { route } = match;
      if (route.params !== undefined) request.validated.params = check(route.params, match.params);
      if (route.query !== undefined) request.validated.query = check(route.query, request.query ?? {});

      const hasBody = requestHasBody(request);
      const type = mediaTypeOf(request.headers['content-type']);
      if (hasBody && route.bodyContentTypes !== undefined && !route.bodyContentTypes.includes(type)) {
        throw httpError('UnsupportedMediaType', `The body must be ${route.bodyContentTypes.join(' or ')}, not ${type || 'untyped'}.`, 'Unsupported media type');
      }
      if (route.body === undefined) return;
      if (!hasBody) {
        request.validated.body = check(route.body, undefined);
        return;
      }
      const encoding = request.headers['content-encoding'];
      if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
        throw httpError('UnsupportedMediaType', 'Compressed request bodies are not accepted.', 'Unsupported media type');
      }
      if (isStream(request.body)) {
        // Proxied routes get the raw stream: read it (bounded), validate, and hand the same bytes on.
        const raw = await readBounded(request.body, MAX_VALIDATED_BODY_BYTES);
        const decoded = decode(raw, type);
        gate('body', decoded);
        request.validated.body = check(route.body, decoded);
        request.body = Readable.from([raw]);
      } else {
        // The BFF's own routes: Fastify has parsed the body already.
        gate('body', request.body);
        request.validated.body = check(route.body, request.body);
      }
    });
  },
  { name: 'magpie-validate' },
);

/** The raw (percent-encoded) path of a request, without query. */
function rawPathname(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isFotowebPath(pathname: string): boolean {
  return pathname === '/fotoweb' || pathname.startsWith('/fotoweb/');
}

/**
 * The path must decode (percent-encoding of UTF-8) and hold no NUL.
 * @throws HttpError 400 `InvalidRequest` otherwise.
 */
function checkPath(pathname: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw httpError('InvalidRequest', 'The URL is not valid: a percent-encoded part is not UTF-8.', 'Invalid request');
  }
  if (forbiddenTextIn(decoded) !== undefined) throw gateError('path', { path: '', message: 'The path contains a NUL character (U+0000), which is not allowed.' });
}

/**
 * The input gate on one part of a request (`@magpie/api-types` input rules: NUL, lone surrogates, nesting).
 * @throws HttpError 400 `InvalidRequest` naming the field.
 */
function gate(part: InputPart, value: unknown): void {
  const problem = findInputProblem(value, part);
  if (problem !== undefined) throw gateError(part, problem);
}

function gateError(part: InputPart, problem: { path: string; message: string }): HttpError {
  const path = problem.path === '' ? part : `${part}.${problem.path}`;
  return new HttpError(400, { value: 'InvalidRequest', heading: 'Invalid request', message: problem.message, issues: [{ path, message: problem.message }] });
}

function check(schema: ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, toErrorBody(result.error));
}

function requestHasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/** The media type of a `Content-Type` header, lower-case, without parameters (`''` when absent). */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function isStream(value: unknown): value is NodeJS.ReadableStream {
  return typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function';
}

/**
 * Reads a stream into memory, at most `limit` bytes.
 * @throws HttpError 413 `PayloadTooLarge` beyond `limit`.
 */
async function readBounded(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw httpError('PayloadTooLarge', `The request body must be at most ${limit} bytes.`, 'Request too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Decodes a buffered body for validation: form fields for `application/x-www-form-urlencoded`, JSON otherwise.
 * @throws HttpError 400 `InvalidRequest` when JSON does not parse or nests deeper than {@link MAX_JSON_DEPTH} levels.
 */
function decode(raw: Buffer, type: string): unknown {
  const text = raw.toString('utf8');
  if (type === MEDIA_TYPES.formUrlEncoded) return Object.fromEntries(new URLSearchParams(text));
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw gateError('body', { path: '', message: `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.` });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw httpError('InvalidRequest', 'The body is not valid JSON.', 'Invalid request');
  }
}
