/**
 * Making a folder, or renaming one (issue 13; spec 01 §3 Folder, §5 "File name must not contain \ / : * ? " < > |";
 * FotoWeb's `canCreateFolders`): the name is checked as it is typed, sent once it is acceptable, and a refusal keeps
 * the dialog open with the reason.
 *
 * editing → (SUBMIT with an acceptable name) saving → done with the folder, or back to editing with the server's
 * reason. SUBMIT with an unacceptable name stays in editing and says why. CHANGE edits the name; CANCEL → cancelled.
 */
import { assign, fromPromise, setup } from 'xstate';
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
export type FolderEditMode = 'create' | 'rename';

/** Input: the mode, the collection to create in (or the folder to rename), and the folder's name so far. */
export interface FolderEditInput {
  readonly mode: FolderEditMode;
  readonly href: string;
  readonly name: string;
}

/** The folder as saved: its href and name. */
export interface SavedFolder {
  readonly href: string;
  readonly name: string;
}

/** The input of `saveFolder`: the mode, the href, and the trimmed name. */
export type FolderSaveInput = FolderEditInput;

/** Context: the input, the name typed, and what is wrong (`problem` from the rules, `error` from the server). */
export interface FolderEditContext {
  readonly mode: FolderEditMode;
  readonly href: string;
  readonly original: string;
  readonly name: string;
  readonly problem: string | undefined;
  readonly error: string | undefined;
  /** The folder as the server saved it (in `done`). */
  readonly saved: SavedFolder | undefined;
}

/** CHANGE the name, SUBMIT it, CANCEL the dialog. */
export type FolderEditEvent = { type: 'CHANGE'; name: string } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/**
 * The machine. Provide `saveFolder` ({@link FolderSaveInput} → {@link SavedFolder}: `POST href {name}` to create,
 * `PATCH href {name}` to rename; rejecting with `{status, responseJSON}`) with `.provide({actors})`. The built-in one
 * rejects. Once `done`, the context's `saved` is the folder as saved.
 */
export const folderEditMachine = setup({
  types: {
    context: {} as FolderEditContext,
    events: {} as FolderEditEvent,
    input: {} as FolderEditInput,
  },
  actors: {
    saveFolder: fromPromise<SavedFolder, FolderSaveInput>(async () => {
      throw new Error('folderEdit: provide `saveFolder` with .provide()');
    }),
  },
  guards: {
    acceptable: ({ context }) => folderEditProblem(context.name, context.mode, context.original) === undefined,
  },
}).createMachine({
  id: 'folderEdit',
  initial: 'editing',
  context: ({ input }) => ({ mode: input.mode, href: input.href, original: input.name, name: input.name, problem: undefined, error: undefined, saved: undefined }),
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign(({ event }) => ({ name: event.name, problem: undefined, error: undefined })) },
        SUBMIT: [{ guard: 'acceptable', target: 'saving' }, { actions: assign(({ context }) => ({ problem: folderEditProblem(context.name, context.mode, context.original) })) }],
        CANCEL: 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveFolder',
        src: 'saveFolder',
        input: ({ context }) => ({ mode: context.mode, href: context.href, name: context.name.trim() }),
        onDone: { target: 'done', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => folderEditErrorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
