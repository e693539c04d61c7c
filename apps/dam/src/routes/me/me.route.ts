import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { serveOperations, type OperationRequest } from '../../http/operations.ts';
import { presentDescriptor, presentPublicDescriptor } from '../../presenters/descriptor.presenter.ts';

/**
 * The caller's entry points: the API descriptor, archive and upload-to lists, user preferences (spec 01 §3, §7), and
 * changing one's own password (spec 03 §2.9, §2.11).
 */
export async function meRoutes(app: FastifyInstance, ctx: DamContext) {
  const descriptor = async ({ request, reply, caller }: Pick<OperationRequest<'getFullApiDescriptor'>, 'request' | 'reply' | 'caller'>) => {
    const [canUpload, canAlert, userManagement] = [
      await ctx.collections.canUploadSomewhere(caller),
      await ctx.collections.canAlertSomewhere(caller),
      await ctx.siteOwner.landmarks(caller),
    ];
    const signsInWithPassword = caller.clientId === ctx.config.bffClient.id;
    // The desktop tool and the trial subscription, from configuration (issue 15).
    const [desktopTool, subscription] = [await ctx.siteExtras.desktopTool(caller), await ctx.siteExtras.subscription(caller)];
    // The custom CSS and title-bar buttons (issue 15).
    const appearance = await ctx.appearance.forDescriptor(caller);
    // Consent forms on or off (issue 15): the consent feature level.
    const consentForms = await ctx.consent.isEnabled();
    return sendRepresentation(
      request,
      reply,
      'full-api-descriptor',
      presentDescriptor(caller, {
        canUpload,
        canAlert,
        userManagement,
        signsInWithPassword,
        guestAccess: ctx.config.guestAccess,
        desktopTool,
        subscription,
        appearance,
        consentForms,
      }),
    );
  };
  serveOperations(app, ['/fotoweb/me', '/fotoweb/me/'], { getFullApiDescriptor: descriptor, getFullApiDescriptorNoSlash: descriptor });
  // The public entry point (issue 12, fotoweb-api-notes §1): answered to guests; its archive list answers as the caller.
  // It carries the site's custom CSS and title-bar buttons (issue 15), which the login view and guests' pages show.
  serveOperations(app, '/fotoweb/', {
    getPublicApiDescriptor: async ({ request, reply, caller }) =>
      sendRepresentation(
        request,
        reply,
        'api-descriptor',
        presentPublicDescriptor({
          isGuest: caller.isGuest === true,
          openSignup: await ctx.signupSettings.isOpenSignup(),
          appearance: await ctx.appearance.forDescriptor(caller),
        }),
      ),
  });
  const myArchives = async ({ request, reply, caller }: Pick<OperationRequest<'listMyArchives'>, 'request' | 'reply' | 'caller'>) =>
    sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(caller));
  serveOperations(app, '/fotoweb/me/archives/', { listMyArchives: myArchives });
  // FotoWeb answers the list without its trailing slash too (issue 16), as it does the descriptor.
  serveOperations(app, '/fotoweb/me/archives', { listMyArchivesNoSlash: myArchives });
  // File-operation destinations (issue 13): the archives the caller may move or copy assets into.
  serveOperations(app, '/fotoweb/me/move-to/', {
    listMoveTargets: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(caller, { filter: 'moveTo' })),
  });
  serveOperations(app, '/fotoweb/me/copy-to/', {
    listCopyTargets: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(caller, { filter: 'copyTo' })),
  });
  serveOperations(app, '/fotoweb/me/upload-to/', {
    listUploadTargets: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(caller, { filter: 'upload' })),
  });
  serveOperations(app, '/fotoweb/me/user-preferences/', {
    getUserPreferences: async ({ caller }) => ctx.preferences.get(caller),
    updateUserPreferences: async ({ caller, body }) => ctx.preferences.update(caller, body.data),
  });
  serveOperations(app, '/fotoweb/me/password', {
    changeOwnPassword: async ({ caller, body, reply }) => {
      await ctx.account.changeOwnPassword(caller, body);
      return reply.code(204).send();
    },
  });
}
