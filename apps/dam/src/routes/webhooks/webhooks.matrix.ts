/**
 * The webhooks' rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 16, spec 03 §2.1
 * "Webhooks"): listing, registering and deleting webhooks, reading their deliveries and sending one again need the
 * group permission manageWebhooks. There is nothing to hide, so a caller without it gets 403. The webhooks the rows make are disabled,
 * so the matrix's other calls never send a delivery anywhere.
 */
import { randomUUID } from 'node:crypto';
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const HOOKS = '/fotoweb/api/webhooks';
const grant = { groupPermissions: ['manageWebhooks'] } as const;
const needs = (ok: number): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const DISABLED = { url: 'https://example.com/matrix-hook', events: ['asset.deleted'], enabled: false };

/** A disabled webhook the site owner registered; answers its href. */
async function hook(w: MatrixWorld): Promise<string> {
  const res = await w.dam.app.inject(as(w.owner, jsonRequest('POST', HOOKS, DISABLED)));
  if (res.statusCode !== 201) throw new Error(`registering a webhook failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { href: string }).href;
}

/** The redelivery URL of a failed delivery (of the matrix asset) of a new disabled webhook. */
async function failedDelivery(w: MatrixWorld): Promise<string> {
  const href = await hook(w);
  const id = randomUUID();
  // Straight into the table (a route's file never imports a repository): a delivery that failed.
  await w.dam.ctx.database.db
    .insertInto('webhook_deliveries')
    .values({ id, webhook_id: Number(href.split('/').pop()), event: 'asset.deleted', asset_id: Number(w.asset.uniqueid), asset: JSON.stringify(w.asset), status: 'failed' })
    .execute();
  return `${href}/deliveries/${id}/redeliver`;
}

export const WEBHOOKS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listWebhooks', grant, request: async () => ({ method: 'GET', url: HOOKS }), expect: needs(200), refusal: /manageWebhooks/ },
  { operation: 'createWebhook', grant, request: async () => jsonRequest('POST', HOOKS, DISABLED), expect: needs(201), refusal: /manageWebhooks/ },
  { operation: 'deleteWebhook', grant, request: async (w) => ({ method: 'DELETE', url: await hook(w) }), expect: needs(204), refusal: /manageWebhooks/ },
  { operation: 'listWebhookDeliveries', grant, request: async (w) => ({ method: 'GET', url: `${await hook(w)}/deliveries` }), expect: needs(200), refusal: /manageWebhooks/ },
  { operation: 'redeliverWebhookDelivery', grant, request: async (w) => ({ method: 'POST', url: await failedDelivery(w) }), expect: needs(202), refusal: /manageWebhooks/ },
];
