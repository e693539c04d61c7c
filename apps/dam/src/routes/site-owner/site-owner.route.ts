import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { InvalidHrefError, parsePrincipalHref } from '../../http/resource-path.ts';
import { badRequest } from '../../lib/errors.ts';

/** The site owner (`userManagement.siteOwner`, spec 03 §4, §6, §7): who it is, and handing the role over. */
export async function siteOwnerRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/users/site-owner', {
    getSiteOwner: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'user-reference', await ctx.siteOwner.owner(caller)),
    setSiteOwner: async ({ caller, body, reply }) => {
      await ctx.siteOwner.handOver(caller, userIdOf(body.user));
      return reply.code(204).send();
    },
  });
}

/** The user id a `{user: href}` names. @throws ApiError 400 for an href that is not a user's. */
function userIdOf(href: string): number {
  try {
    return parsePrincipalHref(href, 'user');
  } catch (error) {
    if (error instanceof InvalidHrefError) throw badRequest(error.message, [{ path: 'body.user', message: error.message }]);
    throw error;
  }
}
