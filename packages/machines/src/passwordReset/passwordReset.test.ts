import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { PASSWORDS_DO_NOT_MATCH, WEAK_PASSWORD } from '../passwordChange/passwordChange.machine.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  linkRefusalOf,
  PASSWORD_RESET_LINK_TEXTS,
  passwordResetErrorOf,
  passwordResetLinkProblemOf,
  passwordResetMachine,
  passwordResetProblems,
  visiblePasswordResetProblems,
  type PasswordResetEvent,
  type PasswordResetLinkStatus,
  type SetPasswordActorInput,
} from './passwordReset.machine.ts';
import {
  PASSWORD_RESET_MODEL_FAILURES,
  PASSWORD_RESET_MODEL_INPUT,
  PASSWORD_RESET_MODEL_LINK,
  PASSWORD_RESET_MODEL_TEXT,
  passwordResetModel,
  passwordResetTestModel,
} from './passwordReset.model.ts';

const shortestPaths = passwordResetTestModel('shortest').getShortestPaths();
const simplePaths = passwordResetTestModel('simple').getSimplePaths();

const EMPTY = { password: '', confirmPassword: '' };

function createResetDriver(coverage?: CoverageTracker): PathDriver {
  const checks = createControlledPromiseActor<PasswordResetLinkStatus, { token: string }>();
  const saves = createControlledPromiseActor<unknown, SetPasswordActorInput>();
  const actor = createActor(passwordResetMachine.provide({ actors: { checkLink: checks.logic, setPassword: saves.logic } }), {
    input: PASSWORD_RESET_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** The last refusal that is about the link (of the check, or of a save): what `invalid` shows. */
  let lastLinkRefusal: unknown;
  let lastSaveError: unknown;

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      const payload = event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.checkLink') checks.current().resolve(payload.output as PasswordResetLinkStatus);
      else if (event.type === 'xstate.error.actor.checkLink') {
        lastLinkRefusal = payload.error;
        checks.current().reject(payload.error);
      } else if (event.type === 'xstate.done.actor.setPassword') saves.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.setPassword') {
        lastSaveError = payload.error;
        if (linkRefusalOf(payload.error)) lastLinkRefusal = payload.error;
        saves.current().reject(payload.error);
      } else actor.send(event as PasswordResetEvent);
      await flushPromises();
      // Nothing is sent while the form has a problem; after SUBMIT, every problem shows.
      if (event.type === 'SUBMIT' && before.matches('entering')) {
        const problems = passwordResetProblems(before.context.draft, before.context.link!.userName);
        expect(actor.getSnapshot().value).toBe(Object.keys(problems).length === 0 ? 'saving' : 'entering');
        expect(actor.getSnapshot().context.submitted).toBe(true);
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // The link is checked once per visit of `checking`, with the page's token; only good drafts are sent, as typed.
      expect(checks.invocations).toHaveLength(context.checks);
      for (const { input } of checks.invocations) expect(input).toEqual({ token: PASSWORD_RESET_MODEL_INPUT.token });
      expect(saves.invocations).toHaveLength(context.attempts);
      for (const { input } of saves.invocations) expect(input).toEqual({ token: PASSWORD_RESET_MODEL_INPUT.token, password: PASSWORD_RESET_MODEL_TEXT.next });
      expect(checks.pending()).toHaveLength(snapshot.matches('checking') ? 1 : 0);
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);

      if (snapshot.matches('invalid')) expect(context.problem).toBe(passwordResetLinkProblemOf(lastLinkRefusal));
      else expect(context.problem).toBeUndefined();
      if (snapshot.matches('failed')) expect(context.error).toEqual(passwordResetErrorOf(lastSaveError));
      else expect(context.error).toBeUndefined();
      // The form is reached only through a check that answered; nothing typed stays once it is over.
      if (snapshot.matches('entering') || snapshot.matches('saving') || snapshot.matches('failed')) expect(context.link).toEqual(PASSWORD_RESET_MODEL_LINK);
      if (snapshot.matches('done') || snapshot.matches('invalid')) expect(context.draft).toEqual(EMPTY);
      expect(snapshot.status).toBe(snapshot.matches('done') ? 'done' : 'active');
    },
  };
}

describe('passwordReset model', () => {
  it('is the QA model', () => {
    expect(passwordResetModel.testModel('shortest').getShortestPaths().length).toBe(shortestPaths.length);
    expect(passwordResetModel.name).toBe('passwordReset');
  });
  describeModelPaths('shortest paths (every answer of the check, good and bad values, every refusal)', shortestPaths, 80, () => createResetDriver());
  describeModelPaths('simple paths (good values, one refusal of each kind)', simplePaths, 150, () => createResetDriver());
});

describe('passwordReset coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(passwordResetMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createResetDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('passwordReset', report));
    assertFullCoverage('passwordReset', report);
  });
});

describe('passwordReset rules', () => {
  const good = { password: 'new-password-22', confirmPassword: 'new-password-22' };

  it.each([
    ['nothing wrong', good, {}],
    ['an empty form', EMPTY, { password: `The password must be at least ${PASSWORD_RULES.minLength} characters long.` }],
    ['a short password', { password: 'short', confirmPassword: 'short' }, { password: `The password must be at least ${PASSWORD_RULES.minLength} characters long.` }],
    ['the user name inside', { password: 'xxADA-secret', confirmPassword: 'xxADA-secret' }, { password: 'The password must not contain the user name.' }],
    ['a confirmation that differs', { ...good, confirmPassword: 'new-password-23' }, { confirmPassword: PASSWORDS_DO_NOT_MATCH }],
    ['spaces that differ', { ...good, confirmPassword: 'new-password-22 ' }, { confirmPassword: PASSWORDS_DO_NOT_MATCH }],
  ])('finds the problems of %s (api-types passwordProblem with the link’s user name, the same rules as the DAM)', (_, draft, expected) => {
    expect(passwordResetProblems(draft, 'ada')).toEqual(expected);
  });

  it('shows a problem only for fields typed in, until the button is pressed', () => {
    const link = PASSWORD_RESET_MODEL_LINK;
    const typing = { password: 'new-password-22', confirmPassword: 'new-pass' };
    expect(visiblePasswordResetProblems({ draft: typing, submitted: false, link })).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH });
    expect(visiblePasswordResetProblems({ draft: EMPTY, submitted: false, link })).toEqual({});
    expect(visiblePasswordResetProblems({ draft: EMPTY, submitted: true, link })).toEqual({
      password: `The password must be at least ${PASSWORD_RULES.minLength} characters long.`,
    });
  });

  it.each([
    [PASSWORD_RESET_MODEL_FAILURES.notFound, 'unknown'],
    [PASSWORD_RESET_MODEL_FAILURES.used, 'used'],
    [PASSWORD_RESET_MODEL_FAILURES.expired, 'expired'],
    [{ status: 410 }, 'used'],
    // The BFF refuses a token longer than any link's: it names nothing.
    [{ status: 400, body: { value: 'InvalidRequest', message: 'Not a password reset link.' } }, 'unknown'],
    [PASSWORD_RESET_MODEL_FAILURES.broken, 'unavailable'],
    [{ status: 502, body: { value: 'BadGateway', message: 'The DAM cannot be reached.' } }, 'unavailable'],
    [new TypeError('Failed to fetch'), 'unavailable'],
  ])('reads a failed check %j as the link problem %s', (error, expected) => {
    expect(passwordResetLinkProblemOf(error)).toBe(expected);
  });

  it('has a heading and a way on for every link problem, and calls a used or expired link no longer valid', () => {
    for (const texts of Object.values(PASSWORD_RESET_LINK_TEXTS)) {
      expect(texts.heading.length).toBeGreaterThan(0);
      expect(texts.detail.length).toBeGreaterThan(0);
    }
    expect(PASSWORD_RESET_LINK_TEXTS.used.heading).toBe('This link is no longer valid');
    expect(PASSWORD_RESET_LINK_TEXTS.expired.heading).toBe('This link is no longer valid');
  });

  it.each([
    [PASSWORD_RESET_MODEL_FAILURES.weak, { message: PASSWORD_RESET_MODEL_FAILURES.weak.body.message, field: 'password' }],
    [{ status: 400 }, { message: WEAK_PASSWORD, field: 'password' }],
    [{ status: 400, body: { value: 'InvalidRequest', message: 'The password is at most 1024 characters.' } }, { message: 'The password is at most 1024 characters.' }],
    // The BFF's CSRF check is not about the password.
    [{ status: 403, body: { value: 'InvalidCsrfToken', message: 'Reload the page and try again.' } }, { message: 'Reload the page and try again.' }],
    [PASSWORD_RESET_MODEL_FAILURES.broken, { message: DEFAULT_ERROR_MESSAGE }],
    [new TypeError('Failed to fetch'), { message: DEFAULT_ERROR_MESSAGE }],
  ])('shows a refused password %j as %j', (error, expected) => {
    expect(passwordResetErrorOf(error)).toEqual(expected);
  });

  it('checks the link, then sends the token and the password as typed, and ends', async () => {
    const calls: string[] = [];
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          checkLink: fromPromise<PasswordResetLinkStatus, { token: string }>(async ({ input }) => {
            calls.push(`GET ${input.token}`);
            return PASSWORD_RESET_MODEL_LINK;
          }),
          setPassword: fromPromise<unknown, SetPasswordActorInput>(async ({ input }) => {
            calls.push(`POST ${input.token} ${input.password}`);
          }),
        },
      }),
      { input: { token: 'tok' } },
    ).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('entering');
    actor.send({ type: 'EDIT', field: 'password', value: ' spaced password ' });
    actor.send({ type: 'EDIT', field: 'confirmPassword', value: ' spaced password ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls).toEqual(['GET tok', 'POST tok  spaced password ']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.draft).toEqual(EMPTY);
  });

  it('does not retry a check that the server refused (the link is bad), only one that could not be made', async () => {
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          checkLink: fromPromise<PasswordResetLinkStatus, { token: string }>(async () => {
            throw PASSWORD_RESET_MODEL_FAILURES.used;
          }),
        },
      }),
      { input: { token: 'tok' } },
    ).start();
    await flushPromises();
    expect(actor.getSnapshot().context.problem).toBe('used');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.checks).toBe(1);
  });

  it('says the link could not be checked when no checkLink actor is provided', async () => {
    const actor = createActor(passwordResetMachine, { input: { token: 'tok' } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problem).toBe('unavailable');
  });
});
