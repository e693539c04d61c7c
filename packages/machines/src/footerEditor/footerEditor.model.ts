/**
 * The footer editor's test model (issue 15; spec 02 §2): the events `footerEditor.test.ts` runs on the real machine,
 * `npm run paths -- footerEditor` prints for QA, and `tests/e2e/model/footerEditor.model.spec.ts` runs in Chromium
 * against the real editor. Steps: the footer loading or failing, retry, typing a new footer, saving, the save
 * answering or failing.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { footerEditorMachine } from './footerEditor.machine.ts';

/** The footer the model's server holds at first. */
export const MODEL_STORED_FOOTER = 'Stored footer';
/** The footer the model's administrator types. */
export const MODEL_NEW_FOOTER = 'New footer with a [link](https://example.com/)';
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

const modelMachine = toTestModelMachine(footerEditorMachine);
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The cases of each state (ready's substates share theirs). */
function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('loading')) return [ev('xstate.done.actor.load', { output: { markdown: MODEL_STORED_FOOTER } }), ev('xstate.error.actor.load', { error: MODEL_FAILURE })];
  if (snapshot.matches('loadFailed')) return [ev('RETRY')];
  if (snapshot.matches('ready')) return [ev('EDIT', { markdown: MODEL_NEW_FOOTER }), ev('SAVE')];
  if (snapshot.matches('saving')) return [ev('xstate.done.actor.save', { output: { markdown: MODEL_NEW_FOOTER } }), ev('xstate.error.actor.save', { error: MODEL_FAILURE })];
  return [];
}

/** The footer editor's {@link MachineModel}: a state is its value plus whether the draft is the new footer. */
export const footerEditorModel: MachineModel = {
  name: 'footerEditor',
  title: 'Footer editor: the administrator writes the site footer in Markdown and saves it',
  spec: 'spec 02 §2 Footer (a custom markdown footer), §8 errors',
  machine: footerEditorMachine,
  testModel(_variant: PathVariant) {
    return createTestModel(modelMachine, {
      events: modelEvents,
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
        modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)) && snapshot.can(event),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
