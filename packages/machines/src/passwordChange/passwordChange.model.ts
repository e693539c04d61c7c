/**
 * The password change's test model (spec 03 §2.9, §2.11, §8; dam.yaml `changeOwnPassword`): the edits and answers
 * that `passwordChange.test.ts` runs on real actors and `npm run paths -- passwordChange` prints for QA.
 *
 * Shortest paths type each field's good value and, for the new password and its confirmation, a bad one (too short,
 * the current password again, a confirmation that differs), press the button with and without problems, and meet
 * every refusal (400 WeakPassword, 403 WrongPassword, 429, 500), a retry, and a failed session refresh. Simple paths
 * type only good values and meet one refusal (403).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { passwordChangeMachine, type PasswordChangeContext, type PasswordChangeInput } from './passwordChange.machine.ts';

/** The machine input of every path. */
export const PASSWORD_MODEL_INPUT: PasswordChangeInput = { username: 'ada' };

/** What the model types. */
export const PASSWORD_MODEL_TEXT = {
  current: 'old-password-1',
  next: 'new-password-22',
  /** Shorter than `PASSWORD_RULES.minLength`. */
  short: 'short',
  /** A confirmation that differs from `next`. */
  mismatch: 'new-password-23',
} as const;

/** The refusals of the model's failed changes, as the client's `ApiError` carries them. */
export const PASSWORD_MODEL_FAILURES = {
  weak: { status: 400, body: { value: 'WeakPassword', message: 'The password must not contain the user name.' } },
  wrong: { status: 403, body: { value: 'WrongPassword', message: 'The current password is wrong.' } },
  limited: { status: 429, body: { value: 'TooManyRequests', message: 'Too many wrong passwords. Try again in 900 seconds.' } },
  broken: { status: 500 },
} as const;

const FAILURES_BY_VARIANT: Readonly<Record<PathVariant, readonly (keyof typeof PASSWORD_MODEL_FAILURES)[]>> = {
  shortest: ['weak', 'wrong', 'limited', 'broken'],
  simple: ['wrong'],
};

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const edit = (field: string, value: string) => ev('EDIT', { field, value });

function editingEvents(context: PasswordChangeContext, full: boolean): EventObject[] {
  const { draft } = context;
  const { current, next, short, mismatch } = PASSWORD_MODEL_TEXT;
  // Two changes sent at most: more would only repeat the same refusals.
  const events = context.attempts < 2 ? [ev('SUBMIT')] : [];
  if (draft.currentPassword === '') events.push(edit('currentPassword', current));
  if (draft.newPassword === '') {
    events.push(edit('newPassword', next));
    if (full) events.push(edit('newPassword', short), edit('newPassword', current));
  } else if (draft.newPassword !== next) {
    events.push(edit('newPassword', next));
  }
  if (draft.confirmPassword === '' && draft.newPassword !== '') {
    events.push(edit('confirmPassword', next));
    if (full) events.push(edit('confirmPassword', mismatch));
  } else if (draft.confirmPassword !== '' && draft.confirmPassword !== next) {
    events.push(edit('confirmPassword', next));
  }
  return events;
}

/** The events the model proposes for a snapshot (see the module comment). */
export function passwordChangeModelEvents(variant: PathVariant) {
  const full = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as PasswordChangeContext;
    if (snapshot.matches('editing')) return editingEvents(context, full);
    if (snapshot.matches('submitting')) {
      return [
        ev('xstate.done.actor.changePassword', { output: null }),
        ...FAILURES_BY_VARIANT[variant].map((name) => ev('xstate.error.actor.changePassword', { error: PASSWORD_MODEL_FAILURES[name] })),
      ];
    }
    // After a refusal: type the current password again, or try again as it is (once: more would only repeat).
    if (snapshot.matches('failed')) return [edit('currentPassword', context.draft.currentPassword), ...(context.attempts < 2 ? [ev('SUBMIT')] : [])];
    if (snapshot.matches('refreshing')) return [ev('xstate.done.actor.refreshSession', { output: null }), ev('xstate.error.actor.refreshSession', { error: { status: 500 } })];
    if (snapshot.matches('done')) return [ev('CONTINUE')];
    return [];
  };
}

const modelMachine = toTestModelMachine(passwordChangeMachine);

/**
 * A vertex is the snapshot, except that the notice reached after a failed session refresh (the same snapshot as after
 * a good one) gets its own vertex, so that a path shows it.
 */
export function serializePasswordChangeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  return event?.type === 'xstate.error.actor.refreshSession' ? `${key} (refresh failed)` : key;
}

/** The test model of a variant: exactly the events of {@link passwordChangeModelEvents}. */
export function passwordChangeTestModel(variant: PathVariant) {
  const events = passwordChangeModelEvents(variant);
  return createTestModel(modelMachine, {
    input: PASSWORD_MODEL_INPUT,
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
    serializeState: serializePasswordChangeState,
  });
}

/** The password change's {@link MachineModel}. */
export const passwordChangeModel: MachineModel = {
  name: 'passwordChange',
  title: 'Change your own password: current, new and confirmation checked before sending, the server’s refusals, then the notice',
  spec: 'spec 03 §2.9 Change password, §2.11 forced password change, §8 password changed; dam.yaml changeOwnPassword',
  machine: passwordChangeMachine,
  testModel: passwordChangeTestModel,
};
