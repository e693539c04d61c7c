/**
 * The group permission switches' generated paths (packages/machines groupPermissions.model.ts) run against the real
 * group form (`apps/web/src/users/GroupForm.tsx`, `PermissionSwitches.tsx`) in Chromium on the real stack: the admin
 * opens "Manage users and groups", the Groups tab, Add group. The permissions overview is answered with the model's
 * available switches (every one but manageWebhooks) through `page.route`, since the DAM's own list is what Magpie
 * enforces today. Each TOGGLE is a click on the switch, or, when the model refuses it, the check that the switch is
 * absent (unavailable) or disabled (album sharing rules); every state is checked switch by switch (shown, on,
 * disabled). Nothing is saved.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Locator } from '@playwright/test';
import { GROUP_PERMISSIONS, LICENSE_MODES, USER_LICENSE_LEVELS } from '@magpie/api-types';
import {
  getGroupPermission,
  isGroupPermissionDisabled,
  isGroupPermissionShown,
  type GroupPermissionKey,
  type GroupPermissionsContext,
} from '@magpie/machines/groupPermissions/groupPermissions.machine.ts';
import { GROUP_PERMISSIONS_MODEL_INPUT, groupPermissionsModel } from '@magpie/machines/groupPermissions/groupPermissions.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups } from './usersAndGroupsScreen.ts';

interface PermissionsScreen {
  readonly form: Locator;
}

/** The overview the form gets: the model's available switches, Magpie's license lists. */
const OVERVIEW = {
  AvailableGroupPermissions: GROUP_PERMISSIONS_MODEL_INPUT.available,
  AvailableUserLicenseTypes: USER_LICENSE_LEVELS,
  AvailableUserLicenseModes: LICENSE_MODES,
  AvailableGroupLicenseTypes: USER_LICENSE_LEVELS.filter((level) => level.ValueNumeric !== 0),
  AvailableGroupLicenseModes: LICENSE_MODES,
  AvailableConfigSections: ['users'],
};

const contextOf = (state: AnyMachineSnapshot) => state.context as GroupPermissionsContext;
const switchOf = (form: Locator, key: GroupPermissionKey) => form.getByTestId(`permission-${key}`);

const adapter: ScreenAdapter<PermissionsScreen> = {
  async setup(page, { credentials }) {
    await page.route('**/fotoweb/api/config/options', (route) => route.fulfill({ json: OVERVIEW }));
    const modal = await openUsersAndGroups(page, credentials, 'Groups');
    await modal.getByTestId('group-add').click(ACT);
    const form = modal.getByTestId('group-form');
    await expect(form).toHaveAttribute('data-mode', 'add');
    await expect(modal.getByTestId('users-and-groups-title')).toHaveText('Manage users and groups: Add group');
    await expectAccessible(page, undefined, 'add group form');
    return { form };
  },

  async perform(event: EventObject, _page, { form }, step) {
    if (event.type !== 'TOGGLE') throw new Error(`unexpected event ${event.type}`);
    const key = (event as unknown as { permission: GroupPermissionKey }).permission;
    const before = contextOf(step.from);
    const control = switchOf(form, key);
    // Refused toggles: the user cannot reach them (spec 03 §5): the switch is not there, or it is disabled.
    if (!isGroupPermissionShown(before, key)) return expect(control).toHaveCount(0);
    if (!getGroupPermission(before.permissions, key) && isGroupPermissionDisabled(before.permissions, key)) {
      await expect(control).toHaveAttribute('data-disabled', '');
      return control.click({ force: true, ...ACT });
    }
    return control.click(ACT);
  },

  async assertState(state, _page, { form }) {
    const context = contextOf(state);
    for (const key of GROUP_PERMISSIONS) {
      const control = switchOf(form, key);
      if (!isGroupPermissionShown(context, key)) {
        await expect(control, `${key} is not offered`).toHaveCount(0);
        continue;
      }
      const on = getGroupPermission(context.permissions, key);
      await expect(control, `${key} is ${on ? 'on' : 'off'}`).toHaveAttribute('data-state', on ? 'checked' : 'unchecked');
      if (!on && isGroupPermissionDisabled(context.permissions, key)) await expect(control, `${key} is disabled`).toHaveAttribute('data-disabled', '');
      else await expect(control, `${key} is enabled`).not.toHaveAttribute('data-disabled', '');
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: groupPermissionsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 6, timeoutMs: 120_000 });
