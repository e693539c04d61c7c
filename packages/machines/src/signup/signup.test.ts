import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SignupForm, SignupRequest, SignupSubmitted } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { PASSWORDS_DO_NOT_MATCH } from '../passwordChange/passwordChange.machine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  answerKey,
  SIGNUP_EMAIL_INVALID,
  SIGNUP_EXISTS_MESSAGE,
  SIGNUP_TOO_MANY_MESSAGE,
  signupFailureMessage,
  signupFormUnavailableReason,
  signupMachine,
  signupProblems,
  signupRefusal,
  signupRequestOf,
  signupUnavailableReason,
  type SignupContext,
} from './signup.machine.ts';
import { SIGNUP_MODEL_ERRORS, SIGNUP_MODEL_FORM, SIGNUP_MODEL_INPUT, SIGNUP_MODEL_TOKEN, SIGNUP_MODEL_VALUES, signupModel } from './signup.model.ts';

const shortestPaths = signupModel.testModel('shortest').getShortestPaths();
const simplePaths = signupModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const forms = createControlledPromiseActor<SignupForm, { invitation: string | undefined }>();
  const submits = createControlledPromiseActor<SignupSubmitted, SignupRequest>();
  return createPromiseActorDriver(
    {
      machine: signupMachine,
      input: SIGNUP_MODEL_INPUT,
      actors: [
        { name: 'loadForm', controlled: forms, invokingState: 'loading' },
        { name: 'submit', controlled: submits, invokingState: 'submitting' },
      ],
      verify(snapshot) {
        // Every load asks for the link's form; every sign-up sent is the form as typed, with nothing wrong in it.
        for (const { input } of forms.invocations) expect(input).toEqual({ invitation: SIGNUP_MODEL_TOKEN });
        if (snapshot.matches('submitting')) {
          expect(submits.current().input).toEqual(signupRequestOf(snapshot.context));
          expect(submits.current().input.userData).toHaveLength(SIGNUP_MODEL_FORM.fields.length);
        }
        // The form shows only once loaded; never where the link does not work.
        const formless = snapshot.matches('loading') || snapshot.matches('loadFailed') || (snapshot.matches('unavailable') && submits.invocations.length === 0);
        expect(snapshot.context.form !== undefined).toBe(!formless);
        expect(snapshot.context.unavailable !== undefined).toBe(snapshot.matches('unavailable'));
      },
    },
    coverage,
  );
}

describeModelPaths('signup model: shortest paths', shortestPaths, 40, () => createDriver());

describeModelPaths('signup model: simple paths', simplePaths, 60, () => createDriver());

const loaded = (overrides: Partial<SignupContext> = {}): SignupContext => ({
  invitation: SIGNUP_MODEL_TOKEN,
  form: SIGNUP_MODEL_FORM,
  values: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', password: SIGNUP_MODEL_VALUES.password, confirmPassword: SIGNUP_MODEL_VALUES.password },
  answers: { staffNumber: 'AB-1234', terms: 'true' },
  serverIssues: {},
  error: undefined,
  unavailable: undefined,
  ...overrides,
});

describe('signup coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(signupMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('signup', report));
    assertFullCoverage('signup', report);
  });

  it('finds nothing wrong with a complete form, and each problem on its field', () => {
    expect(signupProblems(loaded())).toEqual({});
    const problems = signupProblems(
      loaded({
        values: { email: 'ada@', firstName: ' ', lastName: 'x'.repeat(101), password: 'short', confirmPassword: 'other' },
        answers: { staffNumber: 'ab-1234' },
      }),
    );
    expect(problems).toEqual({
      email: SIGNUP_EMAIL_INVALID,
      firstName: 'First name is required.',
      lastName: 'Last name is at most 100 characters.',
      password: 'The password must be at least 10 characters long.',
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
      [answerKey('staffNumber')]: 'Two capital letters, a dash and four digits, as AB-1234.',
      [answerKey('terms')]: 'I accept the terms of use must be ticked.',
    });
    // The password must not contain the address (the user name).
    expect(signupProblems(loaded({ values: { ...loaded().values, password: 'ada@example.com!!', confirmPassword: 'ada@example.com!!' } })).password).toBe(
      'The password must not contain the user name.',
    );
    // A server issue counts until its field changes.
    expect(signupProblems(loaded({ serverIssues: { email: SIGNUP_EXISTS_MESSAGE } }))).toEqual({ email: SIGNUP_EXISTS_MESSAGE });
  });

  it('wants an address at the domain of an organization invitation', () => {
    const form: SignupForm = { ...SIGNUP_MODEL_FORM, type: 'organization', organizationDomain: 'example.org' };
    expect(signupProblems(loaded({ form })).email).toBe('Use your address at @example.org.');
    expect(signupProblems(loaded({ form, values: { ...loaded().values, email: 'Ada@Example.ORG' } })).email).toBeUndefined();
  });

  it('presets the invited address of a users invitation and keeps it read-only', async () => {
    const form: SignupForm = { ...SIGNUP_MODEL_FORM, type: 'users', email: 'invited@example.com' };
    const actor = createActor(signupMachine.provide({ actors: { loadForm: fromPromise(async () => form) } }), { input: SIGNUP_MODEL_INPUT }).start();
    await flushPromises();
    expect(actor.getSnapshot().context.values.email).toBe('invited@example.com');
    actor.send({ type: 'CHANGE', field: 'email', value: 'someone@else.com' });
    expect(actor.getSnapshot().context.values.email).toBe('invited@example.com');
    actor.send({ type: 'ANSWER', id: 'nosuchfield', value: 'x' });
    expect(actor.getSnapshot().context.answers).toEqual({});
  });

  it('sends nothing while anything is wrong, then the form trimmed with every extra field answered', async () => {
    const sent: SignupRequest[] = [];
    const actor = createActor(
      signupMachine.provide({
        actors: {
          loadForm: fromPromise(async () => SIGNUP_MODEL_FORM),
          submit: fromPromise<SignupSubmitted, SignupRequest>(async ({ input }) => {
            sent.push(input);
            return { status: 'pending' };
          }),
        },
      }),
      { input: SIGNUP_MODEL_INPUT },
    ).start();
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('ready');
    for (const [field, value] of [
      ['email', ' ada@example.com '],
      ['firstName', ' Ada '],
      ['lastName', 'Lovelace'],
      ['password', SIGNUP_MODEL_VALUES.password],
      ['confirmPassword', SIGNUP_MODEL_VALUES.password],
    ] as const)
      actor.send({ type: 'CHANGE', field, value });
    actor.send({ type: 'ANSWER', id: 'staffNumber', value: 'AB-1234' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'ANSWER', id: 'terms', value: 'true' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('pending');
    expect(sent).toEqual([
      {
        invitation: SIGNUP_MODEL_TOKEN,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: SIGNUP_MODEL_VALUES.password,
        userData: [
          { id: 'staffNumber', value: 'AB-1234' },
          { id: 'terms', value: 'true' },
        ],
      },
    ]);
    // Open sign-up sends no invitation.
    expect(signupRequestOf({ ...loaded(), invitation: undefined })).not.toHaveProperty('invitation');
  });

  it('tells why a link gives no form', () => {
    expect(signupUnavailableReason(SIGNUP_MODEL_ERRORS.notFound)).toBe('notFound');
    expect(signupUnavailableReason(SIGNUP_MODEL_ERRORS.expired)).toBe('expired');
    expect(signupUnavailableReason(SIGNUP_MODEL_ERRORS.used)).toBe('used');
    expect(signupUnavailableReason({ status: 410, responseJSON: { value: 'InvitationRevoked' } })).toBe('revoked');
    expect(signupUnavailableReason({ status: 403, responseJSON: { value: 'SignupClosed' } })).toBe('closed');
    expect(signupUnavailableReason({ status: 403, responseJSON: { value: 'Forbidden' } })).toBeUndefined();
    expect(signupUnavailableReason(SIGNUP_MODEL_ERRORS.server)).toBeUndefined();
    expect(signupUnavailableReason(new TypeError('offline'))).toBeUndefined();
    // Loading the form, a malformed token (the BFF's 400) is a link that does not work; a 400 on the sign-up is about its fields.
    expect(signupFormUnavailableReason({ status: 400, responseJSON: { value: 'InvalidRequest' } })).toBe('notFound');
    expect(signupFormUnavailableReason(SIGNUP_MODEL_ERRORS.expired)).toBe('expired');
    expect(signupUnavailableReason(SIGNUP_MODEL_ERRORS.staffNumber)).toBeUndefined();
  });

  it('puts a refusal on its field, or above the form', () => {
    expect(signupRefusal(SIGNUP_MODEL_FORM, SIGNUP_MODEL_ERRORS.exists)).toEqual({ serverIssues: { email: SIGNUP_EXISTS_MESSAGE }, error: undefined });
    expect(signupRefusal(SIGNUP_MODEL_FORM, SIGNUP_MODEL_ERRORS.staffNumber)).toEqual({
      serverIssues: { [answerKey('staffNumber')]: 'This staff number is not on the staff list.' },
      error: undefined,
    });
    expect(
      signupRefusal(SIGNUP_MODEL_FORM, {
        status: 400,
        responseJSON: {
          value: 'InvalidRequest',
          message: 'x',
          issues: [
            { path: 'password', message: 'Too weak.' },
            { path: 'somewhere', message: 'Odd.' },
          ],
        },
      }),
    ).toEqual({ serverIssues: { password: 'Too weak.' }, error: 'Odd.' });
    expect(signupRefusal(SIGNUP_MODEL_FORM, { status: 400, responseJSON: { value: 'WeakPassword', message: 'Weak.' } })).toEqual({ serverIssues: {}, error: 'Weak.' });
    expect(signupRefusal(SIGNUP_MODEL_FORM, SIGNUP_MODEL_ERRORS.tooMany).error).toMatch(/900 seconds/);
    expect(signupFailureMessage({ status: 429, responseJSON: null })).toBe(SIGNUP_TOO_MANY_MESSAGE);
    expect(signupFailureMessage(SIGNUP_MODEL_ERRORS.server)).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
