import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { refsOf } from '../../http/principals.ts';

/**
 * The invitations room (issue 14; spec 01 §2, §3, §7, §8; spec 03 §2.2, §3.6, §7, §8): `/fotoweb/invitations/` lists
 * the active invitations and creates them, `POST /fotoweb/invitations/<id>/revoke` is FotoWeb's REVOKE (Node's HTTP
 * parser refuses custom methods), and `/fotoweb/groups/grantable` is the group search of the invitation wizard and the
 * approve-user modal. Plain JSON; answers are never cached (an invitation list holds links that admit people).
 */
export async function invitationsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, ['/fotoweb/invitations/', '/fotoweb/invitations/:invitationId/revoke'], {
    listInvitations: async ({ caller, query, reply }) => reply.header('cache-control', 'no-store').send(await ctx.invitations.list(caller, query)),
    createInvitations: async ({ caller, body, reply }) => {
      const created = await ctx.invitations.create(caller, {
        groups: refsOf(body.groups, 'group'),
        emails: body.emails ?? [],
        organizationDomain: body.organizationDomain ?? '',
        link: body.link ?? false,
        message: body.message ?? '',
        description: body.description ?? '',
        approveAutomatically: body.approveAutomatically ?? false,
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
    revokeInvitation: async ({ caller, params, body, reply }) => {
      void body; // checked: nothing, or `{}`
      await ctx.invitations.revoke(caller, params.invitationId);
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/groups/grantable', {
    listGrantableGroups: async ({ caller, query, reply }) => reply.header('cache-control', 'no-store').send(await ctx.grantableGroups.list(caller, query.q)),
  });
}
