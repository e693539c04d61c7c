import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations, type Operations } from '../../http/operations.ts';
import { refsOf, sendAdmin, shapeOf, changeOf } from '../../http/principals.ts';
import { countOf, idRefs, licenseLevelOf, licenseModeOf, newUserOf, sendBeta, userChangeOf } from '../../http/beta-principals.ts';
import type { UsersService } from '../../services/users.service.ts';

const json = 'application/json; charset=utf-8';

/**
 * The users room (issue 11; spec 03 §3.1, §7 "Users and groups"): the user list at `/fotoweb/users/` (list, create,
 * the batch update and delete) and each user at `/fotoweb/api/users/{id}` with its `member-of` and `device-tokens`;
 * beside them FotoWare's Beta user management at `/fotoweb/api/users` ({@link betaUserOperations}). The service asks
 * the user policy; every refusal is a FotoWeb error body.
 */
export async function usersRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.users;
  serveOperations(app, ['/fotoweb/users/', '/fotoweb/api/users', '/fotoweb/api/users/*'], {
    listUsers: async ({ request, reply, caller, query }) => sendAdmin(request, reply, 'user-list', await service.list(caller, query)),
    createUser: async ({ request, reply, caller, body }) => {
      const user = await service.create(caller, body);
      return sendAdmin(request, reply.header('location', user.href), 'user', user, 201);
    },
    updateUsers: async ({ reply, caller, body }) =>
      reply
        .code(200)
        .header('content-type', json)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(await service.updateMany(caller, refsOf(body.users, 'user'), body.data))),
    deleteUsers: async ({ reply, caller, body }) =>
      reply
        .code(200)
        .header('content-type', json)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(await service.removeMany(caller, refsOf(body.users, 'user')))),
    getUser: async ({ request, reply, caller, params }) => sendAdmin(request, reply, 'user', await service.get(caller, Number(params.id), shapeOf(request))),
    updateUser: async ({ request, reply, caller, params, body }) => sendAdmin(request, reply, 'user', await service.update(caller, Number(params.id), body, shapeOf(request))),
    deleteUser: async ({ reply, caller, params }) => {
      await service.remove(caller, Number(params.id));
      return reply.code(204).send();
    },
    getUserMemberOf: async ({ request, reply, caller, params }) => sendAdmin(request, reply, 'memberof', await service.memberOf(caller, Number(params.id), shapeOf(request))),
    updateUserMemberOf: async ({ reply, caller, params, body }) => {
      await service.updateMemberOf(caller, Number(params.id), changeOf(body, 'group'));
      return reply.code(204).send();
    },
    resetUserDeviceTokens: async ({ reply, caller, params }) => {
      await service.resetDeviceTokens(caller, Number(params.id));
      return reply.code(204).send();
    },
    ...betaUserOperations(service),
  });
}

/**
 * FotoWare's Beta user management (FotoWare API "User Management (Beta)", `User_*` operations): plain JSON, ids in
 * paths and bodies, 204 for changes. Each one is a call of the same service as the admin view's, so the same rules,
 * locks and seat checks hold.
 */
function betaUserOperations(service: UsersService): Operations {
  const done = async (reply: FastifyReply, work: Promise<unknown>) => {
    await work;
    return reply.code(204).send();
  };
  return {
    listBetaUsers: async ({ reply, caller }) => sendBeta(reply, await service.listAll(caller)),
    createBetaUser: async ({ reply, caller, body }) => sendBeta(reply, await service.get(caller, (await service.create(caller, newUserOf(body))).id, 'beta')),
    countUsers: async ({ reply, caller, query }) =>
      sendBeta(
        reply,
        countOf(
          await service.count(caller, {
            level: query.licenseLevel && licenseLevelOf(query.licenseLevel),
            mode: query.licenseMode && licenseModeOf(query.licenseMode),
            ssoOnly: query.isSso === true || query.ssoProvider !== undefined,
          }),
        ),
      ),
    updateBetaUser: async ({ reply, caller, params, body }) => done(reply, service.update(caller, Number(params.id), userChangeOf(body))),
    deleteUserPassword: async ({ reply, caller, params }) => done(reply, service.update(caller, Number(params.id), { account: { deletePassword: true } })),
    getUserProperties: async ({ reply, caller, params }) => sendBeta(reply, (await service.get(caller, Number(params.id), 'admin')).propertyBag),
    deleteUserProperties: async ({ reply, caller, params }) => done(reply, service.removeProperties(caller, Number(params.id))),
    deleteUserProperty: async ({ reply, caller, params }) => done(reply, service.removeProperties(caller, Number(params.id), params.key)),
    setUserMemberOf: async ({ reply, caller, params, body }) =>
      done(reply, service.updateMemberOf(caller, Number(params.id), { add: idRefs(body.groups), remove: [] }, { replace: true })),
    addUserMemberOf: async ({ reply, caller, params, body }) => done(reply, service.updateMemberOf(caller, Number(params.id), { add: idRefs(body.groups), remove: [] })),
    deleteUserMemberOf: async ({ reply, caller, params }) => done(reply, service.updateMemberOf(caller, Number(params.id), { add: [], remove: [] }, { replace: true })),
    countUserMemberOf: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.memberOf(caller, Number(params.id), 'admin')).groups.length)),
    deleteUserMembership: async ({ reply, caller, params }) => done(reply, service.leaveGroup(caller, Number(params.id), Number(params.group))),
    listUserMemberOfRecursive: async ({ reply, caller, params }) => sendBeta(reply, await service.memberOfRecursive(caller, Number(params.id))),
    countUserMemberOfRecursive: async ({ reply, caller, params }) => sendBeta(reply, countOf((await service.memberOfRecursive(caller, Number(params.id))).length)),
    setUserEnabled: async ({ reply, caller, params, body }) => done(reply, service.update(caller, Number(params.id), { account: { isEnabled: body.value } })),
  };
}
