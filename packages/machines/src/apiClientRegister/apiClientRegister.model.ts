/**
 * The API client registration's test model (issue 11 Applications; spec 03 §3.12): the drafts and DAM answers that
 * `apiClientRegister.test.ts` runs on real actors, `tests/e2e/model/apiClientRegister.model.spec.ts` runs in Chromium
 * against the real dialog, and `npm run paths -- apiClientRegister` prints for QA.
 *
 * The paths are those of every registration (`secretRegister/secretRegister.model.ts`).
 */
import { createSecretRegisterModel } from '../secretRegister/secretRegister.model.ts';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { apiClientRegisterMachine, type ApiClientDraft, type RegisteredApiClient } from './apiClientRegister.machine.ts';

/** Whom the model's integration acts as: the group "Web shop" (an href the dialog offers). */
export const MODEL_ACTING_AS = { href: '/fotoweb/api/groups/10040', name: 'Web shop' };

/** The REGISTER drafts: nothing filled in (two problems at once), and a valid one with spaces to trim. */
export const MODEL_API_CLIENT_DRAFTS = {
  empty: { name: '  ', actingAs: '' },
  valid: { name: '  Shop sync ', actingAs: MODEL_ACTING_AS.href },
} as const satisfies Record<string, ApiClientDraft>;

/** The DAM's answer to the valid draft (dam.yaml `ApplicationCreated`). */
export const MODEL_REGISTERED: RegisteredApiClient = {
  clientId: 'b1f0c3d2-shop-sync',
  clientSecret: 'Zq8xW3vR6tY1uI4oP7aS0dF2gH5jK9lL',
  name: 'Shop sync',
  actingAsName: MODEL_ACTING_AS.name,
  href: '/fotoweb/api/config/applications/b1f0c3d2-shop-sync',
};

/** Refusals per variant: `shortest` a 403 with the DAM's reason, a 400 and a 500; `simple` only the 403. */
export const API_CLIENT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 403, responseJSON: { value: 'Forbidden', message: 'An API client may act only as you or a group you are in.' } },
    { status: 400, responseJSON: { value: 'InvalidRequest', message: 'The group does not exist.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 403, responseJSON: { value: 'Forbidden', message: 'An API client may act only as you or a group you are in.' } }],
};

/** The API client registration's {@link MachineModel}; see {@link API_CLIENT_MODEL_FAILURES} for the variants. */
export const apiClientRegisterModel: MachineModel = createSecretRegisterModel({
  name: 'apiClientRegister',
  title: 'Register an API client: name and principal checked, the secret shown once, a refusal explained',
  spec: 'issue 11 Applications; spec 03 §3.12 applications keyed by clientId; dam.yaml createApplication',
  machine: apiClientRegisterMachine,
  drafts: [MODEL_API_CLIENT_DRAFTS.empty, MODEL_API_CLIENT_DRAFTS.valid],
  registered: MODEL_REGISTERED,
  failures: API_CLIENT_MODEL_FAILURES,
});

/** The `xstate/graph` test model for a variant. */
export function createApiClientRegisterTestModel(variant: PathVariant) {
  return apiClientRegisterModel.testModel(variant);
}
