/**
 * The API client registration's generated paths (packages/machines apiClientRegister.model.ts) run against the real
 * dialog (`apps/web/src/apiClients/RegisterApiClientDialog.tsx`, opened by "Register API client" in
 * `apps/web/src/apiClients/ApiClientsPanel.tsx` on the API clients view) in Chromium. The admin's own groups are answered with the model's group "Web shop" through
 * `page.route` (so the dialog offers it), and the registration `POST` is held until the path says how it ends; the
 * stack keeps no client of these paths.
 *
 * REGISTER fills the name and chooses "Acts as" (or leaves both empty) and presses Register; CANCEL and DONE are the
 * dialog's buttons. Every state is checked on screen (`registerDialogScreen.ts`): the problems or the refusal's
 * message, the pending button, the secret shown once, and the closed dialog with the view's notice.
 */
import type { ApiClientDraft, RegisteredApiClient } from '@magpie/machines/apiClientRegister/apiClientRegister.machine.ts';
import { apiClientRegisterModel, MODEL_ACTING_AS, MODEL_REGISTERED } from '@magpie/machines/apiClientRegister/apiClientRegister.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests } from './harness.ts';
import { registerDialogAdapter } from './registerDialogScreen.ts';
import { ACT } from './usersAndGroupsScreen.ts';

const adapter = registerDialogAdapter<ApiClientDraft, RegisteredApiClient>({
  testId: 'api-client',
  postPath: '/fotoweb/api/config/applications',
  // The admin's own groups: the model's group.
  routes: (page) =>
    page.route(
      (url) => /^\/fotoweb\/api\/users\/\d+\/member-of$/.test(url.pathname),
      (route) =>
        route.fulfill({ json: { groups: [{ href: MODEL_ACTING_AS.href, name: MODEL_ACTING_AS.name }] }, headers: { 'content-type': 'application/vnd.fotoware.memberof+json' } }),
    ),
  menuItem: 'API clients',
  viewTestId: 'api-clients-view',
  openTestId: 'api-client-register',
  ready: (dialog) => expect(dialog.getByTestId('api-client-acting-as').locator('option', { hasText: MODEL_ACTING_AS.name })).toHaveCount(1),
  a11yName: 'register API client dialog',
  async fill(dialog, { name, actingAs }) {
    await dialog.getByTestId('api-client-name').fill(name, ACT);
    await dialog.getByTestId('api-client-acting-as').selectOption(actingAs, ACT);
  },
  answer: (created) => ({ ...created, actingAs: MODEL_ACTING_AS.href, created: '2026-11-25T07:00:00.000Z' }),
  // The name goes trimmed, with the chosen group.
  sent: { name: 'Shop sync', actingAs: MODEL_ACTING_AS.href },
  noticeTestId: 'api-clients-notice',
  registeredNotice: `“${MODEL_REGISTERED.name}” is registered`,
  async expectCreated(dialog) {
    await expect(dialog.getByTestId('api-client-secret')).toHaveText(MODEL_REGISTERED.clientSecret);
    await expect(dialog.getByTestId('api-client-id')).toHaveText(MODEL_REGISTERED.clientId);
  },
});

registerModelTests({ model: apiClientRegisterModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
