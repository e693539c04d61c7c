/**
 * The order settings test model (issue 15; dam.yaml `getOrderConfig`, `updateOrderConfig`): the paths
 * `orderSettings.test.ts` runs on real actors, `tests/e2e/model/orderSettings.model.spec.ts` runs in Chromium against
 * the Order settings page, and `npm run paths -- orderSettings` prints for QA.
 *
 * The configuration loads (no fields, no terms), or loading fails (500) and is retried. A path may add one text field
 * (once), invalid until it has its label, and write the terms (once); shortest paths may also remove the field, or
 * add a checkbox field after it, label it and move it up.
 * Save is offered only for a valid change: the DAM stores it (its answer what was sent), or refuses with 500 (and,
 * for shortest paths, 400 with an issue on the field's label); the draft stays as it was then.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { OrderConfig } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { orderConfigOf, orderSettingsChanged, orderSettingsMachine, type OrderSettingsContext, type OrderSettingsInput } from './orderSettings.machine.ts';

/** The input of every path: the descriptor's `order.config`. */
export const ORDER_SETTINGS_MODEL_INPUT: OrderSettingsInput = { href: '/fotoweb/order-config' };

/** The configuration every path loads: nothing asked, no terms. */
export const ORDER_SETTINGS_MODEL_STORED: OrderConfig = { fields: [], termsAndConditions: null };

/** What a path types: the text field's label and the terms. */
export const ORDER_SETTINGS_MODEL_FIELD_LABEL = 'Project code';
export const ORDER_SETTINGS_MODEL_TERMS = 'Use the files for the ordered project only.';
/** The label of the checkbox field shortest paths add second (and move above the first). */
export const ORDER_SETTINGS_MODEL_CHECKBOX_LABEL = 'I will credit the photographer';

/** A failure without a reason to show: the general error. */
export const ORDER_SETTINGS_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', heading: 'Internal error', message: 'boom' } } as const;

/** 400 with an issue on the first field's label. */
export const ORDER_SETTINGS_MODEL_INVALID = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', heading: 'Invalid request', message: 'Invalid request', issues: [{ path: 'fields.0.label', message: 'The label is taken.' }] },
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as OrderSettingsContext;
    if (snapshot.matches('loading'))
      return [event('xstate.done.actor.load', { output: ORDER_SETTINGS_MODEL_STORED }), event('xstate.error.actor.load', { error: ORDER_SETTINGS_MODEL_SERVER_ERROR })];
    if (snapshot.matches('loadFailed')) return [event('RETRY')];
    if (snapshot.matches('ready')) {
      const events: EventObject[] = [];
      const { draft } = context;
      const field = draft.fields[0];
      if (!field && context.nextKey === 1) events.push(event('ADD_FIELD', { dataType: 'text' }));
      if (field && field.label === '') events.push(event('CHANGE_FIELD', { index: 0, change: { label: ORDER_SETTINGS_MODEL_FIELD_LABEL } }));
      const second = draft.fields[1];
      if (field && variant === 'shortest' && !second) events.push(event('REMOVE_FIELD', { index: 0 }));
      // Shortest paths only: a second field (a checkbox), added once the first is labelled, labelled and moved up.
      if (variant === 'shortest' && field && field.label !== '' && !second && context.nextKey === 2) events.push(event('ADD_FIELD', { dataType: 'checkbox' }));
      if (second && second.label === '') events.push(event('CHANGE_FIELD', { index: 1, change: { label: ORDER_SETTINGS_MODEL_CHECKBOX_LABEL } }));
      if (second && second.label !== '' && second.dataType === 'checkbox' && draft.fields[0]?.dataType === 'text') events.push(event('MOVE_FIELD', { index: 1, offset: -1 }));
      if (draft.terms === '' && !(context.stored?.termsAndConditions ?? '')) events.push(event('SET_TERMS', { text: ORDER_SETTINGS_MODEL_TERMS }));
      if (context.problems.length === 0 && orderSettingsChanged(context.stored, draft)) events.push(event('SAVE'));
      if (snapshot.matches({ ready: 'saved' }) || snapshot.matches({ ready: 'failed' })) events.push(event('DISMISS'));
      return events;
    }
    if (snapshot.matches('saving')) {
      const failures: unknown[] = [ORDER_SETTINGS_MODEL_SERVER_ERROR, ...(variant === 'shortest' && context.draft.fields.length > 0 ? [ORDER_SETTINGS_MODEL_INVALID] : [])];
      return [event('xstate.done.actor.save', { output: orderConfigOf(context.draft) }), ...failures.map((error) => event('xstate.error.actor.save', { error }))];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(orderSettingsMachine);

/** The `xstate/graph` test model for a variant, with {@link ORDER_SETTINGS_MODEL_INPUT}. */
export function createOrderSettingsTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ORDER_SETTINGS_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The order settings {@link MachineModel}. */
export const orderSettingsModel: MachineModel = {
  name: 'orderSettings',
  title: 'Load the order settings, add a text field (invalid until labelled), write the terms and save; a refusal (500, 400 on a field) keeps the draft',
  spec: 'issue 15 Cart and orders (order configuration: fields and terms); spec 03 §3.7 field shapes; dam.yaml getOrderConfig, updateOrderConfig; spec 01 §8 default error',
  machine: orderSettingsMachine,
  testModel(variant: PathVariant) {
    return createOrderSettingsTestModel(variant);
  },
};
