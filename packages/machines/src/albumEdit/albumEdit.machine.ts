/**
 * Making an album, or renaming one (issue 13; FotoWeb API, Albums; spec 01 §8 "Album could not be created, try again
 * later"): the name dialog of nameEdit/nameEdit.factory.ts with the album rules: 1 to 200 characters after trimming,
 * and for a rename a new name. Provide `save` (`POST` the descriptor's `albums` `{name}` to create, `PATCH` the album's
 * `edit` `{name}` to rename).
 */
import { createNameEditMachine, type NameEditMode } from '../nameEdit/nameEdit.factory.ts';
import { ALBUM_CREATE_FAILED_MESSAGE, albumNameProblem } from '../albumAdd/albumAdd.machine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** Renaming to the same name. */
export const ALBUM_SAME_NAME_MESSAGE = 'Type a new name for the album.';

/** What is wrong with `name` for this edit, or undefined. */
export function albumEditProblem(name: string, mode: NameEditMode, original: string): string | undefined {
  const problem = albumNameProblem(name);
  if (problem !== undefined) return problem;
  if (mode === 'rename' && name.trim() === original) return ALBUM_SAME_NAME_MESSAGE;
  return undefined;
}

/**
 * What a refused save says: the DAM's message for a 4xx; otherwise, making an album, spec 01 §8 "Album could not be
 * created, try again later", and renaming one, the general message.
 */
export function albumEditErrorMessage(error: unknown, mode: NameEditMode): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { status?: number; responseJSON?: { message?: string } | null };
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return mode === 'create' ? ALBUM_CREATE_FAILED_MESSAGE : DEFAULT_ERROR_MESSAGE;
}

/** The machine; once `done`, the context's `saved` is the album as saved. */
export const albumEditMachine = createNameEditMachine({ id: 'albumEdit', problem: albumEditProblem, errorMessage: albumEditErrorMessage });
