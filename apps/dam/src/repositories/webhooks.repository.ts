import { sql, type Kysely } from 'kysely';
import type { Database, WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../db/schema.ts';

/** A delivery with what sending it needs of its webhook. */
export type DeliveryToSend = WebhookDeliveryRow & Pick<WebhookRow, 'url' | 'secret' | 'enabled'>;

/** Where a finished attempt leaves its delivery. */
export type AttemptOutcome = { status: 'delivered' } | { status: 'failed' } | { status: 'retrying'; nextAttempt: Date };

/**
 * Webhooks, their deliveries and each delivery's attempts (`webhooks`, `webhook_deliveries`, `webhook_attempts`,
 * migration 0035; issue 16). Deleting a webhook deletes its deliveries and attempts.
 */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(hook: { url: string; events: readonly string[]; secret: string; enabled: boolean; createdBy: string }): Promise<WebhookRow> {
    return this.db
      .insertInto('webhooks')
      .values({ url: hook.url, events: JSON.stringify(hook.events), secret: hook.secret, enabled: hook.enabled, created_by: hook.createdBy })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every webhook, oldest first. */
  list(): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().orderBy('id').execute();
  }

  find(id: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes a webhook with its deliveries. @returns false when there was none. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The enabled webhooks told of `event`. */
  matching(event: string): Promise<Array<Pick<WebhookRow, 'id'>>> {
    return this.db
      .selectFrom('webhooks')
      .select('id')
      .where('enabled', '=', true)
      .where(sql<boolean>`events ? ${event}`)
      .orderBy('id')
      .execute();
  }

  async insertDelivery(delivery: { id: string; webhookId: number; event: string; assetId: number; asset: Record<string, unknown> }): Promise<void> {
    await this.db
      .insertInto('webhook_deliveries')
      .values({ id: delivery.id, webhook_id: delivery.webhookId, event: delivery.event, asset_id: delivery.assetId, asset: JSON.stringify(delivery.asset) })
      .execute();
  }

  /** A delivery of the webhook `webhookId`, or undefined (unknown, or another webhook's). */
  findDeliveryOf(webhookId: number, id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('webhook_id', '=', webhookId).executeTakeFirst();
  }

  /** A new delivery `newId` of what delivery `fromId` carried (webhook, event, asset and its payload); answers it. */
  copyDelivery(fromId: string, newId: string): Promise<WebhookDeliveryRow> {
    return this.db
      .insertInto('webhook_deliveries')
      .columns(['id', 'webhook_id', 'event', 'asset_id', 'asset'])
      .expression((eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select([eb.val(newId).as('id'), 'webhook_id', 'event', 'asset_id', 'asset'])
          .where('id', '=', fromId),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A delivery with its webhook's address, secret and switch, or undefined (the webhook was deleted). */
  findDelivery(id: string): Promise<DeliveryToSend | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .selectAll('webhook_deliveries')
      .select(['webhooks.url', 'webhooks.secret', 'webhooks.enabled'])
      .where('webhook_deliveries.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Starts attempt number `attempt` of an undelivered delivery: only when no attempt of that number or later was
   * started (the fence against a second process sending the same attempt: a job taken over runs under a higher number).
   * @returns false when it was started already, or the delivery is delivered or failed.
   */
  async beginAttempt(id: string, attempt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ attempts: attempt })
      .where('id', '=', id)
      .where('attempts', '<', attempt)
      .where('status', 'in', ['pending', 'retrying'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records a finished attempt and where it leaves the delivery, in one transaction. */
  async recordAttempt(id: string, attempt: { attempt: number; statusCode: number | null; error: string | null; durationMs: number }, outcome: AttemptOutcome): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({ delivery_id: id, attempt: attempt.attempt, status_code: attempt.statusCode, error: attempt.error?.slice(0, 1000) ?? null, duration_ms: attempt.durationMs })
        .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          next_attempt: outcome.status === 'retrying' ? outcome.nextAttempt : null,
          delivered: outcome.status === 'delivered' ? new Date() : null,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Marks a delivery failed without another attempt (its jobs were given up, or its webhook is disabled). */
  async fail(id: string): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt: null }).where('id', '=', id).where('status', 'in', ['pending', 'retrying']).execute();
  }

  /**
   * Deletes up to `limit` delivered or failed deliveries made before `before`, with their attempts.
   * @returns how many were deleted.
   */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', (eb) =>
        eb.selectFrom('webhook_deliveries').select('id').where('status', 'in', ['delivered', 'failed']).where('created', '<', before).orderBy('created').limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Each webhook's latest delivery, by webhook id. */
  async latestDeliveries(webhookIds: readonly number[]): Promise<Map<number, WebhookDeliveryRow>> {
    if (webhookIds.length === 0) return new Map();
    const rows = await sql<WebhookDeliveryRow>`
      SELECT DISTINCT ON (webhook_id) * FROM webhook_deliveries
      WHERE webhook_id IN (${sql.join([...webhookIds])})
      ORDER BY webhook_id, created DESC, id`.execute(this.db);
    return new Map(rows.rows.map((row) => [row.webhook_id, row]));
  }

  /** A webhook's latest deliveries, newest first, at most `limit`. */
  deliveries(webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created', 'desc').orderBy('id').limit(limit).execute();
  }

  /** The attempts of some deliveries, first first. */
  attempts(deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', [...deliveryIds])
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
  }
}
