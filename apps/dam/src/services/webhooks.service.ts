import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Asset, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookDeliveryList, WebhookEvent, WebhookList, WebhookPayload } from '@magpie/api-types';
import type { Database, JobRow } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import type { JobHandler, WorkerLogger } from '../jobs/worker.ts';
import { WebhooksRepository, type AttemptOutcome } from '../repositories/webhooks.repository.ts';
import { AssetsRepository } from '../repositories/assets.repository.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import { JobsRepository } from '../repositories/jobs.repository.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
import { presentCreatedWebhook, presentWebhook, presentWebhookDelivery } from '../presenters/integrations.presenter.ts';
import { randomToken } from '../lib/crypto.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordActivity } from './activity.service.ts';

/** The job kind that makes one attempt of a webhook delivery (`{deliveryId}`). */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/**
 * The job's attempt limit: above the most attempts any configuration allows (ten waits, config.ts), so the handler
 * decides when a delivery is given up ({@link WebhooksService.deliver}); the worker only stops a job whose processes
 * kept dying.
 */
export const WEBHOOK_JOB_MAX_ATTEMPTS = 11;
/** The job kind of the hourly sweep that deletes old finished deliveries (jobs/sweeps.ts). */
export const WEBHOOK_RETENTION_JOB = 'webhook-retention';
/** How often each DAM process offers the retention sweep (ms). */
export const WEBHOOK_SWEEP_INTERVAL_MS = 3_600_000;
/** How long delivered and failed deliveries, with their payload snapshots and attempts, are kept (ms): 30 days. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;
/** Deliveries one sweep deletes at most (the next sweep goes on). */
export const WEBHOOK_PURGE_BATCH = 5_000;
/** Deliveries listed per webhook by `listWebhookDeliveries`. */
export const WEBHOOK_DELIVERIES_LISTED = 100;
/** The header carrying the signature: `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<body>`). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-magpie-signature';
/** The header carrying the signing moment (whole seconds since the epoch), part of what is signed. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-magpie-timestamp';
/** The `User-Agent` of deliveries. */
export const WEBHOOK_USER_AGENT = 'Magpie-Webhooks/1';

/** FotoWeb's `operation-name` for each event (fotoweb-api-notes §9 "Webhooks": `upload`, `updateMetadata`). */
const OPERATION_NAMES: Readonly<Record<WebhookEvent, string>> = { 'asset.ingested': 'upload', 'asset.modified': 'updateMetadata', 'asset.deleted': 'delete' };

/**
 * The signature of a delivery: `sha256=` and the hex HMAC-SHA256, keyed with the webhook's secret, of the timestamp
 * header's value, a dot and the exact body (so a captured request cannot be replayed with another timestamp).
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Queues one delivery of `event` for `assetId` per enabled webhook told of it, with the database handle of the change
 * (`db`: the change's transaction, so the deliveries commit or roll back with it; issue 16). The payload's asset is
 * presented now, as it is in this transaction (the asset presenter with the archive's metadata view and no caller's
 * permissions), so a later change or a purge does not alter what the event says. Costs one query when no webhook
 * listens. The worker finds the jobs at its next poll (`JOB_IDLE_POLL_MS`).
 * @returns how many deliveries were queued.
 */
export async function queueWebhookDeliveries(db: Kysely<Database>, event: WebhookEvent, assetId: number): Promise<number> {
  const repo = new WebhooksRepository(db);
  const hooks = await repo.matching(event);
  if (hooks.length === 0) return 0;
  const asset = await new AssetsRepository(db).findById(assetId);
  const archive = asset && (await new ArchivesRepository(db).findById(asset.archive_id));
  if (!asset || !archive) return 0;
  const view = await new MetadataViewsRepository(db).forArchive(archive.id);
  const presented = presentAsset(archive, asset, [], view.definition) as unknown as Record<string, unknown>;
  const jobs = new JobsRepository(db);
  for (const hook of hooks) {
    const id = randomUUID();
    await repo.insertDelivery({ id, webhookId: hook.id, event, assetId, asset: presented });
    await jobs.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId: id }, { maxAttempts: WEBHOOK_JOB_MAX_ATTEMPTS });
  }
  return hooks.length;
}

/**
 * FotoWeb's webhook payload (fotoweb-api-notes §9 "Webhooks": `id, href, type, operation-name, created, title,
 * description, tags, byline, file-size, pixel-width, pixel-height, preview-href, thumbnail-href, data.asset`; numbers
 * as strings) plus Magpie's `event` and `asset`. Hrefs are absolute, from `publicUrl`.
 */
export function webhookPayload(delivery: { id: string; event: string; created: Date; asset: Record<string, unknown> }, publicUrl: string): WebhookPayload {
  const asset = delivery.asset as unknown as Asset;
  const absolute = (href: string) => new URL(href, publicUrl).toString();
  const builtin = (role: string) => asset.builtinFields.find((field) => field.field === role)?.value;
  const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.join('; ') : '');
  const byline = asset.metadata['80']?.value;
  const previews = [...asset.previews].filter((preview) => !preview.square).sort((a, b) => a.size - b.size);
  const thumbnail = previews.find((preview) => preview.size >= 200) ?? previews.at(-1);
  const tags = builtin('tags');
  return {
    id: delivery.id,
    event: delivery.event as WebhookEvent,
    type: 'asset',
    'operation-name': OPERATION_NAMES[delivery.event as WebhookEvent] ?? delivery.event,
    created: delivery.created.toISOString(),
    href: absolute(asset.href),
    title: text(builtin('title')),
    description: text(builtin('description')),
    tags: Array.isArray(tags) ? tags.map(String) : typeof tags === 'string' && tags !== '' ? [tags] : [],
    byline: text(byline),
    'file-size': String(asset.filesize),
    'pixel-width': String(asset.attributes?.imageattributes?.pixelwidth ?? ''),
    'pixel-height': String(asset.attributes?.imageattributes?.pixelheight ?? ''),
    'preview-href': previews.length > 0 ? absolute(previews.at(-1)!.href) : '',
    'thumbnail-href': thumbnail ? absolute(thumbnail.href) : '',
    asset,
    data: { asset },
  };
}

/** Why an attempt failed, for the attempt's record and the job's error. */
class WebhookDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}

/** A failed request's reason in a few words: the network error's code and message, or the timeout. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `No answer within ${timeoutMs} ms.`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.message) return `${cause.code ? `${cause.code}: ` : ''}${cause.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Webhooks (issue 16; spec 03 §2.1 "Webhooks"): administrators with `manageWebhooks` register URLs for asset events,
 * list them with their last delivery, read their deliveries and delete them. Events queue deliveries with the change
 * ({@link queueWebhookDeliveries}); the `webhook-delivery` job makes one attempt per run ({@link deliver}) and the
 * worker retries after the configured waits (`MAGPIE_WEBHOOK_RETRY_MS`). Jobs are claimed with `FOR UPDATE SKIP
 * LOCKED` and each attempt is fenced by its number, so several DAM processes never send the same attempt twice.
 */
export class WebhooksService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      /** Absolute hrefs in payloads (`MAGPIE_PUBLIC_URL`). */
      publicUrl: string;
      /** The waits before each retry (ms); a delivery is tried `retryDelaysMs.length + 1` times. */
      retryDelaysMs: readonly number[];
      /** How long a receiver has to answer (ms). */
      timeoutMs: number;
      log: WorkerLogger;
    },
  ) {}

  /** Every webhook with its last delivery, oldest first. @throws ApiError 403 Forbidden without `manageWebhooks`. */
  async list(caller: Caller): Promise<WebhookList> {
    sitePolicy.assertCan(caller, 'manageWebhooks');
    const repo = new WebhooksRepository(this.db);
    const hooks = await repo.list();
    const latest = await repo.latestDeliveries(hooks.map((hook) => hook.id));
    const attempts = await repo.attempts([...latest.values()].map((delivery) => delivery.id));
    const lastAttempt = new Map(attempts.map((attempt) => [attempt.delivery_id, attempt]));
    return {
      data: hooks.map((hook) => {
        const delivery = latest.get(hook.id);
        return presentWebhook(hook, delivery ? presentWebhookDelivery(delivery, lastAttempt.get(delivery.id)) : null);
      }),
    };
  }

  /**
   * Registers a webhook with a new random secret (shown once in the answer).
   * @throws ApiError 403 Forbidden without `manageWebhooks`.
   */
  async create(caller: Caller, input: WebhookCreate): Promise<WebhookCreated> {
    sitePolicy.assertCan(caller, 'manageWebhooks');
    const secret = randomToken(32);
    return inTransaction(this.db, async (trx) => {
      const row = await new WebhooksRepository(trx).insert({ url: input.url, events: input.events, secret, enabled: input.enabled ?? true, createdBy: caller.username });
      await recordActivity(trx, caller, 'site.webhookRegistered', { kind: 'site', name: row.url }, { webhookId: row.id, events: row.events });
      return presentCreatedWebhook(row, secret);
    });
  }

  /** Deletes a webhook and its deliveries. @throws ApiError 403 without `manageWebhooks`; 404 for an unknown one. */
  async delete(caller: Caller, id: number): Promise<void> {
    sitePolicy.assertCan(caller, 'manageWebhooks');
    await inTransaction(this.db, async (trx) => {
      const hooks = new WebhooksRepository(trx);
      const hook = await hooks.find(id);
      if (!hook || !(await hooks.delete(id))) throw notFound('The webhook');
      await recordActivity(trx, caller, 'site.webhookDeleted', { kind: 'site', name: hook.url }, { webhookId: id, events: hook.events });
    });
  }

  /**
   * A webhook's latest deliveries with every attempt, newest first.
   * @throws ApiError 403 Forbidden without `manageWebhooks`; 404 NotFound for an unknown webhook.
   */
  async deliveries(caller: Caller, id: number): Promise<WebhookDeliveryList> {
    sitePolicy.assertCan(caller, 'manageWebhooks');
    const repo = new WebhooksRepository(this.db);
    if (!(await repo.find(id))) throw notFound('The webhook');
    const rows = await repo.deliveries(id, WEBHOOK_DELIVERIES_LISTED);
    const attempts = await repo.attempts(rows.map((row) => row.id));
    return {
      data: rows.map((row) => {
        const own = attempts.filter((attempt) => attempt.delivery_id === row.id);
        return presentWebhookDelivery(row, own.at(-1), own);
      }),
    };
  }

  /**
   * Sends a delivered or failed delivery again: a new delivery (new id) of the same event and asset payload, queued
   * like any other; the original keeps its attempts.
   * @throws ApiError 403 Forbidden without `manageWebhooks`; 404 NotFound for an unknown webhook or delivery (or one of
   *   another webhook); 409 Conflict while the delivery is still being tried.
   */
  async redeliver(caller: Caller, webhookId: number, deliveryId: string): Promise<WebhookDelivery> {
    sitePolicy.assertCan(caller, 'manageWebhooks');
    return inTransaction(this.db, async (trx) => {
      const repo = new WebhooksRepository(trx);
      const original = await repo.findDeliveryOf(webhookId, deliveryId);
      if (!original) throw notFound('The delivery');
      if (original.status === 'pending' || original.status === 'retrying') {
        throw new ApiError(409, 'Conflict', 'This delivery is still being tried; send it again once it is delivered or has failed.', 'Conflict');
      }
      const copy = await repo.copyDelivery(deliveryId, randomUUID());
      await new JobsRepository(trx).enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId: copy.id }, { maxAttempts: WEBHOOK_JOB_MAX_ATTEMPTS });
      return presentWebhookDelivery(copy, undefined);
    });
  }

  /**
   * Deletes delivered and failed deliveries older than {@link WEBHOOK_DELIVERY_RETENTION_MS} (the retention sweep), at
   * most {@link WEBHOOK_PURGE_BATCH} per run; pending and retrying ones are kept whatever their age.
   * @param now - the time to count from (ms since the epoch; tests pass a later one).
   * @returns how many were deleted.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    return new WebhooksRepository(this.db).purgeFinished(new Date(now - WEBHOOK_DELIVERY_RETENTION_MS), WEBHOOK_PURGE_BATCH);
  }

  /** The wait after failed attempt number `attempt` (1-based), ms. */
  retryDelayMs(attempt: number): number {
    const waits = this.options.retryDelaysMs;
    return waits[Math.min(Math.max(attempt, 1), waits.length) - 1] ?? 0;
  }

  /**
   * One attempt of a `webhook-delivery` job: POSTs the payload, signed, to the webhook's URL and records the attempt
   * (the HTTP status, or why none came, and how long it took). A 2xx answer within the timeout delivers it; anything
   * else (another status, a redirect, a refused connection, a timeout) fails the attempt: the delivery is `retrying`
   * and this throws so that the worker runs the job again after {@link retryDelayMs}; after the last allowed attempt
   * the delivery is `failed` and the job ends. Does nothing for a delivery already delivered or failed, one whose
   * webhook was deleted, or an attempt another process started (see `WebhooksRepository.beginAttempt`); a disabled
   * webhook's delivery fails without an attempt.
   * @throws WebhookDeliveryError for a failed attempt that will be retried; the database's error when a record fails.
   */
  async deliver(job: JobRow, signal: AbortSignal): Promise<void> {
    const id = String(job.payload['deliveryId']);
    const repo = new WebhooksRepository(this.db);
    const delivery = await repo.findDelivery(id);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
    if (!delivery.enabled) return repo.fail(id);
    signal.throwIfAborted();
    if (!(await repo.beginAttempt(id, job.attempts))) return;
    const body = JSON.stringify(webhookPayload(delivery, this.options.publicUrl));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(delivery.secret, timestamp, body),
          'x-magpie-event': delivery.event,
          'x-magpie-delivery': delivery.id,
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      statusCode = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (statusCode < 200 || statusCode > 299) error = `The receiver answered ${statusCode}.`;
    } catch (failure) {
      error = describeFailure(failure, this.options.timeoutMs);
    }
    const durationMs = Math.round(performance.now() - started);
    const last = job.attempts > this.options.retryDelaysMs.length || job.attempts >= job.max_attempts;
    const outcome: AttemptOutcome =
      error === null ? { status: 'delivered' } : last ? { status: 'failed' } : { status: 'retrying', nextAttempt: new Date(Date.now() + this.retryDelayMs(job.attempts)) };
    await repo.recordAttempt(id, { attempt: job.attempts, statusCode, error, durationMs }, outcome);
    if (error !== null && !last) throw new WebhookDeliveryError(`Webhook delivery ${id} to ${delivery.url}, attempt ${job.attempts}: ${error}`);
    if (error !== null) this.options.log.info({ deliveryId: id, url: delivery.url, attempts: job.attempts }, 'a webhook delivery was given up after its last attempt');
  }

  /** Fails the delivery of a job the worker gave up (its processes died during every attempt). */
  async giveUp(job: JobRow): Promise<void> {
    await new WebhooksRepository(this.db).fail(String(job.payload['deliveryId']));
  }
}

/** The `webhook-delivery` job handler: {@link WebhooksService.deliver} with the webhook back-off. */
export function webhookDeliveryJob(webhooks: WebhooksService): JobHandler {
  return Object.assign((job: JobRow, signal: AbortSignal) => webhooks.deliver(job, signal), {
    retryDelayMs: (job: JobRow) => webhooks.retryDelayMs(job.attempts),
    giveUp: (job: JobRow) => webhooks.giveUp(job),
  });
}
