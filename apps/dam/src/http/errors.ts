import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ApiError, TooManyRequestsError } from '../lib/errors.ts';

/** FotoWeb-style error body (`{value, message, heading?, requestId, issues?}`). */
export interface ErrorBody {
  value: string;
  message: string;
  heading?: string;
  requestId: string;
  issues?: Array<{ path: string; message: string; value?: string }>;
}

const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaType', 'The request body has an unsupported media type.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLarge', 'The request body is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'InvalidRequest', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'InvalidRequest', 'The body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'InvalidRequest', 'The Content-Length does not match the body.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UnsupportedMediaType', 'The request must be multipart/form-data.'],
  FST_REQ_FILE_TOO_LARGE: [400, 'InvalidChunk', 'The chunk is larger than expected.'],
  FST_PARTS_LIMIT: [400, 'InvalidRequest', 'Too many multipart parts.'],
  FST_FILES_LIMIT: [400, 'InvalidRequest', 'Too many files in the request.'],
};

/**
 * Turns every error into a FotoWeb-style body: ApiError keeps its status and value, zod issues become 400
 * InvalidRequest with `issues`, Fastify's body-parsing errors get their 4xx; anything else is logged and answered
 * 500 InternalError without internals. Unknown routes answer 404 NotFound in the same shape.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: Omit<ErrorBody, 'requestId'> = { value: 'InternalError', message: 'An error occurred. Please contact your local administrator.' };
    if (error instanceof ApiError) {
      status = error.status;
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      body = { value: error.value, message: error.message, ...(error.heading ? { heading: error.heading } : {}), ...(error.issues ? { issues: error.issues } : {}) };
    } else if (error instanceof ZodError) {
      status = 400;
      body = {
        value: 'InvalidRequest',
        message: 'The request is not valid.',
        heading: 'Invalid request',
        issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const [s, value, message] = FASTIFY_CODES[error.code]!;
      status = s;
      body = { value, message };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { value: status === 415 ? 'UnsupportedMediaType' : status === 413 ? 'PayloadTooLarge' : 'InvalidRequest', message: error.message };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ ...body, requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ value: 'NotFound', message: `No resource at ${request.method} ${request.url.split('?')[0]}.`, heading: 'Not found', requestId: request.id });
  });
}

/** Router errors Fastify answers before any hook (`frameworkErrors`): [status, value, message]. */
const FRAMEWORK_CODES: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, 'InvalidRequest', 'The URL is not valid: a percent-encoded part is not UTF-8.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'InvalidRequest', 'A part of the URL is too long.'],
};

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode (malformed percent-encoding such as `%ED%A0%80`,
 * an encoded lone surrogate) or a path segment over the router's limit answers a FotoWeb-style body, like every
 * other error, instead of Fastify's own `{error, code, statusCode}`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, value, message] = FRAMEWORK_CODES[error.code] ?? [400, 'InvalidRequest', 'The request is not valid.'];
  reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('x-request-id', request.id)
    .send({ value, message, heading: 'Invalid request', requestId: request.id });
}
