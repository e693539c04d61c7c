/**
 * The Logging section's test model (issue 15; spec 03 §3.12 activity logging): the events `activityLogging.test.ts`
 * runs on the real machine, `npm run paths -- activityLogging` prints for QA, and
 * `tests/e2e/model/activityLogging.model.spec.ts` runs in Chromium against the real Activity exports page. Steps: the
 * settings loading or failing, retry, switching logins off, saving, the save answering or failing.
 */
import type { ActivitySettings } from '@magpie/api-types';
import { createLoadSaveModel } from '../loadSave/loadSaveModel.ts';
import type { MachineModel } from '../testing/machineModel.ts';
import { ACTIVITY_LOGGING_DEFAULTS, activityLoggingMachine } from './activityLogging.machine.ts';

/** The settings the model's server holds at first: everything recorded. */
export const MODEL_STORED_SETTINGS: ActivitySettings = ACTIVITY_LOGGING_DEFAULTS;
/** The change the model's administrator makes: logins no longer recorded. */
export const MODEL_CHANGE = { categories: { logins: false } } as const;
/** The settings once saved. */
export const MODEL_SAVED_SETTINGS: ActivitySettings = { ...MODEL_STORED_SETTINGS, categories: { ...MODEL_STORED_SETTINGS.categories, logins: false } };
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

/** The Logging section's {@link MachineModel} (the load/save editors' model, `loadSave/loadSaveModel.ts`). */
export const activityLoggingModel: MachineModel = createLoadSaveModel({
  name: 'activityLogging',
  title: 'Activity logging: the administrator switches a category of the activity log off and saves',
  spec: 'spec 03 §2.1 activity exports, §3.12 activity logging, §8 errors',
  machine: activityLoggingMachine,
  loaded: MODEL_STORED_SETTINGS,
  edit: MODEL_CHANGE,
  saved: MODEL_SAVED_SETTINGS,
  failure: MODEL_FAILURE,
});
