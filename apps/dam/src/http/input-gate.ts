import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS } from '@magpie/api-types';
import { findInputProblem, jsonNestsDeeperThan, MAX_JSON_DEPTH, type InputPart } from '@magpie/api-types/schemas';
import { ApiError } from '../lib/errors.ts';

/** JSON bodies: `application/json` and FotoWeb's vendor types (`application/vnd.fotoware.<x>+json`). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json(;.*)?$/i;

/** 400 InvalidRequest for input the gate refuses, with the offending field as the one issue. */
function refused(message: string, part: InputPart, path: string): ApiError {
  return new ApiError(400, 'InvalidRequest', message, 'Invalid request', [{ path: path === '' ? part : `${part}.${path}`, message }]);
}

/**
 * The first problem of a request's decoded path parameters, query and parsed body (see
 * `@magpie/api-types/input-rules`), as the error to answer; undefined when the request may go on. Multipart
 * bodies are streamed by their route and not seen here.
 */
export function inputProblemOf(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): ApiError | undefined {
  const parts: Array<[InputPart, unknown]> = [
    ['path', request.params],
    ['query', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    // A stream (a body no parser read) has nothing to check yet.
    if (typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function') continue;
    const problem = findInputProblem(value, part);
    if (problem !== undefined) return refused(problem.message, part, problem.path);
  }
  return undefined;
}

/**
 * The DAM's input gate (issue 9, "One input gate for every route"), registered once for every route:
 *
 * - JSON bodies (`application/json` and `application/vnd.fotoware.*+json`) are parsed by a parser that first
 *   refuses nesting deeper than {@link MAX_JSON_DEPTH} levels (one linear scan of the text, no recursion), then
 *   parses with Fastify's own secure parser (`__proto__` refused, `constructor` ignored).
 * - Before every handler (`preValidation`, after authentication and body parsing), the decoded path parameters,
 *   the query and the parsed body (JSON or form fields) are walked: a NUL character or a lone UTF-16 surrogate in
 *   any value or key, or a nesting beyond the limit, answers 400 `InvalidRequest` naming the field, e.g. `The body
 *   field "data.intranet.a" contains a NUL character (U+0000), which is not allowed.` PostgreSQL refuses both
 *   characters in `text` and `jsonb`, so they never reach SQL. The token endpoint answers the same refusal as RFC
 *   6749 §5.2 `invalid_request`.
 *
 * Headers are not walked: Node's HTTP parser refuses NUL in them and they carry bytes, not UTF-16, and none is
 * stored as given (the request id is restricted in `app.ts`). Number ranges are each value's own rule (search
 * ranges in `search/expression.ts`, ids in the route schemas, metadata in `metadata/validate.ts`).
 */
export function registerInputGate(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  const depthCheckedJson = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(refused(`The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, 'body', ''));
      return;
    }
    parseJson(request, text, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthCheckedJson);
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string' }, depthCheckedJson);

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = inputProblemOf(request);
    if (problem === undefined) return;
    if (request.routeOptions.url === API_PATHS.token) {
      return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: problem.message });
    }
    throw problem;
  });
}
