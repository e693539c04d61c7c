/**
 * The orders room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15): adding to the
 * cart needs the archive permission `Order` on an asset the caller may view (no View: 404, View alone: 403); the order
 * configuration is changed with `manageSettings`; the approvers' lists, APPROVE and REJECT need `approveOrders`; an
 * order is read by its orderer and approvers (anyone else: 404) and downloaded by its orderer only. A caller's own
 * cart, their orders and the order configuration are open to every signed-in caller.
 */
import { as, jsonRequest, type MatrixExpect, type MatrixPrincipal, type MatrixRow, type MatrixWorld, type OpenOperation } from '../../testing/matrix.ts';

const CART = '/fotoweb/me/cart';
const ORDERS = '/fotoweb/me/orders/';
const CONFIG = '/fotoweb/order-config';
const approvers = { groupPermissions: ['approveOrders'] } as const;
const decided = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });

/** Submits a one-asset order of `who` (who may order the matrix asset); answers its href. */
async function orderOf(w: MatrixWorld, who: MatrixPrincipal): Promise<string> {
  const added = await w.dam.app.inject(as(who, jsonRequest('POST', CART, { data: [{ href: w.asset.href }] })));
  if (added.statusCode !== 204) throw new Error(`adding to the matrix cart failed: ${added.statusCode} ${added.body}`);
  const submitted = await w.dam.app.inject(as(who, jsonRequest('POST', ORDERS, {})));
  if (submitted.statusCode !== 201) throw new Error(`submitting the matrix order failed: ${submitted.statusCode} ${submitted.body}`);
  return submitted.json().orderLocation as string;
}

export const ORDERS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'addToCart',
    grant: { archive: ['View', 'Order'] },
    request: async (w) => jsonRequest('POST', CART, { data: [{ href: w.asset.href }] }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: 204, owner: 204 },
    refusal: /Order/,
  },
  {
    operation: 'updateCart',
    grant: { archive: ['View', 'Order'] },
    request: async (w) => jsonRequest('PUT', CART, { orderItems: [{ rendition: `${w.asset.href}/__renditions/ORIGINAL` }] }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: 204, owner: 204 },
    refusal: /Order/,
  },
  {
    operation: 'updateOrderConfig',
    grant: { groupPermissions: ['manageSettings'] },
    request: async () => jsonRequest('PUT', CONFIG, { fields: [], termsAndConditions: null }),
    expect: decided(200),
    refusal: /manageSettings/,
  },
  { operation: 'listOrders', grant: approvers, request: async () => ({ method: 'GET', url: '/fotoweb/orders/pending/' }), expect: decided(200), refusal: /approveOrders/ },
  {
    operation: 'getOrder',
    grant: approvers,
    request: async (w) => ({ method: 'GET', url: await orderOf(w, w.owner) }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: 200 },
  },
  {
    operation: 'approveOrder',
    grant: approvers,
    request: async (w) => jsonRequest('POST', `${await orderOf(w, w.owner)}/approve`, {}),
    expect: decided(200),
    refusal: /approveOrders/,
  },
  {
    operation: 'rejectOrder',
    grant: approvers,
    request: async (w) => jsonRequest('POST', `${await orderOf(w, w.owner)}/reject`, {}),
    expect: decided(200),
    refusal: /approveOrders/,
  },
  {
    operation: 'downloadOrder',
    grant: { archive: ['View', 'Order'] },
    request: async (w) => {
      const href = await orderOf(w, w.permitted);
      const approved = await w.dam.app.inject(as(w.owner, jsonRequest('POST', `${href}/approve`, {})));
      if (approved.statusCode !== 200) throw new Error(`approving the matrix order failed: ${approved.statusCode} ${approved.body}`);
      return { method: 'GET', url: `${href}/download` };
    },
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: [404, 'NotFound'] },
  },
];

/** The room's operations open to every signed-in caller (their own cart and orders; the configuration), with reasons. */
export const ORDERS_OPEN_OPERATIONS: OpenOperation[] = [
  { operation: 'getCart', reason: 'a signed-in user reads their own cart only', request: () => ({ method: 'GET', url: CART }), anonymous: [401, 'Unauthorized'], signedIn: 200 },
  {
    operation: 'getOrderConfig',
    reason: 'every orderer fills in the same form; it holds no secret',
    request: () => ({ method: 'GET', url: CONFIG }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listMyOrders',
    reason: 'a signed-in user lists their own orders only',
    request: () => ({ method: 'GET', url: ORDERS }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'submitOrder',
    reason: 'a signed-in user submits their own cart; every item is checked for Order again (an empty cart is refused)',
    request: () => jsonRequest('POST', ORDERS, {}),
    anonymous: [401, 'Unauthorized'],
    signedIn: [400, 'InvalidRequest'],
  },
];
