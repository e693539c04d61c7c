import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { definePlugin } from '../lib/plugin.ts';
import { HttpError, type ErrorBodyWithoutId } from '../lib/errors.ts';

/** Fastify's own request errors and the FotoWeb-style answer for each: [status, value, message]. */
const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaType', 'The request body has an unsupported media type.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLarge', 'The request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'InvalidRequest', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'InvalidRequest', 'The body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'InvalidRequest', 'The Content-Length does not match the body.'],
};

/**
 * `errors` plugin: every failure answers a FotoWeb-style `ErrorBody` `{value, message, heading?, issues?,
 * requestId}` (dam.yaml `ErrorBody`; spec 01 §8). {@link HttpError}s keep their status, body and headers; Fastify's
 * body-parsing errors get their 4xx; anything else is logged and answered 500 `InternalError` without internals.
 * Unknown routes answer 404 `NotFound`. Decorates nothing; register it first so every context inherits it.
 */
export const errorsPlugin = definePlugin(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let body: ErrorBodyWithoutId = { value: 'InternalError', message: 'An error occurred. Please contact your local administrator.' };
      if (error instanceof HttpError) {
        status = error.status;
        body = error.body;
        reply.headers(error.headers);
      } else if (error.code !== undefined && FASTIFY_CODES[error.code] !== undefined) {
        const [code, value, message] = FASTIFY_CODES[error.code]!;
        status = code;
        body = { value, message };
      } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { value: status === 415 ? 'UnsupportedMediaType' : status === 413 ? 'PayloadTooLarge' : 'InvalidRequest', message: error.message };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send({ ...body, requestId: request.id });
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({
        value: 'NotFound',
        heading: 'Not found',
        message: `Nothing is at ${request.method} ${request.url.split('?')[0]}.`,
        requestId: request.id,
      }),
    );
  },
  { name: 'magpie-errors' },
);

/** Router errors Fastify answers before any hook or plugin (`frameworkErrors`): [status, value, message]. */
const FRAMEWORK_CODES: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, 'InvalidRequest', 'The URL is not valid: a percent-encoded part is not UTF-8.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'InvalidRequest', 'A part of the URL is too long.'],
};

/**
 * Fastify's `frameworkErrors` option (pass it to `Fastify()`; the `errors` plugin cannot, as the router answers
 * these before any plugin runs): a URL the router cannot decode (malformed percent-encoding, an encoded lone
 * surrogate such as `%ED%A0%80`) or a path segment over the router's limit answers a FotoWeb-style `ErrorBody`
 * instead of Fastify's own `{error, code, statusCode}`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, value, message] = FRAMEWORK_CODES[error.code] ?? [400, 'InvalidRequest', 'The request is not valid.'];
  reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id)
    .send({ value, message, heading: 'Invalid request', requestId: request.id });
}
