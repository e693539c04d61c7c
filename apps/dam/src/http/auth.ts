import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../services/auth.service.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every route not marked `config.public`. */
    caller: (Caller & { grantId: string }) | undefined;
  }
  interface FastifyContextConfig {
    /** The route answers without a token (token endpoint, health). */
    public?: boolean;
  }
}

/** The bearer token of a request: `Authorization: Bearer <t>` or `?access_token=<t>` (fotoweb-api-notes §10). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' && query.access_token ? query.access_token : undefined;
}

/**
 * Authenticates every request that is not public: a live bearer token is required (401 otherwise) and resolves
 * to `request.caller`.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    const caller = token ? await auth.authenticate(token) : undefined;
    if (!caller) throw unauthorized(token ? 'The access token is invalid or has expired.' : 'Authentication is required.');
    request.caller = caller;
  });
}

/** The caller of an authenticated route (the auth hook guarantees it). */
export function callerOf(request: FastifyRequest): Caller & { grantId: string } {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
