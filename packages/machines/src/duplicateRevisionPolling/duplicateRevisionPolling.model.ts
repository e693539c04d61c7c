/**
 * The duplicate-revision polling test model (spec 01 §4, §9): the payload cases that
 * `duplicateRevisionPolling.test.ts` runs on real actors and `npm run paths -- duplicateRevisionPolling` prints.
 *
 * Steps are the `pollDuplicate` call answering (pending, done, another status, or failing) and the 1 s retry delay
 * elapsing. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import {
  duplicateRevisionPollingMachine,
  type DuplicateRevisionPollingContext,
  type DuplicateRevisionPollingInput,
} from './duplicateRevisionPolling.machine.ts';

/** The status address the model polls. */
export const MODEL_DUPLICATE_HREF = '/fotoweb/archives/5000-photos/harbour.jpg.info/revisions/3/duplicate';

/** The new revision a `done` answer carries (spec 01 §3 Revision: id, number). */
export const MODEL_DUPLICATE_RESULT = { id: 'r-4', number: 4 } as const;

/** What a failed poll request rejects with in the model. */
export const MODEL_POLL_FAILURE = { name: 'TypeError', message: 'Failed to fetch' } as const;

/**
 * The machine input per variant: shortest paths use the spec's 15 attempts (spec 01 §9); simple paths 3, enough to
 * see "pending, then pending again, then the limit" without the path count growing with the limit.
 */
export const DUPLICATE_MODEL_INPUTS: Readonly<Record<PathVariant, DuplicateRevisionPollingInput>> = {
  shortest: { href: MODEL_DUPLICATE_HREF },
  simple: { href: MODEL_DUPLICATE_HREF, maxAttempts: 3 },
};

const modelMachine = toTestModelMachine(duplicateRevisionPollingMachine);

/** Every answer the poll can give: pending, done, two other statuses (errors) and a failed request. */
const POLL_CASES: readonly EventObject[] = [
  { type: 'xstate.done.actor.pollDuplicate', output: { status: 'pending' } },
  { type: 'xstate.done.actor.pollDuplicate', output: { status: 'done', result: MODEL_DUPLICATE_RESULT } },
  { type: 'xstate.done.actor.pollDuplicate', output: { status: 'inProgress' } },
  { type: 'xstate.done.actor.pollDuplicate', output: { status: 'failed' } },
  { type: 'xstate.error.actor.pollDuplicate', error: MODEL_POLL_FAILURE },
] as unknown as EventObject[];

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  return snapshot.matches('polling') ? POLL_CASES : [];
}

function hasPayload(event: EventObject): boolean {
  const record = event as unknown as Record<string, unknown>;
  if (event.type.startsWith('xstate.done.actor.')) return record['output'] !== undefined;
  if (event.type.startsWith('xstate.error.actor.')) return record['error'] !== undefined;
  return true;
}

/**
 * Shortest paths: with 15 attempts, ending answers are explored at the first and the last attempt (the
 * boundaries); in between the duplicate only stays pending. Simple paths: every answer at every attempt.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    if (!hasPayload(event)) return false;
    if (variant === 'simple' || !snapshot.matches('polling')) return true;
    const { attempts, maxAttempts } = snapshot.context as DuplicateRevisionPollingContext;
    const output = (event as unknown as { output?: { status?: unknown } }).output;
    return output?.status === 'pending' || attempts <= 1 || attempts === maxAttempts;
  };
}

/** The duplicate-revision polling {@link MachineModel}: 15 attempts for shortest paths, 3 for simple paths. */
export const duplicateRevisionPollingModel: MachineModel = {
  name: 'duplicateRevisionPolling',
  title: 'Duplicate-revision polling: poll every 1 s while pending (15 attempts), done ends, other statuses fail',
  spec: 'spec 01 §4 Duplicate-revision polling, §7 duplicate, §9 polling retries 15 attempts at 1 s',
  machine: duplicateRevisionPollingMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: DUPLICATE_MODEL_INPUTS[variant],
      events: modelEvents,
      filterEvents: modelFilter(variant),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
