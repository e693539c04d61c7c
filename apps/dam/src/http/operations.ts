import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { DAM_ROUTES, findRoute, type HttpMethod, type RouteMatch } from '@magpie/api-types/routes';
import type { Caller } from '../policies/archive.policy.ts';
import { callerOf } from './auth.ts';
import { ApiError } from '../lib/errors.ts';

/** One route of the DAM's route table (`@magpie/api-types/routes`, from dam.yaml). */
type DamRoute = (typeof DAM_ROUTES)[number];
/** An operation id of the DAM's route table. */
export type DamOperation = DamRoute['operationId'];
type RouteOf<Op extends DamOperation> = Extract<DamRoute, { operationId: Op }>;
/** What the route's zod schema for `part` gives, or `Otherwise` when the route has none. */
type Checked<Route, Part extends 'params' | 'query' | 'body', Otherwise> = Route extends { readonly [P in Part]: infer S extends z.ZodType } ? z.output<S> : Otherwise;

/** The authenticated caller of a request (http/auth.ts). */
export type AuthenticatedCaller = Caller & { grantId: string };

/**
 * A request for one operation, as a room's handler gets it: path parameters and query checked by the route table's
 * schemas, the body checked when first read (so a handler decides whether a 404 or a 415 comes before a 400).
 * Without a schema, params are the pattern's raw groups and the query is Fastify's parsed query.
 */
export interface OperationRequest<Op extends DamOperation> {
  operationId: Op;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The authenticated caller. @throws ApiError 401 on a public operation, which has none. */
  readonly caller: AuthenticatedCaller;
  params: Checked<RouteOf<Op>, 'params', Readonly<Record<string, string>>>;
  /** The pattern's named groups as matched, still percent-encoded (for parts no schema checks, e.g. `;p=`). */
  rawParams: Readonly<Record<string, string>>;
  query: Checked<RouteOf<Op>, 'query', Readonly<Record<string, unknown>>>;
  /** The body checked by the route's schema. @throws ZodError (400 InvalidRequest with `issues`) when first read. */
  readonly body: Checked<RouteOf<Op>, 'body', undefined>;
}

/** A room's handler of one operation: answers through `reply` or returns the body to send. */
export type OperationHandler<Op extends DamOperation, Extra = unknown> = (input: OperationRequest<Op> & Extra) => Promise<unknown>;

/** A room's handlers, by operation id; `Extra` is what a dispatcher adds (the archives' typed reference). */
export type Operations<Extra = unknown> = { [Op in DamOperation]?: OperationHandler<Op, Extra> };

const ROUTE_OF = new Map<string, DamRoute>(DAM_ROUTES.map((route) => [route.operationId, route]));

/** The HTTP methods of some operations (HEAD comes with GET). */
export function methodsOf(operations: readonly string[]): HttpMethod[] {
  return [...new Set(operations.map((id) => ROUTE_OF.get(id)?.method).filter((m): m is DamRoute['method'] => m !== undefined))];
}

/** 404 for a method and path no served operation answers, worded as the not-found handler's (http/errors.ts). */
export function noOperation(request: FastifyRequest): ApiError {
  return new ApiError(404, 'NotFound', `No resource at ${request.method} ${request.url.split('?')[0]}.`, 'Not found');
}

/**
 * Looks a request up in the route table (method and raw path) among the operations `served` answers.
 * @throws ApiError 404 NotFound when no route matches, or the matching operation is not served here.
 */
export function operationOf(request: FastifyRequest, served: { readonly [Op in DamOperation]?: unknown }): RouteMatch & { operationId: DamOperation } {
  const match = findRoute(request.method, request.raw.url!, { contract: 'dam' });
  const operationId = match?.route.operationId as DamOperation | undefined;
  if (!match || operationId === undefined || !served[operationId]) throw noOperation(request);
  return { ...match, operationId };
}

/**
 * The checked input of a matched operation: params and query parsed by the route's schemas now, the body when first
 * read. @throws ZodError (400 InvalidRequest with `issues`) for params or query that do not fit.
 */
export function operationInput(request: FastifyRequest, reply: FastifyReply, match: RouteMatch & { operationId: DamOperation }): OperationRequest<DamOperation> {
  const { route } = match;
  const params = route.params ? route.params.parse(match.params) : match.params;
  const query = route.query ? route.query.parse(request.query ?? {}) : (request.query ?? {});
  let body: { value: unknown } | undefined;
  return {
    operationId: match.operationId,
    request,
    reply,
    get caller() {
      return callerOf(request);
    },
    params,
    rawParams: match.params,
    query,
    get body() {
      body ??= { value: route.body ? route.body.parse(request.body) : undefined };
      return body.value;
    },
  } as OperationRequest<DamOperation>;
}

/**
 * Serves a room's operations at Fastify URLs (one routing style for every room, architecture.md): each request is
 * looked up in the route table, its input checked by the operation's schemas, and the room's handler for that
 * operation answers. A URL that matches but names an operation the room does not serve answers 404 like an unknown
 * route. The methods registered are the operations' own (HEAD with GET).
 * @param urls Fastify URLs the operations live under (static paths, `:param`s or a `*` wildcard).
 * @param options Fastify route options shared by these URLs (`config.public`, hooks).
 */
export function serveOperations(app: FastifyInstance, urls: string | readonly string[], operations: Operations, options: RouteShorthandOptions = {}): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const match = operationOf(request, operations);
    const handle = operations[match.operationId] as OperationHandler<DamOperation> | undefined;
    return handle!(operationInput(request, reply, match));
  };
  const method = methodsOf(Object.keys(operations));
  for (const url of [urls].flat()) app.route({ ...options, method, url, handler });
}
