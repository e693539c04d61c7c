/**
 * The file operations' test model (issue 13; spec 01 §2, §4 Background job, §7, §8): the paths `fileOperation.test.ts`
 * runs on real actors, `tests/e2e/model/fileOperation.model.spec.ts` runs in Chromium against the real selection
 * toolbar and dialogs, and `npm run paths -- fileOperation` prints for QA.
 *
 * Two photos are selected (one for a rename, `harbour.jpg`). The move and copy lists hold the archive Photos (with one
 * folder, Inbox) and the archive Press (no folders).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { fileOperationMachine, type FileDestination, type FileOperationContext, type FileOperationInput, type FileTaskResult } from './fileOperation.machine.ts';

/** The two selected photos. */
export const FILE_OPERATION_MODEL_ASSETS = ['/fotoweb/archives/5900-ModelPhotos/model/harbour.jpg.info', '/fotoweb/archives/5900-ModelPhotos/model/market.jpg.info'] as const;

/** The destination lists: the move/copy list and the folders of Photos. */
export const FILE_OPERATION_MODEL_LISTS = {
  move: '/fotoweb/me/move-to/',
  copy: '/fotoweb/me/copy-to/',
  photos: { href: '/fotoweb/archives/5900-ModelPhotos/', name: 'Photos', hasChildren: true },
  press: { href: '/fotoweb/archives/5901-ModelPress/', name: 'Press', hasChildren: false },
  inbox: { href: '/fotoweb/archives/5900-ModelPhotos/Inbox/', name: 'Inbox', hasChildren: false },
} as const;

/** The names a rename path types: one acceptable, one that changes the extension. */
export const FILE_OPERATION_MODEL_NAMES = { good: 'harbour at dawn.jpg', badExtension: 'harbour.png' } as const;

/** What START gives for each operation. */
export const FILE_OPERATION_MODEL_STARTS: Readonly<Record<string, FileOperationInput>> = {
  rename: { kind: 'rename', assets: [FILE_OPERATION_MODEL_ASSETS[0]], filename: 'harbour.jpg' },
  move: { kind: 'move', assets: FILE_OPERATION_MODEL_ASSETS, destinations: FILE_OPERATION_MODEL_LISTS.move },
  copy: { kind: 'copy', assets: FILE_OPERATION_MODEL_ASSETS, destinations: FILE_OPERATION_MODEL_LISTS.copy },
  rotate: { kind: 'rotate', assets: FILE_OPERATION_MODEL_ASSETS, direction: 'cw' },
  delete: { kind: 'delete', assets: FILE_OPERATION_MODEL_ASSETS },
  download: { kind: 'download', assets: FILE_OPERATION_MODEL_ASSETS },
  duplicate: { kind: 'duplicate', assets: FILE_OPERATION_MODEL_ASSETS },
};

/** The ZIP a download path prepares. */
export const FILE_OPERATION_MODEL_DOWNLOAD = { href: '/fotoweb/me/downloads/model-zip/magpie-2-assets.zip', name: 'magpie-2-assets.zip', size: 123_456 } as const;

/** The destinations at a list href. */
export function fileOperationModelDestinations(href: string): FileDestination[] {
  const { photos, press, inbox } = FILE_OPERATION_MODEL_LISTS;
  if (href === photos.href) return [inbox];
  if (href === FILE_OPERATION_MODEL_LISTS.move || href === FILE_OPERATION_MODEL_LISTS.copy) return [photos, press];
  return [];
}

/** A refusal of the task's creation (403 with the DAM's message) and a failure without an answer. */
export const FILE_OPERATION_MODEL_FAILURES = {
  refused: { status: 403, responseJSON: { value: 'Forbidden', message: 'You may not change these assets in this archive.' } },
  offline: { name: 'TypeError', message: 'Failed to fetch' },
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** Every asset done, each named where it is now for a rename, move or copy. */
export function fileOperationModelResults(context: FileOperationContext, partial = false): FileTaskResult[] {
  return context.assets.map((href, index) => {
    if (partial && index === 1) return { href, done: false, message: '"market.jpg" is already taken in the destination folder; the asset stays where it was.' };
    const name =
      context.kind === 'rename'
        ? context.name.trim()
        : href
            .split('/')
            .at(-1)!
            .replace(/\.info$/, '');
    const where = context.kind === 'rename' ? href.slice(0, href.lastIndexOf('/') + 1) : (context.destination?.href ?? href.slice(0, href.lastIndexOf('/') + 1));
    return context.kind === 'delete' || context.kind === 'download' ? { href, done: true } : { href, done: true, resultHref: `${where}${encodeURIComponent(name)}.info` };
  });
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as FileOperationContext;
    if (snapshot.matches('idle')) {
      const kinds = variant === 'simple' ? ['rename', 'delete'] : Object.keys(FILE_OPERATION_MODEL_STARTS);
      return kinds.map((kind) => event('START', { ...FILE_OPERATION_MODEL_STARTS[kind] }));
    }
    if (snapshot.matches('editing')) {
      const names = variant === 'simple' ? [FILE_OPERATION_MODEL_NAMES.good] : Object.values(FILE_OPERATION_MODEL_NAMES);
      return [...names.filter((name) => name !== context.name).map((name) => event('CHANGE_NAME', { name })), event('SUBMIT'), event('CANCEL')];
    }
    if (snapshot.matches('loading')) {
      const failures = context.trail.length === 0 && context.kind === 'move' ? [event('xstate.error.actor.loadDestinations', { error: { status: 500 } })] : [];
      return [event('xstate.done.actor.loadDestinations', { output: fileOperationModelDestinations(context.at) }), ...failures, event('CANCEL')];
    }
    if (snapshot.matches('loadFailed')) return [event('RETRY'), event('CANCEL')];
    if (snapshot.matches('choosing')) {
      return [
        ...context.choices.filter((choice) => choice.href !== context.destination?.href).map((choice) => event('CHOOSE', { href: choice.href })),
        ...context.choices.filter((choice) => choice.hasChildren).map((choice) => event('OPEN', { href: choice.href })),
        ...(context.trail.length > 0 ? [event('UP')] : []),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('confirming')) return [event('CONFIRM'), event('CANCEL')];
    if (snapshot.matches('running')) {
      const many = context.assets.length > 1;
      return [
        // A download is prepared in one request: no progress to report.
        ...(many && context.progress?.done === 0 && context.kind !== 'download' ? [event('PROGRESS', { done: 1, total: context.assets.length })] : []),
        event('TASK_DONE', { results: fileOperationModelResults(context), ...(context.kind === 'download' ? { download: { ...FILE_OPERATION_MODEL_DOWNLOAD } } : {}) }),
        ...(variant === 'shortest' && context.kind === 'move' ? [event('TASK_DONE', { results: fileOperationModelResults(context, true) })] : []),
        // A refusal or a lost connection when the task is created (before any progress).
        ...(variant === 'shortest' && (context.kind === 'delete' || context.kind === 'rename' || context.kind === 'download') && context.progress?.done === 0
          ? [event('TASK_FAILED', { error: FILE_OPERATION_MODEL_FAILURES.refused }), event('TASK_FAILED', { error: FILE_OPERATION_MODEL_FAILURES.offline })]
          : []),
      ];
    }
    if (snapshot.matches('failed')) return [event('RETRY'), event('CLOSE')];
    return [];
  };
}

const modelMachine = toTestModelMachine(fileOperationMachine);

/** The `xstate/graph` test model for a variant. */
export function createFileOperationTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The file operations' {@link MachineModel}. */
export const fileOperationModel: MachineModel = {
  name: 'fileOperation',
  title: 'Rename, move, copy, rotate or delete the selected assets as a background task, with progress and the outcome',
  spec: 'spec 01 §2 asset selection, §4 Background job, §7 background-tasks (rename, move, copy, rotate, delete), §8 action-specific messages',
  machine: fileOperationMachine,
  testModel(variant: PathVariant) {
    return createFileOperationTestModel(variant);
  },
};
