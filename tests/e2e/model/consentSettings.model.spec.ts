/**
 * The consent settings' generated paths (packages/machines consentSettings.model.ts) run against the real Consent
 * page (`apps/web/src/consent/ConsentView.tsx`, at `/fotoweb/views/consent`) in Chromium, signed in as the
 * administrator. The page is reached inside the app, so every request to the settings the path sees is the page's:
 * each is held and answered with the model's settings or a failure (nothing is stored). Switching consent forms on,
 * typing the company name, saving and retrying are the user's own clicks and keys; every state is checked on screen
 * (the load/save editor adapter, `loadSaveScreen.ts`).
 */
import type { ConsentSettingsContext } from '@magpie/machines/consentSettings/consentSettings.machine.ts';
import { consentSettingsModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from '@magpie/machines/consentSettings/consentSettings.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests } from './harness.ts';
import { createLoadSaveAdapter } from './loadSaveScreen.ts';

const ACT = { timeout: 15_000 };

const adapter = createLoadSaveAdapter<ConsentSettingsContext>({
  api: '/fotoweb/api/config/consentForms/ConsentFormSettings',
  path: '/fotoweb/views/consent',
  pageTestId: 'consent-page',
  editorTestId: 'consent-settings',
  prefix: 'consent-settings',
  asker: 'the page',
  what: 'the settings',
  failureMessage: MODEL_FAILURE.message,
  loaded: MODEL_STORED_SETTINGS,
  saved: () => MODEL_SAVED_SETTINGS,
  savedBody: MODEL_SAVED_SETTINGS,
  async edit(form) {
    const enable = form.getByTestId('consent-enable');
    if ((await enable.getAttribute('data-state')) !== 'checked') await enable.click(ACT);
    const name = form.getByTestId('consent-company-name');
    await name.fill('', ACT);
    await name.fill(MODEL_SAVED_SETTINGS.companyName, ACT);
  },
  async expectLoadFailed(form) {
    await expect(form.getByTestId('consent-settings-load-error')).toBeVisible();
  },
  async expectDraft(form, context) {
    const draft = context.draft!;
    await expect(form.getByTestId('consent-company-name')).toHaveValue(draft.companyName);
    await expect(form.getByTestId('consent-enable')).toHaveAttribute('data-state', draft.enableConsentForms ? 'checked' : 'unchecked');
  },
  unchanged: (context) => JSON.stringify(context.draft) === JSON.stringify(context.stored),
  accessible: { selector: '[data-testid="consent-page"]', name: 'consent settings' },
});

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: consentSettingsModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 8, timeoutMs: 90_000 });
