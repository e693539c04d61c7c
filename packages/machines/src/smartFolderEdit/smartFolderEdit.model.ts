/**
 * The smart folder name dialog's test model (issue 13; spec 01 §3 "Folder or smart folder", §7): the outcomes
 * `smartFolderEdit.test.ts` runs on real actors, `tests/e2e/model/smartFolderEdit.model.spec.ts` runs in Chromium
 * against the collection view's "Save as smart folder" dialog, and `npm run paths -- smartFolderEdit` prints for QA.
 * Names typed: an acceptable one and a blank one.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import type { NameEditContext, NameEditInput } from '../nameEdit/nameEdit.factory.ts';
import { smartFolderEditMachine } from './smartFolderEdit.machine.ts';

/** The input of every path: the search `harbour` of the archive Photos, saved as a new smart folder named after it. */
export const SMART_FOLDER_EDIT_MODEL_INPUT: NameEditInput = { mode: 'create', href: '/fotoweb/smartfolders/5000/', name: 'harbour' };

/** The names a path types: one the rules accept, one they refuse. */
export const SMART_FOLDER_EDIT_MODEL_NAMES = { good: 'Harbour photos', blank: '   ' } as const;

/** The smart folder a save makes. */
export const SMART_FOLDER_EDIT_MODEL_SAVED_HREF = '/fotoweb/smartfolders/5000/7';

/** Refusals per variant: `shortest` a 409 (the name taken) and a 500; `simple` the 500. */
export const SMART_FOLDER_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'SmartFolderExists', message: 'This archive already has a smart folder named "Harbour photos".' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as NameEditContext;
    if (snapshot.matches('editing')) {
      return [
        ...Object.values(SMART_FOLDER_EDIT_MODEL_NAMES)
          .filter((name) => name !== context.name)
          .map((name) => event('CHANGE', { name })),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('saving')) {
      const saved = { href: SMART_FOLDER_EDIT_MODEL_SAVED_HREF, name: context.name.trim() };
      return [event('xstate.done.actor.save', { output: saved }), ...SMART_FOLDER_EDIT_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error }))];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(smartFolderEditMachine);

/** The `xstate/graph` test model for a variant, with {@link SMART_FOLDER_EDIT_MODEL_INPUT}. */
export function createSmartFolderEditTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: SMART_FOLDER_EDIT_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The smart folder name dialog's {@link MachineModel}. */
export const smartFolderEditModel: MachineModel = {
  name: 'smartFolderEdit',
  title: 'Save a search as a smart folder: a blank name refused, a taken name or a failure keeps the dialog open',
  spec: 'spec 01 §3 "Folder or smart folder", §7 smart folder urls',
  machine: smartFolderEditMachine,
  testModel(variant: PathVariant) {
    return createSmartFolderEditTestModel(variant);
  },
};
