import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { DamContext } from './context.ts';
import { clientErrorHandler } from '@magpie/api-types/server';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders, withSecurityHeaders } from './http/security-headers.ts';
import { registerInputGate } from './http/input-gate.ts';
import { registerNotAcceptable } from './http/not-acceptable.ts';
import { registerAuthentication } from './http/auth.ts';
import { tokenRoutes } from './routes/oauth/token.route.ts';
import { servicesRoutes } from './routes/services/services.route.ts';
import { meRoutes } from './routes/me/me.route.ts';
import { pinsRoutes } from './routes/pins/pins.route.ts';
import { trashRoutes } from './routes/trash/trash.route.ts';
import { downloadsRoutes } from './routes/downloads/downloads.route.ts';
import { renditionsRoutes } from './routes/renditions/renditions.route.ts';
import { processingProfilesRoutes } from './routes/processing-profiles/processing-profiles.route.ts';
import { watermarksRoutes } from './routes/watermarks/watermarks.route.ts';
import { smartFoldersRoutes } from './routes/smart-folders/smart-folders.route.ts';
import { albumsRoutes } from './routes/albums/albums.route.ts';
import { sharesRoutes } from './routes/albums/shares.route.ts';
import { serveArchives } from './http/archives-space.ts';
import { foldersOperations } from './routes/folders/folders.route.ts';
import { collectionsOperations } from './routes/collections/collections.route.ts';
import { assetsOperations } from './routes/assets/assets.route.ts';
import { revisionsOperations } from './routes/revisions/revisions.route.ts';
import { previewRoutes } from './routes/previews/previews.route.ts';
import { webVideoRoutes } from './routes/previews/web-video.route.ts';
import { documentPageRoutes } from './routes/previews/document-pages.route.ts';
import { uploadRoutes } from './routes/uploads/uploads.route.ts';
import { backgroundTasksRoutes } from './routes/background-tasks/background-tasks.route.ts';
import { metadataViewsRoutes } from './routes/metadata-views/metadata-views.route.ts';
import { taxonomiesRoutes } from './routes/taxonomies/taxonomies.route.ts';
import { siteOwnerRoutes } from './routes/site-owner/site-owner.route.ts';
import { configRoutes } from './routes/config/config.route.ts';
import { usersRoutes } from './routes/users/users.route.ts';
import { groupsRoutes } from './routes/groups/groups.route.ts';
import { archiveConfigRoutes } from './routes/archive-config/archive-config.route.ts';
import { configLoadsRoutes } from './routes/archive-config/config-loads.route.ts';
import { mailRoutes } from './routes/mail/mail.route.ts';
import { activityRoutes } from './routes/activity/activity.route.ts';
import { alertsRoutes } from './routes/alerts/alerts.route.ts';
import { ordersRoutes } from './routes/orders/orders.route.ts';
import { consentRoutes } from './routes/consent/consent.route.ts';
import { privacyRoutes } from './routes/privacy/privacy.route.ts';
import { appearanceRoutes } from './routes/appearance/appearance.route.ts';
import { footerRoutes } from './routes/footer/footer.route.ts';
import { passwordResetsRoutes } from './routes/password-resets/password-resets.route.ts';
import { invitationsRoutes } from './routes/invitations/invitations.route.ts';
import { signupsRoutes } from './routes/signups/signups.route.ts';
import { apiKeysRoutes } from './routes/api-keys/api-keys.route.ts';
import { webhooksRoutes } from './routes/webhooks/webhooks.route.ts';
import { DebugRequestLogController } from '@magpie/api-types/server-logging';

/** Largest JSON or form body accepted (bytes); files arrive as chunks, never as one body. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** A request id taken from `X-Request-Id` when it is short and plain (as the BFF's), else a new UUID; it is logged and echoed. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Builds the DAM's Fastify app on a context: FotoWeb's API, one room per resource under `routes/` (docs/architecture.md:
 * route → policy → service → repository), each operation resolved through the route table, bearer-token authentication on every route but the token endpoint and health, FotoWeb-style
 * error bodies for every failure.
 */
export async function buildDamApp(ctx: DamContext, options: { loggerInstance?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: ctx.config.logLevel === 'silent' ? false : { level: ctx.config.logLevel } }),
    // Per-request lines at debug, so `info` shows what a person needs (`@magpie/api-types/server-logging`).
    logController: new DebugRequestLogController(),
    bodyLimit: MAX_JSON_BODY_BYTES,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && REQUEST_ID_PATTERN.test(req.headers['x-request-id']) ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: false,
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 1000 },
    // Malformed percent-encoding, over-long path segments and headers Node refuses answer a FotoWeb error body too.
    frameworkErrors: withSecurityHeaders(frameworkErrorHandler),
    clientErrorHandler,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  // API security headers (CSP default-src 'none', nosniff, DENY framing…) before any hook may answer (issue 9).
  registerSecurityHeaders(app);
  // A GET whose Accept allows none of the resource's representations answers 406 (dam.yaml "Media types").
  registerNotAcceptable(app);

  // Only JSON, form and multipart bodies are understood; anything else answers 415 UnsupportedMediaType.
  app.removeContentTypeParser('text/plain');
  // JSON (and FotoWeb's vendor types application/vnd.fotoware.<x>+json) with bounded nesting; NUL and lone
  // surrogates refused in every path parameter, query value and body before any handler (issue 9).
  registerInputGate(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });

  registerAuthentication(app, ctx.auth, { guestAccess: ctx.config.guestAccess, apiKeys: ctx.apiKeys, previewTokens: ctx.previewTokens });
  await app.register(async (scope) => {
    await tokenRoutes(scope, ctx);
    await servicesRoutes(scope, ctx);
    await meRoutes(scope, ctx);
    await pinsRoutes(scope, ctx);
    await albumsRoutes(scope, ctx);
    await sharesRoutes(scope, ctx);
    // `/fotoweb/archives/*` is shared by three rooms: one dispatcher parses the path once for all of them.
    serveArchives(scope, { ...collectionsOperations(ctx), ...foldersOperations(ctx), ...assetsOperations(ctx), ...revisionsOperations(ctx) });
    await previewRoutes(scope, ctx);
    await webVideoRoutes(scope, ctx);
    await documentPageRoutes(scope, ctx);
    await uploadRoutes(scope, ctx);
    await backgroundTasksRoutes(scope, ctx);
    await trashRoutes(scope, ctx);
    await downloadsRoutes(scope, ctx);
    await renditionsRoutes(scope, ctx);
    await processingProfilesRoutes(scope, ctx);
    await watermarksRoutes(scope, ctx);
    await smartFoldersRoutes(scope, ctx);
    await metadataViewsRoutes(scope, ctx);
    await taxonomiesRoutes(scope, ctx);
    await usersRoutes(scope, ctx);
    await groupsRoutes(scope, ctx);
    await siteOwnerRoutes(scope, ctx);
    await configRoutes(scope, ctx);
    await archiveConfigRoutes(scope, ctx);
    await configLoadsRoutes(scope, ctx);
    await mailRoutes(scope, ctx);
    await activityRoutes(scope, ctx);
    await passwordResetsRoutes(scope, ctx);
    await invitationsRoutes(scope, ctx);
    await signupsRoutes(scope, ctx);
    await alertsRoutes(scope, ctx);
    await ordersRoutes(scope, ctx);
    await consentRoutes(scope, ctx);
    await privacyRoutes(scope);
    await appearanceRoutes(scope, ctx);
    await footerRoutes(scope, ctx);
    await apiKeysRoutes(scope, ctx);
    await webhooksRoutes(scope, ctx);
  });
  return app;
}
