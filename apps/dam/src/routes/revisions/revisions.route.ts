import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import type { AssetReference } from '../../lib/references.ts';

/** The asset whose revisions a target names. */
const assetOf = ({ archiveId, folderPath, filename }: AssetReference): AssetReference => ({ archiveId, folderPath, filename });

/**
 * An asset's revisions under `<asset>/__revisions/` (spec 01 §7 Revisions; fotoweb-api-notes §9): list, one revision,
 * compare, roll back one revision, roll back to a revision, delete an older one.
 */
export function revisionsOperations(ctx: DamContext): ArchivesOperations {
  return {
    listRevisions: async ({ reply, caller, target }) => reply.header('cache-control', 'private, no-cache').send(await ctx.revisions.list(caller, assetOf(target))),
    getRevision: async ({ reply, caller, target }) => reply.header('cache-control', 'private, no-cache').send(await ctx.revisions.get(caller, assetOf(target), target.revision)),
    compareRevisions: async ({ reply, caller, target, body }) => reply.send(await ctx.revisions.compare(caller, assetOf(target), body.leftRevision, body.rightRevision)),
    rollbackRevision: async ({ request, reply, caller, target }) =>
      sendRepresentation(request, reply, 'asset', await ctx.revisions.rollback(caller, assetOf(target), target.revision)),
    rollbackToRevision: async ({ request, reply, caller, target, body }) => {
      // No body at all means `all` (dam.yaml RollbackToRequest).
      const rollbackType = request.body === undefined ? undefined : body.rollbackType;
      return sendRepresentation(request, reply, 'asset', await ctx.revisions.rollbackTo(caller, assetOf(target), target.revision, rollbackType));
    },
    deleteRevision: async ({ reply, caller, target }) => {
      await ctx.revisions.delete(caller, assetOf(target), target.revision);
      return reply.code(204).send();
    },
  };
}
