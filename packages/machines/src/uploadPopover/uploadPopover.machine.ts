/**
 * Upload popover: the "upload to" popover with its per-file queue (spec 01 §2 /fotoweb/views/upload,
 * §4 Upload popover, §8 "Upload failures show a retry link").
 *
 * closed ⇄ open → uploading → open. While uploading the popover refuses to close; files are sent one at a time
 * by the injected `uploadFile` actor (sequential on purpose: each file is already split into chunks, and one file at
 * a time keeps progress and failures easy to follow). When the queue is empty the run's results are emitted and the
 * popover goes back to `open`.
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { UploadFailure, UploadFileInput, UploadFileOutput } from './types.ts';
import { toUploadFailure, UploadError } from './uploadError.ts';
import { assertUploadEventName, type FailedUpload, type UploadedAsset, type UploadEmittedEvent, type UploadEventName } from './uploadEvents.ts';

/**
 * Lifecycle of one file in the popover:
 * `queued` → `uploading` (bytes going out) → `processing` (all bytes sent, server building the asset) → `done`,
 * or `failed` from `uploading`/`processing`; `failed` → `queued` again on RETRY.
 */
export type UploadFileStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'failed';

/**
 * One file as the popover shows it.
 *
 * - `id`: popover-local id (`file-1`, `file-2`, … in the order files were added), used by RETRY/REMOVE.
 * - `size`, `bytesSent`: bytes; `0 <= bytesSent <= size`, and `bytesSent === size` once `processing` or `done`.
 * - `assetUrl`: href of the created asset, only when `done`.
 * - `error`: `{value, message}`, only when `failed` (the view shows the retry link next to it, spec 01 §8).
 */
export interface UploadFileState {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly status: UploadFileStatus;
  readonly bytesSent: number;
  readonly assetUrl?: string;
  readonly error?: UploadFailure;
}

/** Results of the current run (since the popover last entered `uploading`), emitted when the run ends. */
export interface UploadRun {
  readonly uploaded: readonly UploadedAsset[];
  readonly failed: readonly FailedUpload[];
}

/**
 * Context of {@link uploadPopoverMachine}.
 *
 * - `destination`: href of the collection files go to (from the descriptor's `upload_to`).
 * - `chunkSize`: preferred chunk size in bytes handed to the uploader; FotoWeb's answer to the upload creation wins.
 * - `files`: every file still listed, in the order added.
 * - `sources`: the picked `File`s (with their bytes) by file id; kept apart from `files` so `files` stays plain data.
 * - `currentFileId`: the file the `uploadFile` actor is working on; set only in `uploading.sending`.
 * - `closeRefused`: CLOSE arrived during this run and was refused (the view can say why); reset when the run ends.
 * - `run`: results of the current run.
 * - `nextFileSeq`: sequence for the next file id.
 */
export interface UploadPopoverContext {
  readonly destination: string;
  readonly chunkSize: number | undefined;
  readonly files: readonly UploadFileState[];
  readonly sources: Readonly<Record<string, UploadFileInput>>;
  readonly currentFileId: string | undefined;
  readonly closeRefused: boolean;
  readonly run: UploadRun;
  readonly nextFileSeq: number;
}

/**
 * Input of {@link uploadPopoverMachine}: `destination` is the collection href uploads go to; `chunkSize` (bytes) is
 * an optional hint passed to the uploader.
 */
export interface UploadPopoverInput {
  readonly destination: string;
  readonly chunkSize?: number;
}

/**
 * Events the upload popover accepts.
 *
 * From the view:
 * - `OPEN` / `CLOSE`: show or hide the popover. CLOSE is refused (sets `closeRefused`) while `uploading`.
 * - `ADD_FILES {files}`: queue picked or dropped files and start uploading (in `open` or `uploading`; ignored while
 *   `closed` or when `files` is empty).
 * - `RETRY {fileId}`: re-queue a `failed` file (the §8 retry link); ignored for any other status.
 * - `REMOVE {fileId}`: drop a `done` or `failed` file from the list; ignored for queued or active files.
 * - `CANCEL_SELECTION`: the user closed the file picker without choosing; emits `selectionWidgetCancel`.
 *
 * From the `uploadFile` actor (through the callbacks in {@link UploadFileActorInput}); ignored unless `fileId` is the
 * file being uploaded:
 * - `UPLOAD_PROGRESS {fileId, bytesSent}`: total bytes sent so far.
 * - `UPLOAD_PROCESSING {fileId}`: every byte is sent; the server is building the asset.
 */
export type UploadPopoverEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'ADD_FILES'; files: readonly UploadFileInput[] }
  | { type: 'RETRY'; fileId: string }
  | { type: 'REMOVE'; fileId: string }
  | { type: 'CANCEL_SELECTION' }
  | { type: 'UPLOAD_PROGRESS'; fileId: string; bytesSent: number }
  | { type: 'UPLOAD_PROCESSING'; fileId: string };

/**
 * Input the machine gives the injected `uploadFile` actor for one file.
 *
 * It is a superset of the chunked uploader's request, so `uploader.upload({...input, signal})` works as is.
 * The actor resolves with `{assetUrl}` or rejects with `{value, message}` (an `UploadError`); anything else it
 * rejects with is normalised by `toUploadFailure`.
 */
export interface UploadFileActorInput {
  readonly fileId: string;
  readonly file: UploadFileInput;
  /** Destination collection href. */
  readonly destination: string;
  /** Preferred chunk size in bytes, if the popover was given one. */
  readonly chunkSize: number | undefined;
  /** Report the total bytes sent so far; sends `UPLOAD_PROGRESS` to the popover. */
  readonly onProgress: (bytesSent: number) => void;
  /** Report that all bytes are sent and the server is processing; sends `UPLOAD_PROCESSING`. */
  readonly onProcessing: () => void;
}

const EMPTY_RUN: UploadRun = { uploaded: [], failed: [] };

/** Statuses during which a file may not be removed: it is waiting for or going through the uploader. */
const ACTIVE_STATUSES: ReadonlySet<UploadFileStatus> = new Set(['queued', 'uploading', 'processing']);

function updateFile(files: readonly UploadFileState[], fileId: string | undefined, change: (file: UploadFileState) => UploadFileState): UploadFileState[] {
  return files.map((file) => (file.id === fileId ? change(file) : file));
}

function findFile(context: UploadPopoverContext, fileId: string | undefined): UploadFileState | undefined {
  return context.files.find((file) => file.id === fileId);
}

function withoutError({ error: _error, ...file }: UploadFileState): UploadFileState {
  return file;
}

/**
 * Builds the payload of the upload event `name` from the popover's context; the single place the machine's
 * `emitUploadEvent` action goes through.
 *
 * @throws {UnknownUploadEventError} when `name` is not one of `UPLOAD_EVENTS` (spec 01 §4: emitting an unregistered
 *   event name throws); the type rules this out for typed callers, the check covers untyped ones.
 */
export function createUploadEvent(name: UploadEventName, context: UploadPopoverContext): UploadEmittedEvent {
  assertUploadEventName(name);
  const { destination, run } = context;
  switch (name) {
    case 'uploadStart':
      return {
        type: name,
        destination,
        fileIds: context.files.filter((file) => file.status === 'queued').map((file) => file.id),
      };
    case 'filesUploaded':
      return { type: name, destination, assets: run.uploaded };
    case 'filesUploadedError':
      return { type: name, destination, failures: run.failed };
    case 'uploadEnd':
      return { type: name, destination, uploaded: run.uploaded.length, failed: run.failed.length };
    case 'selectionWidgetCancel':
      return { type: name, destination };
  }
}

/**
 * The upload popover machine (spec 01 §2, §4 Upload popover, §8 retry link).
 *
 * States: `closed` (initial), `open`, `uploading` (`next` picks the next queued file, `sending` runs `uploadFile`).
 * Emits the {@link UploadEmittedEvent}s: `uploadStart` on entering `uploading`; on leaving it `filesUploaded` (if any
 * file of the run succeeded), `filesUploadedError` (if any failed), then `uploadEnd`; `selectionWidgetCancel` on
 * CANCEL_SELECTION.
 *
 * The `uploadFile` actor must be provided (`.provide({actors: {uploadFile}})`); the built-in one rejects every file
 * with `uploaderMissing`.
 */
export const uploadPopoverMachine = setup({
  types: {
    context: {} as UploadPopoverContext,
    events: {} as UploadPopoverEvent,
    input: {} as UploadPopoverInput,
    emitted: {} as UploadEmittedEvent,
  },
  actors: {
    uploadFile: fromPromise<UploadFileOutput, UploadFileActorInput>(async () => {
      throw new UploadError('uploaderMissing', 'No uploader configured: provide `uploadFile` with .provide().');
    }),
  },
  guards: {
    'hasNewFiles?': ({ event }) => event.type === 'ADD_FILES' && event.files.length > 0,
    'hasQueuedFiles?': ({ context }) => context.files.some((file) => file.status === 'queued'),
    'isRetryableFile?': ({ context, event }) => event.type === 'RETRY' && findFile(context, event.fileId)?.status === 'failed',
    'isRemovableFile?': ({ context, event }) => {
      if (event.type !== 'REMOVE') return false;
      const file = findFile(context, event.fileId);
      return file !== undefined && !ACTIVE_STATUSES.has(file.status);
    },
    'isCurrentFile?': ({ context, event }) => (event.type === 'UPLOAD_PROGRESS' || event.type === 'UPLOAD_PROCESSING') && event.fileId === context.currentFileId,
    'hasRunUploads?': ({ context }) => context.run.uploaded.length > 0,
    'hasRunFailures?': ({ context }) => context.run.failed.length > 0,
  },
  actions: {
    emitUploadEvent: emit(({ context }, params: { name: UploadEventName }) => createUploadEvent(params.name, context)),
    queueFiles: assign(({ context, event }) => {
      assertEvent(event, 'ADD_FILES');
      const files = [...context.files];
      const sources = { ...context.sources };
      let seq = context.nextFileSeq;
      for (const input of event.files) {
        const id = `file-${seq++}`;
        files.push({ id, name: input.name, size: input.size, status: 'queued', bytesSent: 0 });
        sources[id] = input;
      }
      return { files, sources, nextFileSeq: seq };
    }),
    requeueFile: assign(({ context, event }) => {
      assertEvent(event, 'RETRY');
      return {
        files: updateFile(context.files, event.fileId, (file) => ({
          ...withoutError(file),
          status: 'queued',
          bytesSent: 0,
        })),
        // A retried file is no longer a failure of this run; its new outcome will be recorded.
        run: { ...context.run, failed: context.run.failed.filter((failure) => failure.fileId !== event.fileId) },
      };
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      const { [event.fileId]: _removed, ...sources } = context.sources;
      return { files: context.files.filter((file) => file.id !== event.fileId), sources };
    }),
    refuseClose: assign({ closeRefused: true }),
    startRun: assign({ run: EMPTY_RUN, closeRefused: false }),
    endRun: assign({ closeRefused: false }),
    startNextFile: assign(({ context }) => {
      const next = context.files.find((file) => file.status === 'queued');
      return {
        currentFileId: next?.id,
        files: updateFile(context.files, next?.id, (file) => ({ ...file, status: 'uploading', bytesSent: 0 })),
      };
    }),
    recordProgress: assign(({ context, event }) => {
      assertEvent(event, 'UPLOAD_PROGRESS');
      return {
        files: updateFile(context.files, event.fileId, (file) => ({
          ...file,
          bytesSent: Math.min(Math.max(0, event.bytesSent), file.size),
        })),
      };
    }),
    markProcessing: assign(({ context, event }) => {
      assertEvent(event, 'UPLOAD_PROCESSING');
      return {
        files: updateFile(context.files, event.fileId, (file) => ({
          ...file,
          status: 'processing',
          bytesSent: file.size,
        })),
      };
    }),
    markFileDone: assign(({ context }, { assetUrl }: UploadFileOutput) => {
      const file = findFile(context, context.currentFileId);
      return {
        currentFileId: undefined,
        files: updateFile(context.files, context.currentFileId, (current) => ({
          ...withoutError(current),
          status: 'done',
          bytesSent: current.size,
          assetUrl,
        })),
        run: file ? { ...context.run, uploaded: [...context.run.uploaded, { fileId: file.id, name: file.name, assetUrl }] } : context.run,
      };
    }),
    markFileFailed: assign(({ context }, params: { error: unknown }) => {
      const file = findFile(context, context.currentFileId);
      const error = toUploadFailure(params.error);
      return {
        currentFileId: undefined,
        files: updateFile(context.files, context.currentFileId, (current) => ({ ...current, status: 'failed', error })),
        run: file ? { ...context.run, failed: [...context.run.failed, { fileId: file.id, name: file.name, error }] } : context.run,
      };
    }),
  },
}).createMachine({
  id: 'uploadPopover',
  initial: 'closed',
  context: ({ input }) => ({
    destination: input.destination,
    chunkSize: input.chunkSize,
    files: [],
    sources: {},
    currentFileId: undefined,
    closeRefused: false,
    run: EMPTY_RUN,
    nextFileSeq: 1,
  }),
  states: {
    closed: {
      on: { OPEN: 'open' },
    },
    open: {
      on: {
        CLOSE: 'closed',
        ADD_FILES: { guard: 'hasNewFiles?', target: 'uploading', actions: 'queueFiles' },
        RETRY: { guard: 'isRetryableFile?', target: 'uploading', actions: 'requeueFile' },
        REMOVE: { guard: 'isRemovableFile?', actions: 'removeFile' },
        CANCEL_SELECTION: { actions: { type: 'emitUploadEvent', params: { name: 'selectionWidgetCancel' } } },
      },
    },
    uploading: {
      entry: ['startRun', { type: 'emitUploadEvent', params: { name: 'uploadStart' } }],
      exit: 'endRun',
      initial: 'next',
      on: {
        // spec 01 §4: the popover cannot be closed while uploading.
        CLOSE: { actions: 'refuseClose' },
        ADD_FILES: { guard: 'hasNewFiles?', actions: 'queueFiles' },
        RETRY: { guard: 'isRetryableFile?', actions: 'requeueFile' },
        REMOVE: { guard: 'isRemovableFile?', actions: 'removeFile' },
        CANCEL_SELECTION: { actions: { type: 'emitUploadEvent', params: { name: 'selectionWidgetCancel' } } },
      },
      states: {
        next: {
          always: [
            { guard: 'hasQueuedFiles?', target: 'sending' },
            {
              target: '#uploadPopover.open',
              // Results first, then uploadEnd, so a listener of uploadEnd sees a finished run.
              actions: enqueueActions(({ enqueue, check }) => {
                if (check('hasRunUploads?')) enqueue({ type: 'emitUploadEvent', params: { name: 'filesUploaded' } });
                if (check('hasRunFailures?')) {
                  enqueue({ type: 'emitUploadEvent', params: { name: 'filesUploadedError' } });
                }
                enqueue({ type: 'emitUploadEvent', params: { name: 'uploadEnd' } });
              }),
            },
          ],
        },
        sending: {
          entry: 'startNextFile',
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context, self }): UploadFileActorInput => {
              const file = findFile(context, context.currentFileId);
              if (!file) throw new Error('uploadPopover: entered `sending` without a current file');
              const fileId = file.id;
              return {
                fileId,
                file: context.sources[fileId] ?? { name: file.name, size: file.size },
                destination: context.destination,
                chunkSize: context.chunkSize,
                onProgress: (bytesSent) => self.send({ type: 'UPLOAD_PROGRESS', fileId, bytesSent }),
                onProcessing: () => self.send({ type: 'UPLOAD_PROCESSING', fileId }),
              };
            },
            onDone: {
              target: 'next',
              actions: { type: 'markFileDone', params: ({ event }) => ({ assetUrl: event.output.assetUrl }) },
            },
            onError: {
              target: 'next',
              actions: { type: 'markFileFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            UPLOAD_PROGRESS: { guard: 'isCurrentFile?', actions: 'recordProgress' },
            UPLOAD_PROCESSING: { guard: 'isCurrentFile?', actions: 'markProcessing' },
          },
        },
      },
    },
  },
});
