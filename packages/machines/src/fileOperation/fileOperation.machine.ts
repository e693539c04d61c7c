/**
 * A file operation on the selected assets (issue 13; spec 01 §2 asset selection, §4 Background job, §7
 * `POST /fotoweb/me/background-tasks/` rename, move, copy, rotate, delete; §8 the action-specific messages): the
 * user says what (a new name, a destination, or a confirmation), the task runs in the background with its progress,
 * and the outcome is shown.
 *
 * idle (the selection toolbar) → START names the operation, its assets and what it needs; by kind the machine goes to:
 * - `rename` → editing (CHANGE_NAME, SUBMIT once the name passes {@link renameProblem}).
 * - `move`, `copy` → loading the destinations at `at` (the descriptor's `move_to` / `copy_to` list, or a folder's
 *   children) → choosing (CHOOSE a destination, OPEN one to see its folders, UP to the previous list, SUBMIT once one
 *   is chosen) or loadFailed (RETRY).
 * - `delete` → confirming (CONFIRM).
 * - `rotate`, `download`, `duplicate` → running at once.
 *
 * running: the `runTask` actor creates the task and polls it, sending PROGRESS (`done` of `total` assets), then
 * TASK_DONE with the per-asset results (and for a download the prepared ZIP) (→ done) or TASK_FAILED with the error
 * (→ failed: RETRY runs it again). CANCEL
 * before running → cancelled; CLOSE from failed → cancelled.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { renameProblem } from '@magpie/api-types/names';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** The operations (dam.yaml `createBackgroundTask` request types, and `createDownload` for a ZIP of the selection). */
export type FileOperationKind = 'rename' | 'move' | 'copy' | 'rotate' | 'delete' | 'download' | 'duplicate';

/** A rotation: `cw` 90° clockwise, `ccw` 90° counter-clockwise, `180`. */
export type FileRotation = 'cw' | 'ccw' | '180';

/**
 * What each operation's failure says (spec 01 §8: the action-specific messages say the assets may have been removed
 * from the source and that the administrator should be notified).
 */
export const FILE_OPERATION_ERROR_MESSAGES: Readonly<Record<FileOperationKind, string>> = {
  rename: 'The asset could not be renamed. It may have been removed from its folder; please notify your administrator.',
  move: 'The assets could not be moved. They may have been removed from the source; please notify your administrator.',
  copy: 'The assets could not be copied. They may have been removed from the source; please notify your administrator.',
  rotate: 'The assets could not be rotated. They may have been removed from the source; please notify your administrator.',
  delete: 'The assets could not be deleted. They may have been removed from the source; please notify your administrator.',
  download: 'The assets could not be downloaded. They may have been removed from the source; please notify your administrator.',
  duplicate: 'The assets could not be duplicated. They may have been removed from the source; please notify your administrator.',
};

/** SUBMIT in choosing without a destination. */
export const FILE_OPERATION_CHOOSE_MESSAGE = 'Choose a folder or archive.';

/** A place assets may go: an archive or folder (href and name), and whether it has folders to OPEN. */
export interface FileDestination {
  readonly href: string;
  readonly name: string;
  readonly hasChildren: boolean;
}

/** What START gives: the operation, the assets' hrefs, and what the operation needs. */
export interface FileOperationInput {
  readonly kind: FileOperationKind;
  readonly assets: readonly string[];
  /** Rename: the asset's file name now. */
  readonly filename?: string;
  /** Move, copy: the destination list to start from (the descriptor's `move_to` / `copy_to`). */
  readonly destinations?: string;
  /** Rotate: which way. */
  readonly direction?: FileRotation;
}

/** What `runTask` is given: the operation and its parameters. */
export interface FileTaskRequest {
  readonly kind: FileOperationKind;
  readonly assets: readonly string[];
  readonly filename?: string;
  readonly destination?: string;
  readonly direction?: FileRotation;
}

/** One asset's outcome (the task's `job.result[]`). */
export interface FileTaskResult {
  readonly href: string;
  readonly done: boolean;
  /** Where the asset or its copy is now (rename, move, copy). */
  readonly resultHref?: string;
  /** Why it failed (`error.message`). */
  readonly message?: string;
}

/** A prepared ZIP of the selection: where to download it, its file name and size (bytes). */
export interface FileDownload {
  readonly href: string;
  readonly name: string;
  readonly size: number;
}

/** Context: the operation, the name being typed, the destination lists, progress and outcome. */
export interface FileOperationContext {
  readonly kind: FileOperationKind;
  readonly assets: readonly string[];
  readonly filename: string;
  readonly name: string;
  readonly direction: FileRotation | undefined;
  /** The destination list shown (href), and the lists shown before it (each with the destination chosen there), for UP. */
  readonly at: string;
  readonly trail: ReadonlyArray<{ readonly at: string; readonly destination: FileDestination | undefined }>;
  readonly choices: readonly FileDestination[];
  readonly destination: FileDestination | undefined;
  readonly problem: string | undefined;
  readonly progress: { readonly done: number; readonly total: number } | undefined;
  readonly results: readonly FileTaskResult[];
  /** A download's ZIP, once prepared. */
  readonly download: FileDownload | undefined;
  readonly error: string | undefined;
}

/** The events: the user's, and those `runTask` sends back. */
export type FileOperationEvent =
  | ({ type: 'START' } & FileOperationInput)
  | { type: 'CHANGE_NAME'; name: string }
  | { type: 'CHOOSE'; href: string }
  | { type: 'OPEN'; href: string }
  | { type: 'UP' }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'PROGRESS'; done: number; total: number }
  | { type: 'TASK_DONE'; results: readonly FileTaskResult[]; download?: FileDownload }
  | { type: 'TASK_FAILED'; error: unknown };

/** What a failed task says: the DAM's message for a 4xx refusal, else the operation's §8 message. */
export function fileOperationErrorMessage(kind: FileOperationKind, error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { status?: number; responseJSON?: { message?: string } | null };
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return FILE_OPERATION_ERROR_MESSAGES[kind] ?? DEFAULT_ERROR_MESSAGE;
}

/** The request `runTask` gets from the context. */
function taskRequest(context: FileOperationContext): FileTaskRequest {
  return {
    kind: context.kind,
    assets: context.assets,
    ...(context.kind === 'rename' ? { filename: context.name.trim() } : {}),
    ...(context.destination ? { destination: context.destination.href } : {}),
    ...(context.direction ? { direction: context.direction } : {}),
  };
}

/**
 * The machine. Provide `loadDestinations` ({href} → {@link FileDestination}[]) and `runTask` (a callback actor given
 * a {@link FileTaskRequest} that sends back PROGRESS, then TASK_DONE or TASK_FAILED) with `.provide({actors})`; the
 * built-in ones fail.
 */
export const fileOperationMachine = setup({
  types: {
    context: {} as FileOperationContext,
    events: {} as FileOperationEvent,
  },
  actions: {
    begin: assign(({ event }) => {
      const start = event as Extract<FileOperationEvent, { type: 'START' }>;
      return {
        kind: start.kind,
        assets: start.assets,
        filename: start.filename ?? '',
        name: start.filename ?? '',
        direction: start.direction,
        at: start.destinations ?? '',
      };
    }),
  },
  actors: {
    loadDestinations: fromPromise<FileDestination[], { href: string }>(async () => {
      throw new Error('fileOperation: provide `loadDestinations` with .provide()');
    }),
    runTask: fromCallback<EventObject, FileTaskRequest>(({ sendBack }) => {
      sendBack({ type: 'TASK_FAILED', error: new Error('fileOperation: provide `runTask` with .provide()') });
    }),
  },
  guards: {
    isRename: ({ event }) => event.type === 'START' && event.kind === 'rename',
    isRelocation: ({ event }) => event.type === 'START' && (event.kind === 'move' || event.kind === 'copy'),
    isDelete: ({ event }) => event.type === 'START' && event.kind === 'delete',
    nameAcceptable: ({ context }) => renameProblem(context.filename, context.name) === undefined,
    chosen: ({ context }) => context.destination !== undefined,
    canGoUp: ({ context }) => context.trail.length > 0,
  },
}).createMachine({
  id: 'fileOperation',
  initial: 'idle',
  context: {
    kind: 'delete',
    assets: [],
    filename: '',
    name: '',
    direction: undefined,
    at: '',
    trail: [],
    choices: [],
    destination: undefined,
    problem: undefined,
    progress: undefined,
    results: [],
    download: undefined,
    error: undefined,
  },
  states: {
    idle: {
      on: {
        START: [
          { guard: 'isRename', target: 'editing', actions: 'begin' },
          { guard: 'isRelocation', target: 'loading', actions: 'begin' },
          { guard: 'isDelete', target: 'confirming', actions: 'begin' },
          { target: 'running', actions: 'begin' },
        ],
      },
    },
    editing: {
      on: {
        CHANGE_NAME: { actions: assign({ name: ({ event }) => event.name, problem: undefined }) },
        SUBMIT: [{ guard: 'nameAcceptable', target: 'running' }, { actions: assign({ problem: ({ context }) => renameProblem(context.filename, context.name) }) }],
        CANCEL: 'cancelled',
      },
    },
    loading: {
      invoke: {
        id: 'loadDestinations',
        src: 'loadDestinations',
        input: ({ context }) => ({ href: context.at }),
        onDone: { target: 'choosing', actions: assign({ choices: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: DEFAULT_ERROR_MESSAGE }) },
      },
      on: { CANCEL: 'cancelled' },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) }, CANCEL: 'cancelled' },
    },
    choosing: {
      on: {
        CHOOSE: {
          actions: assign(({ context, event }) => ({ destination: context.choices.find((choice) => choice.href === event.href) ?? context.destination, problem: undefined })),
        },
        OPEN: {
          target: 'loading',
          actions: assign(({ context, event }) => {
            const opened = context.choices.find((choice) => choice.href === event.href);
            // Inside a folder, that folder is the destination until another is chosen.
            return opened
              ? { trail: [...context.trail, { at: context.at, destination: context.destination }], at: opened.href, destination: opened, choices: [], problem: undefined }
              : {};
          }),
        },
        UP: {
          guard: 'canGoUp',
          target: 'loading',
          actions: assign(({ context }) => ({
            at: context.trail.at(-1)!.at,
            destination: context.trail.at(-1)!.destination,
            trail: context.trail.slice(0, -1),
            choices: [],
            problem: undefined,
          })),
        },
        SUBMIT: [{ guard: 'chosen', target: 'running' }, { actions: assign({ problem: FILE_OPERATION_CHOOSE_MESSAGE }) }],
        CANCEL: 'cancelled',
      },
    },
    confirming: {
      on: { CONFIRM: 'running', CANCEL: 'cancelled' },
    },
    running: {
      entry: assign({ progress: ({ context }) => ({ done: 0, total: context.assets.length }), error: undefined, problem: undefined }),
      invoke: { id: 'runTask', src: 'runTask', input: ({ context }) => taskRequest(context) },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => ({ done: event.done, total: event.total }) }) },
        TASK_DONE: { target: 'done', actions: assign({ results: ({ event }) => event.results, download: ({ event }) => event.download }) },
        TASK_FAILED: { target: 'failed', actions: assign({ error: ({ context, event }) => fileOperationErrorMessage(context.kind, event.error) }) },
      },
    },
    failed: {
      on: { RETRY: 'running', CLOSE: 'cancelled' },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** How many assets the task did, and those it could not (with why). */
export function fileOperationOutcome(context: Pick<FileOperationContext, 'results'>): { done: number; failed: readonly FileTaskResult[] } {
  return { done: context.results.filter((r) => r.done).length, failed: context.results.filter((r) => !r.done) };
}
