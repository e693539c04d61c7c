import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { changeOf, sendAdmin, shapeOf } from '../../http/principals.ts';

/**
 * The groups room (issue 11; spec 03 §3.2, §3.3, §7 "Users and groups"): the group list at `/fotoweb/groups/` (list,
 * create) and each group at `/fotoweb/api/groups/{id}` with its `users`, `groups` (members) and `member-of`. The
 * service asks the group policy and checks nesting for cycles.
 */
export async function groupsRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.groups;
  serveOperations(app, ['/fotoweb/groups/', '/fotoweb/api/groups/*'], {
    listGroups: async ({ request, reply, caller, query }) => sendAdmin(request, reply, 'group-list', await service.list(caller, query)),
    createGroup: async ({ request, reply, caller, body }) => {
      const group = await service.create(caller, body);
      return sendAdmin(request, reply.header('location', group.href), 'group', group, 201);
    },
    getGroup: async ({ request, reply, caller, params }) => sendAdmin(request, reply, 'group', await service.get(caller, Number(params.id), shapeOf(request))),
    updateGroup: async ({ request, reply, caller, params, body }) => sendAdmin(request, reply, 'group', await service.update(caller, Number(params.id), body, shapeOf(request))),
    deleteGroup: async ({ reply, caller, params }) => {
      await service.remove(caller, Number(params.id));
      return reply.code(204).send();
    },
    listGroupUsers: async ({ request, reply, caller, params, query }) =>
      sendAdmin(request, reply, 'member-list', await service.userMembers(caller, Number(params.id), query, shapeOf(request))),
    updateGroupUsers: async ({ reply, caller, params, body }) => {
      await service.updateUserMembers(caller, Number(params.id), changeOf(body, 'user'));
      return reply.code(204).send();
    },
    listGroupGroups: async ({ request, reply, caller, params, query }) =>
      sendAdmin(request, reply, 'member-list', await service.groupMembers(caller, Number(params.id), query, shapeOf(request))),
    updateGroupGroups: async ({ reply, caller, params, body }) => {
      await service.updateGroupMembers(caller, Number(params.id), changeOf(body, 'group'));
      return reply.code(204).send();
    },
    getGroupMemberOf: async ({ request, reply, caller, params }) => sendAdmin(request, reply, 'memberof', await service.memberOf(caller, Number(params.id), shapeOf(request))),
    updateGroupMemberOf: async ({ reply, caller, params, body }) => {
      await service.updateMemberOf(caller, Number(params.id), changeOf(body, 'group'));
      return reply.code(204).send();
    },
  });
}
