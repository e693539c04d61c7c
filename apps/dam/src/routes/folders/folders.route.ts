import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { parseAssetHref } from '../../http/resource-path.ts';

/**
 * Folders (issue 13; spec 01 §3 Folder): making one in an archive or folder (`POST` its href), renaming one or styling
 * its tile (`PATCH`; an archive's href styles the archive's tile) and deleting an empty one (`DELETE`), served under
 * `/fotoweb/archives/` beside the collections they are.
 */
export function foldersOperations(ctx: DamContext): ArchivesOperations {
  return {
    createFolder: async ({ request, reply, caller, body, target }) => {
      const folder = await ctx.folders.create(caller, target, body.name);
      return sendRepresentation(request, reply.header('location', folder.href), 'collectioninfo', folder, 201);
    },
    renameFolder: async ({ request, reply, caller, body, target }) => {
      const poster = body.poster_asset === undefined ? undefined : body.poster_asset === null ? null : (parseAssetHref(body.poster_asset) ?? ('invalid' as const));
      const change = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.iconCharacter !== undefined ? { icon: body.iconCharacter } : {}),
        ...(poster !== undefined ? { poster } : {}),
      };
      return sendRepresentation(request, reply, 'collectioninfo', await ctx.folders.update(caller, target, change));
    },
    deleteFolder: async ({ reply, caller, target }) => {
      await ctx.folders.delete(caller, target);
      return reply.code(204).send();
    },
  };
}
