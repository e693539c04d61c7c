/**
 * The alert editor's test model (spec 01 §2 Alert editing, §4, §5, §6, §8, §9): the payload cases that
 * `alertEditor.test.ts` runs on real actors and `npm run paths -- alertEditor` prints for QA.
 *
 * A logged-in user with the Alert permission, on a search whose text is longer than 50 characters and contains
 * characters that must be escaped, and no alert yet. Steps are the popover's buttons, the interval picker, the
 * three requests answering (success or a server error) and the 5 s confirmation delay. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { alertEditorMachine, DEFAULT_ALERT_INTERVAL, type Alert, type AlertEditorContext, type AlertEditorInput } from './alertEditor.machine.ts';

/** The search the model's alert watches: 73 characters, with `&`, quotes and angle brackets. */
export const MODEL_SEARCH_TEXT = 'harbour & "sunset" <boats> at dawn, Bergen waterfront, drone, aerial view';

/** The machine input of both variants. */
export const ALERT_EDITOR_MODEL_INPUT: AlertEditorInput = {
  loggedIn: true,
  collection: { href: '/fotoweb/archives/5000-photos/', permissions: ['View', 'Alert'] },
  searchText: MODEL_SEARCH_TEXT,
};

/** The alert the model's server creates (its href as taken from the Location header). */
export const MODEL_CREATED_ALERT: Alert = {
  href: '/fotoweb/me/alerts/7',
  collection: ALERT_EDITOR_MODEL_INPUT.collection.href,
  interval: DEFAULT_ALERT_INTERVAL,
  dtSearchString: MODEL_SEARCH_TEXT,
};

/** What a failed request rejects with in the model: a 4xx body with heading and value (spec 01 §8). */
export const MODEL_REQUEST_FAILURE = { status: 409, heading: 'Conflict', value: 'An alert for this search already exists.' } as const;

/** The intervals the model picks in edit mode, per variant (every interval is checked in the unit tests). */
const MODEL_INTERVALS: Readonly<Record<PathVariant, readonly string[]>> = {
  shortest: ['every_week', 'immediate', 'every_minute'],
  simple: ['every_week'],
};

const modelMachine = toTestModelMachine(alertEditorMachine);

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): readonly EventObject[] => {
    const context = snapshot.context as AlertEditorContext;
    const events: EventObject[] = [];
    const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: MODEL_REQUEST_FAILURE }) as EventObject;
    if (snapshot.matches({ popover: { open: 'edit' } })) {
      for (const interval of MODEL_INTERVALS[variant]) {
        if (interval !== context.draftInterval) events.push({ type: 'SET_INTERVAL', interval } as EventObject);
      }
    }
    if (snapshot.matches({ popover: { open: 'creating' } })) {
      events.push({ type: 'xstate.done.actor.createAlert', output: MODEL_CREATED_ALERT } as EventObject);
      events.push(fail('createAlert'));
    }
    if (snapshot.matches({ popover: { open: 'saving' } }) && context.alert && context.draftInterval) {
      const saved: Alert = { ...context.alert, interval: context.draftInterval as Alert['interval'] };
      events.push({ type: 'xstate.done.actor.saveAlert', output: saved } as EventObject);
      events.push(fail('saveAlert'));
    }
    if (snapshot.matches({ popover: { open: 'deleting' } })) {
      events.push({ type: 'xstate.done.actor.deleteAlert' });
      events.push(fail('deleteAlert'));
    }
    return events;
  };
}

/** Payload-carrying events XState proposes bare (`{type}`) when the state handles them; only ours count. */
const PAYLOAD_KEY: Readonly<Record<string, string>> = {
  SET_INTERVAL: 'interval',
  'xstate.done.actor.createAlert': 'output',
  'xstate.done.actor.saveAlert': 'output',
  'xstate.error.actor.createAlert': 'error',
  'xstate.error.actor.saveAlert': 'error',
  'xstate.error.actor.deleteAlert': 'error',
};

/**
 * Simple paths: failures only for creation (the spec's danger notice), at most one save, and the confirmation's
 * 5 s only after the alert was saved, so the number of loop-free routes stays bounded.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    const key = PAYLOAD_KEY[event.type];
    if (key !== undefined && (event as unknown as Record<string, unknown>)[key] === undefined) return false;
    if (variant === 'shortest') return true;
    const context = snapshot.context as AlertEditorContext;
    if (event.type === 'xstate.error.actor.saveAlert' || event.type === 'xstate.error.actor.deleteAlert') return false;
    if (event.type === 'DELETE' || event.type === 'CANCEL') return false;
    if (event.type === 'EDIT') return context.alert?.interval === DEFAULT_ALERT_INTERVAL;
    return true;
  };
}

/**
 * A vertex is the snapshot (value + context). Closing and re-opening the popover, and the confirmation going,
 * return to snapshots seen before; those steps get their own vertex so the paths take them.
 */
export function serializeAlertEditorState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous: AnyMachineSnapshot | undefined): string {
  const key = serializeSnapshot(snapshot);
  if (!event || !previous) return key;
  if (event.type === 'CLOSE' || event.type === 'OPEN' || event.type === 'CANCEL') return `${key} (after ${event.type})`;
  if (event.type.startsWith('xstate.after.')) return `${key} (confirmation gone)`;
  if (event.type === 'SAVE' && !snapshot.matches({ popover: { open: 'saving' } })) return `${key} (saved unchanged)`;
  return key;
}

/** The alert editor's {@link MachineModel}: same input for both variants; `simple` explores fewer branches. */
export const alertEditorModel: MachineModel = {
  name: 'alertEditor',
  title: 'Alert editor: popover with read and edit mode, create → edit, save → read, 5 s confirmation',
  spec: 'spec 01 §2 Alert editing, §3 Alert, §4 Alert, §5, §6, §7 alerts, §8 danger notice, §9 5 s and 50 characters',
  machine: alertEditorMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: ALERT_EDITOR_MODEL_INPUT,
      events: modelEvents(variant),
      filterEvents: modelFilter(variant),
      serializeState: serializeAlertEditorState,
    });
  },
};
