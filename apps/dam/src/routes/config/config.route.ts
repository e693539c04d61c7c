import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { InvalidHrefError, parsePrincipalHref } from '../../http/resource-path.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ActingAs } from '../../services/applications.service.ts';

/**
 * The site's configuration (spec 03 §3.4 permissions overview, §3.12 applications): `GET /fotoweb/api/config/options`
 * and the API clients of integrations under `/fotoweb/api/config/applications`. Plain JSON (FotoWare's
 * configuration API has no vendor types).
 */
export async function configRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/config/options', {
    getConfigOptions: async ({ caller }) => ctx.configOptions.options(caller),
  });
  serveOperations(app, '/fotoweb/api/config/applications', {
    listApplications: async ({ caller }) => ctx.applications.list(caller),
    createApplication: async ({ caller, body, reply }) => {
      const created = await ctx.applications.create(caller, { name: body.name, actingAs: actingAsOf(body.actingAs) });
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/config/applications/:clientId', {
    deleteApplication: async ({ caller, params, reply }) => {
      await ctx.applications.delete(caller, params.clientId);
      return reply.code(204).send();
    },
  });
}

/** What `actingAs` names: a user's or a group's href. @throws ApiError 400 for anything else. */
function actingAsOf(href: string): ActingAs {
  for (const kind of ['user', 'group'] as const) {
    try {
      return { kind, id: parsePrincipalHref(href, kind) };
    } catch (error) {
      if (!(error instanceof InvalidHrefError)) throw error;
    }
  }
  const message = 'actingAs must be a user href (/fotoweb/api/users/<id>) or a group href (/fotoweb/api/groups/<id>).';
  throw badRequest(message, [{ path: 'body.actingAs', message }]);
}
