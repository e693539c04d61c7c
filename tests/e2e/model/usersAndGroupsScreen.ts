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

/** A member or group as a member list's picker shows it (`MemberListEditor`). */
export interface PickerMember {
  readonly href: string;
  readonly name: string;
}

/** The picker's result for `href` in the member list `list` (its test id prefix `testId`): a checkbox with the name. */
export function pickerResult(list: Locator, testId: string, href: string): Locator {
  return list.locator(`[data-testid="${testId}-result"][data-href="${href}"]`);
}

/** Searches `member`'s name in the list's picker and ticks it (spec 03 §2.6 multi-select): it joins the choice. */
export async function pick(list: Locator, testId: string, member: PickerMember): Promise<void> {
  await list.getByTestId(`${testId}-search`).fill(member.name, ACT);
  const result = pickerResult(list, testId, member.href);
  await result.click(ACT);
  await expect(result.getByRole('checkbox')).toBeChecked();
}

/** Picks `member` and presses the picker's Add button, which adds every chosen member (spec 03 §2.6, §5). */
export async function pickAndAdd(list: Locator, testId: string, member: PickerMember): Promise<void> {
  await pick(list, testId, member);
  await list.getByTestId(`${testId}-add`).click(ACT);
}
