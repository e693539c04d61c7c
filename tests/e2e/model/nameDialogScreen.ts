/**
 * What the small name dialogs show in each state of their machines (the New folder / Rename dialog on `folderEdit`,
 * the New metadata view dialog on `metadataViewCreate`; `components/DialogFormEnd.tsx`): the name typed, the rule's
 * message under it, the server's refusal, and the submitting button pending while saving. `testId` is the dialog's
 * prefix (`folder`, `new-view`).
 */
import type { Locator } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The parts of a name dialog's state that show. */
export interface NameDialogState {
  readonly value: string;
  readonly name: string;
  readonly problem: string | undefined;
  readonly error: string | undefined;
}

export async function expectNameDialog(dialog: Locator, testId: string, nameTestId: string, problemTestId: string, state: NameDialogState): Promise<void> {
  await expect(dialog).toHaveAttribute('data-state', state.value);
  await expect(dialog.getByTestId(nameTestId)).toHaveValue(state.name);
  const problem = dialog.getByTestId(problemTestId);
  if (state.problem) await expect(problem).toHaveText(state.problem);
  else await expect(problem).toHaveCount(0);
  const error = dialog.getByTestId(`${testId}-error`);
  if (state.error) await expect(error).toHaveText(state.error);
  else await expect(error).toHaveCount(0);
  const save = dialog.getByTestId(`${testId}-save`);
  if (state.value === 'saving') await expect(save).toHaveAttribute('data-loading', /.*/);
  else await expect(save).not.toHaveAttribute('data-loading', /.*/);
}
