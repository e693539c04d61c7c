/**
 * The webhook registration's test model (issue 16; spec 03 §2.1 "Webhooks"): the drafts and DAM answers that
 * `webhookRegister.test.ts` runs on real actors and `npm run paths -- webhookRegister` prints for QA.
 *
 * The paths are those of every registration (`secretRegister/secretRegister.model.ts`).
 */
import { createSecretRegisterModel } from '../secretRegister/secretRegister.model.ts';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { webhookRegisterMachine, type RegisteredWebhook, type WebhookDraft } from './webhookRegister.machine.ts';

/** The REGISTER drafts: nothing filled in (two problems at once), a non-http URL, and a valid one with spaces to trim. */
export const MODEL_WEBHOOK_DRAFTS = {
  empty: { url: '  ', events: [], enabled: true },
  ftp: { url: 'ftp://example.com/hook', events: ['asset.ingested'], enabled: true },
  valid: { url: '  https://hooks.example.com/magpie ', events: ['asset.deleted', 'asset.ingested'], enabled: false },
} as const satisfies Record<string, WebhookDraft>;

/** The DAM's answer to the valid draft (dam.yaml `WebhookCreated`). */
export const MODEL_REGISTERED_WEBHOOK: RegisteredWebhook = {
  url: 'https://hooks.example.com/magpie',
  events: ['asset.ingested', 'asset.deleted'],
  enabled: false,
  secret: 'whsec_Zq8xW3vR6tY1uI4oP7aS0dF2gH5jK9lL',
  href: '/fotoweb/api/webhooks/7',
};

/** Refusals per variant: `shortest` a 403 with the DAM's reason, a 400 and a 500; `simple` only the 400. */
export const WEBHOOK_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 403, responseJSON: { value: 'Forbidden', message: 'You need the manageWebhooks permission to manage webhooks.' } },
    { status: 400, responseJSON: { value: 'InvalidRequest', message: 'Invalid request.', issues: [{ message: 'The URL is at most 2048 characters.' }] } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 400, responseJSON: { value: 'InvalidRequest', message: 'Invalid request.', issues: [{ message: 'Choose at least one event.' }] } }],
};

/** The webhook registration's {@link MachineModel}; see {@link WEBHOOK_MODEL_FAILURES} for the variants. */
export const webhookRegisterModel: MachineModel = createSecretRegisterModel({
  name: 'webhookRegister',
  title: 'Register a webhook: URL and events checked, the secret shown once, a refusal explained',
  spec: 'issue 16 Webhooks; spec 03 §2.1 Webhooks; dam.yaml createWebhook',
  machine: webhookRegisterMachine,
  drafts: [MODEL_WEBHOOK_DRAFTS.empty, MODEL_WEBHOOK_DRAFTS.ftp, MODEL_WEBHOOK_DRAFTS.valid],
  registered: MODEL_REGISTERED_WEBHOOK,
  failures: WEBHOOK_MODEL_FAILURES,
});

/** The `xstate/graph` test model for a variant. */
export function createWebhookRegisterTestModel(variant: PathVariant) {
  return webhookRegisterModel.testModel(variant);
}
