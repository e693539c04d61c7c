/**
 * The archive member permissions' generated paths (packages/machines archivePermissions.model.ts) run against the real
 * access list (`apps/web/src/archives/AccessList.tsx`, `MemberPermissions.tsx`) in Chromium on the real stack: the
 * admin opens "Add new archive", the Access list tab, and adds a group with the Add member dialog; the new member is
 * chosen with View and Preview, the model's starting state. The dialog offers what the model's input offers on this
 * server: every permission but MngVideo (no video management) and no consent group (consent forms are never on).
 *
 * Each TOGGLE is a click on the permission's checkbox, or, when the model refuses it, the check that the checkbox is
 * not there; Select all and Unselect all are their buttons. Every state is checked checkbox by checkbox (shown,
 * ticked, disabled while a ticked dependent needs it). Nothing is saved.
 */
import type { Locator, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { lockedArchivePermissions, type ArchivePermissionId, type ArchivePermissionsContext } from '@magpie/machines/archivePermissions/archivePermissions.machine.ts';
import { archivePermissionsModel } from '@magpie/machines/archivePermissions/archivePermissions.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

interface PermissionsScreen {
  readonly permissions: Locator;
}

/** One checkbox as the screen shows it. */
interface ShownPermission {
  readonly checked: boolean;
  readonly disabled: boolean;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as ArchivePermissionsContext;

/** Every permission checkbox of the chosen member, read at once: id → ticked and disabled. */
function readCheckboxes(permissions: Locator): Promise<Record<string, ShownPermission>> {
  return permissions.evaluate((root) => {
    const shown: Record<string, { checked: boolean; disabled: boolean }> = {};
    root.querySelectorAll('[data-permission]').forEach((box) => {
      const input = box.querySelector('input[type="checkbox"]') as HTMLInputElement | null;
      shown[box.getAttribute('data-permission') ?? ''] = { checked: input?.checked === true, disabled: input?.disabled === true };
    });
    return shown;
  });
}

/** What the model state says each shown checkbox is. */
function expectedCheckboxes(context: ArchivePermissionsContext): Record<string, ShownPermission> {
  const locked = lockedArchivePermissions(context.permissions);
  return Object.fromEntries(
    context.offered.map((id) => {
      const checked = context.permissions.includes(id);
      return [id, { checked, disabled: checked && locked.has(id) }];
    }),
  );
}

/** Opens the add dialog's access list and adds the first group of the Add member dialog's Groups tab. */
async function addFirstGroup(page: Page): Promise<Locator> {
  await page.getByTestId('add-archive-tile').click(ACT);
  const dialog = page.getByTestId('archive-dialog');
  await expect(dialog).toHaveAttribute('data-save-state', 'open');
  await dialog.getByTestId('archive-tab-access').click(ACT);
  await dialog.getByTestId('access-list-add').click(ACT);
  const picker = page.getByTestId('add-member-dialog');
  await picker.getByRole('tab', { name: 'Groups' }).click(ACT);
  await picker.getByTestId('add-member-groups').getByTestId('add-member-check').first().click(ACT);
  await picker.getByTestId('add-member-add').click(ACT);
  await expect(picker).toBeHidden();
  await expect(dialog.getByTestId('access-member')).toHaveCount(1);
  await expect(dialog.getByTestId('access-member').first()).toHaveAttribute('data-chosen', 'true');
  return dialog.getByTestId('member-permissions');
}

const adapter: ScreenAdapter<PermissionsScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const permissions = await addFirstGroup(page);
    await expectAccessible(page, '[data-testid="archive-dialog"]', 'archive access list');
    return { permissions };
  },

  async perform(event: EventObject, _page, { permissions }, step) {
    switch (event.type) {
      case 'SELECT_ALL':
        return permissions.getByTestId('permissions-select-all').click(ACT);
      case 'UNSELECT_ALL':
        return permissions.getByTestId('permissions-unselect-all').click(ACT);
      case 'TOGGLE': {
        const id = (event as unknown as { permission: ArchivePermissionId }).permission;
        const box = permissions.getByTestId(`archive-permission-${id}`);
        // A refused toggle: the access list does not offer the permission on this server (spec 03 §5).
        if (!contextOf(step.from).offered.includes(id)) return expect(box).toHaveCount(0);
        return box.click(ACT);
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, _page, { permissions }) {
    const context = contextOf(state);
    await expect(permissions).toHaveAttribute('data-permissions', context.permissions.join(' '));
    await expect.poll(() => readCheckboxes(permissions), { message: 'each checkbox as the model says' }).toEqual(expectedCheckboxes(context));
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: archivePermissionsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
