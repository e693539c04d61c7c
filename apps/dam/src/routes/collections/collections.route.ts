import type { FastifyRequest } from 'fastify';
import type { DamContext } from '../../context.ts';
import type { ArchivesOperations } from '../../http/archives-space.ts';
import { negotiate } from '../../http/media-types.ts';
import { sendKeptRepresentation } from '../../http/representation-cache.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { InvalidSearchExpressionError, MAX_EXPRESSION_LENGTH } from '../../search/expression.ts';
import { searchFromQuery, TAXONOMY_ITEM_KEY } from '../../search/params.ts';
import { InvalidTaxonomyItemError } from '../../taxonomies/taxonomies.service.ts';
import type { CollectionSearch } from '../../services/collections.service.ts';

const COLLECTION_REPRESENTATIONS = ['collection', 'collectioninfo', 'assetlist', 'collectionlist'] as const;

/**
 * The search a collection URL's query asks for (`q`, key=value criteria, advanced-search parameters), with the
 * query string kept for paging links.
 * @param criteria the query as the route table's schema checked it.
 * @throws ApiError 400 InvalidSearchExpression for a bad or over-long search, 400 InvalidTaxonomyItem for a `txnm`
 *   that names no taxonomy item or one without the Query flag (spec 02 §8).
 */
async function searchOf(request: FastifyRequest, criteria: Readonly<Record<string, unknown>>, ctx: DamContext): Promise<CollectionSearch | undefined> {
  const raw = request.raw.url!.split('?')[1] ?? '';
  if (raw.length > MAX_EXPRESSION_LENGTH * 3) throw badRequest(`The query string is longer than ${MAX_EXPRESSION_LENGTH * 3} characters.`);
  try {
    const itemIds = [criteria[TAXONOMY_ITEM_KEY] ?? []].flat().filter((v): v is string => typeof v === 'string');
    const taxonomyItems = itemIds.length > 0 ? await ctx.taxonomies.searchExpressions(itemIds) : undefined;
    const search = searchFromQuery({ ...criteria }, { taxonomyItems });
    if (!search) return undefined;
    const query = raw
      .split('&')
      .filter((pair) => pair && !pair.startsWith('access_token='))
      .join('&');
    return { ...search, query };
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError) throw new ApiError(400, 'InvalidSearchExpression', error.message, 'Invalid search expression');
    if (error instanceof InvalidTaxonomyItemError) throw new ApiError(400, error.value, error.message, 'Invalid taxonomy item');
    throw error;
  }
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
