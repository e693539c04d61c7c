/**
 * Registering a webhook (issue 16; spec 03 §2.1 "Webhooks": administrators register URLs told of asset events; the
 * signing secret shown once; dam.yaml `createWebhook`). The screen is not shown in the spec: Magpie's design, the
 * same as the API clients' registration (`apiClientRegister`).
 *
 * editing → registering → created (the secret, shown this once, until DONE) → closed. A missing or malformed URL or
 * no event stops REGISTER before anything is sent; a refused registration goes back to editing with the reason.
 */
import type { WebhookEvent } from '@magpie/api-types';
import {
  createSecretRegisterMachine,
  registrationErrorMessage,
  type SecretRegisterContext,
  type SecretRegisterEvent,
  type SecretRegisterOutput,
} from '../secretRegister/secretRegister.factory.ts';

/**
 * The events a webhook may be told of, in the form's order (dam.yaml `WebhookEvent`; the same list as api-types'
 * `WEBHOOK_EVENTS`, kept here so the web bundle does not load the zod schemas).
 */
export const WEBHOOK_EVENT_NAMES = ['asset.ingested', 'asset.modified', 'asset.deleted'] as const satisfies readonly WebhookEvent[];

/** An event a webhook may be told of. */
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Whether `text` is an absolute http or https URL with a host (api-types `isWebhookUrl`, the DAM's rule). Pure. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** The longest URL the DAM stores (dam.yaml `WebhookCreate.url`), in characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Problem: a blank URL. */
export const WEBHOOK_URL_REQUIRED = 'Enter the URL to call, e.g. "https://example.com/hooks/magpie".';
/** Problem: a URL over {@link WEBHOOK_URL_MAX_LENGTH} characters. */
export const WEBHOOK_URL_TOO_LONG = `The URL may have at most ${WEBHOOK_URL_MAX_LENGTH} characters.`;
/** Problem: not an absolute http(s) URL. */
export const WEBHOOK_URL_INVALID = 'The URL must be an absolute http:// or https:// address.';
/** Problem: no event chosen. */
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event.';
/** 403 without a message of its own. */
export const WEBHOOK_FORBIDDEN = 'You are not allowed to register webhooks.';

/** What REGISTER sends: the URL, the events (at least one) and whether deliveries are made. */
export interface WebhookDraft {
  readonly url: string;
  readonly events: readonly WebhookEventName[];
  readonly enabled: boolean;
}

/** The registered webhook as the DAM answers it (dam.yaml `WebhookCreated`): the secret is in it this once. */
export interface RegisteredWebhook {
  readonly url: string;
  readonly events: readonly WebhookEventName[];
  readonly enabled: boolean;
  readonly secret: string;
  readonly href: string;
}

/** The draft's problems, in form order (empty when it may be sent). Pure. */
export function webhookProblems(draft: WebhookDraft): string[] {
  const problems: string[] = [];
  const url = draft.url.trim();
  if (url === '') problems.push(WEBHOOK_URL_REQUIRED);
  else if (url.length > WEBHOOK_URL_MAX_LENGTH) problems.push(WEBHOOK_URL_TOO_LONG);
  else if (!isHttpUrl(url)) problems.push(WEBHOOK_URL_INVALID);
  if (draft.events.length === 0) problems.push(WEBHOOK_EVENTS_REQUIRED);
  return problems;
}

/**
 * The message of a refused registration, from `{status, responseJSON}`: 403 and 400 say the DAM's reason (the
 * permission, the URL's or events' issues); anything else the general error (spec 01 §8).
 */
export function webhookErrorMessage(error: unknown): string {
  return registrationErrorMessage(error, WEBHOOK_FORBIDDEN);
}

/** Context: the problems of the last REGISTER, the last failure's message, and the webhook once registered. */
export type WebhookRegisterContext = SecretRegisterContext<RegisteredWebhook>;

/** Events: REGISTER the form's draft, CANCEL the form, DONE once the secret has been taken. */
export type WebhookRegisterEvent = SecretRegisterEvent<WebhookDraft>;

/** Output: the registered webhook, or undefined when cancelled. */
export type WebhookRegisterOutput = SecretRegisterOutput<RegisteredWebhook>;

/**
 * The registration machine (`secretRegister.factory.ts`). Provide `register` with `.provide({actors: {register}})`:
 * {@link WebhookDraft} (URL trimmed, events in {@link WEBHOOK_EVENT_NAMES} order) → {@link RegisteredWebhook},
 * rejecting with `{status, responseJSON}`. The built-in one rejects.
 */
export const webhookRegisterMachine = createSecretRegisterMachine<WebhookDraft, RegisteredWebhook>({
  id: 'webhookRegister',
  problems: webhookProblems,
  prepare: (draft) => ({ url: draft.url.trim(), events: WEBHOOK_EVENT_NAMES.filter((name) => draft.events.includes(name)), enabled: draft.enabled }),
  errorMessage: webhookErrorMessage,
});
