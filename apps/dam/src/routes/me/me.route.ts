import type { FastifyInstance } from 'fastify';
import { UserPreferencesUpdateSchema } from '@magpie/api-types/schemas';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { presentDescriptor } from '../../presenters/descriptor.presenter.ts';
import { ApiError } from '../../lib/errors.ts';

/** The preference groups a user may store (spec 01 §3 User preferences groups). */
const PREFERENCE_GROUPS = ['intranet', 'shared', 'pro', 'public'] as const;
/** Largest preferences document in bytes. */
const MAX_PREFERENCES_BYTES = 64 * 1024;


/** The caller's entry points: the API descriptor, archive and upload-to lists, user preferences (spec 01 §3, §7). */
export async function meRoutes(app: FastifyInstance, ctx: DamContext) {
  const descriptor = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const caller = callerOf(request);
    const canUpload = (await ctx.collections.viewableArchives(caller)).some((a) => a.permissions.has('UploadFile'));
    const allowTaxonomyEditing = await ctx.taxonomies.canEdit(caller);
    return sendRepresentation(request, reply, 'full-api-descriptor', presentDescriptor(caller, { canUpload, allowTaxonomyEditing }));
  };
  app.get('/fotoweb/me', descriptor);
  app.get('/fotoweb/me/', descriptor);

  app.get('/fotoweb/me/archives/', async (request, reply) =>
    sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(callerOf(request))),
  );
  app.get('/fotoweb/me/upload-to/', async (request, reply) =>
    sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(callerOf(request), { filter: 'upload' })),
  );

  app.get('/fotoweb/me/user-preferences/', async (request) => {
    const stored = await ctx.repos.preferences.get(callerOf(request).userId);
    return Object.fromEntries(PREFERENCE_GROUPS.map((g) => [g, stored[g] ?? {}]));
  });
  app.patch('/fotoweb/me/user-preferences/', async (request) => {
    const { data } = UserPreferencesUpdateSchema.parse(request.body);
    const userId = callerOf(request).userId;
    const stored = await ctx.repos.preferences.get(userId);
    for (const [group, values] of Object.entries(data)) {
      // A key set to null is removed; other keys replace the stored ones (shallow merge per group).
      const merged: Record<string, unknown> = { ...(stored[group] ?? {}), ...values };
      for (const [key, value] of Object.entries(values ?? {})) if (value === null) delete merged[key];
      stored[group] = merged;
    }
    if (Buffer.byteLength(JSON.stringify(stored)) > MAX_PREFERENCES_BYTES) {
      throw new ApiError(413, 'PayloadTooLarge', `Preferences are limited to ${MAX_PREFERENCES_BYTES} bytes.`, 'Too large');
    }
    await ctx.repos.preferences.put(userId, stored);
    return Object.fromEntries(PREFERENCE_GROUPS.map((g) => [g, stored[g] ?? {}]));
  });
}
