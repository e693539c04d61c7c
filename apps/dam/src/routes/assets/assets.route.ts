import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { sendKeptRepresentation } from '../../http/representation-cache.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import type { AssetReference } from '../../lib/references.ts';

/** The asset a target names, without its rendition. */
const assetOf = ({ archiveId, folderPath, filename }: AssetReference): AssetReference => ({ archiveId, folderPath, filename });

/**
 * Assets (fotoweb-api-notes §3.3, §4): `GET <asset>.info` (kept per caller while unchanged, issue 9), its original
 * rendition `…/__renditions/ORIGINAL` (Download permission; ranges), and `PATCH <asset>` (`assetupdate`, EditText).
 */
export function assetsOperations(ctx: DamContext): ArchivesOperations {
  return {
    getAsset: async ({ request, reply, caller, target }) =>
      sendKeptRepresentation(ctx.representations, request, reply, caller.userId, 'asset', () => ctx.assets.get(caller, assetOf(target))),
    getRendition: async ({ request, reply, caller, target }) => {
      const file = await ctx.assets.original(caller, assetOf(target), target.rendition);
      return sendStoredFile(request, reply, ctx.files, file, { disposition: 'attachment', cacheControl: 'private, max-age=0' });
    },
    updateAsset: async ({ request, reply, caller, target, body }) => sendRepresentation(request, reply, 'asset', await ctx.metadataEdit.updateAsset(caller, assetOf(target), body)),
  };
}
