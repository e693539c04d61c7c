import type { ApiKey, ApiKeyCreated, Webhook, WebhookAttempt, WebhookCreated, WebhookDelivery, WebhookEvent } from '@magpie/api-types';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../db/schema.ts';
import type { ApiKeyRecord } from '../repositories/api-keys.repository.ts';
import { userHref } from './hrefs.ts';

/** A legacy API key's `href` (issue 16); DELETE it to revoke the key. */
export function apiKeyHref(id: number): string {
  return `/fotoweb/api/api-keys/${id}`;
}

/** A webhook's `href` (issue 16); DELETE it to remove the webhook. */
export function webhookHref(id: number): string {
  return `/fotoweb/api/webhooks/${id}`;
}

/** A legacy API key as listed (`ApiKey`): never the key. */
export function presentApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    actingAs: userHref(record.user_id),
    actingAsName: record.userName,
    created: record.created.toISOString(),
    createdBy: record.created_by_name,
    lastUsed: record.last_used?.toISOString() ?? null,
    href: apiKeyHref(record.id),
  };
}

/** A key just created, with the key: the one answer that ever shows it. */
export function presentCreatedApiKey(record: ApiKeyRecord, key: string): ApiKeyCreated {
  return { ...presentApiKey(record), key };
}

/** One attempt of a delivery (`WebhookAttempt`). */
export function presentWebhookAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return { attempt: row.attempt, at: row.at.toISOString(), statusCode: row.status_code, error: row.error, durationMs: row.duration_ms };
}

/**
 * A delivery (`WebhookDelivery`) with its last attempt, and every attempt when `attempts` is given (the deliveries
 * list).
 */
export function presentWebhookDelivery(row: WebhookDeliveryRow, lastAttempt: WebhookAttemptRow | undefined, attempts?: readonly WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    assetId: row.asset_id,
    status: row.status,
    attempts: row.attempts,
    created: row.created.toISOString(),
    nextAttempt: row.status === 'retrying' ? (row.next_attempt?.toISOString() ?? null) : null,
    lastAttempt: lastAttempt ? presentWebhookAttempt(lastAttempt) : null,
    ...(attempts ? { attemptLog: attempts.map(presentWebhookAttempt) } : {}),
  };
}

/** A webhook as listed (`Webhook`): never its secret. */
export function presentWebhook(row: WebhookRow, lastDelivery: WebhookDelivery | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    created: row.created.toISOString(),
    createdBy: row.created_by,
    lastDelivery,
    href: webhookHref(row.id),
    deliveries: `${webhookHref(row.id)}/deliveries`,
  };
}

/** A webhook just registered, with its secret: the one answer that ever shows it. */
export function presentCreatedWebhook(row: WebhookRow, secret: string): WebhookCreated {
  return { ...presentWebhook(row, null), secret };
}
