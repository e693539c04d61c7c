/**
 * The upload popover's test model (spec 01 §4 Upload popover, §2 upload view, §8 retry link): the payload cases and
 * scopes that `uploadPopover.test.ts` runs on real actors, `npm run paths -- uploadPopover` prints for QA, and the
 * browser harness (`tests/e2e/model/`) replays in Chromium.
 *
 * The `uploadFile` invocation becomes its done/error events (testing/modelMachine.ts). Payloads are plain JSON: a
 * file is `{name, size}` without bytes, so a tester can read every step and a script can replay it; whoever executes
 * a path supplies the bytes (a controlled actor in the unit test, a real photo in the browser).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot, type TestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import type { UploadFailure, UploadFileInput } from './types.ts';
import { UPLOAD_TARGET_ERROR_MESSAGE } from './uploadError.ts';
import { uploadPopoverMachine, type UploadPopoverContext, type UploadPopoverInput } from './uploadPopover.machine.ts';

/** The machine input of every path: the collection the model uploads to. */
export const UPLOAD_MODEL_INPUT: UploadPopoverInput = { destination: '/fotoweb/archives/5000-photos/' };

/**
 * The files the model adds, in order, one per ADD_FILES (`file-1` is the first, `file-2` the second). Sizes are in
 * bytes; the model never needs the bytes themselves.
 */
export const MODEL_FILES: readonly UploadFileInput[] = [
  { name: 'harbour.jpg', size: 8 },
  { name: 'brief.pdf', size: 4 },
];

/** What a failed upload rejects with in the model: the destination refused it (spec 01 §8 "Upload target error"). */
export const MODEL_TARGET_ERROR: UploadFailure = { value: 'uploadTargetError', message: UPLOAD_TARGET_ERROR_MESSAGE };

/** The asset href a successful upload of `name` resolves with in the model. */
function modelAssetUrl(name: string): string {
  return `${UPLOAD_MODEL_INPUT.destination}${name}.info`;
}

/** How much of the popover a model explores. */
export interface UploadModelScope {
  /** Files the model may add (1 or 2 of {@link MODEL_FILES}), one ADD_FILES per file. */
  readonly maxFiles: number;
  /**
   * Drop CLOSE while uploading and CANCEL_SELECTION. They change nothing but `closeRefused` or an emitted event, so
   * they multiply simple paths without reaching anything new; the shortest paths cover them.
   */
  readonly lean: boolean;
}

/**
 * The scope per path variant:
 * - `shortest`: two files, every event (every state by its shortest route, including two-file queues, RETRY while
 *   another file uploads, CLOSE refused while uploading, a dismissed picker);
 * - `simple`: one file, lean, so every loop-free route stays a bounded list.
 */
export const UPLOAD_MODEL_SCOPES: Readonly<Record<PathVariant, UploadModelScope>> = {
  shortest: { maxFiles: 2, lean: false },
  simple: { maxFiles: 1, lean: true },
};

/** Payload key each payload-carrying event needs; XState also proposes bare `{type}` events, which we drop. */
const PAYLOAD_KEY: Readonly<Record<string, string>> = {
  ADD_FILES: 'files',
  RETRY: 'fileId',
  REMOVE: 'fileId',
  UPLOAD_PROGRESS: 'fileId',
  UPLOAD_PROCESSING: 'fileId',
  'xstate.done.actor.uploadFile': 'output',
  'xstate.error.actor.uploadFile': 'error',
};

/** Events whose only effect is an emitted event, invisible in the snapshot. */
const EMIT_ONLY_EVENTS: ReadonlySet<string> = new Set(['CANCEL_SELECTION']);

/** Payload cases per snapshot: the next model file, RETRY/REMOVE of listed files, outcomes of the current file. */
function modelEvents(scope: UploadModelScope) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as UploadPopoverContext;
    const events: EventObject[] = [];
    const next = MODEL_FILES[context.nextFileSeq - 1];
    if (next && context.nextFileSeq <= scope.maxFiles) events.push({ type: 'ADD_FILES', files: [next] } as EventObject);
    for (const file of context.files) {
      if (file.status === 'failed') events.push({ type: 'RETRY', fileId: file.id } as EventObject);
      if (file.status === 'done' || file.status === 'failed') {
        events.push({ type: 'REMOVE', fileId: file.id } as EventObject);
      }
    }
    const current = context.files.find((file) => file.id === context.currentFileId);
    if (current) {
      // Progress and processing only in single-file states: enough for their transitions, and it bounds the model.
      if (context.files.length === 1 && current.status === 'uploading') {
        if (current.bytesSent === 0) {
          events.push({ type: 'UPLOAD_PROGRESS', fileId: current.id, bytesSent: current.size / 2 } as EventObject);
        }
        events.push({ type: 'UPLOAD_PROCESSING', fileId: current.id } as EventObject);
      }
      events.push({ type: 'xstate.done.actor.uploadFile', output: { assetUrl: modelAssetUrl(current.name) } } as EventObject);
      events.push({ type: 'xstate.error.actor.uploadFile', error: MODEL_TARGET_ERROR } as EventObject);
    }
    return events;
  };
}

function modelFilter(scope: UploadModelScope) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    const key = PAYLOAD_KEY[event.type];
    if (key !== undefined && (event as unknown as Record<string, unknown>)[key] === undefined) return false;
    const context = snapshot.context as UploadPopoverContext;
    // With two files listed, only the queue matters: popover toggling is already explored with one file.
    if (context.files.length >= 2 && ['OPEN', 'CLOSE', 'CANCEL_SELECTION'].includes(event.type)) return false;
    if (scope.lean && (event.type === 'CANCEL_SELECTION' || (event.type === 'CLOSE' && snapshot.matches('uploading')))) {
      return false;
    }
    return true;
  };
}

/** A vertex is the snapshot (value + context); an emit-only event gets its own vertex so a path takes it. */
function serializeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  return event && EMIT_ONLY_EVENTS.has(event.type) ? `${key} after ${event.type}` : key;
}

const modelMachine = toTestModelMachine(uploadPopoverMachine);

/** The `xstate/graph` test model of the popover for a {@link UploadModelScope}, with {@link UPLOAD_MODEL_INPUT}. */
function createUploadPopoverTestModel(scope: UploadModelScope): TestModel<AnyMachineSnapshot, EventObject, unknown> {
  return createTestModel(modelMachine, {
    input: UPLOAD_MODEL_INPUT,
    events: modelEvents(scope),
    filterEvents: modelFilter(scope),
    serializeState,
  });
}

/**
 * The upload popover's {@link MachineModel} (spec 01 §4 Upload popover, §2, §8).
 *
 * `testModel('shortest')` explores two files with every event; `testModel('simple')` one file without the
 * snapshot-neutral events (see {@link UPLOAD_MODEL_SCOPES}). A vertex is the whole snapshot (value + context), plus
 * the event for CANCEL_SELECTION, whose only effect is the emitted `selectionWidgetCancel`.
 */
export const uploadPopoverModel: MachineModel = {
  name: 'uploadPopover',
  title: 'Open the upload popover, add files, watch them upload, retry or remove them, close it',
  spec: 'spec 01 §4 Upload popover, §2 /fotoweb/views/upload, §8 upload failures show a retry link',
  machine: uploadPopoverMachine,
  testModel(variant: PathVariant) {
    return createUploadPopoverTestModel(UPLOAD_MODEL_SCOPES[variant]);
  },
};
