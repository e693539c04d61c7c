import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations, type Operations } from '../../http/operations.ts';
import { changeOf, sendAdmin, shapeOf } from '../../http/principals.ts';
import { countOf, groupChangeOf, idRefs, newGroupOf, sendBeta } from '../../http/beta-principals.ts';
import type { GroupsService } from '../../services/groups.service.ts';

/**
 * The groups room (issue 11; spec 03 §3.2, §3.3, §7 "Users and groups"): the group list at `/fotoweb/groups/` (list,
 * create) and each group at `/fotoweb/api/groups/{id}` with its `users`, `groups` (members) and `member-of`. The
 * service asks the group policy and checks nesting for cycles. Beside them FotoWare's Beta group management at
 * `/fotoweb/api/groups` ({@link betaGroupOperations}).
 */
export async function groupsRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.groups;
  serveOperations(app, ['/fotoweb/groups/', '/fotoweb/api/groups', '/fotoweb/api/groups/*'], {
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
    ...betaGroupOperations(service),
  });
}

/**
 * FotoWare's Beta group management (FotoWare API "Group Management (Beta)", `Group_*` operations): plain JSON, ids in
 * paths and bodies, 204 for changes. Each one is a call of the same service as the admin view's, so the same rules
 * and the cycle check under the group-graph lock hold.
 */
function betaGroupOperations(service: GroupsService): Operations {
  const done = async (reply: FastifyReply, work: Promise<unknown>) => {
    await work;
    return reply.code(204).send();
  };
  const none = { add: [], remove: [] };
  return {
    listBetaGroups: async ({ reply, caller }) => sendBeta(reply, await service.listAll(caller)),
    createBetaGroup: async ({ reply, caller, body }) => sendBeta(reply, await service.get(caller, (await service.create(caller, newGroupOf(body))).id, 'beta')),
    countGroups: async ({ reply, caller, query }) => sendBeta(reply, countOf(await service.count(caller, { ssoOnly: query.isSso === true || query.ssoProvider !== undefined }))),
    updateBetaGroup: async ({ reply, caller, params, body }) => done(reply, service.update(caller, Number(params.id), groupChangeOf(body))),
    getGroupProperties: async ({ reply, caller, params }) => sendBeta(reply, (await service.get(caller, Number(params.id), 'admin')).propertyBag),
    deleteGroupProperties: async ({ reply, caller, params }) => done(reply, service.removeProperties(caller, Number(params.id))),
    deleteGroupProperty: async ({ reply, caller, params }) => done(reply, service.removeProperties(caller, Number(params.id), params.key)),
    setGroupMemberOf: async ({ reply, caller, params, body }) =>
      done(reply, service.updateMemberOf(caller, Number(params.id), { add: idRefs(body.groups), remove: [] }, { replace: true })),
    addGroupMemberOf: async ({ reply, caller, params, body }) => done(reply, service.updateMemberOf(caller, Number(params.id), { add: idRefs(body.groups), remove: [] })),
    deleteGroupMemberOf: async ({ reply, caller, params }) => done(reply, service.updateMemberOf(caller, Number(params.id), none, { replace: true })),
    countGroupMemberOf: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.memberOf(caller, Number(params.id), 'admin')).groups.length)),
    deleteGroupMembership: async ({ reply, caller, params }) => done(reply, service.leaveGroup(caller, Number(params.id), Number(params.group))),
    listGroupMemberOfRecursive: async ({ reply, caller, params }) => sendBeta(reply, await service.memberOfRecursive(caller, Number(params.id))),
    countGroupMemberOfRecursive: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.memberOfRecursive(caller, Number(params.id))).length)),
    setGroupUsers: async ({ reply, caller, params, body }) =>
      done(reply, service.changeMembers(caller, Number(params.id), { users: { add: idRefs(body.users), remove: [] }, replace: true })),
    addGroupUsers: async ({ reply, caller, params, body }) => done(reply, service.changeMembers(caller, Number(params.id), { users: { add: idRefs(body.users), remove: [] } })),
    deleteGroupUsers: async ({ reply, caller, params }) => done(reply, service.changeMembers(caller, Number(params.id), { users: none, replace: true })),
    countGroupUsers: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.userMembers(caller, Number(params.id), {}, 'admin')).count)),
    listGroupUsersRecursive: async ({ reply, caller, params }) => sendBeta(reply, await service.userMembersRecursive(caller, Number(params.id))),
    countGroupUsersRecursive: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.userMembersRecursive(caller, Number(params.id))).length)),
    deleteGroupUser: async ({ reply, caller, params }) => done(reply, service.removeMember(caller, Number(params.id), 'user', Number(params.member))),
    setGroupGroups: async ({ reply, caller, params, body }) =>
      done(reply, service.changeMembers(caller, Number(params.id), { groups: { add: idRefs(body.groups), remove: [] }, replace: true })),
    addGroupGroups: async ({ reply, caller, params, body }) => done(reply, service.changeMembers(caller, Number(params.id), { groups: { add: idRefs(body.groups), remove: [] } })),
    deleteGroupGroups: async ({ reply, caller, params }) => done(reply, service.changeMembers(caller, Number(params.id), { groups: none, replace: true })),
    countGroupGroups: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.groupMembers(caller, Number(params.id), {}, 'admin')).count)),
    listGroupGroupsRecursive: async ({ reply, caller, params }) => sendBeta(reply, await service.groupMembersRecursive(caller, Number(params.id))),
    countGroupGroupsRecursive: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.groupMembersRecursive(caller, Number(params.id))).length)),
    deleteGroupGroup: async ({ reply, caller, params }) => done(reply, service.removeMember(caller, Number(params.id), 'group', Number(params.member))),
    setGroupMembers: async ({ reply, caller, params, body }) =>
      done(
        reply,
        service.changeMembers(caller, Number(params.id), { users: { add: idRefs(body.users), remove: [] }, groups: { add: idRefs(body.groups), remove: [] }, replace: true }),
      ),
    addGroupMembers: async ({ reply, caller, params, body }) =>
      done(reply, service.changeMembers(caller, Number(params.id), { users: { add: idRefs(body.users), remove: [] }, groups: { add: idRefs(body.groups), remove: [] } })),
    deleteGroupMembers: async ({ reply, caller, params }) => done(reply, service.changeMembers(caller, Number(params.id), { users: none, groups: none, replace: true })),
  };
}
