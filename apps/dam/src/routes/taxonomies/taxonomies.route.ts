import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findRoute, type DamOperationId } from '@magpie/api-types/routes';
import type { TaxonomyItem } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { negotiate, sendRepresentation } from '../../http/media-types.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { TaxonomyImportError } from '../../taxonomies/text-import.ts';

/** Sends a taxonomy representation (see {@link sendRepresentation}). */
const send = sendRepresentation;

/** Highest page index accepted: 100 million items at 100 a page (a larger offset would overflow, never a real page). */
const MAX_PAGE = 1_000_000;

/**
 * The 0-based page of a `;p=<n>` path component ('' for page 0).
 * @throws ApiError 400 InvalidRequest for a page index over {@link MAX_PAGE}.
 */
function pageOf(matrix: string | undefined): number {
  const page = matrix ? Number(matrix.slice(3)) : 0;
  if (page > MAX_PAGE) throw badRequest(`The page index must be at most ${MAX_PAGE}.`);
  return page;
}

/** The item without its children and ancestors (`taxonomy-item-info`). */
function itemInfo(item: TaxonomyItem) {
  const { children: _children, ancestors: _ancestors, ...info } = item;
  return info;
}

/**
 * Everything under `/fotoweb/api/taxonomies/` (issue #5; fotoweb-api-notes §7; spec 02 §7): the route table of
 * `@magpie/api-types` names the operation and its zod schemas check the path, query and body (400 with `issues`);
 * the service applies the permissions (403 for non-editors, 404 for what the caller may not see).
 */
export async function taxonomiesRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.taxonomies;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const match = findRoute(request.method, request.raw.url!, { contract: 'dam' });
    if (!match) throw notFound(`${request.method} ${request.raw.url!.split('?')[0]}`);
    const { route } = match;
    const params = (route.params ? route.params.parse(match.params) : match.params) as Record<string, string>;
    const body = route.body ? route.body.parse(request.body) : undefined;
    const query = (route.query ? route.query.parse(request.query ?? {}) : request.query) as { q?: string };
    const fieldId = Number(params['fieldId']);
    const itemId = params['itemId'] ?? '';
    // The schemas check the ids; the `;p=` component is the pattern's (digits only).
    const matrix = match.params['matrix'];
    const page = pageOf(matrix);

    switch (route.operationId as DamOperationId) {
      case 'listTaxonomies':
        return send(request, reply, 'taxonomy-list', await service.listTaxonomies(page));
      case 'createTaxonomy': {
        const info = body as { field: number; name?: string; pluralName: string; description?: string };
        const href = await service.createTaxonomy(caller, info.field, info);
        const { info: created } = await service.getTaxonomy(caller, info.field);
        return send(request, reply.header('location', href), 'taxonomy-info', created, 201);
      }
      case 'getTaxonomyItemsInfo': {
        const ids = Array.isArray(body) ? (body as string[]) : (body as { txnm: string[] }).txnm;
        return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(await service.itemsInfo(caller, ids)));
      }
      case 'listArchiveTaxonomies': {
        const archiveId = /^[0-9]{1,9}$/.test(params['archiveId'] ?? '') ? Number(params['archiveId']) : undefined;
        if (archiveId === undefined) throw notFound('The archive');
        await ctx.policy.require(caller, archiveId, 'View');
        const taxonomies = [];
        for (const info of (await service.listTaxonomies(0)).data) taxonomies.push((await service.getTaxonomy(caller, info.field)).taxonomy);
        return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(taxonomies));
      }
      case 'importTaxonomyText':
        try {
          return await service.importText(caller, fieldId, (body as { text: string }).text);
        } catch (error) {
          if (error instanceof TaxonomyImportError) throw new ApiError(400, error.value, error.message, 'Invalid taxonomy file');
          throw error;
        }
      case 'getTaxonomy': {
        const { taxonomy, info } = await service.getTaxonomy(caller, fieldId, { page, query: query.q });
        // A `;p=` URL always answers the item list (FotoWare).
        const representation = matrix ? 'taxonomy-item-list' : negotiate(request, ['taxonomy', 'taxonomy-info', 'taxonomy-item-list'] as const, 'taxonomy');
        const answer = { taxonomy, 'taxonomy-info': info, 'taxonomy-item-list': taxonomy.items }[representation];
        return send(request, reply, representation, answer);
      }
      case 'updateTaxonomy':
        await service.updateTaxonomy(caller, fieldId, body as { pluralName: string });
        return reply.code(204).send();
      case 'deleteTaxonomy':
        await service.deleteTaxonomy(caller, fieldId);
        return reply.code(204).send();
      case 'createTopLevelTaxonomyItem':
      case 'createChildTaxonomyItem': {
        const parent = route.operationId === 'createChildTaxonomyItem' ? itemId : undefined;
        const item = await service.createItem(caller, fieldId, parent, body as { name: string });
        return send(request, reply.header('location', item.href), 'taxonomy-item', item, 201);
      }
      case 'getTaxonomyItem': {
        const item = await service.getItem(caller, fieldId, itemId);
        const representation = negotiate(request, ['taxonomy-item', 'taxonomy-item-info', 'taxonomy-item-list'] as const, 'taxonomy-item');
        const answer = { 'taxonomy-item': item, 'taxonomy-item-info': itemInfo(item), 'taxonomy-item-list': item.children }[representation];
        return send(request, reply, representation, answer);
      }
      case 'getTaxonomyItemChildren': {
        const item = await service.getItem(caller, fieldId, itemId, page);
        const representation = negotiate(request, ['taxonomy-item-list', 'taxonomy-item'] as const, 'taxonomy-item-list');
        return send(request, reply, representation, representation === 'taxonomy-item' ? item : item.children);
      }
      case 'updateTaxonomyItem':
        return send(request, reply, 'taxonomy-item', await service.updateItem(caller, fieldId, itemId, body as { name: string; value: string; acl: string[] }));
      case 'deleteTaxonomyItem':
        await service.deleteItem(caller, fieldId, itemId);
        return reply.code(204).send();
      default:
        throw notFound(`${request.method} ${request.raw.url!.split('?')[0]}`);
    }
  };
  for (const url of ['/fotoweb/api/taxonomies/', '/fotoweb/api/taxonomies/*']) {
    app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url, handler });
  }
}
