import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  EMAIL_INVALID_MESSAGE,
  keptProperties,
  newUserValues,
  parseDiscount,
  PASSWORD_MISMATCH_MESSAGE,
  passwordPlaceholder,
  requiredMessage,
  userCreateBody,
  userFormProblems,
  userPatch,
  type UserFormValues,
} from './userForm.ts';
import {
  OUT_OF_LICENSES_MESSAGE,
  USER_EXISTS_MESSAGE,
  USER_FORBIDDEN_MESSAGE,
  USER_INVALID_MESSAGE,
  userSaveErrorMessage,
  userSaveMachine,
  type SaveMembershipsInput,
  type SaveUserInput,
  type SaveUserOutput,
  type UserSaveEvent,
} from './userSave.machine.ts';
import {
  MODEL_NEW_SAVES,
  MODEL_NEW_USER,
  MODEL_ORIGINAL,
  MODEL_SAVES,
  MODEL_USER,
  USER_SAVE_ADD_MODEL_INPUT,
  USER_SAVE_MODEL_INPUT,
  userSaveModel,
  userSaveModelFor,
  type UserSaveModelMode,
} from './userSave.model.ts';

const shortestPaths = userSaveModel.testModel('shortest').getShortestPaths();
const simplePaths = userSaveModel.testModel('simple').getSimplePaths();
const addShortestPaths = userSaveModelFor('add').testModel('shortest').getShortestPaths();
const addSimplePaths = userSaveModelFor('add').testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createUserSaveDriver(coverage?: CoverageTracker, mode: UserSaveModelMode = 'edit'): PathDriver {
  const saved = mode === 'add' ? MODEL_NEW_USER : MODEL_USER;
  const users = createControlledPromiseActor<SaveUserOutput, SaveUserInput>();
  const memberships = createControlledPromiseActor<unknown, SaveMembershipsInput>();
  const actor = createActor(userSaveMachine.provide({ actors: { save: users.logic, saveMemberships: memberships.logic } }), {
    input: mode === 'add' ? USER_SAVE_ADD_MODEL_INPUT : USER_SAVE_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  // The e-mail the DAM holds: the original until a save succeeds, then the one that save sent (none before the add
  // form's user is created).
  let savedEmail: string | undefined = mode === 'add' ? undefined : MODEL_ORIGINAL.email;
  let sentEmail = savedEmail;
  let created = 0;

  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.save') users.current().resolve(payload.output as SaveUserOutput);
      else if (event.type === 'xstate.error.actor.save') users.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.saveMemberships') memberships.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.saveMemberships') memberships.current().reject(payload.error);
      else actor.send(event as UserSaveEvent);
      await flushPromises();
      const after = actor.getSnapshot();

      // Oracles from spec 03 §4/§5, independent of the machine's guards.
      if (event.type === 'SAVE') {
        const { values, membershipsChanged } = event as UserSaveEvent;
        const problems = values.firstName.trim() === '' || values.password !== values.confirmPassword;
        const userChanged = values.email.trim() !== savedEmail;
        if (!problems) sentEmail = values.email.trim();
        const expected = problems ? 'editing' : userChanged ? 'saving' : membershipsChanged ? 'savingMemberships' : 'saved';
        expect(after.value).toBe(expected);
        if (problems) expect(after.context.problems.map((p) => p.field)).toEqual(['firstName', 'confirmPassword']);
      }
      if (event.type === 'xstate.done.actor.save') {
        savedEmail = sentEmail;
        if (mode === 'add') created += 1;
      }
      if (event.type === 'xstate.error.actor.save') expect(after.context.error).toBe(userSaveErrorMessage(payload.error));
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (mode === 'add') {
        // The add form creates the user with the whole body (spec 03 §3.1, §7 POST), once: pressed again after a
        // failed membership PATCH, nothing is created twice.
        for (const { input } of users.invocations) expect(input).toEqual({ ...USER_SAVE_ADD_MODEL_INPUT, body: userCreateBody(MODEL_NEW_SAVES.valid) });
        expect(created).toBeLessThanOrEqual(1);
      } else {
        // Only changed fields are sent, trimmed: the one field the model edits is the e-mail, to the new address or
        // back to the original one after a save (spec 03 §5).
        for (const { input } of users.invocations) {
          expect(input).toMatchObject({ mode: 'edit', href: MODEL_USER.href });
          expect([{ address: { email: MODEL_SAVES.changed.email } }, { address: { email: MODEL_ORIGINAL.email } }]).toContainEqual((input as { patch: unknown }).patch);
        }
      }
      // Group changes go after the user save, to the (new) user's memberOfHref (spec 03 §4).
      for (const { input } of memberships.invocations) expect(input).toEqual({ saved });
      expect(users.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      expect(memberships.pending()).toHaveLength(snapshot.matches('savingMemberships') ? 1 : 0);
      if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ saved });
      if (snapshot.matches('error')) expect(snapshot.context.error).toBeTruthy();
    },
  };
}

describeModelPaths('userSave model: shortest paths (every §8 failure)', shortestPaths, 60, () => createUserSaveDriver());

describeModelPaths('userSave model: simple paths (one failure)', simplePaths, 60, () => createUserSaveDriver());

describeModelPaths('userSave add model: shortest paths (every §8 failure)', addShortestPaths, 40, () => createUserSaveDriver(undefined, 'add'));

describeModelPaths('userSave add model: simple paths (one failure)', addSimplePaths, 40, () => createUserSaveDriver(undefined, 'add'));

describe('userSave coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(userSaveMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createUserSaveDriver(coverage));
    for (const path of [...addShortestPaths, ...addSimplePaths]) await runPath(path, createUserSaveDriver(coverage, 'add'));
    const report = coverage.report();
    console.log(formatCoverage('userSave', report));
    assertFullCoverage('userSave', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

const valid: UserFormValues = {
  ...newUserValues(),
  username: ' grace ',
  firstName: ' Grace',
  lastName: 'Hopper ',
  email: ' grace@example.com ',
  password: 'cobol-compiler-1959',
  confirmPassword: 'cobol-compiler-1959',
};

describe('user form rules (spec 03 §3.1, §5 User save)', () => {
  it('starts a new user with the defaults of §3.1/§9', () => {
    const values = newUserValues();
    expect([values.isEnabled, values.expires, values.licenseLevel, values.licenseMode, values.paymentMethod, values.discount]).toEqual([true, null, 35, 0, 1, 0]);
  });

  it('collects every problem together, trimmed', () => {
    const problems = userFormProblems(
      { ...newUserValues(), username: ' ', firstName: '', lastName: '\t', email: 'not-an-address', password: 'a', confirmPassword: 'b' },
      undefined,
    );
    expect(problems).toEqual([
      { field: 'username', message: requiredMessage('Username') },
      { field: 'firstName', message: requiredMessage('First name') },
      { field: 'lastName', message: requiredMessage('Last name') },
      { field: 'email', message: EMAIL_INVALID_MESSAGE },
      { field: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE },
    ]);
    expect(userFormProblems({ ...valid, email: '  ' }, undefined)).toEqual([{ field: 'email', message: requiredMessage('Email') }]);
    expect(userFormProblems({ ...valid, password: '', confirmPassword: '' }, undefined)).toEqual([{ field: 'password', message: requiredMessage('Password') }]);
    expect(userFormProblems(valid, undefined)).toEqual([]);
  });

  it('checks the password rules shared with the DAM only when a password is set', () => {
    expect(userFormProblems({ ...valid, password: 'short', confirmPassword: 'short' }, undefined).map((p) => p.field)).toEqual(['password']);
    expect(userFormProblems({ ...valid, password: 'grace-is-my-name', confirmPassword: 'grace-is-my-name' }, undefined).map((p) => p.field)).toEqual(['password']);
    // On edit the untouched placeholder sets nothing, so it is not checked.
    const original = { ...valid, password: 'x', confirmPassword: 'x' };
    expect(userFormProblems(original, original)).toEqual([]);
  });

  it('makes a 32-character placeholder', () => {
    expect(passwordPlaceholder()).toHaveLength(32);
    expect(passwordPlaceholder()).not.toBe(passwordPlaceholder());
  });

  it('creates with trimmed names, the defaults and the kept properties', () => {
    const body = userCreateBody({
      ...valid,
      company: ' ACME ',
      propertyBag: [
        { key: 'team', value: 'red' },
        { key: ' ', value: 'x' },
        { key: 'empty', value: '' },
      ],
    });
    expect(body).toMatchObject({
      username: 'grace',
      address: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', organization: 'ACME' },
      account: { password: 'cobol-compiler-1959', isEnabled: true, expires: null, forcePasswordChange: false },
      license: { level: 35, mode: 0 },
      commerce: { paymentMethod: 1, discount: 0 },
      propertyBag: [{ key: 'team', value: 'red' }],
    });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body.account).not.toHaveProperty('confirmPassword');
  });

  it('patches only what changed after trimming; the placeholder password is never sent', () => {
    const original: UserFormValues = {
      ...valid,
      username: 'grace',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'P'.repeat(32),
      confirmPassword: 'P'.repeat(32),
    };
    expect(userPatch(original, { ...original, firstName: ' Grace ', email: 'grace@example.com ' })).toEqual({});
    expect(userPatch(original, { ...original, lastName: 'Murray Hopper', isEnabled: false, licenseLevel: 60, details: { ...original.details, city: ' Arlington ' } })).toEqual({
      address: { lastName: 'Murray Hopper', city: 'Arlington' },
      account: { isEnabled: false },
      license: { level: 60 },
    });
    expect(userPatch(original, { ...original, password: 'new-password-1906', confirmPassword: 'new-password-1906' })).toEqual({ account: { password: 'new-password-1906' } });
    expect(userPatch(original, { ...original, propertyBag: [{ key: '', value: 'dropped' }] })).toEqual({});
    expect(userPatch(original, { ...original, propertyBag: [{ key: 'k', value: 'v' }] })).toEqual({ propertyBag: [{ key: 'k', value: 'v' }] });
  });

  it('reads the discount as a clamped decimal; empty falls back to the minimum', () => {
    expect([parseDiscount('12,5'), parseDiscount(''), parseDiscount('-3'), parseDiscount('250'), parseDiscount('abc')]).toEqual([12.5, 0, 0, 100, 0]);
    expect(keptProperties([{ key: ' a ', value: '1' }])).toEqual([{ key: 'a', value: '1' }]);
  });
});

describe('user save errors (spec 03 §8)', () => {
  it('tells out of licenses from user exists by the literal, and maps 400 and 403', () => {
    expect(userSaveErrorMessage({ status: 409, responseJSON: { value: 'Conflict', message: 'seat: out_of_licenses' } })).toBe(OUT_OF_LICENSES_MESSAGE);
    expect(userSaveErrorMessage({ status: 409, responseJSON: { value: 'out_of_licenses', message: '' } })).toBe(OUT_OF_LICENSES_MESSAGE);
    expect(userSaveErrorMessage({ status: 409, responseJSON: { value: 'UserExists', message: 'taken' } })).toBe(USER_EXISTS_MESSAGE);
    expect(userSaveErrorMessage({ status: 409 })).toBe(USER_EXISTS_MESSAGE);
    expect(userSaveErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'x', issues: [{ message: 'A' }, { message: 'B' }] } })).toBe('A B');
    expect(userSaveErrorMessage({ status: 400, responseJSON: { value: 'WeakPassword', message: 'Too short.' } })).toBe('Too short.');
    expect(userSaveErrorMessage({ status: 400 })).toBe(USER_INVALID_MESSAGE);
    expect(userSaveErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'no' } })).toBe(USER_FORBIDDEN_MESSAGE);
    expect(userSaveErrorMessage({ status: 500 })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(userSaveErrorMessage(new TypeError('network'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});

describe('userSave on add (spec 03 §4)', () => {
  it('creates the user, then sends the group changes to its new memberOfHref; a retry after a failed PATCH does not create again', async () => {
    const users = createControlledPromiseActor<SaveUserOutput, SaveUserInput>();
    const memberships = createControlledPromiseActor<unknown, SaveMembershipsInput>();
    const actor = createActor(userSaveMachine.provide({ actors: { save: users.logic, saveMemberships: memberships.logic } }), {
      input: { mode: 'add', listHref: '/fotoweb/users/' },
    }).start();
    actor.send({ type: 'SAVE', values: valid, membershipsChanged: true });
    expect(users.current().input).toMatchObject({ mode: 'add', listHref: '/fotoweb/users/', body: { username: 'grace' } });
    users.current().resolve({ href: '/fotoweb/api/users/15030', memberOfHref: '/fotoweb/api/users/15030/member-of' });
    await flushPromises();
    expect(memberships.current().input).toEqual({ saved: { href: '/fotoweb/api/users/15030', memberOfHref: '/fotoweb/api/users/15030/member-of' } });
    memberships.current().reject(new Error('That would make a group a member of itself.'));
    await flushPromises();
    expect([actor.getSnapshot().value, actor.getSnapshot().context.error]).toEqual(['error', 'That would make a group a member of itself.']);
    actor.send({ type: 'SAVE', values: valid, membershipsChanged: true });
    expect(users.invocations).toHaveLength(1);
    memberships.current().resolve(null);
    await flushPromises();
    expect(actor.getSnapshot().output).toEqual({ saved: { href: '/fotoweb/api/users/15030', memberOfHref: '/fotoweb/api/users/15030/member-of' } });
  });
});
