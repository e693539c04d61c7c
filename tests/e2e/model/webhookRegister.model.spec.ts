/**
 * The webhook registration's generated paths (packages/machines webhookRegister.model.ts) run against the real dialog
 * (`apps/web/src/integrations/RegisterWebhookDialog.tsx`, opened by "Register webhook" on the webhooks page
 * `apps/web/src/integrations/WebhooksView.tsx`) in Chromium. The registration `POST` is held until the path says how
 * it ends; the stack keeps no webhook of these paths.
 *
 * REGISTER fills the URL, ticks exactly the draft's events, sets the Enabled switch and presses Register; CANCEL and
 * DONE are the dialog's buttons. Every state is checked on screen (`registerDialogScreen.ts`): the problems or the
 * refusal's message, the pending button, the secret shown once, and the closed dialog with the page's notice.
 */
import type { Locator } from '@playwright/test';
import { WEBHOOK_EVENT_NAMES, type RegisteredWebhook, type WebhookDraft } from '@magpie/machines/webhookRegister/webhookRegister.machine.ts';
import { MODEL_REGISTERED_WEBHOOK, webhookRegisterModel } from '@magpie/machines/webhookRegister/webhookRegister.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests } from './harness.ts';
import { registerDialogAdapter } from './registerDialogScreen.ts';
import { ACT } from './usersAndGroupsScreen.ts';

/** Ticks or unticks a checkbox or switch (Chakra's root carries `data-state`) until it is `checked`. */
async function setChecked(dialog: Locator, testId: string, checked: boolean): Promise<void> {
  const control = dialog.getByTestId(testId);
  const want = checked ? 'checked' : 'unchecked';
  if ((await control.getAttribute('data-state')) !== want) await control.click(ACT);
  await expect(control).toHaveAttribute('data-state', want);
}

const adapter = registerDialogAdapter<WebhookDraft, RegisteredWebhook>({
  testId: 'webhook',
  postPath: '/fotoweb/api/webhooks',
  menuItem: 'Webhooks',
  viewTestId: 'webhooks-view',
  openTestId: 'webhook-register',
  ready: (dialog) => expect(dialog).toBeVisible(),
  a11yName: 'register webhook dialog',
  async fill(dialog, { url, events, enabled }) {
    await dialog.getByTestId('webhook-url').fill(url, ACT);
    for (const name of WEBHOOK_EVENT_NAMES) await setChecked(dialog, `webhook-event-${name}`, events.includes(name));
    await setChecked(dialog, 'webhook-enabled', enabled);
  },
  answer: (created) => ({ ...created, id: 7, created: '2026-11-25T07:00:00.000Z', createdBy: 'admin', lastDelivery: null, deliveries: `${created.href}/deliveries` }),
  // The URL goes trimmed, the events in the DAM's order, the switch as set.
  sent: { url: MODEL_REGISTERED_WEBHOOK.url, events: ['asset.ingested', 'asset.deleted'], enabled: false },
  noticeTestId: 'webhooks-notice',
  registeredNotice: `${MODEL_REGISTERED_WEBHOOK.url} is registered`,
  expectCreated: (dialog) => expect(dialog.getByTestId('webhook-secret')).toHaveText(MODEL_REGISTERED_WEBHOOK.secret),
});

registerModelTests({ model: webhookRegisterModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
