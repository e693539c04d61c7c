import type { FastifyRequest } from 'fastify';
import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { negotiate } from '../../http/media-types.ts';
import { sendKeptRepresentation } from '../../http/representation-cache.ts';
import { collectionSearchOf } from '../../http/collection-search.ts';
import type { CollectionSearch } from '../../services/collections.service.ts';

const COLLECTION_REPRESENTATIONS = ['collection', 'collectioninfo', 'assetlist', 'collectionlist'] as const;

/** The search of a collection request (its URL's query; see {@link collectionSearchOf}). */
function searchOf(request: FastifyRequest, criteria: Readonly<Record<string, unknown>>, ctx: DamContext): Promise<CollectionSearch | undefined> {
  return collectionSearchOf(request.raw.url!.split('?')[1] ?? '', criteria, ctx.taxonomies);
}

/**
 * Collections (fotoweb-api-notes §3, §5): the archive list (with `?q=`, a global search) and archive and folder
 * collections with `;p=`/`;o=` path parameters and searches. Answers are kept per caller and URL while nothing they
 * show changes (issue 9, http/representation-cache.ts).
 */
export function collectionsOperations(ctx: DamContext): ArchivesOperations {
  return {
    listArchives: async ({ request, reply, caller, query }) => {
      const search = await searchOf(request, query, ctx);
      return sendKeptRepresentation(ctx.representations, request, reply, caller.userId, 'collectionlist', () => ctx.collections.listArchives(caller, { search }));
    },
    getCollection: async ({ request, reply, caller, query, target }) => {
      const search = await searchOf(request, query, ctx);
      const fallback = target.params.p && target.params.p !== '0' ? 'assetlist' : 'collection';
      const representation = negotiate(request, COLLECTION_REPRESENTATIONS, fallback);
      return sendKeptRepresentation(ctx.representations, request, reply, caller.userId, representation, () =>
        ctx.collections.getCollection(
          caller,
          { archiveId: target.archiveId, folderPath: target.folderPath, page: target.params.p, order: target.params.o, search },
          representation,
        ),
      );
    },
  };
}
