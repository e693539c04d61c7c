/**
 * The consent settings form's test model (issue 15; spec 03 §3.10): the events `consentSettings.test.ts` runs on the
 * real machine, `npm run paths -- consentSettings` prints for QA, and `tests/e2e/model/consentSettings.model.spec.ts`
 * runs in Chromium against the real consent page. Steps: the settings loading or failing, retry, switching consent
 * forms on, saving, the save answering or failing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { ConsentFormSettings } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { consentSettingsMachine } from './consentSettings.machine.ts';

/** The settings the model's server holds at first: the defaults of spec 03 §9. */
export const MODEL_STORED_SETTINGS: ConsentFormSettings = {
  companyAbout: '',
  contactEmailAddress: '',
  companyName: '',
  defaultUrlExpiryDays: 30,
  enableConsentForms: false,
  pdfRenderCompanyLogo: true,
  pdfRenderCompanyLogoInBanner: true,
  categories: [],
  templates: [],
  languages: [],
  defaultFields: [],
};
/** The change the model's administrator makes: consent forms on, a company name. */
export const MODEL_CHANGE: Partial<ConsentFormSettings> = { enableConsentForms: true, companyName: 'Model Photo' };
/** The settings once saved. */
export const MODEL_SAVED_SETTINGS: ConsentFormSettings = { ...MODEL_STORED_SETTINGS, ...MODEL_CHANGE };
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

const modelMachine = toTestModelMachine(consentSettingsMachine);
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The cases of each state (ready's substates share theirs). */
function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('loading')) return [ev('xstate.done.actor.load', { output: MODEL_STORED_SETTINGS }), ev('xstate.error.actor.load', { error: MODEL_FAILURE })];
  if (snapshot.matches('loadFailed')) return [ev('RETRY')];
  if (snapshot.matches('ready')) return [ev('EDIT', { change: MODEL_CHANGE }), ev('SAVE')];
  if (snapshot.matches('saving')) return [ev('xstate.done.actor.save', { output: MODEL_SAVED_SETTINGS }), ev('xstate.error.actor.save', { error: MODEL_FAILURE })];
  return [];
}

/** The consent settings' {@link MachineModel}. */
export const consentSettingsModel: MachineModel = {
  name: 'consentSettings',
  title: 'Consent settings: the administrator switches consent forms on and saves the settings',
  spec: 'spec 03 §3.10 consent settings, §6 canConfigureConsentForms, §8 errors',
  machine: consentSettingsMachine,
  testModel(_variant: PathVariant) {
    return createTestModel(modelMachine, {
      events: modelEvents,
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
        modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)) && snapshot.can(event),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
