/**
 * The asset view's consent panel's test model (issue 15; spec 01 §3, spec 03 §3.11): the events `consentPanel.test.ts`
 * runs on the real machine, `npm run paths -- consentPanel` prints for QA, and
 * `tests/e2e/model/consentPanel.model.spec.ts` runs in Chromium against the real panel. Steps: the forms loading or
 * failing, retry, adding a form or editing the recorded one, typing the person's name, saving, cancelling, the save
 * answering or failing; opening the picker of existing forms, its list answering or failing, searching once, choosing
 * the listed form, the link answering or failing; unlinking the recorded form; deleting it after the confirmation or
 * cancelling; the unlink or delete answering or failing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { ConsentForm } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { consentPanelMachine, type ConsentPanelContext } from './consentPanel.machine.ts';

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
  linkedAssets: [{ id: 1, name: 'a.jpg' }],
  created: '2026-01-10T10:00:00.000Z',
  modified: '2026-01-10T10:00:00.000Z',
  canManage: true,
};
/** The form the picker lists: recorded on another asset, not yet on the panel's. */
export const MODEL_OTHER_FORM: ConsentForm = {
  ...MODEL_FORM,
  id: 2,
  href: '/fotoweb/consent/forms/2',
  personName: 'Cy Listed',
  assets: [7],
  linkedAssets: [{ id: 7, name: 'b.jpg' }],
};
/** The text the picker searches for. */
export const MODEL_QUERY = 'Cy';
/** The input of every path: the asset the panel is on. */
export const MODEL_INPUT = { assetId: '1', assetHref: '/fotoweb/archives/5000-Photos/a.jpg.info' } as const;
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

const modelMachine = toTestModelMachine(consentPanelMachine);
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('loading')) return [ev('xstate.done.actor.load', { output: [MODEL_FORM] }), ev('xstate.error.actor.load', { error: MODEL_FAILURE })];
  if (snapshot.matches('loadFailed')) return [ev('RETRY')];
  if (snapshot.matches('ready')) return [ev('ADD'), ev('EDIT', { form: MODEL_FORM }), ev('LINK'), ev('UNLINK', { form: MODEL_FORM }), ev('DELETE', { form: MODEL_FORM })];
  if (snapshot.matches('picking')) {
    const { choices, query } = snapshot.context as ConsentPanelContext;
    if (choices === undefined)
      return [ev('xstate.done.actor.search', { output: { forms: [MODEL_OTHER_FORM], count: 1 } }), ev('xstate.error.actor.search', { error: MODEL_FAILURE })];
    return [...(query === '' ? [ev('SEARCH', { query: MODEL_QUERY })] : []), ev('CHOOSE', { form: MODEL_OTHER_FORM }), ev('CANCEL')];
  }
  if (snapshot.matches('linking')) return [ev('xstate.done.actor.link', { output: MODEL_OTHER_FORM }), ev('xstate.error.actor.link', { error: MODEL_FAILURE })];
  if (snapshot.matches('confirmingDelete')) return [ev('CONFIRM'), ev('CANCEL')];
  if (snapshot.matches('removing')) return [ev('xstate.done.actor.remove', { output: undefined }), ev('xstate.error.actor.remove', { error: MODEL_FAILURE })];
  if (snapshot.matches('editing')) return [ev('CHANGE', { change: { personName: MODEL_PERSON } }), ev('SAVE'), ev('CANCEL')];
  if (snapshot.matches('saving'))
    return [ev('xstate.done.actor.save', { output: { ...MODEL_FORM, personName: MODEL_PERSON } }), ev('xstate.error.actor.save', { error: MODEL_FAILURE })];
  return [];
}

/** The consent panel's {@link MachineModel}. */
export const consentPanelModel: MachineModel = {
  name: 'consentPanel',
  title: 'Consent panel: a consent manager records, changes, links, unlinks or deletes the consent forms of an asset',
  spec: 'spec 01 §3 consentStatus, spec 03 §3.11 ViewConsentDetails and ManageConsentStatus, §8 errors',
  machine: consentPanelMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: MODEL_INPUT,
      events: modelEvents,
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
        modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)) && snapshot.can(event),
      // Cancelling goes back to the list as it was: in the shortest paths that vertex names the CANCEL, so they take it
      // (and QA sees it); the simple paths leave it out, or every route through the list would be counted twice.
      serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) =>
        `${serializeSnapshot(snapshot)}${variant === 'shortest' && event?.type === 'CANCEL' ? ` after CANCEL in ${JSON.stringify(previous?.value)}` : ''}`,
    });
  },
};
