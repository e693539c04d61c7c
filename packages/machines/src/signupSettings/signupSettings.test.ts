import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SignupSettings } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  SIGNUP_SETTINGS_INVALID_MESSAGE,
  signupChoicesOf,
  signupFieldIdFromLabel,
  signupProblemsAt,
  signupSettingsChanged,
  signupSettingsDraftOf,
  signupSettingsErrorMessage,
  signupSettingsIssues,
  signupSettingsMachine,
  signupSettingsOf,
  type SignupSettingsSaveInput,
} from './signupSettings.machine.ts';
import {
  SIGNUP_SETTINGS_MODEL_FORBIDDEN,
  SIGNUP_SETTINGS_MODEL_INPUT,
  SIGNUP_SETTINGS_MODEL_INVALID,
  SIGNUP_SETTINGS_MODEL_STORED,
  signupSettingsModel,
  signupSettingsModelStored,
} from './signupSettings.model.ts';

const shortestPaths = signupSettingsModel.testModel('shortest').getShortestPaths();
const simplePaths = signupSettingsModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<SignupSettings, { href: string }>();
  const saves = createControlledPromiseActor<SignupSettings, SignupSettingsSaveInput>();
  return createPromiseActorDriver(
    {
      machine: signupSettingsMachine,
      input: SIGNUP_SETTINGS_MODEL_INPUT,
      actors: [
        { name: 'load', controlled: loads, invokingState: 'loading' },
        { name: 'save', controlled: saves, invokingState: 'saving' },
      ],
      verify(snapshot) {
        for (const { input } of loads.invocations) expect(input).toEqual(SIGNUP_SETTINGS_MODEL_INPUT);
        // Only a valid change is sent, whole, to the settings' link.
        if (snapshot.matches('saving')) {
          const { input } = saves.current();
          expect(input).toEqual({ href: SIGNUP_SETTINGS_MODEL_INPUT.href, settings: signupSettingsOf(snapshot.context.draft) });
          expect(snapshot.context.problems).toEqual([]);
          expect(signupSettingsChanged(snapshot.context.stored, snapshot.context.draft)).toBe(true);
        }
        // A message only after a failure; a 400's issues stay on their fields (the message dismissed or not) until an edit.
        expect(snapshot.context.error !== undefined).toBe(snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' }));
        if (snapshot.context.serverIssues.length > 0) {
          expect(snapshot.matches({ ready: 'failed' }) || snapshot.matches({ ready: 'idle' })).toBe(true);
          if (snapshot.matches({ ready: 'failed' })) expect(snapshot.context.error).toBe(SIGNUP_SETTINGS_INVALID_MESSAGE);
        }
        // Once saved, the draft is what is stored.
        if (snapshot.matches({ ready: 'saved' })) expect(signupSettingsChanged(snapshot.context.stored, snapshot.context.draft)).toBe(false);
      },
    },
    coverage,
  );
}

describeModelPaths('signupSettings model: shortest paths', shortestPaths, 100, () => createDriver());

describeModelPaths('signupSettings model: simple paths', simplePaths, 150, () => createDriver());

/** A started actor whose load answers `stored` and whose saves answer `answer(settings)` (the settings as stored by default). */
async function loadedActor(stored: SignupSettings, answer: (settings: SignupSettings) => Promise<SignupSettings> = async (settings) => signupSettingsModelStored(settings)) {
  const saved: SignupSettingsSaveInput[] = [];
  const load = fromPromise<SignupSettings, { href: string }>(async () => stored);
  const save = fromPromise<SignupSettings, SignupSettingsSaveInput>(async ({ input }) => {
    saved.push(input);
    return answer(input.settings);
  });
  const actor = createActor(signupSettingsMachine.provide({ actors: { load, save } }), { input: SIGNUP_SETTINGS_MODEL_INPUT }).start();
  await flushPromises();
  return { actor, saved };
}

const department: SignupSettings['fields'][number] = { id: 'department', label: 'Department', dataType: 'dropdown', values: ['Sales', 'Press'], required: true, validation: null };
const staff: SignupSettings['fields'][number] = {
  id: 'staffNumber',
  label: 'Staff number',
  dataType: 'text',
  values: [],
  required: false,
  validation: { regex: '^[A-Z]{2}-[0-9]{4}$', helpText: 'As AB-1234.' },
};

describe('signupSettings coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(signupSettingsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('signupSettings', report));
    assertFullCoverage('signupSettings', report);
  });

  it('derives a new field id from its label until the id is edited, avoiding the other ids; keeps stored ids', async () => {
    const { actor } = await loadedActor({ ...SIGNUP_SETTINGS_MODEL_STORED, fields: [staff] });
    actor.send({ type: 'ADD_FIELD', dataType: 'text' });
    actor.send({ type: 'CHANGE_FIELD', index: 1, change: { label: 'Staff number' } });
    expect(actor.getSnapshot().context.draft.fields.map((field) => field.id)).toEqual(['staffNumber', 'staffNumber2']);
    actor.send({ type: 'CHANGE_FIELD', index: 1, change: { id: 'badge' } });
    actor.send({ type: 'CHANGE_FIELD', index: 1, change: { label: 'Badge number' } });
    // A stored field's id stays when its label changes.
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { label: 'Employee number' } });
    expect(actor.getSnapshot().context.draft.fields.map((field) => [field.id, field.label])).toEqual([
      ['staffNumber', 'Employee number'],
      ['badge', 'Badge number'],
    ]);
    expect(signupFieldIdFromLabel('Département du siège')).toBe('departementDuSiege');
    expect(signupFieldIdFromLabel('2nd phone')).toBe('field2ndPhone');
    expect(signupFieldIdFromLabel('  !!  ')).toBe('field');
    expect(signupFieldIdFromLabel('Phone', ['phone', 'PHONE2'])).toBe('phone3');
    expect(signupFieldIdFromLabel('x'.repeat(80), ['x'.repeat(64)])).toBe(`${'x'.repeat(63)}2`);
  });

  it('checks the draft with the DAM rules, per field, and offers Save only for a valid change', async () => {
    const { actor, saved } = await loadedActor(SIGNUP_SETTINGS_MODEL_STORED);
    const problems = () => actor.getSnapshot().context.problems;
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'ADD_FIELD', dataType: 'dropdown' });
    expect(signupProblemsAt(problems(), 'fields.0.label')).toHaveLength(1);
    expect(signupProblemsAt(problems(), 'fields.0.values')).toEqual(['A dropdown field needs 1–50 choices.']);
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { label: 'Department', choices: 'Sales\n\n  Press  \nSales' } });
    expect(signupProblemsAt(problems(), 'fields.0.values')).toEqual(['A choice is given twice.']);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { choices: 'Sales\nPress' } });
    actor.send({ type: 'ADD_FIELD', dataType: 'text' });
    actor.send({ type: 'CHANGE_FIELD', index: 1, change: { label: 'Staff number', regex: '([A-Z' } });
    expect(signupProblemsAt(problems(), 'fields.1.validation', true)).toEqual(['The validation is not a regular expression of at most 200 characters.']);
    actor.send({ type: 'CHANGE_FIELD', index: 1, change: { regex: '^[A-Z]{2}-[0-9]{4}$', helpText: 'As AB-1234.' } });
    expect(problems()).toEqual([]);
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(saved[0]!.settings.fields).toEqual([
      { id: 'department', label: 'Department', dataType: 'dropdown', values: ['Sales', 'Press'], required: false, validation: null },
      { ...staff, label: 'Staff number' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'saved' });
    // Saved: nothing left to save until the next change.
    actor.send({ type: 'SAVE' });
    expect(saved).toHaveLength(1);
  });

  it('moves and removes fields; a field changing type keeps only what that type has', async () => {
    const { actor } = await loadedActor({ openSignup: true, adminCanAssignGroups: false, fields: [department, staff] });
    const ids = () => actor.getSnapshot().context.draft.fields.map((field) => field.id);
    actor.send({ type: 'MOVE_FIELD', index: 1, offset: -1 });
    expect(ids()).toEqual(['staffNumber', 'department']);
    actor.send({ type: 'MOVE_FIELD', index: 0, offset: -1 });
    actor.send({ type: 'MOVE_FIELD', index: 1, offset: 1 });
    expect(ids()).toEqual(['staffNumber', 'department']);
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { dataType: 'checkbox' } });
    expect(signupSettingsOf(actor.getSnapshot().context.draft).fields[0]).toMatchObject({ dataType: 'checkbox', values: [], validation: null });
    actor.send({ type: 'REMOVE_FIELD', index: 0 });
    expect(ids()).toEqual(['department']);
    actor.send({ type: 'SET_ADMIN_CAN_ASSIGN_GROUPS', value: true });
    expect(signupSettingsOf(actor.getSnapshot().context.draft)).toEqual({ openSignup: true, adminCanAssignGroups: true, fields: [department] });
  });

  it('puts a 400 issues on their fields until the next edit, and keeps the draft', async () => {
    const { actor } = await loadedActor(SIGNUP_SETTINGS_MODEL_STORED, async () => {
      throw SIGNUP_SETTINGS_MODEL_INVALID;
    });
    actor.send({ type: 'ADD_FIELD', dataType: 'dropdown' });
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { label: 'Department', choices: 'Sales' } });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ error: SIGNUP_SETTINGS_INVALID_MESSAGE, serverIssues: [{ path: 'fields.0.values', message: 'A choice is given twice.' }] });
    expect(actor.getSnapshot().context.draft.fields[0]).toMatchObject({ label: 'Department', choices: 'Sales' });
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { choices: 'Sales\nPress' } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined, serverIssues: [] });
  });

  it('reads stored settings into a draft and back unchanged', () => {
    const stored: SignupSettings = { openSignup: true, adminCanAssignGroups: false, fields: [department, staff] };
    const draft = signupSettingsDraftOf(stored, 7);
    expect(draft.fields.map((field) => [field.key, field.idEdited])).toEqual([
      [7, true],
      [8, true],
    ]);
    expect(signupSettingsOf(draft)).toEqual(stored);
    expect(signupSettingsChanged(stored, draft)).toBe(false);
    expect(signupSettingsChanged(undefined, draft)).toBe(false);
    expect(signupChoicesOf(' a \n\n b\r\n')).toEqual(['a', 'b']);
  });

  it('words the errors', () => {
    expect(signupSettingsErrorMessage(SIGNUP_SETTINGS_MODEL_INVALID)).toBe(SIGNUP_SETTINGS_INVALID_MESSAGE);
    expect(signupSettingsErrorMessage(SIGNUP_SETTINGS_MODEL_FORBIDDEN)).toBe(SIGNUP_SETTINGS_MODEL_FORBIDDEN.responseJSON.message);
    expect(signupSettingsErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(signupSettingsErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(signupSettingsIssues(SIGNUP_SETTINGS_MODEL_INVALID)).toEqual([{ path: 'fields.0.values', message: 'A choice is given twice.' }]);
    expect(signupSettingsIssues(SIGNUP_SETTINGS_MODEL_FORBIDDEN)).toEqual([]);
  });
});
