/**
 * The sign-up settings test model (issue 14; spec 03 §3.7; dam.yaml `getSignupSettings`, `updateSignupSettings`): the
 * paths `signupSettings.test.ts` runs on real actors, `tests/e2e/model/signupSettings.model.spec.ts` runs in Chromium
 * against the Sign-up settings page, and `npm run paths -- signupSettings` prints for QA.
 *
 * The settings load (open sign-up off, approvers choose groups, no extra fields), or loading fails (500) and is
 * retried. A path may turn open sign-up on, and add one dropdown field (once), which is invalid until it has its
 * label and then its choices; for shortest paths it may also remove it, turn off approvers choosing groups (then
 * only save), or add a checkbox field after the complete dropdown, label it and move it up (then only save). Save is offered only for a valid change: the
 * DAM stores it (its answer what was sent, labels trimmed), or refuses with 500 (and, for shortest paths, 403 without
 * manageSettings and 400 with an issue on the field's choices); the draft stays as it was then.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SignupSettings } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { signupSettingsChanged, signupSettingsMachine, signupSettingsOf, type SignupSettingsContext, type SignupSettingsInput } from './signupSettings.machine.ts';

/** The input of every path: the descriptor's `signup_settings`. */
export const SIGNUP_SETTINGS_MODEL_INPUT: SignupSettingsInput = { href: '/fotoweb/api/config/signups' };

/** The settings every path loads: the DAM's defaults. */
export const SIGNUP_SETTINGS_MODEL_STORED: SignupSettings = { openSignup: false, adminCanAssignGroups: true, fields: [] };

/** What a path types into the dropdown field it adds: a label (with a space the DAM trims) and two choices, one a line. */
export const SIGNUP_SETTINGS_MODEL_FIELD = { label: 'Department ', choices: 'Sales\nPress' } as const;

/** The label of the checkbox field shortest paths add second (and move above the first). */
export const SIGNUP_SETTINGS_MODEL_CHECKBOX_LABEL = 'I accept the terms of use';

/** A failure without a reason to show: the general error. */
export const SIGNUP_SETTINGS_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', heading: 'Internal error', message: 'boom' } } as const;

/** 403 as the DAM words it when the caller lost manageSettings meanwhile. */
export const SIGNUP_SETTINGS_MODEL_FORBIDDEN = {
  status: 403,
  responseJSON: { value: 'Forbidden', heading: 'Access denied', message: 'Changing the sign-up settings needs the manageSettings permission.' },
} as const;

/** 400 with an issue on the first field's choices (what the DAM answers when its rules and the screen's disagree). */
export const SIGNUP_SETTINGS_MODEL_INVALID = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', heading: 'Invalid request', message: 'Invalid request', issues: [{ path: 'fields.0.values', message: 'A choice is given twice.' }] },
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The settings as the DAM stores `settings`: labels trimmed. */
export function signupSettingsModelStored(settings: SignupSettings): SignupSettings {
  return { ...settings, fields: settings.fields.map((field) => ({ ...field, label: field.label.trim() })) };
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as SignupSettingsContext;
    if (snapshot.matches('loading'))
      return [event('xstate.done.actor.load', { output: SIGNUP_SETTINGS_MODEL_STORED }), event('xstate.error.actor.load', { error: SIGNUP_SETTINGS_MODEL_SERVER_ERROR })];
    if (snapshot.matches('loadFailed')) return [event('RETRY')];
    if (snapshot.matches('ready')) {
      const events: EventObject[] = [];
      const { draft } = context;
      const field = draft.fields[0];
      const second = draft.fields[1];
      const shortest = variant === 'shortest';
      if (!draft.adminCanAssignGroups || second) {
        // Short branches of the shortest paths: approvers no longer choose groups; a second field moved up.
        if (second && second.label === '') events.push(event('CHANGE_FIELD', { index: 1, change: { label: SIGNUP_SETTINGS_MODEL_CHECKBOX_LABEL } }));
        if (second && second.dataType === 'checkbox') events.push(event('MOVE_FIELD', { index: 1, offset: -1 }));
      } else {
        if (!draft.openSignup) events.push(event('SET_OPEN_SIGNUP', { value: true }));
        if (shortest && !field && context.nextKey === 1) events.push(event('SET_ADMIN_CAN_ASSIGN_GROUPS', { value: false }));
        if (!field && context.nextKey === 1) events.push(event('ADD_FIELD', { dataType: 'dropdown' }));
        if (field && field.label === '') events.push(event('CHANGE_FIELD', { index: 0, change: { label: SIGNUP_SETTINGS_MODEL_FIELD.label } }));
        if (field && field.label !== '' && field.choices === '') events.push(event('CHANGE_FIELD', { index: 0, change: { choices: SIGNUP_SETTINGS_MODEL_FIELD.choices } }));
        if (field && shortest) events.push(event('REMOVE_FIELD', { index: 0 }));
        if (shortest && field && field.choices !== '' && context.nextKey === 2 && context.stored?.fields.length === 0 && !draft.openSignup) {
          events.push(event('ADD_FIELD', { dataType: 'checkbox' }));
        }
      }
      if (context.problems.length === 0 && signupSettingsChanged(context.stored, draft)) events.push(event('SAVE'));
      if (snapshot.matches({ ready: 'saved' }) || snapshot.matches({ ready: 'failed' })) events.push(event('DISMISS'));
      return events;
    }
    if (snapshot.matches('saving')) {
      const failures: unknown[] = [
        SIGNUP_SETTINGS_MODEL_SERVER_ERROR,
        ...(variant === 'shortest' ? [SIGNUP_SETTINGS_MODEL_FORBIDDEN] : []),
        ...(variant === 'shortest' && context.draft.fields.length > 0 ? [SIGNUP_SETTINGS_MODEL_INVALID] : []),
      ];
      return [
        event('xstate.done.actor.save', { output: signupSettingsModelStored(signupSettingsOf(context.draft)) }),
        ...failures.map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(signupSettingsMachine);

/** The `xstate/graph` test model for a variant, with {@link SIGNUP_SETTINGS_MODEL_INPUT}. */
export function createSignupSettingsTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: SIGNUP_SETTINGS_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The sign-up settings {@link MachineModel}. */
export const signupSettingsModel: MachineModel = {
  name: 'signupSettings',
  title:
    'Load the sign-up settings, turn open sign-up on, add a dropdown field (invalid until labelled and given choices) and save; a refusal (500, 403, 400 on a field) keeps the draft',
  spec: 'issue 14; spec 03 §3.7 extra fields, §2.10/§6 adminCanAssignGroups; api-types signupFieldDefinitionProblems; dam.yaml getSignupSettings, updateSignupSettings; spec 01 §8 default error',
  machine: signupSettingsMachine,
  testModel(variant: PathVariant) {
    return createSignupSettingsTestModel(variant);
  },
};
