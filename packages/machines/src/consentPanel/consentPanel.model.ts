/**
 * The asset view's consent panel's test model (issue 15; spec 01 §3, spec 03 §3.11): the events `consentPanel.test.ts`
 * runs on the real machine, `npm run paths -- consentPanel` prints for QA, and
 * `tests/e2e/model/consentPanel.model.spec.ts` runs in Chromium against the real panel. Steps: the forms loading or
 * failing, retry, adding a form or editing the recorded one, typing the person's name, saving, cancelling, the save
 * answering or failing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { ConsentForm } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { consentPanelMachine } from './consentPanel.machine.ts';

/** The person the model's form names. */
export const MODEL_PERSON = 'Ada Model';
/** The form the model's server holds (the one EDIT opens). */
export const MODEL_FORM: ConsentForm = {
  id: 1,
  href: '/fotoweb/consent/forms/1',
  personName: 'Bo Recorded',
  email: null,
  state: 'Signed',
  signed: '2026-01-10',
  expires: null,
  expired: false,
  category: null,
  usages: ['web'],
  assets: [1],
  created: '2026-01-10T10:00:00.000Z',
  modified: '2026-01-10T10:00:00.000Z',
  canManage: true,
};
/** The input of every path: the asset the panel is on. */
export const MODEL_INPUT = { assetId: '1', assetHref: '/fotoweb/archives/5000-Photos/a.jpg.info' } as const;
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

const modelMachine = toTestModelMachine(consentPanelMachine);
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('loading')) return [ev('xstate.done.actor.load', { output: [MODEL_FORM] }), ev('xstate.error.actor.load', { error: MODEL_FAILURE })];
  if (snapshot.matches('loadFailed')) return [ev('RETRY')];
  if (snapshot.matches('ready')) return [ev('ADD'), ev('EDIT', { form: MODEL_FORM })];
  if (snapshot.matches('editing')) return [ev('CHANGE', { change: { personName: MODEL_PERSON } }), ev('SAVE'), ev('CANCEL')];
  if (snapshot.matches('saving'))
    return [ev('xstate.done.actor.save', { output: { ...MODEL_FORM, personName: MODEL_PERSON } }), ev('xstate.error.actor.save', { error: MODEL_FAILURE })];
  return [];
}

/** The consent panel's {@link MachineModel}. */
export const consentPanelModel: MachineModel = {
  name: 'consentPanel',
  title: 'Consent panel: a consent manager records a consent form on an asset or changes one',
  spec: 'spec 01 §3 consentStatus, spec 03 §3.11 ViewConsentDetails and ManageConsentStatus, §8 errors',
  machine: consentPanelMachine,
  testModel(_variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: MODEL_INPUT,
      events: modelEvents,
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
        modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)) && snapshot.can(event),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
