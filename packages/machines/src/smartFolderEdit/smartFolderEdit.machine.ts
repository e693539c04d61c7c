/**
 * Saving a search as a smart folder, or renaming one (issue 13; spec 01 §3 "Folder or smart folder", §7 smart folder
 * urls): the name dialog of nameEdit/nameEdit.factory.ts with the smart-folder rules: 1 to 200 characters after
 * trimming, and for a rename a new name. Provide `save` (`POST` the archive's `smartFolders` `{name, searchHref}` to
 * save the search on screen, `PATCH` the smart folder's `edit` `{name}` to rename).
 */
import { createNameEditMachine, type NameEditMode } from '../nameEdit/nameEdit.factory.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** The longest smart folder name, in characters after trimming (dam.yaml `SmartFolderCreate`). */
export const SMART_FOLDER_NAME_LIMIT = 200;
/** 409 `SmartFolderExists`. */
export const SMART_FOLDER_EXISTS_MESSAGE = 'This archive already has a smart folder of that name.';
/** Renaming to the same name. */
export const SMART_FOLDER_SAME_NAME_MESSAGE = 'Type a new name for the smart folder.';

/** What is wrong with `name` for this edit, or undefined. */
export function smartFolderEditProblem(name: string, mode: NameEditMode, original: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the smart folder a name.';
  if (trimmed.length > SMART_FOLDER_NAME_LIMIT) return `A smart folder name has at most ${SMART_FOLDER_NAME_LIMIT} characters.`;
  if (mode === 'rename' && trimmed === original) return SMART_FOLDER_SAME_NAME_MESSAGE;
  return undefined;
}

/** What a refused save says: the name taken (409), the DAM's message for another 4xx, the general message otherwise. */
export function smartFolderEditErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { status?: number; responseJSON?: { message?: string } | null };
  if (status === 409) return SMART_FOLDER_EXISTS_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** The machine; once `done`, the context's `saved` is the smart folder as saved. */
export const smartFolderEditMachine = createNameEditMachine({ id: 'smartFolderEdit', problem: smartFolderEditProblem, errorMessage: smartFolderEditErrorMessage });
