import type { FastifyInstance } from 'fastify';
import type { PasswordResetAccepted } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { clientAddressOf } from '../../http/client-address.ts';

/** The answer to every well-formed request for a reset link, whoever uses the address (dam.yaml `PasswordResetAccepted`). */
export const PASSWORD_RESET_ACCEPTED: PasswordResetAccepted = { message: 'If an account uses that address, a link to reset its password is on its way.' };

/**
 * Password resets (issue 14 "Password reset"; Magpie's own, FotoWeb has none): `POST /fotoweb/password-resets/`
 * `{email}` asks for a link by mail and always answers 202 with the same body; `GET /fotoweb/password-resets/<token>` says whether a link
 * can still set a password; `POST` there `{password}` sets it. Public, whatever the guest setting: the link is the
 * credential, and `PasswordResetService` checks it on every call. Answers are never kept by any cache, and a page
 * holding a link sends no `Referer`.
 */
export async function passwordResetsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(
    app,
    ['/fotoweb/password-resets/', '/fotoweb/password-resets/:token'],
    {
      requestPasswordReset: async ({ request, reply, body }) => {
        // The browser's address as the BFF reports it: each person is counted, never the BFF as one.
        ctx.passwordResets.request(body.email, clientAddressOf(request));
        return reply.code(202).header('cache-control', 'no-store').send(PASSWORD_RESET_ACCEPTED);
      },
      getPasswordReset: async ({ reply, params }) =>
        reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(await ctx.passwordResets.check(params.token)),
      completePasswordReset: async ({ reply, params, body }) => {
        await ctx.passwordResets.complete(params.token, body.password);
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    },
    { config: { public: true } },
  );
}
