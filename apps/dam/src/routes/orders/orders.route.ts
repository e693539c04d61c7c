import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_TYPES, type OrderDecision } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref } from '../../http/resource-path.ts';
import { sendZip } from '../../http/send-file.ts';
import { ApiError } from '../../lib/errors.ts';
import { CART_HREF, MY_ORDERS_HREF, ORDER_CONFIG_HREF } from '../../presenters/hrefs.ts';
import type { Caller } from '../../policies/archive.policy.ts';
import type { AssetRef } from '../../services/assets.service.ts';

/** `…/<file>.info/__renditions/<name>`: a rendition href (an order item's `rendition`). */
const RENDITION_HREF = /^(.*\.info)\/__renditions\/[^/]+$/;

/**
 * The assets a list of asset or rendition hrefs names (an order item names its asset by a rendition's href, FotoWeb's
 * `cart-update`; `assetlinklist` by the asset's).
 * @param at the body path of the list, for the error's `issues`.
 * @throws ApiError 400 `InvalidHref` naming every href that is neither.
 */
function assetRefsOf(hrefs: readonly string[], at: string): AssetRef[] {
  const refs: AssetRef[] = [];
  const issues: Array<{ path: string; message: string }> = [];
  hrefs.forEach((href, index) => {
    const path = href.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
    const ref = parseAssetHref(path) ?? parseAssetHref(RENDITION_HREF.exec(path)?.[1] ?? '');
    if (ref) refs.push(ref);
    else issues.push({ path: `${at}.${index}`, message: `"${href.length > 100 ? `${href.slice(0, 100)}…` : href}" is not an asset's or a rendition's href.` });
  });
  if (issues.length > 0) throw new ApiError(400, 'InvalidHref', 'Only assets can be ordered, by the href the server gave them or one of their renditions.', 'Invalid href', issues);
  return refs;
}

/** Whether the request asks for `mediaType` (its Accept header names it). */
const asks = (request: FastifyRequest, mediaType: string) => (request.headers.accept ?? '').includes(mediaType);

/**
 * The cart and orders (issue 15; FotoWare's order API, fotoweb-api-notes §9; spec 02 §7): `/fotoweb/me/cart` (GET as
 * `order` or `count`, POST `assetlinklist`, PUT `cart-update`), `/fotoweb/order-config`, `/fotoweb/me/orders/` (the
 * user's orders, POST submits the cart), the approvers' `/fotoweb/orders/{pending|approved|rejected}/` (as
 * `orderlist` or `count`) and `/fotoweb/orders/{id}` with its `approve`, `reject` and `download`. Never cached.
 */
export async function ordersRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, CART_HREF, {
    getCart: async ({ request, reply, caller }) => {
      reply.header('cache-control', 'no-store');
      if (asks(request, MEDIA_TYPES.order)) return reply.header('content-type', MEDIA_TYPES.order).send(await ctx.orders.cart(caller));
      return reply.header('content-type', asks(request, MEDIA_TYPES.count) ? MEDIA_TYPES.count : 'application/json').send(await ctx.orders.cartCount(caller));
    },
    addToCart: async ({ reply, caller, body }) => {
      const hrefs = body.data.map((item) => (typeof item === 'string' ? item : item.href));
      await ctx.orders.addToCart(caller, assetRefsOf(hrefs, 'data'));
      return reply.code(204).send();
    },
    updateCart: async ({ reply, caller, body }) => {
      const refs =
        body.orderItems === undefined
          ? undefined
          : assetRefsOf(
              body.orderItems.map((item) => item.rendition),
              'orderItems',
            );
      await ctx.orders.updateCart(caller, { refs, userComment: body.userComment });
      return reply.code(204).send();
    },
  });
  serveOperations(app, ORDER_CONFIG_HREF, {
    getOrderConfig: async ({ reply, caller }) => reply.header('cache-control', 'no-store').send(await ctx.orders.config(caller)),
    updateOrderConfig: async ({ reply, caller, body }) => reply.send(await ctx.orders.saveConfig(caller, body)),
  });
  serveOperations(app, MY_ORDERS_HREF, {
    listMyOrders: async ({ request, reply, caller }) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-type', asks(request, MEDIA_TYPES.orderList) ? MEDIA_TYPES.orderList : 'application/json')
        .send(await ctx.orders.mine(caller)),
    submitOrder: async ({ request, reply, caller, body }) => {
      const refs =
        body.orderItems === undefined
          ? undefined
          : assetRefsOf(
              body.orderItems.map((item) => item.rendition),
              'orderItems',
            );
      const info = await ctx.orders.submit(caller, { refs, userComment: body.userComment, orderData: body.orderData, acceptTerms: body.acceptTerms });
      return reply
        .code(201)
        .header('location', info.orderLocation)
        .header('content-type', asks(request, MEDIA_TYPES.orderSubmissionInfo) ? MEDIA_TYPES.orderSubmissionInfo : 'application/json')
        .send(info);
    },
  });
  serveOperations(app, '/fotoweb/orders/:list/', {
    listOrders: async ({ request, reply, caller, params }) => {
      reply.header('cache-control', 'no-store');
      if (asks(request, MEDIA_TYPES.count)) return reply.header('content-type', MEDIA_TYPES.count).send(await ctx.orders.count(caller, params.list));
      return reply.header('content-type', asks(request, MEDIA_TYPES.orderList) ? MEDIA_TYPES.orderList : 'application/json').send(await ctx.orders.list(caller, params.list));
    },
  });
  serveOperations(app, '/fotoweb/orders/:orderId', {
    getOrder: async ({ request, reply, caller, params }) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-type', asks(request, MEDIA_TYPES.order) ? MEDIA_TYPES.order : 'application/json')
        .send(await ctx.orders.get(caller, params.orderId)),
  });
  /** APPROVE or REJECT (a POST on the order's `approve` or `reject`): the `orderupdate` read, the order decided. */
  const decide = async (input: { request: FastifyRequest; reply: FastifyReply; caller: Caller; orderId: number; body: OrderDecision }, state: 'approved' | 'rejected') => {
    const { request, reply, caller, orderId, body } = input;
    const commented = (body.orderItems ?? []).filter((item) => item.adminComment !== undefined);
    const itemComments = new Map<number, string>();
    if (commented.length > 0) {
      const refs = assetRefsOf(
        commented.map((item) => item.rendition),
        'orderItems',
      );
      (await ctx.assets.loadMany(caller, refs)).forEach((entry, index) => {
        if (entry) itemComments.set(entry.asset.id, commented[index]!.adminComment!);
      });
    }
    const order = await ctx.orders.decide(caller, orderId, state, { adminComment: body.adminComment, expires: body.expires, itemComments });
    return reply.header('content-type', asks(request, MEDIA_TYPES.order) ? MEDIA_TYPES.order : 'application/json').send(order);
  };
  serveOperations(app, '/fotoweb/orders/:orderId/approve', {
    approveOrder: async ({ request, reply, caller, params, body }) => decide({ request, reply, caller, orderId: params.orderId, body }, 'approved'),
  });
  serveOperations(app, '/fotoweb/orders/:orderId/reject', {
    rejectOrder: async ({ request, reply, caller, params, body }) => decide({ request, reply, caller, orderId: params.orderId, body }, 'rejected'),
  });
  serveOperations(app, '/fotoweb/orders/:orderId/download', {
    downloadOrder: async ({ reply, caller, params }) => {
      const zip = await ctx.orders.download(caller, params.orderId);
      return sendZip(reply, ctx.files, zip);
    },
  });
}
