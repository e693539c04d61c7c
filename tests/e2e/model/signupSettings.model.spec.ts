/**
 * The sign-up settings' generated paths (packages/machines signupSettings.model.ts) run against the real Sign-up
 * settings page (`apps/web/src/signups/SignupSettingsView.tsx`, Settings → Sign-up settings) in Chromium. The page's
 * read and save of the settings are held and answered as the path says (the model's settings, what the DAM would
 * store, or its refusal), so the site's real sign-up settings never change and no other spec is disturbed.
 *
 * RETRY presses Try again; the switches, the Add buttons, the field's label and choices, its Remove and Move up, Save
 * and the notices' close buttons are the user's; every state is checked on screen: the page's state, the switches,
 * the fields (labels, derived ids, choices), the problems shown, Save enabled only for a valid change, the saved notice
 * and the error (the field-list settings adapter, `fieldListSettingsScreen.ts`).
 */
import { signupSettingsChanged, signupSettingsOf } from '@magpie/machines/signupSettings/signupSettings.machine.ts';
import { signupSettingsModel } from '@magpie/machines/signupSettings/signupSettings.model.ts';
import { expect } from '../fixtures.ts';
import { ACT, createFieldListSettingsAdapter } from './fieldListSettingsScreen.ts';
import { registerModelTests } from './harness.ts';

const SWITCHES: Readonly<Record<string, string>> = { SET_OPEN_SIGNUP: 'signup-settings-open', SET_ADMIN_CAN_ASSIGN_GROUPS: 'signup-settings-assign-groups' };

const adapter = createFieldListSettingsAdapter({
  api: '/fotoweb/api/config/signups',
  view: '/fotoweb/views/admin/signup-settings',
  menuItem: 'Sign-up settings',
  prefix: 'signup-settings',
  bodyOf: signupSettingsOf,
  changed: signupSettingsChanged,
  ownEdit(event, page) {
    const testId = SWITCHES[event.type];
    return testId === undefined ? undefined : page.getByTestId(testId).click(ACT);
  },
  async expectOwnSettings(page, draft) {
    const checked = async (testId: string, on: boolean) => {
      if (on) await expect(page.getByTestId(testId).locator('input')).toBeChecked();
      else await expect(page.getByTestId(testId).locator('input')).not.toBeChecked();
    };
    await checked('signup-settings-open', draft.openSignup);
    await checked('signup-settings-assign-groups', draft.adminCanAssignGroups);
  },
  accessibleName: 'sign-up settings',
});

registerModelTests({ model: signupSettingsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 150_000 });
