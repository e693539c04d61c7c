import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_UNCHANGED,
  passwordChangeErrorOf,
  passwordChangeMachine,
  passwordChangeProblems,
  PASSWORDS_DO_NOT_MATCH,
  TOO_MANY_PASSWORD_ATTEMPTS,
  visiblePasswordChangeProblems,
  WEAK_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  type ChangePasswordActorInput,
  type PasswordChangeEvent,
} from './passwordChange.machine.ts';
import { PASSWORD_MODEL_FAILURES, PASSWORD_MODEL_INPUT, PASSWORD_MODEL_TEXT, passwordChangeModel, passwordChangeTestModel } from './passwordChange.model.ts';

const shortestPaths = passwordChangeTestModel('shortest').getShortestPaths();
const simplePaths = passwordChangeTestModel('simple').getSimplePaths();

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

function createPasswordDriver(coverage?: CoverageTracker): PathDriver {
  const changes = createControlledPromiseActor<unknown, ChangePasswordActorInput>();
  const refreshes = createControlledPromiseActor<unknown, void>();
  const actor = createActor(passwordChangeMachine.provide({ actors: { changePassword: changes.logic, refreshSession: refreshes.logic } }), {
    input: PASSWORD_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let lastError: unknown;

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      const payload = event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.changePassword') changes.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.changePassword') {
        lastError = payload.error;
        changes.current().reject(payload.error);
      } else if (event.type === 'xstate.done.actor.refreshSession') refreshes.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.refreshSession') refreshes.current().reject(payload.error);
      else actor.send(event as PasswordChangeEvent);
      await flushPromises();
      // Nothing is sent while the form has a problem; after SUBMIT, every problem shows.
      if (event.type === 'SUBMIT' && before.matches('editing')) {
        const problems = passwordChangeProblems(before.context.draft, before.context.username);
        expect(actor.getSnapshot().value).toBe(Object.keys(problems).length === 0 ? 'submitting' : 'editing');
        expect(actor.getSnapshot().context.submitted).toBe(true);
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // Only drafts without problems are ever sent, exactly as typed (never trimmed).
      for (const { input } of changes.invocations) {
        expect(input.newPassword).toBe(PASSWORD_MODEL_TEXT.next);
        expect(input.currentPassword).toBe(PASSWORD_MODEL_TEXT.current);
      }
      expect(changes.pending()).toHaveLength(snapshot.matches('submitting') ? 1 : 0);
      expect(refreshes.pending()).toHaveLength(snapshot.matches('refreshing') ? 1 : 0);
      if (snapshot.matches('submitting')) expect(changes.current().input).toEqual({ currentPassword: context.draft.currentPassword, newPassword: context.draft.newPassword });

      if (snapshot.matches('failed')) expect(context.error).toEqual(passwordChangeErrorOf(lastError));
      else expect(context.error).toBeUndefined();

      // After the change, nothing typed stays, and the session is refreshed once before the notice.
      expect(context.changed).toBe(snapshot.matches('refreshing') || snapshot.matches('done') || snapshot.matches('continued'));
      if (context.changed) {
        expect(context.draft).toEqual(EMPTY);
        expect(changes.invocations.filter((invocation) => invocation.settled).length).toBeGreaterThan(0);
      }
      if (snapshot.matches('done') || snapshot.matches('continued')) expect(refreshes.invocations).toHaveLength(1);
      expect(snapshot.status).toBe(snapshot.matches('continued') ? 'done' : 'active');
    },
  };
}

describe('passwordChange model', () => {
  it('is the QA model', () => {
    expect(passwordChangeModel.testModel('shortest').getShortestPaths().length).toBe(shortestPaths.length);
  });
  describeModelPaths('shortest paths (good and bad values, every refusal, a failed refresh)', shortestPaths, 60, () => createPasswordDriver());
  describeModelPaths('simple paths (good values, 403)', simplePaths, 150, () => createPasswordDriver());
});

describe('passwordChange coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(passwordChangeMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createPasswordDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('passwordChange', report));
    assertFullCoverage('passwordChange', report);
  });
});

describe('passwordChange rules', () => {
  const good = { currentPassword: 'old-password-1', newPassword: 'new-password-22', confirmPassword: 'new-password-22' };

  it.each([
    ['nothing wrong', good, {}],
    ['an empty form', EMPTY, { currentPassword: CURRENT_PASSWORD_REQUIRED, newPassword: `The password must be at least ${PASSWORD_RULES.minLength} characters long.` }],
    [
      'a short new password',
      { ...good, newPassword: 'short', confirmPassword: 'short' },
      { newPassword: `The password must be at least ${PASSWORD_RULES.minLength} characters long.` },
    ],
    ['the user name inside', { ...good, newPassword: 'xxADA-secret', confirmPassword: 'xxADA-secret' }, { newPassword: 'The password must not contain the user name.' }],
    ['the current password again', { ...good, newPassword: good.currentPassword, confirmPassword: good.currentPassword }, { newPassword: PASSWORD_UNCHANGED }],
    ['a confirmation that differs', { ...good, confirmPassword: 'new-password-23' }, { confirmPassword: PASSWORDS_DO_NOT_MATCH }],
    ['spaces that differ', { ...good, confirmPassword: ' new-password-22' }, { confirmPassword: PASSWORDS_DO_NOT_MATCH }],
  ])('finds the problems of %s (api-types passwordProblem, the same rules as the DAM)', (_, draft, expected) => {
    expect(passwordChangeProblems(draft, 'ada')).toEqual(expected);
  });

  it('shows a problem only for fields typed in, until the button is pressed', () => {
    const typing = { currentPassword: '', newPassword: 'new-password-22', confirmPassword: 'new-pass' };
    expect(visiblePasswordChangeProblems({ draft: typing, submitted: false, username: 'ada' })).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH });
    expect(visiblePasswordChangeProblems({ draft: typing, submitted: true, username: 'ada' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(visiblePasswordChangeProblems({ draft: EMPTY, submitted: false, username: 'ada' })).toEqual({});
  });

  it.each([
    [PASSWORD_MODEL_FAILURES.weak, { message: PASSWORD_MODEL_FAILURES.weak.body.message, field: 'newPassword' }],
    [{ status: 400 }, { message: WEAK_PASSWORD, field: 'newPassword' }],
    [PASSWORD_MODEL_FAILURES.wrong, { message: WRONG_CURRENT_PASSWORD, field: 'currentPassword' }],
    [PASSWORD_MODEL_FAILURES.limited, { message: TOO_MANY_PASSWORD_ATTEMPTS }],
    // Another 403 (the BFF's CSRF check) is not a wrong password.
    [{ status: 403, body: { value: 'Forbidden', message: 'The CSRF token is missing.' } }, { message: 'The CSRF token is missing.' }],
    [PASSWORD_MODEL_FAILURES.broken, { message: DEFAULT_ERROR_MESSAGE }],
    [new TypeError('Failed to fetch'), { message: DEFAULT_ERROR_MESSAGE }],
  ])('shows %j as %j (dam.yaml changeOwnPassword)', (error, expected) => {
    expect(passwordChangeErrorOf(error)).toEqual(expected);
  });

  it('sends the current and new password, refreshes the session, then waits for CONTINUE', async () => {
    const calls: string[] = [];
    const actor = createActor(
      passwordChangeMachine.provide({
        actors: {
          changePassword: fromPromise<unknown, ChangePasswordActorInput>(async ({ input }) => {
            calls.push(`POST ${input.currentPassword} → ${input.newPassword}`);
          }),
          refreshSession: fromPromise<unknown, void>(async () => {
            calls.push('GET /fotoweb/me');
          }),
        },
      }),
      { input: { username: 'ada' } },
    ).start();
    for (const [field, value] of Object.entries(good)) actor.send({ type: 'EDIT', field: field as keyof typeof good, value });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls).toEqual(['POST old-password-1 → new-password-22', 'GET /fotoweb/me']);
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the default message when no changePassword actor is provided', async () => {
    const actor = createActor(passwordChangeMachine, { input: { username: 'ada' } }).start();
    for (const [field, value] of Object.entries(good)) actor.send({ type: 'EDIT', field: field as keyof typeof good, value });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ message: DEFAULT_ERROR_MESSAGE });
  });
});
