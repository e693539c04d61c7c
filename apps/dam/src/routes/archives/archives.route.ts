import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { negotiate, representationType, type Representation } from '../../http/media-types.ts';
import { InvalidPathError, parseArchivesPath } from '../../http/resource-path.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { InvalidSearchExpressionError, MAX_EXPRESSION_LENGTH } from '../../search/expression.ts';
import { searchFromQuery, TAXONOMY_ITEM_KEY } from '../../search/params.ts';
import { InvalidTaxonomyItemError } from '../../taxonomies/taxonomies.service.ts';
import type { CollectionSearch } from '../../services/collections.service.ts';
import { getRevisions } from '../metadata/metadata.route.ts';

const PREFIX = '/fotoweb/archives/';
const COLLECTION_REPRESENTATIONS = ['collection', 'collectioninfo', 'assetlist', 'collectionlist'] as const;

/**
 * The search a collection URL's query asks for (`q`, key=value criteria, advanced-search parameters), with the
 * query string kept for paging links.
 * @throws ApiError 400 InvalidSearchExpression for a bad or over-long search, 400 InvalidTaxonomyItem for a `txnm`
 *   that names no taxonomy item or one without the Query flag (spec 02 §8).
 */
async function searchOf(request: FastifyRequest, ctx: DamContext): Promise<CollectionSearch | undefined> {
  const raw = request.raw.url!.split('?')[1] ?? '';
  if (raw.length > MAX_EXPRESSION_LENGTH * 3) throw badRequest(`The query string is longer than ${MAX_EXPRESSION_LENGTH * 3} characters.`);
  try {
    const criteria = request.query as Record<string, unknown>;
    const itemIds = [criteria[TAXONOMY_ITEM_KEY] ?? []].flat().filter((v): v is string => typeof v === 'string');
    const taxonomyItems = itemIds.length > 0 ? await ctx.taxonomies.searchExpressions(itemIds) : undefined;
    const search = searchFromQuery(criteria, { taxonomyItems });
    if (!search) return undefined;
    const query = raw.split('&').filter((pair) => pair && !pair.startsWith('access_token=')).join('&');
    return { ...search, query };
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError) throw new ApiError(400, 'InvalidSearchExpression', error.message, 'Invalid search expression');
    if (error instanceof InvalidTaxonomyItemError) throw new ApiError(400, error.value, error.message, 'Invalid taxonomy item');
    throw error;
  }
}

/**
 * Everything under `/fotoweb/archives/` (fotoweb-api-notes §3, §5): the archive list (with `?q=`, a global
 * search), archive and folder collections with `;p=`/`;o=` path parameters and `?q=` searches, asset `.info`
 * URLs, and `__renditions/ORIGINAL`.
 */
export async function archivesRoutes(app: FastifyInstance, ctx: DamContext) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const pathname = request.raw.url!.split('?')[0]!;
    let parsed;
    try {
      parsed = parseArchivesPath(pathname.slice(PREFIX.length));
    } catch (error) {
      if (error instanceof InvalidPathError) throw badRequest(error.message);
      throw error;
    }
    const search = await searchOf(request, ctx);
    const representationOf = (name: Representation, compute: () => Promise<unknown>) => {
      // Kept per caller and URL (issue 9): the same collection, search or asset asked again answers from memory while
      // nothing it shows has changed (http/representation-cache.ts).
      const contentType = representationType(request, name);
      const url = request.raw.url!.replace(/([?&])access_token=[^&]*&?/, '$1');
      return ctx.representations.send(request, reply, `${caller.userId}\0${contentType}\0${url}`, async () => ({ contentType, body: JSON.stringify(await compute()) }));
    };
    switch (parsed.kind) {
      case 'archiveList':
        return representationOf('collectionlist', async () => ctx.collections.listArchives(caller, { search }));
      case 'collection': {
        const fallback = parsed.params.p && parsed.params.p !== '0' ? 'assetlist' : 'collection';
        const representation = negotiate(request, COLLECTION_REPRESENTATIONS, fallback);
        return representationOf(representation, async () => {
          const target = { archiveId: parsed.archiveId, folderPath: parsed.folderPath, page: parsed.params.p, order: parsed.params.o, search };
          return ctx.collections.getCollection(caller, target, representation);
        });
      }
      case 'revisions':
        return getRevisions(ctx, request, reply, parsed);
      case 'asset': {
        const ref = { archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename };
        if (parsed.rendition) {
          const file = await ctx.assets.original(caller, ref, parsed.rendition);
          return sendStoredFile(request, reply, ctx.files, file, { disposition: 'attachment', cacheControl: 'private, max-age=0' });
        }
        return representationOf('asset', () => ctx.assets.get(caller, ref));
      }
    }
  };
  app.get('/fotoweb/archives/', handler);
  app.get('/fotoweb/archives/*', handler);
}
