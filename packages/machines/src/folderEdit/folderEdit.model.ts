/**
 * The folder dialog's test model (issue 13; spec 01 §3 Folder, §5 file-name rule): the outcomes `folderEdit.test.ts`
 * runs on real actors, `tests/e2e/model/folderEdit.model.spec.ts` runs in Chromium against the New folder dialog, and
 * `npm run paths -- folderEdit` prints for QA. Names typed: an acceptable one and one with a forbidden character.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { folderEditMachine, type FolderEditContext, type FolderEditInput } from './folderEdit.machine.ts';

/** The input of every path: a new folder in the archive Photos. */
export const FOLDER_EDIT_MODEL_INPUT: FolderEditInput = { mode: 'create', href: '/fotoweb/archives/5000-Photos/', name: '' };

/** The names a path types: one the rules accept, one they refuse. */
export const FOLDER_EDIT_MODEL_NAMES = { good: 'Shoots 2026', bad: 'Shoots/2026' } as const;

/** Refusals per variant: `shortest` the name taken (409) and a 500; `simple` the 409. */
export const FOLDER_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'FolderExists', message: 'There is already a folder named “Shoots 2026” here.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 409, responseJSON: { value: 'FolderExists', message: 'There is already a folder named “Shoots 2026” here.' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as FolderEditContext;
    if (snapshot.matches('editing')) {
      return [
        ...Object.values(FOLDER_EDIT_MODEL_NAMES)
          .filter((name) => name !== context.name)
          .map((name) => event('CHANGE', { name })),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('saving')) {
      const saved = { href: `${context.href}${encodeURIComponent(context.name.trim())}/`, name: context.name.trim() };
      return [event('xstate.done.actor.save', { output: saved }), ...FOLDER_EDIT_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error }))];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(folderEditMachine);

/** The `xstate/graph` test model for a variant, with {@link FOLDER_EDIT_MODEL_INPUT}. */
export function createFolderEditTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: FOLDER_EDIT_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The folder dialog's {@link MachineModel}. */
export const folderEditModel: MachineModel = {
  name: 'folderEdit',
  title: 'Make a folder: a name with a forbidden character refused as typed, a taken name or a failure keeps the dialog open',
  spec: 'spec 01 §3 Folder, §5 file name must not contain \\ / : * ? " < > |',
  machine: folderEditMachine,
  testModel(variant: PathVariant) {
    return createFolderEditTestModel(variant);
  },
};
