import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/** The footer's address (dam.yaml `getSiteFooter`). */
const FOOTER_URL = '/fotoweb/api/footer';

/**
 * The footer room (issue 15; spec 02 §2 "a custom markdown footer", §7): the site's footer, `/fotoweb/api/footer`.
 * Anyone reads it, signed in or not, whatever the guest setting (the footer shows on the login page too), never
 * cached so that a change shows at once; administrators with `manageSettings` replace it.
 */
export async function footerRoutes(app: FastifyInstance, ctx: DamContext) {
  // The read needs no token; the change does, so the two are registered apart (a public route has no caller).
  serveOperations(
    app,
    FOOTER_URL,
    { getSiteFooter: async ({ reply }) => reply.header('cache-control', 'no-cache').send(await ctx.siteFooter.get()) },
    { config: { public: true } },
  );
  serveOperations(app, FOOTER_URL, {
    updateSiteFooter: async ({ caller, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.siteFooter.replace(caller, body.markdown)),
  });
}
