import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { collectionSearchOf, criteriaOf } from '../../http/collection-search.ts';
import { serveOperations } from '../../http/operations.ts';
import { parsePinnableHref } from '../../http/resource-path.ts';
import type { SearchReader, SmartFolderSearch } from '../../services/smart-folders.service.ts';

/**
 * Smart folders (issue 13): `GET`/`POST /fotoweb/smartfolders/{archive}/` list and save an archive's searches,
 * `PATCH`/`DELETE /fotoweb/smartfolders/{archive}/{id}` change and remove one. The route reads search URLs into
 * searches (`http/collection-search.ts`); the service decides who may do what.
 */
export async function smartFoldersRoutes(app: FastifyInstance, ctx: DamContext) {
  const read: SearchReader = (query) => collectionSearchOf(query, criteriaOf(query), ctx.taxonomies);
  /** Where a search URL runs and what it searches. */
  const searchOf = async (href: string): Promise<SmartFolderSearch> => {
    const pinnable = parsePinnableHref(href);
    // A search for one taxonomy item runs in its archive like any other search of the archive.
    const target = pinnable?.kind === 'collection' ? pinnable.ref : pinnable?.kind === 'taxonomyItem' ? { archiveId: pinnable.ref.archiveId, folderPath: '' } : undefined;
    const query = href.includes('?') ? href.slice(href.indexOf('?') + 1).split('#')[0]! : '';
    return { target, search: target ? await read(query) : undefined };
  };
  serveOperations(app, ['/fotoweb/smartfolders/:archive/', '/fotoweb/smartfolders/:archive/:id'], {
    listSmartFolders: async ({ reply, caller, params }) =>
      reply.header('cache-control', 'private, no-cache').send(await ctx.smartFolders.list(caller, Number(params.archive), read)),
    createSmartFolder: async ({ reply, caller, params, body }) => {
      const created = await ctx.smartFolders.create(caller, Number(params.archive), { name: body.name, ...(await searchOf(body.searchHref)) }, read);
      return reply
        .code(201)
        .header('location', created.edit ?? created.href)
        .send(created);
    },
    updateSmartFolder: async ({ reply, caller, params, body }) =>
      reply.send(
        await ctx.smartFolders.update(
          caller,
          Number(params.archive),
          Number(params.id),
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.position !== undefined ? { position: body.position } : {}),
            ...(body.searchHref !== undefined ? { search: await searchOf(body.searchHref) } : {}),
          },
          read,
        ),
      ),
    deleteSmartFolder: async ({ reply, caller, params }) => {
      await ctx.smartFolders.delete(caller, Number(params.archive), Number(params.id));
      return reply.code(204).send();
    },
  });
}
