/**
 * The Logging section's generated paths (packages/machines activityLogging.model.ts) run against the real Activity
 * exports page (`apps/web/src/activity/ActivityLoggingSection.tsx`, at `/fotoweb/views/activity-exports`) in Chromium,
 * signed in as the administrator. The page is reached inside the app, so every request to the settings the path sees
 * is the section's: each is held and answered with the model's settings or a failure (nothing is stored). Switching
 * logins off, saving and retrying are the user's own clicks; every state is checked on screen (the load/save editor
 * adapter, `loadSaveScreen.ts`).
 */
import type { ActivityLoggingContext } from '@magpie/machines/activityLogging/activityLogging.machine.ts';
import { activityLoggingModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from '@magpie/machines/activityLogging/activityLogging.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests } from './harness.ts';
import { createLoadSaveAdapter } from './loadSaveScreen.ts';

const ACT = { timeout: 15_000 };

const adapter = createLoadSaveAdapter<ActivityLoggingContext>({
  api: '/fotoweb/api/activity/settings',
  path: '/fotoweb/views/activity-exports',
  pageTestId: 'activity-view',
  editorTestId: 'activity-logging',
  prefix: 'activity-logging',
  asker: 'the Logging section',
  what: 'the logging settings',
  failureMessage: MODEL_FAILURE.message,
  loaded: MODEL_STORED_SETTINGS,
  saved: () => MODEL_SAVED_SETTINGS,
  savedBody: MODEL_SAVED_SETTINGS,
  async edit(section) {
    // The model's EDIT switches logins off. Already off (after a save), on and off again: still the user's edit.
    const logins = section.getByTestId('activity-logging-logins');
    if ((await logins.getAttribute('data-state')) !== 'checked') await logins.click(ACT);
    await logins.click(ACT);
  },
  async expectLoadFailed(section) {
    await expect(section.getByTestId('activity-logging-load-error')).toBeVisible();
  },
  async expectDraft(section, context) {
    await expect(section.getByTestId('activity-logging-enabled')).toHaveAttribute('data-state', context.draft.enabled ? 'checked' : 'unchecked');
    await expect(section.getByTestId('activity-logging-logins')).toHaveAttribute('data-state', context.draft.categories.logins ? 'checked' : 'unchecked');
  },
  unchanged: (context) => JSON.stringify(context.draft) === JSON.stringify(context.stored),
  accessible: { selector: '[data-testid="activity-logging"]', name: 'logging settings' },
});

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: activityLoggingModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 6, timeoutMs: 90_000 });
