/**
 * The batch dialogs' test model (spec 03 §2.8, §4, §5 Batch operations, §8): the batch license dialog over a
 * selection of three users, one of whom may not have their license changed. `batchEdit.test.ts` runs its paths on
 * real actors, `tests/e2e/model/batchEdit.model.spec.ts` in Chromium against the real dialog, and
 * `npm run paths -- batchEdit` prints them for QA.
 *
 * The `apply` invocation becomes its done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { batchEditMachine, type BatchChange, type BatchEditInput, type BatchResult, type BatchUser } from './batchEdit.machine.ts';

const may = (updateLicense: boolean): BatchUser['actions'] => ({ update: true, updateLicense, updateAccountStatus: true, delete: true });

/** The selection: Ada and Bo may be relicensed; Cy (say, the site owner seen by another administrator) may not. */
export const MODEL_BATCH_USERS: readonly BatchUser[] = [
  { href: '/fotoweb/api/users/15031', fullName: 'Ada Lovelace', actions: may(true) },
  { href: '/fotoweb/api/users/15032', fullName: 'Bo Boss', actions: may(true) },
  { href: '/fotoweb/api/users/15033', fullName: 'Cy Owner', actions: may(false) },
];

/** The machine input of every path: the batch license dialog over {@link MODEL_BATCH_USERS}. */
export const BATCH_EDIT_MODEL_INPUT: BatchEditInput = { operation: 'license', users: MODEL_BATCH_USERS };

/** The license level the model sets (spec 03 §3.4 `ValueNumeric`; 35 is the contract's default user license). */
export const MODEL_LICENSE_LEVEL = 35;

/** The APPLY payloads: both choices at the sentinel (nothing to do), and a level with the mode left unchanged. */
export const MODEL_BATCH_CHANGES = {
  unchanged: { operation: 'license', level: undefined, mode: undefined },
  level: { operation: 'license', level: MODEL_LICENSE_LEVEL, mode: undefined },
} as const satisfies Record<string, BatchChange>;

const [ada, bo] = MODEL_BATCH_USERS as [BatchUser, BatchUser, BatchUser];

/** The DAM's answers: everyone changed, or Bo skipped for want of a seat (spec 03 §8 out_of_licenses). */
export const MODEL_BATCH_RESULTS = {
  all: { done: [ada.href, bo.href], skipped: [] },
  someSkipped: { done: [ada.href], skipped: [{ href: bo.href, value: 'out_of_licenses', message: 'out_of_licenses: all 1 seats of the license are taken.' }] },
} as const satisfies Record<string, BatchResult>;

/** Failed calls per variant: `shortest` 403, 400 and 500; `simple` only 500. */
export const BATCH_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly number[]>> = {
  shortest: [403, 400, 500],
  simple: [500],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const apply = (change: BatchChange) => event('APPLY', { change });

function modelEvents(failures: readonly number[]) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('editing') || snapshot.matches('failed')) return [apply(MODEL_BATCH_CHANGES.unchanged), apply(MODEL_BATCH_CHANGES.level), event('CANCEL')];
    if (snapshot.matches('applying')) {
      return [
        event('xstate.done.actor.apply', { output: MODEL_BATCH_RESULTS.all }),
        event('xstate.done.actor.apply', { output: MODEL_BATCH_RESULTS.someSkipped }),
        ...failures.map((status) =>
          event('xstate.error.actor.apply', { error: { status, responseJSON: { value: status === 403 ? 'Forbidden' : 'InvalidRequest', message: 'refused' } } }),
        ),
      ];
    }
    if (snapshot.matches('reported')) return [event('CLOSE')];
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(failures: readonly number[]) {
  const events = modelEvents(failures);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(batchEditMachine);

/** The `xstate/graph` test model for the given failure statuses, with {@link BATCH_EDIT_MODEL_INPUT}. */
export function createBatchEditTestModel(failures: readonly number[]) {
  return createTestModel(modelMachine, { input: BATCH_EDIT_MODEL_INPUT, events: modelEvents(failures), filterEvents: modelFilter(failures) });
}

/** The batch dialogs' {@link MachineModel}; see {@link BATCH_EDIT_MODEL_FAILURES} for the variants. */
export const batchEditModel: MachineModel = {
  name: 'batchEdit',
  title: 'Change or delete the selected users at once: only those whose action is allowed, the skipped ones reported',
  spec: 'spec 03 §2.4 batch buttons, §2.8 batch dialogs, §4 after a batch delete, §5 Batch operations, §7 batch update and DELETE many, §8',
  machine: batchEditMachine,
  testModel(variant: PathVariant) {
    return createBatchEditTestModel(BATCH_EDIT_MODEL_FAILURES[variant]);
  },
};
