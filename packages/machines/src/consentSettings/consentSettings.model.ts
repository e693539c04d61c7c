/**
 * The consent settings form's test model (issue 15; spec 03 §3.10): the events `consentSettings.test.ts` runs on the
 * real machine, `npm run paths -- consentSettings` prints for QA, and `tests/e2e/model/consentSettings.model.spec.ts`
 * runs in Chromium against the real consent page. Steps: the settings loading or failing, retry, switching consent
 * forms on, saving, the save answering or failing.
 */
import type { ConsentFormSettings } from '@magpie/api-types';
import { createLoadSaveModel } from '../loadSave/loadSaveModel.ts';
import type { MachineModel } from '../testing/machineModel.ts';
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

/** The consent settings' {@link MachineModel} (the load/save editors' model). */
export const consentSettingsModel: MachineModel = createLoadSaveModel({
  name: 'consentSettings',
  title: 'Consent settings: the administrator switches consent forms on and saves the settings',
  spec: 'spec 03 §3.10 consent settings, §6 canConfigureConsentForms, §8 errors',
  machine: consentSettingsMachine,
  loaded: MODEL_STORED_SETTINGS,
  edit: { change: MODEL_CHANGE },
  saved: MODEL_SAVED_SETTINGS,
  failure: MODEL_FAILURE,
});
