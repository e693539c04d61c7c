import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { InvalidHrefError, parsePrincipalHref } from '../../http/resource-path.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Legacy API keys (issue 16; fotoweb-api-notes §10 "Legacy API key"; Magpie's admin API): `GET`/`POST
 * /fotoweb/api/api-keys` list and create keys, `DELETE /fotoweb/api/api-keys/{id}` revokes one, with `manageSettings`.
 * The keys authenticate the `FWAPIToken` header (http/auth.ts). Never cached: a created key is shown once.
 */
export async function apiKeysRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/api-keys', {
    listApiKeys: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.apiKeys.list(caller)),
    createApiKey: async ({ caller, body, reply }) => {
      const created = await ctx.apiKeys.create(caller, { name: body.name, userId: userIdOf(body.actingAs) });
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/api-keys/:id', {
    revokeApiKey: async ({ caller, params, reply }) => {
      await ctx.apiKeys.revoke(caller, params.id);
      return reply.code(204).send();
    },
  });
}

/** The user `actingAs` names. @throws ApiError 400 for anything but a user's href. */
function userIdOf(href: string): number {
  try {
    return parsePrincipalHref(href, 'user');
  } catch (error) {
    if (error instanceof InvalidHrefError) throw badRequest('actingAs must be a user’s href (/fotoweb/api/users/<id>).', [{ path: 'body.actingAs', message: error.message }]);
    throw error;
  }
}
