import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TaxonomyItem } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { negotiate, sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { TaxonomyImportError } from '../../taxonomies/text-import.ts';
import type { Caller } from '../../policies/archive.policy.ts';
import { TaxonomyPolicy } from '../../policies/taxonomy.policy.ts';

/** Sends a taxonomy representation (see {@link sendRepresentation}). */
const send = sendRepresentation;

/** Highest page index accepted: 100 million items at 100 a page (a larger offset would overflow, never a real page). */
const MAX_PAGE = 1_000_000;

/**
 * The 0-based page of a `;p=<n>` path component ('' or absent for page 0; the route table's pattern allows digits only).
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

/** A JSON answer without a vendor media type (`info/` and `archives/{id}` are Magpie's, spec 02 §7). */
const json = 'application/json; charset=utf-8';

/**
 * Everything under `/fotoweb/api/taxonomies/` (issue #5; fotoweb-api-notes §7; spec 02 §7): the route table of
 * `@magpie/api-types` names the operation and its zod schemas check the path, query and body (400 with `issues`);
 * the service applies the taxonomy policy (403 for non-editors, 404 for what the caller may not see).
 */
export async function taxonomiesRoutes(app: FastifyInstance, ctx: DamContext) {
  const service = ctx.taxonomies;
  const policy = new TaxonomyPolicy();
  /** A guest reads taxonomies only while some archive is open to guests (the policy's rule). */
  const guestMayRead = async (caller: Caller) => {
    if (caller.isGuest) policy.assertGuestMayRead(caller, (await ctx.collections.viewableArchives(caller)).length);
  };
  /**
   * A field's taxonomy with one page of its top-level items, or a search (`q`): the representation `Accept` asks for,
   * the item list alone for a `;p=` URL (FotoWare). getTaxonomy and getTaxonomyNoSlash (spec 02 §2, §7).
   */
  const answerTaxonomy = async (request: FastifyRequest, reply: FastifyReply, caller: Caller, fieldId: number, matrix: string | undefined, q: string | undefined) => {
    await guestMayRead(caller);
    const { taxonomy, info } = await service.getTaxonomy(caller, fieldId, { page: pageOf(matrix), query: q });
    const representation = matrix ? 'taxonomy-item-list' : negotiate(request, ['taxonomy', 'taxonomy-info', 'taxonomy-item-list'] as const, 'taxonomy');
    const answer = { taxonomy, 'taxonomy-info': info, 'taxonomy-item-list': taxonomy.items }[representation];
    return send(request, reply, representation, answer);
  };
  serveOperations(app, ['/fotoweb/api/taxonomies/', '/fotoweb/api/taxonomies/*'], {
    listTaxonomies: async ({ request, reply, caller, rawParams }) => {
      await guestMayRead(caller);
      return send(request, reply, 'taxonomy-list', await service.listTaxonomies(pageOf(rawParams.matrix)));
    },
    createTaxonomy: async ({ request, reply, caller, body }) => {
      const href = await service.createTaxonomy(caller, body.field, body);
      const { info: created } = await service.getTaxonomy(caller, body.field);
      return send(request, reply.header('location', href), 'taxonomy-info', created, 201);
    },
    getTaxonomyItemsInfo: async ({ reply, caller, body }) => {
      const ids = Array.isArray(body) ? body : body.txnm;
      return reply
        .code(200)
        .header('content-type', json)
        .send(JSON.stringify(await service.itemsInfo(caller, ids)));
    },
    listArchiveTaxonomies: async ({ reply, caller, params }) => {
      const archiveId = /^[0-9]{1,9}$/.test(params.archiveId ?? '') ? Number(params.archiveId) : undefined;
      if (archiveId === undefined) throw notFound('The archive');
      await ctx.policy.require(caller, archiveId, 'View');
      const taxonomies = [];
      for (const info of (await service.listTaxonomies(0)).data) taxonomies.push((await service.getTaxonomy(caller, info.field)).taxonomy);
      return reply.code(200).header('content-type', json).send(JSON.stringify(taxonomies));
    },
    importTaxonomyText: async ({ caller, params, body }) => {
      try {
        return await service.importText(caller, Number(params.fieldId), body.text);
      } catch (error) {
        if (error instanceof TaxonomyImportError) throw new ApiError(400, error.value, error.message, 'Invalid taxonomy file');
        throw error;
      }
    },
    getTaxonomy: ({ request, reply, caller, params, rawParams, query }) => answerTaxonomy(request, reply, caller, Number(params.fieldId), rawParams.matrix, query.q),
    // Spec 02 §7 writes the taxonomy search without the trailing slash (`/api/taxonomies/{field}?q=`): the first page.
    getTaxonomyNoSlash: ({ request, reply, caller, params, query }) => answerTaxonomy(request, reply, caller, Number(params.fieldId), undefined, query.q),
    updateTaxonomy: async ({ reply, caller, params, body }) => {
      await service.updateTaxonomy(caller, Number(params.fieldId), body);
      return reply.code(204).send();
    },
    deleteTaxonomy: async ({ reply, caller, params }) => {
      await service.deleteTaxonomy(caller, Number(params.fieldId));
      return reply.code(204).send();
    },
    createTopLevelTaxonomyItem: async ({ request, reply, caller, params, body }) => {
      const item = await service.createItem(caller, Number(params.fieldId), undefined, body);
      return send(request, reply.header('location', item.href), 'taxonomy-item', item, 201);
    },
    createChildTaxonomyItem: async ({ request, reply, caller, params, body }) => {
      const item = await service.createItem(caller, Number(params.fieldId), params.itemId, body);
      return send(request, reply.header('location', item.href), 'taxonomy-item', item, 201);
    },
    getTaxonomyItem: async ({ request, reply, caller, params }) => {
      await guestMayRead(caller);
      const item = await service.getItem(caller, Number(params.fieldId), params.itemId);
      const representation = negotiate(request, ['taxonomy-item', 'taxonomy-item-info', 'taxonomy-item-list'] as const, 'taxonomy-item');
      const answer = { 'taxonomy-item': item, 'taxonomy-item-info': itemInfo(item), 'taxonomy-item-list': item.children }[representation];
      return send(request, reply, representation, answer);
    },
    getTaxonomyItemChildren: async ({ request, reply, caller, params, rawParams }) => {
      await guestMayRead(caller);
      const item = await service.getItem(caller, Number(params.fieldId), params.itemId, pageOf(rawParams.matrix));
      const representation = negotiate(request, ['taxonomy-item-list', 'taxonomy-item'] as const, 'taxonomy-item-list');
      return send(request, reply, representation, representation === 'taxonomy-item' ? item : item.children);
    },
    updateTaxonomyItem: async ({ request, reply, caller, params, body }) =>
      send(request, reply, 'taxonomy-item', await service.updateItem(caller, Number(params.fieldId), params.itemId, body)),
    deleteTaxonomyItem: async ({ reply, caller, params }) => {
      await service.deleteItem(caller, Number(params.fieldId), params.itemId);
      return reply.code(204).send();
    },
  });
}
