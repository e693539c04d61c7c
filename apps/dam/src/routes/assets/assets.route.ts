import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { sendKeptRepresentation } from '../../http/representation-cache.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import type { AssetReference } from '../../lib/references.ts';
import { RENDITION_RETRY_AFTER_SECONDS } from '../../services/renditions.service.ts';

/** The asset a target names, without its rendition. */
const assetOf = ({ archiveId, folderPath, filename }: AssetReference): AssetReference => ({ archiveId, folderPath, filename });

/**
 * Assets (fotoweb-api-notes §3.3, §4): `GET <asset>.info` (kept per caller while unchanged, issue 9), its renditions
 * `…/__renditions/ORIGINAL` and `…/__renditions/<processing profile id>` (Download permission; ranges; a profile's
 * rendition is made first, issue 16), and `PATCH <asset>` (`assetupdate`, EditText).
 */
export function assetsOperations(ctx: DamContext): ArchivesOperations {
  return {
    getAsset: async ({ request, reply, caller, target }) =>
      sendKeptRepresentation(ctx.representations, request, reply, caller.userId, 'asset', () => ctx.assets.get(caller, assetOf(target))),
    getRendition: async ({ request, reply, caller, target }) => {
      if (target.rendition.toUpperCase() === 'ORIGINAL') {
        const file = await ctx.assets.original(caller, assetOf(target), target.rendition);
        return sendStoredFile(request, reply, ctx.files, file, { disposition: 'attachment', cacheControl: 'private, max-age=0' });
      }
      // A processing profile's rendition (issue 16): made through the rendition service, served once made.
      const rendition = await ctx.renditions.direct(caller, { ...assetOf(target), rendition: target.rendition });
      if (rendition.ready) return sendStoredFile(request, reply, ctx.files, rendition.file, { disposition: 'attachment', cacheControl: 'private, no-store' });
      const href = 'href' in rendition ? rendition.href : request.url.split('?')[0]!;
      return reply
        .code(202)
        .header('location', href)
        .header('retry-after', String(RENDITION_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('application/vnd.fotoware.rendition-response+json; charset=utf-8')
        .send({ href });
    },
    updateAsset: async ({ request, reply, caller, target, body }) => sendRepresentation(request, reply, 'asset', await ctx.metadataEdit.updateAsset(caller, assetOf(target), body)),
  };
}
