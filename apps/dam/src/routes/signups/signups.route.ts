import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import { serveOperations } from '../../http/operations.ts';
import { refsOf } from '../../http/principals.ts';
import { ApiError, TooManyRequestsError } from '../../lib/errors.ts';
import { SignupLimits } from '../../policies/token-limits.ts';

/** A refusal of the public sign-up's limit, with its wait (s). */
const tooMany = (retryAfterSeconds: number) =>
  new TooManyRequestsError(`Too many sign-ups or invitation links from your address. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);

/** Whether a failed look-up counts against the limit: a link that names no usable invitation (404, 410). */
const isFailedLookUp = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * The sign-ups room (issue 14; spec 01 §2 approve-user modal, §3 "Sign-up", §7; spec 03 §2.1, §2.10, §3.7, §4, §7, §8).
 *
 * - Public, whatever the guest setting (`/fotoweb/signup/`): the sign-up page's form (`?invitation=<token>`, or open
 *   sign-up) and the sign-up itself. The invitation link is the credential, checked on every call; per client address
 *   ({@link clientAddressOf}) at most `MAGPIE_SIGNUP_RATE_LIMIT` sign-ups and failed look-ups per 15 minutes
 *   ({@link SignupLimits}), then 429 with `Retry-After`. Answers are never cached and send no `Referer` onwards.
 * - The pending sign-ups (`/fotoweb/signups/`), their count, and each one's PATCH and FotoWeb's APPROVE and REJECT as
 *   `POST <href>approve` and `POST <href>reject`.
 * - The sign-up settings (`/fotoweb/api/config/signups`).
 */
export async function signupsRoutes(app: FastifyInstance, ctx: DamContext) {
  const limits = new SignupLimits(ctx.config.signupRateLimit);
  serveOperations(
    app,
    '/fotoweb/signup/',
    {
      getSignupForm: async ({ request, query, reply }) => {
        const address = clientAddressOf(request);
        const blockedFor = limits.blockedFor(address);
        if (blockedFor > 0) throw tooMany(blockedFor);
        try {
          const form = await ctx.signups.form(query.invitation);
          return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(form);
        } catch (error) {
          if (isFailedLookUp(error)) limits.lookUpFailed(address);
          throw error;
        }
      },
      submitSignup: async ({ request, body, reply }) => {
        const charge = limits.takeSignup(clientAddressOf(request));
        if (!charge.allowed) throw tooMany(charge.retryAfterSeconds);
        const submitted = await ctx.signups.submit(body);
        return reply.code(201).header('cache-control', 'no-store').send(submitted);
      },
    },
    { config: { public: true } },
  );
  serveOperations(app, ['/fotoweb/signups/', '/fotoweb/signups/count', '/fotoweb/signups/:signupId/', '/fotoweb/signups/:signupId/approve', '/fotoweb/signups/:signupId/reject'], {
    listSignups: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.signups.list(caller)),
    countSignups: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.signups.count(caller)),
    updateSignup: async ({ caller, params, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.signups.update(caller, params.signupId, body)),
    approveSignup: async ({ caller, params, body, reply }) => {
      const approved = await ctx.signups.approve(caller, params.signupId, body?.groups === undefined ? undefined : refsOf(body.groups, 'group'));
      return reply.code(201).header('location', approved.href).header('cache-control', 'no-store').send(approved);
    },
    rejectSignup: async ({ caller, params, body, reply }) => {
      void body; // checked: nothing, or `{}`
      await ctx.signups.reject(caller, params.signupId);
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/api/config/signups', {
    getSignupSettings: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.signupSettings.get(caller)),
    updateSignupSettings: async ({ caller, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.signupSettings.replace(caller, body)),
  });
}
