/**
 * The password reset page's test model (issue 14 "Password reset"; dam.yaml `getPasswordReset`,
 * `completePasswordReset`): the answers and edits that `passwordReset.test.ts` runs on real actors, that
 * `npm run paths -- passwordReset` prints for QA, and that `tests/e2e/model/passwordReset.model.spec.ts` runs in
 * Chromium against the real page.
 *
 * Shortest paths meet every answer of the check (a live link, 404, 410 used, 410 expired, a failed check and its
 * retry), type good and bad values (too short, the user name inside, a confirmation that differs), press the button
 * with and without problems, and meet every refusal of the password (400 WeakPassword, 410 used, 404, 500) and a
 * retry. Simple paths type only good values and meet one refusal of each kind.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { passwordResetMachine, type PasswordResetContext, type PasswordResetInput, type PasswordResetLinkStatus } from './passwordReset.machine.ts';

/** The machine input of every path: a token shaped like a real one (43 base64url characters). */
export const PASSWORD_RESET_MODEL_INPUT: PasswordResetInput = { token: 'Model_Reset-Token_0123456789abcdefghijklmno' };

/** What the model's check answers for a live link. */
export const PASSWORD_RESET_MODEL_LINK: PasswordResetLinkStatus = { valid: true, expires: '2030-01-01T12:00:00.000Z', userName: 'ada' };

/** What the model types. */
export const PASSWORD_RESET_MODEL_TEXT = {
  next: 'new-password-22',
  /** Shorter than `PASSWORD_RULES.minLength`. */
  short: 'short',
  /** Holds the link's user name. */
  withName: 'my-ADA-password',
  /** A confirmation that differs from `next`. */
  mismatch: 'new-password-23',
} as const;

/** The refusals of the model's checks and saves, as the client's `ApiError` carries them. */
export const PASSWORD_RESET_MODEL_FAILURES = {
  notFound: { status: 404, body: { value: 'PasswordResetNotFound', message: 'This password reset link is not valid. Ask for a new one on the login page.' } },
  used: { status: 410, body: { value: 'PasswordResetUsed', message: 'This password reset link was used already. Ask for a new one if you need it.' } },
  expired: { status: 410, body: { value: 'PasswordResetExpired', message: 'This password reset link has expired. Ask for a new one on the login page.' } },
  weak: { status: 400, body: { value: 'WeakPassword', message: 'The password must not contain the user name.' } },
  broken: { status: 500 },
} as const;

type Failure = keyof typeof PASSWORD_RESET_MODEL_FAILURES;

const CHECK_FAILURES: Readonly<Record<PathVariant, readonly Failure[]>> = {
  shortest: ['notFound', 'used', 'expired', 'broken'],
  simple: ['used', 'broken'],
};
const SAVE_FAILURES: Readonly<Record<PathVariant, readonly Failure[]>> = {
  shortest: ['weak', 'used', 'notFound', 'broken'],
  simple: ['used', 'broken'],
};

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const edit = (field: string, value: string) => ev('EDIT', { field, value });

function enteringEvents(context: PasswordResetContext, full: boolean): EventObject[] {
  const { draft } = context;
  const { next, short, withName, mismatch } = PASSWORD_RESET_MODEL_TEXT;
  // Two passwords sent at most: more would only repeat the same refusals.
  const events = context.attempts < 2 ? [ev('SUBMIT')] : [];
  if (draft.password === '') {
    events.push(edit('password', next));
    if (full) events.push(edit('password', short), edit('password', withName));
  } else if (draft.password !== next) {
    events.push(edit('password', next));
  }
  if (draft.confirmPassword === '' && draft.password !== '') {
    events.push(edit('confirmPassword', next));
    if (full) events.push(edit('confirmPassword', mismatch));
  } else if (draft.confirmPassword !== '' && draft.confirmPassword !== next) {
    events.push(edit('confirmPassword', next));
  }
  return events;
}

const failure = (actor: string, name: Failure) => ev(`xstate.error.actor.${actor}`, { error: PASSWORD_RESET_MODEL_FAILURES[name] });

/** The events the model proposes for a snapshot (see the module comment). */
export function passwordResetModelEvents(variant: PathVariant) {
  const full = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as PasswordResetContext;
    if (snapshot.matches('checking')) {
      // A failed check is tried again once at most.
      const failures = CHECK_FAILURES[variant].filter((name) => name !== 'broken' || context.checks < 2);
      return [ev('xstate.done.actor.checkLink', { output: PASSWORD_RESET_MODEL_LINK }), ...failures.map((name) => failure('checkLink', name))];
    }
    if (snapshot.matches('invalid')) return context.problem === 'unavailable' ? [ev('RETRY')] : [];
    if (snapshot.matches('entering')) return enteringEvents(context, full);
    if (snapshot.matches('saving')) return [ev('xstate.done.actor.setPassword', { output: null }), ...SAVE_FAILURES[variant].map((name) => failure('setPassword', name))];
    // After a refusal: type the password again, or send it again as it is (once: more would only repeat).
    if (snapshot.matches('failed')) return [edit('password', context.draft.password), ...(context.attempts < 2 ? [ev('SUBMIT')] : [])];
    return [];
  };
}

const modelMachine = toTestModelMachine(passwordResetMachine);

/** The test model of a variant: exactly the events of {@link passwordResetModelEvents}. */
export function passwordResetTestModel(variant: PathVariant) {
  const events = passwordResetModelEvents(variant);
  return createTestModel(modelMachine, {
    input: PASSWORD_RESET_MODEL_INPUT,
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
  });
}

/** The password reset page's {@link MachineModel}. */
export const passwordResetModel: MachineModel = {
  name: 'passwordReset',
  title: 'Set a new password with a reset link: the link checked first, the new password and its confirmation checked before sending, the refusals, then Log in',
  spec: 'issue 14 Password reset; dam.yaml getPasswordReset, completePasswordReset',
  machine: passwordResetMachine,
  testModel: passwordResetTestModel,
};
