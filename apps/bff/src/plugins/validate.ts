import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { MEDIA_TYPES } from '@magpie/api-types';
import { findRoute, isSafePath, type RouteMatch } from '@magpie/api-types/routes';
import { toErrorBody } from '@magpie/api-types/schemas';
import { definePlugin } from '../lib/plugin.ts';
import { HttpError, httpError } from '../lib/errors.ts';

/** Largest JSON or form body the BFF reads to validate (bytes); the DAM accepts no larger one either. */
export const MAX_VALIDATED_BODY_BYTES = 1024 * 1024;

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
 * - onRequest: a path with dot segments, `//` or backslashes → 400 `InvalidRequest`; a route the browser may not
 *   call (`fromBrowser: false`: the DAM's token endpoint) → 404 `NotFound`.
 * - preValidation: path parameters and query against the route's zod schemas → 400 `InvalidRequest` with `issues`;
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
      if (pathname !== '/fotoweb' && !pathname.startsWith('/fotoweb/')) return;
      if (!isSafePath(pathname)) {
        throw httpError('InvalidRequest', 'The path must not contain ".", ".." or empty segments, or backslashes.', 'Invalid request');
      }
      request.apiRoute = findRoute(request.method, pathname) ?? null;
      if (request.apiRoute !== null && !request.apiRoute.route.fromBrowser) {
        throw httpError('NotFound', `Nothing is at ${request.method} ${pathname}.`, 'Not found');
      }
    });

    app.addHook('preValidation', async (request) => {
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
        request.validated.body = check(route.body, decode(raw, type));
        request.body = Readable.from([raw]);
      } else {
        // The BFF's own routes: Fastify has parsed the body already.
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
 * @throws HttpError 400 `InvalidRequest` when JSON does not parse.
 */
function decode(raw: Buffer, type: string): unknown {
  const text = raw.toString('utf8');
  if (type === MEDIA_TYPES.formUrlEncoded) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw httpError('InvalidRequest', 'The body is not valid JSON.', 'Invalid request');
  }
}
