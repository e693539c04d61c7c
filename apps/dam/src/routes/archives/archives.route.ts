import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { negotiate, sendRepresentation } from '../../http/media-types.ts';
import { InvalidPathError, parseArchivesPath } from '../../http/resource-path.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { badRequest } from '../../lib/errors.ts';
import { MAX_EXPRESSION_LENGTH } from '../../search/expression.ts';

const PREFIX = '/fotoweb/archives/';
const COLLECTION_REPRESENTATIONS = ['collection', 'collectioninfo', 'assetlist', 'collectionlist'] as const;

function queryOf(request: FastifyRequest): string | undefined {
  const q = (request.query as Record<string, unknown>).q;
  const value = Array.isArray(q) ? q.join(' ') : typeof q === 'string' ? q : undefined;
  if (value !== undefined && value.length > MAX_EXPRESSION_LENGTH) {
    throw badRequest(`The search is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
  }
  return value;
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
    const q = queryOf(request);
    switch (parsed.kind) {
      case 'archiveList':
        return sendRepresentation(request, reply, 'collectionlist', await ctx.collections.listArchives(caller, q !== undefined ? { q } : {}));
      case 'collection': {
        const fallback = parsed.params.p > 0 ? 'assetlist' : 'collection';
        const representation = negotiate(request, COLLECTION_REPRESENTATIONS, fallback);
        const body = await ctx.collections.getCollection(caller, { archiveId: parsed.archiveId, folderPath: parsed.folderPath, page: parsed.params.p, q }, representation);
        return sendRepresentation(request, reply, representation, body);
      }
      case 'asset': {
        const ref = { archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename };
        if (parsed.rendition) {
          const file = await ctx.assets.original(caller, ref, parsed.rendition);
          return sendStoredFile(request, reply, ctx.files, file, { disposition: 'attachment', cacheControl: 'private, max-age=0' });
        }
        return sendRepresentation(request, reply, 'asset', await ctx.assets.get(caller, ref));
      }
    }
  };
  app.get('/fotoweb/archives/', handler);
  app.get('/fotoweb/archives/*', handler);
}
