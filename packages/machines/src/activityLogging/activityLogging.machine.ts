/**
 * The activity log's Logging section (issue 15; spec 03 §2.1 "Activity exports", §3.12 activity logging; dam.yaml
 * `getActivitySettings`, `updateActivitySettings`): whether the activity log records at all and which categories of
 * actions, for holders of `manageActivityLogging`.
 *
 * The load/save editors' chart (`loadSave/createLoadSaveMachine.ts`): loading (the `load` actor reads the settings) →
 * ready, or → loadFailed with the reason (RETRY → loading). ready (idle | saved | failed): EDIT {enabled?, categories?}
 * switches logging or a category and goes to ready.idle; SAVE → saving when the draft differs from what is stored.
 * saving: the `save` actor PUTs the whole settings → ready.saved with what the DAM stored, or → ready.failed with the
 * reason (the draft is kept).
 */
import type { ActivitySettings } from '@magpie/api-types';
import { createLoadSaveMachine, type LoadSaveContext, type LoadSaveEvent } from '../loadSave/createLoadSaveMachine.ts';

/** What the section shows when a save failed without a message of its own. */
export const ACTIVITY_LOGGING_DEFAULT_ERROR = 'The logging settings could not be saved. Try again in a moment.';
/** What the section says when the settings could not be read. */
export const ACTIVITY_LOGGING_LOAD_FAILED = 'The logging settings could not be loaded.';

/** The settings before the DAM answers, and the DAM's defaults: everything recorded. */
export const ACTIVITY_LOGGING_DEFAULTS: ActivitySettings = {
  enabled: true,
  categories: { assets: true, archives: true, usersAndGroups: true, decisions: true, logins: true, settings: true },
};

/** `EDIT`: logging on or off (`enabled`), and/or some categories on or off. */
export interface ActivityLoggingEditEvent {
  readonly type: 'EDIT';
  readonly enabled?: boolean;
  readonly categories?: Partial<ActivitySettings['categories']>;
}

/** Context: the settings stored, the draft, the reason of the last failure (the load/save chart's). */
export type ActivityLoggingContext = LoadSaveContext<ActivitySettings>;
/** Events: `EDIT`, `SAVE`, `RETRY` (after a failed load). */
export type ActivityLoggingEvent = LoadSaveEvent<ActivityLoggingEditEvent>;

/** Whether the draft says something other than what is stored. */
export function activityLoggingChanged(stored: ActivitySettings, draft: ActivitySettings): boolean {
  return JSON.stringify(stored) !== JSON.stringify(draft);
}

/** The draft after one EDIT (`enabled` and the categories given; the others kept). */
export function editActivityLogging(draft: ActivitySettings, event: ActivityLoggingEditEvent): ActivitySettings {
  return { enabled: event.enabled ?? draft.enabled, categories: { ...draft.categories, ...event.categories } };
}

/** See the module comment. Provide `load` and `save` (with the API client). */
export const activityLoggingMachine = createLoadSaveMachine<ActivitySettings, ActivitySettings, ActivityLoggingEditEvent, { settings: ActivitySettings }>({
  id: 'activityLogging',
  empty: ACTIVITY_LOGGING_DEFAULTS,
  valueOf: (reply) => reply,
  edit: editActivityLogging,
  saveInput: (draft) => ({ settings: draft }),
  isSavable: activityLoggingChanged,
  defaultError: ACTIVITY_LOGGING_DEFAULT_ERROR,
});
