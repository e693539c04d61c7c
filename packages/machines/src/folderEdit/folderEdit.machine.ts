/**
 * Making a folder, or renaming one (issue 13; spec 01 §3 Folder, §5 "File name must not contain \ / : * ? " < > |";
 * FotoWeb's `canCreateFolders`): the name is checked as it is typed, sent once it is acceptable, and a refusal keeps
 * the dialog open with the reason.
 *
 * editing → (SUBMIT with an acceptable name) saving → done with the folder, or back to editing with the server's
 * reason. SUBMIT with an unacceptable name stays in editing and says why. CHANGE edits the name; CANCEL → cancelled.
 */
import { createNameEditMachine, type NameEditContext, type NameEditEvent, type NameEditInput, type NameEditMode, type SavedName } from '../nameEdit/nameEdit.factory.ts';
import { folderNameProblem } from '@magpie/api-types/names';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** 409 `FolderExists`: the name is taken in that place (compared without regard to case). */
export const FOLDER_EXISTS_MESSAGE = 'There is already a folder of that name here.';
/** Renaming to the same name. */
export const FOLDER_SAME_NAME_MESSAGE = 'Type a new name for the folder.';

/** What a refused save says: the DAM's message for a 4xx (409 in the client's words), the general message otherwise. */
export function folderEditErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as { status?: number; responseJSON?: { value?: string; message?: string } | null };
  if (status === 409) return FOLDER_EXISTS_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** What is wrong with `name` for this edit, or undefined: the folder-name rules, and for a rename a new name. */
export function folderEditProblem(name: string, mode: FolderEditMode, original: string): string | undefined {
  const problem = folderNameProblem(name.trim());
  if (problem !== undefined) return problem;
  if (mode === 'rename' && name.trim() === original) return FOLDER_SAME_NAME_MESSAGE;
  return undefined;
}

/** `create` a folder in a collection, or `rename` a folder. */
export type FolderEditMode = NameEditMode;

/** Input: the mode, the collection to create in (or the folder to rename), and the folder's name so far. */
export type FolderEditInput = NameEditInput;

/** The folder as saved: its href and name. */
export type SavedFolder = SavedName;

/** The input of `save`: the mode, the href, and the trimmed name. */
export type FolderSaveInput = NameEditInput;

/** Context: the input, the name typed, and what is wrong (`problem` from the rules, `error` from the server). */
export type FolderEditContext = NameEditContext;

/** CHANGE the name, SUBMIT it, CANCEL the dialog. */
export type FolderEditEvent = NameEditEvent;

/**
 * The machine (nameEdit/nameEdit.factory.ts with the folder rules). Provide `save` ({@link FolderSaveInput} →
 * {@link SavedFolder}: `POST href {name}` to create, `PATCH href {name}` to rename; rejecting with `{status,
 * responseJSON}`) with `.provide({actors})`. Once `done`, the context's `saved` is the folder as saved.
 */
export const folderEditMachine = createNameEditMachine({ id: 'folderEdit', problem: folderEditProblem, errorMessage: folderEditErrorMessage });
