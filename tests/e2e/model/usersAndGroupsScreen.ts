/**
 * Opening the "Manage users and groups" modal (spec 03 §2.1, §2.3) for the model specs of its machines
 * (`memberEditList`, `groupPermissions`): signed in as the stack's admin, through the settings menu, as a user does.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { openSignedIn } from './signIn.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
export const ACT = { timeout: 15_000 };

/** Signs in, opens the modal from the settings menu and answers it; `tab` chooses Users or Groups. */
export async function openUsersAndGroups(page: Page, credentials: { readonly username: string; readonly password: string }, tab: 'Users' | 'Groups'): Promise<Locator> {
  await openSignedIn(page, credentials);
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Manage users and groups' }).click(ACT);
  const modal = page.getByTestId('users-and-groups-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: tab }).click(ACT);
  await expect(modal.getByTestId('users-and-groups-title')).toHaveText(`Manage users and groups: ${tab}`);
  return modal;
}
