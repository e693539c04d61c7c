/**
 * The trash's restore and purge test model (issue 13 trash; spec 01 §2 prompt modal, notifications): the paths
 * `trashAction.test.ts` runs on real actors, `tests/e2e/model/trashAction.model.spec.ts` runs in Chromium against the
 * Trash view, and `npm run paths -- trashAction` prints for QA.
 *
 * The trash holds two photos, `harbour.jpg` and `market.jpg`. With nothing chosen a path may choose the first entry
 * (or, for shortest paths, both) or press the first entry's own Restore; with entries chosen it may clear the choice
 * (shortest paths), restore them, or delete them for good. A restore may be refused with 409 `NameTaken` (nothing
 * restored), a purge may fail with 500; shortest paths also lose a restore to a 500 and a purge to a 400. Simple paths
 * choose only while both entries are in the trash, so that their number stays bounded.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { TrashEntry, TrashList } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { trashActionMachine, type TrashActionContext, type TrashActionInput, type TrashActionKind, type TrashActionRequest } from './trashAction.machine.ts';

/** The two entries of the model's trash (ids 101 and 102), most recently deleted first. */
export const TRASH_ACTION_MODEL_ENTRIES: readonly TrashEntry[] = ['harbour.jpg', 'market.jpg'].map((filename, index) => ({
  id: 101 + index,
  href: `/fotoweb/archives/5000-Photos/model/${filename}.info`,
  filename,
  filesize: 48_213 + index,
  archiveName: 'Photos',
  archiveHREF: '/fotoweb/archives/5000-Photos/',
  folderPath: 'model',
  deleted: `2026-11-2${index}T10:00:00.000Z`,
  deletedBy: 'Ada Admin',
  purgeAfter: `2026-12-2${index}T10:00:00.000Z`,
  previews: [],
}));

/** The input of every path: the descriptor's trash holding {@link TRASH_ACTION_MODEL_ENTRIES}. */
export const TRASH_ACTION_MODEL_INPUT: TrashActionInput = {
  href: '/fotoweb/me/trash/',
  trash: { data: [...TRASH_ACTION_MODEL_ENTRIES], total: TRASH_ACTION_MODEL_ENTRIES.length, retentionDays: 30 },
};

/** The trash after `request` succeeded: its entries gone. */
export function trashActionModelAfter(trash: TrashList, request: TrashActionRequest): TrashList {
  const data = trash.data.filter((entry) => !request.ids.includes(entry.id));
  return { ...trash, data, total: trash.total - (trash.data.length - data.length) };
}

/** A 409 `NameTaken` for the first entry of a restore, as the DAM words it (apps/dam trash.service.ts). */
export function trashActionModelNameTaken(context: Pick<TrashActionContext, 'trash' | 'request'>): unknown {
  const filename = context.trash.data.find((entry) => entry.id === context.request?.ids[0])?.filename ?? '';
  return {
    status: 409,
    responseJSON: { value: 'NameTaken', heading: 'Name taken', message: `"${filename}" is taken in its folder now; rename or move that asset, then restore this one.` },
  };
}

/** A failure without a reason to show: the general error. */
export const TRASH_ACTION_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } } as const;

/** A 400 for an id no longer in the trash (another user restored or purged it meanwhile). */
export const TRASH_ACTION_MODEL_GONE = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', message: '102 is not in your trash.', issues: [{ path: 'purge.0', message: '102 is not in your trash.' }] },
} as const;

/** The failures of a request, per variant and kind. */
function failuresOf(variant: PathVariant, kind: TrashActionKind, context: TrashActionContext): unknown[] {
  if (kind === 'restore') return variant === 'shortest' ? [trashActionModelNameTaken(context), TRASH_ACTION_MODEL_SERVER_ERROR] : [trashActionModelNameTaken(context)];
  return variant === 'shortest' ? [TRASH_ACTION_MODEL_SERVER_ERROR, TRASH_ACTION_MODEL_GONE] : [TRASH_ACTION_MODEL_SERVER_ERROR];
}

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/**
 * What a path may do with the entries `present` and `selected`: with nothing chosen, choose the first entry (or, for
 * shortest paths, all) or press the first entry's own Restore; with entries chosen, clear the choice (shortest paths),
 * restore them or delete them for good.
 */
function choicesOf(variant: PathVariant, present: readonly number[], selected: readonly number[]): EventObject[] {
  const first = present[0];
  if (first === undefined) return [];
  if (selected.length === 0) {
    return [
      event('SELECT', { ids: [first] }),
      ...(variant === 'shortest' && present.length > 1 ? [event('SELECT', { ids: [...present] })] : []),
      event('RESTORE', { ids: [first] }),
    ];
  }
  return [...(variant === 'shortest' ? [event('SELECT', { ids: [] })] : []), event('RESTORE', { ids: [...selected] }), event('PURGE', { ids: [...selected] })];
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as TrashActionContext;
    if (snapshot.matches('ready')) {
      const present = context.trash.data.map((entry) => entry.id);
      // Simple paths choose only in the full trash: every loop-free route is enumerated, so they stop once a request went through.
      const mayChoose = variant === 'shortest' || present.length === TRASH_ACTION_MODEL_ENTRIES.length;
      const events = mayChoose ? choicesOf(variant, present, context.selected) : [];
      if (snapshot.matches({ ready: 'done' })) events.push(event('DISMISS'), event('xstate.after.noticeTimeout.trashAction.ready.done'));
      if (snapshot.matches({ ready: 'failed' })) events.push(event('DISMISS'));
      return events;
    }
    if (snapshot.matches('confirming')) return [event('CONFIRM'), event('CANCEL')];
    if (snapshot.matches('submitting')) {
      const request = context.request!;
      return [
        event('xstate.done.actor.update', { output: trashActionModelAfter(context.trash, request) }),
        ...failuresOf(variant, request.kind, context).map((error) => event('xstate.error.actor.update', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(trashActionMachine);

/** The `xstate/graph` test model for a variant, with {@link TRASH_ACTION_MODEL_INPUT}. */
export function createTrashActionTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: TRASH_ACTION_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The trash's restore and purge {@link MachineModel}. */
export const trashActionModel: MachineModel = {
  name: 'trashAction',
  title: 'Restore trash entries at once, or delete them for good after a prompt; the notice closes after 15 s, a refusal (409 name taken) restores nothing',
  spec: 'issue 13 trash; spec 01 §2 prompt modal (yes/cancel), notifications close after 15 s, §8 default error; dam.yaml updateTrash',
  machine: trashActionMachine,
  testModel(variant: PathVariant) {
    return createTrashActionTestModel(variant);
  },
};
