import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { refsOf, sendAdmin, shapeOf, changeOf } from '../../http/principals.ts';

const json = 'application/json; charset=utf-8';

/**
 * The users room (issue 11; spec 03 §3.1, §7 "Users and groups"): the user list at `/fotoweb/users/` (list, create,
 * the batch update and delete) and each user at `/fotoweb/api/users/{id}` with its `member-of` and `device-tokens`.
 * The service asks the user policy; every refusal is a FotoWeb error body.
 */
export async function usersRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.users;
  serveOperations(app, ['/fotoweb/users/', '/fotoweb/api/users/*'], {
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
  });
}
